"""Activation functions of ``torch.nn.functional``: relu (also in place), sigmoid, tanh, softmax and
log_softmax (with torch's implicit-dimension warning), and dropout.  (``F.gelu``, ``silu`` and
``softplus`` are declared with the elementwise math, in ``booktorch/ops/activations.py``.)
"""

import math
import warnings

from .. import dtypes as D
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
    return at.inplace(input, at.relu)  # the node saves input itself, after the write, as torch's relu_


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
        at.inplace(noise, at.div, 1 - p)
    if inplace:
        return at.inplace(input, at.mul, noise)
    return at.mul(input, noise)


@function("dropout", namespace="torch.nn.functional")
def dropout(input, p=0.5, training=True, inplace=False):
    return nn_dropout(input, p, training, inplace)
