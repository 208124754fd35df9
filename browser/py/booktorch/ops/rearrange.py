"""New tensors made of an input's elements rearranged: ``flip``, ``roll``, ``repeat``, ``tile`` and
``repeat_interleave``, with their backward nodes (FlipBackward0, RollBackward0, RepeatBackward0).

- ``flip`` keeps the input's memory order (``empty_like``), the others are contiguous.
- ``roll`` along one dimension is torch's ``cat`` of two ``narrow``s, along several one roll after
  another, and without ``dims`` the roll of the flattened tensor.
- ``tile`` pads its repeats with leading 1s and is ``repeat``.
- ``repeat_interleave`` with an int is torch's composite ``unsqueeze``-``expand``-``clone``-``flatten`` (so
  autograd records those nodes), with a tensor of repeats an ``index_select``.
"""

from .. import dtypes as D
from ..graph import Node, record, saved_ints
from ..iterator import new_strided
from ..binding import int_tuple, parsed
from ..registry import at, function, kernel, method
from ..shape import fmt_list, numel, positions, preserve_strides, wrap_dim
from ..tensor import Tensor


# ------------------------------------------------------------------ flip
@kernel
def flip(t, dims):
    nd = t.dim()
    seen = set()
    for d in dims:
        w = wrap_dim(d, nd)
        if w in seen:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
        seen.add(w)
    offset = t._offset
    stride = list(t._stride)
    for d in seen:
        if d >= nd:  # a 0-d tensor accepts dim 0 and -1
            continue
        if t._shape[d] > 0:
            offset += (t._shape[d] - 1) * stride[d]
        stride[d] = -stride[d]
    data = t._storage.data
    vals = [data[p] for p in positions(t._shape, stride, offset)]
    out = new_strided(vals, t._shape, preserve_strides(t._shape, t._stride), t._dtype)
    node = record(FlipBackward0, (t,), out, dims=saved_ints(tuple(dims)))
    if node is not None:
        node.dims = tuple(dims)
    return out


class FlipBackward0(Node):
    _name = "FlipBackward0"

    def apply(self, grad):
        return [flip(grad, self.dims)]


# ------------------------------------------------------------------ roll
def _rolled(vals, shape, shift, d):
    """Row-major values of a tensor of ``shape`` rolled by ``shift`` along ``d`` (torch's cat of two narrows)."""
    size = shape[d]
    start = (size - shift) % size
    inner = numel(shape[d + 1:])
    block = size * inner
    cut = start * inner
    return [v for b in range(0, len(vals), block) for v in vals[b + cut:b + block] + vals[b:b + cut]]


@kernel
def roll(t, shifts, dims=()):
    shifts, dims = tuple(shifts), tuple(dims)
    if not (len(dims) == 1 and len(shifts) == 1):
        if not shifts:
            raise RuntimeError("`shifts` required")
        if (dims or len(shifts) != 1) and len(shifts) != len(dims):
            raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}")
    vals = t._values()
    if not dims:  # the roll of the flattened tensor
        if vals:
            start = (len(vals) - shifts[0]) % len(vals)
            vals = vals[start:] + vals[:start]
        out = Tensor._from_values(vals, t._shape, t._dtype)
    elif not vals:  # torch clones an empty tensor before it looks at the dims
        out = new_strided([], t._shape, preserve_strides(t._shape, t._stride), t._dtype)
    else:
        for shift, d in zip(shifts, dims):
            t.size(d)  # torch's error for a dimension the tensor does not have
            vals = _rolled(vals, t._shape, shift, wrap_dim(d, t.dim()))
        out = Tensor._from_values(vals, t._shape, t._dtype)
    node = record(RollBackward0, (t,), out, dims=saved_ints(dims), shifts=saved_ints(shifts))
    if node is not None:
        node.shifts, node.dims = shifts, dims
    return out


class RollBackward0(Node):
    _name = "RollBackward0"

    def apply(self, grad):
        return [roll(grad, tuple(-s for s in reversed(self.shifts)), tuple(reversed(self.dims)))]


# ------------------------------------------------------------------ repeat / tile
@kernel
def repeat(t, repeats):
    repeats = tuple(repeats)
    if len(repeats) < t.dim():
        raise RuntimeError(
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
        )
    pad = len(repeats) - t.dim()
    padded = (1,) * pad + tuple(t._shape)
    strides = (0,) * pad + tuple(t._stride)
    target = tuple(p * r for p, r in zip(padded, repeats))
    for s in target:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {fmt_list(target)}")
    pos = [t._offset]
    if 0 not in repeats and numel(target):
        for size, st, n in zip(padded, strides, target):
            steps = [(j % size) * st for j in range(n)]
            pos = [p + s for p in pos for s in steps]
        data = t._storage.data
        vals = [data[p] for p in pos]
    else:
        vals = [D.zero_of(t._dtype)] * numel(target)
    out = Tensor._from_values(vals, target, t._dtype)
    record(RepeatBackward0, (t,), out, repeats=repeats, self_sym_sizes=tuple(t._shape))
    return out


class RepeatBackward0(Node):
    _name = "RepeatBackward0"

    def apply(self, grad):
        sv = self._svals
        repeats, sizes = sv["repeats"], sv["self_sym_sizes"]
        if 0 in repeats:
            return [_zeros(sizes, grad)]
        lead = len(repeats) - len(sizes)
        for _ in range(lead):
            grad = at.sum(grad, 0)
        grad_size, sum_dims = [], []
        for k, size in enumerate(sizes):
            r = repeats[k + lead]
            if r != 1:
                grad_size.append(r)
                sum_dims.append(len(grad_size) - 1)
            grad_size.append(size)
        if sum_dims:
            grad = at.sum(at.reshape(grad, tuple(grad_size)), tuple(sum_dims))
        return [grad]


def _zeros(shape, like):
    return Tensor._from_values([D.zero_of(like._dtype)] * numel(shape), tuple(shape), like._dtype)


@kernel
def tile(t, dims):
    dims = tuple(dims)
    if t.dim() > len(dims):
        dims = (1,) * (t.dim() - len(dims)) + dims
    return repeat(t, dims)


# ------------------------------------------------------------------ repeat_interleave
@kernel
def repeat_interleave_counts(repeats, output_size=None):
    """torch.repeat_interleave(repeats): each position i repeated repeats[i] times."""
    if repeats._dtype not in (D.int64, D.int32):
        raise NotImplementedError(f'"repeat_interleave_cpu" not implemented for \'{repeats._dtype._legacy}\'')
    if repeats.dim() != 1:
        raise RuntimeError("repeat_interleave only accept 1D vector as repeat")
    counts = repeats._values()
    if counts and min(counts) < 0:
        raise RuntimeError("repeats can not be negative")
    total = sum(counts)
    if output_size is not None and output_size != total:
        raise RuntimeError("allocated size does not match required size")
    vals = [i for i, c in enumerate(counts) for _ in range(c)]
    return Tensor._from_values(vals, (len(vals),), repeats._dtype)


@kernel
def repeat_interleave(t, repeats, dim=None, output_size=None):
    if isinstance(repeats, Tensor):
        x = at.flatten(t) if dim is None else t
        d = 0 if dim is None else wrap_dim(dim, t.dim())
        if repeats.dim() == 0 or (repeats.dim() == 1 and repeats._shape[0] == 1):
            repeats = at.expand(at.reshape(repeats, (1,)), (x.size(d),))
        elif repeats.dim() == 1:
            if repeats._shape[0] != x.size(d):
                raise RuntimeError(
                    "repeats must have the same size as input along dim, but got repeats.size(0) = "
                    f"{repeats._shape[0]} and input.size({0 if dim is None else dim}) = {x._shape[d]}"
                )
        else:
            raise RuntimeError("repeats must be 0-dim or 1-dim tensor")
        return at.index_select(x, d, repeat_interleave_counts(repeats, output_size))
    x = at.flatten(t) if dim is None else t
    d = wrap_dim(0 if dim is None else dim, t.dim())
    if repeats < 0:
        raise RuntimeError("Repeats must be non-negative")
    sizes = list(x._shape)
    sizes.insert(d + 1, repeats)
    expanded = at.expand(at.unsqueeze(x, d + 1), tuple(sizes))
    return at.flatten(at.clone(expanded, contiguous=True), d, d + 1)


# ------------------------------------------------------------------ the Tensor and torch API
# torch's parser (booktorch/binding.py) has read the int tuples: x.flip(0, 1), x.flip((0, 1)), flip(x, [0])
@method("flip")
def flip_method(self, *dims):
    return flip(self, int_tuple(dims))


@function("flip")
def flip_function(input, dims):  # noqa: A002 - torch's name
    return flip(input, int_tuple(dims))


@function("fliplr")
def fliplr(input):
    if input.dim() < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return flip(input, (1,))


@function("flipud")
def flipud(input):
    if input.dim() < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return flip(input, (0,))


@function("ravel")
def ravel(input):
    """torch's composite ravel: ``contiguous().view(-1)``."""
    return at.view(at.contiguous(input), (-1,))


for _fn in (fliplr, flipud, ravel):  # METH_NOARGS in torch: booktorch/binding.py refuses any argument
    method(_fn.__name__)(_fn)
del _fn


@method("roll")
@function("roll")
def roll_api(self, shifts, dims=None):
    return roll(self, int_tuple(shifts), () if dims is None else int_tuple(dims))


@method("repeat")
def repeat_method(self, *repeats):
    return repeat(self, int_tuple(repeats))


@method("tile")
def tile_method(self, *dims):
    return tile(self, int_tuple(dims))


@function("tile")
def tile_function(input, dims):  # noqa: A002 - torch's name
    return tile(input, int_tuple(dims))


# torch's parser (booktorch/binding.py) has read the overload: repeats (a tensor or an int), dim, output_size
@method("repeat_interleave")
@parsed
def repeat_interleave_method(self, repeats, dim=None, output_size=None):
    return repeat_interleave(self, repeats, dim, output_size)


@function("repeat_interleave")
@parsed
def repeat_interleave_function(repeats, input=None, dim=None, output_size=None, out=None):
    if input is None:  # torch.repeat_interleave(repeats): the indices that repeat_interleave would select
        return repeat_interleave_counts(repeats, output_size)
    return repeat_interleave(input, repeats, dim, output_size)
