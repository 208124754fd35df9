"""``torch.backends``: only ``torch.backends.mps`` (not available, as on any machine but a Mac)."""

from ..registry import namespace as _namespace

_namespace(__name__)
