"""Grad mode: whether operations record the graph (``no_grad``, ``enable_grad``,
``set_grad_enabled``, ``inference_mode``). A leaf: it imports nothing from booktorch.

``state`` is read on every operation (``state.grad``), so it is a plain object with
two attributes rather than a function call.
"""

import functools


class _State:
    __slots__ = ("grad", "inference")

    def __init__(self):
        self.grad = True
        self.inference = False


state = _State()


def is_grad_enabled():
    return state.grad


def is_inference_mode_enabled():
    return state.inference


class _GradModeContext:
    """Base of ``no_grad`` and ``enable_grad``: a context manager and a decorator."""

    _enabled = True

    def __enter__(self):
        self._prev = state.grad
        state.grad = self._enabled
        return None

    def __exit__(self, *exc):
        state.grad = self._prev
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self.__class__():
                return fn(*args, **kwargs)

        return wrapper


class no_grad(_GradModeContext):
    """Context manager / decorator that disables gradient recording."""

    _enabled = False


class enable_grad(_GradModeContext):
    """Context manager / decorator that enables gradient recording (inside ``no_grad``)."""

    _enabled = True


class set_grad_enabled:
    """``set_grad_enabled(False)`` switches grad mode now; as a context manager it restores it."""

    def __init__(self, mode):
        self._prev = state.grad
        self._mode = bool(mode)
        state.grad = self._mode

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        state.grad = self._prev
        return False

    def __call__(self, fn):
        state.grad = self._prev
        mode = self._mode

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with set_grad_enabled(mode):
                return fn(*args, **kwargs)

        return wrapper


class inference_mode:
    """Like ``no_grad``; tensors made inside are inference tensors."""

    def __init__(self, mode=True):
        self._mode = bool(mode)

    def __enter__(self):
        self._prev = (state.grad, state.inference)
        if self._mode:
            state.grad = False
            state.inference = True
        return None

    def __exit__(self, *exc):
        state.grad, state.inference = self._prev
        return False

    def __call__(self, fn):
        mode = self._mode

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with inference_mode(mode):
                return fn(*args, **kwargs)

        return wrapper
