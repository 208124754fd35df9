"""The backward engine: ``Tensor.backward``, ``torch.autograd.backward`` and ``torch.autograd.grad``.

The Python side follows ``torch/autograd/__init__.py`` (argument handling, ``_make_grads``); the
rest follows torch's C++ engine (``python_engine.cpp``'s ``run_backward`` and ``engine.cpp``):

- a node becomes ready once every consumer has sent its gradient; ready nodes run highest
  sequence number first (``AccumulateGrad`` first of all); gradients arriving at the same input
  are summed, and a gradient is summed back to its input's shape and cast to its dtype before
  it is passed on;
- nodes run with grad mode set to ``create_graph``, so that with ``create_graph=True`` every
  backward formula (written with ops) is recorded and gradients can be differentiated again;
- ``inputs=`` (``backward``) or the differentiated tensors (``grad``) restrict the pass to the
  nodes that lead to them; ``grad`` captures the gradient arriving at each input's node instead
  of accumulating it;
- before a node runs, its tensors' hooks (``register_hook``) may replace the gradient, then
  ``retain_grad`` stores it, then the node's pre-hooks run; after it, its post-hooks; a leaf's
  ``.grad`` is set on the first backward and added to on later ones, and its post-accumulate
  hooks run after that.

The graph's observers (the tape widget's recorder, :mod:`booktape.tape`) are told about each step:
``on_run(node, grad_in, sent)``, ``on_buffer(node, before, add, after)`` and
``on_accumulate(node, incoming, before_tensor_copy, after)``.
"""

import heapq
import itertools
import warnings
from collections.abc import Mapping

from .dtypes import tensor_type_name
from .errors import unsupported
from . import graph
from .graph import AccumulateGrad, accumulator, observers
from .grad_mode import state as grad_state
from .registry import at, function, method
from .tensor import Tensor, warn_once

_CREATE_GRAPH_CYCLE = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter and its "
    "gradient which can cause a memory leak. We recommend using autograd.grad when creating the graph to avoid "
    "this. If you have to use this function, make sure to reset the .grad fields of your parameters to None "
    "after use to break the cycle and avoid the leak. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)"
)


# ------------------------------------------------------------------ torch/autograd/__init__.py
def _make_grads(outputs, grads):
    new_grads = []
    for out, grad in zip(outputs, grads):
        if isinstance(grad, Tensor):
            if not isinstance(out, Tensor):
                raise AssertionError("Expected output to be a torch.Tensor")
            if tuple(out._shape) != tuple(grad._shape):
                raise RuntimeError(
                    f"Mismatch in shape: grad_output[{grads.index(grad)}] has a shape of {grad.shape} and "
                    f"output[{outputs.index(out)}] has a shape of {out.shape}."
                )
            new_grads.append(grad)
        elif grad is None:
            if not isinstance(out, Tensor):
                raise AssertionError("Expected output to be a torch.Tensor")
            if out._requires_grad:
                if out.numel() != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                if not out._dtype.is_floating_point:
                    raise RuntimeError(
                        f"grad can be implicitly created only for real scalar outputs but got {out.dtype}"
                    )
                new_grads.append(at.ones_like(out))
            else:
                new_grads.append(None)
        else:
            raise TypeError("gradients can be either Tensors or None, but got " + type(grad).__name__)
    return tuple(new_grads)


def _tensor_or_tensors_to_tuple(tensors, length):
    if tensors is None:
        return (None,) * length
    if isinstance(tensors, Tensor):
        return (tensors,)
    return tuple(tensors)


def _inputs_tuple(inputs, api):
    if isinstance(inputs, Tensor):
        return (inputs,)
    if type(inputs) is dict:
        return tuple(inputs.values())
    if isinstance(inputs, Mapping):
        raise TypeError(
            f"`inputs` argument to `{api}()` must be a dict, not {type(inputs).__name__}. "
            "Other Mapping types are not supported."
        )
    return tuple(inputs)


@function("backward", namespace="torch.autograd")
def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    """torch.autograd.backward: accumulate the gradients of ``tensors`` into the leaves' ``.grad``."""
    if grad_variables is not None:
        warnings.warn("`grad_variables` is deprecated. Use `grad_tensors` instead.", FutureWarning, stacklevel=2)
        if grad_tensors is None:
            grad_tensors = grad_variables
        else:
            raise RuntimeError(
                "`grad_tensors` and `grad_variables` (deprecated) arguments both passed to `backward()`. Please "
                "only use `grad_tensors`."
            )
    inputs_tuple = () if inputs is None else _inputs_tuple(inputs, "backward")
    if inputs is not None and len(inputs_tuple) == 0:
        raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    tensors = (tensors,) if isinstance(tensors, Tensor) else tuple(tensors)
    grads = _make_grads(tensors, _tensor_or_tensors_to_tuple(grad_tensors, len(tensors)))
    if retain_graph is None:
        retain_graph = create_graph
    _run_backward(tensors, grads, retain_graph, create_graph, inputs_tuple, True, True)


@method("backward")
def tensor_backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    backward(self, gradient, retain_graph, create_graph, inputs=inputs)


@function("grad", namespace="torch.autograd")
def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """torch.autograd.grad: the gradients of ``outputs`` with respect to ``inputs``, without touching ``.grad``."""
    if materialize_grads and allow_unused is False:
        raise ValueError(
            "Expected allow_unused to be True or not passed when materialize_grads=True, but got: allow_unused=False."
        )
    if allow_unused is None:
        allow_unused = materialize_grads
    outputs = (outputs,) if isinstance(outputs, Tensor) else tuple(outputs)
    inputs_tuple = _inputs_tuple(inputs, "grad")
    if len(inputs_tuple) == 0:
        raise RuntimeError("`inputs` argument to `grad()` cannot be empty.")
    if not only_inputs:
        warnings.warn(
            "only_inputs argument is deprecated and is ignored now (defaults to True). To accumulate gradient for "
            "other parts of the graph, please use torch.autograd.backward.",
            FutureWarning,
            stacklevel=2,
        )
    if is_grads_batched:
        raise unsupported("torch.autograd.grad(..., is_grads_batched=True)")
    grad_outputs_ = _make_grads(outputs, _tensor_or_tensors_to_tuple(grad_outputs, len(outputs)))
    if retain_graph is None:
        retain_graph = create_graph
    result = _run_backward(outputs, grad_outputs_, retain_graph, create_graph, inputs_tuple, allow_unused, False)
    if materialize_grads:
        result = tuple(
            r if r is not None else at.zeros_like(inp).requires_grad_(create_graph)
            for r, inp in zip(result, inputs_tuple)
        )
    if type(inputs) is dict:
        return dict(zip(inputs.keys(), result))
    return result


# ------------------------------------------------------------------ python_engine.cpp's run_backward
def _gradient_edge(t):
    """torch's ``impl::gradient_edge``: where ``t``'s gradient goes, as ``(node, output_nr)``."""
    if t._grad_fn is not None:
        return t._grad_fn, t._output_nr
    if t._requires_grad:
        return accumulator(t), 0
    return None, 0


def _run_backward(outputs, grads, keep_graph, create_graph, inputs, allow_unreachable, accumulate):
    if len(outputs) != len(grads):
        raise RuntimeError(f"got {len(outputs)} tensors and {len(grads)} gradients")
    roots = []
    for i, out in enumerate(outputs):
        edge = _gradient_edge(out)
        if edge[0] is None:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a grad_fn")
        roots.append(edge)
    # validate_outputs on the roots: a gradient of another dtype is cast to its output's
    grads = [g if g is None or g._dtype is out._dtype else at.to_dtype(g, out._dtype) for g, out in zip(grads, outputs)]
    targets = []
    for t in inputs:
        if not isinstance(t, Tensor):
            raise RuntimeError(f"all inputs have to be Tensors or GradientEdges, but got {type(t).__name__}")
        fn = t._grad_fn
        nr = t._output_nr
        if fn is None:
            fn = t._accumulator() if t._accumulator is not None else None  # only an existing one
            nr = 0
        if accumulate:
            t.retain_grad()
        if not t._requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
        targets.append((fn, nr))
    captured = _execute(roots, grads, keep_graph, create_graph, accumulate, targets)
    if accumulate:
        return None
    for i, g in enumerate(captured):
        if g is None and not allow_unreachable:
            raise RuntimeError(
                f"The differentiated Tensor at index {i} appears to not have been used in the graph. "
                "Set allow_unused=True if this is the desired behavior."
            )
    return tuple(captured)


# ------------------------------------------------------------------ engine.cpp
def _graph(roots):
    """Every node reachable from the roots, and how many gradients each one waits for."""
    deps = {}
    nodes = {}
    stack = []
    for fn, _ in roots:
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


def _to_execute(nodes, target_ids, accumulate):
    """torch's GraphTask::init_to_execute: the ids of the nodes that run, when only the gradients reaching
    ``target_ids`` are wanted (targets run themselves only for backward(inputs=...))."""
    memo = {}
    for root in nodes.values():
        stack = [(root, False)]
        while stack:
            fn, done = stack.pop()
            k = id(fn)
            if k in memo and not done:
                continue
            children = [nxt for nxt, _ in fn.next_functions if nxt is not None]
            if not done:
                memo[k] = False  # a cycle cannot happen; this only marks the node as visited
                stack.append((fn, True))
                stack.extend((c, False) for c in children if id(c) not in memo)
                continue
            memo[k] = (accumulate and k in target_ids) or any(
                memo.get(id(c)) or id(c) in target_ids for c in children
            )
    return {k for k, v in memo.items() if v}


def _execute(roots, root_grads, keep_graph, create_graph, accumulate, targets):
    nodes, deps = _graph(roots)
    captures = {}  # node id -> [(position in the result, output_nr)]
    run = None  # ids of the nodes that run (None: all of them)
    if targets:
        for j, (fn, nr) in enumerate(targets):
            if fn is not None and not accumulate:
                captures.setdefault(id(fn), []).append((j, nr))
        target_ids = {id(fn) for fn, _ in targets if fn is not None}
        run = _to_execute(nodes, target_ids, accumulate)
    captured = [None] * len(targets)
    watching = list(observers)
    if accumulate and create_graph:
        warn_once("backward-create-graph", _CREATE_GRAPH_CYCLE, stacklevel=4)
    buffers = {}
    ready = []
    tie = itertools.count()

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
        if deps[k] == 0 and (run is None or k in run or k in captures):
            heapq.heappush(ready, (-fn._seq, next(tie), fn))

    previous_mode = grad_state.grad
    grad_state.grad = create_graph
    wanted = None if run is None else run | set(captures)
    try:
        for (fn, nr), g in zip(roots, root_grads):
            deliver(fn, nr, g)
        while ready:
            _, _, fn = heapq.heappop(ready)
            k = id(fn)
            grad_in = buffers.pop(k, None)
            if run is not None:
                needed = k in run
                if k in captures:
                    seen = grad_in if needed else _tensor_pre_hooks(fn, grad_in)
                    for j, nr in captures[k]:
                        captured[j] = seen[nr] if fn._n_outputs > 1 else seen
                if not needed:
                    continue
            _call(fn, grad_in, keep_graph, watching, deliver, wanted)
    finally:
        grad_state.grad = previous_mode
    return captured


def _several(fn):
    return fn._n_outputs > 1


def _call(fn, grad_in, keep_graph, watching, deliver, wanted):
    """torch's call_function: hooks, the node itself, its post-hooks, and passing its gradients on
    (``wanted``: the ids of the nodes the pass needs gradients for, None for all)."""
    several = fn._n_outputs > 1
    if several and grad_in is not None and all(g is None for g in grad_in):
        grad_in = None
    accumulates = type(fn) is AccumulateGrad
    if accumulates or fn._tensor_hooks or fn._retained:
        grad_in = _tensor_pre_hooks(fn, grad_in)
    if fn._pre_hooks:
        grad_in = _node_pre_hooks(fn, grad_in)
    if accumulates:
        if grad_in is not None:
            var = fn.variable
            before = var._grad
            if watching and before is not None:
                before = at.clone(before)  # the accumulation below may write into it
            fn.accumulate(grad_in)
            for o in watching:
                o.on_accumulate(fn, grad_in, before, var._grad)
            if var._post_hooks:
                for hook in list(var._post_hooks.values()):
                    hook(var)
        if fn._post_hooks:
            _node_post_hooks(fn, [], grad_in)
        return
    if grad_in is None:
        outs = [None] * len(fn.next_functions)
    else:
        previous = graph.running[0]
        graph.running[0] = (fn, wanted)  # Node.needs(i) answers for this pass
        try:
            outs = fn.apply(grad_in)
        finally:
            graph.running[0] = previous
    sent = []
    meta = fn._meta
    for i, (nxt, _) in enumerate(fn.next_functions):
        g = outs[i] if nxt is not None else None
        if g is not None:
            shape, dt = meta[i]
            if g._shape != shape or g._dtype is not dt:
                g = _validate(fn, i, g)
        sent.append(g)
    if fn._post_hooks:
        sent = _node_post_hooks(fn, sent, grad_in)
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


# ------------------------------------------------------------------ hooks
def _tensor_pre_hooks(fn, grad_in):
    """The hooks of the tensors this node produced (a leaf's own hooks for AccumulateGrad), then retain_grad."""
    if isinstance(fn, AccumulateGrad):
        hooks = fn.variable._hooks
        if hooks and grad_in is not None:
            grad_in = _run_tensor_hooks(hooks, grad_in)
        return grad_in
    if fn._tensor_hooks and grad_in is not None:
        if _several(fn):
            grad_in = list(grad_in)
            for nr, hooks in fn._tensor_hooks.items():
                if hooks and grad_in[nr] is not None:
                    grad_in[nr] = _run_tensor_hooks(hooks, grad_in[nr])
        else:
            hooks = fn._tensor_hooks.get(0)
            if hooks:
                grad_in = _run_tensor_hooks(hooks, grad_in)
    if fn._retained and grad_in is not None:
        for ref in list(fn._retained):
            t = ref()
            g = None if t is None else (grad_in[t._output_nr] if _several(fn) else grad_in)
            if g is not None:
                t._grad = at.clone(g, contiguous=True) if t._grad is None else at.add(t._grad, g)
    return grad_in


def _run_tensor_hooks(hooks, g):
    for hook in list(hooks.values()):
        result = hook(g)
        if result is not None:
            _check_replacement(hook, g, result)
            g = result
    return g


def _check_replacement(hook, before, after):
    """python_hook.cpp's check_single_result: a hook's new gradient must be like the one it replaces."""
    if not isinstance(after, Tensor):
        raise TypeError(f"expected Variable, but hook returned '{type(after).__name__}'")
    name = getattr(hook, "__name__", "<unknown>")
    if after._dtype is not before._dtype:
        raise RuntimeError(
            f"hook '{name}' has changed the type of value (was {tensor_type_name(before._dtype)} got "
            f"{tensor_type_name(after._dtype)})"
        )
    if tuple(after._shape) != tuple(before._shape):
        raise RuntimeError(f"hook '{name}' has changed the size of value")


def _node_pre_hooks(fn, grad_in):
    grads = tuple(grad_in) if _several(fn) else (grad_in,)
    for hook in list(fn._pre_hooks.values()):
        result = hook(grads)
        if result is not None:
            grads = _checked_hook_result(hook, result, grads)
    return list(grads) if _several(fn) else grads[0]


def _node_post_hooks(fn, sent, grad_in):
    grad_outputs = tuple(grad_in) if _several(fn) and grad_in is not None else (grad_in,)
    grad_inputs = tuple(sent)
    for hook in list(fn._post_hooks.values()):
        result = hook(grad_inputs, grad_outputs)
        if result is not None:
            grad_inputs = _checked_hook_result(hook, result, grad_inputs)
    return list(grad_inputs)


def _checked_hook_result(hook, result, original):
    """python_hook.cpp's check_result for a node hook's tuple of gradients."""
    name = getattr(hook, "__name__", "<unknown>")
    if not isinstance(result, tuple):
        raise TypeError(f"expected tuple, but hook returned '{type(result).__name__}'")
    if len(result) != len(original):
        raise ValueError(
            f"hook '{name}' has returned an incorrect number of values (got {len(result)}, but expected "
            f"{len(original)})"
        )
    for before, after in zip(original, result):
        if after is not None and before is not None:
            _check_replacement(hook, before, after)
    return result


def _validate(fn, i, g):
    """A node's gradient for input i, summed back to the input's shape and cast to its dtype."""
    shape, dt = fn._meta[i]
    if g._shape != shape:
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
