"""Signs, angles and the complex-number API on real tensors: sgn, signbit, angle, deg2rad, rad2deg, sinc,
frexp, and real/imag/conj/isreal/conj_physical/resolve_conj/resolve_neg/is_conj/is_neg.

booktorch has no complex dtypes, so ``real`` and ``conj`` give the tensor itself (as torch does for a real
tensor), ``imag`` raises torch's error and ``isreal`` is all True.  ``sinc`` is torch's ``cpu_kernel``:
``sin(pi * x) / (pi * x)`` in float32 with the C library's ``sinf`` (:mod:`booktorch.libm_float`);
``deg2rad``/``rad2deg`` multiply by a double constant, as a tensor times a number does.
"""

import math

from .. import dtypes as D
from .. import libm_float
from ..errors import unsupported
from ..float_kernels import float_dtype, unary
from ..grad_mode import no_grad
from ..graph import Node, record
from ..iterator import fdiv, unary_result
from ..registry import at, function, inplace_form, kernel, method, prop
from ..structseq import structseq

frexp_return = structseq("frexp", "mantissa", "exponent")

_PI_180 = math.pi / 180  # c10's M_PI_180
_180_PI = 180 / math.pi
_PI32 = D.f32(math.pi)


# ------------------------------------------------------------------ sgn, signbit, angle
@kernel
def sgn(t):
    with no_grad():
        out = at.sign(t)
    record(SgnBackward0, (t,), out, self=t, result=out)
    return out


class SgnBackward0(Node):
    """sgn_backward of a real tensor: zeros."""

    _name = "SgnBackward0"
    saves = ("self", "result")

    def apply(self, grad):
        return [at.zeros_like(grad)]


@kernel
def signbit(t):
    if t._dtype.is_floating_point:
        vals = [math.copysign(1.0, x) < 0 for x in t._values()]
    else:
        vals = [x < 0 for x in t._values()]
    return unary_result(vals, t, D.bool_)


def _angle(x):
    if x != x:
        return x
    return math.pi if x < 0 else 0.0


@kernel
def angle(t):
    dt = float_dtype(t)
    if t._dtype is D.bool_:
        vals = [0.0] * len(t._values())
    else:
        vals = [_angle(x) for x in (t._values() if t._dtype is dt else D.convert(t._values(), t._dtype, dt))]
    out = unary_result(D.round_floats(vals, dt), t, dt)
    record(AngleBackward0, (t,), out, self=t)
    return out


class AngleBackward0(Node):
    """angle_backward of a real tensor: zeros."""

    _name = "AngleBackward0"
    saves = ("self",)

    def apply(self, grad):
        return [at.zeros_like(self.saved("self"))]


# ------------------------------------------------------------------ deg2rad, rad2deg
def _scaled(t, factor, node_class):
    with no_grad():
        source = t if t._dtype.is_floating_point else at.to_dtype(t, D.get_default_dtype())
        out = at.mul(source, factor)
    record(node_class, (t,), out)
    return out


@kernel
def deg2rad(t):
    return _scaled(t, _PI_180, Deg2RadBackward0)


@kernel
def rad2deg(t):
    return _scaled(t, _180_PI, Rad2DegBackward0)


class Deg2RadBackward0(Node):
    _name = "Deg2RadBackward0"

    def apply(self, grad):
        return [at.mul(grad, _PI_180)]


class Rad2DegBackward0(Node):
    _name = "Rad2DegBackward0"

    def apply(self, grad):
        return [at.mul(grad, _180_PI)]


# ------------------------------------------------------------------ sinc
def _sinc_f32(x):
    if x == 0:
        return 1.0
    product = D.f32(_PI32 * x)
    return D.f32(fdiv(libm_float.sinf(product), product))


def _sinc_double(x):
    if x == 0:
        return 1.0
    product = math.pi * x
    if math.isinf(product) or product != product:
        return math.nan
    return fdiv(math.sin(product), product)


@kernel
def sinc(t):
    out = unary(t, None, _sinc_f32, _sinc_double)
    record(SincBackward0, (t,), out, self=t)
    return out


class SincBackward0(Node):
    """torch's sinc_backward is ``grad * (pi x cos(pi x) - sin(pi x)) / (pi x**2)`` with MKL's float32 sin
    and cos, whose last bits booktorch does not reproduce (and the difference cancels away all but a few
    bits of the result), so backward through sinc stops with booktorch's error."""

    _name = "SincBackward0"
    saves = ("self",)

    def apply(self, grad):
        raise unsupported("The gradient of torch.sinc")


# ------------------------------------------------------------------ frexp
@kernel
def frexp(t):
    if not t._dtype.is_floating_point:
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    pairs = []
    for x in t._values():
        if x != x or math.isinf(x):
            pairs.append((x, 0))
        else:
            pairs.append(math.frexp(x))
    mantissa = unary_result([m for m, _ in pairs], t, t._dtype)
    exponent = unary_result([e for _, e in pairs], t, D.int32)
    record(FrexpBackward0, (t,), mantissa, exponent=exponent)
    return frexp_return((mantissa, exponent))


class FrexpBackward0(Node):
    _name = "FrexpBackward0"
    saves = ("exponent",)
    saved_outputs = ("exponent",)

    def apply(self, grad):
        return [at.div(grad, at.exp2(self.saved("exponent")))]


# ------------------------------------------------------------------ the complex API on real tensors
def _self(t):
    return t


def _imag(t):
    raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")


@kernel
def isreal(t):
    return unary_result([True] * len(t._values()), t, D.bool_)


def _false(t):
    return False


for _names, _fn in ((("sgn",), sgn), (("signbit",), signbit), (("angle",), angle), (("deg2rad",), deg2rad),
                    (("rad2deg",), rad2deg), (("sinc",), sinc), (("frexp",), frexp), (("isreal",), isreal)):
    method(*_names)(_fn)
    function(*_names)(_fn)
del _names, _fn
for _name, _fn in (("conj", _self), ("conj_physical", _self), ("resolve_conj", _self), ("resolve_neg", _self)):
    method(_name)(_fn)
    function(_name)(_fn)
method("is_conj")(_false)
method("is_neg")(_false)
function("is_conj")(_false)
function("is_neg")(_false)
function("real")(_self)
function("imag")(_imag)
prop("real", _self)
prop("imag", _imag)


for _fn, _torch_inplace in ((sgn, False), (deg2rad, True), (rad2deg, True), (sinc, True)):
    _inplace = inplace_form(_fn, _fn.__name__ + "_")
    method(_inplace.__name__)(_inplace)
    if _torch_inplace:
        function(_inplace.__name__)(_inplace)
del _fn, _torch_inplace, _inplace


@kernel
def conj_physical_copy(t):
    """What ``conj_physical_`` writes into a real tensor: its own values, recorded as ConjPhysicalBackward1
    (torch's in-place conj_physical_ returns self for a real tensor, yet bumps its version and records)."""
    with no_grad():
        out = at.clone(t)
    record(ConjPhysicalBackward1, (t,), out)
    return out


class ConjPhysicalBackward1(Node):
    _name = "ConjPhysicalBackward1"

    def apply(self, grad):
        return [grad]  # grad.conj_physical(): the gradient itself for a real tensor


def conj_physical_(t):
    return at.inplace(t, conj_physical_copy)


method("conj_physical_")(conj_physical_)
function("conj_physical_")(conj_physical_)
