"""Property-based parity of random numbers and factories: random call sequences after random seeds (values bit
for bit, on random views, with Generator objects), autograd through the in-place fills and ``torch.normal``,
and ``linspace``/``logspace`` on random parameters in every dtype, under real torch and booktorch."""


from hypothesis import given
from hypothesis import strategies as st

from parity import assert_same, examples

PRELUDE = """\
def exact(t):
    return [v.hex() if isinstance(v, float) else v for v in (t.double() if t.is_floating_point() else t).flatten().tolist()]
def show(t):
    print(t.dtype, tuple(t.shape), t.stride(), exact(t))
def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
g = torch.Generator()
"""

FLOATS = ["float32", "float64", "float16", "bfloat16"]
INTS = ["int64", "int32", "int16", "int8", "uint8"]
SEEDS = st.one_of(st.integers(0, 2**32 + 5), st.sampled_from([2**63 - 1, 2**64 - 1, -1]))


@st.composite
def shape(draw):
    return tuple(draw(st.lists(st.integers(0, 6), min_size=0, max_size=3).filter(lambda s: len(s) == 0 or 0 < max(s))))


@st.composite
def view(draw):
    """A source for a tensor to fill: contiguous, transposed, sliced, or a row of a matrix."""
    dtype = draw(st.sampled_from(FLOATS + (INTS if draw(st.booleans()) else [])))
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 6))
    base = f"torch.zeros({rows}, {cols}, dtype=torch.{dtype})"
    return dtype, draw(st.sampled_from([base, f"{base}.t()", f"{base}[:, ::2]", f"{base}[1:]", f"{base}.t()[::2]", f"{base}[0]",
                                        f"torch.zeros(20, dtype=torch.{dtype})", f"torch.zeros(4, 5, dtype=torch.{dtype}).t()"]))


@st.composite
def draw_call(draw):
    gen = draw(st.sampled_from(["", "", ", generator=g"]))
    kind = draw(st.sampled_from(["rand", "randn", "randint", "randperm", "normal", "bernoulli", "like", "fill", "fill"]))
    size = draw(shape())
    if kind in ("rand", "randn"):
        dtype = draw(st.sampled_from(FLOATS))
        return f"show(torch.{kind}({size!r}, dtype=torch.{dtype}{gen}))"
    if kind == "randint":
        dtype = draw(st.sampled_from(INTS + FLOATS))
        low = draw(st.integers(-5, 5))
        high = low + draw(st.integers(1, 200))
        return f"attempt(lambda: show(torch.randint({low}, {high}, {size!r}, dtype=torch.{dtype}{gen})))"
    if kind == "randperm":
        return f"show(torch.randperm({draw(st.integers(0, 40))}{gen}))"
    if kind == "normal":
        mean, std = draw(st.sampled_from([0.0, 1.5, -3.0])), draw(st.sampled_from([1.0, 0.5, 2.0, 0.0]))
        form = draw(st.sampled_from(["floats", "tensor_mean", "tensor_std", "tensors"]))
        if form == "floats":
            return f"show(torch.normal({mean}, {std}, {size!r}{gen}))"
        if form == "tensor_mean":
            return f"show(torch.normal(torch.full({size!r}, {mean}), {std}{gen}))"
        if form == "tensor_std":
            return f"show(torch.normal({mean}, torch.full({size!r}, {std}){gen}))"
        return f"show(torch.normal(torch.full({size!r}, {mean}), torch.full({size!r}, {std}, dtype=torch.float64){gen}))"
    if kind == "bernoulli":
        p = draw(st.sampled_from([0.0, 0.3, 0.5, 0.9, 1.0]))
        return f"show(torch.bernoulli(torch.full({size!r}, {p}){gen}))"
    dtype, src = draw(view())
    if kind == "like":
        fn = draw(st.sampled_from(["rand_like", "randn_like", "randint_like"]))
        extra = ", 7" if fn == "randint_like" else ""
        return f"attempt(lambda: show(torch.{fn}({src}{extra}{gen})))"
    name, fill_args = draw(st.sampled_from([("uniform_", "-2, 3"), ("uniform_", ""), ("normal_", ""), ("normal_", "1.0, 0.5"),
                                            ("random_", ""), ("random_", "10"), ("random_", "-3, 4"), ("bernoulli_", "0.4"),
                                            ("bernoulli_", "")]))
    arguments = f"{fill_args}{gen}" if fill_args else gen.lstrip(", ")
    return f"attempt(lambda: show({src}.{name}({arguments})))"


@examples(60)
@given(seed=SEEDS, gen_seed=st.integers(0, 1000), calls=st.lists(draw_call(), min_size=1, max_size=5))
def test_random_call_sequences(seed, gen_seed, calls):
    src = PRELUDE + f"torch.manual_seed({seed})\ng.manual_seed({gen_seed})\n" + "\n".join(calls)
    src += "\nprint(torch.get_rng_state().tolist()[-24:], g.get_state().tolist()[-24:])\n"
    assert_same(src)


# ------------------------------------------------------------------ autograd through random ops
@st.composite
def random_op(draw):
    return draw(st.sampled_from([
        "y.uniform_()", "y.normal_(0.5, 2.0)", "y.random_(5)", "y.random_(1, 4)", "y.random_()", "y.bernoulli_(0.5)",
        "y.bernoulli_(p)", "y.bernoulli_()",
    ]))


@examples(40)
@given(seed=st.integers(0, 10**6), op=random_op(), n=st.integers(1, 20), dtype=st.sampled_from(["float32", "float64"]),
       mix=st.sampled_from(["x * 2", "x + 1", "x * x", "-x"]),
       normal=st.sampled_from(["none", "mean", "std", "both"]))
def test_autograd_through_random_ops(seed, op, n, dtype, mix, normal):
    src = f"""
def walk(f, d=0):
    if f is not None:
        print(' ' * d + f.name())
        for nxt, _ in f.next_functions:
            walk(nxt, d + 2)
torch.manual_seed({seed})
x = torch.linspace(-1, 1, {n}, dtype=torch.{dtype}).requires_grad_()
p = torch.full(({n},), 0.25, dtype=torch.{dtype}, requires_grad=True)
y = {mix}
y = {op}
z = y * x
if {normal!r} == 'mean':
    z = z + torch.normal(x, 1.5)
elif {normal!r} == 'std':
    z = z * torch.normal(2.0, x.abs())
elif {normal!r} == 'both':
    z = z - torch.normal(x * 3, p)
walk(z.grad_fn)
z.sum().backward()
print(y, z)
print(x.grad, p.grad)
"""
    assert_same(src)


# ------------------------------------------------------------------ linspace and logspace
ENDPOINTS = st.one_of(
    st.integers(-300, 300),
    st.floats(-1e4, 1e4, allow_nan=False, allow_infinity=False),
    st.sampled_from([0.1, 1 / 3, -2.5, 1e-3, 0.0, 255.0, -128.0]),
)


@examples(150)
@given(start=ENDPOINTS, end=ENDPOINTS, steps=st.one_of(st.integers(0, 40), st.sampled_from([100, 257, 1000])),
       dtype=st.sampled_from(FLOATS + INTS), log=st.booleans(), base=st.sampled_from([10.0, 2.0, 2.718281828459045, 0.5, 3.3, 1.1]))
def test_linspace_and_logspace(start, end, steps, dtype, log, base):
    if log:
        start, end = start / 100, end / 100  # exponents that mostly stay finite
        call = f"torch.logspace({start!r}, {end!r}, {steps}, {base!r}, dtype=torch.{dtype})"
    else:
        call = f"torch.linspace({start!r}, {end!r}, {steps}, dtype=torch.{dtype})"
    assert_same(PRELUDE + f"attempt(lambda: show({call}))\n")
