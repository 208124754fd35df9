"""Tensor creation: tensor, zeros, ones, full, arange, eye, *_like; torch.device."""

import math
import warnings
from fractions import Fraction

from .. import dtypes as D
from ..errors import unsupported
from ..shape import fmt_list, numel
from ..tensor import Tensor, parse_shape


class device:
    """Only the CPU exists in the browser."""

    def __init__(self, type="cpu", index=None):
        if isinstance(type, device):
            type = type.type
        if str(type) != "cpu":
            raise unsupported(f"torch.device({type!r}) (only the CPU exists in the browser)")
        self.type = "cpu"
        self.index = None

    def __repr__(self):
        return "device(type='cpu')"

    def __str__(self):
        return "cpu"

    def __eq__(self, other):
        return str(other) == "cpu"

    def __hash__(self):
        return hash("cpu")


def _check_device(dev):
    if dev is not None and str(dev) != "cpu":
        raise unsupported(f"device={dev!r} (only the CPU exists in the browser)")


def _finish(t, requires_grad):
    if requires_grad:
        if not t._dtype.is_floating_point:
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        t._requires_grad = True
    return t


def _check_sizes(shape):
    for s in shape:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {fmt_list(shape)}")


# ------------------------------------------------------------------ torch.tensor
def _is_seq(x):
    return isinstance(x, (list, tuple)) or isinstance(x, Tensor)


def _infer_dtype(obj):
    if isinstance(obj, bool):
        return D.bool_
    if isinstance(obj, int):
        return D.int64
    if isinstance(obj, float):
        return D.float32
    if isinstance(obj, Tensor):
        return obj._dtype
    if isinstance(obj, str):
        raise ValueError(f"too many dimensions '{type(obj).__name__}'")
    if isinstance(obj, (list, tuple)):
        if len(obj) == 0:
            return D.float32
        dt = None
        for item in obj:
            if item is obj:
                raise TypeError("new(): self-referential lists are incompatible")
            it = _infer_dtype(item)
            dt = it if dt is None else D.promote(dt, it)
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


def _scalar_value(obj, dt):
    if isinstance(obj, Tensor):
        if obj.numel() != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        v = obj._storage.data[obj._offset]
        return D.cast_values([v], obj._dtype, dt)[0]
    if isinstance(obj, (list, tuple)):
        if dt is D.int64:
            raise TypeError(f"'{type(obj).__name__}' object cannot be interpreted as an integer")
        if dt is D.float32:
            raise TypeError(f"must be real number, not {type(obj).__name__}")
        raise TypeError(f"must be real number, not {type(obj).__name__}")
    if not isinstance(obj, (bool, int, float)):
        raise TypeError(f"must be real number, not {type(obj).__name__}")
    if dt is D.int64 and isinstance(obj, int) and not (D._INT64_MIN <= obj <= D._INT64_MAX):
        raise RuntimeError("Overflow when unpacking long")
    return D.cast_scalar(obj, dt)


def _store(obj, sizes, dim, dt, out):
    if dim == len(sizes):
        out.append(_scalar_value(obj, dt))
        return
    if isinstance(obj, Tensor):
        vals = D.cast_values(obj._values(), obj._dtype, dt)
        out.extend(vals)
        return
    if not isinstance(obj, (list, tuple)):
        raise TypeError("not a sequence")
    n = sizes[dim]
    if len(obj) != n:
        raise ValueError(f"expected sequence of length {n} at dim {dim} (got {len(obj)})")
    for item in obj:
        _store(item, sizes, dim + 1, dt, out)


def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    _check_device(device)
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
            "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor).",
            UserWarning,
            stacklevel=2,
        )
        dt = dtype or data._dtype
        t = Tensor._from_values(D.cast_values(data._values(), data._dtype, dt), data._shape, dt)
        return _finish(t, requires_grad)
    inferred = _infer_dtype(data)
    dt = dtype if dtype is not None else inferred
    _check_dtype(dt)
    sizes = _compute_sizes(data)
    out = []
    _store(data, sizes, 0, dt, out)
    return _finish(Tensor._from_values(out, tuple(sizes), dt), requires_grad)


def as_tensor(data, dtype=None, device=None):
    if isinstance(data, Tensor) and (dtype is None or dtype is data._dtype):
        return data
    if isinstance(data, Tensor):
        from . import elementwise as E

        return E.to_dtype(data, dtype)
    return tensor(data, dtype=dtype, device=device)


def _check_dtype(dt):
    if not isinstance(dt, D.dtype):
        raise TypeError(f"dtype must be torch.dtype, not {type(dt).__name__}")


# ------------------------------------------------------------------ filled tensors
def _fill(shape, value, dt, requires_grad):
    _check_sizes(shape)
    v = D.cast_scalar(value, dt)
    return _finish(Tensor._from_values([v] * numel(shape), tuple(shape), dt), requires_grad)


def _kw(kwargs, name):
    dt = kwargs.pop("dtype", None)
    _check_device(kwargs.pop("device", None))
    rg = kwargs.pop("requires_grad", False)
    kwargs.pop("layout", None)
    kwargs.pop("pin_memory", None)
    if "out" in kwargs:
        raise unsupported(f"torch.{name}(out=...)")
    if kwargs:
        raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if dt is not None:
        _check_dtype(dt)
    return dt, rg


def zeros(*size, **kwargs):
    dt, rg = _kw(kwargs, "zeros")
    shape = parse_shape(size)
    if any(s < 0 for s in shape):
        raise RuntimeError("zeros: Dimension size must be non-negative.")
    return _fill(shape, 0, dt or D.float32, rg)


def ones(*size, **kwargs):
    dt, rg = _kw(kwargs, "ones")
    return _fill(parse_shape(size), 1, dt or D.float32, rg)


def empty(*size, **kwargs):
    dt, rg = _kw(kwargs, "empty")
    return _fill(parse_shape(size), 0, dt or D.float32, rg)


def full(size, fill_value, **kwargs):
    dt, rg = _kw(kwargs, "full")
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    if dt is None:
        dt = D.by_kind(D.scalar_kind(fill_value))
    return _fill(parse_shape((size,)), fill_value, dt, rg)


def _like(t, value, kwargs, name):
    dt, rg = _kw(kwargs, name)
    dt = dt or t._dtype
    return _fill(t._shape, value, dt, rg)


def zeros_like(t, **kwargs):
    return _like(t, 0, kwargs, "zeros_like")


def ones_like(t, **kwargs):
    return _like(t, 1, kwargs, "ones_like")


def empty_like(t, **kwargs):
    return _like(t, 0, kwargs, "empty_like")


def full_like(t, fill_value, **kwargs):
    return _like(t, fill_value, kwargs, "full_like")


def eye(n, m=None, **kwargs):
    dt, rg = _kw(kwargs, "eye")
    dt = dt or D.float32
    if n < 0:
        raise RuntimeError(f"n must be greater or equal to 0, got {n}")
    m = n if m is None else m
    if m < 0:
        raise RuntimeError(f"m must be greater or equal to 0, got {m}")
    vals = [D.cast_scalar(1 if i == j else 0, dt) for i in range(n) for j in range(m)]
    return _finish(Tensor._from_values(vals, (n, m), dt), rg)


# ------------------------------------------------------------------ arange
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
        dt = D.float32 if any(isinstance(v, float) for v in vals) else D.int64
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(float(start)) and math.isfinite(float(end))):
        raise RuntimeError(f"unsupported range: {start} -> {end}")
    if not ((step > 0 and end >= start) or (step < 0 and end <= start)):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    if dt is D.int64 and all(isinstance(v, int) for v in vals):
        sgn = (step > 0) - (step < 0)
        q = end - start + step - sgn
        n = abs(q) // abs(step) * (1 if (q >= 0) == (step > 0) else -1)
        out = [start + step * i for i in range(max(n, 0))]
    else:
        n = math.ceil((float(end) - float(start)) / float(step))
        n = max(int(n), 0)
        if dt is D.float32:
            out = _arange_f32(float(start), float(step), n)
        elif dt is D.int64:
            s, st = int(start), int(step)
            out = [s + st * i for i in range(n)]
        else:
            raise unsupported("arange with dtype=torch.bool")
    return _finish(Tensor._from_values(out, (len(out),), dt), rg)


def _fma(a, b, c):
    """Double-precision a*b + c with one rounding (what the compiled kernel computes)."""
    s = a * b + c
    if math.isinf(s) or math.isnan(s):
        return s
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def _arange_f32(start, step, n):
    """torch's CPU arange kernel: 16-element vector blocks built from a float32 base."""
    f = D.f32
    out = []
    i = 0
    vec = 8
    while i + 2 * vec <= n:
        for v in range(2):
            base = f(_fma(step, float(i + v * vec), start))
            out.extend(f(_fma(float(k), step, base)) for k in range(vec))
        i += 2 * vec
    out.extend(f(_fma(step, float(j), start)) for j in range(i, n))
    return out


# ------------------------------------------------------------------ randomness
class Generator:
    def __init__(self, seed=0):
        self._seed = seed

    def initial_seed(self):
        return self._seed

    def manual_seed(self, seed):
        self._seed = seed
        return self


_default_generator = Generator()


def manual_seed(seed):
    """Accepted so seeded cells run; random tensors themselves are not available in the browser."""
    _default_generator._seed = int(seed)
    return _default_generator


def seed():
    return _default_generator._seed


def initial_seed():
    return _default_generator._seed
