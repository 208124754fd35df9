"""Reverse-mode autograd: grad mode, the graph of backward nodes, the engine, and a tape
that a widget can draw.

The graph
---------
Every differentiable operation on a tensor that requires grad (with grad mode on)
creates a backward *node* named exactly like torch's (``MulBackward0``,
``SumBackward1``, ``MmBackward0``...) and stores it as the result's ``grad_fn``.
``node.next_functions`` holds ``(parent_node, 0)`` pairs, where a leaf tensor's
parent is its ``AccumulateGrad`` node and an input that needs no gradient is
``(None, 0)``.  Nodes keep the tensors their derivative needs ("saved
tensors") together with the tensor's version at save time; ``backward()``
frees them unless ``retain_graph=True``, so a second backward raises torch's
"Trying to backward through the graph a second time" error, and a saved tensor
modified in place raises torch's "modified by an inplace operation" error.

The engine runs nodes like torch's CPU engine: a node becomes ready once every
consumer has sent its gradient, ready nodes run highest sequence number first
(``AccumulateGrad`` first of all), gradients arriving at the same input are
summed, and broadcasting is undone with ``sum_to`` before a gradient is passed
on.  A leaf's ``.grad`` is set on the first backward and ``+=``-accumulated on
later ones.

The tape (for drawing the graph)
--------------------------------
Everything is plain ``dict``/``list``/``str``/number data (``json.dumps``-able).
A tensor value is ``{"shape": [..], "dtype": "torch.float32", "value": nested
list or number}``.

``trace(output, names=None, backward=False, retain_graph=None)``
    Walks the graph that produced ``output`` and returns::

        {"nodes": [node, ...],      # forward (tape) order: leaves, then ops
         "output": node_id,
         "backward": [step, ...]}   # only when backward=True: runs output.backward()

``record(names=None)``
    Context manager yielding a :class:`Tape`; every node created inside it is
    appended to ``tape.nodes`` as the forward pass runs, and every backward run
    inside it appends its steps to ``tape.backward``.  ``tape.to_dict()`` gives
    the same shape as ``trace``.

``names`` maps display names to tensors (``{"x": x, "y": y}``) so leaves and
intermediate results get readable labels.

A *node* dict::

    {"id": "n3", "kind": "leaf" | "op", "op": "MulBackward0" (or "AccumulateGrad"),
     "label": "y" or None, "value": tensor value (the op's output / the leaf),
     "inputs": [{"node": "n1"} | None, ...],   # one per differentiable input
     "saved": {"self": tensor value, "other": tensor value},
     "formulas": ["grad * other", "grad * self"]}   # gradient sent to each input

A backward *step* dict, in execution order, is one of::

    {"kind": "node", "node": "n3", "op": "MulBackward0",
     "grad_output": value,                       # upstream gradient
     "inputs": [{"to": "n1", "formula": "grad * other",
                 "local": value or None,          # local derivative d out / d input
                 "contribution": value}, ...]}
    {"kind": "buffer", "node": "n1", "before": value, "add": value,
     "after": value, "text": "grad[n1] += contribution"}   # a node reached twice
    {"kind": "accumulate", "node": "n1", "label": "x", "incoming": value,
     "before": value or None, "after": value,
     "text": "x.grad = incoming" | "x.grad += incoming"}
"""

import heapq
import itertools
import re
import weakref

from .errors import unsupported

# ------------------------------------------------------------------ grad mode
_state = {"grad": True, "inference": False}


def is_grad_enabled():
    return _state["grad"]


def is_inference_mode_enabled():
    return _state["inference"]


class _GradModeContext:
    _enabled = True

    def __enter__(self):
        self._prev = _state["grad"]
        _state["grad"] = self._enabled
        return None

    def __exit__(self, *exc):
        _state["grad"] = self._prev
        return False

    def __call__(self, fn):
        import functools

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self.__class__():
                return fn(*args, **kwargs)

        return wrapper


class no_grad(_GradModeContext):
    """Context manager / decorator that disables gradient recording."""

    _enabled = False


class enable_grad(_GradModeContext):
    _enabled = True


class set_grad_enabled:
    """``set_grad_enabled(False)`` switches grad mode now; as a context manager it restores it."""

    def __init__(self, mode):
        self._prev = _state["grad"]
        self._mode = bool(mode)
        _state["grad"] = self._mode

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        _state["grad"] = self._prev
        return False

    def __call__(self, fn):
        _state["grad"] = self._prev
        mode = self._mode
        import functools

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
        self._prev = (_state["grad"], _state["inference"])
        if self._mode:
            _state["grad"] = False
            _state["inference"] = True
        return None

    def __exit__(self, *exc):
        _state["grad"], _state["inference"] = self._prev
        return False

    def __call__(self, fn):
        import functools

        mode = self._mode

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with inference_mode(mode):
                return fn(*args, **kwargs)

        return wrapper


def needs_grad(*tensors):
    """Whether an op on ``tensors`` records a node (grad mode on and an input requires grad)."""
    if not _state["grad"]:
        return False
    for t in tensors:
        if t is not None and getattr(t, "_requires_grad", False):
            return True
    return False


# ------------------------------------------------------------------ nodes
_seq = itertools.count()

ERR_BACKWARD_TWICE = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they "
    "have already been freed). Saved intermediate values of the graph are freed when you call "
    ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph "
    "a second time or if you need to access saved tensors after calling backward."
)


class SavedTensor:
    __slots__ = ("tensor", "version", "released", "is_output", "was_leaf")

    def __init__(self, tensor, is_output):
        if tensor._inference:
            raise RuntimeError(
                "Inference tensors cannot be saved for backward. To work around you can make a clone to get "
                "a normal tensor and use it in autograd."
            )
        self.tensor = tensor
        self.version = tensor._version.version
        self.released = False
        self.is_output = is_output
        self.was_leaf = tensor._grad_fn is None

    def unpack(self, node):
        if self.released:
            raise RuntimeError(ERR_BACKWARD_TWICE)
        t = self.tensor
        current = t._version.version
        if current != self.version:
            from .dtypes import tensor_type_name

            if self.is_output:
                fn = node
            else:
                fn = None if self.was_leaf else t._grad_fn
            where = ""
            if fn is not None:
                where = f", which is output {t._output_nr} of {_short_name(fn.name())},"
            sizes = "[" + ", ".join(str(s) for s in t._shape) + "]"
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: [{tensor_type_name(t._dtype)} {sizes}]{where} is at version {current}; "
                f"expected version {self.version} instead. Hint: enable anomaly detection to find the "
                "operation that failed to compute its gradient, with "
                "torch.autograd.set_detect_anomaly(True, check_nan=False)."
            )
        return t


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


def _short_name(name):
    return re.sub(r"Backward\d*$", "", name)


class Node:
    """A backward function in the graph (torch's ``grad_fn`` objects)."""

    _name = "Node"
    formulas = ()

    def __init__(self, inputs):
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
        self._svals = {}
        self._retained = []
        self._snapshot = None
        self.metadata = {}

    # torch's API
    def name(self):
        return self._name

    def __repr__(self):
        return f"<{self._name} object at {hex(id(self))}>"

    def needs(self, i):
        """torch's should_compute_output(i)."""
        return self.next_functions[i][0] is not None

    def save(self, key, tensor, is_output=False):
        if tensor is None:
            self._stensors[key] = None
        elif hasattr(tensor, "_version"):
            self._stensors[key] = SavedTensor(tensor, is_output)
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

    def register_hook(self, hook):
        raise unsupported("grad_fn.register_hook")

    def register_prehook(self, hook):
        raise unsupported("grad_fn.register_prehook")

    def __getattr__(self, name):
        if name.startswith("_saved_"):
            key = name[len("_saved_"):]
            saved = self.__dict__.get("_stensors", {})
            if key in saved:
                return self.saved(key)
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
        with no_grad():
            return self.apply(grads[0])

    # subclasses
    def apply(self, grad):  # pragma: no cover - abstract
        raise NotImplementedError

    def local(self, i):
        """Local derivative d(output)/d(input i) as a tensor, when it is elementwise."""
        return None


class AccumulateGrad(Node):
    """The node at a leaf: adds the incoming gradient into ``variable.grad``."""

    _name = "torch::autograd::AccumulateGrad"

    def __init__(self, variable):
        self._seq = float("inf")
        self._order = next(_seq)
        self.next_functions = ()
        self._meta = []
        self._stensors = {}
        self._svals = {}
        self._retained = []
        self._snapshot = None
        self.metadata = {}
        self.variable = variable

    def __repr__(self):
        return f"<AccumulateGrad object at {hex(id(self))}>"

    def accumulate(self, new_grad):
        from .ops import elementwise, views

        var = self.variable
        if var._grad is None:
            var._grad = views.clone_obey_contract(new_grad, var)
        else:
            elementwise.add_into(var._grad, new_grad)


def accumulator(t):
    acc = t._accumulator() if t._accumulator is not None else None
    if acc is None:
        acc = AccumulateGrad(t)
        t._accumulator = weakref.ref(acc)
        for r in _recorders:
            r._ensure(acc)
    return acc


def attach(node, out):
    """Make ``node`` the grad_fn of ``out`` (a fresh result tensor)."""
    out._grad_fn = node
    out._requires_grad = True
    out._output_nr = 0
    node._snapshot = (out._shape, out._dtype, out._values())
    for r in _recorders:
        r._ensure(node)
    return out


# ------------------------------------------------------------------ engine
def _make_grads(outputs, grads):
    from .ops import factories

    result = []
    for i, (out, g) in enumerate(zip(outputs, grads)):
        if g is not None:
            if tuple(out._shape) != tuple(g._shape):
                raise RuntimeError(
                    f"Mismatch in shape: grad_output[{i}] has a shape of {g.shape} and output[{i}] has a "
                    f"shape of {out.shape}."
                )
            if out._dtype.is_floating_point != g._dtype.is_floating_point:
                raise TypeError(
                    "For complex Tensors, both grad_output and output are required to have the same dtype. "
                    f"Mismatch in dtype: grad_output[{i}] has a dtype of {g.dtype} and output[{i}] has a dtype "
                    f"of {out.dtype}."
                )
            result.append(g)
        else:
            if out._requires_grad:
                if out.numel() != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                if not out._dtype.is_floating_point:
                    raise RuntimeError(
                        f"grad can be implicitly created only for real scalar outputs but got {out.dtype}"
                    )
                result.append(factories.ones_like(out))
            else:
                result.append(None)
    return result


def _root_edges(outputs):
    edges = []
    for i, out in enumerate(outputs):
        if out._grad_fn is not None:
            edges.append((out._grad_fn, out._output_nr))
        elif out._requires_grad:
            edges.append((accumulator(out), 0))
        else:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a grad_fn")
    return edges


def _as_list(x):
    from .tensor import Tensor

    if x is None:
        return None
    if isinstance(x, Tensor):
        return [x]
    return list(x)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """torch.autograd.backward: accumulate gradients of ``tensors`` into the leaves' ``.grad``."""
    if create_graph:
        raise unsupported("backward(create_graph=True) (higher-order gradients)")
    if inputs is not None:
        raise unsupported("backward(inputs=...)")
    outputs = _as_list(tensors)
    grads = _as_list(grad_tensors)
    if grads is None:
        grads = [None] * len(outputs)
    if len(grads) != len(outputs):
        raise RuntimeError(
            f"grad_tensors should have the same length as tensors, but got {len(grads)} and {len(outputs)}"
        )
    grads = _make_grads(outputs, grads)
    if retain_graph is None:
        retain_graph = create_graph
    edges = _root_edges(outputs)
    _execute(edges, grads, keep_graph=retain_graph)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, allow_unused=None,
         materialize_grads=False):
    """torch.autograd.grad: return d(outputs)/d(inputs) without touching ``.grad``."""
    if create_graph:
        raise unsupported("torch.autograd.grad(create_graph=True) (higher-order gradients)")
    outs = _as_list(outputs)
    ins = _as_list(inputs)
    gos = _as_list(grad_outputs)
    if gos is None:
        gos = [None] * len(outs)
    gos = _make_grads(outs, gos)
    if retain_graph is None:
        retain_graph = create_graph
    edges = _root_edges(outs)
    targets = []
    for t in ins:
        if not t._requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
        if t._grad_fn is not None:
            targets.append(t._grad_fn)
        else:
            targets.append(accumulator(t))
    captured = _execute(edges, gos, keep_graph=retain_graph, capture=targets)
    result = []
    for i, fn in enumerate(targets):
        g = captured.get(id(fn))
        if g is None and not allow_unused:
            if materialize_grads:
                from .ops import factories

                g = factories.zeros_like(ins[i])
            else:
                raise RuntimeError(
                    "One of the differentiated Tensors appears to not have been used in the graph. "
                    "Set allow_unused=True if this is the desired behavior."
                )
        result.append(g)
    return tuple(result)


def _execute(root_edges, root_grads, keep_graph, capture=None):
    from .ops import elementwise, reductions

    # dependencies: how many gradients each node waits for
    deps = {}
    nodes = {}
    stack = []
    for fn, _ in root_edges:
        deps[id(fn)] = deps.get(id(fn), 0) + 1
        if id(fn) not in nodes:
            nodes[id(fn)] = fn
            stack.append(fn)
    while stack:
        fn = stack.pop()
        for nxt, _ in fn.next_functions:
            if nxt is None:
                continue
            deps[id(nxt)] = deps.get(id(nxt), 0) + 1
            if id(nxt) not in nodes:
                nodes[id(nxt)] = nxt
                stack.append(nxt)

    needed = None
    capture_ids = set()
    if capture is not None:
        capture_ids = {id(fn) for fn in capture}
        # only run nodes from which a captured node can be reached
        needed = set()
        memo = {}

        def reaches(fn):
            k = id(fn)
            if k in memo:
                return memo[k]
            memo[k] = False
            r = k in capture_ids
            for nxt, _ in fn.next_functions:
                if nxt is not None and reaches(nxt):
                    r = True
            memo[k] = r
            return r

        for fn in nodes.values():
            if reaches(fn):
                needed.add(id(fn))

    recorders = list(_recorders)
    buffers = {}
    ready = []
    tie = itertools.count()
    captured = {}

    def deliver(fn, g):
        k = id(fn)
        if g is not None:
            old = buffers.get(k)
            if old is None:
                buffers[k] = g
            else:
                new = elementwise.add(old, g)
                for r in recorders:
                    r._buffer_step(fn, old, g, new)
                buffers[k] = new
        deps[k] -= 1
        if deps[k] == 0:
            heapq.heappush(ready, (-fn._seq, next(tie), fn))

    for (fn, _), g in zip(root_edges, root_grads):
        deliver(fn, g)

    with no_grad():
        while ready:
            _, _, fn = heapq.heappop(ready)
            k = id(fn)
            grad_in = buffers.pop(k, None)
            if needed is not None and k not in needed:
                continue
            if k in capture_ids:
                captured[k] = grad_in
                if isinstance(fn, AccumulateGrad):
                    continue
            if isinstance(fn, AccumulateGrad):
                if grad_in is not None:
                    var = fn.variable
                    before = var._grad
                    before_snap = None if before is None else _value(before)
                    fn.accumulate(grad_in)
                    for r in recorders:
                        r._accumulate_step(fn, grad_in, before_snap, var._grad)
                continue
            for ref in fn._retained:
                t = ref()
                if t is not None and grad_in is not None:
                    if t._grad is None:
                        t._grad = grad_in.clone()
                    else:
                        t._grad = elementwise.add(t._grad, grad_in)
            if grad_in is None:
                outs = [None] * len(fn.next_functions)
            else:
                outs = fn.apply(grad_in)
            sent = []
            for i, (nxt, _) in enumerate(fn.next_functions):
                if nxt is None:
                    sent.append(None)
                    continue
                g = outs[i]
                if g is not None:
                    g = _validate(fn, i, g, reductions, elementwise)
                sent.append(g)
            for r in recorders:
                r._node_step(fn, grad_in, sent)
            if not keep_graph:
                fn.release_variables()
            for i, (nxt, _) in enumerate(fn.next_functions):
                if nxt is not None:
                    deliver(nxt, sent[i])
    return captured


def _validate(fn, i, g, reductions, elementwise):
    shape, dt = fn._meta[i]
    if tuple(g._shape) != tuple(shape):
        if not _expandable(shape, g._shape):
            raise RuntimeError(
                f"Function {fn.name()} returned an invalid gradient at index {i} - got "
                f"[{', '.join(map(str, g._shape))}] but expected shape compatible with "
                f"[{', '.join(map(str, shape))}]"
            )
        g = reductions.sum_to(g, shape)
    if g._dtype is not dt:
        g = elementwise.to_dtype(g, dt)
    return g


def _expandable(shape, target):
    if len(shape) > len(target):
        return False
    for a, b in zip(reversed(shape), reversed(target)):
        if a != b and a != 1:
            return False
    return True


# ------------------------------------------------------------------ tape / trace
_recorders = []


def _value(t):
    """A JSON-friendly snapshot of a tensor."""
    if t is None:
        return None
    return {"shape": list(t._shape), "dtype": str(t._dtype), "value": t.tolist()}


def _snap_value(snapshot):
    if snapshot is None:
        return None
    shape, dt, vals = snapshot
    from .tensor import _nest

    return {"shape": list(shape), "dtype": str(dt), "value": _nest(vals, shape) if vals or shape else None}


class Tape:
    """What :func:`record` collects: forward nodes in creation order and backward steps."""

    def __init__(self, names=None):
        self.nodes = []
        self.backward = []
        self._ids = {}
        self._labels = {}
        self._objs = []
        for label, t in (names or {}).items():
            self.name(label, t)

    def name(self, label, tensor):
        """Give ``tensor`` (a leaf or an op result) a display label."""
        fn = tensor._grad_fn
        if fn is None and tensor._requires_grad:
            fn = accumulator(tensor)
        if fn is not None:
            self._labels[id(fn)] = label
            self._objs.append(fn)
            for n in self.nodes:
                if n["id"] == self._ids.get(id(fn)):
                    n["label"] = label

    def _id(self, fn):
        return self._ids.get(id(fn))

    def _ensure(self, fn):
        k = id(fn)
        if k in self._ids:
            return self._ids[k]
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                self._ensure(nxt)
        nid = f"n{len(self._ids)}"
        self._ids[k] = nid
        self._objs.append(fn)  # keep ids stable (no reuse of id())
        self.nodes.append(self._describe(fn, nid))
        return nid

    def _describe(self, fn, nid):
        if isinstance(fn, AccumulateGrad):
            var = fn.variable
            return {
                "id": nid,
                "kind": "leaf",
                "op": "AccumulateGrad",
                "label": self._labels.get(id(fn)),
                "value": _value(var),
                "inputs": [],
                "saved": {},
                "formulas": [],
            }
        saved = {}
        for key, s in fn._stensors.items():
            if s is not None and not s.released:
                saved[key] = s.tensor if isinstance(s, SavedScalar) else _value(s.tensor)
        return {
            "id": nid,
            "kind": "op",
            "op": fn.name(),
            "label": self._labels.get(id(fn)),
            "value": _snap_value(fn._snapshot),
            "inputs": [None if nxt is None else {"node": self._ensure(nxt)} for nxt, _ in fn.next_functions],
            "saved": saved,
            "formulas": list(fn.formulas),
        }

    # engine callbacks
    def _node_step(self, fn, grad_in, sent):
        nid = self._ensure(fn)
        inputs = []
        for i, (nxt, _) in enumerate(fn.next_functions):
            if nxt is None:
                continue
            try:
                local = fn.local(i)
            except RuntimeError:
                local = None
            inputs.append(
                {
                    "to": self._ensure(nxt),
                    "formula": fn.formulas[i] if i < len(fn.formulas) else None,
                    "local": _value(local),
                    "contribution": _value(sent[i]),
                }
            )
        self.backward.append(
            {"kind": "node", "node": nid, "op": fn.name(), "grad_output": _value(grad_in), "inputs": inputs}
        )

    def _buffer_step(self, fn, old, add, new):
        nid = self._ensure(fn)
        self.backward.append(
            {
                "kind": "buffer",
                "node": nid,
                "before": _value(old),
                "add": _value(add),
                "after": _value(new),
                "text": f"grad[{self._labels.get(id(fn)) or nid}] += contribution",
            }
        )

    def _accumulate_step(self, fn, incoming, before, after):
        nid = self._ensure(fn)
        label = self._labels.get(id(fn)) or nid
        self.backward.append(
            {
                "kind": "accumulate",
                "node": nid,
                "label": self._labels.get(id(fn)),
                "incoming": _value(incoming),
                "before": before,
                "after": _value(after),
                "text": f"{label}.grad = incoming" if before is None else f"{label}.grad += incoming",
            }
        )

    def to_dict(self):
        return {"nodes": list(self.nodes), "backward": list(self.backward)}


class record:
    """``with booktorch.autograd.record(names) as tape:`` collects the graph as it is built."""

    def __init__(self, names=None):
        self.tape = Tape(names)

    def __enter__(self):
        _recorders.append(self.tape)
        return self.tape

    def __exit__(self, *exc):
        _recorders.remove(self.tape)
        return False


def trace(output, names=None, backward=False, retain_graph=None):
    """The graph behind ``output`` as plain data (see the module docstring).

    With ``backward=True`` also runs ``output.backward()`` and includes its steps.
    """
    tape = Tape(names)
    fn = output._grad_fn
    if fn is None and output._requires_grad:
        fn = accumulator(output)
    out_id = None
    if fn is not None:
        # forward order: sort the reachable nodes by creation
        seen = {}
        stack = [fn]
        while stack:
            f = stack.pop()
            if id(f) in seen:
                continue
            seen[id(f)] = f
            for nxt, _ in f.next_functions:
                if nxt is not None:
                    stack.append(nxt)
        for f in sorted(seen.values(), key=lambda f: f._order):
            tape._ensure(f)
        out_id = tape._ensure(fn)
    if backward:
        _recorders.append(tape)
        try:
            output.backward(retain_graph=retain_graph)
        finally:
            _recorders.remove(tape)
    d = tape.to_dict()
    d["output"] = out_id
    return d


# ------------------------------------------------------------------ misc torch.autograd API
class Function:  # pragma: no cover - outside the subset
    def __init__(self, *args, **kwargs):
        raise unsupported("torch.autograd.Function")


def set_detect_anomaly(mode, check_nan=True):
    raise unsupported("torch.autograd.set_detect_anomaly")


class graph:  # namespace placeholder
    pass


def __getattr__(name):
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(name)
    raise unsupported(f"torch.autograd.{name}")
