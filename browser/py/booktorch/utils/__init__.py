"""``torch.utils``: only its ``data`` package (:mod:`booktorch.utils.data`) is in the browser subset."""

from ..registry import namespace as _namespace

_namespace(__name__)
