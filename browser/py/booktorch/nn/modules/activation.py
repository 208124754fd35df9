"""Activation modules: ReLU, Sigmoid, Tanh, GELU, SiLU, Softplus, LeakyReLU, Hardtanh, ReLU6, Softmax,
LogSoftmax (each calls its ``torch.nn.functional`` function)."""

import sys
import warnings

from ...registry import at, export
from .module import Module


def _F():
    """torch.nn.functional, as a torch module's forward calls it (through its argument parser)."""
    return sys.modules["booktorch"].nn.functional


class ReLU(Module):
    """torch.nn.ReLU(inplace=False)."""

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return at.nn_relu(input, self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class Sigmoid(Module):
    """torch.nn.Sigmoid()."""

    def forward(self, input):
        return at.sigmoid(input)


class Tanh(Module):
    """torch.nn.Tanh()."""

    def forward(self, input):
        return at.tanh(input)


class GELU(Module):
    """torch.nn.GELU(approximate='none')."""

    def __init__(self, approximate="none"):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return at.gelu(input, self.approximate)

    def extra_repr(self):
        return f"approximate={self.approximate!r}"


class SiLU(Module):
    """torch.nn.SiLU(inplace=False)."""

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return _F().silu(input, inplace=self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class Softplus(Module):
    """torch.nn.Softplus(beta=1.0, threshold=20.0)."""

    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return _F().softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return f"beta={self.beta}, threshold={self.threshold}"


class LeakyReLU(Module):
    """torch.nn.LeakyReLU(negative_slope=0.01, inplace=False)."""

    def __init__(self, negative_slope=1e-2, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return _F().leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        return f"negative_slope={self.negative_slope}{', inplace=True' if self.inplace else ''}"


class Hardtanh(Module):
    """torch.nn.Hardtanh(min_val=-1.0, max_val=1.0, inplace=False) (min_value/max_value: deprecated names)."""

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False, min_value=None, max_value=None):
        super().__init__()
        if min_value is not None:
            warnings.warn("keyword argument `min_value` is deprecated and renamed to `min_val`", FutureWarning,
                          stacklevel=2)
            min_val = min_value
        if max_value is not None:
            warnings.warn("keyword argument `max_value` is deprecated and renamed to `max_val`", FutureWarning,
                          stacklevel=2)
            max_val = max_value
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        if self.max_val <= self.min_val:
            raise AssertionError(f"max_val ({self.max_val}) must be greater than min_val ({self.min_val})")

    def forward(self, input):
        return _F().hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        return f"min_val={self.min_val}, max_val={self.max_val}{', inplace=True' if self.inplace else ''}"


class ReLU6(Hardtanh):
    """torch.nn.ReLU6(inplace=False): Hardtanh(0.0, 6.0)."""

    def __init__(self, inplace=False):
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class Softmax(Module):
    """torch.nn.Softmax(dim=None)."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return at.nn_softmax(input, self.dim, 5, None, False)

    def extra_repr(self):
        return f"dim={self.dim}"


class LogSoftmax(Module):
    """torch.nn.LogSoftmax(dim=None)."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return at.nn_softmax(input, self.dim, 5, None, True)

    def extra_repr(self):
        return f"dim={self.dim}"


for _cls in (ReLU, Sigmoid, Tanh, GELU, SiLU, Softplus, LeakyReLU, Hardtanh, ReLU6, Softmax, LogSoftmax):
    _cls.__module__ = "torch.nn.modules.activation"
    export("torch.nn", **{_cls.__name__: _cls})
del _cls
