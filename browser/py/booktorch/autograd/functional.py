"""``torch.autograd.functional``: ``jacobian`` and ``hessian``, as ``torch/autograd/functional.py``
computes them in reverse mode: one ``autograd.grad`` call per output element, the rows stacked and
viewed as ``output.shape + input.shape``.

``vectorize=True`` gives what torch's vmap over the standard basis gives: each row is the
backward of every flat output at once, with a one-hot gradient for the row's output element and
zeros for the rest; an input no output reaches gets zeros expanded over the rows (stride 0).
The forward-mode strategy (forward AD) is outside the subset.
"""

from ..engine import grad as _grad
from ..errors import unsupported as _unsupported
from ..grad_mode import enable_grad as _enable_grad
from ..registry import at as _at
from ..registry import namespace as _namespace
from ..tensor import Tensor as _Tensor

_namespace(__name__)


def _as_tuple(inp, arg_name, fn_name):
    """Whether ``inp`` was a tuple, and ``inp`` as a tuple of Tensors."""
    is_inp_tuple = isinstance(inp, tuple)
    if not is_inp_tuple:
        inp = (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, _Tensor):
            where = f"value at index {i}" if is_inp_tuple else f"given {arg_name}"
            raise TypeError(
                f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors but the"
                f" {where} has type {type(el)}."
            )
    return is_inp_tuple, inp


def _tuple_postprocess(res, to_unpack):
    if isinstance(to_unpack, tuple):
        if not to_unpack[1]:
            res = tuple(el[0] for el in res)
        if not to_unpack[0]:
            res = res[0]
    elif not to_unpack:
        res = res[0]
    return res


def _grad_preprocess(inputs, create_graph, need_graph):
    """New tensor objects for the inputs, requiring grad (a view when gradients must flow back to them)."""
    res = []
    for inp in inputs:
        if create_graph and inp._requires_grad:
            res.append(inp.view_as(inp))
        else:
            res.append(inp.detach().requires_grad_(need_graph))
    return tuple(res)


def _grad_postprocess(inputs, create_graph):
    if isinstance(inputs[0], _Tensor):
        return inputs if create_graph else tuple(inp.detach() for inp in inputs)
    return tuple(_grad_postprocess(inp, create_graph) for inp in inputs)


def _check_requires_grad(inputs, input_type, strict):
    if not strict:
        return
    for i, inp in enumerate(inputs):
        if inp is None:
            raise RuntimeError(
                f"The output of the user-provided function is independent of input {i}."
                " This is not allowed in strict mode."
            )
        if not inp._requires_grad:
            if input_type == "jacobian":
                raise RuntimeError(
                    "While computing the hessian, found that the jacobian of the user-provided"
                    f" function with respect to input {i} is independent of the input. This is not"
                    " allowed in strict mode. You should ensure that your function is twice"
                    " differentiable and that the jacobian depends on the inputs (this would be"
                    " violated by a linear function for example)."
                )
            raise RuntimeError(
                f"Output {i} of the user-provided function does not require gradients."
                " The outputs must be computed in a differentiable manner from the input"
                " when running in strict mode."
            )


def _autograd_grad(outputs, inputs, create_graph=False, retain_graph=None):
    """autograd.grad of the outputs that require grad (None for every input when none does)."""
    outputs = tuple(out for out in outputs if out is not None and out._requires_grad)
    if not outputs:
        return (None,) * len(inputs)
    return _grad(outputs, inputs, (None,) * len(outputs), allow_unused=True, create_graph=create_graph,
                 retain_graph=retain_graph)


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """The Jacobian of ``func`` at ``inputs``: for each output and input, ``output.shape + input.shape``."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError(
            'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
            'function has more outputs than inputs, "forward-mode" tends to be more performant. '
            'Otherwise, prefer to use "reverse-mode".'
        )
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError(
                "torch.autograd.functional.jacobian: `create_graph=True` "
                'and `strategy="forward-mode"` are not supported together (yet). '
                "Please either set `create_graph=False` or "
                '`strategy="reverse-mode"`.'
            )
        _check_forward_mode(strict, vectorize)
        raise _unsupported('torch.autograd.functional.jacobian(..., strategy="forward-mode")')
    with _enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jacobian")
        _check_requires_grad(outputs, "outputs", strict=strict)
        if vectorize:
            if strict:
                raise RuntimeError(
                    "torch.autograd.functional.jacobian: `strict=True` "
                    "and `vectorized=True` are not supported together. "
                    "Please either set `strict=False` or "
                    "`vectorize=False`."
                )
            return _vectorized_jacobian(outputs, inputs, create_graph, (is_outputs_tuple, is_inputs_tuple))
        jac = ()
        for i, out in enumerate(outputs):
            rows = tuple([] for _ in inputs)
            flat = out.reshape(-1)
            for j in range(out.numel()):
                vj = _autograd_grad((flat[j],), inputs, retain_graph=True, create_graph=create_graph)
                for el_idx, (rows_el, vj_el, inp_el) in enumerate(zip(rows, vj, inputs)):
                    if vj_el is not None:
                        if strict and create_graph and not vj_el._requires_grad:
                            raise RuntimeError(
                                "The jacobian of the user-provided function is "
                                f"independent of input {i}. This is not allowed in "
                                "strict mode when create_graph=True."
                            )
                        rows_el.append(vj_el)
                    else:
                        if strict:
                            raise RuntimeError(
                                f"Output {i} of the user-provided function is "
                                f"independent of input {el_idx}. This is not allowed in "
                                "strict mode."
                            )
                        rows_el.append(_at.zeros_like(inp_el))
            jac += (tuple(
                _at.stack(rows_el, 0).view(out.size() + inputs[el_idx].size())
                for el_idx, rows_el in enumerate(rows)
            ),)
        jac = _grad_postprocess(jac, create_graph)
        return _tuple_postprocess(jac, (is_outputs_tuple, is_inputs_tuple))


def _check_forward_mode(strict, vectorize):
    """What torch's _jacfwd refuses before it calls the function."""
    if strict:
        raise RuntimeError(
            "torch.autograd.functional.jacobian: `strict=True` "
            'and `strategy="forward-mode"` are not supported together (yet). '
            "Please either set `strict=False` or "
            '`strategy="reverse-mode"`.'
        )
    if not vectorize:
        raise NotImplementedError(
            "Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
            "only implemented for `vectorize=True`."  # (torch's words, without the space)
        )


def _vectorized_jacobian(outputs, inputs, create_graph, to_unpack):
    """torch's vmap path, one row at a time: row r backpropagates every flat output together, the
    gradient of the row's own output one-hot at its element, every other output's zero."""
    numels = [out.numel() for out in outputs]
    flat_outputs = tuple(out.reshape(-1) for out in outputs)
    total = sum(numels)
    rows = [[] for _ in inputs]
    for k, numel in enumerate(numels):
        for e in range(numel):
            grad_outputs = []
            for other, flat in enumerate(flat_outputs):
                g = _at.zeros_like(flat)
                if other == k:
                    g[e] = 1
                grad_outputs.append(g)
            reaching = [(flat, g) for flat, g in zip(flat_outputs, grad_outputs) if flat._requires_grad]
            if reaching:
                vj = _grad(tuple(f for f, _ in reaching), inputs, tuple(g for _, g in reaching), allow_unused=True,
                           retain_graph=True, create_graph=create_graph)
            else:
                vj = (None,) * len(inputs)
            for row, grad in zip(rows, vj):
                row.append(grad)
    per_input = []
    for row, inp in zip(rows, inputs):
        if all(grad is None for grad in row):
            whole = _at.zeros_like(inp).expand((total,) + tuple(inp.shape))
        else:
            whole = _at.stack([_at.zeros_like(inp) if grad is None else grad for grad in row], 0)
        per_input.append([jac.view(out.size() + inp.size()) for jac, out in zip(whole.split(numels, 0), outputs)])
    jac = _grad_postprocess(tuple(zip(*per_input)), create_graph)
    return _tuple_postprocess(jac, to_unpack)


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    """The Hessian of the scalar function ``func`` at ``inputs``: the jacobian of its jacobian."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def ensure_single_output_function(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, "outputs", strict=strict)
        if is_out_tuple or not isinstance(out, _Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.numel() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should contain a single element")
        return out.squeeze()

    def jac_func(*inp):
        jac = jacobian(ensure_single_output_function, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict=strict)
        return jac

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict, vectorize=vectorize,
                   strategy=outer_jacobian_strategy)
    return _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple))
