"""torch.nn.utils' gradient clipping, as torch 2.13's ``clip_grad.py`` computes it on the CPU: the
norm of each gradient (``_foreach_norm`` on the CPU is ``linalg.vector_norm`` of each), the norm of
those norms, then every gradient multiplied in place by ``clamp(max_norm / (total + 1e-6), max=1)``."""

import sys
import types
import warnings

from ...grad_mode import no_grad


def _torch():
    return sys.modules["booktorch"]


def _as_list(tensors):
    return [tensors] if isinstance(tensors, _torch().Tensor) else list(tensors)


@no_grad()
def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The norm of the tensors' norms: the norm of all their values as one vector."""
    torch = _torch()
    tensors = _as_list(tensors)
    norm_type = float(norm_type)
    if not tensors:
        return torch.tensor(0.0)
    norms = [torch.linalg.vector_norm(t, norm_type) for t in _grouped(tensors)]
    total_norm = torch.linalg.vector_norm(torch.stack(norms), norm_type)
    if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
        raise RuntimeError(
            f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, so it cannot be "
            "clipped. To disable this error and scale the gradients by the non-finite norm anyway, set "
            "`error_if_nonfinite=False`")
    return total_norm


def _grouped(tensors):
    """The tensors in torch's order: grouped by dtype, in the order each dtype first appears (the
    browser has one device)."""
    groups = {}
    for t in tensors:
        groups.setdefault(t.dtype, []).append(t)
    return [t for group in groups.values() for t in group]


@no_grad()
def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    """Scale every gradient by ``min(max_norm / (total_norm + 1e-6), 1)``, in place."""
    torch = _torch()
    grads = [p.grad for p in _as_list(parameters) if p.grad is not None]
    max_norm = float(max_norm)
    if not grads:
        return
    clip_coef = max_norm / (total_norm + 1e-6)
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
    for g in _grouped(grads):
        g.mul_(clip_coef_clamped)


@no_grad()
def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Clip the gradients' total norm to ``max_norm``, in place; returns the total norm before clipping."""
    if isinstance(parameters, _torch().Tensor):
        parameters = [parameters]
    else:
        is_generator = isinstance(parameters, types.GeneratorType)
        parameters = list(parameters)  # a generator is read once
        if is_generator and not parameters:
            warnings.warn("`parameters` is an empty generator, no gradient clipping will occur.", stacklevel=3)
    grads = [p.grad for p in parameters if p.grad is not None]
    total_norm = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
    clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
    return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The deprecated name of :func:`clip_grad_norm_`."""
    warnings.warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.",
                  FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


@no_grad()
def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamp every gradient to ``[-clip_value, clip_value]``, in place."""
    clip_value = float(clip_value)
    grads = [p.grad for p in _as_list(parameters) if p.grad is not None]
    for g in _grouped(grads):
        g.clamp_(min=-clip_value, max=clip_value)


for _fn in (get_total_norm, clip_grads_with_norm_, clip_grad_norm_, clip_grad_norm, clip_grad_value_):
    _fn.__module__ = "torch.nn.utils.clip_grad"
del _fn
