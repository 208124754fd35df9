"""exp2, lgamma, digamma and polygamma (n = 0 and 1), out of place and in place, with their backward nodes.

torch's kernels: ``exp2`` is a ``cpu_kernel_vec`` loop (Sleef's ``exp2f`` in the vector lanes, the C
library's in the scalar loop); ``lgamma`` goes through ``vml::vlgamma``, which maps every element,
the last partial vector too, through Sleef's ``lgammaf``; ``digamma`` and ``polygamma(1, x)`` are
ATen's own ``calc_digamma`` and ``trigamma`` (``ATen/native/Math.h``), compiled with fused
multiply-adds, which call the C library's ``logf``, ``sinf`` and ``tan``.  ``polygamma`` with n >= 2
(ATen's zeta series) is not offered.
"""

import math

from .. import dtypes as D
from .. import libm_float, sleef_extra
from ..errors import unsupported
from ..float_kernels import unary
from ..graph import Node, elementwise_nodes, record, record_elementwise
from ..libm import fma
from ..out_arguments import writes_out
from ..registry import at, function, inplace_form, kernel, method

_f = D.f32
_LN2 = 0.6931471805599453  # M_LN2


def _div(x, y, rounded):
    if y == 0:
        if x != x or x == 0:
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)
    return rounded(x / y)


# ------------------------------------------------------------------ exp2, lgamma (double)
_exp2_double = getattr(math, "exp2", lambda x: math.pow(2.0, x))  # the C library's exp2 (Python 3.11)


def _exp2(x):
    try:
        return _exp2_double(x)
    except OverflowError:
        return math.inf


def _lgamma(x):
    if math.isinf(x):
        return math.inf
    try:
        return math.lgamma(x)
    except (ValueError, OverflowError):
        return math.inf


# ------------------------------------------------------------------ calc_digamma and trigamma (Math.h)
_PSI_10 = 2.25175258906672110764
_DIGAMMA_A = (8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
              -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
              8.33333333333333333333E-2)
_DIGAMMA_A32 = tuple(_f(a) for a in _DIGAMMA_A)


def _fma32(a, b, c):
    return D.fma_f32(a, b, c)


def digamma_float(x):
    """ATen's calc_digamma(float)."""
    if x == 0:
        return math.copysign(math.inf, -x)
    if x != x:
        return x
    if x < 0:
        if math.isinf(x) or x == math.trunc(x):
            return math.nan
        r = x - math.trunc(x)
        pi_over_tan = _f(math.pi / math.tan(math.pi * r))
        return _f(digamma_float(_f(1.0 - x)) - pi_over_tan)
    result = 0.0
    while x < 10:
        result = _f(result - _div(1.0, x, _f))
        x = _f(x + 1.0)
    if x == 10:
        return _f(result + _f(_PSI_10))
    y = 0.0
    if x < 1.0e17:
        z = _div(1.0, _f(x * x), _f)
        p = 0.0
        for a in _DIGAMMA_A32:
            p = _fma32(p, z, a)
        y = _f(z * p)
    return _f(_f(_f(result + libm_float.logf(x)) - _div(0.5, x, _f)) - y)


def digamma_double(x):
    """ATen's calc_digamma(double)."""
    if x == 0:
        return math.copysign(math.inf, -x)
    if x != x:
        return x
    if x < 0:
        if math.isinf(x) or x == math.trunc(x):
            return math.nan
        r = x - math.trunc(x)
        return digamma_double(1.0 - x) - math.pi / math.tan(math.pi * r)
    result = 0.0
    while x < 10:
        result -= 1.0 / x
        x += 1.0
    if x == 10:
        return result + _PSI_10
    y = 0.0
    if x < 1.0e17:
        z = 1.0 / (x * x)
        p = 0.0
        for a in _DIGAMMA_A:
            p = fma(p, z, a)
        y = z * p
    return result + math.log(x) - (0.5 / x) - y


_PI32 = _f(math.pi)
_SIXTH, _THIRTIETH, _FORTY_SECOND = _f(1 / 6), _f(1 / 30), _f(1 / 42)


def trigamma_float(x):
    """ATen's trigamma(float)."""
    sign = 1.0
    result = 0.0
    if x < 0.5:
        sign = -1.0
        s = libm_float.sinf(_f(_PI32 * x))
        result = _f(result - _div(_f(_PI32 * _PI32), _f(s * s), _f))
        x = _f(1.0 - x)
    for _ in range(6):
        result = _f(result + _div(1.0, _f(x * x), _f))
        x = _f(x + 1.0)
    ixx = _div(1.0, _f(x * x), _f)
    inner = _fma32(-ixx, _FORTY_SECOND, _THIRTIETH)
    inner = _fma32(-ixx, inner, _SIXTH)
    total = _fma32(ixx, inner, _f(1.0 + _div(1.0, _f(2.0 * x), _f)))
    return _f(sign * _f(result + _div(total, x, _f)))


def trigamma_double(x):
    """ATen's trigamma(double)."""
    sign = 1.0
    result = 0.0
    if x < 0.5:
        sign = -1.0
        s = math.sin(math.pi * x) if not math.isinf(x) else math.nan
        result -= _div(math.pi * math.pi, s * s, float)
        x = 1.0 - x
    for _ in range(6):
        result += _div(1.0, x * x, float)
        x += 1.0
    ixx = _div(1.0, x * x, float)
    inner = fma(-ixx, 1.0 / 42, 1.0 / 30)
    inner = fma(-ixx, inner, 1.0 / 6)
    total = fma(ixx, inner, 1.0 + _div(1.0, 2.0 * x, float))
    return sign * (result + _div(total, x, float))


# ------------------------------------------------------------------ the ops
DERIVATIVES = {
    "exp2": ("Exp2Backward0", "result", lambda grad, result: at.mul(at.mul(grad, result), _LN2)),
    "lgamma": ("LgammaBackward0", "self", lambda grad, self: at.mul(grad, digamma(self))),
    "digamma": ("DigammaBackward0", "self", lambda grad, self: at.mul(grad, polygamma(1, self))),
}
NODES = elementwise_nodes(__name__, DERIVATIVES)


@kernel
def exp2(t):
    out = unary(t, sleef_extra.exp2f, libm_float.exp2f, _exp2)
    record_elementwise(NODES["exp2"], t, out)
    return out


@kernel
def lgamma(t):
    out = unary(t, sleef_extra.lgammaf, sleef_extra.lgammaf, _lgamma)
    record_elementwise(NODES["lgamma"], t, out)
    return out


@kernel
def digamma(t):
    out = unary(t, None, digamma_float, digamma_double)
    record_elementwise(NODES["digamma"], t, out)
    return out


@kernel
def polygamma(n, t):
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    if n == 0:
        out = unary(t, None, digamma_float, digamma_double)
    elif n == 1:
        out = unary(t, None, trigamma_float, trigamma_double)
    else:
        raise unsupported(f"torch.polygamma with n={n} (n >= 2)")
    record(PolygammaBackward0, (t,), out, n=n, self=t)
    return out


class PolygammaBackward0(Node):
    _name = "PolygammaBackward0"
    saves = ("self",)

    def apply(self, grad):
        return [at.mul(grad, polygamma(self._svals["n"] + 1, self.saved("self")))]


for _fn, _torch_inplace in ((exp2, True), (lgamma, False), (digamma, False)):
    method(_fn.__name__)(_fn)
    function(_fn.__name__, takes_out=True)(writes_out(_fn.__name__)(_fn))
    _inplace = inplace_form(_fn, _fn.__name__ + "_")
    method(_inplace.__name__)(_inplace)
    if _torch_inplace:
        function(_inplace.__name__)(_inplace)
del _fn, _torch_inplace, _inplace


@function("polygamma", takes_out=True)
@writes_out("polygamma")
def polygamma_function(n, input):  # noqa: A002 - torch's name
    return polygamma(n, input)


@method("polygamma")
def polygamma_method(self, n):
    return polygamma(n, self)


@method("polygamma_")
def polygamma_inplace(self, n):
    return at.inplace(self, lambda t: polygamma(n, t))
