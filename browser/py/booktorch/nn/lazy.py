"""``nn.LazyLinear`` and the ``nn.UninitializedParameter`` it holds until its first call.

A LazyLinear prints ``LazyLinear(in_features=0, ...)`` and holds two ``<UninitializedParameter>``s (empty
parameters of the dtype asked for; ``.to()``/``.double()`` still change it). The first call reads
``in_features`` from the input's last size, makes them real parameters of that shape, initialises them as
``nn.Linear`` does (so after the same seed they hold torch's numbers), and the module becomes an
``nn.Linear``. Until then an uninitialized parameter refuses what torch refuses through its
``__torch_function__``: its ``shape`` raises RuntimeError, and a Tensor method other than the few torch
allows (``size``, ``to``, ``float``...) raises torch's ValueError naming that method. Passing one to a
``torch`` function directly is not intercepted here (booktorch has no ``__torch_function__``).
"""

import sys

from .. import torch_signatures as _signatures
from ..grad_mode import no_grad
from ..registry import export
from ..tensor import Tensor
from .modules.linear import Linear
from .parameter import Parameter

# what torch's UninitializedTensorMixin lets through (besides attribute reads)
_ALLOWED = frozenset({"size", "copy_", "is_complex", "is_floating_point", "half", "float", "double", "char",
                      "short", "int", "long", "cuda", "cpu", "to", "get_device"})
_OPERATORS = {"__add__": "add", "__radd__": "add", "__iadd__": "add_", "__sub__": "sub", "__rsub__": "rsub",
              "__isub__": "sub_", "__mul__": "mul", "__rmul__": "mul", "__imul__": "mul_", "__truediv__": "div",
              "__rtruediv__": "rdiv", "__matmul__": "matmul", "__rmatmul__": "matmul", "__pow__": "pow",
              "__rpow__": "pow", "__neg__": "neg", "__abs__": "abs", "__eq__": "eq", "__ne__": "ne", "__lt__": "lt",
              "__le__": "le", "__gt__": "gt", "__ge__": "ge"}
_ERROR = ("Attempted to use an uninitialized parameter in {}. This error happens when you are using a `LazyModule` "
          "or explicitly manipulating `torch.nn.parameter.{}` objects. When using LazyModules Call `forward` with a "
          "dummy batch to initialize the parameters before calling torch functions")


def _refused(cls_name, method_name):
    """torch's ValueError for a method of an uninitialized parameter (how torch shows the method: a C method,
    or a Python function of torch.Tensor with its address)."""
    if method_name in _signatures.PYTHON_METHODS or method_name == "__len__":
        shown = f"<function Tensor.{method_name} at {hex(id(_refused))}>"
    elif method_name == "__getitem__":
        shown = "<slot wrapper '__getitem__' of 'torch._C.TensorBase' objects>"
    else:
        shown = f"<method '{method_name}' of 'torch._C.TensorBase' objects>"
    return ValueError(_ERROR.format(shown, cls_name))


class UninitializedParameter(Parameter):
    """torch.nn.UninitializedParameter(requires_grad=True, device=None, dtype=None)."""

    cls_to_become = Parameter

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        data = sys.modules["booktorch"].empty(0, device=device, dtype=dtype)
        return Parameter.__new__(cls, data, requires_grad)

    def __init__(self, requires_grad=True, device=None, dtype=None):
        pass

    def materialize(self, shape, device=None, dtype=None):
        """Make it a Parameter of ``shape`` (uninitialized values), of its own dtype unless ``dtype`` is given."""
        if device is None:
            device = self.data.device
        if dtype is None:
            dtype = self.data.dtype
        self.data = sys.modules["booktorch"].empty(shape, device=device, dtype=dtype)
        self.__class__ = self.cls_to_become

    def __getattribute__(self, name):
        # what torch's __torch_function__ refuses (here, not as class attributes: the Tensor methods are set on
        # Tensor only once the whole package is imported)
        if name == "shape":
            raise RuntimeError(
                "Can't access the shape of an uninitialized parameter or buffer. This error usually happens in "
                "`load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call "
                "`forward` to initialize the parameters before accessing their attributes."
            )
        value = object.__getattribute__(self, name)
        if name[0] != "_" and name not in _ALLOWED and name != "materialize" and callable(value) \
                and hasattr(Tensor, name):
            raise _refused(type(self).__name__, name)
        return value

    def __repr__(self):
        return f"<{self.__class__.__name__}>"

    __str__ = __repr__

    def __len__(self):
        raise _refused(type(self).__name__, "__len__")

    def __getitem__(self, index):
        raise _refused(type(self).__name__, "__getitem__")

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(self.requires_grad, self.data.device, self.data.dtype)
        memo[id(self)] = result
        return result


def _operator(name, aten_name):
    def refuse(self, *args):
        raise _refused(type(self).__name__, aten_name)

    refuse.__name__ = name
    return refuse


for _name, _aten in _OPERATORS.items():
    setattr(UninitializedParameter, _name, _operator(_name, _aten))
UninitializedParameter.__hash__ = Tensor.__hash__  # setting __eq__ above dropped it


def _is_lazy(param):
    return isinstance(param, UninitializedParameter)


class LazyLinear(Linear):
    """torch.nn.LazyLinear(out_features, bias=True, device=None, dtype=None): ``in_features`` from the first
    input."""

    cls_to_become = Linear

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        super().__init__(0, 0, False)
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):  # noqa: A002 - torch's name
        """Read ``in_features`` from ``input.shape[-1]``, then make and initialise the parameters."""
        if self.has_uninitialized_params():
            with no_grad():
                self.in_features = input.shape[-1]
                self.weight.materialize((self.out_features, self.in_features))
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.reset_parameters()
        if self.in_features == 0:
            if input.shape[-1] != self.weight.shape[-1]:
                raise AssertionError(f"The in_features inferred from input: {input.shape[-1]} is not equal to "
                                     f"in_features from self.weight: {self.weight.shape[-1]}")
            self.in_features = input.shape[-1]

    def has_uninitialized_params(self):
        """Whether a parameter or buffer is still uninitialized."""
        return any(_is_lazy(p) for p in list(self._parameters.values()) + list(self._buffers.values()))

    def __call__(self, *args, **kwargs):
        # torch's forward pre-hook (LazyModuleMixin._infer_parameters), then the forward
        self.initialize_parameters(*args, **kwargs)
        if self.has_uninitialized_params():
            raise RuntimeError(f"module {self._get_name()} has not been fully initialized")
        self.__class__ = self.cls_to_become
        return self.forward(*args, **kwargs)

    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        # an uninitialized parameter goes in as it is, the others detached (LazyModuleMixin._save_to_state_dict)
        if len(args) > 2:
            keep_vars, args = args[2], args[:2]
        if len(args) > 1:
            prefix, args = args[1], args[:1]
        destination = super().state_dict(*args, destination=destination, prefix=prefix, keep_vars=True)
        if not keep_vars:
            for name, p in self._parameters.items():
                if p is not None and not _is_lazy(p):
                    destination[prefix + name] = p.detach()
        return destination

    def _load_from_state_dict(self, state_dict, prefix, missing_keys, unexpected_keys, error_msgs):
        # torch's _lazy_load_hook: a lazy parameter takes the shape of an initialized one being loaded
        for name, param in list(self._parameters.items()) + list(self._buffers.items()):
            key = prefix + name
            if key in state_dict and param is not None and _is_lazy(param) and not _is_lazy(state_dict[key]):
                with no_grad():
                    param.materialize(state_dict[key].shape)
        super()._load_from_state_dict(state_dict, prefix, missing_keys, unexpected_keys, error_msgs)


UninitializedParameter.__module__ = "torch.nn.parameter"
LazyLinear.__module__ = "torch.nn.modules.linear"
export("torch.nn", LazyLinear=LazyLinear, UninitializedParameter=UninitializedParameter)
