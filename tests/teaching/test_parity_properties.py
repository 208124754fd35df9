"""Property-based parity tests: random small programs must print the same text (or raise
the same exception) under real torch and under booktorch.

The program generator draws one operation at a time and runs it in booktorch to learn
the current shape, so most programs stay valid while still hitting the error paths
(bad views, out-of-range dims, shape mismatches) with some probability.
"""

import math

from hypothesis import given
from hypothesis import strategies as st

import booktorch
from parity import assert_same, examples, index_text, nested_text

PRELUDE = """\
def show(t):
    if isinstance(t, tuple):
        print(t)
        t = t[0]
    print(repr(t))
    print(t.shape, t.dtype, t.stride(), t.is_contiguous(), t.storage_offset(),
          t.untyped_storage().data_ptr() == base.untyped_storage().data_ptr())
    return t
"""

NICE_FLOATS = [0.0, 1.0, -1.0, 2.0, 0.5, -0.25, 3.0, 1.5, -4.0, 0.75, 8.0, -2.5, 6.0, 0.125]
SCI_FLOATS = [1e-05, -2.5e-06, 123456.0, 3e9, -7.5e-05, 0.0001, 1e8, 4096.5, 2.0 ** -20, 65504.0]
UGLY_FLOATS = [0.1, 1 / 3, -0.7, 2.718281828459045, 0.3, 1.1, -3.14159, 10.0 / 7, 0.2, 9.99]
SPECIAL_FLOATS = [math.inf, -math.inf, math.nan, -0.0]
INTS = list(range(-9, 10)) + [100, -250, 12345]


shapes = st.lists(st.integers(0, 4), min_size=0, max_size=4).map(tuple)
small_shapes = st.lists(st.integers(1, 3), min_size=0, max_size=3).map(tuple)


@st.composite
def values(draw, n, kind, pools=None):
    if kind == "int":
        return draw(st.lists(st.sampled_from(INTS), min_size=n, max_size=n))
    if kind == "bool":
        return draw(st.lists(st.booleans(), min_size=n, max_size=n))
    pools = pools or draw(
        st.sampled_from(
            [
                [NICE_FLOATS],
                [NICE_FLOATS, SCI_FLOATS],
                [NICE_FLOATS, UGLY_FLOATS],
                [UGLY_FLOATS],
                [SCI_FLOATS, UGLY_FLOATS],
                [NICE_FLOATS, SPECIAL_FLOATS],
            ]
        )
    )
    pool = [v for p in pools for v in p]
    return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))


def _numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


FLOAT_DTYPES = ["float32", "float32", "float32", "float64", "float16", "bfloat16"]
INT_DTYPES = ["int64", "int64", "int64", "int32", "int16", "int8", "uint8"]


@st.composite
def tensor_expr(draw, shape=None, kind=None, pools=None, dtype=None):
    """Source text of a tensor of ``shape``: a literal or an arange, of any dtype (made in float64 or
    int64 and converted with ``.to``, so that integers wrap as torch's casts do)."""
    shape = draw(shapes) if shape is None else shape
    kind = kind or draw(st.sampled_from(["float", "float", "int", "bool"]))
    if dtype is None:
        dtype = {"float": draw(st.sampled_from(FLOAT_DTYPES)), "int": draw(st.sampled_from(INT_DTYPES)),
                 "bool": "bool"}[kind]
    n = _numel(shape)
    how = draw(st.sampled_from(["literal", "literal", "arange"])) if kind != "bool" else "literal"
    to = "" if dtype in ("float32", "int64", "bool") else f".to(torch.{dtype})"
    if how == "arange" or n == 0:
        dt = "torch.float32" if kind == "float" else "torch.int64"
        div = draw(st.sampled_from(["", " / 3", " * 0.5", " - 2"])) if kind == "float" else ""
        return f"(torch.arange({n}, dtype={dt}){div}).reshape({shape!r}){to}"
    vals = draw(values(n, kind, pools))
    dt = {"float": "torch.float64" if to else "torch.float32", "int": "torch.int64", "bool": "torch.bool"}[kind]
    return f"torch.tensor({nested_text(vals, shape)}, dtype={dt}).reshape({shape!r}){to}"


def _factor_shapes(n, draw):
    """A random shape with n elements (possibly with one -1), or a random bad shape."""
    if draw(st.integers(0, 6)) == 0:
        bad = draw(st.lists(st.integers(-2, 5), min_size=0, max_size=3))
        return tuple(bad)
    dims = []
    rest = n
    for _ in range(draw(st.integers(0, 3))):
        divisors = [d for d in range(1, 5) if rest % d == 0] if rest else [0, 1, 2]
        d = draw(st.sampled_from(divisors))
        dims.append(d)
        if d:
            rest //= d
    if rest != 1 or not dims or draw(st.booleans()):
        dims.append(rest)
    order = draw(st.permutations(dims))
    order = list(order)
    if order and draw(st.integers(0, 3)) == 0:
        order[draw(st.integers(0, len(order) - 1))] = -1
    return tuple(order)


def _dim(draw, nd, extra=0):
    lo, hi = -max(nd, 1) - extra, max(nd, 1) - 1 + extra
    if draw(st.integers(0, 9)) == 0:
        return draw(st.integers(lo - 1, hi + 1))
    return draw(st.integers(lo, hi))


def _broadcast_partner(draw, shape):
    if draw(st.integers(0, 7)) == 0:
        return draw(shapes)
    s = list(shape)
    drop = draw(st.integers(0, len(s)))
    s = s[drop:]
    s = [1 if draw(st.integers(0, 3)) == 0 else d for d in s]
    if draw(st.integers(0, 4)) == 0:
        s = [draw(st.integers(1, 2))] + s
    return tuple(s)


def _exact_friendly(x):
    """True when every float product and sum of x's values is exact in float32.

    Matrix products are then independent of the BLAS accumulation order, which
    booktorch reproduces for most but not all layouts (see booktorch.ops.linalg);
    float16 and bfloat16 products accumulate in float32 and round, and match.
    """
    if x.dtype not in (booktorch.float32, booktorch.float64):
        return True
    for v in x.reshape(-1).tolist():
        if not math.isfinite(v) or abs(v) > 4096 or (v * 256) != int(v * 256):
            return False
    return True


@st.composite
def operation(draw, x):
    shape = tuple(x.shape)
    nd = len(shape)
    n = _numel(shape)
    kind = draw(
        st.sampled_from(
            [
                "view", "reshape", "permute", "transpose", "t", "T", "mT", "unsqueeze", "squeeze", "squeeze_dim",
                "expand", "binop", "binop", "scalar_op", "rscalar_op", "pow", "matmul", "matmul", "sum", "sum_dim",
                "mean", "mean_dim", "max", "max_dim", "argmax", "index", "index", "setitem", "contiguous",
                "flatten", "compare", "neg", "clone", "inplace", "to", "to",
            ]
        )
    )
    if kind == "view":
        return f"x = show(x.view({_factor_shapes(n, draw)!r}))"
    if kind == "reshape":
        return f"x = show(x.reshape({_factor_shapes(n, draw)!r}))"
    if kind == "permute":
        perm = list(draw(st.permutations(list(range(nd)))))
        if draw(st.integers(0, 6)) == 0:
            perm = draw(st.lists(st.integers(-nd - 1, nd), min_size=0, max_size=nd + 1))
        elif perm and draw(st.booleans()):
            perm = [p - nd if draw(st.booleans()) else p for p in perm]
        return f"x = show(x.permute({tuple(perm)!r}))"
    if kind == "transpose":
        return f"x = show(x.transpose({_dim(draw, nd)}, {_dim(draw, nd)}))"
    if kind == "t":
        return "x = show(x.t())"
    if kind == "T":
        return "x = show(x.T)"
    if kind == "mT":
        return "x = show(x.mT)"
    if kind == "unsqueeze":
        return f"x = show(x.unsqueeze({_dim(draw, nd + 1)}))"
    if kind == "squeeze":
        return "x = show(x.squeeze())"
    if kind == "squeeze_dim":
        return f"x = show(x.squeeze({_dim(draw, nd)}))"
    if kind == "expand":
        sizes = [(-1 if draw(st.booleans()) else s) if s != 1 else draw(st.integers(0, 3)) for s in shape]
        lead = draw(st.lists(st.integers(1, 3), max_size=2))
        sizes = lead + sizes
        if draw(st.integers(0, 6)) == 0:
            sizes = draw(st.lists(st.integers(-1, 3), max_size=4))
        return f"x = show(x.expand({tuple(sizes)!r}))"
    if kind == "binop":
        other = draw(tensor_expr(shape=_broadcast_partner(draw, shape)))
        op = draw(st.sampled_from(["+", "-", "*", "/"]))
        if draw(st.booleans()):
            return f"x = show(x {op} {other})"
        return f"x = show({other} {op} x)"
    if kind == "scalar_op":
        op = draw(st.sampled_from(["+", "-", "*", "/"]))
        s = draw(st.sampled_from([2, -3, 0, 1.5, 0.1, True, 1e-05, 1000.0]))
        return f"x = show(x {op} {s!r})"
    if kind == "rscalar_op":
        op = draw(st.sampled_from(["+", "-", "*", "/"]))
        s = draw(st.sampled_from([2, -3, 1.5, 0.1, 10.0]))
        return f"x = show({s!r} {op} x)"
    if kind == "pow":
        e = draw(st.sampled_from([0, 1, 2, 3, -1, -2, 0.5, 2.0, 1.5]))
        return f"x = show(x ** {e!r})"
    if kind == "matmul" and not _exact_friendly(x):
        kind = "sum"
    if kind == "matmul":
        last = shape[-1] if shape else 2
        k = last if draw(st.integers(0, 4)) else draw(st.integers(0, 4))
        rank = draw(st.integers(1, 3))
        if rank == 1:
            oshape = (k,)
        else:
            oshape = tuple(draw(st.lists(st.integers(1, 3), min_size=rank - 2, max_size=rank - 2))) + (
                k, draw(st.integers(0, 3)))
        okind = "float" if x.dtype.is_floating_point else ("bool" if x.dtype is booktorch.bool else "int")
        odtype = str(x.dtype).replace("torch.", "")
        if draw(st.integers(0, 8)) == 0:
            okind, odtype = ("int", None) if okind == "float" else ("float", None)
        other = draw(tensor_expr(shape=oshape, kind=okind, pools=[NICE_FLOATS], dtype=odtype))
        if draw(st.integers(0, 3)) == 0:
            return f"x = show({other} @ x)"
        return f"x = show(x @ {other})"
    if kind == "sum":
        return "x = show(x.sum())"
    if kind == "sum_dim":
        if nd > 1 and draw(st.booleans()):
            dims = tuple(draw(st.lists(st.integers(-nd, nd - 1), min_size=1, max_size=nd, unique_by=lambda d: d % nd)))
            return f"x = show(x.sum({dims!r}, keepdim={draw(st.booleans())}))"
        return f"x = show(x.sum({_dim(draw, nd)}, keepdim={draw(st.booleans())}))"
    if kind == "mean":
        return "x = show(x.mean())"
    if kind == "mean_dim":
        return f"x = show(x.mean({_dim(draw, nd)}, keepdim={draw(st.booleans())}))"
    if kind == "max":
        return f"x = show(x.{draw(st.sampled_from(['max', 'min']))}())"
    if kind == "max_dim":
        return f"x = show(x.{draw(st.sampled_from(['max', 'min']))}({_dim(draw, nd)}, keepdim={draw(st.booleans())}))"
    if kind == "argmax":
        if draw(st.integers(0, 3)) == 0:
            return "x = show(x.argmax())"
        return f"x = show(x.{draw(st.sampled_from(['argmax', 'argmin']))}({_dim(draw, nd)}))"
    if kind == "index":
        return f"x = show(x[{index_text(draw, shape)}])"
    if kind == "setitem":
        idx = index_text(draw, shape)
        val = draw(st.sampled_from([7, -1.5, 0.25, True]))
        return f"x[{idx}] = {val!r}; show(x); show(base)"
    if kind == "inplace":
        op = draw(st.sampled_from(["+=", "-=", "*=", "/="]))
        if draw(st.booleans()):
            other = draw(tensor_expr(shape=_broadcast_partner(draw, shape)))
        else:
            other = repr(draw(st.sampled_from([2, 0.5, -1, True])))
        return f"x {op} {other}; show(x); show(base)"
    if kind == "contiguous":
        return "x = show(x.contiguous())"
    if kind == "clone":
        return "x = show(x.clone())"
    if kind == "flatten":
        return f"x = show(x.flatten({_dim(draw, nd)}, {_dim(draw, nd)}))"
    if kind == "compare":
        op = draw(st.sampled_from(["<", ">", "==", ">=", "!="]))
        return f"x = show(x {op} {draw(st.sampled_from([0, 1.5, 2]))!r})"
    if kind == "neg":
        return "x = show(-x)"
    if kind == "to":
        form = draw(st.sampled_from(["to", "to", "method", "type"]))
        name = draw(st.sampled_from(FLOAT_DTYPES + INT_DTYPES + ["bool"]))
        if form == "method":
            method = {"float32": "float", "float64": "double", "float16": "half", "bfloat16": "bfloat16",
                      "int64": "long", "int32": "int", "int16": "short", "int8": "char", "uint8": "byte",
                      "bool": "bool"}[name]
            return f"x = show(x.{method}())"
        if form == "type":
            return f"x = show(x.type(torch.{name}))"
        return f"x = show(x.to(torch.{name}))"
    raise AssertionError(kind)


def _run_booktorch(ns, src):
    try:
        exec(src, ns)
        return True
    except Exception:  # noqa: BLE001 - an error ends the program; both libraries must agree on it
        return False


def random_program(data, step, most_steps, prelude=PRELUDE):
    """A program: a random tensor (or a view of it), then up to ``most_steps`` lines drawn by
    ``step(x)`` from the value so far (run under booktorch as it grows); it stops at an error."""
    import io
    from contextlib import redirect_stdout

    first = data.draw(tensor_expr())
    view = data.draw(st.sampled_from(["", "", ".T", "[..., ::2]", ".unsqueeze(0).expand(2, *base.shape)"]))
    lines = [prelude, f"base = {first}", f"x = show(base{view})" if view else "x = show(base)"]
    ns = {"torch": booktorch}
    with redirect_stdout(io.StringIO()):
        ok = _run_booktorch(ns, "\n".join(lines))
        for _ in range(data.draw(st.integers(1, most_steps))):
            if not ok:
                break
            line = data.draw(step(ns["x"]))
            lines.append(line)
            ok = _run_booktorch(ns, line)
    return "\n".join(lines) + "\n"


@examples(300)
@given(st.data())
def test_random_programs(data):
    assert_same(random_program(data, operation, 5))


# ------------------------------------------------------------------ autograd expressions
@st.composite
def expr(draw, depth=0):
    if depth >= 3 or draw(st.integers(0, 3)) == 0:
        if draw(st.integers(0, 2)):
            return "x"
        return repr(draw(st.sampled_from([2, 3, -1, 0.5, 1.5, -2.5, 10])))
    kind = draw(st.sampled_from(["bin", "bin", "bin", "pow", "neg"]))
    if kind == "bin":
        op = draw(st.sampled_from(["+", "-", "*", "/"]))
        return f"({draw(expr(depth + 1))} {op} {draw(expr(depth + 1))})"
    if kind == "pow":
        return f"({draw(expr(depth + 1))} ** {draw(st.integers(0, 3))})"
    return f"(-{draw(expr(depth + 1))})"


GRAPH_WALK = """
def walk(g, d=0):
    if g is None:
        return
    print(' ' * d + g.name())
    for n, _ in g.next_functions:
        walk(n, d + 2)
"""


@examples(200)
@given(st.data())
def test_random_autograd_expressions(data):
    e = data.draw(expr())
    if "x" not in e:
        e = f"({e} * x)"
    vector = data.draw(st.booleans())
    if vector:
        vals = data.draw(st.lists(st.sampled_from(NICE_FLOATS + UGLY_FLOATS + [0.001, 250.0]), min_size=2, max_size=3))
        x_src = f"torch.tensor({vals!r}, requires_grad=True)"
        y_src = f"({e}).sum()" if data.draw(st.booleans()) else f"({e}).mean()"
    else:
        x_src = f"torch.tensor({data.draw(st.sampled_from(NICE_FLOATS + UGLY_FLOATS + [0.001, 250.0]))!r}, requires_grad=True)"
        y_src = e
    dtype = data.draw(st.sampled_from(FLOAT_DTYPES))
    if dtype != "float32":
        x_src = x_src.replace(", requires_grad=True)", f", dtype=torch.{dtype}, requires_grad=True)")
    twice = data.draw(st.booleans())
    src = GRAPH_WALK + f"""
x = {x_src}
y = {y_src}
print(y)
walk(y.grad_fn)
y.backward(retain_graph={twice})
print(x.grad)
"""
    if twice:
        src += "y.backward()\nprint(x.grad)\ny.backward()\n"
    assert_same(src)
