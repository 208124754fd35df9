"""Changing a tensor's dtype or device: ``to``, ``type``, ``float()``/``double()``/..., ``cpu``/``cuda``.

``to_dtype`` converts the values with :func:`booktorch.dtypes.convert` (torch's casts,
see there) and keeps the input's memory order, as ``_to_copy`` does; a floating result
of a tensor that requires grad records ``ToCopyBackward0``.
"""

from .. import dtypes as D
from ..devices import NO_CUDA, check_device, device, memory_format
from ..errors import unsupported
from ..graph import Node, attach, needs_grad
from ..iterator import new_strided
from ..registry import at, kernel, method
from ..shape import preserve_strides
from ..tensor import Tensor

_PYTHON_TYPES = {float: D.float64, int: D.int64, bool: D.bool_}  # x.to(float) is float64, as in torch


@kernel
def to_dtype(t, dt):
    if t._dtype is dt:
        return t
    vals = D.convert(t._values(), t._dtype, dt)
    out = new_strided(vals, t._shape, preserve_strides(t._shape, t._stride), dt)
    if dt.is_floating_point and needs_grad(t):
        attach(ToCopyBackward0([t]), out)
    return out


class ToCopyBackward0(Node):
    _name = "ToCopyBackward0"
    formulas = ("grad.to(self.dtype)",)

    def apply(self, grad):
        return [grad]  # the engine converts a gradient to its input's dtype


# ------------------------------------------------------------------ Tensor.to
_TO_OVERLOADS = (
    " * (torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, "
    "torch.memory_format memory_format = None)\n"
    " * (torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = "
    "None)\n"
    " * (Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n"
)


def _type_name(x):
    if isinstance(x, D.dtype):
        return "torch.dtype"
    if isinstance(x, device):
        return "torch.device"
    if isinstance(x, memory_format):
        return "torch.memory_format"
    return type(x).__name__


def _invalid(args, kwargs):
    pos = [_type_name(a) for a in args]
    kws = [f"{k}={_type_name(v)}" for k, v in kwargs.items()]
    got = ", ".join(pos + kws) if pos else "".join(k + ", " for k in kws)
    return TypeError(f"to() received an invalid combination of arguments - got ({got}), but expected one of:\n"
                     + _TO_OVERLOADS)


def _as_dtype(x):
    if isinstance(x, D.dtype):
        return x
    if isinstance(x, type) and x in _PYTHON_TYPES:
        return _PYTHON_TYPES[x]
    return None


def _is_device(x):
    return isinstance(x, (str, device)) or (isinstance(x, int) and not isinstance(x, bool))


def _parse_to(args, kwargs):
    """(device or None, dtype or None, copy) from torch's three ``to`` overloads."""
    if len(args) > 4:
        raise TypeError(f"to() takes from 0 to 4 positional arguments but {len(args)} were given")
    known = {"device", "dtype", "non_blocking", "copy", "memory_format"}
    if set(kwargs) - known:
        raise _invalid(args, kwargs)
    dev = kwargs.get("device")
    dt = kwargs.get("dtype")
    flags = list(args)
    if args:
        first = args[0]
        if isinstance(first, Tensor):
            dt, flags = first._dtype, list(args[1:])
        elif _as_dtype(first) is not None:
            dt, flags = _as_dtype(first), list(args[1:])
        elif first is None or _is_device(first):
            dev = first
            flags = list(args[1:])
            if flags and (flags[0] is None or _as_dtype(flags[0]) is not None):
                dt = _as_dtype(flags[0]) if flags[0] is not None else None
                flags = flags[1:]
        else:
            raise _invalid(args, kwargs)
        if len(flags) > 2 or any(not isinstance(f, bool) for f in flags):
            raise _invalid(args, kwargs)
    if dt is not None and _as_dtype(dt) is None:
        raise _invalid(args, kwargs)
    copy = flags[1] if len(flags) > 1 else kwargs.get("copy", False)
    return dev, None if dt is None else _as_dtype(dt), copy


@method("to")
def to(self, *args, **kwargs):
    dev, dt, copy = _parse_to(args, kwargs)
    check_device("to", dev, allocates=False)
    if dt is None or dt is self._dtype:
        return at.clone(self) if copy else self
    return to_dtype(self, dt)


def _no_positional(name, args):
    if args:
        raise TypeError(f"{name}() takes 0 positional arguments but {len(args)} was given")


def _dtype_method(name, dt):
    def convert(self, *args, memory_format=None):
        _no_positional(name, args)
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
def type_(self, dtype=None, non_blocking=False, **kwargs):
    if kwargs:
        raise TypeError(f"type() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if dtype is None:
        return f"torch.{self._dtype._legacy}Tensor"
    if dtype is Tensor:
        dtype = D.get_default_dtype()
    elif isinstance(dtype, type):  # torch reads a Python type by its name, like a string
        dtype = dtype.__name__ if dtype.__module__ == "builtins" else f"{dtype.__module__}.{dtype.__name__}"
    if isinstance(dtype, str):
        if dtype.startswith("torch.cuda."):
            raise RuntimeError(_CUDA_LIBRARY)
        if dtype not in D.LEGACY_TYPES:
            raise ValueError(f"invalid type: '{dtype}'")
        dtype = D.LEGACY_TYPES[dtype]
    dt = _as_dtype(dtype)
    if dt is None:
        raise TypeError("dtype must be a type, str, or dtype object")
    return to_dtype(self, dt)


@method("cpu")
def cpu(self, *args, memory_format=None):
    _no_positional("cpu", args)
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
