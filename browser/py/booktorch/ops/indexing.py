"""Basic indexing (``x[1]``, ``x[:, 0]``, ``x[1:3, ::2]``, ``x[None]``, ``x[...]``), all views.

Follows torch's ``THPVariable_getitem``/``applySlicing``: a lone slice always
slices, full ``:`` slices inside a tuple are skipped, an index that changes
nothing returns an alias, ints select, ``None`` unsqueezes.
Advanced indexing (tensor, list or bool indices) is not part of the subset.
"""

from .. import dtypes as D
from ..errors import unsupported
from ..grad_mode import no_grad
from ..grad_mode import state as grad_state
from ..iterator import copy_into, is_number
from ..registry import at, method
from ..tensor import Tensor

_INDEX_MAX = (1 << 63) - 1


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _as_int(x):
    if _is_int(x):
        return x
    if isinstance(x, Tensor) and x.dim() == 0 and x._dtype._kind == 1:
        return x.item()
    if hasattr(x, "__index__") and not isinstance(x, (bool, Tensor)):
        return x.__index__()
    return None


def _unpack_slice(s):
    step = 1 if s.step is None else _slice_int(s.step)
    if step == 0:
        raise ValueError("slice step cannot be zero")
    start = s.start
    stop = s.stop
    start = (0 if step > 0 else _INDEX_MAX) if start is None else _slice_int(start)
    stop = (_INDEX_MAX if step > 0 else -_INDEX_MAX - 1) if stop is None else _slice_int(stop)
    return start, stop, step


def _slice_int(v):
    i = _as_int(v)
    if i is None:
        raise TypeError("slice indices must be integers or None or have an __index__ method")
    return i


def _advanced(index):
    raise unsupported("Advanced indexing with tensors, lists or booleans (x[mask], x[[0, 2]])")


def _apply_slice(x, dim, start, stop, step, disable_opt):
    if step <= 0:
        raise ValueError("step must be greater than zero")
    length = x._shape[dim]
    if not disable_opt and start == 0 and stop >= length and step == 1:
        return x
    return at.slice_(x, dim, start, stop, step)


@method("__getitem__")
def getitem(x, index):
    if index is None:
        return at.unsqueeze(x, 0)
    if index is Ellipsis:
        return at.alias(x)
    i = _as_int(index) if not isinstance(index, Tensor) or index.dim() == 0 else None
    if _is_int(index) or (i is not None and not isinstance(index, (tuple, slice, list))):
        if x.dim() == 0:
            if i != 0:
                raise IndexError(f"index {i} is out of bounds for dimension 0 with size 0")
            raise IndexError(
                "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ "
                "to convert a 0-dim tensor to a number"
            )
        return at.select(x, 0, i, indexing=True)
    if isinstance(index, slice):
        start, stop, step = _unpack_slice(index)
        if x.dim() == 0:
            raise IndexError("slice() cannot be applied to a 0-dim tensor.")
        return _apply_slice(x, 0, start, stop, step, disable_opt=True)
    if not isinstance(index, tuple):
        _advanced(index)
    result = _apply_tuple(x, index)
    if result is x:
        result = at.alias(x)
    return result


def _count_specified(index):
    n = 0
    for obj in index:
        if obj is None or obj is Ellipsis or isinstance(obj, bool):
            continue
        n += 1
    return n


def _apply_tuple(x, index):
    for obj in index:
        if isinstance(obj, (Tensor, list, bool)) or (
            not isinstance(obj, (slice, type(None), type(Ellipsis))) and _as_int(obj) is None
        ):
            _advanced(index)
    specified = _count_specified(index)
    nd = x.dim()
    if specified > nd:
        raise IndexError(f"too many indices for tensor of dimension {nd}")
    result = x
    dim = 0
    for real_dim, obj in enumerate(index):
        if obj is None:
            result = at.unsqueeze(result, dim)
            dim += 1
        elif obj is Ellipsis:
            dim += nd - specified
        elif isinstance(obj, slice):
            start, stop, step = _unpack_slice(obj)
            result = _apply_slice(result, dim, start, stop, step, disable_opt=False)
            dim += 1
        else:
            i = _as_int(obj)
            size = result._shape[dim]
            if i < -size or i >= size:
                raise IndexError(f"index {i} is out of bounds for dimension {real_dim} with size {size}")
            result = at.select(result, dim, i, indexing=True)
    return result


@method("__setitem__")
def setitem(x, index, value):
    if not isinstance(value, Tensor) and not is_number(value):
        raise TypeError(f"can't assign a {type(value).__name__} to a {x.type()}")
    if isinstance(index, tuple) or index is None or index is Ellipsis or isinstance(index, slice) or _as_int(
        index
    ) is not None:
        with no_grad():
            target = getitem(x, index)
    else:
        _advanced(index)
    if grad_state.grad and (x._requires_grad or (isinstance(value, Tensor) and value._requires_grad)):
        root = x._base if x._base is not None else x
        if root._requires_grad and root._grad_fn is None:
            raise RuntimeError("a view of a leaf Variable that requires grad is being used in an in-place operation.")
        raise unsupported("Assigning into a tensor that requires grad (x[...] = ...)")
    if isinstance(value, Tensor):
        # torch drops leading size-1 dims of the value before broadcasting
        v = value
        while v.dim() > target.dim() and v._shape[0] == 1:
            v = at.squeeze(at.detach(v), 0)
        at.expand(at.detach(v), target._shape)
        copy_into(target, v)
    else:
        # a number is range-checked (not for float16 and bfloat16), as torch does
        copy_into(target, D.checked_scalar(value, x._dtype, check_reduced=False))
    if target._version is not x._version:
        x._version.bump()
