"""Reductions: sum, mean, prod, max/min (of everything, or with indices along a dim), amax/amin,
argmax/argmin, and ``sum_to`` (undoing broadcasting in a backward), with their backward nodes.

Float32 and float64 sums reproduce torch's CPU ``cascade_sum`` bit for bit: the
reduction is laid out the way ``TensorIterator`` does it (dimensions sorted by stride,
reduced dimensions first, adjacent dimensions coalesced), then summed with the same
accumulation order (4-way interleaved partial sums, 16-element cascade levels, vector
lanes: 8 floats or 4 doubles with AVX2) and rounding after every addition.  Float16
and bfloat16 are summed the same way in float32 and rounded at the end.  ``mean`` is
the sum divided by the count (for float16 and bfloat16 in float32, then rounded), as
on torch's CPU path.  Integer sums are exact, then wrap to the result dtype.

``prod`` follows ATen's ``binary_kernel_reduce_vec`` (4 vectors of partial products over the
contiguous inner dimension, then lanes combined in order; every product rounded to the dtype).
Along a dim, max/min/argmax/argmin pick the first extreme value (the first NaN if any); max()
and min() of a whole tensor keep the last of equal values (0.0 and -0.0), amax/amin the first.
"""

import builtins
import operator
from array import array
from itertools import chain

from .. import dtypes as D
from ..graph import Node, record
from ..grad_mode import state as grad_state
from ..iterator import fdiv, opmath_round, zeros
from ..reduction_order import reduction_chunks, saved_dims, wrapped_dims
from ..out_arguments import reduce_into
from ..registry import at, function, kernel, method
from ..shape import contiguous_strides, numel, positions, wrap_dim
from ..structseq import structseq
from ..binding import parsed
from ..tensor import Tensor


# ------------------------------------------------------------------ cascade sum (float32, float64)
def _ceil_log2(x):
    return 0 if x <= 1 else (x - 1).bit_length()


def _cascade(vals, f):
    """multi_row_sum for a single column: running sums in 4 levels of 16+ elements."""
    size = len(vals)
    levels = 4
    lp = max(4, _ceil_log2(size) // levels)
    step = 1 << lp
    if size < step:  # no full block: one running sum; adding the empty levels only turns -0.0 into 0.0
        a0 = 0.0
        for v in vals:
            a0 = f(a0 + v)
        return a0 + 0.0
    mask = step - 1
    acc = [0.0] * levels
    i = 0
    while i + step <= size:
        a0 = acc[0]
        for _ in range(step):
            a0 = f(a0 + vals[i])
            i += 1
        acc[0] = a0
        for j in range(1, levels):
            acc[j] = f(acc[j] + acc[j - 1])
            acc[j - 1] = 0.0
            if i & (mask << (j * lp)):
                break
    a0 = acc[0]
    while i < size:
        a0 = f(a0 + vals[i])
        i += 1
    for j in range(1, levels):
        a0 = f(a0 + acc[j])
    return a0


def _row_sum(vals, f):
    """row_sum: the row seen as (-1, 4) columns, cascaded, then combined."""
    n = len(vals)
    n4 = n // 4
    parts = [_cascade(vals[k:n4 * 4:4], f) for k in range(4)]
    p0 = parts[0]
    for i in range(n4 * 4, n):
        p0 = f(p0 + vals[i])
    for k in range(1, 4):
        p0 = f(p0 + parts[k])
    return p0


def _vec_inner_sum(row, f, vec):
    n = len(row)
    vs = n // vec
    if vs:  # lane l sums row[l::vec]: the vector lanes cascade side by side, one row of lanes at a time
        lanes = _row_sum_rows([row[k * vec:(k + 1) * vec] for k in range(vs)], _adder(f), vec)
    else:
        lanes = [0.0] * vec
    acc = 0.0
    for k in range(vs * vec, n):
        acc = f(acc + row[k])
    for v in lanes:
        acc = f(acc + v)
    return acc


def _adder(f):
    """Elementwise sum of two equal-length sequences, each result rounded as ``f`` rounds one value
    (float32 sums as an ``array('f')``, which rounds what is stored in it)."""
    if f is D.f32:
        return lambda a, b: array("f", list(map(operator.add, a, b)))
    return lambda a, b: list(map(operator.add, a, b))


def _cascade_rows(rows, add, width):
    """[_cascade(column) for each column of ``rows``] (equal-length rows), computed a whole row at a time."""
    size = len(rows)
    levels = 4
    lp = max(4, _ceil_log2(size) // levels)
    step = 1 << lp
    mask = step - 1
    zero = [0.0] * width
    acc = [zero] * levels
    i = 0
    while i + step <= size:
        a0 = acc[0]
        for _ in range(step):
            a0 = add(a0, rows[i])
            i += 1
        acc[0] = a0
        for j in range(1, levels):
            acc[j] = add(acc[j], acc[j - 1])
            acc[j - 1] = zero
            if i & (mask << (j * lp)):
                break
    a0 = acc[0]
    while i < size:
        a0 = add(a0, rows[i])
        i += 1
    for j in range(1, levels):
        a0 = add(a0, acc[j])
    return a0


def _row_sum_rows(rows, add, width):
    """[_row_sum(column) for each column of ``rows``], a whole row at a time.  The four
    interleaved cascades (rows k, k + 4, ...) have the same shape, so they run side by side:
    each step adds four rows laid end to end."""
    n = len(rows)
    n4 = n // 4
    grouped = [list(chain.from_iterable(rows[i:i + 4])) for i in range(0, n4 * 4, 4)]
    summed = _cascade_rows(grouped, add, 4 * width)
    parts = [summed[k * width:(k + 1) * width] for k in range(4)]
    p0 = parts[0]
    for i in range(n4 * 4, n):
        p0 = add(p0, rows[i])
    for k in range(1, 4):
        p0 = add(p0, parts[k])
    return p0


def _loop2d(data, ib, out, ob, size0, size1, in_s, out_s, f, vec):
    in0, in1 = in_s
    o0, o1 = out_s
    if o0 != 0 and o1 == 0:
        in0, in1 = in1, in0
        o0, o1 = o1, o0
        size0, size1 = size1, size0
    if o0 != 0 and o1 != 0:
        for j in range(size1):
            for i in range(size0):
                p = ob + j * o1 + i * o0
                out[p] = f(out[p] + data[ib + j * in1 + i * in0])
        return

    def col(start, stride, n):
        return [data[start + k * stride] for k in range(n)]

    def store(j, v):
        p = ob + j * o1
        out[p] = f(out[p] + v)

    if in0 == 1 and size0 >= vec:
        for j in range(size1):
            store(j, _vec_inner_sum(col(ib + j * in1, 1, size0), f, vec))
    elif in1 == 1 and size1 >= vec:
        # adjacent columns: torch sums them side by side, so a block of columns is summed a row at a time
        add = _adder(f)

        def rows(j, w):
            return [data[ib + k * in0 + j:ib + k * in0 + j + w] for k in range(size0)]

        # torch: blocks of 4 vectors of columns cascade each column; the columns after them take row_sum
        blocks = size1 // (4 * vec) * (4 * vec)
        if blocks:
            for c, v in enumerate(_cascade_rows(rows(0, blocks), add, blocks)):
                store(c, v)
        if blocks < size1:
            for c, v in enumerate(_row_sum_rows(rows(blocks, size1 - blocks), add, size1 - blocks)):
                store(blocks + c, v)
    elif in0 < in1:
        for j in range(size1):
            store(j, _row_sum(col(ib + j * in1, in0, size0), f))
    else:
        j = 0
        while j + 3 < size1:
            for c in range(4):
                store(j + c, _cascade(col(ib + (j + c) * in1, in0, size0), f))
            j += 4
        while j < size1:
            store(j, _row_sum(col(ib + j * in1, in0, size0), f))
            j += 1


def _float_sum(t, dims, keepdim):
    """Sum of float32 or float64 tensor ``t`` over ``dims`` (a set): (output values, output shape)."""
    f, vec = (D.f32, 8) if t._dtype is D.float32 else (float, 4)  # AVX2: 8 float or 4 double lanes
    out_shape, chunks = reduction_chunks(t, dims, keepdim)
    out = [0.0] * numel(out_shape)
    if t.dim() == 0:
        out[0] = f(0.0 + t._storage.data[t._offset])
    data = t._storage.data
    for ib, ob, size0, size1, in_s, out_s in chunks:
        _loop2d(data, ib, out, ob, size0, size1, in_s, out_s, f, vec)
    return out, out_shape


# ------------------------------------------------------------------ binary_kernel_reduce_vec (prod)
def _lanes(dt):
    """Vectorized<T>::size() with AVX2: 32 bytes of lanes."""
    return 32 // dt.itemsize


def _multiply(dt):
    """The product of two lists of values in ``dt`` (rounded to it, as torch's scalar_t arithmetic does)."""
    if dt is D.bool_:
        return lambda xs, ys: [x and y for x, y in zip(xs, ys)]
    if dt._kind == 1:
        return lambda xs, ys: D.wrap_ints([x * y for x, y in zip(xs, ys)], dt)
    return lambda xs, ys: D.round_floats([x * y for x, y in zip(xs, ys)], dt)


def _reduce_vec(t, dims, keepdim, op, identity):
    """ATen's binary_kernel_reduce_vec with the list operation ``op`` (elementwise on two lists):
    an inner reduction keeps 4 vectors of partial results over blocks of ``4 * lanes`` elements,
    combines them pairwise and then lane by lane, and finishes the rest in order; an outer reduction
    and any other layout reduce each output element in order."""
    out_shape, chunks = reduction_chunks(t, dims, keepdim)
    out = [identity] * numel(out_shape)
    data = t._storage.data
    if t.dim() == 0:
        out[0] = op([identity], [data[t._offset]])[0]
    lanes = _lanes(t._dtype)
    block = 4 * lanes
    for ib, ob, size0, size1, (in0, in1), (o0, o1) in chunks:
        for j in range(size1):
            row = [data[ib + j * in1 + i * in0] for i in range(size0)]
            o = ob + j * o1
            if o0 == 0 and in0 == 1:  # contiguous inner reduction
                count = size0 // block
                acc = [out[o]]
                if count:
                    vec = row[:block]
                    for k in range(1, count):
                        vec = op(vec, row[k * block:(k + 1) * block])
                    q = lanes
                    vec = op(op(vec[:q], vec[q:2 * q]), op(vec[2 * q:3 * q], vec[3 * q:]))
                    lane = vec[:1]
                    for k in range(1, lanes):
                        lane = op(lane, vec[k:k + 1])
                    acc = op(acc, lane)
                for x in row[count * block:]:
                    acc = op(acc, [x])
                out[o] = acc[0]
            elif o0 == 0:
                acc = [out[o]]
                for x in row:
                    acc = op(acc, [x])
                out[o] = acc[0]
            else:  # nothing is reduced along dim 0 of the loop: elementwise
                for i, x in enumerate(row):
                    out[o + i * o0] = op([out[o + i * o0]], [x])[0]
    return out, out_shape


# ------------------------------------------------------------------ helpers
def _dims(t, dim):
    """Normalise ``dim`` (None, int or sequence) to (set of dims, list, is_all)."""
    nd = t.dim()
    if dim is None:
        return set(range(nd)), list(range(nd)), True
    if isinstance(dim, (tuple, list)):
        seen = []
        for d in dim:
            w = wrap_dim(d, nd)
            if w in seen:
                raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
            seen.append(w)
        if not seen:
            return set(range(nd)), [], True
        if nd == 0:
            return set(), [], False
        return set(seen), seen, False
    w = wrap_dim(dim, nd)
    if nd == 0:
        return set(), [], False
    return {w}, [w], False


def _dim_tuple(dim):
    """A dim argument (int or sequence) as a tuple, as torch's nodes save it."""
    return (dim,) if isinstance(dim, int) else tuple(dim)


def _generic_reduce(t, dims, keepdim, fn):
    """Apply ``fn(list_of_values)`` per output element (row-major over kept dims)."""
    shape = t._shape
    nd = len(shape)
    kept = [d for d in range(nd) if d not in dims]
    red = [d for d in range(nd) if d in dims]
    out_shape = [1 if d in dims else shape[d] for d in range(nd)] if keepdim else [shape[d] for d in kept]
    data = t._storage.data
    red_pos = positions([shape[d] for d in red], [t._stride[d] for d in red], 0)
    out = []
    for base in positions([shape[d] for d in kept], [t._stride[d] for d in kept], t._offset):
        out.append(fn([data[base + p] for p in red_pos]))
    return out, out_shape


def _pysum(xs):
    s = 0
    for x in xs:
        s += x
    return s


def _sum_values(src, dims, keepdim):
    """Sum of ``src`` (already in the result dtype) over ``dims``: (values, shape)."""
    dt = src._dtype
    if dt is D.float32 or dt is D.float64:
        return _float_sum(src, dims, keepdim)
    if dt in D.REDUCED:
        vals, shape = _float_sum(to_f32(src), dims, keepdim)
        return D.round_floats(vals, dt), shape
    if dt is D.bool_:
        return _generic_reduce(src, dims, keepdim, any)
    vals, shape = _generic_reduce(src, dims, keepdim, _pysum)
    return D.wrap_ints(vals, dt), shape


def to_f32(t):
    return t if t._dtype is D.float32 else at.to_dtype(t, D.float32)


# ------------------------------------------------------------------ sum / mean
# dim=None given by name or position (torch's "sum(IntArrayRef[1]? dim, bool keepdim)" overload): every dim,
# keepdim as given, and SumBackward1 with dim None; a kernel's own dim=None means sum(), SumBackward0
GIVEN_NONE = "dim=None"


@kernel
def sum(t, dim=None, keepdim=False, dtype=None):
    given_none = dim is GIVEN_NONE
    dim = None if given_none else dim
    dims, dim_list, is_all = _dims(t, dim)
    out_dt = dtype if dtype is not None else (D.int64 if t._dtype._kind < 2 else t._dtype)
    src = t if t._dtype is out_dt else at.to_dtype(t, out_dt)
    keepdim = keepdim if dim is not None or given_none else False
    vals, out_shape = _sum_values(src, dims, keepdim)
    out = Tensor._from_values(vals, tuple(out_shape), out_dt)
    if dim is None and not given_none:
        record(SumBackward0, (t,), out, self_sym_sizes=tuple(t._shape))
    else:
        saved = None if given_none else saved_dims(_dim_tuple(dim))
        record(SumBackward1, (t,), out, self_sym_sizes=tuple(t._shape), dim=saved, keepdim=keepdim)
    return out


@kernel
def mean(t, dim=None, keepdim=False, dtype=None):
    if dtype is None and not t._dtype.is_floating_point:
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
            f"dtype. Got: {t._dtype._legacy}"
        )
    given_none = dim is GIVEN_NONE
    dim = None if given_none else dim
    dims, dim_list, is_all = _dims(t, dim)
    out_dt = dtype if dtype is not None else t._dtype
    if out_dt in D.REDUCED:  # torch: the input in float32, sum, divide, cast to the dtype
        src = to_f32(t)
    else:
        src = t if t._dtype is out_dt else at.to_dtype(t, out_dt)
    keepdim = keepdim if dim is not None or given_none else False
    vals, out_shape = _float_sum(src, dims, keepdim)
    n = 1
    for d in dims:
        n *= t._shape[d]
    vals = D.round_floats([fdiv(v, float(n)) for v in vals], out_dt)
    out = Tensor._from_values(vals, tuple(out_shape), out_dt)
    if dim is None and not given_none:
        record(MeanBackward0, (t,), out, self_sym_sizes=tuple(t._shape), self_sym_numel=t.numel())
    else:
        saved = None if given_none else saved_dims(_dim_tuple(dim))
        record(MeanBackward1, (t,), out, self_sym_sizes=tuple(t._shape), dim=saved, keepdim=keepdim,
               self_sym_numel=t.numel())
    return out


# ------------------------------------------------------------------ prod
@kernel
def prod(t, dim=None, keepdim=False, dtype=None):
    out_dt = dtype if dtype is not None else (D.int64 if t._dtype._kind < 2 else t._dtype)
    src = t if t._dtype is out_dt else at.to_dtype(t, out_dt)
    d = None if dim is None else wrap_dim(dim, t.dim())  # a 0-d tensor takes dim 0 or -1 (and reduces nothing)
    dims = set(range(t.dim())) if dim is None else ({d} if t.dim() else set())
    vals, out_shape = _reduce_vec(src, dims, keepdim and dim is not None, _multiply(out_dt), D.one_of(out_dt))
    out = Tensor._from_values(vals, tuple(out_shape), out_dt)
    if out_dt.is_floating_point and dim is None:
        record(ProdBackward0, (t,), out, self=t, result=out)
    elif out_dt.is_floating_point:
        record(ProdBackward1, (t,), out, dim=saved_dims(dim), keepdim=keepdim, self=t, result=out)
    return out


# ------------------------------------------------------------------ max / min / amax / amin / argmax / argmin
def _is_nan(v):
    return v != v


def _select_index(vals, is_max):
    """The first largest (smallest) value and its index; the first NaN wins over everything."""
    best = vals[0]
    index = 0
    for i, v in enumerate(vals):
        better = not (v <= best) if is_max else not (v >= best)
        if better:
            best = v
            index = i
            if _is_nan(v):
                break
    return best, index


def _extreme_of(vals, is_max, later_wins):
    """max/min of a list with NaN propagating; of equal values (0.0 and -0.0) the later one
    (torch's max()/min() of a whole tensor) or the first one (amax/amin) is kept."""
    best = vals[0]
    for v in vals[1:]:
        if best != best:
            break
        if v != v:
            best = v
        elif (v > best if is_max else v < best) or (later_wins and v == best):
            best = v
    return best


max_return = structseq("max", "values", "indices")
min_return = structseq("min", "values", "indices")


def _empty_reduction(name, t, dims_given):
    if t.numel() == 0 and not dims_given:
        raise RuntimeError(
            f"{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
            "with the 'dim' argument."
        )


def _check_nonempty_dims(name, t, dim):
    """zero_numel_check_dims: each dimension asked for, in the order given and named as given."""
    given = list(range(t.dim())) if dim is None else ([dim] if isinstance(dim, int) else list(dim))
    for d in given:
        if t._shape[wrap_dim(d, t.dim())] == 0:
            raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")


@kernel
def max_min(t, dim=None, keepdim=False, is_max=True):
    name = "max" if is_max else "min"
    if dim is None:
        _empty_reduction(name, t, False)
        best = _extreme_of(t._values(), is_max, later_wins=True)
        out = Tensor._from_values([best], (), t._dtype)
        record(MaxBackward1 if is_max else MinBackward1, (t,), out, self=t, result=out)
        return out
    d = wrap_dim(dim, t.dim())
    if t.dim() > 0 and t._shape[d] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
    pairs, out_shape = _generic_reduce(t, {d} if t.dim() else set(), keepdim, lambda xs: _select_index(xs, is_max))
    values = Tensor._from_values([p[0] for p in pairs], tuple(out_shape), t._dtype)
    indices = Tensor._from_values([p[1] for p in pairs], tuple(out_shape), D.int64)
    record(MaxBackward0 if is_max else MinBackward0, (t,), values, dim=saved_dims(dim), keepdim=keepdim,
           self_sym_sizes=tuple(t._shape), indices=indices)
    return (max_return if is_max else min_return)((values, indices))


@kernel
def amax_amin(t, dim=(), keepdim=False, is_max=True):
    name = "amax" if is_max else "amin"
    dims, dim_list, is_all = _dims(t, dim)
    _empty_reduction(name, t, not is_all)
    if t.dim():
        _check_nonempty_dims(name, t, dim)
    vals, out_shape = _generic_reduce(t, dims, keepdim, lambda xs: _extreme_of(xs, is_max, later_wins=False))
    out = Tensor._from_values(vals, tuple(out_shape), t._dtype)
    record(AmaxBackward0 if is_max else AminBackward0, (t,), out, dim=saved_dims(_dim_tuple(dim)), keepdim=keepdim,
           self=t, result=out)
    return out


@kernel
def argmax_min(t, dim=None, keepdim=False, is_max=True):
    name = "argmax" if is_max else "argmin"
    if t._dtype is D.bool_:
        raise RuntimeError(f"{name}(): does not support bool input")
    if dim is None:
        if t.numel() == 0:
            raise IndexError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0.")
        _, idx = _select_index(t._values(), is_max)
        shape = (1,) * t.dim() if keepdim else ()
        return Tensor._from_values([idx], shape, D.int64)
    d = wrap_dim(dim, t.dim())
    if t.dim() > 0 and t._shape[d] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
    pairs, out_shape = _generic_reduce(t, {d} if t.dim() else set(), keepdim, lambda xs: _select_index(xs, is_max))
    return Tensor._from_values([p[1] for p in pairs], tuple(out_shape), D.int64)


# ------------------------------------------------------------------ autograd helpers
@kernel
def sum_to(t, shape):
    """torch's at::sum_to: sum ``t`` down to ``shape`` (undoing broadcasting)."""
    shape = tuple(shape)
    if len(shape) == 0:
        return sum(t)
    sizes = t._shape
    lead = len(sizes) - len(shape)
    reduce_dims = list(range(lead))
    for i in range(lead, len(sizes)):
        if shape[i - lead] == 1 and sizes[i] != 1:
            reduce_dims.append(i)
    if reduce_dims:
        t = sum(t, tuple(reduce_dims), keepdim=True)
    if lead > 0:
        return at.view(t, shape)
    return t


@kernel
def value_selecting_backward(grad, dim, indices, sizes, keepdim):
    """torch's value_selecting_reduction_backward: ``grad`` scattered to ``indices`` along ``dim`` of
    zeros shaped ``sizes`` (max/min/median/mode along a dim, sort, topk)."""
    if not keepdim and len(sizes) > 0:
        grad = at.unsqueeze(grad, dim)
        indices = at.unsqueeze(indices, dim)
    if grad_state.grad and grad._requires_grad:  # a second derivative (create_graph=True): recorded
        return at.scatter(zeros(tuple(sizes), grad._dtype), dim, indices, grad)
    n = numel(sizes)
    out = [D.zero_of(grad._dtype)] * n
    st = contiguous_strides(sizes)
    gshape = grad._shape
    for flat, (g, ix) in enumerate(zip(grad._values(), indices._values())):  # scatter along dim
        rem = flat
        pos = 0
        for k in range(len(gshape) - 1, -1, -1):
            c = rem % gshape[k]
            rem //= gshape[k]
            pos += (ix if k == dim else c) * st[k]
        out[pos] = g
    return Tensor._from_values(out, tuple(sizes), grad._dtype)


def _sum_backward(grad, sizes, dims, keepdim):
    """torch's sum_backward; ``dims`` as the node saved them."""
    if not keepdim and len(sizes) > 0 and dims is not None:
        for d in sorted(wrapped_dims(dims, len(sizes))):
            grad = at.unsqueeze(grad, d)
    return at.expand(grad, sizes)


# ------------------------------------------------------------------ backward nodes
class SumBackward0(Node):
    _name = "SumBackward0"

    def apply(self, grad):
        return [at.expand(grad, self._svals["self_sym_sizes"])]


class SumBackward1(Node):
    _name = "SumBackward1"

    def apply(self, grad):
        sv = self._svals
        return [_sum_backward(grad, sv["self_sym_sizes"], sv["dim"], sv["keepdim"])]


class MeanBackward0(Node):
    _name = "MeanBackward0"

    def apply(self, grad):
        sv = self._svals
        return [at.div(at.expand(grad, sv["self_sym_sizes"]), sv["self_sym_numel"])]


class MeanBackward1(Node):
    _name = "MeanBackward1"

    def apply(self, grad):
        sv = self._svals
        sizes = sv["self_sym_sizes"]
        n = 1
        for d in wrapped_dims(sv["dim"], len(sizes)) if sv["dim"] else range(len(sizes)):
            n *= sizes[d]
        return [at.div(_sum_backward(grad, sv["self_sym_sizes"], sv["dim"], sv["keepdim"]), n)]


@kernel
def evenly_distribute_backward(grad, x, value):
    """torch's evenly_distribute_backward: grad / count at the positions holding ``value`` (max(), min(),
    median() of a whole tensor), NaN positions when the value is NaN."""
    v = value.item()
    mask = at.isnan(x) if v != v else at.eq(x, value)
    zero = Tensor._from_values([D.zero_of(grad._dtype)], (), grad._dtype)
    return at.where(mask, at.div(grad, sum(mask)), zero)


class _MaxMinAll(Node):
    saves = ("self", "result")

    def apply(self, grad):
        return [evenly_distribute_backward(grad, self.saved("self"), self.saved("result"))]


class MaxBackward1(_MaxMinAll):
    _name = "MaxBackward1"


class MinBackward1(_MaxMinAll):
    _name = "MinBackward1"


class _MaxMinDim(Node):
    saves = ("indices",)
    saved_outputs = ("indices",)  # the op's second output

    def apply(self, grad):
        sv = self._svals
        idx = self.saved("indices")
        d = wrapped_dims(sv["dim"], len(sv["self_sym_sizes"]))
        return [value_selecting_backward(grad, d, idx, sv["self_sym_sizes"], sv["keepdim"])]


class MaxBackward0(_MaxMinDim):
    _name = "MaxBackward0"


class MinBackward0(_MaxMinDim):
    _name = "MinBackward0"


def _exclusive_products(t, dim):
    """For each element, the product of the other elements along ``dim``, as torch's
    prod_safe_zeros_backward computes it (cumprod from each side, accumulated in double for float32)."""
    if grad_state.grad and t._requires_grad:
        return _recorded_exclusive_products(t, dim)
    acc_round = float if t._dtype in (D.float32, D.float64) else opmath_round(t._dtype)
    shape = t._shape
    vals = t._values()
    n = shape[dim]
    step = numel(shape[dim + 1:])
    out = [0.0] * len(vals)
    for base in range(len(vals)):
        if (base // step) % n:
            continue  # visit each line along dim once, from its first element
        line = [vals[base + i * step] for i in range(n)]
        before, acc = [], 1.0
        for x in [1.0] + line[:-1]:
            acc = acc_round(acc * x)
            before.append(D.round_floats([acc], t._dtype)[0])
        after, acc = [], 1.0
        for x in [1.0] + line[:0:-1]:
            acc = acc_round(acc * x)
            after.append(D.round_floats([acc], t._dtype)[0])
        after.reverse()
        both = D.round_floats([p * q for p, q in zip(before, after)], t._dtype)
        for i in range(n):
            out[base + i * step] = both[i]
    return Tensor._from_values(out, tuple(shape), t._dtype)


def _prod_backward(grad, x, result, dim):
    if x.dim() == 0:
        return grad
    zeros = builtins.sum(1 for v in x._values() if v == 0)
    if zeros == 0:
        return at.mul(grad, at.div(result, x))
    if dim is None:
        if zeros > 1 and not grad_state.grad:
            return at.zeros_like(x)
        flat = at.view(at.contiguous(x), (x.numel(),))
        return at.view(at.mul(grad, _exclusive_products(flat, 0)), x._shape)
    return at.mul(grad, _exclusive_products(at.contiguous(x), dim))


def _recorded_exclusive_products(t, dim):
    """prod_safe_zeros_backward's products of the other elements written with ops (cat, cumprod, flip),
    as torch computes them, so that they are recorded for a second derivative (create_graph=True)."""
    n = t._shape[dim]
    ones = at.ones_like(at.slice_(t, dim, 0, 1))
    if n == 1:
        return ones
    before = at.cumprod(at.cat([ones, at.slice_(t, dim, 0, n - 1)], dim), dim)
    after = at.flip(at.cumprod(at.cat([ones, at.flip(at.slice_(t, dim, 1, n), (dim,))], dim), dim), (dim,))
    return at.mul(before, after)


class ProdBackward0(Node):
    _name = "ProdBackward0"
    saves = ("self", "result")

    def apply(self, grad):
        return [_prod_backward(grad, self.saved("self"), self.saved("result"), None)]


class ProdBackward1(Node):
    _name = "ProdBackward1"
    saves = ("self", "result")

    def apply(self, grad):
        x, result = self.saved("self"), self.saved("result")
        d, keepdim = wrapped_dims(self._svals["dim"], x.dim()), self._svals["keepdim"]
        if not keepdim and x.dim():
            grad, result = at.unsqueeze(grad, d), at.unsqueeze(result, d)
        return [_prod_backward(grad, x, result, d)]


def _restore_reduced_dims(t, dims, keepdim, nd):
    if keepdim:
        return t
    shape = list(t._shape)
    for d in sorted(dims):
        shape.insert(d, 1)
    return at.reshape(t, tuple(shape))


class _AmaxAminBackward(Node):
    saves = ("self", "result")

    def apply(self, grad):
        x = self.saved("self")
        nd = x.dim()
        dims = wrapped_dims(self._svals["dim"], nd) if self._svals["dim"] else tuple(range(nd))
        keepdim = self._svals["keepdim"]
        mask = at.eq(_restore_reduced_dims(self.saved("result"), dims, keepdim, nd), x)
        g = _restore_reduced_dims(grad, dims, keepdim, nd)
        return [at.mul(at.div(g, sum(mask, dims, keepdim=True)), mask)]


class AmaxBackward0(_AmaxAminBackward):
    _name = "AmaxBackward0"


class AminBackward0(_AmaxAminBackward):
    _name = "AminBackward0"


# ------------------------------------------------------------------ the Tensor and torch API
# torch's parser (booktorch/signatures.py) has checked every call before these run.
_NO_DIM = object()  # sum() without a dim: torch's "sum(*, dtype)" overload


def _sum_like(name, kernel_fn):
    """Tensor.sum and torch.sum (mean likewise), behind torch's parser (booktorch/signatures.py)."""
    def as_method(self, dim=_NO_DIM, keepdim=False, *, dtype=None):
        return kernel_fn(self, _dim_given(dim), keepdim, dtype)

    def as_function(input, dim=_NO_DIM, keepdim=False, *, dtype=None, out=None):
        if out is None:
            return kernel_fn(input, _dim_given(dim), keepdim, dtype)
        return reduce_into(out, name, input, dtype, lambda dt: kernel_fn(input, _dim_given(dim), keepdim, dt),
                           float_only=name == "mean", all_dims=dim is _NO_DIM)

    as_method.__name__ = as_method.__qualname__ = as_function.__name__ = as_function.__qualname__ = name
    method(name)(as_method)
    function(name, tensor_input=True, takes_out=True)(as_function)


def _dim_given(dim):
    """The kernel's dim for a dim argument as given (absent, None, an int or a tuple)."""
    if dim is _NO_DIM:
        return None
    return GIVEN_NONE if dim is None else dim


def _mean_kernel(t, dim, keepdim, dtype):
    if dtype is not None and not dtype.is_floating_point:
        raise RuntimeError(
            "mean(): could not infer output dtype. Optional dtype must be either a floating point or complex "
            f"dtype. Got: {dtype._legacy}"
        )
    return mean(t, dim, keepdim, dtype)


_sum_like("sum", sum)
_sum_like("mean", _mean_kernel)


def _prod_form(self, dim=_NO_DIM, keepdim=False, *, dtype=None):
    return prod(self, None if dim is _NO_DIM else dim, keepdim, dtype)


_prod_form.__name__ = _prod_form.__qualname__ = "prod"
method("prod")(_prod_form)
function("prod")(_prod_form)


def _amax_like(name, is_max):
    def amax_form(self, dim=(), keepdim=False):
        dims = () if dim is None else (dim,) if isinstance(dim, int) else tuple(dim)
        return amax_amin(self, dims, keepdim, is_max)

    amax_form.__name__ = amax_form.__qualname__ = name
    method(name)(amax_form)
    function(name, tensor_input=True)(amax_form)


_amax_like("amax", True)
_amax_like("amin", False)


def _max_like(name, is_max, extreme):
    """max()/min(): of everything, along a dim (values and indices), or elementwise with another tensor."""

    @parsed
    def max_method(self, other=None, dim=None, keepdim=False):
        if other is not None:
            return extreme(self, other)
        return max_min(self, dim, keepdim if dim is not None else False, is_max)

    def max_function(input, other=None, dim=None, keepdim=False, out=None):
        return max_method(input, other=other, dim=dim, keepdim=keepdim)

    max_method.__name__ = max_method.__qualname__ = max_function.__name__ = max_function.__qualname__ = name
    method(name)(max_method)
    function(name)(parsed(max_function))


_max_like("max", True, lambda a, b: at.maximum(a, b))
_max_like("min", False, lambda a, b: at.minimum(a, b))


def _argmax_like(name, is_max):
    def argmax_form(self, dim=None, keepdim=False):
        return argmax_min(self, dim, keepdim, is_max)

    argmax_form.__name__ = argmax_form.__qualname__ = name
    method(name)(argmax_form)
    function(name, tensor_input=True)(argmax_form)


_argmax_like("argmax", True)
_argmax_like("argmin", False)
