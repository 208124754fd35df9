"""Activation functions of ``torch.nn.functional``: relu (also in place), sigmoid, tanh, gelu
(with ``GeluBackward0``), softmax and log_softmax (with torch's implicit-dimension warning).

gelu follows torch's CPU kernel step by step in float32 (``x * 0.5 * (1 + erf(x / sqrt(2)))``, or
the tanh approximation), with a correctly rounded ``erf``/``tanh`` where torch's vectorised
ones can differ in the last bit.
"""

import math
import warnings

from .. import dtypes as D
from ..graph import Node, attach, needs_grad
from ..errors import unsupported
from ..iterator import check_inplace, opmath_round, unary_result, write
from ..registry import at, function, kernel
from ..tensor import Tensor

_SQRT1_2 = 0.7071067811865476  # M_SQRT1_2
_GELU_PDF = 2 / math.sqrt(math.pi) * _SQRT1_2 * 0.5  # M_2_SQRTPI * M_SQRT1_2 * 0.5
_TANH_BETA = math.sqrt(2) * 2 / math.sqrt(math.pi) * 0.5  # M_SQRT2 * M_2_SQRTPI * 0.5
_TANH_KAPPA = 0.044715


def _tensor_input(name, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")


# ------------------------------------------------------------------ relu
@kernel
def nn_relu(input, inplace=False):
    """F.relu(input, inplace): the in-place form writes into ``input`` and gives it the ReluBackward0 node."""
    _tensor_input("relu", input)
    if not inplace:
        return at.relu(input)
    record = check_inplace(input)
    out = at.relu(input) if record else at.relu(at.detach(input))
    write(input, out._values())
    if record:
        input._grad_fn = out._grad_fn
        input._requires_grad = True
    return input


@function("relu", namespace="torch.nn.functional")
def relu(input, inplace=False):
    return nn_relu(input, inplace)


@function("sigmoid", namespace="torch.nn.functional")
def sigmoid(input):
    if not isinstance(input, Tensor):
        raise AttributeError(f"'{type(input).__name__}' object has no attribute 'sigmoid'")
    return at.sigmoid(input)


@function("tanh", namespace="torch.nn.functional")
def tanh(input):
    if not isinstance(input, Tensor):
        raise AttributeError(f"'{type(input).__name__}' object has no attribute 'tanh'")
    return at.tanh(input)


# ------------------------------------------------------------------ gelu
def _gelu_values(xs, approximate, f, fma):
    if approximate == "tanh":
        beta, kappa = f(_TANH_BETA), f(_TANH_KAPPA)
        out = []
        for x in xs:
            cube = f(f(x * x) * x)
            inner = f(beta * fma(kappa, cube, x))
            out.append(f(f(0.5 * x) * f(1.0 + f(math.tanh(inner)))))
        return out
    alpha = f(_SQRT1_2)
    return [f(f(x * 0.5) * f(1.0 + f(math.erf(f(x * alpha))))) for x in xs]


def _gelu_backward_values(gs, xs, approximate, f, fma):
    out = []
    if approximate == "tanh":
        beta, kappa = f(_TANH_BETA), f(_TANH_KAPPA)
        three_kappa = f(3.0 * kappa)
        for g, x in zip(gs, xs):
            x_sq = f(x * x)
            inner = f(beta * fma(kappa, f(x * x_sq), x))
            th = f(math.tanh(inner))
            left = f(0.5 * x)
            left_derivative = f(0.5 * f(1.0 + th))
            tanh_derivative = fma(-th, th, 1.0)
            inner_derivative = f(beta * fma(three_kappa, x_sq, 1.0))
            right_derivative = f(f(left * tanh_derivative) * inner_derivative)
            out.append(f(g * f(left_derivative + right_derivative)))
        return out
    alpha, beta = f(_SQRT1_2), f(_GELU_PDF)
    for g, x in zip(gs, xs):
        cdf = f(0.5 * f(1.0 + f(math.erf(f(x * alpha)))))
        pdf = f(beta * f(math.exp(f(f(x * x) * -0.5))))
        out.append(f(g * fma(x, pdf, cdf)))
    return out


def _float_math(dt):
    if dt is D.float64:
        return float, D.fma_f64
    return opmath_round(dt), D.fma_f32


@kernel
def gelu(input, approximate="none"):
    _tensor_input("gelu", input)
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    dt = input._dtype
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"GeluKernelImpl\" not implemented for '{dt._legacy}'")
    f, fma = _float_math(dt)
    xs = D.convert(input._values(), dt, D.float32) if dt in D.REDUCED else input._values()
    out = unary_result(D.round_floats(_gelu_values(xs, approximate, f, fma), dt), input, dt)
    if needs_grad(input):
        node = GeluBackward0([input], approximate=approximate)
        node.save("self", input)
        attach(node, out)
    return out


class GeluBackward0(Node):
    _name = "GeluBackward0"
    formulas = ("grad * (cdf(self) + self * pdf(self))",)

    def apply(self, grad):
        if needs_grad(grad):
            raise unsupported("second derivatives of gelu")
        x = self.saved("self")
        dt = x._dtype
        f, fma = _float_math(dt)
        gs, xs = at.expand(grad, x._shape)._values(), x._values()
        if dt in D.REDUCED:
            gs, xs = D.convert(gs, dt, D.float32), D.convert(xs, dt, D.float32)
        vals = D.round_floats(_gelu_backward_values(gs, xs, self._svals["approximate"], f, fma), dt)
        return [Tensor._from_values(vals, x._shape, dt)]


@function("gelu", namespace="torch.nn.functional")
def gelu_function(input, approximate="none"):
    return gelu(input, approximate)


# ------------------------------------------------------------------ softmax, log_softmax
def _implicit_dim(name, ndim, stacklevel):
    warnings.warn(
        f"Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X as an argument.",
        stacklevel=stacklevel,
    )
    return 0 if ndim in (0, 1, 3) else 1


@kernel
def nn_softmax(input, dim, stacklevel, dtype, log):
    if dim is None:
        dim = _implicit_dim("log_softmax" if log else "softmax", input.dim(), stacklevel + 1)
    method = input.log_softmax if log else input.softmax
    return method(dim) if dtype is None else method(dim, dtype=dtype)


@function("softmax", namespace="torch.nn.functional")
def softmax(input, dim=None, _stacklevel=3, dtype=None):
    return nn_softmax(input, dim, _stacklevel, dtype, False)


@function("log_softmax", namespace="torch.nn.functional")
def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return nn_softmax(input, dim, _stacklevel, dtype, True)


# ------------------------------------------------------------------ dropout
@kernel
def nn_dropout(input, p=0.5, training=True, inplace=False):
    """torch's CPU dropout: ``input * noise`` where noise is ``bernoulli_(1 - p) / (1 - p)``, laid out like the
    input and drawn in its memory order; the input itself when not training, for p = 0 or no elements."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        noise = Tensor._from_values([D.zero_of(input._dtype)], (), input._dtype)
    else:
        noise = at.clone(at.detach(input))
        noise.bernoulli_(1 - p)
        at.inplace_binary("div", noise, 1 - p)
    if inplace:
        return at.inplace_binary("mul", input, noise)
    return at.mul(input, noise)


@function("dropout", namespace="torch.nn.functional")
def dropout(input, p=0.5, training=True, inplace=False):
    return nn_dropout(input, p, training, inplace)


gelu_function.__name__ = gelu_function.__qualname__  # F.gelu.__name__ is "gelu"
