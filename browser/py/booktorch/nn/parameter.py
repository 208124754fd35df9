"""``torch.nn.Parameter``: a tensor that a Module registers as one of its parameters.

A Parameter is a leaf tensor sharing its data's storage and version counter (torch's
``_make_subclass``), requiring grad by default, and printing as ``Parameter containing:``
above the tensor.  Operations on it give plain tensors, as in torch.
"""

from .. import dtypes as D
from ..registry import export
from ..tensor import Tensor


class Parameter(Tensor):
    """torch.nn.Parameter(data=None, requires_grad=True)."""

    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = Tensor._from_values([], (0,), D.get_default_dtype())
        if not isinstance(data, Tensor):
            raise AttributeError(f"'{type(data).__name__}' object has no attribute 'detach'")
        if requires_grad and not data._dtype.is_floating_point:
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        p = cls._make(data._storage, data._shape, data._stride, data._offset, data._dtype, version=data._versions)
        p._inference = data._inference
        p._requires_grad = bool(requires_grad)
        return p

    def __init__(self, data=None, requires_grad=True):
        pass  # everything happens in __new__ (Tensor.__init__ refuses direct construction)

    def __repr__(self):
        return "Parameter containing:\n" + Tensor.__repr__(self)

    __str__ = __repr__

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(self.data.clone(), self._requires_grad)
        memo[id(self)] = result
        return result


Parameter.__module__ = "torch.nn.parameter"
export("torch.nn", Parameter=Parameter)
