"""``torch.cuda`` as on a machine without CUDA: nothing is available, and asking for a
device raises what CPU-only torch raises."""

from ..devices import NO_CUDA as _NO_CUDA
from ..registry import namespace as _namespace

_namespace(__name__)


def is_available():
    return False


def device_count():
    return 0


def is_initialized():
    return False


def current_device():
    raise AssertionError(_NO_CUDA)


def get_device_name(device=None):
    raise AssertionError(_NO_CUDA)


def synchronize(device=None):
    raise AssertionError(_NO_CUDA)
