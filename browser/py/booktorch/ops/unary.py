"""One-input math: exp, log, log2, log1p, expm1, sqrt, rsqrt, sin, cos, tan, tanh, sigmoid, erf,
reciprocal, abs, relu and sign, out of place and in place, with their backward nodes.

The floating functions give an integer or bool input's result in the default float
dtype, as torch does; each value is computed in double and rounded to the result
dtype (through float32 for float16 and bfloat16, which torch computes in float32).
Torch's float32 transcendental functions are Sleef's (within one unit in the last
place, not always correctly rounded), so the last bit of a float32 result can differ
from torch's while the printed digits agree; ``+ - * /`` steps inside a function
(``rsqrt`` is ``1 / sqrt(x)``, ``sigmoid`` is ``1 / (1 + exp(-x))``) round as torch's do.

Each backward is written with ops, in the order of torch's derivatives.yaml, so that it
rounds like torch's and is itself differentiable.
"""

import math

from .. import dtypes as D
from ..graph import Node, attach, needs_grad
from ..iterator import fdiv, opmath_round, unary_result
from ..registry import at, function, kernel, method
from ..tensor import Tensor


# ------------------------------------------------------------------ one element (in double)
def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _expm1(x):
    try:
        return math.expm1(x)
    except OverflowError:
        return math.inf


def _log(x):
    if x > 0:
        return math.log(x)
    if x == 0:
        return -math.inf
    return math.nan


def _log2(x):
    if x > 0:
        return math.log2(x)
    if x == 0:
        return -math.inf
    return math.nan


def _log1p(x):
    if x > -1:
        return math.log1p(x)
    if x == -1:
        return -math.inf
    return math.nan


def _sqrt(x):
    if x >= 0 or x != x:
        return math.sqrt(x) if x == x else x
    return math.nan


def _periodic(fn):
    def apply(x):
        try:
            return fn(x)
        except ValueError:  # an infinite argument
            return math.nan

    return apply


_sin, _cos, _tan = _periodic(math.sin), _periodic(math.cos), _periodic(math.tan)


def _float_result_dtype(t):
    return t._dtype if t._dtype.is_floating_point else D.get_default_dtype()


def _float_unary(t, fn, node_class, save):
    dt = _float_result_dtype(t)
    vals = t._values()
    if t._dtype is not dt:
        vals = D.convert(vals, t._dtype, dt)
    out = unary_result(D.round_floats([fn(x) for x in vals], dt), t, dt)
    if needs_grad(t):
        node = node_class([t])
        if save == "self":
            node.save("self", t)
        elif save == "result":
            node.save("result", out, is_output=True)
        attach(node, out)
    return out


# ------------------------------------------------------------------ forward ops
@kernel
def exp(t):
    return _float_unary(t, _exp, ExpBackward0, "result")


@kernel
def expm1(t):
    return _float_unary(t, _expm1, Expm1Backward0, "result")


@kernel
def log(t):
    return _float_unary(t, _log, LogBackward0, "self")


@kernel
def log2(t):
    return _float_unary(t, _log2, Log2Backward0, "self")


@kernel
def log1p(t):
    return _float_unary(t, _log1p, Log1PBackward0, "self")


@kernel
def sqrt(t):
    return _float_unary(t, _sqrt, SqrtBackward0, "result")


@kernel
def rsqrt(t):
    dt = _float_result_dtype(t)
    f = D.REDUCED_ROUND[dt] if dt is D.bfloat16 else opmath_round(dt)  # bfloat16 rounds the root to bfloat16
    return _float_unary(t, lambda x: fdiv(1.0, f(_sqrt(x))), RsqrtBackward0, "result")  # 1 / sqrt(x)


@kernel
def sin(t):
    return _float_unary(t, _sin, SinBackward0, "self")


@kernel
def cos(t):
    return _float_unary(t, _cos, CosBackward0, "self")


@kernel
def tan(t):
    return _float_unary(t, _tan, TanBackward0, "result")


@kernel
def tanh(t):
    return _float_unary(t, math.tanh, TanhBackward0, "result")


@kernel
def sigmoid(t):
    f = opmath_round(_float_result_dtype(t))

    def sig(x):  # torch's 1 / (1 + exp(-x)), rounded at each step
        return fdiv(1.0, f(1.0 + f(_exp(-x))))

    return _float_unary(t, sig, SigmoidBackward0, "result")


@kernel
def erf(t):
    return _float_unary(t, math.erf, ErfBackward0, "self")


@kernel
def reciprocal(t):
    return _float_unary(t, lambda x: fdiv(1.0, x), ReciprocalBackward0, "result")


@kernel
def abs(t):
    if t._dtype is D.bool_:
        raise NotImplementedError('"abs_cpu" not implemented for \'Bool\'')
    if t._dtype.is_floating_point:
        vals = [x if x != x else (-x if x < 0 else x + 0) for x in t._values()]
    else:
        vals = D.wrap_ints([-x if x < 0 else x for x in t._values()], t._dtype)
    out = unary_result(vals, t, t._dtype)
    if needs_grad(t):
        node = AbsBackward0([t])
        node.save("self", t)
        attach(node, out)
    return out


def _relu_check(t):
    if t._dtype is D.bool_:
        raise RuntimeError("Boolean inputs not supported for relu")


@kernel
def relu(t):
    _relu_check(t)
    zero = D.zero_of(t._dtype)
    vals = [zero if x < 0 else x for x in t._values()]  # clamp_min(x, 0): -0.0 and NaN stay
    out = unary_result(vals, t, t._dtype)
    if needs_grad(t):
        node = ReluBackward0([t])
        node.save("result", out, is_output=True)
        attach(node, out)
    return out


@kernel
def sign(t):
    vals = t._values()
    if t._dtype.is_floating_point:
        out = [0.0 if x != x else (1.0 if x > 0 else (-1.0 if x < 0 else 0.0)) for x in vals]
    elif t._dtype._kind == 1:
        out = [(x > 0) - (x < 0) for x in vals]
    else:
        out = list(vals)
    out = unary_result(out, t, t._dtype)
    if needs_grad(t):
        attach(SignBackward0([t]), out)
    return out


# ------------------------------------------------------------------ the Tensor and torch API
# name, op, whether torch has the in-place form as a torch function too (torch.exp_)
_API = ((exp, True), (expm1, True), (log, True), (log2, True), (log1p, True), (sqrt, True), (rsqrt, True),
        (sin, True), (cos, True), (tan, True), (tanh, True), (sigmoid, True), (erf, True), (reciprocal, True),
        (abs, True), (relu, True), (sign, False))


def _inplace_form(fn):
    def inplace_op(self):
        if fn is relu:  # before torch looks at the written-to memory
            _relu_check(self)
        return at.inplace(self, fn)

    inplace_op.__name__ = inplace_op.__qualname__ = fn.__name__ + "_"
    return inplace_op


for _fn, _torch_inplace in _API:
    method(_fn.__name__)(_fn)
    function(_fn.__name__, tensor_input=True)(_fn)
    _inplace = _inplace_form(_fn)
    method(_inplace.__name__)(_inplace)
    if _torch_inplace:
        function(_inplace.__name__, tensor_input=True)(_inplace)
method("__abs__", "absolute")(abs)
function("absolute")(abs)
method("absolute_")(_inplace_form(abs))
del _fn, _torch_inplace, _inplace


# ------------------------------------------------------------------ backward nodes
class ExpBackward0(Node):
    _name = "ExpBackward0"

    def apply(self, grad):
        return [at.mul(grad, self.saved("result"))]


class Expm1Backward0(Node):
    _name = "Expm1Backward0"

    def apply(self, grad):
        return [at.mul(grad, at.add(self.saved("result"), 1))]


class LogBackward0(Node):
    _name = "LogBackward0"

    def apply(self, grad):
        return [at.div(grad, self.saved("self"))]


_LN2 = 0.6931471805599453


class Log2Backward0(Node):
    _name = "Log2Backward0"

    def apply(self, grad):
        return [at.div(grad, at.mul(self.saved("self"), _LN2))]


class Log1PBackward0(Node):
    _name = "Log1PBackward0"

    def apply(self, grad):
        return [at.div(grad, at.add(self.saved("self"), 1))]


class SqrtBackward0(Node):
    _name = "SqrtBackward0"

    def apply(self, grad):
        return [at.div(grad, at.mul(self.saved("result"), 2))]


class RsqrtBackward0(Node):
    _name = "RsqrtBackward0"

    def apply(self, grad):
        return [at.mul(at.mul(grad, -0.5), at.pow(self.saved("result"), 3))]


class SinBackward0(Node):
    _name = "SinBackward0"

    def apply(self, grad):
        return [at.mul(grad, cos(self.saved("self")))]


class CosBackward0(Node):
    _name = "CosBackward0"

    def apply(self, grad):
        return [at.mul(grad, at.neg(sin(self.saved("self"))))]


class TanBackward0(Node):
    _name = "TanBackward0"

    def apply(self, grad):
        return [at.mul(grad, at.add(at.pow(self.saved("result"), 2), 1))]


_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


class ErfBackward0(Node):
    _name = "ErfBackward0"

    def apply(self, grad):
        return [at.mul(at.mul(exp(at.neg(at.pow(self.saved("self"), 2))), _TWO_OVER_SQRT_PI), grad)]


class AbsBackward0(Node):
    _name = "AbsBackward0"

    def apply(self, grad):
        return [at.mul(grad, sign(self.saved("self")))]


class SignBackward0(Node):
    _name = "SignBackward0"

    def apply(self, grad):
        return [at.zeros_like(grad)]


class ReluBackward0(Node):
    _name = "ReluBackward0"

    def apply(self, grad):
        return [threshold_backward(grad, self.saved("result"), 0)]


@kernel
def threshold_backward(grad, x, threshold):
    """torch's threshold_backward: 0 where ``x <= threshold``, else ``grad`` (ReluBackward0's formula, an op
    of its own so that a second derivative records ThresholdBackwardBackward0)."""
    zero = D.zero_of(grad._dtype)
    vals = [zero if v <= threshold else g for g, v in zip(grad._values(), x._values())]
    out = Tensor._from_values(vals, grad._shape, grad._dtype)
    if needs_grad(grad, x):
        node = ThresholdBackwardBackward0([grad, x], threshold=threshold)
        node.save("self", x)
        attach(node, out)
    return out


class ThresholdBackwardBackward0(Node):
    _name = "ThresholdBackwardBackward0"

    def apply(self, grad):
        g0 = threshold_backward(grad, self.saved("self"), self._svals["threshold"]) if self.needs(0) else None
        return [g0, at.zeros_like(grad) if self.needs(1) else None]


def _fused(grad, result, formula, dtypes=D.REDUCED):
    """torch's sigmoid_backward and tanh_backward kernels: one kernel, computed in float32 for
    ``dtypes`` and rounded once (not after each step, as separate ops would; torch's float16
    sigmoid_backward does round after each step)."""
    if grad._dtype in dtypes:
        f32 = D.float32
        return at.to_dtype(formula(at.to_dtype(grad, f32), at.to_dtype(result, f32)), grad._dtype)
    return formula(grad, result)


class SigmoidBackward0(Node):
    _name = "SigmoidBackward0"

    def apply(self, grad):
        formula = lambda g, r: at.mul(at.mul(g, at.rsub(r, 1.0)), r)  # noqa: E731
        return [_fused(grad, self.saved("result"), formula, dtypes=(D.bfloat16,))]


class TanhBackward0(Node):
    _name = "TanhBackward0"

    def apply(self, grad):
        return [_fused(grad, self.saved("result"), lambda g, r: at.mul(g, at.rsub(at.mul(r, r), 1.0)))]


class ReciprocalBackward0(Node):
    _name = "ReciprocalBackward0"

    def apply(self, grad):
        r = self.saved("result")
        return [at.mul(at.neg(grad), at.mul(r, r))]
