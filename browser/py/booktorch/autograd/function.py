"""``torch.autograd.function``: custom autograd Functions (``torch.autograd.Function``).

A subclass defines ``forward`` and ``backward`` as static methods (or ``forward`` without ctx plus
``setup_context``); ``MyFn.apply(*args)`` runs forward with grad mode off and, when grad mode is on
and a tensor input requires grad, makes the forward's tensor outputs the outputs of one backward node.
As in torch, that node *is* the ``ctx`` that forward and backward receive: an instance of
``MyFnBackward`` (made for each subclass, shown as ``torch.autograd.function.MyFnBackward``), which
keeps the tensors given to ``ctx.save_for_backward`` (with their versions, freed after a backward
without ``retain_graph``), ``ctx.needs_input_grad`` and any attribute forward sets.  Outputs marked
with ``ctx.mark_non_differentiable`` (and integer outputs) do not require grad; an input modified in
place and marked with ``ctx.mark_dirty`` is returned itself, its history rebased onto the node; an
input returned unchanged comes back as a view of itself.  ``backward`` gets one gradient per output
(zeros for outputs no gradient reached, unless ``ctx.set_materialize_grads(False)``; None for
outputs that are not tensors) and returns one per forward input, checked with torch's messages.
"""

import warnings as _warnings

from ..errors import unsupported as _unsupported
from ..grad_mode import no_grad as _no_grad
from ..iterator import zeros as _zeros
from ..grad_mode import state as _grad_state
from ..graph import ERR_BACKWARD_TWICE as _ERR_BACKWARD_TWICE
from ..graph import Node as _Node
from ..graph import SavedTensor as _SavedTensor
from ..graph import observers as _observers
from ..ops.rebase import rebase_history as _rebase_history
from ..registry import at as _at
from ..registry import export as _export
from ..registry import namespace as _namespace
from ..tensor import Tensor as _Tensor

_namespace(__name__)

_FORWARD_MISSING = "You must implement the forward function for custom autograd.Function."
_BACKWARD_MISSING = ("You must implement either the backward or vjp method for your custom autograd.Function to use "
                     "it with backward mode AD.")
_INSTANTIATED = ("{cls} should not be instantiated. Methods on autograd functions are all static, so you should "
                 "invoke them on the class itself. Instantiating an autograd function will raise an error in a "
                 "future version of PyTorch.")
_LEGACY = ("Legacy autograd function with non-static forward method is deprecated. Please use new-style autograd "
           "function with static forward method. (Example: https://pytorch.org/docs/stable/autograd.html"
           "#torch.autograd.Function)")


class FunctionCtx:
    """What ``forward`` (or ``setup_context``) tells ``backward`` through ``ctx``."""

    def save_for_backward(self, *tensors):
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, _Tensor):
                raise TypeError(f"save_for_backward can only save variables, but argument {i} is of type "
                                f"{type(t).__name__}")
        self.to_save = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value

    def mark_shared_storage(self, *pairs):
        _warnings.warn("`mark_shared_storage` is deprecated. Tensors with shared storages are automatically tracked. "
                       "Note that calls to `set_()` are not tracked", FutureWarning, stacklevel=2)


class _BackwardCFunction(_Node, FunctionCtx):
    """The node of one call of a custom Function, and its ctx (torch's ``BackwardCFunction``, which booktorch
    keeps private: its base class is booktorch's Node)."""

    _forward_cls = None
    materialize_grads = True

    def __init__(self, tensor_inputs):
        super().__init__(tensor_inputs)
        self._kept = None
        self._outputs_meta = ()  # (shape, dtype) of each tensor output, None for the others

    def __repr__(self):
        return f"<torch.autograd.function.{self._name} object at {hex(id(self))}>"

    @property
    def saved_tensors(self):
        saved = self._kept
        if saved is None:
            return tuple(getattr(self, "to_save", ()))
        if saved == "released":
            raise RuntimeError(_ERR_BACKWARD_TWICE)
        return tuple(None if s is None else s.unpack(self) for s in saved)

    saved_variables = saved_tensors

    def release_variables(self):
        super().release_variables()
        self._kept = "released"

    def apply(self, grad):
        grads = list(grad) if self._n_outputs > 1 else [grad]
        for i, meta in enumerate(self._outputs_meta):
            if grads[i] is None and meta is not None and self.materialize_grads:
                grads[i] = _zeros(meta[0], meta[1])
        cls = self._forward_cls
        result = cls.backward(self, *grads)
        return self._check_gradients(result)

    def _check_gradients(self, result):
        """torch's checks of what a custom backward returned: one gradient (or None) per forward input."""
        if not isinstance(result, tuple):
            result = (result,)
        n = len(self._input_is_tensor)
        if len(result) > n and all(r is None for r in result[n:]):
            result = result[:n]
        if len(result) != n:
            raise RuntimeError(f"function {self._name} returned an incorrect number of gradients (expected {n}, "
                               f"got {len(result)})")
        grads = []
        for i, (r, is_tensor) in enumerate(zip(result, self._input_is_tensor)):
            if r is not None and not isinstance(r, _Tensor):
                raise RuntimeError(f"expected Variable or None (got {type(r).__name__})")
            if not is_tensor:
                if r is not None:
                    raise RuntimeError(f"function {self._name} returned a gradient different than None at position "
                                       f"{i + 1}, but the corresponding forward input was not a Variable")
                continue
            grads.append(r)
        return grads


class _FunctionMeta(type):
    """Makes each Function subclass its ``<Name>Backward`` node class (torch's FunctionMeta)."""

    def __init__(cls, name, bases, attrs):
        backward = type(name + "Backward", (_BackwardCFunction,), {"_forward_cls": cls, "_name": name + "Backward"})
        backward.__module__ = "torch.autograd.function"
        cls._backward_cls = backward
        super().__init__(name, bases, attrs)


class Function(FunctionCtx, metaclass=_FunctionMeta):
    """Base class of custom autograd Functions: subclass it with static ``forward`` and ``backward``."""

    def __init__(self, *args, **kwargs):
        _warnings.warn(_INSTANTIATED.format(cls=type(self)), DeprecationWarning, stacklevel=2)

    def __call__(self, *args, **kwargs):
        raise RuntimeError(_LEGACY)

    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError(_FORWARD_MISSING)

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError(_BACKWARD_MISSING)

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError("You must implement the jvp function for custom autograd.Function to use it with "
                                  "forward mode AD.")

    @classmethod
    def apply(cls, *args, **kwargs):
        if kwargs:
            raise _unsupported("Function.apply with keyword arguments")
        tensors = [a for a in args if isinstance(a, _Tensor)]
        ctx = cls._backward_cls(tensors)
        ctx.needs_input_grad = tuple(isinstance(a, _Tensor) and a._requires_grad for a in args)
        ctx._input_is_tensor = tuple(isinstance(a, _Tensor) for a in args)
        recording = _grad_state.grad and any(t._requires_grad for t in tensors)
        with _no_grad():
            if cls.setup_context is not Function.setup_context:
                outputs = cls.forward(*args)
                cls.setup_context(ctx, args, outputs)
            else:
                outputs = cls.forward(ctx, *args)
        single = not isinstance(outputs, tuple)
        outs = (outputs,) if single else outputs
        outs = tuple(_wrap_output(ctx, i, o, args, recording) for i, o in enumerate(outs))
        if recording:
            _save(ctx, outs)
            ctx._n_outputs = len(outs)
            ctx._outputs_meta = tuple((tuple(o._shape), o._dtype) if isinstance(o, _Tensor) else None for o in outs)
            for o in _observers:
                o.on_node(ctx, None)
        return outs[0] if single else outs


def _wrap_output(ctx, i, out, args, recording):
    """An output of forward as apply returns it (torch's _wrap_outputs)."""
    if not isinstance(out, _Tensor):
        return out
    dirty = any(out is d for d in getattr(ctx, "dirty_tensors", ()))
    is_input = any(out is a for a in args)
    if dirty:
        if recording and out._requires_grad and out._grad_fn is None and out._base is None:
            raise RuntimeError("a leaf Variable that requires grad has been used in an in-place operation.")
        out._versions.bump()
    if not recording:
        return out
    differentiable = (out._dtype.is_floating_point and not any(out is n for n in getattr(ctx, "non_differentiable", ())))
    if dirty:
        if differentiable:
            _rebase_history(out, ctx)
            out._output_nr = i
        return out
    if is_input:  # an input returned as it was: a view of it takes the node
        with _no_grad():
            out = _at.view(out, tuple(out._shape))
    if differentiable:
        out._grad_fn = ctx
        out._requires_grad = True
        out._output_nr = i
    else:
        out._requires_grad = False
    return out


def _save(ctx, outs):
    to_save = getattr(ctx, "to_save", None)
    if to_save is None:
        ctx._kept = ()
        return
    saved = []
    for t in to_save:
        if t is None:
            saved.append(None)
        else:
            saved.append(_SavedTensor(t, any(t is o for o in outs)))
    ctx._kept = saved


def once_differentiable(fn):
    """torch's decorator for a backward that is not itself differentiable: it runs with grad mode off."""

    def wrapper(ctx, *args):
        with _no_grad():
            outputs = fn(ctx, *args)
        if _grad_state.grad and any(isinstance(a, _Tensor) and a._requires_grad for a in args):
            raise _unsupported("Differentiating a once_differentiable backward with create_graph=True")
        return outputs

    wrapper.__name__ = getattr(fn, "__name__", "wrapper")
    wrapper.__qualname__ = getattr(fn, "__qualname__", "wrapper")
    wrapper.__wrapped__ = fn
    return wrapper


for _cls in (Function, FunctionCtx, _BackwardCFunction):
    _cls.__module__ = "torch.autograd.function"
del _cls
_export("torch.autograd", Function=Function)
