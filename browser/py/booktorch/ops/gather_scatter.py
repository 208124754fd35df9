"""Reading and writing along a dimension through an index tensor: ``index_select``, ``index_add``,
``gather``, ``scatter`` (value, src and ``reduce=``), ``scatter_add``, ``take`` and ``put``, with their
backward nodes (IndexSelectBackward0, GatherBackward0, ScatterBackward0/1, ScatterAddBackward0,
IndexAddBackward0, TakeBackward0, PutBackward0).

Results are contiguous (``gather`` and ``take`` have the index's shape, ``index_select`` the input's
with the indexed size replaced).  Writes to one element happen in the order torch's CPU loops make
them: along the dimension for scatter (the last write wins, additions round after each step), in the
index's order for index_add and put.  torch adds float16 and bfloat16 in float32 and rounds once at the
end in scatter_add and in index_add of tensors of two or more dimensions, and rounds after each step in
index_add of 1-d tensors and in put.
"""

import warnings

from .. import dtypes as D
from ..errors import unsupported
from ..graph import Node, make_node, record, saved_ints
from ..iterator import check_inplace, write_positions, zeros
from ..binding import parsed
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes, fmt_list, numel, positions, preserve_strides, wrap_dim
from ..storage import Storage
from ..tensor import Tensor, warn_once
from .rebase import rebase_history

_INDEX = (D.int64, D.int32)
_REDUCE_WITH_SRC = (
    "The reduce argument of torch.scatter with Tensor src is deprecated and will be removed in a future PyTorch "
    "release. Use torch.scatter_reduce instead for more reduction options. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:225.)"
)


def _nonempty(t):
    """ensure_nonempty_*: a 0-d tensor counts as one of shape [1]."""
    return (t._shape, t._stride) if t._shape else ((1,), (1,))


def _nonempty_size(t, d):
    return _nonempty(t)[0][wrap_dim(d, max(t.dim(), 1))]


def _along(t, dim, ishape):
    """Storage positions of t's elements at the coordinates of ``ishape`` with coordinate ``dim`` set to 0,
    and t's stride along ``dim`` (what an index value is multiplied by)."""
    _, stride = _nonempty(t)
    st = list(stride)
    step = st[dim]
    st[dim] = 0
    return positions(ishape, st, t._offset), step


def _index_values(index, dim, upper):
    vals = index._values()
    if vals and (min(vals) < 0 or max(vals) >= upper):
        bad = next(v for v in vals if v < 0 or v >= upper)
        raise RuntimeError(f"index {bad} is out of bounds for dimension {dim} with size {upper}")
    return vals


def _contiguous(vals, shape, dt):
    return Tensor._from_values(vals, tuple(shape), dt)


def _combine(old, new, dt, reduce):
    """``old + new`` (or ``old * new``) element by element, rounded to ``dt``."""
    if reduce == "multiply":
        vals = [a and b for a, b in zip(old, new)] if dt is D.bool_ else [a * b for a, b in zip(old, new)]
    else:
        vals = [a or b for a, b in zip(old, new)] if dt is D.bool_ else [a + b for a, b in zip(old, new)]
    return D.round_values(vals, dt)


@kernel
def add_at(data, pos, vals, dt, reduce="add"):
    """``data[p] += v`` for each (p, v) in order, rounding to ``dt`` after each addition (the k-th additions
    to every position are made together)."""
    if len(set(pos)) == len(pos):
        for p, v in zip(pos, _combine([data[p] for p in pos], vals, dt, reduce)):
            data[p] = v
        return
    seen = {}
    rounds = []
    for p, v in zip(pos, vals):
        k = seen.get(p, 0)
        seen[p] = k + 1
        if k == len(rounds):
            rounds.append(([], []))
        rounds[k][0].append(p)
        rounds[k][1].append(v)
    for ps, vs in rounds:
        for p, v in zip(ps, _combine([data[p] for p in ps], vs, dt, reduce)):
            data[p] = v


def _add_in_opmath(t, pos, vals):
    """Additions into float16/bfloat16 ``t`` made in float32, rounded to t's dtype once at the end."""
    data = t._storage.data
    touched = sorted(set(pos))
    buf = {p: data[p] for p in touched}
    acc = [buf[p] for p in touched]
    where = {p: i for i, p in enumerate(touched)}
    add_at(acc, [where[p] for p in pos], vals, D.float32)
    for p, v in zip(touched, D.round_values(acc, t._dtype)):
        data[p] = v


# ------------------------------------------------------------------ index_select / index_add
@kernel
def index_select(t, dim, index):
    d = wrap_dim(dim, t.dim())
    n = index.numel()
    if index.dim() > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if t.dim() == 0 and n != 1:
        raise RuntimeError(f"index_select(): Index to scalar can have only 1 value, got {n} value(s)")
    if index._dtype not in _INDEX:
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    shape = list(t._shape)
    if shape:
        shape[d] = n
    idx = index._values()
    if t.dim() > 1 and (n == 0 or t.numel() == 0):
        if n and t._shape[d] == 0:
            raise RuntimeError("index_select(): self indexing axis dim should be positive")
        for i in idx:
            if not 0 <= i < t._shape[d]:
                raise RuntimeError(f"INDICES element is out of DATA bounds, id={i} axis_dim={t._shape[d]}")
        vals = []
    else:
        size = t._shape[d] if t._shape else 1
        if idx and (min(idx) < 0 or max(idx) >= size):
            raise IndexError("index out of range in self")
        if t.dim() == 0:
            vals = [t._storage.data[t._offset]]
        else:
            before = positions(t._shape[:d], t._stride[:d], t._offset)
            after = positions(t._shape[d + 1:], t._stride[d + 1:], 0)
            st = t._stride[d]
            mid = [i * st for i in idx]
            data = t._storage.data
            vals = [data[b + m + a] for b in before for m in mid for a in after]
    out = _contiguous(vals, shape, t._dtype)
    node = record(IndexSelectBackward0, (t,), out, dim=saved_ints(dim), self_sym_sizes=tuple(t._shape), index=index)
    if node is not None:
        node.dim = d
    return out


class IndexSelectBackward0(Node):
    _name = "IndexSelectBackward0"
    saves = ("index",)

    def apply(self, grad):
        sv = self._svals
        return [index_add_(zeros(sv["self_sym_sizes"], grad._dtype), self.dim, self.saved("index"), grad)]


def _index_add_checks(t, d, index, source):
    n = index.numel()
    if index.dim() > 1:
        raise IndexError(
            f"index_add_(): Index is supposed to be a vector, but got dim: {index.dim()} with type: "
            f"{index._dtype._legacy} and size: {fmt_list(index._shape)}"
        )
    if index._dtype not in _INDEX:
        raise RuntimeError(f"index_add_(): Expected dtype int32/int64 for index but got: {index._dtype._legacy}")
    if t._dtype is not source._dtype:
        raise RuntimeError(
            f"index_add_(): self ({t._dtype._legacy}) and source ({source._dtype._legacy}) must have the same "
            "scalar type"
        )
    if not (d == 0 or d < source.dim()):
        raise RuntimeError(
            f"index_add_(): Indexing dim {d} is out of bounds of the source tensor with dim {source.dim()}"
        )
    size = 1 if source.dim() == 0 else source._shape[d]
    if n != size:
        if source.dim() == 0:  # torch's message reads source.size(dim)
            raise IndexError(f"Dimension specified as {d} but tensor has no dimensions")
        raise RuntimeError(
            f"index_add_(): Number of indices ({n}) should be equal to source.size(dim): ({size}), for dim: {d}"
        )
    ts, ss = list(t._shape), list(source._shape)
    if ts and ss:
        del ts[d], ss[d]
    if ts != ss:
        raise RuntimeError(
            "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = "
            f"{fmt_list(t._shape)} source.shape = {fmt_list(source._shape)}"
        )


def _scaled(vals, alpha, dt):
    if alpha == 1 or dt is D.bool_:
        return vals
    a = D.scalar_to(alpha, dt)
    return D.round_values([v * a for v in vals], dt) if dt._kind == 1 else [v * a for v in vals]


def _index_add_values(t, d, index, source, alpha):
    _index_add_checks(t, d, index, source)
    idx = index._values()
    if not idx or t.numel() == 0:
        return
    size = t._shape[d] if t._shape else 1
    if t.dim() <= 1:
        if min(idx) < 0 or max(idx) >= size:
            raise IndexError("index out of range in self")
        st = t._stride[0] if t._shape else 1
        pos = [t._offset + i * st for i in idx]
        add_at(t._storage.data, pos, _scaled(source._values(), alpha, t._dtype), t._dtype)
        return
    if min(idx) < 0 or max(idx) >= size:
        bad = next(i for i in idx if not 0 <= i < size)
        raise RuntimeError(f"index {bad} is out of bounds for dimension {d} with size {size}")
    # source's elements in the order torch adds them: index entry by index entry
    order = list(range(d)) + list(range(d + 1, source.dim()))
    perm = [d] + order
    moved = at.permute(at.detach(source), perm)
    vals = _scaled(moved._values(), alpha, t._dtype)
    rest = [t._shape[k] for k in order]
    rest_pos = positions(rest, [t._stride[k] for k in order], t._offset)
    st = t._stride[d]
    pos = [i * st + r for i in idx for r in rest_pos]
    if t._dtype in D.REDUCED:
        _add_in_opmath(t, pos, vals)
    else:
        add_at(t._storage.data, pos, vals, t._dtype)


@kernel
def index_add_(t, dim, index, source, alpha=1):
    d = wrap_dim(dim, t.dim())
    recording = check_inplace(t, source)
    _index_add_values(t, d, index, source, alpha)
    t._versions.bump()
    if recording:
        rebase_history(t, _index_add_node(make_node, t, dim, index, source, alpha))
    return t


@kernel
def index_add(t, dim, index, source, alpha=1):
    d = wrap_dim(dim, t.dim())
    out = at.clone(at.detach(t), contiguous=True)
    _index_add_values(out, d, index, source, alpha)
    _index_add_node(record, t, dim, index, source, alpha, out)
    return out


def _node_of(make, node_class, inputs, *out, dim, **saved):
    """``make`` (graph.record, or graph.make_node for an in-place write, then without ``out``) for a node
    that also keeps ``dim`` as given (its ``_saved_dim`` is torch's unsigned view of it)."""
    node = make(node_class, inputs, *out, dim=saved_ints(dim), **saved)
    if node is not None:
        node.dim = dim
    return node


def _index_add_node(make, t, dim, index, source, alpha, *out):
    return _node_of(make, IndexAddBackward0, (t, source), *out, dim=dim, alpha=alpha, source_dim=source.dim(),
                    index=index, source=source)


class IndexAddBackward0(Node):
    _name = "IndexAddBackward0"
    saves = ("index", "source")

    def apply(self, grad):
        sv = self._svals
        g_source = None
        if self.needs(1):
            index, source = self.saved("index"), self.saved("source")
            if sv["source_dim"] > 0:
                g_source = at.expand(index_select(grad, self.dim, index), source._shape)
            else:
                g_source = index_select(grad, self.dim, at.squeeze(index, 0))
            if sv["alpha"] != 1:
                g_source = at.mul(g_source, sv["alpha"])
        return [grad if self.needs(0) else None, g_source]


# ------------------------------------------------------------------ index_fill
_EXPANDED_INDEX_FILL = (
    "Use of index_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing this "
    "operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:1913.)"
)


def _index_fill_values(t, dim, index, value):
    """index_fill_'s kernel: the number ``value`` into every slice of t along dim that index names."""
    if index._dtype is not D.int64:
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    if any(st == 0 and size > 1 for size, st in zip(t._shape, t._stride)):
        warnings.warn(_EXPANDED_INDEX_FILL, UserWarning, stacklevel=4)
    shape = t._shape or (1,)  # a 0-d tensor is filled as its one-element view
    d = wrap_dim(dim, len(shape))
    if index.dim() > 1:
        raise RuntimeError("Index has to be a vector/scalar")
    size = shape[d]
    chosen = set()
    for i in index._values():
        if not -size <= i < size:
            raise IndexError(f"index {i} is out of bounds for dimension {d} with size {size}")
        chosen.add(i % size)
    v = D.checked_scalar(value, t._dtype)
    inner = numel(shape[d + 1:])
    data = t._storage.data
    for k, p in enumerate(t._positions()):
        if (k // inner) % size in chosen:
            data[p] = v


def _fill_number(value):
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise RuntimeError("index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                               f"{value.dim()} dimension(s).")
        return value.item()
    return value


@kernel
def index_fill_(t, dim, index, value):
    recording = check_inplace(t, value if isinstance(value, Tensor) else None)
    _index_fill_values(t, dim, index, _fill_number(value))
    t._versions.bump()
    if recording:
        rebase_history(t, _index_fill_node(make_node, t, dim, index, value))
    return t


@kernel
def index_fill(t, dim, index, value):
    out = at.clone(at.detach(t))
    _index_fill_values(out, dim, index, _fill_number(value))
    _index_fill_node(record, t, dim, index, value, out)
    return out


def _index_fill_node(make, t, dim, index, value, *out):
    if isinstance(value, Tensor):
        return _node_of(make, IndexFillBackward1, (t, value), *out, dim=dim, index=index)
    return _node_of(make, IndexFillBackward0, (t,), *out, dim=dim, index=index)


class IndexFillBackward0(Node):
    _name = "IndexFillBackward0"
    saves = ("index",)

    def apply(self, grad):
        return [index_fill(grad, self.dim, self.saved("index"), 0)]


class IndexFillBackward1(Node):
    _name = "IndexFillBackward1"
    saves = ("index",)

    def apply(self, grad):
        index = self.saved("index")
        g_self = index_fill(grad, self.dim, index, 0) if self.needs(0) else None
        g_value = at.sum(index_select(grad, self.dim, at.unique(index))) if self.needs(1) else None
        return [g_self, g_value]


# torch's parser (booktorch/binding.py) has read these arguments (value: a tensor or a number)
@method("index_fill")
@function("index_fill")
def index_fill_api(self, dim, index, value):
    return index_fill(self, dim, index, value)


@method("index_fill_")
def index_fill_api_(self, dim, index, value):
    return index_fill_(self, dim, index, value)


# ------------------------------------------------------------------ index_copy
def _index_copy_checks(t, dim, index, source):
    """index_copy's meta function: torch's checks, in its order; the wrapped dim."""
    d = wrap_dim(dim, t.dim())
    if index.dim() >= 2:
        raise IndexError(f"index_copy_(): Index should have dimension 1 or 0 (got {index.dim()})")
    n = index.numel()
    if source.dim() == 0 and n != 1:
        raise IndexError(f"index_copy_(): When source is scalar, index should have one element (got {n})")
    if source.dim() != t.dim() and source.dim() != 0 and t.dim() != 0:
        raise IndexError(
            "index_copy_(): When source and destination are not scalars, their dimensionality must match. Source "
            f"dimensionality ({source.dim()}), destination dimensionality ({t.dim()})"
        )
    if index._dtype is not D.int64:
        raise RuntimeError(f"index_copy_(): Expected a long tensor for index, but got {index._dtype._legacy}")
    if t._dtype is not source._dtype:
        raise RuntimeError(
            "index_copy_(): self and source expected to have the same dtype, but got (self) "
            f"{t._dtype._legacy} and (source) {source._dtype._legacy}"
        )
    dest_slice = t._shape[:d] + t._shape[d + 1:]
    source_slice = source._shape[:d] + source._shape[d + 1:]
    if tuple(dest_slice) != tuple(source_slice):
        raise RuntimeError(
            "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: "
            f"{' '.join(map(str, dest_slice))} at dimension {d} and source slice shape: "
            f"{' '.join(map(str, source_slice))} at dimension 0."
        )
    if source.dim() > 0 and n != source._shape[d]:
        raise IndexError(
            f"index_copy_(): Number of indices ({n}) should be equal to source.size(dim) ({source._shape[d]})"
        )
    return d


def _index_copy_values(t, d, index, source):
    """Source's slice j into t's slice index[j] along d, in index order (a repeated index: the last wins)."""
    shape, stride = (t._shape, t._stride) if t._shape else ((1,), (1,))
    size = shape[d]
    idx = index._values()
    for i in idx:
        if not 0 <= i < size:
            raise IndexError(f"index_copy_(): index {i} is out of bounds for dimension {d} with size {size}")
    rest = [k for k in range(len(shape)) if k != d]
    rest_pos = positions([shape[k] for k in rest], [stride[k] for k in rest], t._offset)
    vals = source._values() if source.dim() == 0 else at.permute(source, [d] + rest)._values()
    data = t._storage.data
    m = len(rest_pos)
    for j, i in enumerate(idx):
        base = i * stride[d]
        for p, v in zip(rest_pos, vals[j * m:(j + 1) * m]):
            data[base + p] = v


@kernel
def index_copy_(t, dim, index, source):
    d = _index_copy_checks(t, dim, index, source)
    recording = check_inplace(t, source)
    _index_copy_values(t, d, index, at.detach(source))
    t._versions.bump()
    if recording:
        rebase_history(t, _index_copy_node(make_node, t, dim, index, source))
    return t


@kernel
def index_copy(t, dim, index, source):
    d = _index_copy_checks(t, dim, index, source)
    out = at.clone(at.detach(t), contiguous=True)  # (a structured kernel's new output)
    _index_copy_values(out, d, index, at.detach(source))
    _index_copy_node(record, t, dim, index, source, out)
    return out


def _index_copy_node(make, t, dim, index, source, *out):
    return _node_of(make, IndexCopyBackward0, (t, source), *out, dim=dim, source_dim=source.dim(), index=index,
                    source=source)


class IndexCopyBackward0(Node):
    _name = "IndexCopyBackward0"
    saves = {"index": None, "source": 1}

    def apply(self, grad):
        index = self.saved("index")
        g_self = index_fill(grad, self.dim, index, 0) if self.needs(0) else None
        g_source = None
        if self.needs(1):
            if self._svals["source_dim"] > 0:
                g_source = at.expand(index_select(grad, self.dim, index), self.saved("source")._shape)
            else:
                g_source = index_select(grad, self.dim, at.squeeze(index, 0))
        return [g_self, g_source]


@method("index_copy")
@function("index_copy")
def index_copy_api(input, dim, index, source):  # torch's parser has checked the arguments
    return index_copy(input, dim, index, source)


@method("index_copy_")
def index_copy_method_(self, dim, index, source):
    return index_copy_(self, dim, index, source)


# ------------------------------------------------------------------ gather
@kernel
def gather(t, dim, index, sparse_grad=False):
    d = wrap_dim(dim, t.dim())
    out = _contiguous([], index._shape, t._dtype) if index.numel() == 0 else _gather_values(t, d, index)
    node = record(GatherBackward0, (t,), out, dim=saved_ints(dim), sparse_grad=sparse_grad, index=index, self=t)
    if node is not None:
        node.dim = d
    return out


def _gather_values(t, d, index):
    if index._dtype not in _INDEX:
        raise RuntimeError("gather(): Expected dtype int32/int64 for index")
    nd = max(t.dim(), 1)
    if nd != max(index.dim(), 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    for k in range(nd):
        if k != d and _nonempty_size(index, k) > _nonempty_size(t, k):
            raise RuntimeError(
                f"Size does not match at dimension {k} expected index {fmt_list(index._shape)} to be no larger than "
                f"self {fmt_list(t._shape)} apart from dimension {d}"
            )
    ishape = _nonempty(index)[0]
    base, step = _along(t, d, ishape)
    vals = _index_values(index, d, _nonempty_size(t, d))
    data = t._storage.data
    return _contiguous([data[b + v * step] for b, v in zip(base, vals)], index._shape, t._dtype)


class GatherBackward0(Node):
    _name = "GatherBackward0"
    saves = ("index", "self")

    def apply(self, grad):
        sv = self._svals
        if sv["sparse_grad"]:
            raise unsupported("gather(..., sparse_grad=True) gradients (sparse tensors)")
        t = self.saved("self")
        return [scatter_add_(zeros(t._shape, grad._dtype), self.dim, self.saved("index"), grad)]


# ------------------------------------------------------------------ take_along_dim
@kernel
def take_along_dim(t, indices, dim=None):
    """torch's composite take_along_dim: gather from t and indices broadcast against each other (all but
    along ``dim``), the indices wrapped modulo the size; without ``dim``, gather from the flattened t."""
    if dim is None:  # (gather's own index checks)
        return gather(at.view(t, (-1,)), 0, at.view(indices, (-1,)))
    if t.dim() != indices.dim():
        raise RuntimeError(
            "torch.take_along_dim(): input and indices should have the same number of dimensions, but got "
            f"{t.dim()} dimensions for input, and {indices.dim()} dimensions for indices"
        )
    if indices._dtype is not D.int64:
        raise RuntimeError(f"torch.take_along_dim(): dtype of indices should be Long but got {indices._dtype._legacy}")
    d = wrap_dim(dim, t.dim())
    sizes = list(t._shape)
    sizes[d] = indices.size(d)
    indices = at.expand(indices, broadcast_shapes(sizes, indices._shape))
    sizes = list(indices._shape)
    sizes[d] = t.size(d)
    t = at.expand(t, broadcast_shapes(sizes, t._shape))
    return gather(t, d, at.remainder(indices, t.size(d)))


@method("take_along_dim")
@function("take_along_dim")
def take_along_dim_api(self, indices, dim=None):
    return take_along_dim(self, indices, dim)


# ------------------------------------------------------------------ scatter / scatter_add
def _scatter_checks(t, d, index, src, name="scatter"):
    if index.numel() and index._dtype not in _INDEX:
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index")
    if src is not None and t._dtype is not src._dtype:
        raise RuntimeError(f"{name}(): Expected self.dtype to be equal to src.dtype")
    if index.numel() == 0:
        return
    nd = max(t.dim(), 1)
    if nd != max(index.dim(), 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    wrong = any(k != d and _nonempty_size(index, k) > _nonempty_size(t, k) for k in range(nd))
    if not wrong and src is not None:
        for k in range(nd):
            size = src._shape[wrap_dim(k, src.dim())] if src.dim() else 1
            if _nonempty_size(index, k) > size:
                wrong = True
                break
    if src is not None:
        if max(src.dim(), 1) != max(index.dim(), 1):
            raise RuntimeError("Index tensor must have the same number of dimensions as src tensor")
        if wrong:
            raise RuntimeError(
                f"Expected index {fmt_list(index._shape)} to be no larger than self {fmt_list(t._shape)} apart from "
                f"dimension {d} and to be no larger size than src {fmt_list(src._shape)}"
            )
    elif wrong:
        raise RuntimeError(
            f"Expected index {fmt_list(index._shape)} to be no larger than self {fmt_list(t._shape)} apart from "
            f"dimension {d}"
        )


def _scatter_values(t, d, index, src, value, reduce, opmath):
    """Write src's (or the value's) elements at t's positions along ``d`` given by ``index``."""
    if index.numel() == 0:
        return
    ishape = _nonempty(index)[0]
    base, step = _along(t, d, ishape)
    idx = _index_values(index, d, _nonempty_size(t, d))
    pos = [b + v * step for b, v in zip(base, idx)]
    if src is not None:
        _, sstride = _nonempty(src)
        sdata = src._storage.data
        vals = [sdata[p] for p in positions(ishape, sstride, src._offset)]
    else:
        vals = [value] * len(pos)
    data = t._storage.data
    if reduce is None:
        for p, v in zip(pos, vals):
            data[p] = v
    elif opmath and reduce == "add" and t._dtype in D.REDUCED:
        _add_in_opmath(t, pos, vals)
    else:
        add_at(data, pos, vals, t._dtype, reduce)


def _reduce_argument(reduce):
    if reduce is not None and reduce not in ("add", "multiply"):
        raise RuntimeError("reduce argument must be either add or multiply.")


def _scatter_into(t, d, index, src, reduce):
    """The write of scatter_/scatter (src a tensor or a number), without autograd."""
    is_tensor = isinstance(src, Tensor)
    _scatter_checks(t, d, index, src if is_tensor else None)
    _reduce_argument(reduce)
    if reduce is not None and is_tensor:
        warn_once("scatter-reduce-src", _REDUCE_WITH_SRC, stacklevel=5)
    value = None if is_tensor else D.checked_scalar(src, t._dtype)
    _scatter_values(t, d, index, src if is_tensor else None, value, reduce, opmath=False)


def _scatter_node(make, t, dim, index, src, reduce, *out):
    inputs = (t, src) if isinstance(src, Tensor) else (t,)
    if reduce is not None:
        return make(ScatterNotImplemented, inputs, *out)
    return _node_of(make, ScatterBackward0 if isinstance(src, Tensor) else ScatterBackward1, inputs, *out, dim=dim,
                    index=index)


@kernel
def scatter_(t, dim, index, src, reduce=None):
    d = wrap_dim(dim, t.dim())
    recording = check_inplace(t, src)
    write_positions(t)
    _scatter_into(t, d, index, src, reduce)
    t._versions.bump()
    if recording:
        rebase_history(t, _scatter_node(make_node, t, dim, index, src, reduce))
    return t


@kernel
def scatter(t, dim, index, src, reduce=None):
    d = wrap_dim(dim, t.dim())
    out = at.clone(at.detach(t), contiguous=True)
    _scatter_into(out, d, index, src, reduce)
    _scatter_node(record, t, dim, index, src, reduce, out)
    return out


class ScatterBackward0(Node):
    _name = "ScatterBackward0"
    saves = ("index",)

    def apply(self, grad):
        d, index = self.dim, self.saved("index")
        g_self = scatter(grad, d, index, 0) if self.needs(0) else None
        return [g_self, gather(grad, d, index) if self.needs(1) else None]


class ScatterBackward1(Node):
    _name = "ScatterBackward1"
    saves = ("index",)

    def apply(self, grad):
        return [scatter(grad, self.dim, self.saved("index"), 0)]


class ScatterNotImplemented(Node):
    """torch has no derivative for scatter with ``reduce=``: its node raises when backward reaches it."""

    _name = "torch::autograd::NotImplemented"

    def __repr__(self):
        return f"<NotImplemented object at {hex(id(self))}>"

    def apply(self, grad):
        raise RuntimeError("derivative for aten::scatter is not implemented")


def _scatter_add_into(t, d, index, src):
    _scatter_checks(t, d, index, src)
    _scatter_values(t, d, index, src, None, "add", opmath=True)


@kernel
def scatter_add_(t, dim, index, src):
    d = wrap_dim(dim, t.dim())
    recording = check_inplace(t, src)
    _scatter_add_into(t, d, index, src)
    t._versions.bump()
    if recording:
        rebase_history(t, _scatter_add_node(make_node, t, dim, index, src))
    return t


@kernel
def scatter_add(t, dim, index, src):
    d = wrap_dim(dim, t.dim())
    out = at.clone(at.detach(t), contiguous=True)
    _scatter_add_into(out, d, index, src)
    _scatter_add_node(record, t, dim, index, src, out)
    return out


def _scatter_add_node(make, t, dim, index, src, *out):
    return _node_of(make, ScatterAddBackward0, (t, src), *out, dim=dim, index=index)


class ScatterAddBackward0(Node):
    _name = "ScatterAddBackward0"
    saves = ("index",)

    def apply(self, grad):
        g_src = gather(grad, self.dim, self.saved("index")) if self.needs(1) else None
        return [grad if self.needs(0) else None, g_src]


# ------------------------------------------------------------------ take / put
def _linear_positions(t):
    """Storage positions of t's elements in row-major order (what take's and put's indices count)."""
    return t._positions() if t._shape else [t._offset]


def _wrapped(idx, n):
    if idx and (min(idx) < -n or max(idx) >= n):
        bad = next(i for i in idx if i < -n or i >= n)
        raise IndexError(f"out of range: tried to access index {bad} on a tensor of {n} elements.")
    return [i + n if i < 0 else i for i in idx]


@kernel
def take(t, index):
    if index._dtype is not D.int64:
        raise RuntimeError(f"take(): Expected a long tensor for index, but got {index._dtype._legacy}")
    n = t.numel()
    if n == 0 and index.numel() != 0:
        raise IndexError("take(): tried to take from an empty tensor")
    idx = _wrapped(index._values(), n)
    lin = _linear_positions(t)
    data = t._storage.data
    out = _contiguous([data[lin[i]] for i in idx], index._shape, t._dtype)
    record(TakeBackward0, (t,), out, self=t, index=index)
    return out


class TakeBackward0(Node):
    _name = "TakeBackward0"
    saves = ("self", "index")

    def apply(self, grad):
        t = self.saved("self")
        out = zeros(t._shape, grad._dtype)
        stride = preserve_strides(t._shape, t._stride)
        if stride != out._stride:
            out = Tensor._make(Storage(out._storage.data, grad._dtype.itemsize), t._shape, stride, 0, grad._dtype)
        return [put_(out, self.saved("index"), grad, True)]


def _put_values(t, index, source, accumulate):
    if index._dtype is not D.int64:
        raise RuntimeError(f"put_(): Expected a long tensor for index, but got {index._dtype._legacy}")
    if t._dtype is not source._dtype:
        raise RuntimeError(
            f"put_(): self and source expected to have the same dtype, but got self.dtype = {t._dtype._legacy} and "
            f"source.dtype = {source._dtype._legacy}"
        )
    if index.numel() != source.numel():
        raise IndexError(
            "put_(): Expected source and index to have the same number of elements, but got source.numel() = "
            f"{source.numel()}, index.numel() = {index.numel()}"
        )
    n = t.numel()
    if n == 0 and index.numel() != 0:
        raise IndexError("put_(): Tried to put elements into an empty tensor")
    lin = _linear_positions(t)
    pos = [lin[i] for i in _wrapped(index._values(), n)]
    vals = source._values()
    if accumulate:
        add_at(t._storage.data, pos, vals, t._dtype)
    else:
        data = t._storage.data
        for p, v in zip(pos, vals):
            data[p] = v


@kernel
def put_(t, index, source, accumulate=False):
    recording = check_inplace(t, source)
    _put_values(t, index, source, accumulate)
    t._versions.bump()
    if recording:
        rebase_history(t, make_node(PutBackward0, (t, source), accumulate=accumulate, index=index, source=source))
    return t


@kernel
def put(t, index, source, accumulate=False):
    out = at.clone(at.detach(t))
    _put_values(out, index, source, accumulate)
    record(PutBackward0, (t, source), out, accumulate=accumulate, index=index, source=source)
    return out


class PutBackward0(Node):
    _name = "PutBackward0"
    saves = ("index", "source")

    def apply(self, grad):
        index, source = self.saved("index"), self.saved("source")
        g_self = g_source = None
        if self.needs(0):
            g_self = grad if self._svals["accumulate"] else put(grad, index, zeros(source._shape, source._dtype))
        if self.needs(1):
            g_source = at.reshape(take(grad, index), source._shape)
        return [g_self, g_source]


# ------------------------------------------------------------------ the Tensor and torch API
# torch's parser (booktorch/binding.py) has checked every call below; scatter gets what it read, by name
@method("index_select")
@function("index_select")
def index_select_api(input, dim, index):
    return index_select(input, dim, index)


@method("index_add_")
def index_add_method_(self, dim, index, source, *, alpha=1):
    return index_add_(self, dim, index, source, alpha)


@method("index_add")
@function("index_add")
def index_add_api(input, dim, index, source, *, alpha=1):
    return index_add(input, dim, index, source, alpha)


@method("gather")
@function("gather")
def gather_api(input, dim, index, *, sparse_grad=False):
    return gather(input, dim, index, sparse_grad)


@method("scatter")
@parsed
def scatter_method(self, dim, index, src=None, value=None, reduce=None):
    return scatter(self, dim, index, value if src is None else src, reduce)


@method("scatter_")
@parsed
def scatter_method_(self, dim, index, src=None, value=None, reduce=None):
    return scatter_(self, dim, index, value if src is None else src, reduce)


@function("scatter")
@parsed
def scatter_function(input, dim, index, src=None, value=None, reduce=None, out=None):
    return scatter(input, dim, index, value if src is None else src, reduce)


@method("scatter_add_")
def scatter_add_method_(self, dim, index, src):
    return scatter_add_(self, dim, index, src)


@method("scatter_add")
@function("scatter_add")
def scatter_add_api(input, dim, index, src):
    return scatter_add(input, dim, index, src)


@method("take")
@function("take")
def take_api(input, index):
    return take(input, index)


@method("put_")
def put_method_(self, index, source, accumulate=False):
    return put_(self, index, source, accumulate)


@method("put")
@function("put")
def put_api(input, index, source, accumulate=False):
    return put(input, index, source, accumulate)
