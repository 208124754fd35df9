"""``nn.MaxPool2d``: torch's attributes and repr; it calls ``F.max_pool2d`` (booktorch/nn/pool_ops.py)."""

from ...registry import export
from ..pool_ops import max_pool2d_functional
from .module import Module


class MaxPool2d(Module):
    """torch.nn.MaxPool2d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False)."""

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if (stride is not None) else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return ("kernel_size={kernel_size}, stride={stride}, padding={padding}, dilation={dilation}, "
                "ceil_mode={ceil_mode}".format(**self.__dict__))

    def forward(self, input):
        return max_pool2d_functional(input, self.kernel_size, self.stride, self.padding, self.dilation,
                                     ceil_mode=self.ceil_mode, return_indices=self.return_indices)


MaxPool2d.__module__ = "torch.nn.modules.pooling"
export("torch.nn", MaxPool2d=MaxPool2d)
