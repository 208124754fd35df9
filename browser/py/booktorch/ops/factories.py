"""Tensor creation: tensor, as_tensor, zeros, ones, empty, full, arange, eye, ``*_like`` and ``new_*``.

``dtype=`` defaults as in torch: ``torch.tensor`` infers bool, int64 or the default
float dtype from the data; the float factories use the default dtype; ``full`` infers
from its fill value; ``*_like`` and ``new_*`` take the input's dtype.  ``device=``
accepts the CPU and raises CPU-only torch's error for any other device.
"""

import math
import warnings

from .. import dtypes as D
from ..devices import check_device
from ..errors import unsupported
from ..registry import at, function, kernel, method
from ..shape import fmt_list, numel
from ..tensor import Tensor, parse_shape

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


def _finish(t, requires_grad):
    if requires_grad:
        if not t._dtype.is_floating_point:
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        t._requires_grad = True
    return t


def _check_dtype(dt):
    if not isinstance(dt, D.dtype):
        raise TypeError(f"dtype must be torch.dtype, not {type(dt).__name__}")


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
    if isinstance(obj, (list, tuple)):
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
    raise RuntimeError(f"Could not infer dtype of {type(obj).__name__}")


def _compute_sizes(obj):
    sizes = []
    seq = obj
    while True:
        if isinstance(seq, Tensor):
            sizes.extend(seq._shape)
            break
        if isinstance(seq, str):
            raise ValueError(f"too many dimensions '{type(seq).__name__}'")
        if not isinstance(seq, (list, tuple)):
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
        if obj.numel() != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        v = obj._storage.data[obj._offset]
        if dt._kind < 2:
            if obj._dtype.is_floating_point:  # read with __index__, as torch reads an integer
                raise TypeError("only integer tensors of a single element can be converted to an index")
            return _scalar_value(v, dt)
        return D.convert([v], obj._dtype, dt)[0]
    if isinstance(obj, (list, tuple)) or not isinstance(obj, (bool, int, float)):
        if dt._kind == 1 and isinstance(obj, (list, tuple)):
            raise TypeError(f"'{type(obj).__name__}' object cannot be interpreted as an integer")
        raise TypeError(f"must be real number, not {type(obj).__name__}")
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
    if not isinstance(obj, (list, tuple)):
        raise TypeError("not a sequence")
    n = sizes[dim]
    if len(obj) != n:
        raise ValueError(f"expected sequence of length {n} at dim {dim} (got {len(obj)})")
    for item in obj:
        _store(item, sizes, dim + 1, dt, out)


@kernel
@function("tensor")
def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    check_device("tensor", device, allocates=False)
    if dtype is not None:
        _check_dtype(dtype)
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
            "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor).",
            UserWarning,
            stacklevel=2,
        )
        dt = dtype or data._dtype
        t = Tensor._from_values(D.convert(data._values(), data._dtype, dt), data._shape, dt)
        return _finish(t, requires_grad)
    inferred = _infer_dtype(data)
    dt = dtype if dtype is not None else inferred
    sizes = _compute_sizes(data)
    out = []
    _store(data, sizes, 0, dt, out)
    return _finish(Tensor._from_values(out, tuple(sizes), dt), requires_grad)


@function("as_tensor")
def as_tensor(data, dtype=None, device=None):
    if isinstance(data, Tensor):
        check_device("as_tensor", device, allocates=False)
        if dtype is None or dtype is data._dtype:
            return data
        return at.to_dtype(data, dtype)
    return tensor(data, dtype=dtype, device=device)


# ------------------------------------------------------------------ filled tensors
def _fill(shape, value, dt, requires_grad):
    for s in shape:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {fmt_list(shape)}")
    n = numel(shape)
    v = D.checked_scalar(value, dt, check_reduced=n != 1)
    return _finish(Tensor._from_values([v] * n, tuple(shape), dt), requires_grad)


def _kw(kwargs, name):
    dt = kwargs.pop("dtype", None)
    check_device(name, kwargs.pop("device", None))
    rg = kwargs.pop("requires_grad", False)
    kwargs.pop("layout", None)
    kwargs.pop("pin_memory", None)
    kwargs.pop("memory_format", None)
    if "out" in kwargs:
        raise unsupported(f"torch.{name}(out=...)")
    if kwargs:
        raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if dt is not None:
        _check_dtype(dt)
    return dt, rg


@function("zeros")
def zeros(*size, **kwargs):
    dt, rg = _kw(kwargs, "zeros")
    shape = parse_shape(size)
    if any(s < 0 for s in shape):
        raise RuntimeError("zeros: Dimension size must be non-negative.")
    return _fill(shape, 0, dt or D.get_default_dtype(), rg)


@function("ones")
def ones(*size, **kwargs):
    dt, rg = _kw(kwargs, "ones")
    return _fill(parse_shape(size), 1, dt or D.get_default_dtype(), rg)


@function("empty")
def empty(*size, **kwargs):
    dt, rg = _kw(kwargs, "empty")
    return _fill(parse_shape(size), 0, dt or D.get_default_dtype(), rg)


@function("full")
def full(size, fill_value, **kwargs):
    dt, rg = _kw(kwargs, "full")
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    if dt is None:
        dt = D.scalar_dtype(fill_value)
    return _fill(parse_shape((size,)), fill_value, dt, rg)


def _like(t, value, kwargs, name):
    if not isinstance(t, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(t).__name__}")
    dt, rg = _kw(kwargs, name)
    return _fill(t._shape, value, dt or t._dtype, rg)


@kernel
@function("zeros_like")
def zeros_like(input, **kwargs):
    return _like(input, 0, kwargs, "zeros_like")


@kernel
@function("ones_like")
def ones_like(input, **kwargs):
    return _like(input, 1, kwargs, "ones_like")


@function("empty_like")
def empty_like(input, **kwargs):
    return _like(input, 0, kwargs, "empty_like")


@function("full_like")
def full_like(input, fill_value, **kwargs):
    return _like(input, fill_value, kwargs, "full_like")


@function("eye")
def eye(n, m=None, **kwargs):
    dt, rg = _kw(kwargs, "eye")
    dt = dt or D.get_default_dtype()
    if n < 0:
        raise RuntimeError(f"n must be greater or equal to 0, got {n}")
    m = n if m is None else m
    if m < 0:
        raise RuntimeError(f"m must be greater or equal to 0, got {m}")
    one, zero = D.one_of(dt), D.zero_of(dt)
    vals = [one if i == j else zero for i in range(n) for j in range(m)]
    return _finish(Tensor._from_values(vals, (n, m), dt), rg)


# ------------------------------------------------------------------ Tensor.new_*
@method("new_tensor")
def new_tensor(self, data, dtype=None, device=None, requires_grad=False):
    return tensor(data, dtype=dtype or self._dtype, device=device, requires_grad=requires_grad)


@method("new_zeros")
def new_zeros(self, *size, dtype=None, device=None, requires_grad=False):
    return zeros(*size, dtype=dtype or self._dtype, device=device, requires_grad=requires_grad)


@method("new_ones")
def new_ones(self, *size, dtype=None, device=None, requires_grad=False):
    return ones(*size, dtype=dtype or self._dtype, device=device, requires_grad=requires_grad)


@method("new_full")
def new_full(self, size, fill_value, dtype=None, device=None, requires_grad=False):
    return full(size, fill_value, dtype=dtype or self._dtype, device=device, requires_grad=requires_grad)


# ------------------------------------------------------------------ arange
@function("arange")
def arange(start, end=None, step=1, **kwargs):
    dt, rg = _kw(kwargs, "arange")
    if end is None:
        start, end = 0, start
    vals = [start, end, step]
    for i, v in enumerate(vals):
        if isinstance(v, Tensor):
            vals[i] = v.item()
        elif not isinstance(v, (int, float)):
            raise TypeError(
                f"arange() received an invalid combination of arguments - got ({type(v).__name__}, ...)"
            )
    start, end, step = vals
    if dt is None:
        dt = D.get_default_dtype() if any(isinstance(v, float) for v in vals) else D.int64
    if dt is D.bool_:
        raise NotImplementedError('"arange_cpu" not implemented for \'Bool\'')
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(float(start)) and math.isfinite(float(end))):
        raise RuntimeError(f"unsupported range: {start} -> {end}")
    if not ((step > 0 and end >= start) or (step < 0 and end <= start)):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    out = _arange_values(start, end, step, dt)
    return _finish(Tensor._from_values(out, (len(out),), dt), rg)


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
