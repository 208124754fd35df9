"""``torch`` functions that ask a tensor about itself: ``is_tensor``, ``is_floating_point``, ``numel``."""

from ..registry import function
from ..tensor import Tensor


@function("is_tensor")
def is_tensor(obj, /):
    return isinstance(obj, Tensor)


@function("is_floating_point")
def is_floating_point(input):
    return input.is_floating_point()


@function("numel")
def numel(input):
    return input.numel()
