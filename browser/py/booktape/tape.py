"""The autograd tape: booktorch's graph and its backward pass as plain data, for the widget that draws them.

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
intermediate results get readable labels.  An op's value is copied when the op
runs only while a tape records; ``trace`` afterwards shows the value of a named
result, or the result the node saved for its backward, and ``None`` otherwise.

booktorch tells its graph's ``observers`` (:mod:`booktorch.graph`, :mod:`booktorch.engine`) about
every node as it is recorded and every step of a backward pass; what the tape shows of a node in
words (its formulas, its local derivatives) is :mod:`booktape.formulas`.

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

from booktorch.graph import AccumulateGrad, SavedScalar, SavedTensors, accumulator, observers

from .formulas import formulas, local


def _value(t):
    """A JSON-friendly snapshot of a tensor."""
    if t is None:
        return None
    return {"shape": list(t._shape), "dtype": str(t._dtype), "value": t.tolist()}


class Tape:
    """What :func:`record` collects: forward nodes in creation order and backward steps."""

    def __init__(self, names=None):
        self.nodes = []
        self.backward = []
        self._ids = {}
        self._labels = {}
        self._tensors = {}  # id(node) -> the named tensor it produced
        self._snapshots = {}  # id(node) -> the value of its output when it ran (while recording)
        self._objs = []  # keeps every node alive, so that no id() is reused
        for label, t in (names or {}).items():
            self.name(label, t)

    def name(self, label, tensor):
        """Give ``tensor`` (a leaf or an op result) a display label."""
        fn = tensor._grad_fn
        if fn is None and tensor._requires_grad:
            fn = accumulator(tensor)
        if fn is None:
            return
        self._labels[id(fn)] = label
        self._objs.append(fn)
        if tensor._grad_fn is fn:
            self._tensors[id(fn)] = tensor
        for n in self.nodes:
            if n["id"] == self._ids.get(id(fn)):
                n["label"] = label

    def _ensure(self, fn):
        k = id(fn)
        if k in self._ids:
            return self._ids[k]
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                self._ensure(nxt)
        nid = f"n{len(self._ids)}"
        self._ids[k] = nid
        self._objs.append(fn)
        self.nodes.append(self._describe(fn, nid))
        return nid

    def _op_value(self, fn):
        k = id(fn)
        if k in self._snapshots:
            return self._snapshots[k]
        if k in self._tensors:
            return _value(self._tensors[k])
        result = fn._stensors.get("result")
        if result is not None and not result.released and not isinstance(result, (SavedScalar, SavedTensors)):
            return _value(result.tensor)
        return None

    def _describe(self, fn, nid):
        if isinstance(fn, AccumulateGrad):
            return {"id": nid, "kind": "leaf", "op": "AccumulateGrad", "label": self._labels.get(id(fn)),
                    "value": _value(fn.variable), "inputs": [], "saved": {}, "formulas": []}
        saved = {}
        for key, s in fn._stensors.items():
            if s is not None and not s.released:
                if isinstance(s, SavedScalar):
                    saved[key] = s.tensor
                elif isinstance(s, SavedTensors):  # index's indices
                    saved[key] = [_value(t) for t in s.tensor]
                else:
                    saved[key] = _value(s.tensor)
        return {
            "id": nid,
            "kind": "op",
            "op": fn.name(),
            "label": self._labels.get(id(fn)),
            "value": self._op_value(fn),
            "inputs": [None if nxt is None else {"node": self._ensure(nxt)} for nxt, _ in fn.next_functions],
            "saved": saved,
            "formulas": list(formulas(fn)),
        }

    # ---------------------------------------------------------- graph and engine callbacks
    def on_node(self, fn, out):
        if out is not None:
            self._snapshots[id(fn)] = _value(out)
        self._ensure(fn)

    def on_run(self, fn, grad_in, sent):
        nid = self._ensure(fn)
        inputs = []
        shown = formulas(fn)
        for i, (nxt, _) in enumerate(fn.next_functions):
            if nxt is None:
                continue
            inputs.append({
                "to": self._ensure(nxt),
                "formula": shown[i] if i < len(shown) else None,
                "local": _value(local(fn, i)),
                "contribution": _value(sent[i]),
            })
        self.backward.append(
            {"kind": "node", "node": nid, "op": fn.name(), "grad_output": _value(grad_in), "inputs": inputs}
        )

    def on_buffer(self, fn, old, add, new):
        nid = self._ensure(fn)
        self.backward.append({
            "kind": "buffer",
            "node": nid,
            "before": _value(old),
            "add": _value(add),
            "after": _value(new),
            "text": f"grad[{self._labels.get(id(fn)) or nid}] += contribution",
        })

    def on_accumulate(self, fn, incoming, before, after):
        nid = self._ensure(fn)
        label = self._labels.get(id(fn)) or nid
        self.backward.append({
            "kind": "accumulate",
            "node": nid,
            "label": self._labels.get(id(fn)),
            "incoming": _value(incoming),
            "before": _value(before),
            "after": _value(after),
            "text": f"{label}.grad = incoming" if before is None else f"{label}.grad += incoming",
        })

    def to_dict(self):
        return {"nodes": list(self.nodes), "backward": list(self.backward)}


class record:
    """``with booktape.tape.record(names) as tape:`` collects the graph as it is built."""

    def __init__(self, names=None):
        self.tape = Tape(names)

    def __enter__(self):
        observers.append(self.tape)
        return self.tape

    def __exit__(self, *exc):
        observers.remove(self.tape)
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
        observers.append(tape)
        try:
            output.backward(retain_graph=retain_graph)
        finally:
            observers.remove(tape)
    d = tape.to_dict()
    d["output"] = out_id
    return d
