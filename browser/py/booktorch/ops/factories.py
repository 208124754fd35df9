"""Tensor creation: tensor, as_tensor, asarray, zeros, ones, empty, full, eye, arange, linspace, logspace,
``*_like`` and ``new_*``.

``dtype=`` defaults as in torch: ``torch.tensor`` infers bool, int64 or the default
float dtype from the data; the float factories use the default dtype; ``full`` infers
from its fill value; ``*_like`` and ``new_*`` take the input's dtype.  ``device=``
accepts the CPU and raises CPU-only torch's error for any other device.
"""

import math
import warnings

from .. import dtypes as D
from ..devices import check_device, device
from ..errors import unsupported
from ..iterator import copy_into, write
from ..binding import parsed
from ..registry import at, function, kernel, method
from ..shape import fmt_list, numel
from ..signatures import Parser, type_name
from ..storage import Storage
from ..tensor import Tensor, warn_once
from ..tensor_options import (
    NO_PINNED_MEMORY,
    check_placement,
    check_sizes,
    checked_out,
    filled,
    like,
    set_requires_grad,
)

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
_SEQUENCES = (list, tuple, range)  # what torch.tensor reads as nested data


def _finish(t, requires_grad):
    if requires_grad:
        if not t._dtype.is_floating_point:
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        t._requires_grad = True
    return t


# ------------------------------------------------------------------ torch.tensor
def _infer_dtype(obj):
    if isinstance(obj, bool):
        return D.bool_
    if isinstance(obj, int):
        return D.int64
    if isinstance(obj, float):
        return D.get_default_dtype()
    if isinstance(obj, Tensor):
        return obj._dtype
    if isinstance(obj, str):
        raise ValueError(f"too many dimensions '{type(obj).__name__}'")
    if isinstance(obj, _SEQUENCES):
        if len(obj) == 0:
            return D.get_default_dtype()
        dt = None
        for item in obj:
            if item is obj:
                raise TypeError("new(): self-referential lists are incompatible")
            it = _infer_dtype(item)
            dt = it if dt is None else D.promote_types(dt, it)
        return dt
    if isinstance(obj, complex):
        raise unsupported("complex numbers")
    raise RuntimeError(f"Could not infer dtype of {type_name(obj)}")


def _compute_sizes(obj):
    """The data's shape, read along its first elements (a tensor element counts as one number, as in torch)."""
    sizes = []
    seq = obj
    while True:
        if isinstance(seq, str):
            raise ValueError(f"too many dimensions '{type(seq).__name__}'")
        if not isinstance(seq, _SEQUENCES):
            break
        sizes.append(len(seq))
        if len(seq) == 0:
            break
        seq = seq[0]
    return sizes


def _overflow(dt):
    return RuntimeError(f"value cannot be converted to type {dt._name} without overflow")


def _scalar_value(obj, dt):
    """One element of ``torch.tensor``'s data as a value of ``dt`` (with torch's checks)."""
    if isinstance(obj, Tensor):
        if obj.numel() != 1:  # torch reads the element with __index__, __bool__ or __float__
            if dt._kind == 1:
                raise TypeError("only integer tensors of a single element can be converted to an index")
            if dt._kind == 0:
                raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
            raise ValueError("only one element tensors can be converted to Python scalars")
        v = obj._storage.data[obj._offset]
        if dt._kind < 2:
            if obj._dtype.is_floating_point:  # read with __index__, as torch reads an integer
                raise TypeError("only integer tensors of a single element can be converted to an index")
            return _scalar_value(v, dt)
        return D.convert([v], obj._dtype, dt)[0]
    if isinstance(obj, _SEQUENCES) or not isinstance(obj, (bool, int, float)):
        if dt._kind == 1 and isinstance(obj, _SEQUENCES):
            raise TypeError(f"'{type(obj).__name__}' object cannot be interpreted as an integer")
        raise TypeError(f"must be real number, not {type_name(obj)}")
    if dt._kind == 1 and isinstance(obj, int) and not (_INT64_MIN <= obj <= _INT64_MAX):
        raise ValueError("Overflow when unpacking long long")
    if dt._kind == 1 and D.overflows(obj, dt):
        raise _overflow(dt)
    if dt._kind == 1 and isinstance(obj, int) and obj < 0 and dt._lo == 0:
        return obj & dt._hi
    return D.scalar_to(obj, dt)


def _store(obj, sizes, dim, dt, out):
    if dim == len(sizes):
        out.append(_scalar_value(obj, dt))
        return
    if isinstance(obj, Tensor):
        out.extend(D.convert(obj._values(), obj._dtype, dt))
        return
    if not isinstance(obj, _SEQUENCES):
        raise TypeError("not a sequence")
    n = sizes[dim]
    if len(obj) != n:
        raise ValueError(f"expected sequence of length {n} at dim {dim} (got {len(obj)})")
    for item in obj:
        _store(item, sizes, dim + 1, dt, out)


_TENSOR = Parser("tensor", "(object data, *, torch.dtype dtype = None, torch.device device = None, bool pin_memory = False, "
                 "bool requires_grad = False)")
_AS_TENSOR = Parser("as_tensor", "(object data, *, torch.dtype dtype = None, torch.device device = None)")
_ASARRAY = Parser("asarray", "(object obj, *, torch.dtype dtype = None, torch.device device = None, bool copy = None, "
                  "bool requires_grad = None)")
_NEW_TENSOR = Parser("new_tensor", "(object data, *, torch.dtype dtype = None, torch.layout layout = None, "
                     "torch.device device = None, bool pin_memory = False, bool requires_grad = False)")


# ------------------------------------------------------------------ torch.tensor, as_tensor, asarray
@kernel
def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """torch.tensor's work (also ``at.tensor``): a new tensor holding a copy of ``data``."""
    check_device("tensor", device, allocates=False)
    if pin_memory:
        raise RuntimeError(NO_PINNED_MEMORY)
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
            "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor).",
            UserWarning,
            stacklevel=3,
        )
        dt = dtype or data._dtype
        t = Tensor._from_values(D.convert(data._values(), data._dtype, dt), data._shape, dt)
        return _finish(t, requires_grad)
    return _finish(_from_data(data, dtype), requires_grad)


def _from_data(data, dtype):
    """A tensor from nested Python sequences and numbers, its dtype inferred unless given."""
    if type(data).__module__ == "numpy":  # only where NumPy exists (the build), never in the browser
        raise unsupported(f"A tensor from NumPy's {type(data).__name__} (torch.tensor, torch.as_tensor)")
    if isinstance(data, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    dt = dtype if dtype is not None else _infer_dtype(data)
    sizes = _compute_sizes(data)
    out = []
    _store(data, sizes, 0, dt, out)
    return Tensor._from_values(out, tuple(sizes), dt)


@function("tensor")
def tensor_function(*args, **kwargs):
    a = _TENSOR.parse(args, kwargs)[1]
    return tensor(a["data"], a["dtype"], a["device"], a["requires_grad"], a["pin_memory"])


@function("as_tensor")
def as_tensor(*args, **kwargs):
    a = _AS_TENSOR.parse(args, kwargs)[1]
    data, dtype = a["data"], a["dtype"]
    if isinstance(data, Tensor):
        check_device("as_tensor", a["device"], allocates=False)
        return data if dtype is None or dtype is data._dtype else at.to_dtype(data, dtype)
    check_device("as_tensor", a["device"])
    return tensor(data, dtype=dtype)


_ASARRAY_REQUIRES_GRAD = (
    "torch.asarray: unspecified requires_grad now defaults to obj.requires_grad instead of False. Pass "
    "requires_grad=False explicitly to get the old behavior and silence this warning. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/utils/tensor_new.cpp:1737.)"
)


@function("asarray")
def asarray(*args, **kwargs):
    """torch.asarray: the tensor itself when it already fits (copy=None), else a copy."""
    a = _ASARRAY.parse(args, kwargs)[1]
    obj, dtype, copy, requires_grad = a["obj"], a["dtype"], a["copy"], a["requires_grad"]
    is_tensor = isinstance(obj, Tensor)
    keep_grad = requires_grad if requires_grad is not None else (is_tensor and obj._requires_grad)
    if keep_grad and requires_grad is None:
        warn_once("asarray-requires-grad", _ASARRAY_REQUIRES_GRAD)
    if not is_tensor:
        check_device("asarray", a["device"])
        if copy is False:
            raise ValueError("can't alias arbitrary sequence into a tensor.")
        return _finish(_from_data(obj, dtype), keep_grad)
    dev = a["device"]
    if isinstance(dev, (str, device)) and device(dev).type != "cpu":  # torch tries obj.to(device)
        raise RuntimeError(f"PyTorch is not linked with support for {device(dev).type} devices")
    check_device("asarray", dev, allocates=False)
    wrong_dtype = dtype is not None and dtype is not obj._dtype
    t = obj
    if copy or (copy is None and wrong_dtype):
        t = at.to_dtype(obj, dtype) if wrong_dtype else at.clone(obj)
    elif wrong_dtype:
        raise ValueError(f"can't alias tensor with dtype '{obj._dtype._legacy}' into dtype '{dtype._legacy}'.")
    if t._grad_fn is not None and not keep_grad:
        return at.detach(t)
    if t._grad_fn is None:  # a leaf takes the requires_grad asked for (obj itself, when it was not copied)
        set_requires_grad(t, {"requires_grad": keep_grad})
    return t


@function("scalar_tensor", takes_out=True)
@parsed
def scalar_tensor(**a):
    dt = a["dtype"] or D.get_default_dtype()
    check_placement(a, "scalar_tensor")
    return set_requires_grad(_fill((), _number(a["s"]), dt), a)


# ------------------------------------------------------------------ filled tensors
def _number(value):
    if isinstance(value, complex):
        raise unsupported("complex numbers")
    return value


def _fill(shape, value, dt, stride=None):
    """A new tensor of ``shape`` filled with the Python number ``value``, checked as fill_ checks it."""
    check_sizes(shape)
    v = D.checked_scalar(value, dt, check_reduced=numel(shape) != 1)  # one float16 element may overflow to inf
    return filled(shape, v, dt, stride)


def _filled_factory(a, value, name):
    """zeros/ones/empty/full (``value=None``: full's fill_value argument), into ``out=`` or a new tensor."""
    if value is None:
        value = _number(a["fill_value"])
    shape = a["size"]
    dt = a["dtype"] or (D.scalar_dtype(value) if name == "full" else D.get_default_dtype())
    check_placement(a, name)
    if name == "zeros" and any(s < 0 for s in shape):
        raise RuntimeError("zeros: Dimension size must be non-negative.")
    out = a["out"]
    if out is None:
        return set_requires_grad(_fill(shape, value, dt), a)
    check_sizes(shape)
    if name == "empty":  # torch resizes out as resize_ does, and writes nothing
        if a["dtype"] is not None and a["dtype"] is not out._dtype:
            checked_out(out, shape, a["dtype"], "aten::empty()")
        at.resize_tensor(out, shape)
        return set_requires_grad(out, a)
    checked_out(out, shape, a["dtype"], f"aten::{name}()")
    copy_into(out, D.checked_scalar(value, out._dtype, check_reduced=numel(shape) != 1))
    return set_requires_grad(out, a)


@function("zeros", takes_out=True)
@parsed
def zeros(**a):
    return _filled_factory(a, 0, "zeros")


@function("ones", takes_out=True)
@parsed
def ones(**a):
    return _filled_factory(a, 1, "ones")


@function("empty", takes_out=True)
@parsed
def empty(**a):
    """torch.empty: torch leaves the memory as it was; booktorch's is zeros (shape, dtype and strides are torch's)."""
    return _filled_factory(a, 0, "empty")


@function("full", takes_out=True)
@parsed
def full(**a):
    return _filled_factory(a, None, "full")


@function("empty_strided", takes_out=True)
@parsed
def empty_strided(**a):
    return _empty_strided(a, "empty_strided", a["dtype"] or D.get_default_dtype())


def _empty_strided(a, name, dt):
    size, stride = a["size"], a["stride"]
    check_placement(a, name)
    if len(size) != len(stride):
        raise RuntimeError(
            f"dimensionality of sizes ({len(size)}) must match dimensionality of strides ({len(stride)})"
        )
    check_sizes(size)
    if any(st < 0 for st in stride):
        raise RuntimeError(
            f"Storage size calculation overflowed with sizes={fmt_list(size)} and strides={fmt_list(stride)}"
        )
    # storage for the furthest element, as torch's computeStorageNbytes
    extent = 0 if 0 in size else 1 + sum((n - 1) * st for n, st in zip(size, stride))
    t = Tensor._make(Storage([D.zero_of(dt)] * extent, dt.itemsize), size, stride, 0, dt)
    return set_requires_grad(t, a)


@kernel
def zeros_like(input):
    """A contiguous tensor of zeros shaped like ``input`` (autograd's zero gradients; torch.zeros_like is below)."""
    return filled(input._shape, D.zero_of(input._dtype), input._dtype)


@kernel
def ones_like(input):
    return filled(input._shape, D.one_of(input._dtype), input._dtype)


def _like_factory(name, a, value=None):
    if name == "full_like":
        value = _number(a["fill_value"])
    return set_requires_grad(like(a, name, value), a)


@function("zeros_like")
@parsed
def zeros_like_function(**a):
    return _like_factory("zeros_like", a)


@function("ones_like")
@parsed
def ones_like_function(**a):
    return _like_factory("ones_like", a, 1)


@function("empty_like")
@parsed
def empty_like(**a):
    return _like_factory("empty_like", a)


@function("full_like")
@parsed
def full_like(**a):
    return _like_factory("full_like", a)


@function("eye", takes_out=True)
@parsed
def eye(**a):
    n = a["n"]
    m = a.get("m", n)
    dt = a["dtype"] or D.get_default_dtype()
    check_placement(a, "eye")
    if n < 0:
        raise RuntimeError(f"n must be greater or equal to 0, got {n}")
    if m < 0:
        raise RuntimeError(f"m must be greater or equal to 0, got {m}")
    one, zero = D.one_of(dt), D.zero_of(dt)
    vals = [one if i == j else zero for i in range(n) for j in range(m)]
    if a["out"] is None:
        return set_requires_grad(Tensor._from_values(vals, (n, m), dt), a)
    out = checked_out(a["out"], (n, m), a["dtype"], "aten::eye()")
    write(out, D.convert(vals, dt, out._dtype))
    return set_requires_grad(out, a)


# ------------------------------------------------------------------ Tensor.new_*
def _new_options(self, a):
    return dict(a, dtype=a["dtype"] or self._dtype, out=None)


@method("new_tensor")
def new_tensor(self, *args, **kwargs):
    a = _NEW_TENSOR.parse(args, kwargs)[1]
    if isinstance(a["data"], Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
            "sourceTensor.detach().clone().requires_grad_(True), rather than tensor.new_tensor(sourceTensor).",
            UserWarning,
            stacklevel=2,
        )
        data = a["data"]
        dt = a["dtype"] or self._dtype
        check_placement(a, "new_tensor")
        t = Tensor._from_values(D.convert(data._values(), data._dtype, dt), data._shape, dt)
        return set_requires_grad(t, a)
    check_placement(a, "new_tensor")
    return set_requires_grad(_from_data(a["data"], a["dtype"] or self._dtype), a)


def _new_filled(self, name, a, value):
    a = _new_options(self, a)
    check_placement(a, name)
    return set_requires_grad(_fill(a["size"], value, a["dtype"]), a)


@method("new_zeros")
@parsed
def new_zeros(self, **a):
    return _new_filled(self, "new_zeros", a, 0)


@method("new_ones")
@parsed
def new_ones(self, **a):
    return _new_filled(self, "new_ones", a, 1)


@method("new_empty")
@parsed
def new_empty(self, **a):
    return _new_filled(self, "new_empty", a, 0)


@method("new_full")
@parsed
def new_full(self, **a):
    a = _new_options(self, a)
    check_placement(a, "new_full")
    return set_requires_grad(_fill(a["size"], _number(a["fill_value"]), a["dtype"]), a)


@method("new_empty_strided")
@parsed
def new_empty_strided(self, **a):
    a = _new_options(self, a)
    return _empty_strided(a, "new_empty_strided", a["dtype"])


# ------------------------------------------------------------------ arange, linspace, logspace
@function("arange", takes_out=True)
@parsed
def arange(**a):
    start, end, step = a.get("start", 0), a["end"], a.get("step", 1)
    out = a.get("out")
    dt = a["dtype"] or (out._dtype if out is not None else None)
    if dt is None:
        dt = D.get_default_dtype() if any(isinstance(v, float) for v in (start, end, step)) else D.int64
    check_placement(a, "arange")
    if dt is D.bool_:
        raise NotImplementedError('"arange_cpu" not implemented for \'Bool\'')
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(float(start)) and math.isfinite(float(end))):
        raise RuntimeError(f"unsupported range: {start} -> {end}")
    if not ((step > 0 and end >= start) or (step < 0 and end <= start)):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    if dt._kind < 2 and int(step) == 0:  # an integer arange reads the step as an integer
        raise ValueError("step must be nonzero")
    if math.ceil((float(end) - float(start)) / float(step)) > _INT64_MAX:
        raise RuntimeError("invalid size, possible overflow?")
    vals = _arange_values(start, end, step, dt)
    if out is None:
        return set_requires_grad(Tensor._from_values(vals, (len(vals),), dt), a)
    checked_out(out, (len(vals),), a["dtype"], "aten::arange()", by_numel=True)
    write(out, vals)
    return set_requires_grad(out, a)


def _space_endpoints(a, name):
    """start and end as numbers (0-d tensors give their value)."""
    start, end = a["start"], a["end"]
    if isinstance(start, Tensor) or isinstance(end, Tensor):
        dims = [("start", start), ("end", end)]
        bad = [f"{label} with {x.dim()} dimension(s)" for label, x in dims if isinstance(x, Tensor) and x.dim() != 0]
        if bad:
            raise RuntimeError(
                f"{name} only supports 0-dimensional start and end tensors, but got {' and '.join(bad)}."
            )
    return [x.item() if isinstance(x, Tensor) else x for x in (start, end)]


def _space(a, name, values):
    """linspace/logspace: check the options and steps, then fill the result (``out=`` or a new tensor)."""
    steps = a["steps"]
    start, end = _space_endpoints(a, name)
    check_placement(a, name)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    out = a["out"]
    dt = out._dtype if out is not None and a["dtype"] is None else a["dtype"] or D.get_default_dtype()
    if out is not None:
        checked_out(out, (steps,), a["dtype"], f"aten::{name}()", by_numel=True)
    if steps == 1:
        vals = [start if name == "linspace" else _pow(a["base"], float(start))]
        vals = [D.checked_scalar(vals[0], dt, check_reduced=False)]
    elif steps == 0:
        vals = []
    else:
        if dt is D.bool_:
            raise NotImplementedError(f"\"{name}_cpu\" not implemented for 'Bool'")
        vals = values(D.checked_scalar(start, dt), D.checked_scalar(end, dt), steps, dt)
    if out is None:
        return set_requires_grad(Tensor._from_values(vals, (steps,), dt), a)
    write(out, vals)
    return set_requires_grad(out, a)


def _linspace_values(start, end, steps, dt):
    """torch's linspace kernel: ``start + step * i`` for the first half and ``end - step * (steps - i - 1)`` for the
    rest, each one fused multiply-add in the dtype (double for the integer dtypes, which then truncate);
    float16/bfloat16 compute each operation in float and round it to the dtype."""
    half = steps // 2
    if dt._kind == 1:
        step = (float(end) - float(start)) / float(steps - 1)
        s, e, fma = float(start), float(end), D.fma_f64
        vals = [fma(step, float(i), s) for i in range(half)] + [fma(-step, float(k), e) for k in range(steps - half - 1, -1, -1)]
        return D.convert(vals, D.float64, dt)
    if dt is D.float64:
        step = (end - start) / float(steps - 1)
        fma = D.fma_f64
        return [fma(step, float(i), start) for i in range(half)] + [fma(-step, float(k), end) for k in range(steps - half - 1, -1, -1)]
    if dt is D.float32:
        f32, fma = D.f32, D.fma_f32
        step = f32(f32(end - start) / f32(float(steps - 1)))
        return [fma(step, f32(float(i)), start) for i in range(half)] + [
            fma(-step, f32(float(k)), end) for k in range(steps - half - 1, -1, -1)
        ]
    rnd = D.REDUCED_ROUND[dt]  # each c10::Half / c10::BFloat16 operation: in float, rounded to the dtype

    def op(v):
        return rnd(D.f32(v))

    step = op(op(end - start) / rnd(float(steps - 1)))
    return [op(start + op(step * rnd(float(i)))) for i in range(half)] + [
        op(end - op(step * rnd(float(k)))) for k in range(steps - half - 1, -1, -1)
    ]


def _pow(base, exponent):
    """C's pow(double, double): inf on overflow and nan outside its domain, where Python's raises."""
    try:
        return math.pow(base, exponent)
    except OverflowError:
        return math.inf
    except ValueError:
        return math.nan


def _logspace_values(start, end, steps, dt, base):
    """torch's logspace: ``pow(base, start + step * i)`` in double (step from ``end - start`` in the dtype),
    from both ends as linspace, rounded to the dtype (integers truncate)."""
    half = steps // 2
    diff = end - start if dt._kind == 1 or dt is D.float64 else D.round_floats([end - start], dt)[0]
    step = float(diff) / float(steps - 1)
    s, e = float(start), float(end)
    vals = [_pow(base, s + step * i) for i in range(half)] + [
        _pow(base, e - step * k) for k in range(steps - half - 1, -1, -1)
    ]
    return D.convert(vals, D.float64, dt)


@function("linspace", takes_out=True)
@parsed
def linspace(**a):
    return _space(a, "linspace", _linspace_values)


@function("logspace", takes_out=True)
@parsed
def logspace(**a):
    return _space(a, "logspace", lambda s, e, n, dt: _logspace_values(s, e, n, dt, a["base"]))


def _arange_values(start, end, step, dt):
    """torch's arange kernel: start + step * i computed in the dtype's accumulate type (int64 for
    integers, double for float32 and float64, float for float16 and bfloat16)."""
    if dt._kind == 1:
        s, e, st = int(start), int(end), int(step)  # accscalar_t int64: C++ truncation
        if dt is D.int64:  # the size from the truncated integers
            sgn = (st > 0) - (st < 0)
            q = e - s + st - sgn
            n = abs(q) // abs(st) * (1 if (q >= 0) == (st > 0) else -1) if st else 0
        else:
            n = math.ceil((float(end) - float(start)) / float(step))
        return D.wrap_ints([s + st * i for i in range(max(n, 0))], dt)
    n = max(int(math.ceil((float(end) - float(start)) / float(step))), 0)
    if dt is D.float64:
        return _arange_vectorised(float(start), float(step), n, 4, D.fma_f64, float)
    if dt is D.float32:
        return _arange_vectorised(float(start), float(step), n, 8, D.fma_f64, D.f32)
    rnd = D.REDUCED_ROUND[dt]
    return _arange_vectorised(D.f32(float(start)), D.f32(float(step)), n, 16, D.fma_f32, rnd)


def _arange_vectorised(start, step, n, vec, fma, rnd):
    """Blocks of two vectors of ``vec`` lanes: each vector's base ``start + step * i`` rounded to the
    dtype (``rnd``), then ``base + k * step`` per lane, both fused multiply-adds (``fma``) in the
    accumulate type; the elements after the last block are ``start + step * i``."""
    out = []
    i = 0
    while i + 2 * vec <= n:
        for v in range(2):
            base = rnd(fma(step, float(i + v * vec), start))
            out.extend(rnd(fma(float(k), step, base)) for k in range(vec))
        i += 2 * vec
    out.extend(rnd(fma(step, float(j), start)) for j in range(i, n))
    return out
