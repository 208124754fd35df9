"""torch.nn.utils.parameters_to_vector and vector_to_parameters: a model's parameters as one flat
vector and back (the browser has one device, so torch's check that they share one always passes)."""

import sys


def _torch():
    return sys.modules["booktorch"]


def parameters_to_vector(parameters):
    """One vector holding every parameter's values, flattened, one after another."""
    return _torch().cat([param.view(-1) for param in parameters])


def vector_to_parameters(vec, parameters):
    """Give each parameter, in turn, the next ``numel()`` values of ``vec`` (views of it, as torch's ``.data``)."""
    if not isinstance(vec, _torch().Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {_typename(vec)}")
    pointer = 0
    for param in parameters:
        num_param = param.numel()
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param


def _typename(obj):
    """torch.typename of an object that is not a tensor."""
    module, qualname = getattr(obj, "__module__", "") or "", getattr(obj, "__qualname__", None)
    if qualname is None:
        qualname = getattr(obj, "__name__", None)
    if qualname is None:
        module, qualname = obj.__class__.__module__ or "", obj.__class__.__qualname__
    return qualname if module in {"", "builtins"} else f"{module}.{qualname}"


parameters_to_vector.__module__ = vector_to_parameters.__module__ = "torch.nn.utils.convert_parameters"
