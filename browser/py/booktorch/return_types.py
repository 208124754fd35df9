"""``torch.return_types``: the named tuples (CPython "struct sequences") that ``max(dim)``, ``sort``,
``topk``, ``median``, ``mode``... return.  Each is made by :func:`booktorch.structseq.structseq`, which
puts the class here as ``torch.return_types.<name>``."""

from .registry import namespace as _namespace

_namespace(__name__)
