"""Where a tensor lives: ``torch.device`` and ``torch.layout``.

Like CPU-only torch, booktorch has one device: the CPU.  ``torch.device("cuda:0")``
is an ordinary value (a reader's ``device = "cuda" if torch.cuda.is_available() else
"cpu"`` works), but putting a tensor on it raises what CPU-only torch raises:
``AssertionError: Torch not compiled with CUDA enabled`` for CUDA, ``RuntimeError:
PyTorch is not linked with support for mps devices`` for MPS and the like.
"""

import re

from .errors import unsupported
from .registry import CType, export, torch_class

DEVICE_TYPES = (
    "cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia", "xla",
    "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone",
)
_DEVICE_STRING = re.compile(r"([a-zA-Z_]+)(?::([1-9]\d*|0))?")
NO_ACCELERATOR = "Cannot access accelerator device when none is available."
NO_CUDA = "Torch not compiled with CUDA enabled"


def _parse(text):
    m = _DEVICE_STRING.fullmatch(text)
    if m is None:
        raise RuntimeError(f"Invalid device string: '{text}'")
    kind, index = m.group(1), m.group(2)
    if kind not in DEVICE_TYPES:
        raise RuntimeError(
            f"Expected one of {', '.join(DEVICE_TYPES)} device type at start of device string: {text}"
        )
    return kind, None if index is None else int(index)


def _invalid_arguments(got):
    return TypeError(
        f"device() received an invalid combination of arguments - got ({got}), but expected one of:\n"
        " * (torch.device device)\n"
        f"      didn't match because some of the arguments have invalid types: (!{got}!)\n"
        " * (str type, int index = -1)\n"
    )


class device(metaclass=CType):
    """``torch.device``: a device type and an optional index."""

    __slots__ = ("_type", "_index")

    def __init__(self, type, index=None):  # noqa: A002 - torch's parameter name
        if isinstance(type, device):
            if index is not None:
                raise _invalid_arguments("torch.device, int")
            self._type, self._index = type._type, type._index
            return
        if isinstance(type, int) and not isinstance(type, bool):
            raise RuntimeError("Device index must not be negative" if type < 0 else NO_ACCELERATOR)
        if not isinstance(type, str):
            raise _invalid_arguments(_type_name(type))
        kind, parsed = _parse(type)
        if index is not None:
            if isinstance(index, bool) or not isinstance(index, int):
                raise TypeError(f"device(): argument 'index' (position 2) must be int, not {_type_name(index)}")
            if parsed is not None:
                raise RuntimeError(
                    f"type (string) must not include an index because index was passed explicitly: {type}"
                )
            if index < 0:
                raise RuntimeError("Device index must not be negative")
            parsed = index
        self._type, self._index = kind, parsed

    @property
    def type(self):
        return self._type

    @property
    def index(self):
        return self._index

    def __repr__(self):
        if self._index is None:
            return f"device(type='{self._type}')"
        return f"device(type='{self._type}', index={self._index})"

    def __str__(self):
        return self._type if self._index is None else f"{self._type}:{self._index}"

    def __eq__(self, other):
        if not isinstance(other, device):
            return False
        return self._type == other._type and self._index == other._index

    def __hash__(self):
        return hash((self._type, self._index))

    def __reduce__(self):
        return (device, (self._type, self._index))


torch_class(device, "torch")

CPU = device("cpu")


def _type_name(x):
    return type(x).__name__


def check_device(where, dev, allocates=True):
    """The device a factory (``torch.ones(..., device=dev)``) or ``Tensor.to(dev)`` puts a tensor on:
    the CPU, or the error CPU-only torch raises for any other device.

    Torch raises "PyTorch is not linked with support for <type> devices" where it converts the device
    first (``torch.tensor``, ``Tensor.to`` without an index, ``allocates=False``); elsewhere its error is
    a dispatcher listing of C++ kernel registrations, which booktorch replaces with its own error."""
    if dev is None:
        return CPU
    if isinstance(dev, str):
        dev = device(dev)
    elif isinstance(dev, int) and not isinstance(dev, bool):  # an accelerator's index: torch checks its sign first
        raise RuntimeError("Device index must not be negative" if dev < 0 else NO_ACCELERATOR)
    elif not isinstance(dev, device):
        raise TypeError(f"{where}(): argument 'device' must be torch.device, not {_type_name(dev)}")
    if dev._type == "cpu":
        return CPU
    if dev._type == "cuda":
        raise AssertionError(NO_CUDA)
    if dev._type == "meta" or allocates or dev._index is not None:
        raise unsupported(f"tensors on the '{dev._type}' device")
    raise RuntimeError(f"PyTorch is not linked with support for {dev._type} devices")


class layout(metaclass=CType):
    """``torch.layout``; booktorch's tensors are all ``torch.strided``."""

    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name

    def __reduce__(self):
        return self._name


torch_class(layout, "torch")
strided = layout("strided")


class memory_format(metaclass=CType):
    """``torch.memory_format``: accepted as a keyword; booktorch keeps each op's own layout."""

    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name


torch_class(memory_format, "torch")
contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")

export("torch", device=device, layout=layout, strided=strided, memory_format=memory_format,
       contiguous_format=contiguous_format, preserve_format=preserve_format)
