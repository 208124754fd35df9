"""Masks: ``nonzero`` (and ``argwhere``, ``where(cond)``), ``masked_fill``, ``masked_select`` and
``masked_scatter``, with their backward nodes.

- ``nonzero`` lists the positions of the non-zero elements in row-major order as an int64 tensor of
  shape ``(n, x.dim())`` stored column by column (strides ``(1, n)``, as torch's CPU kernel writes it);
  ``as_tuple=True`` gives its columns (``unbind(1)``), which is what ``torch.where(cond)`` returns.
- ``masked_fill`` takes a number or a 0-d tensor (converted with torch's overflow check); the
  out-of-place form broadcasts ``x`` and the mask and returns a contiguous tensor.
- ``masked_select`` returns the selected elements of the broadcast ``x`` in row-major order.
"""

import warnings

from .. import dtypes as D
from ..graph import Node, make_node, record
from ..iterator import check_inplace, expanded_values, write_positions, zeros
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes, contiguous_strides, numel, preserve_strides
from ..storage import Storage
from ..tensor import Tensor
from .rebase import rebase_history

_NUMBER = (bool, int, float)
_EXPANDED_FILL = (
    "Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing this "
    "operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:2450.)"
)
_UINT8_SCATTER = (
    "masked_scatter_ received a mask with dtype torch.uint8, this behavior is now deprecated,please use a mask "
    "with dtype torch.bool instead. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:3130.)"
)


# ------------------------------------------------------------------ nonzero
@kernel
def nonzero(x):
    vals = x._values()
    flat = [i for i, v in enumerate(vals) if v]
    n = len(flat)
    data = []
    for size, st in zip(x._shape, contiguous_strides(x._shape)):
        data.extend([f // st % size for f in flat] if size > 1 else [0] * n)
    return Tensor._make(Storage(data, 8), (n, x.dim()), (1, n), 0, D.int64)


@kernel
def nonzero_tuple(x):
    """``x.nonzero(as_tuple=True)``: the columns of nonzero (views of it, as torch's unbind gives)."""
    nz = nonzero(at.unsqueeze(x, 0) if x.dim() == 0 else x)
    return tuple(at.select(nz, 1, j) for j in range(nz._shape[1]))


@method("nonzero")
def nonzero_method(self, *, as_tuple=False):
    return nonzero_tuple(self) if as_tuple else nonzero(self)


@function("nonzero")
def nonzero_function(input, *, as_tuple=False):
    return nonzero_tuple(input) if as_tuple else nonzero(input)


@method("argwhere")
@function("argwhere")
def argwhere(self):
    return nonzero(self)


# ------------------------------------------------------------------ masked_fill
def _fill_value(value, name):
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise RuntimeError(
                f"masked_fill_ only supports a 0-dimensional value tensor, but got tensor with {value.dim()} "
                "dimension(s)."
            )
        return value.item()
    return value


@kernel
def masked_fill_values(t, mask, value):
    """Write the number ``value`` where ``mask`` (broadcast to t) is True: masked_fill_'s kernel (no version
    bump: index_put_ also writes through it)."""
    if mask._dtype is not D.bool_:
        raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype {mask._dtype._ctype}")
    if any(st == 0 and size > 1 for size, st in zip(t._shape, t._stride)):
        warnings.warn(_EXPANDED_FILL, UserWarning, stacklevel=4)
    shape = broadcast_shapes(t._shape, mask._shape)
    if tuple(shape) != tuple(t._shape):
        raise RuntimeError(
            f"output with shape [{', '.join(map(str, t._shape))}] doesn't match the broadcast shape "
            f"[{', '.join(map(str, shape))}]"
        )
    v = D.checked_scalar(value, t._dtype)
    data = t._storage.data
    for p, m in zip(t._positions(), expanded_values(mask, t._shape)):
        if m:
            data[p] = v


@kernel
def masked_fill_(t, mask, value):
    number = _fill_value(value, "masked_fill_")
    recording = check_inplace(t, value)
    masked_fill_values(t, mask, number)
    t._versions.bump()
    if recording:
        rebase_history(t, make_node(*_fill_node(t, value), mask=mask))  # the node points at the old history
    return t


@kernel
def masked_fill(t, mask, value):
    number = _fill_value(value, "masked_fill")
    shape = broadcast_shapes(mask._shape, t._shape)
    src = at.expand(at.detach(t), shape) if tuple(shape) != tuple(t._shape) else at.detach(t)
    out = Tensor._from_values(src._values(), tuple(shape), t._dtype)
    masked_fill_values(out, mask, number)
    record(*_fill_node(t, value), out, mask=mask)
    return out


def _fill_node(t, value):
    """The node class and inputs of masked_fill: a tensor value is an input, a number is not."""
    return (MaskedFillBackward1, (t, value)) if isinstance(value, Tensor) else (MaskedFillBackward0, (t,))


class MaskedFillBackward0(Node):
    _name = "MaskedFillBackward0"
    saves = ("mask",)

    def apply(self, grad):
        return [masked_fill(grad, self.saved("mask"), 0)]


class MaskedFillBackward1(Node):
    _name = "MaskedFillBackward1"
    saves = ("mask",)

    def apply(self, grad):
        mask = self.saved("mask")
        g_self = masked_fill(grad, mask, 0) if self.needs(0) else None
        g_value = at.sum(masked_select(grad, mask)) if self.needs(1) else None
        return [g_self, g_value]


@method("masked_fill_")
def masked_fill_method_(self, mask, value):
    return masked_fill_(self, mask, value)


@method("masked_fill")
def masked_fill_method(self, mask, value):
    return masked_fill(self, mask, value)


@function("masked_fill")
def masked_fill_function(input, mask, value):
    return masked_fill(input, mask, value)


# ------------------------------------------------------------------ masked_select / masked_scatter
@kernel
def masked_select(t, mask):
    if mask._dtype is not D.bool_:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    shape = broadcast_shapes(mask._shape, t._shape)
    vals = [v for v, m in zip(expanded_values(t, shape), expanded_values(mask, shape)) if m]
    out = Tensor._from_values(vals, (len(vals),), t._dtype)
    record(MaskedSelectBackward0, (t,), out, self=t, mask=mask)
    return out


class MaskedSelectBackward0(Node):
    _name = "MaskedSelectBackward0"
    saves = ("self", "mask")

    def apply(self, grad):
        t, mask = self.saved("self"), self.saved("mask")
        shape = broadcast_shapes(t._shape, mask._shape)
        expanded = at.expand(at.detach(t), shape)
        out = zeros(shape, grad._dtype)
        stride = preserve_strides(expanded._shape, expanded._stride)
        if stride != out._stride:
            out = Tensor._make(out._storage, out._shape, stride, 0, out._dtype)
        return [masked_scatter_(out, mask, grad)]


@kernel
def masked_scatter_(t, mask, source):
    if t._dtype is not source._dtype:
        raise RuntimeError(
            "masked_scatter: expected self and source to have same dtypes but got"
            f"{t._dtype._legacy} and {source._dtype._legacy}"
        )
    recording = check_inplace(t, source)
    m = at.expand(mask, t._shape)
    if m._dtype is D.uint8:
        warnings.warn(_UINT8_SCATTER, UserWarning, stacklevel=3)
    if m._dtype is not D.bool_:
        raise RuntimeError(f"masked_scatter_ only supports boolean masks, but got mask with dtype {m._dtype._legacy}")
    src = source._values()
    data = t._storage.data
    k = 0
    for p, on in zip(write_positions(t), m._values()):
        if on:
            if k >= len(src):
                raise RuntimeError("Number of elements of source < number of ones in mask")
            data[p] = src[k]
            k += 1
    t._versions.bump()
    if recording:
        rebase_history(t, make_node(MaskedScatterBackward0, (t, source), source_sym_sizes=tuple(source._shape),
                                    mask=mask))
    return t


@kernel
def masked_scatter(t, mask, source):
    shape = broadcast_shapes(mask._shape, t._shape)
    src = at.expand(at.detach(t), shape) if tuple(shape) != tuple(t._shape) else at.detach(t)
    out = Tensor._from_values(src._values(), tuple(shape), t._dtype)
    masked_scatter_(out, at.expand(mask, shape), at.detach(source))
    out._versions.version = 0
    record(MaskedScatterBackward0, (t, source), out, source_sym_sizes=tuple(source._shape), mask=mask)
    return out


class MaskedScatterBackward0(Node):
    _name = "MaskedScatterBackward0"
    saves = ("mask",)

    def apply(self, grad):
        mask = self.saved("mask")
        g_self = masked_fill(grad, mask, 0) if self.needs(0) else None
        g_source = None
        if self.needs(1):
            sizes = self._svals["source_sym_sizes"]
            selected = masked_select(grad, mask)
            missing = numel(sizes) - selected.numel()
            if missing > 0:
                selected = at.cat([selected, zeros((missing,), grad._dtype)], 0)
            g_source = at.view(selected, sizes)
        return [g_self, g_source]


@method("masked_select")
def masked_select_method(self, mask):
    return masked_select(self, mask)


@function("masked_select")
def masked_select_function(input, mask):
    return masked_select(input, mask)


@method("masked_scatter_")
def masked_scatter_method_(self, mask, source):
    return masked_scatter_(self, mask, source)


@method("masked_scatter")
def masked_scatter_method(self, mask, source):
    return masked_scatter(self, mask, source)


@function("masked_scatter")
def masked_scatter_function(input, mask, source):
    return masked_scatter(input, mask, source)

