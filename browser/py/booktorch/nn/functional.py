"""``torch.nn.functional``: the activation functions that booktorch/ops/activations.py declares here
(``gelu``, ``silu``, ``softplus``)."""

from ..registry import namespace as _namespace

_namespace(__name__)
