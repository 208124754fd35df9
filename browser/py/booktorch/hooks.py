"""Hooks on tensors and backward nodes: ``Tensor.register_hook``, ``register_post_accumulate_grad_hook``,
``grad_fn.register_hook`` / ``register_prehook``, each returning torch's ``RemovableHandle``.

The engine (:mod:`booktorch.engine`) runs them: a tensor's hooks on its gradient before the node that
produced it runs (a leaf's before its ``.grad`` is accumulated), then ``retain_grad``; a node's
pre-hooks before it, its hooks after it.
"""

import weakref

from .registry import method


class HookDict(dict):
    """Hooks by handle id, in registration order (a dict that a handle can refer to weakly)."""

    __slots__ = ("__weakref__",)


class RemovableHandle:
    """What ``register_hook`` returns: ``handle.remove()`` takes the hook out again."""

    next_id = 0

    def __init__(self, hooks):
        self.hooks_dict_ref = weakref.ref(hooks)
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1

    def remove(self):
        hooks = self.hooks_dict_ref()
        if hooks is not None and self.id in hooks:
            del hooks[self.id]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


RemovableHandle.__module__ = "torch.utils.hooks"


def add_hook(hooks, hook):
    """Put ``hook`` into ``hooks`` (a :class:`HookDict`) and return its handle."""
    handle = RemovableHandle(hooks)
    hooks[handle.id] = hook
    return handle


@method("register_hook")
def register_hook(self, hook):
    """``hook(grad)`` runs when the gradient for this tensor is computed; it may return a new gradient."""
    if not self._requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if self._hooks is None:
        self._hooks = HookDict()
        if self._grad_fn is not None:
            self._grad_fn.add_tensor_hooks(self._output_nr, self._hooks)
    return add_hook(self._hooks, hook)


@method("register_post_accumulate_grad_hook")
def register_post_accumulate_grad_hook(self, hook):
    """``hook(tensor)`` runs after a backward pass has accumulated this leaf's ``.grad``."""
    if not self._requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if self._grad_fn is not None:
        raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
    if self._post_hooks is None:
        self._post_hooks = HookDict()
    return add_hook(self._post_hooks, hook)

