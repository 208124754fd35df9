"""``torch.nn.functional``.

Its functions are declared (``registry.function(..., namespace="torch.nn.functional")``) next to
their kernels: ``linear`` in :mod:`booktorch.nn.linear_ops`; ``relu``, ``sigmoid``, ``tanh``, ``gelu``,
``softmax``, ``log_softmax``, ``dropout`` in :mod:`booktorch.nn.activation_ops`; the losses in
:mod:`booktorch.nn.loss_ops`.
"""

from ..registry import namespace as _namespace

_namespace(__name__)
