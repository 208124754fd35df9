"""``**``/``pow`` for tensor ** tensor, tensor ** number and number ** tensor, with backward nodes.

Follows ATen's PowKernel: float32 and float64 special-case the exponents 2, 3, -2,
0.5, -0.5 and -1 (``x * x``, ``x * x * x``, ``1 / (x * x)``, sqrt, rsqrt, reciprocal);
bfloat16 does the same in bfloat16 arithmetic (rounding after each step) with the
exponent rounded to bfloat16; float16 computes ``pow`` in float32 with the exponent
rounded to float16; integers raise to non-negative powers with wrap-around.

Any other float32 power is computed twice over in ATen's loop (:mod:`booktorch.loops`): Sleef's
``powf`` in the vector lanes, with the exponent rounded to float32 (:mod:`booktorch.sleef`), and
the C library's in the scalar loop (``powf``, :mod:`booktorch.libm`; with a number exponent
``pow(double, double)`` rounded to float32), so each element takes the path torch's takes; so
are float16's and bfloat16's powers (in float32, then rounded).
"""

import builtins
import math
import struct

from .. import dtypes as D
from .. import libm, sleef
from ..graph import Node, record
from ..iterator import fdiv, kernel_layouts, pairs, result_strides, result_tensor
from ..loops import block, split_map, vector_flags
from .unary import rsqrt_scalar
from ..out_arguments import writes_out
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes, contiguous_strides
from ..tensor import Tensor


def _safe_pow(x, y):
    try:
        r = math.pow(x, y)
    except OverflowError:
        r = math.inf if (x > 0 or float(y).is_integer() and int(y) % 2 == 0) else -math.inf
    except (ValueError, ZeroDivisionError):
        if x == 0 and y < 0:
            if float(y).is_integer() and int(y) % 2 == 1:
                return math.copysign(math.inf, x)
            return math.inf
        return math.nan
    return r


def _int_pow(b, e):
    if e < 0:
        if b == 1:
            return 1
        if b == -1:
            return 1 if e % 2 == 0 else -1
        return 0
    return builtins.pow(b, e, 1 << 64) if e > 64 else b ** e


_SLEEF_POW = (D.float32, D.float16, D.bfloat16)  # dtypes whose pow kernels take Sleef's powf in vectors


def _for_half(path, dt):
    """``path`` (Sleef's or glibc's powf) for a float16/bfloat16 result.  Both are within one unit in
    float32's last place of the exact power, so they give one of the float32 neighbours of its
    correctly rounded value; where those round alike to ``dt`` (nearly always), that is the answer
    without running ``path``."""
    if dt is D.float32:
        return path
    to_half = D.REDUCED_ROUND[dt]

    def pow_half(x, y):
        c = D.f32(_safe_pow(x, y))
        if abs(c) >= _FLT_MIN and c not in (math.inf, -math.inf):
            bits = _F32_BITS.unpack(_F32.pack(c))[0]
            r = to_half(c)
            if to_half(_F32.unpack(_F32_BITS.pack(bits - 1))[0]) == r == to_half(_F32.unpack(_F32_BITS.pack(bits + 1))[0]):
                return r
        return path(x, y)

    return pow_half


_F32, _F32_BITS = struct.Struct("f"), struct.Struct("I")
_FLT_MIN = 2.0 ** -126


def _vector_flags(shape, dt, operands, out_stride=None):
    """Which results pow's vector code computes (a number operand is a wrapped 0-d tensor;
    ``out_stride``: an output made before the kernel runs, whose layout then leads the loop)."""
    layouts = [kernel_layouts(dt, o)[0] if isinstance(o, Tensor) else ((), ()) for o in operands]
    if out_stride is None:
        return vector_flags(shape, result_strides(shape, dt, *operands), layouts, block(dt))
    return vector_flags(shape, out_stride, layouts, block(dt), inplace=True)


def _pow_scalar_exponent(vals, e, dt, t):
    """``x ** e`` for float values of tensor ``t`` and a Python-number exponent, as ATen computes it
    for ``dt``."""
    if dt is D.float16:  # every exponent: powf in float32 on the exponent rounded to float16
        e = D.scalar_to(e, D.float16)
        vector, scalar = _for_half(sleef.powf, dt), _for_half(libm.powf, dt)
        return split_map(_vector_flags(t._shape, dt, (t,)), lambda x: vector(x, e), lambda x: scalar(x, e), vals)
    if e == 0.5:
        return [math.sqrt(x) if x >= 0 else (x if x == 0 else math.nan) for x in vals]
    if e == -0.5:  # ATen's rsqrt kernel
        return [rsqrt_scalar(dt)(x) for x in vals] if dt is not D.bfloat16 else \
            split_map(vector_flags(t._shape, result_strides(t._shape, dt, t), kernel_layouts(dt, t), block(dt)),
                      lambda x: fdiv(1.0, D.f32(math.sqrt(x))) if x >= 0 else math.nan, rsqrt_scalar(dt), vals)
    if e == -1:
        return [fdiv(1.0, x) for x in vals]
    if dt is D.bfloat16:
        e = D.scalar_to(e, D.bfloat16)
        step = D.REDUCED_ROUND[D.bfloat16]
    else:
        step = D.f32 if dt is D.float32 else float
    if e == 2:
        return [x * x for x in vals]
    if e == 3:
        return [step(x * x) * x for x in vals]
    if e == -2:
        return [fdiv(1.0, step(x * x)) for x in vals]
    if dt is D.float32:  # the scalar loop: pow(double, double); the vectors: the exponent in float32
        e32 = D.f32(float(e))
        return split_map(_vector_flags(t._shape, dt, (t,)), lambda x: sleef.powf(x, e32),
                         lambda x: _safe_pow(x, e), vals)
    if dt is D.bfloat16:  # powf on float32 copies, the exponent rounded to bfloat16
        vector, scalar = _for_half(sleef.powf, dt), _for_half(libm.powf, dt)
        return split_map(_vector_flags(t._shape, dt, (t,)), lambda x: vector(x, e), lambda x: scalar(x, e), vals)
    return [_safe_pow(x, e) for x in vals]


@kernel
def pow(a, b):  # noqa: A001 - torch's name
    """``a ** b`` for tensor/tensor, tensor/number or number/tensor."""
    if isinstance(a, Tensor) and not isinstance(b, Tensor):
        return _pow_tensor_scalar(a, b)
    if not isinstance(a, Tensor):
        return _pow_scalar_tensor(a, b)
    shape = broadcast_shapes(a._shape, b._shape)
    dt = D.result_type(a, b)
    if dt is D.bool_:
        raise NotImplementedError('"pow" not implemented for \'Bool\'')
    av, bv = pairs(a, b, shape, dt)
    if dt in _SLEEF_POW:
        vector, scalar = _for_half(sleef.powf, dt), _for_half(libm.powf, dt)
        vals = D.round_floats(split_map(_vector_flags(shape, dt, (a, b)), vector, scalar, av, bv), dt)
    elif dt.is_floating_point:
        vals = D.round_floats([_safe_pow(x, y) for x, y in zip(av, bv)], dt)
    else:
        vals = D.wrap_ints([_int_pow(x, y) for x, y in zip(av, bv)], dt)
    out = result_tensor(vals, shape, dt, a, b)
    record(PowBackward1, (a, b), out, self=a, exponent=b, result=out)
    return out


def _pow_tensor_scalar(t, e):
    dt = D.result_type(t, e)
    if dt._kind < 2 and isinstance(e, int) and not isinstance(e, bool) and e < 0:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    vals = t._values()
    if t._dtype is not dt:
        vals = D.convert(vals, t._dtype, dt)
    if e == 0:  # ATen: x ** 0 fills ones, x ** 1 copies, before any kernel
        vals = [D.one_of(dt)] * len(vals)
    elif e == 1:
        vals = list(vals)
    elif dt is D.bool_:
        raise NotImplementedError('"pow" not implemented for \'Bool\'')
    elif dt._kind == 1:
        b = D.checked_scalar(e, dt)  # read as the dtype, with a range check
        vals = D.wrap_ints([_int_pow(x, b) for x in vals], dt)
    else:
        if dt in D.REDUCED:
            D.checked_scalar(e, dt)
        vals = D.round_floats(_pow_scalar_exponent(vals, e, dt, t), dt)
    out = result_tensor(vals, t._shape, dt, t)
    record(PowBackward0, (t,), out, exponent=e, self=t)
    return out


def _pow_scalar_tensor(base, t):
    dt = D.result_type(base, t)
    if dt is D.bool_:
        raise NotImplementedError('"pow" not implemented for \'Bool\'')
    vals = t._values()
    if t._dtype is not dt:
        vals = D.convert(vals, t._dtype, dt)
    if dt._kind == 1:
        b = int(base)
        vals = D.wrap_ints([_int_pow(b, x) for x in vals], dt)
    elif dt in _SLEEF_POW:  # the number is a wrapped 0-d tensor: a broadcast operand of the kernel
        b = D.scalar_to(base, dt)
        flags = _vector_flags(t._shape, dt, (base, t), contiguous_strides(t._shape))
        vector, scalar = _for_half(sleef.powf, dt), _for_half(libm.powf, dt)
        vals = D.round_floats(split_map(flags, lambda x: vector(b, x), lambda x: scalar(b, x), vals), dt)
    else:
        b = D.scalar_to(base, dt)
        vals = D.round_floats([_safe_pow(b, x) for x in vals], dt)
    out = Tensor._from_values(vals, tuple(t._shape), dt)  # pow(Scalar, Tensor) makes a contiguous output
    record(PowBackward2, (t,), out, self=base, exponent=t, result=out)  # self: the number base, a value
    return out


@method("__pow__")
def pow_operator(self, exponent):
    if not isinstance(exponent, (Tensor, bool, int, float)):
        return NotImplemented
    return pow(self, exponent)


@method("__rpow__")
def rpow_operator(self, base):
    if not isinstance(base, (Tensor, bool, int, float)):
        return NotImplemented
    return pow(base, self)


@method("pow")
def pow_method(self, exponent):
    return pow(self, exponent)


@function("pow", takes_out=True)
@writes_out("pow")
def pow_function(input, exponent):  # torch's parser has checked the arguments
    return pow(input, exponent)


# ------------------------------------------------------------------ backward nodes
def _log_scalar(b):
    if b > 0:
        return math.log(b)
    if b == 0:
        return -math.inf
    return math.nan


def _zero_like(grad):
    return Tensor._from_values([D.zero_of(grad._dtype)], (), grad._dtype)


class PowBackward0(Node):
    """``self ** exponent`` with a Python-number exponent."""

    _name = "PowBackward0"
    saves = ("self",)

    def _factor(self):
        exp = float(self._svals["exponent"])
        return at.mul(pow(self.saved("self"), exp - 1.0), exp)

    def apply(self, grad):
        if float(self._svals["exponent"]) == 0.0:
            s = self.saved("self")
            return [at.zeros_like(s)]
        return [at.mul(grad, self._factor())]


class PowBackward1(Node):
    """``self ** exponent`` with two tensors."""

    _name = "PowBackward1"
    saves = {"self": None, "exponent": None, "result": 1}

    def apply(self, grad):
        s = self.saved("self")
        e = self.saved("exponent")
        g0 = g1 = None
        if self.needs(0):
            g0 = at.where(at.eq(e, 0.0), _zero_like(grad), at.mul(grad, at.mul(e, pow(s, at.sub(e, 1)))))
        if self.needs(1):
            r = self.saved("result")
            cond = at.logical_and(at.eq(s, 0), at.ge(e, 0))
            g1 = at.mul(grad, at.where(cond, _zero_like(grad), at.mul(r, at.log(at.to_dtype(s, r._dtype)))))
        return [g0, g1]


class PowBackward2(Node):
    """``number ** exponent`` (a Python-number base)."""

    _name = "PowBackward2"
    saves = ("exponent", "result")

    def apply(self, grad):
        base = self._svals["self"]
        r = self.saved("result")
        e = self.saved("exponent")
        if base == 0:
            val = at.where(at.ge(e, 0), _zero_like(grad), at.mul(r, _log_scalar(base)))
            return [at.mul(grad, val)]
        return [at.mul(grad, at.mul(r, _log_scalar(base)))]


# ------------------------------------------------------------------ in place, and square
@method("__ipow__")
def ipow_operator(self, exponent):
    if not isinstance(exponent, (Tensor, bool, int, float)):
        return NotImplemented  # Python's own error: unsupported operand type(s) for **=
    return pow_(self, exponent)


@method("pow_")
def pow_(self, exponent):  # torch's parser (booktorch/binding.py) has checked the exponent
    if _is_negative_int(exponent) and self._dtype._kind < 2:  # pow's meta function checks before the write
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    return at.inplace(self, pow, exponent)


def _is_negative_int(e):
    return isinstance(e, int) and not isinstance(e, bool) and e < 0


@kernel
@method("square")
@function("square")
def square(self):
    """``x ** 2`` (torch.square: a bool tensor squares as int64)."""
    return pow(at.to_dtype(self, D.int64) if self._dtype is D.bool_ else self, 2)


@method("square_")
@function("square_")
def square_(self):
    return at.inplace(self, square)
