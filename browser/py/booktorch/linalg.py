"""``torch.linalg``.

Its functions are declared (``registry.function(..., namespace="torch.linalg")``) next to their
kernels: ``det``, ``inv``, ``solve`` and ``LinAlgError`` in :mod:`booktorch.ops.lu`; ``vector_norm``, ``matrix_norm``,
``norm`` and ``matrix_rank`` in :mod:`booktorch.ops.linalg_norms`.
"""

from .registry import namespace as _namespace

_namespace(__name__)
