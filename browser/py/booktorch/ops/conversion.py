"""Changing a tensor's dtype or device: ``to``, ``type``, ``float()``/``double()``/..., ``cpu``/``cuda``.

``to_dtype`` converts the values with :func:`booktorch.dtypes.convert` (torch's casts,
see there) and keeps the input's memory order, as ``_to_copy`` does; a floating result
of a tensor that requires grad records ``ToCopyBackward0``.
"""

from .. import dtypes as D
from ..devices import NO_CUDA, check_device, device
from ..errors import unsupported
from ..graph import Node, record
from ..iterator import new_strided
from ..registry import at, c_name, kernel, method
from ..shape import preserve_strides
from ..tensor import Tensor
from ..binding import parsed

_PYTHON_TYPES = {float: D.float64, int: D.int64, bool: D.bool_}  # x.to(float) is float64, as in torch


@kernel
def to_dtype(t, dt):
    if t._dtype is dt:
        return t
    vals = D.convert(t._values(), t._dtype, dt)
    out = new_strided(vals, t._shape, preserve_strides(t._shape, t._stride), dt)
    if dt.is_floating_point:
        record(ToCopyBackward0, (t,), out)
    return out


class ToCopyBackward0(Node):
    _name = "ToCopyBackward0"

    def apply(self, grad):
        return [grad]  # the engine converts a gradient to its input's dtype


# ------------------------------------------------------------------ Tensor.to and friends
# torch's parser (booktorch/binding.py) has checked every call below; to() gets what it read, by name
@method("to")
@parsed
def to(self, device=None, dtype=None, non_blocking=False, copy=False, memory_format=None, tensor=None):
    """to(device, dtype), to(dtype) or to(other tensor): the device is the CPU or torch's error for it."""
    if tensor is not None:  # torch's parser lets to() take a number as a 0-d tensor: x.to(1.5) is float64
        if isinstance(tensor, complex):
            raise unsupported("complex tensors")
        dtype = tensor._dtype if isinstance(tensor, Tensor) else _PYTHON_TYPES[type(tensor)]
    check_device("to", device, allocates=False)
    if dtype is None or dtype is self._dtype:
        return at.clone(self) if copy else self
    return to_dtype(self, dtype)


def _dtype_method(name, dt):
    def convert(self, memory_format=None):
        return to_dtype(self, dt)

    convert.__name__ = name
    method(name)(convert)


for _name, _dt in (("float", D.float32), ("double", D.float64), ("half", D.float16), ("bfloat16", D.bfloat16),
                   ("char", D.int8), ("short", D.int16), ("int", D.int32), ("long", D.int64), ("byte", D.uint8),
                   ("bool", D.bool_)):
    _dtype_method(_name, _dt)
del _name, _dt


_CUDA_LIBRARY = (
    "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into two shared libraries: a "
    "CPU library and a CUDA library; this error has occurred because you are trying to use some CUDA "
    "functionality, but the CUDA library has not been loaded by the dynamic linker for some reason.  The CUDA "
    "library MUST be loaded, EVEN IF you don't directly use any symbols from the CUDA library! One common culprit "
    "is a lack of -Wl,--no-as-needed in your link arguments; many dynamic linkers will delete dynamic library "
    "dependencies if you don't depend on any of their symbols.  You can check if this has occurred by using ldd "
    "on your binary to see if there is a dependency on *_cuda.so library."
)


@method("type")
def type_(self, dtype=None, non_blocking=False, memory_format=None):
    if dtype is None:
        return f"torch.{self._dtype._legacy}Tensor"
    if dtype is Tensor:
        dtype = D.get_default_dtype()
    elif isinstance(dtype, type):  # torch reads a Python type by its C name (tp_name), like a string
        dtype = c_name(dtype)
    if isinstance(dtype, str):
        if dtype.startswith("torch.cuda."):
            raise RuntimeError(_CUDA_LIBRARY)
        if dtype not in D.LEGACY_TYPES:
            raise ValueError(f"invalid type: '{dtype}'")
        dtype = D.LEGACY_TYPES[dtype]
    dt = dtype if isinstance(dtype, D.dtype) else _PYTHON_TYPES.get(dtype) if isinstance(dtype, type) else None
    if dt is None:
        raise TypeError("dtype must be a type, str, or dtype object")
    return to_dtype(self, dt)


@method("cpu")
def cpu(self, memory_format=None):
    return self


_Device = device  # cuda()'s argument has the class's name


@method("cuda")
def cuda(self, device=None, non_blocking=False, memory_format=None):
    """CPU-only torch reads the device first (an int is an accelerator's index), then needs CUDA."""
    if device is not None:
        dev = device if isinstance(device, _Device) else _Device(device)
        if dev.type != "cuda":
            raise RuntimeError("Invalid device, must be cuda device")
    raise AssertionError(NO_CUDA)


@method("numpy")
def numpy(self, force=False):
    if self._requires_grad:
        raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.")
    raise unsupported("Tensor.numpy (there is no NumPy in the browser)")
