"""``torch.backends.mps``: Apple's Metal backend, never available in the browser."""

from ..registry import namespace as _namespace

_namespace(__name__)


def is_available():
    return False


def is_built():
    return False
