"""Parity of the last bits where torch's elementwise loops compute an element one of two ways
(issue 25): ``cpu_kernel_vec`` runs a vector version of an op on blocks of 16 float32 values
(32 float16/bfloat16) and a scalar version on the rest of each row and on strided rows, and
for pow, sigmoid, silu, rsqrt (float16, bfloat16) the two round differently: Sleef's ``powf``/``expf``
in the vector lanes, the C library's in the scalar loop.  expm1 and log1p are Sleef's for every
element.  The programs print values as exact hex, under torch and under booktorch, for every
length from 1 to 40 (the vector blocks and the scalar tail), for strided, sliced, transposed,
permuted, broadcast and 0-d tensors, integer inputs converted first, the in-place forms, and
for numbers and tensors as exponents and bases; and softmax's scalar tail (glibc's ``expf``) and
log_softmax's logarithms (Sleef's ``logf``), so cross_entropy.

Not compared bit for bit: torch's float32 exp, log, log2, sqrt, sin, cos, tan, tanh and erf,
which are Intel MKL's (see booktorch/ops/unary.py).
"""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity import assert_same, examples, literal, prelude

PRELUDE = prelude("exact_hex") + """
def show(t):
    print(t.dtype, tuple(t.shape), t.stride(), exact(t))
def gen(seed):
    return torch.Generator().manual_seed(seed)
"""

CELLS = {
    # every row length from 1 to 40: 16-value vector blocks, then the scalar tail
    "pow_rows_1_to_40": """
g = gen(0)
for n in range(1, 41):
    x = torch.rand(n, generator=g) * 10 + 0.01
    y = torch.randn(n, generator=g) * 3
    print(n, exact(x ** 4), exact(x.pow(2.5)), exact(torch.pow(x, y)), exact(1.7 ** y), exact(torch.pow(x, 1 / 3)))
""",
    "pow_number_exponents": """
g = gen(1)
x = torch.rand(40, generator=g) * 4 + 0.05
for e in [2, 3, 4, -1, -2, -0.5, 2.5, 1 / 3, 0.1, 7, -3, 0, 1, True, 1.5, 10, -0.25, 1e-3, 2 ** 30]:
    for n in (7, 16, 21, 40):
        print(e, n, exact(x[:n] ** e), exact(x[:n].pow(e) - torch.pow(x[:n], e)))
print(exact((-x[:20]) ** 3), exact((-x[:20]) ** 4), exact((-x[:20]) ** 2.5))
""",
    "pow_layouts": """
g = gen(2)
base = torch.rand(6, 40, generator=g) * 5 + 0.1
expo = torch.randn(6, 40, generator=g)
views = {"rows": lambda t: t[:, :19], "strided": lambda t: t[:, ::2], "T": lambda t: t[:, :20].t(),
         "permuted": lambda t: t[:, :36].reshape(2, 3, 6, 6).permute(3, 1, 0, 2), "expand_row": lambda t: t[:1, :18].expand(4, 18),
         "expand_col": lambda t: t[:3, :1].expand(3, 33), "zero_d": lambda t: t[2, 5], "whole": lambda t: t}
for name, view in views.items():
    x, y = view(base), view(expo)
    print(name)
    show(x ** 2.5)
    show(x ** y)
    show(x ** y[..., :1] if x.dim() else x ** y)
    show(1.5 ** y)
    show(torch.pow(2, y))
    z = x.clone(); z.pow_(0.75); show(z)
    if 0 not in x.stride():
        w = base.clone(); v = view(w); v **= y; show(w)
""",
    "pow_special_values": """
vals = [0.0, -0.0, 1.0, -1.0, float('inf'), -float('inf'), float('nan'), 2.0, -2.0, 0.5, -0.5, 1e-45, -1e-45,
        3.4e38, -3.4e38, 1.5, -3.0, 2.5e-39, 16777216.0, 3e7, 100.0, -150.0, 0.999, 1.001, 88.7, -104.0]
xs = torch.tensor([a for a in vals for b in vals])
ys = torch.tensor([b for a in vals for b in vals])
show(xs ** ys)
show(xs.repeat_interleave(2)[::2] ** ys.repeat_interleave(2)[::2])
for e in [2.5, -2.5, 3, -3, -0.5, 1e10, -1e10, float('inf'), -float('inf'), float('nan'), 1 / 3]:
    print(e, exact(xs[:32] ** e), exact(xs[:15] ** e))
for b in [0.0, -2.0, 1.0, float('inf'), 0.5, 1e-40]:
    print(b, exact(b ** ys[:32]), exact(b ** ys[:15]))
""",
    "pow_dtypes_and_conversions": """
g = gen(3)
x = torch.rand(37, generator=g) * 3 + 0.2
i = torch.arange(1, 38)
print(exact(i ** 1.5), exact(1.5 ** i), exact(i.float() ** x), exact(i ** x), exact(x ** i))
print(exact(i[::2] ** 1.5), exact(i.reshape(37, 1).expand(37, 3) ** 0.3))
for d in [torch.float16, torch.bfloat16]:
    for e in [2, 3, 2.5, -0.5, 0.5, -1, 1 / 3]:  # 0.5: float16's pow, bfloat16's sqrt in float32 (not MKL's)
        print(d, e, exact(x.to(d) ** e), exact(x.to(d)[:12] ** e))
    print(exact(x.to(d) ** x.to(d)), exact(2.5 ** x.to(d)), exact(x.to(d) ** x))
""",
    "pow_backward": """
g = gen(4)
for n in (5, 16, 23):
    x = (torch.rand(n, generator=g) * 3 + 0.1).requires_grad_()
    y = (torch.randn(n, generator=g)).requires_grad_()
    (x ** 2.5).sum().backward()
    (x ** y).sum().backward()
    (1.3 ** y).sum().backward()
    print(n, exact(x.grad), exact(y.grad))
""",
    "sigmoid_rsqrt_expm1_log1p": """
g = gen(5)
for n in list(range(1, 41)) + [64, 70]:
    x = torch.randn(n, generator=g) * 6
    print(n, exact(torch.sigmoid(x)), exact(x.expm1()), exact(x.abs().log1p()), exact(torch.log1p(x)))
    for d in [torch.float16, torch.bfloat16]:
        h = x.to(d)
        print(d, exact(h.sigmoid()), exact(h.abs().rsqrt()), exact(h.abs() ** -0.5), exact(h.abs().rsqrt()[::2]))
m = torch.randn(5, 40, generator=g) * 6
for t in [m[:, :17], m.t(), m[:, ::3], m[:1].expand(3, 40)]:
    show(t.sigmoid()); show(t.expm1()); show(t.log1p()); show(t.bfloat16().abs().rsqrt())
z = m.clone(); z.sigmoid_(); show(z)
for t in [m, m[:, :17], m.t(), m[:, ::3], m.bfloat16(), m.half()[:, :35]]:
    show(torch.nn.functional.silu(t))
z = m.clone(); torch.nn.functional.silu(z, inplace=True); show(z)
z = m.clone()[:, :20]; z.expm1_(); show(z)
print(exact(torch.tensor([0.0, -0.0, 88.7, 88.8, -17.0, -103.0, 1e-30, float('inf'), -float('inf'), float('nan')] * 2).expm1()))
print(exact(torch.tensor([0.0, -0.0, -1.0, -1.5, 1e38, 2e38, 3.4e38, 1e-30, float('inf'), float('nan')] * 2).log1p()))
print(exact(torch.tensor([0.0, -0.0, 88.0, -88.0, 104.0, -104.0, 1e-30, float('inf'), -float('inf'), float('nan')] * 2).sigmoid()))
""",
    # softmax along a dimension that is not the last: 8 positions at once, then the C library's expf
    "softmax_scalar_tail": """
x = torch.rand(1500, 2, 7, generator=gen(6)) * 12
print(exact(x.softmax(1)), exact(x.log_softmax(1)))
y = torch.rand(400, 2, 13, generator=gen(7)) * 12
print(exact(y.softmax(1)), exact(torch.log_softmax(y, 1)))
for d in [torch.float16, torch.bfloat16]:  # vectors of 16 there, whose exponentials stay in float32
    z = (torch.randn(6, 3, 37, generator=gen(10)) * 4).to(d)
    print(exact(z.softmax(1)), exact(z.softmax(0)), exact(z.log_softmax(1)))
""",
    # log_softmax's logarithm of each row's sum is Sleef's logf, and so is cross_entropy's
    "log_softmax_rows": """
x = torch.randn(700, 10, generator=gen(8)) * 3
target = torch.randint(0, 10, (700,), generator=gen(9))
print(exact(x.log_softmax(1)), exact(x.bfloat16().log_softmax(-1)), exact(x[:, :3].log_softmax(1)))
print(exact(torch.nn.functional.cross_entropy(x, target, reduction='none')))
print(exact(torch.nn.functional.cross_entropy(x, target)), exact(torch.nn.functional.nll_loss(x.log_softmax(1), target)))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name])


# ------------------------------------------------------------------ random programs
# views of a (rows, cols) tensor ``b`` that TensorIterator walks differently
LAYOUTS = {
    "contiguous": "{t}.reshape(-1)[:{n}]",
    "rows": "{t}[:, :{k}]",
    "strided": "{t}.reshape(-1)[::2]",
    "transposed": "{t}.t()",
    "permuted": "{t}.reshape(-1)[:{n6}].reshape(-1, 3, 2).permute(2, 0, 1)",
    "expanded_row": "{t}[:1].expand(3, {cols})",
    "expanded_col": "{t}[:, :1].expand({rows}, 17)",
    "zero_d": "{t}[0, 0]",
}
OPS = [
    "x ** {e}", "x.pow({e})", "torch.pow(x, {e})", "x ** y", "torch.pow(x, y)", "{e} ** y", "torch.pow({e}, y)",
    "x.pow_({e})", "x.pow_(y)", "x.sigmoid()", "torch.sigmoid(x)", "x.sigmoid_()", "x.expm1()", "x.log1p()",
    "x.rsqrt()", "x.abs() ** y[..., :1]", "torch.nn.functional.silu(x)", "x.softmax(0)", "x.log_softmax(-1)", "torch.log_softmax(x, 0)",
]
# not 0.5: torch's x ** 0.5 is its sqrt kernel, which is MKL's (see the module's docstring)
EXPONENTS = ["2", "3", "4", "-1", "-2", "-0.5", "2.5", "1 / 3", "-3", "0.1", "7", "1.5", "-0.75", "10"]


SPECIALS = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 1e-45, -1e-45, 3.4e38, 2.5e-39, 16777216.0]


@st.composite
def tensor_source(draw, name, rows, cols):
    """``name = ...``: a (rows, cols) float32 tensor of seeded random values (most of them land where
    Sleef's and the C library's roundings differ now and then) of a random sign and magnitude, a few
    of them replaced by special values."""
    seed, scale = draw(st.integers(0, 2 ** 16)), draw(st.sampled_from(["1", "3", "10", "100", "0.01", "1e4"]))
    signed = draw(st.booleans())
    src = f"{name} = torch.{'randn' if signed else 'rand'}({rows}, {cols}, generator=gen({seed})) * {scale}\n"
    for _ in range(draw(st.integers(0, 3))):
        r, c = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
        src += f"{name}[{r}, {c}] = {literal(draw(st.sampled_from(SPECIALS)))}\n"
    return src


@examples(250)
@given(st.data())
def test_random_last_bits(data):
    """A random op of this area on a random layout of random values: the same bits as torch's."""
    rows, cols = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 40))
    n = rows * cols
    dtype = data.draw(st.sampled_from(["float32"] * 6 + ["float16", "bfloat16", "int64"]))
    layout = data.draw(st.sampled_from(sorted(name for name in LAYOUTS if name != "permuted" or n >= 6)))
    view = LAYOUTS[layout].replace("{n}", str(data.draw(st.integers(1, n)))).replace(
        "{k}", str(data.draw(st.integers(1, cols)))).replace("{n6}", str(n - n % 6)).replace(
        "{rows}", str(rows)).replace("{cols}", str(cols))
    op = data.draw(st.sampled_from(OPS)).replace("{e}", data.draw(st.sampled_from(EXPONENTS)))
    convert = ("b = (b.nan_to_num(0.0, 0.0, 0.0).clamp(-50, 50) * 3).to(torch.int64)\n" if dtype == "int64"
               else f"b = b.to(torch.{dtype})\n")
    src = PRELUDE + data.draw(tensor_source("b", rows, cols)) + data.draw(tensor_source("c", rows, cols)) + convert + f"""\
x = {view.replace("{t}", "b")}
y = {view.replace("{t}", "c")}
try:
    show({op})
except Exception as e:
    print(type(e).__name__, e)
"""
    assert_same(src)
