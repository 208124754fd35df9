"""Shape and stride arithmetic, ported from ATen so errors and strides match torch.

- ``contiguous_strides``: row-major strides (sizes of 0 count as 1, like torch).
- ``is_contiguous``: torch's ``compute_contiguous``.
- ``wrap_dim``: negative dims and the "Dimension out of range" IndexError.
- ``broadcast_shapes``: ``infer_size`` with torch's mismatch message.
- ``infer_size``: resolves one ``-1`` in a view/reshape shape.
- ``compute_view_stride``: ``computeStride``; ``None`` when a view is impossible.
- ``positions``: storage indices of every element in row-major order.
"""



def sort_dims(perm, should_swap):
    """Torch's insertion sort of dimensions (TensorIterator's reorder_dimensions), in place,
    with the caller's comparator: > 0 swaps, < 0 stops, 0 looks further left."""
    for i in range(1, len(perm)):
        dim1 = i
        for dim0 in range(i - 1, -1, -1):
            c = should_swap(perm[dim0], perm[dim1])
            if c > 0:
                perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
                dim1 = dim0
            elif c < 0:
                break
    return perm

def fmt_list(shape):
    return "[" + ", ".join(str(s) for s in shape) + "]"


def numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def numel_overflows(sizes):
    """c10's safe_multiply_u64 for the element count: the sizes as unsigned 64-bit numbers (a -1 is
    2**64 - 1) multiplied in order; an overflow at any step, or a count beyond int64, is an error."""
    prod = 1
    overflow = False
    for s in sizes:
        prod *= s % (1 << 64)
        if prod >= 1 << 64:
            overflow = True
            prod %= 1 << 64
    return overflow or prod >= 1 << 63


_CONTIGUOUS = {}  # shape -> its row-major strides: a program uses few shapes, and asks for them on every op


def contiguous_strides(shape):
    try:
        return _CONTIGUOUS[shape]
    except (KeyError, TypeError):  # a new shape, or a list
        pass
    strides = [0] * len(shape)
    acc = 1
    for i in range(len(shape) - 1, -1, -1):
        strides[i] = acc
        acc *= max(shape[i], 1)
    strides = tuple(strides)
    if type(shape) is tuple:
        if len(_CONTIGUOUS) > 4096:
            _CONTIGUOUS.clear()
        _CONTIGUOUS[shape] = strides
    return strides


def is_contiguous(shape, stride):
    if stride == contiguous_strides(shape):  # the common case (tuples); lists and other strides are checked below
        return True
    if numel(shape) == 0:
        return True
    z = 1
    for d in range(len(shape) - 1, -1, -1):
        if shape[d] != 1:
            if stride[d] == z:
                z *= shape[d]
            else:
                return False
    return True


def is_non_overlapping_and_dense(shape, stride):
    """torch's is_non_overlapping_and_dense flag (contiguous counts, even when empty)."""
    if is_contiguous(shape, stride):
        return True
    nd = len(shape)
    if nd == 1:
        return shape[0] < 2 or stride[0] == 1
    perm = sorted(range(nd), key=lambda d: (shape[d] < 2, stride[d] if shape[d] >= 2 else 0))
    required = 1
    for d in perm:
        size = shape[d]
        if size < 2:
            return True
        if stride[d] != required:
            return False
        required *= size
    return True


def wrap_dim(dim, ndim, scalar_ok=True):
    """torch's maybe_wrap_dim (a 0-d tensor accepts dims -1 and 0)."""
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(f"dim must be an int, not {type(dim).__name__}")
    if ndim <= 0:
        if not scalar_ok:
            raise IndexError(f"dimension specified as {dim} but tensor has no dimensions")
        ndim = 1
    lo, hi = -ndim, ndim - 1
    if dim < lo or dim > hi:
        raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {dim})")
    return dim + ndim if dim < 0 else dim


def broadcast_shapes(a, b):
    if a == b:
        return tuple(a)
    na, nb = len(a), len(b)
    nd = max(na, nb)
    out = [0] * nd
    for i in range(nd - 1, -1, -1):
        offset = nd - 1 - i
        da, db = na - 1 - offset, nb - 1 - offset
        sa = a[da] if da >= 0 else 1
        sb = b[db] if db >= 0 else 1
        if not (sa == sb or sa == 1 or sb == 1):
            raise RuntimeError(
                f"The size of tensor a ({sa}) must match the size of tensor b ({sb}) "
                f"at non-singleton dimension {i}"
            )
        out[i] = sb if sa == 1 else sa
    return tuple(out)


def infer_size(shape, n):
    """Resolve a single -1 in ``shape`` for a tensor of ``n`` elements."""
    newsize = 1
    infer_dim = None
    for dim, s in enumerate(shape):
        if s == -1:
            if infer_dim is not None:
                raise RuntimeError("only one dimension can be inferred")
            infer_dim = dim
        elif s >= 0:
            newsize *= s
        else:
            raise RuntimeError(f"invalid shape dimension {s} at index {dim} of shape {fmt_list(shape)}")
    if n == newsize or (infer_dim is not None and newsize > 0 and n % newsize == 0):
        res = list(shape)
        if infer_dim is not None:
            if newsize == 0:
                raise RuntimeError(
                    f"cannot reshape tensor of 0 elements into shape {fmt_list(shape)} because the "
                    "unspecified dimension size -1 can be any value and is ambiguous"
                )
            res[infer_dim] = n // newsize
        return tuple(res)
    raise RuntimeError(f"shape '{fmt_list(shape)}' is invalid for input of size {n}")


def compute_view_stride(oldshape, oldstride, newshape):
    if len(oldshape) == 0:
        return tuple([1] * len(newshape))
    n = numel(oldshape)
    if n == 0 and tuple(oldshape) == tuple(newshape):
        return tuple(oldstride)
    newstride = [0] * len(newshape)
    if n == 0:
        for view_d in range(len(newshape) - 1, -1, -1):
            if view_d == len(newshape) - 1:
                newstride[view_d] = 1
            else:
                newstride[view_d] = max(newshape[view_d + 1], 1) * newstride[view_d + 1]
        return tuple(newstride)
    view_d = len(newshape) - 1
    chunk_base_stride = oldstride[-1]
    tensor_numel = 1
    view_numel = 1
    for tensor_d in range(len(oldshape) - 1, -1, -1):
        tensor_numel *= oldshape[tensor_d]
        if tensor_d == 0 or (
            oldshape[tensor_d - 1] != 1 and oldstride[tensor_d - 1] != tensor_numel * chunk_base_stride
        ):
            while view_d >= 0 and (view_numel < tensor_numel or newshape[view_d] == 1):
                newstride[view_d] = view_numel * chunk_base_stride
                view_numel *= newshape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if tensor_d > 0:
                chunk_base_stride = oldstride[tensor_d - 1]
                tensor_numel = 1
                view_numel = 1
    if view_d != -1:
        return None
    return tuple(newstride)


def positions(shape, stride, offset):
    """Storage indices of all elements, row-major (last index fastest)."""
    pos = [offset]
    for size, st in zip(shape, stride):
        if size == 1:
            continue
        if size == 0:
            return []
        steps = [i * st for i in range(size)]
        pos = [p + s for p in pos for s in steps]
    return pos


def _broadcast_strides(shape, tshape, tstride):
    pad = len(shape) - len(tshape)
    out = [0] * pad
    for size, st, target in zip(tshape, tstride, shape[pad:]):
        out.append(0 if (size == 1 and target != 1) else st)
    return out


def sort_perm(shape, operand_strides, output_first=False):
    """TensorIterator's reorder_dimensions: ``perm[0]`` is the fastest-changing dimension.
    ``output_first``: the first strides are an allocated output's (a reduction's), whose
    broadcast (zero-stride) dimensions go first."""
    nd = len(shape)
    perm = list(range(nd - 1, -1, -1))

    def should_swap(d0, d1):
        for index, strides in enumerate(operand_strides):
            s0, s1 = strides[d0], strides[d1]
            if output_first and index == 0 and (s0 == 0) != (s1 == 0):
                return 1 if s1 == 0 else -1
            if s0 == 0 or s1 == 0:
                continue
            if s0 < s1:
                return -1
            if s0 > s1:
                return 1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    sort_dims(perm, should_swap)
    return perm


def visit_order(shape, stride):
    """The dimensions, outermost first, in the order torch's TensorIterator walks one tensor of these strides
    (memory order: the smallest stride innermost), e.g. where an in-place fill writes its values."""
    return sort_perm(shape, [stride])[::-1]


def iteration_perm(shape, operands):
    """The order in which TensorIterator visits the elements of an op over ``operands`` ((shape, strides)
    pairs, broadcast to ``shape``): ``perm[0]`` is the fastest-changing dimension.  An op that writes one
    element several times (index_put_, scatter) writes in this order."""
    return sort_perm(tuple(shape), [_broadcast_strides(tuple(shape), s, st) for s, st in operands])


def _is_channels_last(shape, stride):
    if len(shape) != 4:
        return False
    expected = 1
    for d in (1, 3, 2, 0):
        if shape[d] != 1:
            if stride[d] != expected:
                return False
            expected *= shape[d]
    return True


def elementwise_out_strides(shape, operands, same_shape):
    """Strides torch's TensorIterator gives the result of an elementwise op.

    ``operands`` are (shape, strides) of the tensor inputs; ``same_shape`` is whether
    every operand (Python scalars included) has the output's shape.
    """
    shape = tuple(shape)
    nd = len(shape)
    if same_shape and operands:
        if all(is_contiguous(s, st) for s, st in operands):
            return contiguous_strides(shape)
        if nd == 4 and all(_is_channels_last(s, st) for s, st in operands):
            s1 = shape[1]
            s3 = s1 * shape[3]
            return (s3 * shape[2], 1, s3, s1)
        if all(is_non_overlapping_and_dense(s, st) for s, st in operands):
            first = tuple(operands[0][1])
            if all(tuple(st) == first for _, st in operands):
                return first
    if nd <= 1:
        return contiguous_strides(shape)
    op_strides = [_broadcast_strides(shape, s, st) for s, st in operands]
    perm = sort_perm(shape, op_strides)
    if perm == list(range(nd - 1, -1, -1)):
        return contiguous_strides(shape)
    out = [0] * nd
    acc = 1
    for d in perm:
        out[d] = acc
        acc *= shape[d]
    return tuple(out)


def infer_dense_strides(shape, stride):
    """at::infer_dense_strides: dense strides in the memory order of ``stride``."""
    nd = len(shape)
    perm = sort_perm(shape, [stride])
    out = [0] * nd
    acc = 1
    for d in perm:
        out[d] = acc
        if shape[d] > 1:
            acc *= shape[d]
    return tuple(out)


def preserve_strides(shape, stride):
    """Strides of empty_like(x, memory_format=preserve)."""
    if is_non_overlapping_and_dense(shape, stride):
        return tuple(stride)
    return infer_dense_strides(shape, stride)
