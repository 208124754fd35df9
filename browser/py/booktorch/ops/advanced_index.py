"""Advanced indexing: torch's ``index`` (``x[idx]``, ``x[mask]``) and ``index_put_`` (``x[idx] = v``,
``Tensor.index_put_``), always copies, with their backward nodes.

Ported from ATen's ``make_info``/``AdvancedIndex`` (TensorAdvancedIndexing.cpp):

- ``indices`` is a list with one entry per dimension of ``x`` (``None`` for a dimension not indexed);
  a bool (or deprecated uint8) mask covers as many dimensions as it has and becomes the columns of its
  ``nonzero()``; int32 indices are converted to int64; the index tensors broadcast together;
- when the indexed dimensions are not adjacent, they are moved to the front (``transposeToFront``),
  which is why ``x[[0, 1], :, [0, 1]]`` has the index dimension first;
- the result has the shape ``before + index shape + after``, and the strides TensorIterator gives an
  output computed from the indexed tensor restrided with stride 0 over the index dimensions and the
  index tensors reshaped to ``[1] * before + index shape + [1] * after``;
- an index out of range raises torch's error naming the index's position among the indexed dimensions.

``index_put_`` writes in TensorIterator's order (the last of repeated indices wins), adds in that order
with ``accumulate=True`` (rounding after each addition, as torch's serial CPU loop does), and dispatches
a one-element value with a single mask to ``masked_fill_`` as torch does (so ``x[mask] = 0.5`` converts
the value, where a tensor value must otherwise have ``x``'s dtype).
"""

import warnings

from .. import dtypes as D
from ..graph import Node, make_node, record
from ..iterator import check_inplace, expanded_values, new_strided, zeros
from ..registry import at, function, kernel, method
from ..shape import (
    broadcast_shapes,
    compute_view_stride,
    contiguous_strides,
    elementwise_out_strides,
    fmt_list,
    is_non_overlapping_and_dense,
    iteration_perm,
    numel,
    positions,
    wrap_dim,
)
from .rebase import rebase_history

_INDEX_DTYPES = (D.int64, D.int32, D.uint8, D.bool_)
_UINT8_INDEX = (
    "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead. (Triggered "
    "internally at /__w/pytorch/pytorch/aten/src/ATen/native/IndexingUtils.h:37.)"
)
_EXPANDED_PUT = (
    "Use of index_put_ on expanded tensors is deprecated. Please clone() the tensor before performing this "
    "operation. This also applies to advanced indexing e.g. tensor[indices] = tensor (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:976.)"
)
_OVERLAP = (
    "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
    "memory location. Please clone() the tensor before performing the operation."
)


def is_mask(t):
    return t._dtype is D.bool_ or t._dtype is D.uint8


def mask_shape_error(mask, j, x_shape, src):
    return IndexError(
        f"The shape of the mask {fmt_list(mask._shape)} at index {j} does not match the shape of the indexed "
        f"tensor {fmt_list(x_shape)} at index {src}"
    )


def _too_many(x, indices):
    if len(indices) > x.dim():
        raise IndexError(f"too many indices for tensor of dimension {x.dim()} (got {len(indices)})")


def _expand_masks(x, indices):
    """expandTensors: each mask becomes the columns of its nonzero(), checked against x's sizes."""
    out = []
    for t in indices:
        if t is None or not is_mask(t):
            out.append(t)
            continue
        if t._dtype is D.uint8:
            warnings.warn(_UINT8_INDEX, UserWarning, stacklevel=4)
        for j in range(t.dim()):
            src = len(out) + j
            if t._shape[j] != x._shape[wrap_dim(src, x.dim())]:
                raise mask_shape_error(t, j, x._shape, src)
        nz = at.nonzero(t)
        out.extend(at.select(nz, 1, j) for j in range(t.dim()))
    return out


def _contiguous_subspace(indices):
    defined = [i for i, t in enumerate(indices) if t is not None]
    return defined[-1] - defined[0] + 1 == len(defined)


class _Plan:
    """What AdvancedIndex computes: the restrided source and the index tensors, ready to iterate."""

    __slots__ = ("shape", "before", "after", "src_stride", "offset", "indexers", "operands")


def make_info(x, indices):
    """torch's make_info + AdvancedIndex for ``x`` indexed by ``indices`` (a list of tensors or None)."""
    for t in indices:
        if t is not None and t._dtype not in _INDEX_DTYPES:
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    indices = _expand_masks(x, indices)
    defined = [t for t in indices if t is not None]
    try:
        target = ()
        for t in defined:
            target = broadcast_shapes(target, t._shape)
    except RuntimeError:
        shapes = ", ".join(fmt_list(t._shape) for t in defined)
        raise IndexError(f"shape mismatch: indexing tensors could not be broadcast together with shapes {shapes}") from None
    indices = [None if t is None else (t if t._shape == target else at.expand(t, target)) for t in indices]
    indices += [None] * (x.dim() - len(indices))
    shape, stride = list(x._shape), list(x._stride)
    if not _contiguous_subspace(indices):
        order = [i for i, t in enumerate(indices) if t is not None] + [i for i, t in enumerate(indices) if t is None]
        shape, stride = [shape[d] for d in order], [stride[d] for d in order]
        indices = [indices[d] for d in order]
    indices = [at.to_dtype(t, D.int64) if t is not None and t._dtype is D.int32 else t for t in indices]
    first = next(i for i, t in enumerate(indices) if t is not None)
    last = first + len(defined)
    sizes = shape[first:last]
    if 0 in sizes and 0 not in target:
        raise IndexError("index is out of bounds for dimension with size 0")
    plan = _Plan()
    plan.before = (shape[:first], stride[:first])
    plan.after = (shape[last:], stride[last:])
    plan.shape = tuple(shape[:first]) + tuple(target) + tuple(shape[last:])
    plan.src_stride = tuple(stride[:first]) + (0,) * len(target) + tuple(stride[last:])
    plan.offset = x._offset
    plan.indexers = [(t, size, st) for t, size, st in zip(indices[first:last], sizes, stride[first:last])]
    reshaped = (1,) * first + tuple(target) + (1,) * (len(shape) - last)
    plan.operands = [(plan.shape, plan.src_stride)] + [
        (reshaped, compute_view_stride(t._shape, t._stride, reshaped)) for t, _, _ in plan.indexers
    ]
    return plan


def iteration_order(shape, perm):
    """Row-major positions of the elements of ``shape`` in the order TensorIterator visits them."""
    rowmajor = contiguous_strides(shape)
    outer = list(reversed(perm))
    return positions([shape[d] for d in outer], [rowmajor[d] for d in outer], 0)


def _index_offsets(plan, operands):
    """Storage offsets contributed by the index tensors, one per element of the index shape, after
    torch's range check (skipped when the result is empty, as torch never reads the indices then)."""
    n_before = len(plan.before[0])
    target = plan.shape[n_before:len(plan.shape) - len(plan.after[0])]
    columns = [t._values() for t, _, _ in plan.indexers]
    check = numel(plan.shape) > 0
    offsets = None
    for vals, (_, size, st) in zip(columns, plan.indexers):
        if check and vals and (min(vals) < -size or max(vals) >= size):
            _raise_out_of_range(plan, columns, operands, n_before, target)
        part = [(v + size if v < 0 else v) * st for v in vals]
        offsets = part if offsets is None else [a + b for a, b in zip(offsets, part)]
    return offsets


def _raise_out_of_range(plan, columns, operands, n_before, target):
    """The error for the first bad index in TensorIterator's order (which checks indexer 0, 1... of
    each element in turn)."""
    perm = [d - n_before for d in iteration_perm(plan.shape, operands) if n_before <= d < n_before + len(target)]
    for r in iteration_order(target, perm):
        for j, (_, size, _) in enumerate(plan.indexers):
            v = columns[j][r]
            if v < -size or v >= size:
                raise IndexError(f"index {v} is out of bounds for dimension {j} with size {size}")


def source_positions(plan, operands):
    """Storage positions of the indexed elements, row-major over the result's shape."""
    mid = _index_offsets(plan, operands)
    before = positions(plan.before[0], plan.before[1], plan.offset)
    if len(before) == 1:
        pos = [before[0] + m for m in mid] if before[0] else mid
    else:
        pos = [b + m for b in before for m in mid]
    after = positions(plan.after[0], plan.after[1], 0)
    if after != [0]:
        pos = [p + a for p in pos for a in after]
    return pos


# ------------------------------------------------------------------ index
@kernel
def index(x, indices):
    """``x[indices]`` for a list of index tensors (or None) aligned with x's leading dimensions."""
    _too_many(x, indices)
    plan = make_info(x, list(indices))
    data = x._storage.data
    vals = [data[p] for p in source_positions(plan, plan.operands)]
    same = all(tuple(s) == plan.shape for s, _ in plan.operands)
    out = new_strided(vals, plan.shape, elementwise_out_strides(plan.shape, plan.operands, same), x._dtype)
    record(IndexBackward0, (x,), out, self_sym_sizes=tuple(x._shape), indices=indices)
    return out


class IndexBackward0(Node):
    _name = "IndexBackward0"
    saves = ("indices",)

    def apply(self, grad):
        out = zeros(self._svals["self_sym_sizes"], grad._dtype)
        return [index_put_impl_(out, list(self.saved("indices")), grad, True)]


# ------------------------------------------------------------------ index_put_
def _overlap(a, b):
    """Whether a and b share memory, as at::get_overlap_status sees it (too hard to tell counts as no)."""
    if a is b:
        return True
    if a._storage is not b._storage or a.numel() == 0 or b.numel() == 0:
        return False
    if not (is_non_overlapping_and_dense(a._shape, a._stride) and is_non_overlapping_and_dense(b._shape, b._stride)):
        return False
    a0, a1 = a._offset * a._dtype.itemsize, (a._offset + a.numel()) * a._dtype.itemsize
    b0, b1 = b._offset * b._dtype.itemsize, (b._offset + b.numel()) * b._dtype.itemsize
    return a0 < b1 and b0 < a1


def _has_internal_overlap(t):
    return any(st == 0 and size > 1 for size, st in zip(t._shape, t._stride))


def _masked_fill_dispatch(x, indices, values):
    """canDispatchToMaskedFill: a one-element value and one mask (other indices None) -> the mask,
    unsqueezed to x's rank, for masked_fill_."""
    if values.numel() != 1:
        return None
    mask = None
    dims = 0
    for t in indices:
        if t is None:
            dims += 1
            continue
        if not is_mask(t) or mask is not None:
            return None
        mask = t
        for j in range(t.dim()):
            if t._shape[j] != x._shape[wrap_dim(dims + j, x.dim())]:
                raise mask_shape_error(t, j, x._shape, dims + j)
        dims += t.dim()
    if mask is None:
        return None
    for _ in range(dims, x.dim()):
        mask = at.unsqueeze(mask, -1)
    return mask


@kernel
def index_put_values(x, indices, values, accumulate=False):
    """The kernel of index_put_ (no autograd, no version bump): write or add ``values`` at ``x[indices]``."""
    _too_many(x, indices)
    if _has_internal_overlap(x):
        warnings.warn(_EXPANDED_PUT, UserWarning, stacklevel=4)
    if not accumulate:
        mask = _masked_fill_dispatch(x, indices, values)
        if mask is not None:
            at.masked_fill_values(x, mask, values.item())
            return
    if _overlap(x, values) or any(t is not None and _overlap(x, t) for t in indices):
        raise RuntimeError(_OVERLAP)
    plan = make_info(x, list(indices))
    vshape = values._shape
    if len(vshape) > len(plan.shape) or any(v != 1 and v != s for v, s in zip(reversed(vshape), reversed(plan.shape))):
        raise RuntimeError(
            f"shape mismatch: value tensor of shape {fmt_list(vshape)} cannot be broadcast to indexing result of "
            f"shape {fmt_list(plan.shape)}"
        )
    if values._dtype is not x._dtype:
        raise RuntimeError(
            f"Index put requires the source and destination dtypes match, got {x._dtype._legacy} for the "
            f"destination and {values._dtype._legacy} for the source."
        )
    operands = [(plan.shape, plan.src_stride), (values._shape, values._stride)] + plan.operands[1:]
    pos = source_positions(plan, operands)
    vals = expanded_values(values, plan.shape)
    data = x._storage.data
    if len(set(pos)) != len(pos):  # repeated indices: TensorIterator's order decides
        order = iteration_order(plan.shape, iteration_perm(plan.shape, operands))
        pos = [pos[i] for i in order]
        vals = [vals[i] for i in order]
    if accumulate:  # one rounding per addition, in that order
        at.add_at(data, pos, vals, x._dtype)
        return
    for p, v in zip(pos, vals):
        data[p] = v


def _index_put_inplace(x, indices, values, accumulate, node_class):
    recording = check_inplace(x, values)
    index_put_values(x, indices, values, accumulate)
    x._versions.bump()
    if recording:
        node = index_put_node(node_class, [x, values], indices, values, accumulate)
        rebase_history(x, node)
    return x


def index_put_node(node_class, inputs, indices, values, accumulate):
    node = make_node(node_class, inputs, accumulate=accumulate, indices=indices)
    node.values_info = (tuple(values._shape), values._dtype)  # torch keeps the values' shape and dtype
    return node


@kernel
def index_put_backward(inputs, indices, values):
    """The IndexPutBackward0 node of ``index_put_(inputs[0], indices, values)``, not attached (setitem wraps it
    in CopySlices when it writes into a view)."""
    return index_put_node(IndexPutBackward0, inputs, indices, values, False)


@kernel
def index_put_(x, indices, values, accumulate=False):
    return _index_put_inplace(x, indices, values, accumulate, IndexPutBackward0)


@kernel
def index_put_impl_(x, indices, values, accumulate=False):
    """torch's _index_put_impl_ (what index's backward calls): grad_fn IndexPutImplBackward0."""
    return _index_put_inplace(x, indices, values, accumulate, IndexPutImplBackward0)


@kernel
def index_put(x, indices, values, accumulate=False):
    out = at.clone(at.detach(x))
    index_put_values(out, indices, values, accumulate)
    node = record(IndexPutBackward0, (x, values), out, accumulate=accumulate, indices=indices)
    if node is not None:
        node.values_info = (tuple(values._shape), values._dtype)  # torch keeps the values' shape and dtype
    return out


class IndexPutBackward0(Node):
    _name = "IndexPutBackward0"
    saves = ("indices",)

    @property
    def _saved_accumulate(self):
        return self._svals["accumulate"]

    def apply(self, grad):
        sv = self._svals
        indices = list(self.saved("indices"))
        g_self = g_values = None
        if self.needs(0):
            if sv["accumulate"]:
                g_self = grad
            else:
                g_self = index_put(grad, indices, zeros(*self.values_info))
        if self.needs(1):
            g_values = index(grad, indices)
        return [g_self, g_values]


class IndexPutImplBackward0(IndexPutBackward0):
    _name = "IndexPutImplBackward0"


# ------------------------------------------------------------------ the Tensor and torch API
# torch's parser (booktorch/binding.py) has read the arguments: a sequence of tensors (or None), a tensor, a bool
def _indices(indices):
    if not indices:
        raise RuntimeError("sym_strides() called on an undefined Tensor")
    return list(indices)


@method("index_put_")
@function("index_put_")
def index_put_api_(self, indices, values, accumulate=False):
    return index_put_(self, _indices(indices), values, accumulate)


@method("index_put")
@function("index_put")
def index_put_api(self, indices, values, accumulate=False):
    return index_put(self, _indices(indices), values, accumulate)
