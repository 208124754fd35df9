"""Two-input elementwise math: atan2/arctan2, hypot, copysign, nextafter, logaddexp, logaddexp2, xlogy,
heaviside, gcd, lcm, ldexp and float_power, out of place and in place, with their backward nodes.

torch's kernels (``BinaryOpsKernel.cpp``): ``atan2``, ``hypot`` and ``logaddexp``/``logaddexp2`` are
``cpu_kernel_vec`` loops, Sleef in the vector lanes and the C library in the scalar loop (see
:mod:`booktorch.float_kernels`); ``xlogy`` is a ``cpu_kernel`` loop (``x * logf(y)``); ``copysign``,
``nextafter``, ``heaviside``, ``gcd`` and ``lcm`` are exact.  ``ldexp`` multiplies by ``2 ** other``
(exactly, in double, for an integer exponent; with ``pow`` otherwise) and ``float_power`` is ``pow``
in float64.  The backward formulas are derivatives.yaml's, written with ops in its order.
"""

import math
import struct

from .. import dtypes as D
from .. import libm, libm_float, sleef, sleef_extra
from ..errors import unsupported
from ..float_kernels import binary
from ..grad_mode import no_grad
from ..graph import Node, record
from ..iterator import pairs, result_tensor
from ..out_arguments import writes_out
from ..registry import at, function, inplace_form, kernel, method
from ..shape import broadcast_shapes
from ..tensor import Tensor

_f = D.f32
_LN2 = 0.6931471805599453  # M_LN2
_INV_LN2_F32 = _f(1.0 / 0.6931471805599453)  # logaddexp2's inv_log_2 for float32 (and float16/bfloat16)
_INV_LN2 = 1.0 / 0.6931471805599453


def _shape(x):
    return x._shape if isinstance(x, Tensor) else ()


def _not_implemented_for(op, dt):
    return NotImplementedError(f'"{op}_cpu" not implemented for \'{dt._legacy}\'')


def _float_result(a, b):
    """The dtype of a function that promotes integer inputs to the default float dtype."""
    dt = D.result_type(a, b)
    return dt if dt.is_floating_point else D.get_default_dtype()


def _floats_only(op, a, b):
    """The common dtype of a function whose kernel takes floating dtypes only."""
    dt = D.result_type(a, b)
    if not dt.is_floating_point:
        raise _not_implemented_for(op, dt)
    return dt


# ------------------------------------------------------------------ atan2, hypot
def _atan2_double(y, x):
    return math.atan2(y, x)


def _hypot_double(x, y):
    return math.hypot(x, y)


@kernel
def atan2(a, b):
    out = binary(a, b, _float_result(a, b), sleef_extra.atan2f, libm_float.atan2f, _atan2_double)
    record(Atan2Backward0, (a, b), out, self=a, other=b)
    return out


class Atan2Backward0(Node):
    _name = "Atan2Backward0"
    saves = ("self", "other")

    def apply(self, grad):
        a, b = self.saved("self"), self.saved("other")
        recip = at.reciprocal(at.add(at.mul(a, a), at.mul(b, b)))
        return [at.mul(at.mul(grad, b), recip) if self.needs(0) else None,
                at.mul(at.mul(grad, at.neg(a)), recip) if self.needs(1) else None]


@kernel
def hypot(a, b):
    out = binary(a, b, _floats_only("hypot", a, b), sleef_extra.hypotf, libm_float.hypotf, _hypot_double)
    record(HypotBackward0, (a, b), out, self=a, other=b, result=out)
    return out


class HypotBackward0(Node):
    _name = "HypotBackward0"
    saves = {"self": 0, "other": 1, "result": None}

    def apply(self, grad):
        result = self.saved("result")
        return [at.div(at.mul(grad, self.saved("self")), result) if self.needs(0) else None,
                at.div(at.mul(grad, self.saved("other")), result) if self.needs(1) else None]


# ------------------------------------------------------------------ copysign, nextafter
def _copysign(x, y):
    return math.copysign(x, y)


@kernel
def copysign(a, b):
    out = binary(a, b, _float_result(a, b), None, _copysign, _copysign)
    if isinstance(b, Tensor):
        record(CopysignBackward0, (a, b), out, self=a, result=out, other_shape=b._shape)
    else:
        record(CopysignBackward1, (a,), out, self=a, result=out)
    return out


class CopysignBackward1(Node):
    _name = "CopysignBackward1"
    saves = ("self", "result")

    def apply(self, grad):
        self_, result = self.saved("self"), self.saved("result")
        ratio = at.masked_fill(at.div(result, self_), at.eq(self_, 0), 0)  # copysign_tensor_self_backward
        return [at.mul(grad, ratio)] + [None] * (len(self.next_functions) - 1)


class CopysignBackward0(CopysignBackward1):
    _name = "CopysignBackward0"
    saves = {"self": 0, "result": 0}

    def apply(self, grad):
        g0 = super().apply(grad)[0] if self.needs(0) else None
        other = Tensor._from_values([D.zero_of(grad._dtype)], (), grad._dtype)
        return [g0, at.clone(at.expand(other, self._svals["other_shape"])) if self.needs(1) else None]

    def __getattr__(self, name):
        if name == "_saved_other_shape":
            raise AttributeError(f"'{self._name}' object has no attribute '{name}'")
        return super().__getattr__(name)

    def __dir__(self):
        return [n for n in super().__dir__() if n != "_saved_other_shape"]


def _nextafter(x, y):
    return math.nextafter(x, y)


_FORMATS = {D.float32: ("<f", "<I", 0, 0x80000000), D.float16: ("<e", "<H", 0, 0x8000),
            D.bfloat16: ("<f", "<I", 16, 0x8000)}  # bfloat16: float32's upper half


def _next_in(dt, x, y):
    """C's nextafter for float32, float16 or bfloat16 (their bit patterns, one step)."""
    if x != x or y != y:
        return math.nan
    if x == y:
        return y
    fmt, bits_fmt, shift, sign = _FORMATS[dt]
    if x == 0:
        b = 1 | (sign if y < 0 else 0)
    else:
        b = (struct.unpack(bits_fmt, struct.pack(fmt, x))[0] >> shift) + (1 if (y > x) == (x > 0) else -1)
    return struct.unpack(fmt, struct.pack(bits_fmt, b << shift))[0]


@kernel
def nextafter(a, b):
    dt = _floats_only("nextafter", a, b)
    if dt is D.float64:
        out = binary(a, b, dt, None, _nextafter, _nextafter)
    else:
        shape = broadcast_shapes(_shape(a), _shape(b))
        av, bv = pairs(a, b, shape, dt)
        out = result_tensor([_next_in(dt, x, y) for x, y in zip(av, bv)], shape, dt, a, b)
    record(NextafterBackward0, (a, b), out, self=a, other=b)
    return out


class NextafterBackward0(Node):
    _name = "NextafterBackward0"
    saves = {"self": 0, "other": 1}

    def apply(self, grad):
        g0 = g1 = None
        if self.needs(0):
            g0 = at.where(at.ne(self.saved("self"), self.saved("other")), grad, 0)
        if self.needs(1):
            g1 = at.zeros_like(self.saved("other"))
        return [g0, g1]


# ------------------------------------------------------------------ logaddexp, logaddexp2
def _logaddexp_vector(a, b):
    """The vector lanes: Sleef's expf and log1pf, torch's blend for equal infinities."""
    if a == b and abs(a) == math.inf:
        return a
    m = a if a > b or a != a else (b if b > a or b != b else b)
    return _f(m + sleef.log1pf(sleef.expf(-abs(_f(a - b)))))


def _logaddexp_scalar(a, b):
    """The scalar loop: glibc's expf and log1pf, ``std::max``."""
    if math.isinf(a) and a == b:
        return a
    m = b if a < b else a
    return _f(m + libm_float.log1pf(libm.expf(-abs(_f(a - b)))))


def _logaddexp_double(a, b):
    if math.isinf(a) and a == b:
        return a
    m = b if a < b else a
    d = a - b
    return m + math.log1p(math.exp(-abs(d))) if d == d else math.nan


def _logaddexp2_vector(a, b):
    if a == b and abs(a) == math.inf:
        return a
    m = a if a > b or a != a else b
    return D.fma_f32(sleef.log1pf(sleef_extra.exp2f(-abs(_f(a - b)))), _INV_LN2_F32, m)


def _logaddexp2_scalar(a, b):
    if math.isinf(a) and a == b:
        return a
    m = b if a < b else a
    return D.fma_f32(libm_float.log1pf(libm_float.exp2f(-abs(_f(a - b)))), _INV_LN2_F32, m)


def _logaddexp2_double(a, b):
    if math.isinf(a) and a == b:
        return a
    m = b if a < b else a
    d = a - b
    if d != d:
        return math.nan
    return m + math.log1p(2.0 ** -abs(d)) * _INV_LN2


@kernel
def logaddexp(a, b):
    out = binary(a, b, _floats_only("logaddexp", a, b), _logaddexp_vector, _logaddexp_scalar, _logaddexp_double)
    record(LogaddexpBackward0, (a, b), out, self=a, other=b)
    return out


@kernel
def logaddexp2(a, b):
    out = binary(a, b, _floats_only("logaddexp2", a, b), _logaddexp2_vector, _logaddexp2_scalar,
                 _logaddexp2_double)
    record(Logaddexp2Backward0, (a, b), out, self=a, other=b)
    return out


class LogaddexpBackward0(Node):
    """torch's formula is ``grad / (1 + exp(other - self))`` with MKL's float32 exp, whose last bits
    booktorch does not reproduce, so backward through logaddexp stops with booktorch's error
    (logaddexp2's gradient, through ``pow``, is exact)."""

    _name = "LogaddexpBackward0"
    saves = ("self", "other")

    def apply(self, grad):
        raise unsupported("The gradient of torch.logaddexp")


class Logaddexp2Backward0(Node):
    _name = "Logaddexp2Backward0"
    saves = ("self", "other")

    def apply(self, grad):
        a, b = self.saved("self"), self.saved("other")
        return [at.div(grad, _one_plus(at.pow(2, at.sub(b, a)))) if self.needs(0) else None,
                at.div(grad, _one_plus(at.pow(2, at.sub(a, b)))) if self.needs(1) else None]


def _one_plus(t):
    """``1 + t`` as torch computes a number plus a tensor."""
    return at.add(t, 1)


# ------------------------------------------------------------------ xlogy
def _xlogy_f32(x, y):
    if y != y:
        return math.nan
    if x == 0:
        return 0.0
    return _f(x * libm_float.logf(y))


def _xlogy_double(x, y):
    if y != y:
        return math.nan
    if x == 0:
        return 0.0
    if y > 0:
        return x * math.log(y) if y != math.inf else x * math.inf
    return x * (-math.inf if y == 0 else math.nan)


def _xlogy_reduced(dt):
    """float16/bfloat16: ``std::log`` of the value gives one of the dtype (rounded), times x in float32."""
    rounded = D.REDUCED_ROUND[dt]

    def xlogy_reduced(x, y):
        if y != y:
            return math.nan
        if x == 0:
            return 0.0
        return _f(x * rounded(libm_float.logf(y)))

    return xlogy_reduced


@kernel
def xlogy(a, b):
    dt = _float_result(a, b)
    out = binary(a, b, dt, None, _xlogy_reduced(dt) if dt in D.REDUCED else _xlogy_f32, _xlogy_double)
    if isinstance(a, Tensor) and isinstance(b, Tensor):
        record(XlogyBackward0, (a, b), out, self=a, other=b)
    elif isinstance(a, Tensor):
        record(XlogyBackward2, (a,), out, self=a, other=b)
    else:
        record(XlogyBackward1, (b,), out, self=a, other=b)
    return out


class XlogyBackward0(Node):
    _name = "XlogyBackward0"
    saves = ("self", "other")

    def apply(self, grad):
        a, b = self.saved("self"), self.saved("other")
        g0 = g1 = None
        if self.needs(0):
            g0 = at.masked_fill(xlogy(grad, b), at.logical_and(at.eq(a, 0.0), at.le(b, 0.0)), 0.0)
        if self.needs(1):
            g1 = at.div(at.mul(grad, a), b)
        return [g0, g1]


class XlogyBackward1(Node):
    """``xlogy(number, tensor)``: the number is one of the node's values (torch's Scalar)."""

    _name = "XlogyBackward1"
    saves = ("other",)

    def apply(self, grad):
        return [at.div(at.mul(grad, self._svals["self"]), self.saved("other"))]


class XlogyBackward2(Node):
    _name = "XlogyBackward2"
    saves = ("self",)

    def apply(self, grad):
        other = self._svals["other"]
        g = xlogy(grad, other)
        return [g if float(other) > 0 else at.masked_fill(g, at.eq(self.saved("self"), 0.0), 0.0)]


# ------------------------------------------------------------------ heaviside, gcd, lcm
class _NotImplemented(Node):
    """torch's ``NotImplemented`` node: backward through it fails."""

    _name = "torch::autograd::NotImplemented"

    def __init__(self, inputs, op):
        super().__init__(inputs)
        self._op = op

    def __repr__(self):
        return f"<NotImplemented object at {hex(id(self))}>"

    def apply(self, grad):
        raise RuntimeError(f"derivative for aten::{self._op} is not implemented")


@kernel
def heaviside(a, b):
    if a._dtype is not b._dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes.")
    dt = a._dtype
    shape = broadcast_shapes(a._shape, b._shape)
    av, bv = pairs(a, b, shape, dt)
    one, zero = D.one_of(dt), D.zero_of(dt)
    vals = [y if x == 0 else (one if x > 0 else zero) for x, y in zip(av, bv)]
    out = result_tensor(vals, shape, dt, a, b)
    record(_NotImplemented, (a, b), out, op="heaviside")
    return out


def _gcd(a, b):
    a, b = abs(a), abs(b)
    while a != 0:
        a, b = b % a, a
    return b


def _integer_op(op, a, b, fn):
    dt = D.result_type(a, b)
    if dt._kind != 1:
        raise _not_implemented_for(op, dt)
    shape = broadcast_shapes(a._shape, b._shape)
    av, bv = pairs(a, b, shape, dt)
    return result_tensor(D.wrap_ints([fn(x, y) for x, y in zip(av, bv)], dt), shape, dt, a, b)


def _lcm(dt):
    """ATen's ``abs(a / g * b)``: int8, int16 and uint8 compute in C's int (no overflow), int32 and int64 wrap."""
    wide = dt.itemsize >= 4

    def lcm(a, b):
        g = _gcd(a, b)
        if g == 0:
            return 0
        v = (a // g) * b
        if wide:
            v = D.wrap_ints([v], dt)[0]
        return abs(v)

    return lcm


@kernel
def gcd(a, b):
    return _integer_op("gcd", a, b, _gcd)


@kernel
def lcm(a, b):
    return _integer_op("lcm", a, b, _lcm(D.result_type(a, b)))


# ------------------------------------------------------------------ ldexp, float_power
def _ldexp(x, e):
    try:
        return math.ldexp(x, e)
    except OverflowError:
        return math.copysign(math.inf, x)


@kernel
def ldexp(a, b):
    if b._dtype._kind <= 1 and a._dtype.is_floating_point:  # ATen's ldexp kernel: exact, in double
        if b._dtype is D.bool_:
            raise NotImplementedError('"ldexp_cpu_exp" not implemented for \'Bool\'')
        dt = a._dtype
        shape = broadcast_shapes(a._shape, b._shape)
        av = pairs(a, a, shape, dt)[0]
        ev = pairs(b, b, shape, b._dtype)[0]
        vals = [_ldexp(x, int(e)) for x, e in zip(av, ev)]
        out = result_tensor(D.round_floats(vals, dt), shape, dt, a, b)
    else:
        with no_grad():
            out = at.mul(a, at.pow(2.0, b))
    record(LdexpBackward0, (a, b), out, other=b, result=out)
    return out


class LdexpBackward0(Node):
    _name = "LdexpBackward0"
    saves = ("other", "result")

    def apply(self, grad):
        g0 = at.mul(grad, at.pow(2, self.saved("other"))) if self.needs(0) else None
        g1 = at.mul(at.mul(grad, self.saved("result")), _LN2) if self.needs(1) else None
        return [g0, g1]


def _to_double(x):
    return at.to_dtype(x, D.float64) if isinstance(x, Tensor) else float(x)


@kernel
def float_power(a, b):
    return at.pow(_to_double(a), _to_double(b))


# ------------------------------------------------------------------ the Tensor and torch API
_WITH_OUT = (atan2, hypot, copysign, xlogy, logaddexp, logaddexp2)  # float functions: out= of a castable dtype
for _fn, _aliases, _torch_inplace in (
        (atan2, ("atan2", "arctan2"), False), (hypot, ("hypot",), False), (copysign, ("copysign",), False),
        (nextafter, ("nextafter",), False), (xlogy, ("xlogy",), True), (heaviside, ("heaviside",), False),
        (gcd, ("gcd",), True), (lcm, ("lcm",), True), (ldexp, ("ldexp",), True)):
    method(*_aliases)(_fn)
    if _fn in _WITH_OUT:
        function(*_aliases, takes_out=True)(writes_out(_fn.__name__)(_fn))
    else:
        function(*_aliases)(_fn)
    _inplace_names = tuple(a + "_" for a in _aliases)
    _inplace = inplace_form(_fn, _inplace_names[0])
    method(*_inplace_names)(_inplace)
    if _torch_inplace:
        function(*_inplace_names)(_inplace)
for _fn in (logaddexp, logaddexp2, float_power):
    method(_fn.__name__)(_fn)
    if _fn in _WITH_OUT:
        function(_fn.__name__, takes_out=True)(writes_out(_fn.__name__)(_fn))
    else:
        function(_fn.__name__)(_fn)
del _fn, _aliases, _torch_inplace, _inplace_names, _inplace


@method("float_power_")
def float_power_(self, exponent):
    if self._dtype is not D.float64:
        raise RuntimeError(f"the base given to float_power_ has dtype {self._dtype._legacy} but the "
                           "operation's result requires dtype Double")
    return at.inplace(self, at.pow, _to_double(exponent))
