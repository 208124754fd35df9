"""``torch.nn``: only the namespace so far, so that ``torch.nn.functional`` exists (the nn work fills both)."""

from ..registry import namespace as _namespace

_namespace(__name__)
