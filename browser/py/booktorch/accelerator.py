"""``torch.accelerator`` as on a machine with no accelerator (the browser is one): nothing is
available, and whatever needs a device raises what CPU-only torch raises."""

import warnings as _warnings

from .devices import NO_ACCELERATOR as _NONE
from .devices import device as _device
from .registry import namespace as _namespace

_namespace(__name__)


def is_available():
    return False


def current_accelerator(check_available=False):
    return None


def device_count():
    return 0


def _no_device():
    raise RuntimeError(_NONE)


def current_device_index():
    _no_device()


def _no_accelerator(device):
    """A device given by name or torch.device is parsed, then refused: none is an accelerator."""
    if isinstance(device, str):
        device = _device(device)
    if isinstance(device, _device):
        raise RuntimeError("Accelerator expected")
    _no_device()


def set_device_index(device, /):
    if not isinstance(device, (str, int, _device)):
        raise ValueError(f"Expected a torch.device with a specified index or an integer, but got:{device}")
    _no_accelerator(device)


def _on_a_device(name):
    """A function of an optional device (torch's signature), which needs one to exist."""
    def needs_device(device=None, /):
        _no_accelerator(device)

    needs_device.__name__ = needs_device.__qualname__ = name
    return needs_device


def _memory(name):
    """A memory statistic: no device to ask, whatever device is named."""
    def needs_device(device_index=None, /):
        _no_device()

    needs_device.__name__ = needs_device.__qualname__ = name
    return needs_device


synchronize = _on_a_device("synchronize")
current_stream = _on_a_device("current_stream")
get_device_capability = _on_a_device("get_device_capability")
get_memory_info = _on_a_device("get_memory_info")
memory_stats = _memory("memory_stats")
memory_allocated = _memory("memory_allocated")
max_memory_allocated = _memory("max_memory_allocated")
memory_reserved = _memory("memory_reserved")
max_memory_reserved = _memory("max_memory_reserved")
reset_peak_memory_stats = _memory("reset_peak_memory_stats")
reset_accumulated_memory_stats = _memory("reset_accumulated_memory_stats")


def empty_cache():
    _no_device()


def empty_host_cache():
    _no_device()


def current_device_idx():
    _warnings.warn("Use `current_device_index` instead.", FutureWarning, stacklevel=2)
    return current_device_index()


def set_device_idx(device, /):
    _warnings.warn("Use `set_device_index` instead.", FutureWarning, stacklevel=2)
    return set_device_index(device)


class device_index:  # noqa: N801 - torch's own name
    """``with torch.accelerator.device_index(i):``: ``None`` does nothing, an index needs a device."""

    def __init__(self, device, /):
        self.idx = device

    def __enter__(self):
        if self.idx is not None:
            _no_device()

    def __exit__(self, *exc):
        return False
