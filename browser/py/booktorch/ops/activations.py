"""``torch.nn.functional.gelu`` (both ``approximate`` modes), ``silu``, ``softplus``, ``leaky_relu``,
``hardtanh`` and ``relu6`` (hardtanh between 0 and 6), with their backward nodes.

The values follow ATen's CPU kernels step by step, rounded as their float32 arithmetic rounds
(float16 and bfloat16 are computed in float32 and rounded once, float64 in double):

- ``gelu``: ``x * 0.5 * (1 + erf(x / sqrt(2)))``; ``'tanh'``:
  ``0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))``.  A contiguous float32 tensor
  of more than one element goes through oneDNN instead (forward and backward, ``'none'``
  only), whose AVX2 kernel approximates erf by Abramowitz and Stegun's formula 7.1.26 with its
  own exp; :func:`_onednn_gelu` follows it instruction by instruction (its constants are
  oneDNN's float32 bit patterns), so those values match torch's bit for bit;
- ``silu``: ``x / (1 + exp(-x))``, the exponential Sleef's in the vector lanes and glibc's in the
  scalar loop (:mod:`booktorch.loops`);
- ``softplus``: ``log1p(exp(beta * x)) / beta``, or ``x`` where ``beta * x > threshold``;
- ``leaky_relu``: ``x * negative_slope`` where ``x <= 0``; ``hardtanh``: a clamp in the input's own
  dtype (integers too).

The backward nodes compute torch's ``gelu_backward``, ``silu_backward`` and
``softplus_backward`` formulas with ops (in float32 for float16 and bfloat16, then rounded),
so that they are differentiable in turn.
"""

import math
import struct

from .. import dtypes as D
from ..grad_mode import state as grad_state
from ..binding import parse_under_python
from ..graph import Node, record
from .. import libm, sleef
from ..iterator import fdiv, kernel_layouts, opmath_round, result_strides, unary_result
from ..loops import block, split_map, vector_flags
from ..registry import at, function, kernel
from ..shape import is_contiguous
from ..tensor import Tensor
from ..signatures import type_name

_SQRT1_2 = math.sqrt(0.5)  # M_SQRT1_2
_GELU_TANH_BETA = math.sqrt(2.0) * (2.0 / math.sqrt(math.pi)) * 0.5  # M_SQRT2 * M_2_SQRTPI * 0.5
_GELU_PDF_BETA = (2.0 / math.sqrt(math.pi)) * math.sqrt(0.5) * 0.5  # M_2_SQRTPI * M_SQRT1_2 * 0.5
_KAPPA = 0.044715


def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _log1p(x):
    return math.log1p(x) if x > -1 else (-math.inf if x == -1 else math.nan)


def _floating(t, kernel_name):
    if t._dtype._kind != 2:
        raise NotImplementedError(f'"{kernel_name}" not implemented for \'{t._dtype._legacy}\'')
    return t._dtype


def _opmath(dt, value):
    """A constant as the kernel holds it: a float32 (float64 for double) value."""
    return float(value) if dt is D.float64 else D.f32(value)


# ------------------------------------------------------------------ oneDNN's gelu_erf (AVX2 path)
def _f32_of(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


_LN_FLT_MIN, _LN_FLT_MAX = _f32_of(0xC2AEAC50), _f32_of(0x42B17218)
_LOG2E, _LN2 = _f32_of(0x3FB8AA3B), _f32_of(0x3F317218)
_EXP_POL = [_f32_of(b) for b in (0x3F7FFFFB, 0x3EFFFEE3, 0x3E2AAD40, 0x3D2B9D0D, 0x3C07CFCE)]  # p1..p5
_AS_P, _AS_SQRT1_2, _AS_SQRT1_PI = _f32_of(0x3EA7BA05), _f32_of(0x3F3504F3), _f32_of(0x3F106EBA)
_AS_POL = [_f32_of(b) for b in (0x3E827906, 0xBE91A98E, 0x3FB5F0E3, 0xBFBA00E3, 0x3F87DC22)]  # a1..a5


def _onednn_exp(x):
    """oneDNN's exp_compute_vector_fwd: 2 * 2**(n-1) * p(r), p a degree-5 polynomial, zero below ln(FLT_MIN)."""
    f, fma = D.f32, D.fma_f32
    underflow = x < _LN_FLT_MIN
    if x == x:
        x = max(min(x, _LN_FLT_MAX), _LN_FLT_MIN)
    fx = f(f(x * _LOG2E) + 0.5)
    n = math.floor(fx) if fx == fx else fx
    r = fma(-n, _LN2, x)
    scale = 0.0 if underflow else (math.ldexp(1.0, int(n) - 1) if n == n else math.nan)
    p = _EXP_POL[4]
    for c in (_EXP_POL[3], _EXP_POL[2], _EXP_POL[1], _EXP_POL[0], 1.0):
        p = fma(p, r, c)
    return f(f(p * scale) * 2.0)


def _onednn_erf(x, t, minus_exp):
    """sign(x) * (1 - t * poly(t) * exp(-x*x)), given t = 1 / (1 + p|x|) and -exp(-x*x)."""
    fma = D.fma_f32
    e = D.f32(minus_exp * t)
    r = _AS_POL[4]
    for c in (_AS_POL[3], _AS_POL[2], _AS_POL[1], _AS_POL[0]):
        r = fma(r, t, c)
    erf = fma(e, r, 1.0)
    return -erf if math.copysign(1.0, x) < 0 else erf


def _onednn_gelu(s):
    f = D.f32
    x = f(s * _AS_SQRT1_2)
    t = f(1.0 / D.fma_f32(_AS_P, abs(x), 1.0))
    erf = _onednn_erf(x, t, -_onednn_exp(-f(x * x)))
    half = f(s * 0.5)
    return D.fma_f32(erf, half, half)  # S + S * erf


def _onednn_gelu_derivative(s):
    f = D.f32
    x = f(s * _AS_SQRT1_2)
    q = _onednn_exp(-f(x * x))
    density = f(f(x * _AS_SQRT1_PI) * q)
    t = f(1.0 / D.fma_f32(_AS_P, abs(x), 1.0))
    erf = _onednn_erf(x, t, -q)
    return D.fma_f32(erf, 0.5, f(density + 0.5))


def _uses_onednn(t):
    """torch's use_mkldnn(): a contiguous float32 tensor of more than one element."""
    return t._dtype is D.float32 and t.numel() > 1 and is_contiguous(t._shape, t._stride)


# ------------------------------------------------------------------ gelu
@kernel
def gelu(t, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    dt = _floating(t, "GeluKernelImpl")
    f = opmath_round(dt)
    vals = t._values()
    if approximate == "tanh":
        beta, kappa = _opmath(dt, _GELU_TANH_BETA), _opmath(dt, _KAPPA)

        def g(x):
            inner = f(beta * f(x + f(kappa * f(f(x * x) * x))))
            return f(f(0.5 * x) * f(1.0 + f(math.tanh(inner))))
    elif _uses_onednn(t):
        g = _onednn_gelu
    else:
        alpha = _opmath(dt, _SQRT1_2)

        def g(x):
            return f(f(x * 0.5) * f(1.0 + f(math.erf(f(x * alpha)))))

    out = unary_result(D.round_floats([g(x) for x in vals], dt), t, dt)
    record(GeluBackward0, (t,), out, approximate=approximate, self=t)
    return out


def _in_opmath(fn, grad, *tensors):
    """Run ``fn`` on float32 copies for float16/bfloat16 (torch's fused kernels compute in float32) and round once."""
    if grad._dtype in D.REDUCED:
        f32 = D.float32
        return at.to_dtype(fn(*[at.to_dtype(x, f32) for x in (grad,) + tensors]), grad._dtype)
    return fn(grad, *tensors)


def _gelu_backward_none(dy, x):
    cdf = at.mul(at.add(at.erf(at.mul(x, _SQRT1_2)), 1), 0.5)
    pdf = at.mul(at.exp(at.mul(at.mul(x, x), -0.5)), _GELU_PDF_BETA)
    return at.mul(dy, at.add(cdf, at.mul(x, pdf)))


def _gelu_backward_tanh(dy, x):
    x_sq = at.mul(x, x)
    x_cube = at.mul(x, x_sq)
    inner = at.mul(at.add(x, at.mul(x_cube, _KAPPA)), _GELU_TANH_BETA)
    tanh_inner = at.tanh(inner)
    left = at.mul(x, 0.5)
    right = at.add(tanh_inner, 1)
    left_derivative = at.mul(right, 0.5)
    tanh_derivative = at.rsub(at.mul(tanh_inner, tanh_inner), 1)
    three_kappa = D.f32(3.0 * D.f32(_KAPPA)) if x._dtype is not D.float64 else 3.0 * _KAPPA
    inner_derivative = at.mul(at.add(at.mul(x_sq, three_kappa), 1), _GELU_TANH_BETA)
    right_derivative = at.mul(at.mul(left, tanh_derivative), inner_derivative)
    return at.mul(dy, at.add(left_derivative, right_derivative))


class GeluBackward0(Node):
    _name = "GeluBackward0"
    saves = ("self",)

    def apply(self, grad):
        x = self.saved("self")
        tanh = self._svals["approximate"] == "tanh"
        if not tanh and _uses_onednn(x) and not grad_state.grad:  # oneDNN's fused backward (no double backward)
            d = [_onednn_gelu_derivative(v) for v in x._values()]
            vals = D.round_f32([g * dv for g, dv in zip(at.expand(grad, x._shape)._values(), d)])
            return [Tensor._from_values(vals, tuple(x._shape), D.float32)]
        fn = _gelu_backward_tanh if tanh else _gelu_backward_none
        return [_in_opmath(fn, grad, x)]


# ------------------------------------------------------------------ silu
@kernel
def silu(t):
    """``x / (1 + exp(-x))``: in float32 (float16, bfloat16 too) torch's vector lanes take Sleef's exp,
    its scalar loop glibc's expf (booktorch.loops)."""
    dt = _floating(t, "silu_cpu")
    if dt is D.float64:
        vals = [fdiv(x, 1.0 + _exp(-x)) for x in t._values()]
    else:
        flags = vector_flags(t._shape, result_strides(t._shape, dt, t), kernel_layouts(dt, t), block(dt))
        vals = split_map(flags, lambda x: fdiv(x, D.f32(1.0 + sleef.expf(-x))),
                         lambda x: fdiv(x, D.f32(1.0 + libm.expf(-x))), t._values())
    out = unary_result(D.round_floats(vals, dt), t, dt)
    record(SiluBackward0, (t,), out, self=t)
    return out


def _silu_backward(dy, x):
    sigmoid = at.reciprocal(at.add(at.exp(at.neg(x)), 1))
    return at.mul(at.mul(dy, sigmoid), at.add(at.mul(x, at.rsub(sigmoid, 1)), 1))


class SiluBackward0(Node):
    _name = "SiluBackward0"
    saves = ("self",)

    def apply(self, grad):
        return [_in_opmath(_silu_backward, grad, self.saved("self"))]


# ------------------------------------------------------------------ softplus
@kernel
def softplus(t, beta=1.0, threshold=20.0):
    dt = _floating(t, "softplus_cpu")
    f = opmath_round(dt)
    b, th = _opmath(dt, beta), _opmath(dt, threshold)

    def sp(x):
        xb = f(x * b)
        return x if xb > th else fdiv(f(_log1p(f(_exp(xb)))), b)

    out = unary_result(D.round_floats([sp(x) for x in t._values()], dt), t, dt)
    record(SoftplusBackward0, (t,), out, beta=beta, threshold=threshold, self=t)
    return out


class SoftplusBackward0(Node):
    _name = "SoftplusBackward0"
    saves = ("self",)

    def apply(self, grad):
        beta, threshold = self._svals["beta"], self._svals["threshold"]

        def formula(dy, x):
            xb = at.mul(x, beta)
            z = at.exp(xb)
            return at.where(at.gt(xb, threshold), dy, at.div(at.mul(dy, z), at.add(z, 1)))

        return [_in_opmath(formula, grad, self.saved("self"))]


# ------------------------------------------------------------------ leaky_relu
@kernel
def leaky_relu(t, negative_slope=0.01, saves_result=False):
    """``x`` where ``x > 0``, else ``x * negative_slope``: the slope held as a float32 (float64 for double),
    float16 and bfloat16 computed in float32.  ``saves_result``: the in-place form's node
    (LeakyReluBackward1, which reads the result instead of the input)."""
    dt = _floating(t, "leaky_relu_cpu")
    f, slope = opmath_round(dt), _opmath(dt, negative_slope)
    vals = [x if x > 0 else f(x * slope) for x in t._values()]
    out = unary_result(D.round_floats(vals, dt), t, dt)
    if saves_result:
        record(LeakyReluBackward1, (t,), out, negative_slope=negative_slope, result=out)
    else:
        record(LeakyReluBackward0, (t,), out, negative_slope=negative_slope, self=t)
    return out


class LeakyReluBackward0(Node):
    _name = "LeakyReluBackward0"
    saves = ("self",)

    def apply(self, grad):  # reads where the input (or, for a slope >= 0, the result) is positive
        slope = self._svals["negative_slope"]
        return [_in_opmath(lambda dy, x: at.where(at.gt(x, 0), dy, at.mul(dy, slope)), grad, self.saved(self.saves[0]))]


class LeakyReluBackward1(LeakyReluBackward0):
    _name = "LeakyReluBackward1"
    saves = ("result",)

    def apply(self, grad):
        if self._svals["negative_slope"] < 0:  # the result's sign no longer says where the input was positive
            raise RuntimeError(
                "In-place leakyReLu backward calculation is triggered with a negative slope which is not supported. "
                "This is caused by calling in-place forward function with a negative slope, please call out-of-place "
                "version instead. File an issue at https://github.com/pytorch/pytorch if you do require supporting "
                "in-place leakRelu backward calculation with negative slope")
        return super().apply(grad)


# ------------------------------------------------------------------ hardtanh (and relu6)
@kernel
def hardtanh(t, min_val=-1.0, max_val=1.0):
    """clamp(x, min_val, max_val) in the input's own dtype (the bounds converted to it), NaN kept."""
    dt = t._dtype
    if dt is D.bool_:
        raise RuntimeError("Bool inputs not supported for hardtanh")
    if dt._kind == 1 and dt._lo == 0 and (min_val < 0 or max_val < 0):
        raise RuntimeError("cannot do hardtanh on an unsigned type with negative limits")
    lo, hi = D.checked_scalar(min_val, dt), D.checked_scalar(max_val, dt)
    vals = [lo if x < lo else (hi if x > hi else x) for x in t._values()]
    out = unary_result(vals, t, dt)
    record(HardtanhBackward0, (t,), out, min_val=min_val, max_val=max_val, self=t)
    return out


class HardtanhBackward0(Node):
    _name = "HardtanhBackward0"
    saves = ("self",)

    def apply(self, grad):
        lo, hi = self._svals["min_val"], self._svals["max_val"]

        def formula(dy, x):  # the gradient passes strictly inside the bounds (and at NaN)
            return at.where(at.logical_or(at.le(x, lo), at.ge(x, hi)), at.zeros_like(dy), dy)

        return [formula(grad, self.saved("self"))]


# ------------------------------------------------------------------ torch.nn.functional
def _input(name, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type_name(x)}")


@function("gelu", namespace="torch.nn.functional")
def gelu_function(input, *, approximate="none"):
    return gelu(input, approximate)


@function("silu", namespace="torch.nn.functional")
def silu_function(input, inplace=False):
    _input("silu", input)
    return at.inplace(input, silu) if inplace else silu(input)


@function("softplus", namespace="torch.nn.functional")
def softplus_function(input, beta=1.0, threshold=20.0):
    _input("softplus", input)
    return softplus(input, beta, threshold)


@function("leaky_relu", namespace="torch.nn.functional")
def leaky_relu_function(input, negative_slope=0.01, inplace=False):
    """F.leaky_relu (torch/nn/functional.py): torch._C._nn.leaky_relu or leaky_relu_, with their parsers."""
    _, a = parse_under_python("torch.nn.functional", "leaky_relu_" if inplace else "leaky_relu",
                              (input, negative_slope))
    if inplace:
        return at.inplace(input, leaky_relu, a["negative_slope"], saves_result=True)
    return leaky_relu(input, a["negative_slope"])


@function("hardtanh", namespace="torch.nn.functional")
def hardtanh_function(input, min_val=-1.0, max_val=1.0, inplace=False):
    """F.hardtanh (torch/nn/functional.py): its bounds check, then torch._C._nn.hardtanh or hardtanh_."""
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    _, a = parse_under_python("torch.nn.functional", "hardtanh_" if inplace else "hardtanh", (input, min_val, max_val))
    if inplace:
        return at.inplace(input, hardtanh, a["min_val"], a["max_val"])
    return hardtanh(input, a["min_val"], a["max_val"])


@function("relu6", namespace="torch.nn.functional")
def relu6_function(input, inplace=False):
    """F.relu6: torch._C._nn.relu6 (or relu6_), which is hardtanh between 0 and 6."""
    parse_under_python("torch.nn.functional", "relu6_" if inplace else "relu6", (input,))
    return at.inplace(input, hardtanh, 0, 6) if inplace else hardtanh(input, 0, 6)
