"""``torch.nn``: modules (``booktorch/nn/modules/``), ``Parameter`` (:mod:`.parameter`), and the
namespaces ``torch.nn.functional`` (:mod:`.functional`, whose kernels live in :mod:`.ops`) and
``torch.nn.init`` (:mod:`.init`).

The classes print, register their parameters and raise exactly as torch's ``torch.nn`` does;
each declares itself with ``registry.export("torch.nn", ...)`` beside its code.
"""

from ..registry import namespace as _namespace

_namespace(__name__)
