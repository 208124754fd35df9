"""``nn.Linear`` (torch's default initialisation) and ``nn.Identity``."""

import math
import sys

from ...registry import at, export
from .. import init
from ..parameter import Parameter
from .module import Module


class Identity(Module):
    """torch.nn.Identity(*args, **kwargs): returns its input (the arguments are ignored)."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    """torch.nn.Linear(in_features, out_features, bias=True, device=None, dtype=None).

    The weight is initialised with ``kaiming_uniform_(a=sqrt(5))`` and the bias uniformly in
    ``[-1/sqrt(in_features), 1/sqrt(in_features))``, drawing from the generator as torch does,
    so the same seed gives the same parameters."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        empty = sys.modules["booktorch"].empty  # torch.empty, behind torch's parser, as torch's Linear calls it
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(empty((out_features, in_features), device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(empty((out_features,), device=device, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in = self.in_features
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return at.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


Identity.__module__ = Linear.__module__ = "torch.nn.modules.linear"
export("torch.nn", Identity=Identity, Linear=Linear)
