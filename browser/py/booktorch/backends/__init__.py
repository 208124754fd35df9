"""``torch.backends``: only ``torch.backends.mps`` (not available, as on any machine but a Mac)."""

from ..registry import namespace

namespace(__name__)
