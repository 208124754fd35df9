"""One-input math: exp, log, sqrt, sigmoid, tanh, reciprocal, abs, relu, sign, with their backward nodes.

The floating functions give an integer or bool input's result in the default float
dtype, as torch does; each value is computed in double and rounded to the result
dtype (through float32 for float16 and bfloat16, which torch computes in float32).
"""

import math

from .. import dtypes as D
from ..graph import Node, attach, needs_grad
from ..iterator import fdiv, opmath_round, unary_result
from ..registry import at, function, kernel, method
from ..tensor import Tensor


def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _log(x):
    if x > 0:
        return math.log(x)
    if x == 0:
        return -math.inf
    return math.nan


def _sqrt(x):
    if x >= 0 or x != x:
        return math.sqrt(x) if x == x else x
    return math.nan


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
        else:
            node.save("result", out, is_output=True)
        attach(node, out)
    return out


@kernel
def exp(t):
    return _float_unary(t, _exp, ExpBackward0, "result")


@kernel
def log(t):
    return _float_unary(t, _log, LogBackward0, "self")


@kernel
def sqrt(t):
    return _float_unary(t, _sqrt, SqrtBackward0, "result")


@kernel
def sigmoid(t):
    f = opmath_round(_float_result_dtype(t))

    def sig(x):  # torch's 1 / (1 + exp(-x)), rounded at each step
        return fdiv(1.0, f(1.0 + f(_exp(-x))))

    return _float_unary(t, sig, SigmoidBackward0, "result")


@kernel
def tanh(t):
    return _float_unary(t, math.tanh, TanhBackward0, "result")


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


@kernel
def relu(t):
    if t._dtype is D.bool_:
        raise RuntimeError("Boolean inputs not supported for relu")
    zero = D.zero_of(t._dtype)
    vals = [x if (x > 0 or x != x) else zero for x in t._values()]
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
        out = [x if x != x else (1.0 if x > 0 else (-1.0 if x < 0 else 0.0)) for x in vals]
    elif t._dtype._kind == 1:
        out = [(x > 0) - (x < 0) for x in vals]
    else:
        out = list(vals)
    return unary_result(out, t, t._dtype)


for _fn in (exp, log, sqrt, sigmoid, tanh, reciprocal, abs, relu, sign):
    method(_fn.__name__)(_fn)
    function(_fn.__name__, tensor_input=True)(_fn)
method("__abs__")(abs)
del _fn


# ------------------------------------------------------------------ backward nodes
class ExpBackward0(Node):
    _name = "ExpBackward0"
    formulas = ("grad * result",)

    def apply(self, grad):
        return [at.mul(grad, self.saved("result"))]

    def local(self, i):
        return self.saved("result")


class LogBackward0(Node):
    _name = "LogBackward0"
    formulas = ("grad / self",)

    def apply(self, grad):
        return [at.div(grad, self.saved("self"))]

    def local(self, i):
        return at.div(1.0, self.saved("self"))


class SqrtBackward0(Node):
    _name = "SqrtBackward0"
    formulas = ("grad / (2 * result)",)

    def apply(self, grad):
        return [at.div(grad, at.mul(self.saved("result"), 2))]

    def local(self, i):
        return at.div(1.0, at.mul(self.saved("result"), 2))


class AbsBackward0(Node):
    _name = "AbsBackward0"
    formulas = ("grad * sign(self)",)

    def apply(self, grad):
        return [at.mul(grad, sign(self.saved("self")))]

    def local(self, i):
        return sign(self.saved("self"))


class ReluBackward0(Node):
    _name = "ReluBackward0"
    formulas = ("grad * (result > 0)",)

    def apply(self, grad):
        r = self.saved("result")
        zero = Tensor._from_values([D.zero_of(grad._dtype)], (), grad._dtype)
        return [at.where(at.le(r, 0), zero, grad)]

    def local(self, i):
        return at.to_dtype(at.gt(self.saved("result"), 0), D.float32)


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
    formulas = ("grad * (1 - result) * result",)

    def apply(self, grad):
        formula = lambda g, r: at.mul(at.mul(g, at.rsub(r, 1.0)), r)  # noqa: E731
        return [_fused(grad, self.saved("result"), formula, dtypes=(D.bfloat16,))]

    def local(self, i):
        r = self.saved("result")
        return at.mul(at.rsub(r, 1.0), r)


class TanhBackward0(Node):
    _name = "TanhBackward0"
    formulas = ("grad * (1 - result * result)",)

    def apply(self, grad):
        return [_fused(grad, self.saved("result"), lambda g, r: at.mul(g, at.rsub(at.mul(r, r), 1.0)))]

    def local(self, i):
        r = self.saved("result")
        return at.rsub(at.mul(r, r), 1.0)


class ReciprocalBackward0(Node):
    _name = "ReciprocalBackward0"
    formulas = ("-grad * (result * result)",)

    def apply(self, grad):
        r = self.saved("result")
        return [at.mul(at.neg(grad), at.mul(r, r))]

    def local(self, i):
        r = self.saved("result")
        return at.neg(at.mul(r, r))
