"""The legacy constructors: ``torch.Tensor(...)`` and the typed ``torch.FloatTensor(...)``, ``torch.LongTensor``...

As torch's ``legacy_tensor_generic_ctor_new`` (``torch/csrc/utils/tensor_new.cpp``) reads its arguments with
one parser of seven signatures:

- nothing: an empty tensor of the constructor's dtype;
- a tensor: that tensor's alias (the typed constructors first require its dtype, with torch's TypeError);
- sizes, as ints or a ``torch.Size``: an uninitialized tensor of those sizes (booktorch's holds zeros);
- any other sequence (a list, a tuple): its values, converted to the constructor's dtype (never inferred);
- a number alone is a size; anything else that is no sequence is torch's TypeError.

``torch.Tensor`` builds tensors of the default dtype; ``torch.FloatTensor`` and its siblings are types whose
``isinstance`` checks the dtype (``isinstance(x, torch.FloatTensor)``), as torch's ``torch.tensortype``.
"""

import sys

from .. import dtypes as D
from ..errors import unsupported
from ..registry import CType, at, export, kernel, torch_class
from ..signatures import Parser
from ..size import Size
from ..tensor import Tensor

_NEW = Parser.torch(
    "new(*, Device? device=None)",
    "new(Storage storage)",
    "new(*, int64_t cdata)|hidden",
    "new(Tensor other)",
    "new(Tensor other, *, Device? device=None)|hidden",
    "new(SymIntArrayRef size, *, Device? device=None)",
    "new(PyObject* data, *, Device? device=None)",
)
_EMPTY, _STORAGE, _CDATA, _OTHER, _OTHER_ON, _SIZES, _DATA = range(7)


def _options(dt):
    """How torch prints a tensor's TensorOptions in the typed constructors' TypeError."""
    return (f"TensorOptions(dtype={dt._ctype}, device=cpu, layout=Strided, requires_grad=false (default), "
            "pinned_memory=false (default), memory_format=(nullopt))")


def _check_device(device):
    if device is None:
        return
    torch = sys.modules["booktorch"]
    dev = device if isinstance(device, torch.device) else torch.device(device)
    if dev.type != "cpu":
        raise RuntimeError(f"legacy constructor expects device type: cpu but device type: {dev.type} was passed")


def _from_sequence(data, dt):
    if isinstance(data, dict) or not hasattr(type(data), "__getitem__"):  # CPython's PySequence_Check
        raise TypeError(f"new(): data must be a sequence (got {type(data).__name__})")
    return at.tensor(data, dt)


@kernel
def legacy_new(dt, args, kwargs, typed):
    """What ``torch.Tensor(*args, **kwargs)`` (``typed=False``, ``dt`` None: the default dtype) or a typed
    constructor of dtype ``dt`` gives."""
    dt = D.get_default_dtype() if dt is None else dt
    if args and isinstance(args[0], (list, tuple)) and not isinstance(args[0], Size):
        # a sequence binds to the sizes but is read as data (torch converts the sizes only when it uses them)
        try:
            a = _NEW.parse(((),) + tuple(args[1:]), kwargs)[1]
        except TypeError:
            _NEW.parse(args, kwargs)  # torch's message names this call's own arguments
            raise
        _check_device(a.get("device"))
        return _from_sequence(args[0], dt)
    index, a = _NEW.parse(args, kwargs)
    if index == _OTHER_ON:
        raise RuntimeError("Legacy tensor constructor of the form torch.Tensor(tensor, device=device) is not "
                           "supported.  Use torch.tensor(...) or torch.as_tensor(...) instead.")
    _check_device(a.get("device"))
    if index == _EMPTY:
        return Tensor._from_values([], (0,), dt)
    if index in (_STORAGE, _CDATA):
        raise unsupported("torch.Tensor(storage)")
    if index == _OTHER:
        other = a["other"]
        if typed and other._dtype is not dt:
            raise TypeError(f"expected {_options(dt)} (got {_options(other._dtype)})")
        return at.alias(other)
    if index == _SIZES:
        return sys.modules["booktorch"].empty(a["size"], dtype=dt)
    return _from_sequence(a["data"], dt)


class _TensorType(CType):
    """The type of torch.FloatTensor and its siblings (torch's ``torch.tensortype``)."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor) and obj._dtype is cls.dtype

    def __call__(cls, *args, **kwargs):
        return legacy_new(cls.dtype, args, kwargs, True)

    @property
    def is_cuda(cls):
        return False

    @property
    def is_sparse(cls):
        return False


torch_class(_TensorType, "torch")
_TensorType.__qualname__ = "tensortype"
type.__dict__["__name__"].__set__(_TensorType, "torch.tensortype")


def _typed(dt):
    cls = _TensorType(f"{dt._legacy}Tensor", (), {"dtype": dt})
    return torch_class(cls, "torch")


export("torch", **{f"{dt._legacy}Tensor": _typed(dt) for dt in D.ALL})
