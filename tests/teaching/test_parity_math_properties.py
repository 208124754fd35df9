"""Property-based parity of the elementwise math and the reductions: random programs (tensors of every
dtype and layout, then a few operations with random arguments) and random differentiable expressions
through them, printed and differentiated under torch and under booktorch.

The tensors and their printing come from ``test_parity_properties`` (the phase-1 generator); here the
operations are this area's: binary ops with ``alpha``/``rounding_mode``, ``// % fmod``, bitwise and
logical ops, comparisons, the one-input functions, rounding, clamp, where, maximum/minimum, nan_to_num,
lerp/addcmul/addcdiv, in-place forms, and every reduction with random ``dim``/``keepdim``/``dtype``.
"""


from hypothesis import given
from hypothesis import strategies as st

from parity import assert_same, examples
from test_parity_properties import NICE_FLOATS, UGLY_FLOATS, _broadcast_partner, random_program, tensor_expr

BINARY = ["+", "-", "*", "/", "//", "%", "&", "|", "^", "<<", ">>", "==", "!=", "<", "<=", ">", ">="]
BINARY_CALLS = ["torch.add({a}, {b}, alpha={alpha})", "torch.sub({a}, {b}, alpha={alpha})", "torch.div({a}, {b}, rounding_mode={mode})",
                "torch.fmod({a}, {b})", "torch.remainder({a}, {b})", "torch.maximum({a}, {b})", "torch.minimum({a}, {b})",
                "torch.fmax({a}, {b})", "torch.logical_and({a}, {b})", "torch.logical_xor({a}, {b})", "torch.bitwise_or({a}, {b})",
                "torch.copysign({a}, {b})", "torch.xlogy({a}, {b})"]
UNARY = ["abs", "neg", "sign", "exp", "log", "log2", "log1p", "expm1", "sqrt", "rsqrt", "sin", "cos", "tanh", "sigmoid", "relu",
         "floor", "ceil", "round", "trunc", "frac", "isnan", "isinf", "isfinite", "nan_to_num", "logical_not", "bitwise_not",
         "square", "reciprocal", "erf", "sinh", "cosh", "asinh", "atanh", "exp2", "lgamma", "digamma", "sgn", "deg2rad",
         "signbit", "angle", "sinc"]
ACTIVATIONS = ["torch.nn.functional.gelu({x})", "torch.nn.functional.gelu({x}, approximate='tanh')",
               "torch.nn.functional.silu({x})", "torch.nn.functional.softplus({x}, beta=2, threshold=3)"]
REDUCTIONS = ["sum", "mean", "prod", "amax", "amin", "max", "min", "argmax", "argmin", "std", "var", "norm", "cumsum", "cumprod",
              "all", "any", "count_nonzero", "median", "nanmedian", "mode", "sort", "argsort", "topk", "unique"]


NUMBERS = st.sampled_from([2, -3, 0, 1, 1.5, 0.1, -0.5, True, 1e-05, 1000.0, 7]).map(repr)


def _dim(draw, nd):
    if draw(st.integers(0, 9)) == 0:
        return draw(st.integers(-nd - 2, nd + 1))
    return draw(st.integers(-max(nd, 1), max(nd, 1) - 1))


@st.composite
def elementwise(draw, x):
    shape = tuple(x.shape)
    kind = draw(st.sampled_from(["binary", "binary", "call", "unary", "unary", "activation", "round", "clamp", "where",
                                 "lerp", "addc", "inplace"]))
    other = draw(st.one_of(NUMBERS, tensor_expr(shape=_broadcast_partner(draw, shape))))
    if kind == "binary":
        op = draw(st.sampled_from(BINARY))
        return f"x = show(x {op} {other})" if draw(st.booleans()) else f"x = show({other} {op} x)"
    if kind == "call":
        call = draw(st.sampled_from(BINARY_CALLS))
        alpha = draw(st.sampled_from(["1", "2", "0.5", "-1", "True"]))
        mode = draw(st.sampled_from(["None", "'floor'", "'trunc'"]))
        return "x = show(" + call.format(a="x", b=other, alpha=alpha, mode=mode) + ")"
    if kind == "unary":
        name = draw(st.sampled_from(UNARY))
        return f"x = show(x.{name}())" if draw(st.booleans()) else f"x = show(torch.{name}(x))"
    if kind == "activation":
        return "x = show(" + draw(st.sampled_from(ACTIVATIONS)).format(x="x") + ")"
    if kind == "round":
        return f"x = show(x.round(decimals={draw(st.integers(-1, 3))}))"
    if kind == "clamp":
        lo = draw(st.sampled_from(["None", "0", "-1.5", "2", other]))
        hi = draw(st.sampled_from(["None", "1", "3.5", other]))
        return f"x = show(x.clamp({lo}, {hi}))"
    if kind == "where":
        return f"x = show(torch.where(x > 0, x, {other}))"
    if kind == "lerp":
        return f"x = show(torch.lerp(x, x * 2 + 1, {draw(st.sampled_from(['0.3', '0.8', '-0.25', 'x.abs() / 10']))}))"
    if kind == "addc":
        fn = draw(st.sampled_from(["addcmul", "addcdiv"]))
        return f"x = show(torch.{fn}(x, x, x + 1.5, value={draw(st.sampled_from(['1', '0.5', '-2']))}))"
    op = draw(st.sampled_from(["+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|="]))
    return f"x {op} {other}; show(x); show(base)"


@st.composite
def reduction(draw, x):
    shape = tuple(x.shape)
    nd = len(shape)
    name = draw(st.sampled_from(REDUCTIONS))
    dim = _dim(draw, nd)
    keep = draw(st.booleans())
    if nd > 1 and draw(st.booleans()):
        dims = tuple(draw(st.lists(st.integers(-nd, nd - 1), min_size=1, max_size=nd, unique_by=lambda d: d % nd)))
    else:
        dims = dim
    if name in ("sum", "mean", "amax", "amin", "std", "var", "all", "any", "count_nonzero"):
        form = draw(st.sampled_from(["()", f"({dims!r})", f"({dims!r}, keepdim={keep})", "(dim=())"]))
        if name in ("sum", "mean") and draw(st.integers(0, 4)) == 0:
            form = f"({dims!r}, dtype=torch.{draw(st.sampled_from(['float64', 'float32', 'int64', 'float16']))})"
        if name in ("std", "var") and draw(st.booleans()):
            form = f"({dims!r}, correction={draw(st.sampled_from([0, 1, 2, 0.5]))}, keepdim={keep})"
        if name == "count_nonzero" and "keepdim" in form:
            form = f"({dims!r})"
        return f"x = show(x.{name}{form})"
    if name == "norm":
        p = draw(st.sampled_from(["2", "1", "0", "3", "0.5", "float('inf')", "'fro'"]))
        return f"x = show(x.norm({p}, {dims!r}, {keep}))"
    if name in ("prod", "cumsum", "cumprod", "argmax", "argmin", "max", "min", "median", "nanmedian", "mode", "sort", "argsort"):
        args = "()" if name in ("prod", "max", "min", "median", "nanmedian", "argmax", "argmin", "mode", "sort",
                                 "argsort") and draw(st.booleans()) else f"({dim})"
        if name in ("prod", "max", "min", "median", "nanmedian", "mode", "argmax", "argmin") and args != "()":
            args = f"({dim}, keepdim={keep})"
        if name in ("sort", "argsort"):
            if args != "()":  # stable= makes dim keyword-only (torch's sort.stable overload)
                args = draw(st.sampled_from([f"({dim}, {keep})", f"(dim={dim}, descending={keep}, stable={draw(st.booleans())})",
                                             f"(stable=True, descending={keep})"]))
        return f"x = show(x.{name}{args})"
    if name == "topk":
        size = shape[dim] if nd and -nd <= dim < nd else 1
        k = draw(st.integers(0, max(size, 0) + (1 if draw(st.integers(0, 9)) == 0 else 0)))
        return f"x = show(x.topk({k}, {dim}, largest={keep}, sorted={draw(st.booleans())}))"
    if draw(st.booleans()):  # unique
        return "x = show(torch.unique(x, return_inverse=True, return_counts=True)[0])"
    return f"x = show(torch.unique(x, dim={dim}))"


def _program(data, step):
    return random_program(data, step, 4)


@examples(250)
@given(st.data())
def test_random_elementwise_programs(data):
    assert_same(_program(data, elementwise))


@examples(250)
@given(st.data())
def test_random_reduction_programs(data):
    assert_same(_program(data, reduction))


# ------------------------------------------------------------------ autograd through this area's ops
@st.composite
def expr(draw, depth=0):
    if depth >= 3 or draw(st.integers(0, 3)) == 0:
        return "x" if draw(st.integers(0, 2)) else repr(draw(st.sampled_from([2, 3, -1, 0.5, 1.5, -2.5])))
    kind = draw(st.sampled_from(["bin", "bin", "call", "unary", "unary", "clamp", "where", "extreme", "lerp", "addc", "act"]))
    a, b = draw(expr(depth + 1)), draw(expr(depth + 1))
    if "x" not in a:
        a = f"({a} * x)"
    if kind == "bin":
        return f"({a} {draw(st.sampled_from(['+', '-', '*', '/', '%']))} {b})"
    if kind == "call":
        return draw(st.sampled_from([f"torch.add({a}, {b}, alpha=0.5)", f"torch.sub({a}, {b}, alpha=2)",
                                     f"torch.div({a}, {b}, rounding_mode='floor')", f"torch.fmod({a}, 1.5)",
                                     f"torch.atan2({a}, {a} * 0 + {b})", f"torch.hypot({a}, {a} * 0 + {b})",
                                     f"torch.logaddexp2({a}, {a} * 0 + {b})", f"torch.copysign({a}, {b})"]))
    if kind == "unary":
        # not tanh: its derivative 1 - tanh(x)**2 magnifies the last-bit differences of Sleef's float32 tanh
        # (see ops/unary.py) into the printed digits of a gradient for |x| > 3
        name = draw(st.sampled_from(['exp', 'sigmoid', 'abs', 'relu', 'sin', 'square', 'frac', 'round', 'sinh', 'asinh',
                                     'exp2', 'deg2rad']))
        return f"{a}.{name}()"
    if kind == "clamp":
        return f"{a}.clamp({draw(st.sampled_from(['-1', 'None', '0.5']))}, {draw(st.sampled_from(['2', 'None', '1.5']))})" \
            if draw(st.booleans()) else f"{a}.clamp(min=-0.5)"
    if kind == "where":
        return f"torch.where({a} > 0.5, {a}, {b})"
    if kind == "extreme":
        return f"torch.{draw(st.sampled_from(['maximum', 'minimum']))}({a}, {a} * 0 + {b})"
    if kind == "lerp":
        return f"torch.lerp({a}, {a} * 0 + {b}, {draw(st.sampled_from(['0.3', '0.7']))})"
    if kind == "addc":
        return f"torch.addcmul({a}, {a}, {a} * 0 + {b}, value=0.5)"
    return f"torch.nn.functional.{draw(st.sampled_from(['silu', 'softplus', 'gelu']))}({a})"


REDUCE_LAST = ["sum()", "mean()", "prod()", "amax()", "max()", "norm()", "std()", "var(correction=0)", "cumsum(0).sum()",
               "cumprod(0).sum()", "sort()[0][-1]", "topk(1)[0].sum()", "median()", "amin(0).sum()"]


@examples(200)
@given(st.data())
def test_random_autograd_through_math(data):
    e = data.draw(expr())
    if "x" not in e:
        e = f"({e} * x)"
    vals = data.draw(st.lists(st.sampled_from(NICE_FLOATS + UGLY_FLOATS + [0.001, 2.5]), min_size=2, max_size=4))
    dtype = data.draw(st.sampled_from(["float32", "float32", "float64"]))
    reduce = data.draw(st.sampled_from(REDUCE_LAST))
    src = f"""
def walk(g, d=0):
    if g is None:
        return
    print(' ' * d + g.name())
    for n, _ in g.next_functions:
        walk(n, d + 2)
x = torch.tensor({vals!r}, dtype=torch.{dtype}, requires_grad=True)
y = ({e}).{reduce}
print(y)
walk(y.grad_fn)
y.backward()
print(x.grad)
"""
    assert_same(src)
