"""``torch.autograd``: ``grad`` and ``backward`` (declared in :mod:`booktorch.engine`), the
grad-mode context managers (:mod:`booktorch.grad_mode`), and room for submodules: a module
``booktorch/autograd/functional.py`` that calls ``namespace(__name__)`` is
``torch.autograd.functional``."""

from .. import grad_mode as _grad_mode
from ..grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled
from ..registry import export as _export
from ..registry import namespace as _namespace

_namespace(__name__)

# torch.no_grad and the other grad-mode names are torch's too
_export("torch", no_grad=no_grad, enable_grad=enable_grad, set_grad_enabled=set_grad_enabled,
       inference_mode=inference_mode, is_grad_enabled=_grad_mode.is_grad_enabled,
       is_inference_mode_enabled=_grad_mode.is_inference_mode_enabled)
