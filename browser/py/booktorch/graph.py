"""The autograd graph: backward nodes, the tensors they save, and recording a node for a result.

Every differentiable operation on a tensor that requires grad (with grad mode on)
creates a backward *node* named exactly like torch's (``MulBackward0``,
``SumBackward1``, ``MmBackward0``...) and stores it as the result's ``grad_fn``.
:func:`record` is the one place that does it (as minitorch's ``Function.apply`` and
torch's generated ``VariableType`` code do): an op computes its result, then calls
``record(MulBackward0, (a, b), out, self=a, other=b)``.
``node.next_functions`` holds ``(parent_node, 0)`` pairs, where a leaf tensor's
parent is its ``AccumulateGrad`` node and an input that needs no gradient is
``(None, 0)``.  Nodes keep the tensors their derivative needs ("saved tensors")
together with the tensor's version at save time; the engine frees them after a
backward pass unless ``retain_graph=True``, so a second backward raises torch's
"Trying to backward through the graph a second time" error, and a saved tensor
modified in place raises torch's "modified by an inplace operation" error.

Each op module defines its node classes next to the forward function they
differentiate (``class MulBackward0(Node)`` beside ``mul``); a node's ``saves`` says
which tensors its backward reads, and its ``apply`` receives the gradient of the output
and returns one gradient per input.  Where many ops share one shape of backward (a
one-input elementwise function: ``grad * result`` for exp), their nodes come from a
table (:func:`elementwise_nodes`).

``observers`` are told about every node as it is created (the tape widget's recorder,
:mod:`booktape.tape`, while it records); with none, attaching a node costs nothing more.
"""

import itertools
import re
import weakref

from .dtypes import float64, scalar_dtype, tensor_type_name
from .grad_mode import state as grad_state
from .hooks import HookDict, add_hook
from .registry import at
from .tensor import Tensor

_seq = itertools.count()
observers = []  # objects with on_node(node, output_or_None); see booktape.tape
running = [None]  # (node, ids of the nodes the backward pass needs) while the engine runs that node

ERR_BACKWARD_TWICE = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they "
    "have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph "
    "a second time or if you need to access saved tensors after calling backward."
)


def needs_grad(*tensors):
    """Whether an op on ``tensors`` records a node (grad mode on and an input requires grad)."""
    if not grad_state.grad:
        return False
    for t in tensors:
        if t is not None and getattr(t, "_requires_grad", False):
            return True
    return False


class SavedTensor:
    """A tensor a node keeps for its backward, with the version it had when saved."""

    __slots__ = ("tensor", "version", "released", "is_output", "was_leaf", "shape")

    def __init__(self, tensor, is_output):
        if tensor._inference:
            raise RuntimeError(
                "Inference tensors cannot be saved for backward. To work around you can make a clone to get "
                "a normal tensor and use it in autograd."
            )
        self.tensor = tensor
        self.version = tensor._versions.version
        self.released = False
        self.is_output = is_output
        self.was_leaf = tensor._grad_fn is None
        self.shape = tensor._shape  # torch keeps an output's shape as saved (an in-place view op may change it)

    def unpack(self, node):
        if self.released:
            raise RuntimeError(ERR_BACKWARD_TWICE)
        t = self.tensor
        current = t._versions.version
        if current != self.version:
            fn = node if self.is_output else (None if self.was_leaf else t._grad_fn)
            where = ""
            if fn is not None:
                where = f", which is output {t._output_nr} of {_short_name(fn.name())},"
            sizes = "[" + ", ".join(str(s) for s in (self.shape if self.is_output else t._shape)) + "]"
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: [{tensor_type_name(t._dtype)} {sizes}]{where} is at version {current}; "
                f"expected version {self.version} instead. Hint: enable anomaly detection to find the "
                "operation that failed to compute its gradient, with "
                "torch.autograd.set_detect_anomaly(True, check_nan=False)."
            )
        return t


class SavedTensors:
    """A list of tensors a node keeps (``index``'s indices, None among them), each with its version."""

    __slots__ = ("items", "tensor", "released")

    def __init__(self, tensors, is_output):
        self.items = [None if t is None else SavedTensor(t, is_output) for t in tensors]
        self.tensor = tuple(tensors)
        self.released = False

    def unpack(self, node):
        if self.released:
            raise RuntimeError(ERR_BACKWARD_TWICE)
        return tuple(None if s is None else s.unpack(node) for s in self.items)


class SavedScalar:
    """A Python number a node saved (torch saves it as a wrapped-number tensor)."""

    __slots__ = ("tensor", "released")

    def __init__(self, value):
        self.tensor = value
        self.released = False

    def unpack(self, node):
        if self.released:
            raise RuntimeError(ERR_BACKWARD_TWICE)
        return self.tensor


def saved_ints(value):
    """An int (or tuple of ints) as torch shows it among a node's saved values: a negative int64 as the
    unsigned 64-bit number of the same bits (``x.sum(-1).grad_fn._saved_dim`` is 2**64 - 1)."""
    if isinstance(value, tuple):
        return tuple(saved_ints(v) for v in value)
    return value + (1 << 64) if isinstance(value, int) and not isinstance(value, bool) and value < 0 else value


def _short_name(name):
    """How torch's saved-tensor error names a node: ``ExpBackward0`` is ``Exp``, ``ProdBackward1`` ``Prod1``."""
    return re.sub(r"Backward(\d*)$", lambda m: m.group(1).lstrip("0"), name)


class Node:
    """A backward function in the graph (torch's ``grad_fn`` objects).

    Subclasses set ``_name`` (torch's class name), ``saves`` and ``apply(grad)``. How the tape
    widget shows a node (its formulas in words) is booktape's (:mod:`booktape.formulas`).
    """

    _name = "Node"
    # The tensors (or Python numbers in a tensor's place) the backward reads, by torch's names
    # (``_saved_self``): a tuple of names saved always, or {name: the input, or tuple of inputs,
    # whose gradient reads it (None: always)}, saved only when one of those needs a gradient.
    saves = ()
    saved_outputs = ()  # the names in saves that are outputs of the op other than the node's own
    _n_outputs = 1  # a node of several outputs (split, unbind) gets one gradient per output in apply()
    _tensor_hooks = None  # {output_nr: HookDict} of its outputs' Tensor.register_hook
    _pre_hooks = None  # HookDict of register_prehook
    _post_hooks = None  # HookDict of register_hook
    _retained = ()  # weak references to its outputs that retain_grad() (a list once there is one)

    def __init__(self, inputs, /, **values):
        self._seq = next(_seq)
        self._order = self._seq
        edges = []
        meta = []
        for t in inputs:
            if t is None or not getattr(t, "_requires_grad", False):
                edges.append((None, 0))
                meta.append(None)
            else:
                fn = t._grad_fn if t._grad_fn is not None else accumulator(t)
                edges.append((fn, t._output_nr if t._grad_fn is not None else 0))
                meta.append((t._shape, t._dtype))
        self.next_functions = tuple(edges)
        self._meta = meta
        self._stensors = {}
        self._svals = values  # non-tensor values the backward needs (sizes, dims...), torch's _saved_*

    # torch's API
    def name(self):
        return self._name

    @property
    def metadata(self):
        """torch's ``grad_fn.metadata``: a dict of the user's, made when first asked for."""
        d = self.__dict__.get("_metadata")
        if d is None:
            d = self.__dict__["_metadata"] = {}
        return d

    def __repr__(self):
        return f"<{self._name} object at {hex(id(self))}>"

    def needs(self, i):
        """torch's should_compute_output(i): input i gets a gradient (in the pass running this node)."""
        nxt = self.next_functions[i][0]
        if nxt is None:
            return False
        now = running[0]
        return now is None or now[0] is not self or now[1] is None or id(nxt) in now[1]

    def save(self, key, tensor, is_output=False):
        if tensor is None:
            self._stensors[key] = None
        elif hasattr(tensor, "_versions"):
            self._stensors[key] = SavedTensor(tensor, is_output)
        elif isinstance(tensor, (list, tuple)):
            self._stensors[key] = SavedTensors(tensor, is_output)
        else:
            self._stensors[key] = SavedScalar(tensor)

    def saved(self, key):
        s = self._stensors.get(key)
        return None if s is None else s.unpack(self)

    def release_variables(self):
        for s in self._stensors.values():
            if s is not None:
                s.released = True
                s.tensor = None
                if type(s) is SavedTensors:
                    s.items = ()

    def register_hook(self, hook):
        """``hook(grad_inputs, grad_outputs)`` after the node runs; it may return new grad_inputs."""
        if self._post_hooks is None:
            self._post_hooks = HookDict()
        return add_hook(self._post_hooks, hook)

    def register_prehook(self, hook):
        """``hook(grad_outputs)`` before the node runs; it may return new grad_outputs."""
        if self._pre_hooks is None:
            self._pre_hooks = HookDict()
        return add_hook(self._pre_hooks, hook)

    def add_tensor_hooks(self, output_nr, hooks):
        """Run ``hooks`` (a tensor's register_hook) on the gradient of output ``output_nr`` before the node."""
        if self._tensor_hooks is None:
            self._tensor_hooks = {}
        self._tensor_hooks[output_nr] = hooks

    def __getattr__(self, name):
        if name.startswith("_saved_"):
            key = name[len("_saved_"):]
            saved = self.__dict__.get("_stensors", {})
            if key in saved:
                value = self.saved(key)
                if isinstance(saved[key], SavedScalar):  # a Python number in a Tensor argument: a wrapped number
                    dt = scalar_dtype(value) if not isinstance(value, float) else float64
                    return Tensor._from_values([value], (), dt)
                return value
            extra = self.__dict__.get("_svals", {})
            if key in extra:
                return extra[key]
        raise AttributeError(f"'{self._name}' object has no attribute '{name}'")

    def __dir__(self):
        names = set(object.__dir__(self))
        names.update(f"_saved_{k}" for k in self.__dict__.get("_stensors", {}))
        names.update(f"_saved_{k}" for k in self.__dict__.get("_svals", {}))
        return sorted(names)

    def __call__(self, *grads):
        """``grad_fn(grad)``, as torch's Python binding of a node calls it: one gradient per output of
        the node, in the current grad mode; one gradient out per input (a tuple when there are
        several, None where an input takes none)."""
        if len(grads) != self._n_outputs:
            raise TypeError(f"expected {self._n_outputs} arguments, got {len(grads)} instead")
        for i, g in enumerate(grads):
            if g is not None and not isinstance(g, Tensor):
                raise TypeError(f"argument {i} is not a Variable")
        grad_in = list(grads) if self._n_outputs > 1 else grads[0]
        if grad_in is None or (self._n_outputs > 1 and all(g is None for g in grads)):
            outs = [None] * len(self.next_functions)
        else:
            outs = self.apply(grad_in)
        return outs[0] if len(outs) == 1 else tuple(outs)

    # subclasses
    def apply(self, grad):  # pragma: no cover - every node class defines it
        raise NotImplementedError


class AccumulateGrad(Node):
    """The node at a leaf: the engine adds the incoming gradient into ``variable.grad``."""

    _name = "torch::autograd::AccumulateGrad"

    def __init__(self, variable):
        self._seq = float("inf")  # runs before any other ready node, as in torch's engine
        self._order = next(_seq)
        self.next_functions = ()
        self._meta = []
        self._stensors = {}
        self._svals = {}
        self.variable = variable

    def __repr__(self):
        return f"<AccumulateGrad object at {hex(id(self))}>"

    def apply(self, grad):
        """Called as a node (``grad_fn.next_functions[0][0](g)``): accumulates, and passes nothing on."""
        self.accumulate(grad)
        return []

    def accumulate(self, new_grad):
        """Set ``variable.grad`` to the gradient or add to it.

        With grad mode off (a plain backward) the first gradient is copied into the variable's layout and
        later ones are added in place; with grad mode on (``create_graph=True``) both steps are recorded,
        as torch's ``CopyBackwards`` and ``AddBackward0``, so that ``.grad`` itself can be differentiated.
        """
        var = self.variable
        old = var._grad
        if old is None:
            copy = at.clone_obey_contract(new_grad, var)
            if grad_state.grad and new_grad._requires_grad:
                copy[...] = new_grad  # records the copy (CopyBackwards), as torch's clone_obey_contract does
            var._grad = copy
        elif not grad_state.grad:
            at.add_into(old, new_grad)
        else:
            var._grad = at.add(old, new_grad)


def accumulator(t):
    """The leaf ``t``'s AccumulateGrad node (one per leaf while anything refers to it)."""
    acc = t._accumulator() if t._accumulator is not None else None
    if acc is None:
        acc = AccumulateGrad(t)
        t._accumulator = weakref.ref(acc)
        for o in observers:
            o.on_node(acc, None)
    return acc


def attach(node, out):
    """Make ``node`` the grad_fn of ``out`` (a fresh result tensor)."""
    out._grad_fn = node
    out._requires_grad = True
    out._output_nr = 0
    for o in observers:
        o.on_node(node, out)
    return out


def attach_outputs(node, outs):
    """Make ``node`` the grad_fn of each of ``outs`` (output i has ``output_nr`` i, as in torch); the
    node's ``apply`` then receives a list with one gradient (or None) per output."""
    node._n_outputs = len(outs)
    for i, out in enumerate(outs):
        out._grad_fn = node
        out._requires_grad = True
        out._output_nr = i
    for o in observers:
        o.on_node(node, None)
    return outs


def record(node_class, inputs, out, /, **saved):
    """Record ``out``'s history, when grad mode is on and one of ``inputs`` requires grad: make a
    ``node_class`` whose edges lead to ``inputs`` (a Python number or None among them takes no
    gradient), save what its backward needs and make it the grad_fn of ``out`` (a tensor, or a list
    of tensors: output i gets ``output_nr`` i). Returns the node, or None when nothing was recorded.

    Each keyword named in ``node_class.saves`` is saved with its tensor's version (a tensor that is
    one of the op's outputs as an output: it is ``out``, or named in ``saved_outputs``); the others
    are values the backward reads (sizes, dims: torch's other ``_saved_*``)."""
    if not grad_state.grad:
        return None
    for t in inputs:
        if getattr(t, "_requires_grad", False):
            break
    else:
        return None
    node = make_node(node_class, inputs, out, **saved)
    if isinstance(out, list):
        attach_outputs(node, out)
    else:
        attach(node, out)
    return node


def make_node(node_class, inputs, out=None, /, **saved):
    """The node :func:`record` makes, not yet any tensor's grad_fn: an in-place write, which has decided
    to record before it wrote, gives it to the tensor it wrote (``rebase_history``, ops/rebase.py)."""
    saves = node_class.saves
    values = {}
    to_save = []
    for key, value in saved.items():
        if key in saves:
            to_save.append((key, value))
        elif isinstance(value, Tensor):
            raise TypeError(f"{node_class.__name__} saves no tensor {key!r}: name it in its saves")
        else:
            values[key] = value
    node = node_class(inputs, **values)
    if to_save:
        outputs = out if isinstance(out, list) else (out,)
        needed_for = saves if type(saves) is dict else {}
        for key, value in to_save:
            inputs_reading = needed_for.get(key)
            if inputs_reading is not None and value is not None:
                if type(inputs_reading) is int:
                    needed = node.needs(inputs_reading)
                else:
                    needed = any(node.needs(i) for i in inputs_reading)
                if not needed:
                    value = None
            node.save(key, value, any(value is o for o in outputs) or key in node_class.saved_outputs)
    return node


def elementwise_nodes(module, table):
    """The node classes of a table of simple derivatives, ``{op: (grad_fn name, saved, gradient)}``: ops of
    one input whose gradient is ``gradient(grad, saved tensor)`` (``saved``: ``"self"``, the input, or
    ``"result"``, the output), or ``gradient(grad)`` where ``saved`` is None. Returns ``{op: class}``."""
    return {op: _elementwise_node(module, *entry) for op, entry in table.items()}


def _elementwise_node(module, name, saved, gradient):
    if saved is None:
        def apply(self, grad):
            return [gradient(grad)]
    else:
        def apply(self, grad):
            return [gradient(grad, self.saved(saved))]

    attributes = {"_name": name, "saves": () if saved is None else (saved,), "apply": apply,
                  "__module__": module, "__qualname__": name}
    return type(name, (Node,), attributes)


def record_elementwise(node_class, t, out):
    """:func:`record` for a node of :func:`elementwise_nodes`: it saves the input or the output, as its
    table entry says."""
    saves = node_class.saves
    if not saves:
        return record(node_class, (t,), out)
    if saves[0] == "result":
        return record(node_class, (t,), out, result=out)
    return record(node_class, (t,), out, self=t)
