"""Activation modules: ReLU, Sigmoid, Tanh, GELU, Softmax, LogSoftmax (each calls its
``torch.nn.functional`` function)."""

from ...registry import at, export
from .module import Module


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


for _cls in (ReLU, Sigmoid, Tanh, GELU, Softmax, LogSoftmax):
    _cls.__module__ = "torch.nn.modules.activation"
    export("torch.nn", **{_cls.__name__: _cls})
del _cls
