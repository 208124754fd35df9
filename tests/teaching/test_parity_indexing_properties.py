"""Property-based parity tests for indexing, joining and splitting: random programs must print the same
text (or raise the same exception) under real torch and under booktorch.

- random ``x[index]`` reads and ``x[index] = value`` writes, the index mixing ints, slices (steps, negative
  bounds), None, ``...``, lists, int64 and int32 index tensors and bool masks, on tensors of any dtype and
  on views, occasionally out of range or of the wrong shape;
- the same through autograd (IndexBackward0, IndexPutBackward0, CopySlices), gradients compared;
- gather, take_along_dim, scatter, scatter_add, index_select, index_add, index_fill, index_copy, take, put,
  masked_fill and masked_select with random dims and indices, with gradients;
- cat, stack and the *stack functions on random lists of tensors (dtypes promoted), split, chunk and unbind
  (several outputs of one backward node), tensor_split and hsplit/vsplit/dsplit, flip, roll, repeat, tile,
  repeat_interleave, movedim, flatten, ravel and unflatten, with gradients.

As in test_parity_properties.py, each program is built step by step in booktorch to learn the shapes.
"""

import io
from contextlib import redirect_stdout

from hypothesis import given
from hypothesis import strategies as st

import booktorch
from parity import ADVANCED_INDEX_KINDS, assert_same, examples, index_text, int_list, nested_text
from test_parity_properties import FLOAT_DTYPES, INT_DTYPES, NICE_FLOATS, tensor_expr

PRELUDE = """\
def show(t):
    if isinstance(t, tuple):
        print(len(t))
        for u in t:
            show(u)
        return t
    print(repr(t))
    print(t.shape, t.dtype, t.stride(), t.is_contiguous(), t.storage_offset(),
          t.untyped_storage().data_ptr() == base.untyped_storage().data_ptr(),
          t.grad_fn.name() if t.grad_fn is not None else None, t.output_nr)
    return t
def walk(g, d=0):
    if g is None:
        return
    print(' ' * d + g.name())
    for n, _ in g.next_functions:
        walk(n, d + 2)
"""

small_shapes = st.lists(st.integers(0, 3), min_size=1, max_size=3).map(tuple)


def _learn(lines):
    """Run the program so far in booktorch; its namespace, or None when it raised."""
    ns = {"torch": booktorch}
    with redirect_stdout(io.StringIO()):
        try:
            exec("\n".join(lines), ns)
        except Exception:  # noqa: BLE001 - the program ends at its first error, in both libraries
            return None
    return ns


def _start(draw):
    first = draw(tensor_expr(shape=draw(small_shapes)))
    view = draw(st.sampled_from(["base", "base", "base", "base.t() if base.dim() == 2 else base", "base[..., ::2]",
                                 "base.unsqueeze(0).expand(2, *base.shape)"]))
    return [PRELUDE, f"base = {first}", f"x = show({view})"]


@examples(250)
@given(st.data())
def test_random_indexing_reads_and_writes(data):
    lines = _start(data.draw)
    ns = _learn(lines)
    for _ in range(data.draw(st.integers(1, 3))):
        if ns is None:
            break
        x = ns["x"]
        idx = index_text(data.draw, tuple(x.shape), ADVANCED_INDEX_KINDS)
        if data.draw(st.booleans()):
            line = f"y = show(x[{idx}])"
        else:
            probe = _learn(lines + [f"y = x[{idx}]"])
            target = tuple(probe["y"].shape) if probe else ()
            dt = str(x.dtype).replace("torch.", "")
            form = data.draw(st.sampled_from(["scalar", "same", "broadcast", "other_dtype", "wrong"]))
            if form == "scalar":
                value = repr(data.draw(st.sampled_from([0, 7, -1.5, 0.25, True, 300])))
            else:
                vshape = {"same": target, "other_dtype": target, "broadcast": target[1:] if target else (),
                          "wrong": (len(target) + 2,)}[form]
                vdt = dt if form != "other_dtype" else data.draw(st.sampled_from(FLOAT_DTYPES + INT_DTYPES + ["bool"]))
                kind = "bool" if vdt == "bool" else ("float" if vdt in FLOAT_DTYPES else "int")
                value = data.draw(tensor_expr(shape=vshape, kind=kind, dtype=vdt))
            line = f"x[{idx}] = {value}; show(x); show(base)"
        lines.append(line)
        ns = _learn(lines)
    assert_same("\n".join(lines) + "\n")


@examples(150)
@given(st.data())
def test_random_indexing_gradients(data):
    shape = data.draw(st.lists(st.integers(1, 3), min_size=1, max_size=3).map(tuple))
    dtype = data.draw(st.sampled_from(["float32", "float32", "float64"]))
    src = data.draw(tensor_expr(shape=shape, kind="float", pools=[NICE_FLOATS], dtype=dtype))
    lines = [PRELUDE, f"base = {src}.requires_grad_()", "x = base * 1"]
    idx = index_text(data.draw, shape, ADVANCED_INDEX_KINDS)
    if data.draw(st.booleans()):
        lines.append(f"y = show(x[{idx}])")
    else:
        probe = _learn(lines + [f"t = x[{idx}]"])
        target = tuple(probe["t"].shape) if probe else ()
        vshape = data.draw(st.sampled_from([target, target[1:] if target else (), ()]))
        value = data.draw(tensor_expr(shape=vshape, kind="float", pools=[NICE_FLOATS], dtype=dtype))
        lines.append(f"v = {value}.requires_grad_()")
        lines.append(f"x[{idx}] = v; y = show(x)")
    lines.append("walk(y.grad_fn)")
    lines.append("(y * torch.arange(1., y.numel() + 1, dtype=y.dtype).reshape(y.shape)).sum().backward()")
    lines.append("print(base.grad, v.grad if 'v' in dir() else None)")
    assert_same("\n".join(lines) + "\n")


@st.composite
def gather_scatter_line(draw, shape, nd):
    dim = draw(st.integers(-nd, nd - 1)) if nd else 0
    size = shape[dim] if nd else 1
    op = draw(st.sampled_from(["gather", "scatter", "scatter_value", "scatter_add", "index_select", "index_add",
                               "take", "put", "masked_fill", "masked_select", "nonzero", "where", "take_along_dim",
                               "index_fill", "index_copy"]))
    ishape = tuple(draw(st.integers(0, s)) for s in shape) if nd else ()
    if ishape and draw(st.booleans()):
        ishape = ishape[:dim % nd] + (draw(st.integers(0, 4)),) + ishape[dim % nd + 1:]
    n = 1
    for s in ishape:
        n *= s
    vals = [draw(st.integers(0, max(size - 1, 0))) for _ in range(n)]
    if vals and draw(st.integers(0, 9)) == 0:
        vals[0] = size
    index = f"torch.tensor({nested_text(vals, ishape) if ishape else (vals[0] if vals else 0)}).reshape({ishape!r})"
    k = draw(st.integers(0, 3))
    flat = f"torch.tensor({int_list(draw, 1, 0) or [draw(st.integers(-2, 1)) for _ in range(k)]}, dtype=torch.long)"
    if op == "gather":
        return f"y = show(x.gather({dim}, {index}))"
    if op == "take_along_dim":  # indices broadcast against x, negative or past the end wrapped
        wide = [draw(st.integers(-size - 1, 2 * size)) for _ in range(n)]
        along = f"torch.tensor({nested_text(wide, ishape) if ishape else (wide[0] if wide else 0)}).reshape({ishape!r})"
        if ishape and draw(st.booleans()):
            along += f"[{', '.join(draw(st.sampled_from([':', ':1'])) for _ in ishape)}]"
        return f"y = show(x.take_along_dim({along}{', ' + str(dim) if nd and draw(st.integers(0, 3)) else ''}))"
    if op == "scatter":
        return f"y = show(x.scatter({dim}, {index}, (x * 1 + 5).expand_as(x) if {ishape!r} == tuple(x.shape) else torch.ones({ishape!r}, dtype=x.dtype)))"
    if op == "scatter_value":
        return f"y = show(x.scatter({dim}, {index}, {draw(st.sampled_from([0.5, -2, 3]))}))"
    if op == "scatter_add":
        return f"y = show(x.scatter_add({dim}, {index}, torch.arange(float({n})).reshape({ishape!r}).to(x.dtype)))"
    one = [draw(st.integers(0, max(size - 1, 0))) for _ in range(draw(st.integers(0, 4)))]
    if op == "index_select":
        return f"y = show(x.index_select({dim}, torch.tensor({one}, dtype=torch.long)))"
    if op == "index_add":
        src_shape = list(shape)
        if nd:
            src_shape[dim] = len(one)
        return (f"y = show(x.index_add({dim}, torch.tensor({one}, dtype=torch.long), "
                f"torch.ones({tuple(src_shape)!r}, dtype=x.dtype) * 0.5, alpha={draw(st.sampled_from([1, 2]))}))")
    if op == "index_fill":
        value = draw(st.sampled_from(["-1.5", "7", "True", "torch.tensor(2.5, requires_grad=True)", "torch.tensor([1.])"]))
        return f"y = show(x.index_fill({dim}, torch.tensor({one}, dtype=torch.long), {value}))"
    if op == "index_copy":
        src_shape = list(shape)
        if nd:
            src_shape[dim] = len(one)
        k = 1
        for size_k in src_shape:
            k *= size_k
        source = f"(torch.arange(1., {k + 1}.).reshape({tuple(src_shape)!r}) * 0.5).to(x.dtype).requires_grad_()"
        return f"y = show(x.index_copy({dim}, torch.tensor({one}, dtype=torch.long), {source}))"
    if op == "take":
        return f"y = show(x.take({flat}))"
    if op == "put":
        acc = draw(st.booleans())
        return f"y = show(x.put({flat}, torch.arange(float({flat}.numel())).to(x.dtype), accumulate={acc}))"
    if op == "masked_fill":
        return "y = show(x.masked_fill(x > 1, -1.))"
    if op == "masked_select":
        return "y = show(x.masked_select(x > 0))"
    if op == "nonzero":
        return "show(x.nonzero()); show(torch.where(x > 0)); y = show(x * 2)"
    return "y = show(x[torch.where(x > 0)])"


@examples(150)
@given(st.data())
def test_random_gather_scatter_gradients(data):
    shape = data.draw(st.lists(st.integers(1, 3), min_size=0, max_size=3).map(tuple))
    dtype = data.draw(st.sampled_from(["float32", "float64"]))
    src = data.draw(tensor_expr(shape=shape, kind="float", pools=[NICE_FLOATS], dtype=dtype))
    lines = [PRELUDE, f"base = {src}.requires_grad_()", "x = base * 1"]
    lines.append(data.draw(gather_scatter_line(shape, len(shape))))
    lines.append("walk(y.grad_fn)")
    lines.append("if y.requires_grad: (y * torch.arange(1., y.numel() + 1, dtype=y.dtype).reshape(y.shape)).sum().backward()")
    lines.append("print(base.grad)")
    assert_same("\n".join(lines) + "\n")


@st.composite
def join_split_line(draw, shape, nd):
    dim = draw(st.integers(-nd - 1, nd)) if nd else 0
    op = draw(st.sampled_from(["cat", "stack", "hstack", "vstack", "dstack", "split", "split_sizes", "chunk", "unbind",
                               "flip", "roll", "repeat", "tile", "interleave", "movedim", "flatten", "unflatten",
                               "narrow", "tensor_split", "hsplit", "ravel"]))
    if op in ("cat", "stack"):
        other = list(shape)
        if other and draw(st.integers(0, 3)):
            other[dim % nd] = draw(st.integers(0, 3)) if op == "cat" else other[dim % nd]
        dt = draw(st.sampled_from(["float32", "float64", "float16", "int64", "bool"]))
        kind = "bool" if dt == "bool" else ("int" if dt == "int64" else "float")
        t = draw(tensor_expr(shape=tuple(other), kind=kind, pools=[NICE_FLOATS], dtype=dt))
        return f"y = show(torch.{op}([x, {t}, x * 2], {dim}))"
    if op in ("hstack", "vstack", "dstack"):
        return f"y = show(torch.{op}([x, x.flip(0) if x.dim() else x]))"
    if op == "split":
        return f"y = show(x.split({draw(st.integers(0, 3))}, {dim}))"
    if op == "split_sizes":
        size = shape[dim] if nd and -nd <= dim < nd else 2
        cut = draw(st.integers(0, size))
        sizes = [cut, size - cut] if draw(st.integers(0, 5)) else [cut, size]
        return f"y = show(x.split({sizes}, {dim}))"
    if op == "tensor_split":
        if draw(st.booleans()):
            return f"y = show(x.tensor_split({draw(st.integers(0, 4))}, {dim}))"
        cuts = draw(st.lists(st.integers(-4, 5), max_size=3))
        return f"y = show(x.tensor_split({cuts!r}, {dim}))"
    if op == "hsplit":
        how = draw(st.one_of(st.integers(0, 3), st.lists(st.integers(-3, 4), max_size=2)))
        return f"y = show(torch.{draw(st.sampled_from(['hsplit', 'vsplit', 'dsplit']))}(x, {how!r}))"
    if op == "ravel":
        return "y = show(x.ravel())"
    if op == "chunk":
        return f"y = show(x.chunk({draw(st.integers(0, 4))}, {dim}))"
    if op == "unbind":
        return f"y = show(x.unbind({dim}))"
    if op == "flip":
        dims = draw(st.lists(st.integers(-max(nd, 1), max(nd, 1) - 1), max_size=nd, unique=True))
        return f"y = show(x.flip({tuple(dims)!r}))"
    if op == "roll":
        if draw(st.booleans()):
            return f"y = show(x.roll({draw(st.integers(-5, 5))}))"
        return f"y = show(x.roll(({draw(st.integers(-5, 5))}, {draw(st.integers(-3, 3))}), (0, {dim})))"
    if op == "repeat":
        reps = draw(st.lists(st.integers(0, 3), min_size=nd, max_size=nd + 1))
        return f"y = show(x.repeat({tuple(reps)!r}))"
    if op == "tile":
        reps = draw(st.lists(st.integers(1, 3), min_size=0, max_size=nd + 1))
        return f"y = show(x.tile({tuple(reps)!r}))"
    if op == "interleave":
        if draw(st.booleans()):
            return f"y = show(x.repeat_interleave({draw(st.integers(0, 3))}{', ' + str(dim) if nd and draw(st.booleans()) else ''}))"
        size = shape[dim] if nd and -nd <= dim < nd else 1
        reps = [draw(st.integers(0, 2)) for _ in range(size)]
        return f"y = show(x.repeat_interleave(torch.tensor({reps}, dtype=torch.long), {dim}))"
    if op == "movedim":
        return f"y = show(x.movedim({dim}, {draw(st.integers(-max(nd, 1), max(nd, 1) - 1))}))"
    if op == "flatten":
        return f"y = show(x.flatten({draw(st.integers(-max(nd, 1), max(nd, 1) - 1))}, {dim}))"
    if op == "unflatten" and nd:  # (torch's message for a 0-d tensor carries a C++ stack trace)
        size = shape[dim] if nd and -nd <= dim < nd else 1
        return f"y = show(x.unflatten({dim}, {draw(st.sampled_from([(size,), (1, size), (size, 1), (-1, 1), (2, -1)]))!r}))"
    size = shape[dim] if nd and -nd <= dim < nd else 1
    if op == "unflatten":
        return "y = show(x.unflatten(0, (1,)) if x.dim() else x * 1)"
    return f"y = show(x.narrow({dim}, {draw(st.integers(-size, size))}, {draw(st.integers(0, size))}))"


@examples(200)
@given(st.data())
def test_random_join_split_gradients(data):
    shape = data.draw(st.lists(st.integers(0, 3), min_size=0, max_size=3).map(tuple))
    dtype = data.draw(st.sampled_from(["float32", "float64", "float16"]))
    src = data.draw(tensor_expr(shape=shape, kind="float", pools=[NICE_FLOATS], dtype=dtype))
    view = data.draw(st.sampled_from(["base * 1", "(base * 1).t() if base.dim() == 2 else base * 1", "(base * 1)[..., ::2]"]))
    lines = [PRELUDE, f"base = {src}.requires_grad_()", f"x = {view}"]
    lines.append(data.draw(join_split_line(shape, len(shape))))
    lines.append("outs = y if isinstance(y, tuple) else (y,)")
    lines.append("walk(outs[0].grad_fn if outs else None)")
    lines.append("loss = sum(((o.float() * torch.arange(1., o.numel() + 1).reshape(o.shape)).sum() for o in outs[::2] "
                 "if o.requires_grad), torch.tensor(0.))")
    lines.append("if loss.requires_grad: loss.backward()")
    lines.append("print(base.grad)")
    assert_same("\n".join(lines) + "\n")
