"""``nn.Dropout``: zeroes elements with probability p while training; the identity in eval mode."""

from ...registry import at, export
from .module import Module


class Dropout(Module):
    """torch.nn.Dropout(p=0.5, inplace=False)."""

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return at.nn_dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


Dropout.__module__ = "torch.nn.modules.dropout"
export("torch.nn", Dropout=Dropout)
