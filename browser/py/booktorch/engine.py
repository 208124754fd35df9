"""The backward engine: ``Tensor.backward``, ``torch.autograd.backward`` and ``torch.autograd.grad``.

It runs nodes like torch's CPU engine: a node becomes ready once every consumer has
sent its gradient, ready nodes run highest sequence number first (``AccumulateGrad``
first of all), gradients arriving at the same input are summed, and broadcasting is
undone with ``sum_to`` before a gradient is passed on.  A leaf's ``.grad`` is set on
the first backward and ``+=``-accumulated on later ones.

The graph's observers (the tape, :mod:`booktorch.tape`) are told about each step:
``on_run(node, grad_in, sent)``, ``on_buffer(node, before, add, after)`` and
``on_accumulate(node, incoming, before_tensor_copy, after)``.
"""

import heapq
import itertools

from .errors import unsupported
from .graph import AccumulateGrad, accumulator, observers
from .grad_mode import no_grad
from .registry import at, function, method
from .tensor import Tensor


def _make_grads(outputs, grads):
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
                result.append(at.ones_like(out))
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
    if x is None:
        return None
    if isinstance(x, Tensor):
        return [x]
    return list(x)


@function("backward", namespace="torch.autograd")
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
        raise RuntimeError(f"got {len(outputs)} tensors and {len(grads)} gradients")
    grads = _make_grads(outputs, grads)
    if retain_graph is None:
        retain_graph = create_graph
    _execute(_root_edges(outputs), grads, keep_graph=retain_graph)


@method("backward")
def tensor_backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    backward(self, gradient, retain_graph=retain_graph, create_graph=create_graph, inputs=inputs)


@function("grad", namespace="torch.autograd")
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
        targets.append(t._grad_fn if t._grad_fn is not None else accumulator(t))
    captured = _execute(edges, gos, keep_graph=retain_graph, capture=targets)
    result = []
    for i, fn in enumerate(targets):
        g = captured.get(id(fn))
        if isinstance(g, list):  # a node of several outputs: the gradient of this input's output
            g = g[ins[i]._output_nr]
        if g is None and not allow_unused:
            if materialize_grads:
                g = at.zeros_like(ins[i])
            else:
                raise RuntimeError(
                    "One of the differentiated Tensors appears to not have been used in the graph. "
                    "Set allow_unused=True if this is the desired behavior."
                )
        result.append(g)
    return tuple(result)


def _graph(root_edges):
    """Every node reachable from the roots, and how many gradients each one waits for."""
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
    return nodes, deps


def _reaching(nodes, capture_ids):
    """The ids of the nodes from which a captured node can be reached (only those run for grad())."""
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

    return {id(fn) for fn in nodes.values() if reaches(fn)}


def accumulate(fn, new_grad):
    """AccumulateGrad: set or ``+=`` the leaf's ``.grad``."""
    var = fn.variable
    if var._grad is None:
        var._grad = at.clone_obey_contract(new_grad, var)
    else:
        at.add_into(var._grad, new_grad)


def _execute(root_edges, root_grads, keep_graph, capture=None):
    nodes, deps = _graph(root_edges)
    capture_ids = set()
    needed = None
    if capture is not None:
        capture_ids = {id(fn) for fn in capture}
        needed = _reaching(nodes, capture_ids)
    watching = list(observers)
    buffers = {}
    ready = []
    tie = itertools.count()
    captured = {}

    def summed(fn, old, g):
        if old is None:
            return g
        new = at.add(old, g)
        for o in watching:
            o.on_buffer(fn, old, g, new)
        return new

    def deliver(fn, nr, g):
        k = id(fn)
        if g is not None:
            if fn._n_outputs > 1:  # a gradient for each output of the node
                slots = buffers.setdefault(k, [None] * fn._n_outputs)
                slots[nr] = summed(fn, slots[nr], g)
            else:
                buffers[k] = summed(fn, buffers.get(k), g)
        deps[k] -= 1
        if deps[k] == 0:
            heapq.heappush(ready, (-fn._seq, next(tie), fn))

    for (fn, nr), g in zip(root_edges, root_grads):
        deliver(fn, nr, g)

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
                    before = fn.variable._grad
                    if watching and before is not None:
                        before = at.clone(before)  # the accumulation below writes into it
                    accumulate(fn, grad_in)
                    for o in watching:
                        o.on_accumulate(fn, grad_in, before, fn.variable._grad)
                continue
            several = fn._n_outputs > 1
            if several and grad_in is not None and all(g is None for g in grad_in):
                grad_in = None
            for ref in fn._retained:
                t = ref()
                g = None if t is None or grad_in is None else grad_in[t._output_nr] if several else grad_in
                if g is not None:
                    t._grad = at.clone(g) if t._grad is None else at.add(t._grad, g)
            outs = [None] * len(fn.next_functions) if grad_in is None else fn.apply(grad_in)
            sent = []
            for i, (nxt, _) in enumerate(fn.next_functions):
                g = outs[i] if nxt is not None else None
                sent.append(None if g is None else _validate(fn, i, g))
            if watching:
                # the tape shows one incoming gradient: a node of several outputs shows its first defined one
                shown = next(g for g in grad_in if g is not None) if several and grad_in is not None else grad_in
                for o in watching:
                    o.on_run(fn, shown, sent)
            if not keep_graph:
                fn.release_variables()
            for i, (nxt, nr) in enumerate(fn.next_functions):
                if nxt is not None:
                    deliver(nxt, nr, sent[i])
    return captured


def _validate(fn, i, g):
    """A node's gradient for input i, summed back to the input's shape and cast to its dtype."""
    shape, dt = fn._meta[i]
    if tuple(g._shape) != tuple(shape):
        if not _expandable(shape, g._shape):
            raise RuntimeError(
                f"Function {fn.name()} returned an invalid gradient at index {i} - got "
                f"[{', '.join(map(str, g._shape))}] but expected shape compatible with "
                f"[{', '.join(map(str, shape))}]"
            )
        g = at.sum_to(g, shape)
    if g._dtype is not dt:
        g = at.to_dtype(g, dt)
    return g


def _expandable(shape, target):
    if len(shape) > len(target):
        return False
    for a, b in zip(reversed(shape), reversed(target)):
        if a != b and a != 1:
            return False
    return True
