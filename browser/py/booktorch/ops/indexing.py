"""Python's indexing, ``x[index]`` and ``x[index] = value``, as torch's python_variable_indexing.cpp
(``THPVariable_getitem``/``setitem``, ``applySlicing``) does it.

- Basic indexing gives views: an int selects, a slice slices, ``None`` unsqueezes, ``...`` skips
  dimensions; a lone slice always slices, a full ``:`` inside a tuple is skipped, and an index that
  changes nothing returns an alias.  A 0-d integer tensor indexes like an int.
- Index tensors (int64, int32, and bool or uint8 masks, a mask covering as many dimensions as it has),
  lists (made into int64 tensors, or bool tensors when all their elements are bools) and ``True``/``False``
  are collected per dimension of the sliced result and applied by advanced indexing
  (``at.index``/``at.index_put_`` in ``ops/advanced_index.py``), which copies.  Ints never take part in
  advanced indexing: ``x[[0, 1], 1, [1]]`` selects first and indexes adjacent dimensions.
- A list (not a tuple) that holds a tensor, a list, a slice, ``None`` or ``...`` is read as a tuple, with
  torch's deprecation warning.
- Assignment converts a number to the tensor's dtype (with torch's overflow check), copies into a
  basic-indexing view, or calls ``index_put_`` (the value's leading size-1 dimensions dropped first).
"""

import warnings

from .. import dtypes as D
from ..grad_mode import no_grad
from ..grad_mode import state as grad_state
from ..errors import unsupported
from ..graph import make_node
from ..iterator import NO_GRAD_VIEW_WRITE, copy_into, is_number
from ..registry import at, method
from ..tensor import Tensor
from .fill import CopyBackwards, FillBackward3
from .rebase import rebase_history

_INDEX_MAX = (1 << 63) - 1
_SEQUENCES = (list, tuple, range, str, bytes)
_SEQUENCE_AS_TUPLE = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed in pytorch 2.9; "
    "use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be interpreted as tensor index, "
    "x[torch.tensor(seq)], which will result either in an error or a different result (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:{line}.)"
)


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


def _is_mask(t):
    return t._dtype is D.bool_ or t._dtype is D.uint8


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


def _apply_slice(x, dim, start, stop, step, disable_opt):
    if step <= 0:
        raise ValueError("step must be greater than zero")
    length = x._shape[dim]
    if not disable_opt and start == 0 and stop >= length and step == 1:
        return x
    return at.slice_(x, dim, start, stop, step)


def _select(x, dim, i, real_dim):
    """applySelect: x.select(dim, i) with the errors torch gives for an index."""
    if not -(1 << 63) <= i < (1 << 63):
        raise ValueError("Overflow when unpacking long long")
    if x.dim() == 0:
        if i != 0:
            raise IndexError(f"index {i} is out of bounds for dimension 0 with size 0")
        raise IndexError(
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ "
            "to convert a 0-dim tensor to a number"
        )
    size = x._shape[dim]
    if i < -size or i >= size:
        raise IndexError(f"index {i} is out of bounds for dimension {real_dim} with size {size}")
    return at.select(x, dim, i, indexing=True)


def _bool_index(b):
    """boolToIndexingTensor: True indexes a new size-1 dimension with [0], False with []."""
    return Tensor._from_values([0] if b else [], (1 if b else 0,), D.int64)


def _has_str(seq):
    for item in seq:
        if isinstance(item, str):
            return True
        if isinstance(item, (list, tuple)) and _has_str(item):
            return True
    return False


def _sequence_index(seq):
    """sequenceToVariable: a list as an index tensor (bool when its elements are, int64 otherwise)."""
    if isinstance(seq, (str, bytes)) or _has_str(seq):
        raise TypeError("new(): invalid data type 'str'")
    data = list(seq) if isinstance(seq, range) else seq
    inferred = at.tensor(data)
    return inferred if inferred._dtype is D.bool_ else at.tensor(data, dtype=D.int64)


def _as_tuple(index):
    """wrapTuple: a tuple as it is, a short list holding a sequence, slice, tensor, None or ... as a
    tuple (deprecated), anything else as the one element of a tuple."""
    if isinstance(index, tuple):
        return index
    if isinstance(index, Tensor) or not isinstance(index, _SEQUENCES) or len(index) >= 32:
        return (index,)
    for obj in index:
        if isinstance(obj, (Tensor, slice) + _SEQUENCES):
            warnings.warn(_SEQUENCE_AS_TUPLE.format(line=349), UserWarning, stacklevel=3)
            return tuple(index)
        if obj is None or obj is Ellipsis:
            warnings.warn(_SEQUENCE_AS_TUPLE.format(line=359), UserWarning, stacklevel=3)
            return tuple(index)
    return (index,)


def _count_specified(index):
    n = 0
    for obj in index:
        if isinstance(obj, Tensor):
            n += obj.dim() if _is_mask(obj) else 1
        elif not (obj is None or obj is Ellipsis or isinstance(obj, bool)):
            n += 1
    return n


def _invalid(obj):
    return IndexError(
        "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices "
        f"(got {type(obj).__name__})"
    )


def _apply_slicing(x, index):
    """The views of the tuple ``index`` applied to ``x``, and the index tensors left for advanced indexing
    as torch's list: one entry per dimension of the result (None where not indexed), a mask counting as
    many dimensions as it has."""
    specified = _count_specified(index)
    nd = x.dim()
    if specified > nd:
        raise IndexError(f"too many indices for tensor of dimension {nd}")
    result = x
    dim = 0
    indices = []
    covered = 0  # dimensions of the result described by ``indices``

    def record(t):
        nonlocal dim, covered
        indices.extend([None] * (dim - covered))
        indices.append(t)
        dim += t.dim() if _is_mask(t) else 1
        covered = dim

    for real_dim, obj in enumerate(index):
        if _is_int(obj):
            result = _select(result, dim, obj, real_dim)
        elif isinstance(obj, slice):
            start, stop, step = _unpack_slice(obj)
            result = _apply_slice(result, dim, start, stop, step, disable_opt=False)
            dim += 1
        elif obj is Ellipsis:
            dim += nd - specified
        elif obj is None:
            result = at.unsqueeze(result, dim)
            dim += 1
        elif isinstance(obj, bool):
            result = at.unsqueeze(result, dim)
            record(_bool_index(obj))
        elif isinstance(obj, Tensor):
            if obj.dim() == 0 and obj._dtype._kind < 2:
                if _is_mask(obj):
                    result = at.unsqueeze(result, dim)
                    record(_bool_index(obj.item() != 0))
                else:
                    result = _select(result, dim, obj.item(), real_dim)
            else:
                record(obj)
        elif isinstance(obj, _SEQUENCES):
            record(_sequence_index(obj))
        else:
            i = _as_int(obj)
            if i is None:
                raise _invalid(obj)
            result = _select(result, dim, i, real_dim)
    return result, indices


def _single_index_view(x, index, reading):
    """The view one non-tuple basic index selects (torch's one-index fast paths in get_item and
    set_item), or None for any other index.  Reading, ``x[...]`` is a new alias and a full slice a new
    view (disable_opt); writing, both may be x itself."""
    if index is None:
        return at.unsqueeze(x, 0)
    if index is Ellipsis:
        return at.alias(x) if reading else x
    if _is_int(index):
        return _select(x, 0, index, 0)
    if isinstance(index, slice):
        start, stop, step = _unpack_slice(index)
        if x.dim() == 0:
            raise IndexError("slice() cannot be applied to a 0-dim tensor.")
        return _apply_slice(x, 0, start, stop, step, disable_opt=reading)
    return None


@method("__getitem__")
def getitem(x, index):
    view = _single_index_view(x, index, reading=True)
    if view is not None:
        return view
    if isinstance(index, bool):
        return at.index(at.unsqueeze(x, 0), [_bool_index(index)])
    sliced, indices = _apply_slicing(x, _as_tuple(index))
    if indices:
        return at.index(sliced, indices)
    return at.alias(x) if sliced is x else sliced


# ------------------------------------------------------------------ assignment
def _value_tensor(x, value):
    """valueToTensor: a tensor as it is, a number as a 0-d tensor of x's dtype."""
    if isinstance(value, Tensor):
        return value
    if not is_number(value):
        raise TypeError(f"can't assign a {type(value).__name__} to a {x.type()}")
    if isinstance(value, int) and not -(1 << 63) <= value < (1 << 63):
        raise ValueError("Overflow when unpacking long long")
    # a number is range-checked (not for float16 and bfloat16), as torch does
    return Tensor._from_values([D.checked_scalar(value, x._dtype, check_reduced=False)], (), x._dtype)


def _drop_leading_ones(v, always=False):
    """slicePrefix1sSize: the value viewed without its leading size-1 dimensions."""
    k = 0
    while k < v.dim() and v._shape[k] == 1:
        k += 1
    return at.view(v, v._shape[k:]) if k or always else v


def _records(x, target, value):
    """torch's in-place checks before writing into ``target`` (x or a view of x); True when autograd must
    record the write."""
    if not grad_state.grad or not (x._requires_grad or value._requires_grad):
        return False
    root = x._base if x._base is not None else x
    if x.__dict__.get("_no_grad_view"):
        if target is x:
            raise RuntimeError(NO_GRAD_VIEW_WRITE)
        raise unsupported("Assigning into a view of a view created in no_grad mode")
    if x._requires_grad and root._grad_fn is None:
        if target is x and x._base is None:
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
        raise RuntimeError("a view of a leaf Variable that requires grad is being used in an in-place operation.")
    return True


def _record(x, target, inner):
    """Make ``inner`` (the backward of the write into ``target``, x or a view of x) part of x's history:
    its base's, in a CopySlices, when target is a view; x's own grad_fn is regenerated then."""
    rebase_history(target, inner, views=(x,))


def _copy_to(x, target, value):
    """copy_to: ``target.copy_(value)`` for a value of target's shape, ``fill_`` for a 0-d value, else
    the value without its leading size-1 dimensions, expanded."""
    recording = _records(x, target, value)
    if value._shape != target._shape and value.dim() > 0:
        value = _drop_leading_ones(value, always=True)
        if value._shape != target._shape:
            value = at.expand(value, target._shape)
    copy_into(target, at.detach(value))  # bumps the version x and its views share
    if recording:
        inner_class = CopyBackwards if value.dim() > 0 or target.dim() == 0 else FillBackward3
        inner = make_node(inner_class, (x, value))
        inner.src_dtype = value._dtype
        _record(x, target, inner)


@method("__setitem__")
def setitem(x, index, value):
    value = _value_tensor(x, value)
    if index is False:
        return
    with no_grad():
        target = at.unsqueeze(x, 0) if index is True else _single_index_view(x, index, reading=False)
        if target is None:
            target, indices = _apply_slicing(x, _as_tuple(index))
        else:
            indices = []
    if not indices:
        _copy_to(x, target, value)
        return
    value = _drop_leading_ones(value)
    if target is x:
        at.index_put_(x, indices, value)
        return
    recording = _records(x, target, value)
    at.index_put_values(target, indices, value)
    x._versions.bump()
    if recording:
        _record(x, target, at.index_put_backward([x, value], indices, value))
