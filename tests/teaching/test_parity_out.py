"""Parity of ``out=`` (issue 25): the elementwise functions, clamp, where, the matrix products, sum and mean,
cat and stack, and the factories. What is written and returned (``out`` itself), its shape, strides, dtype
and version afterwards, the resize of an ``out`` of another shape with torch's deprecation warning (or
without one, for the factories; arange's own), the dtype checks and their messages, the autograd refusal,
an ``out`` that overlaps an input, and an ``out`` that is an input."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("exact_hex") + """
import warnings
def run(src, o):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r = eval(compile(src, "<cell>", "eval"), dict(globals(), o=o))
        except Exception as e:
            r = f"{type(e).__name__}: {e}"
    for w in caught:
        print('  warning:', w.category.__name__, w.message)
    if isinstance(r, torch.Tensor) and src.startswith("torch.empty"):  # its values are whatever was there
        print(src, '->', r.dtype, tuple(r.shape), r.stride(), r is o, o._version, r.grad_fn)
    elif isinstance(r, torch.Tensor):
        print(src, '->', exact(r), r.dtype, tuple(r.shape), r.stride(), r is o, o._version, r.grad_fn)
    else:
        print(src, '->', r, tuple(o.shape), o.stride(), o._version)
def fresh(*shape, dtype=torch.float32, requires_grad=False):
    # an out tensor with known values (torch.empty's are whatever memory held)
    shape = shape[0] if len(shape) == 1 and isinstance(shape[0], tuple) else shape
    return torch.full(shape, -9.0).to(dtype).requires_grad_(requires_grad)
x = torch.tensor([1.5, -2.0, 3.25, 0.125])
y = torch.tensor([0.5, 4.0, -1.0, 2.0])
i = torch.tensor([3, -2, 0, 7])
m = torch.arange(6.).reshape(2, 3) / 8
"""

CELLS = {
    "elementwise": """
for src in ["torch.add(x, y, out=o)", "torch.add(x, 2, alpha=3, out=o)", "torch.sub(x, y, alpha=2, out=o)", "torch.subtract(x, y, out=o)",
            "torch.mul(x, y, out=o)", "torch.multiply(i, 2, out=o)", "torch.div(x, y, out=o)", "torch.divide(x, y, rounding_mode='floor', out=o)",
            "torch.true_divide(i, 2, out=o)", "torch.floor_divide(i, 2, out=o)", "torch.remainder(x, 2, out=o)", "torch.fmod(x, 2, out=o)",
            "torch.pow(x, 2, out=o)", "torch.pow(x, y, out=o)", "torch.maximum(x, y, out=o)", "torch.minimum(x, y, out=o)", "torch.fmax(x, y, out=o)",
            "torch.exp(x, out=o)", "torch.log(x, out=o)", "torch.sqrt(x, out=o)", "torch.sqrt(i, out=o)", "torch.sigmoid(x, out=o)",
            "torch.tanh(x, out=o)", "torch.expm1(x, out=o)", "torch.log1p(x, out=o)", "torch.rsqrt(x, out=o)", "torch.reciprocal(x, out=o)",
            "torch.abs(x, out=o)", "torch.absolute(i, out=o)", "torch.neg(x, out=o)", "torch.negative(i, out=o)", "torch.sign(x, out=o)",
            "torch.gt(x, y, out=o)", "torch.eq(x, y, out=o)", "torch.le(x, 1, out=o)", "torch.sinh(x, out=o)", "torch.atanh(x / 4, out=o)",
            "torch.exp2(x, out=o)", "torch.lgamma(x, out=o)", "torch.atan2(x, y, out=o)", "torch.hypot(x, y, out=o)", "torch.xlogy(x, y, out=o)",
            "torch.copysign(x, -1, out=o)", "torch.logaddexp(x, y, out=o)"]:
    for make in ["fresh(4)", "fresh(4, dtype=torch.float64)", "fresh(4, dtype=torch.int64)", "fresh(4, dtype=torch.bool)",
                 "fresh(2, 2)", "fresh(0)", "fresh(8)[::2]", "fresh(4, dtype=torch.float16)"]:
        run(src, eval(make))
""",
    "layouts_and_resizing": """
for src, make in [("torch.add(m, 1, out=o)", "fresh(3, 2)"), ("torch.add(m, 1, out=o)", "fresh(3, 2).t()"),
                  ("torch.exp(m, out=o)", "fresh(2, 3).t()"), ("torch.exp(m, out=o)", "fresh(3, 2).t()"),
                  ("torch.mul(m, m[:1], out=o)", "fresh(12)[::2].view(2, 3)"), ("torch.mul(x, y, out=o)", "fresh(6).view(2, 3)[1]"),
                  ("torch.add(x, y, out=o)", "fresh(10)[3:7]"), ("torch.add(x, y, out=o)", "fresh(5)[:2]"),
                  ("torch.add(x, y, out=o)", "fresh(1).expand(4)"), ("torch.add(m, x[:3], out=o)", "fresh(3)"),
                  ("torch.add(x, y, out=o)", "fresh(100)"), ("torch.exp(x, out=o)", "fresh(4, 1)")]:
    o = eval(make)
    base = o._base
    run(src, o)
    if base is not None:
        print('  base:', tuple(base.shape), base._version, exact(base))
z = x.clone()
run("torch.add(z, y, out=z)", z)
run("torch.exp(z, out=z)", z)
run("torch.add(z[:3], y[1:], out=z[1:])", z)
run("torch.mul(z, 2, out=z.flip(0))", z)
a = torch.tensor([1.0, 2.0], requires_grad=True)
for src, o in [("torch.add(a, 1, out=o)", torch.empty(2)), ("torch.exp(x, out=o)", fresh(4, requires_grad=True)),
               ("torch.mul(a, 2, out=o)", torch.empty(2, dtype=torch.float64)), ("torch.cat([a, a], out=o)", torch.empty(4)),
               ("torch.sum(a, 0, out=o)", torch.empty(())), ("torch.mm(a[None], a[:, None], out=o)", torch.empty(1, 1))]:
    run(src, o)
with torch.no_grad():
    run("torch.add(a, 1, out=o)", fresh(2))
    run("torch.exp(x, out=o)", fresh(4, requires_grad=True))
""",
    "clamp_and_where": """
for src in ["torch.clamp(x, 0, 1, out=o)", "torch.clamp(x, min=0, out=o)", "torch.clip(x, max=0, out=o)", "torch.clamp(i, -1, 1, out=o)",
            "torch.where(x > 0, x, y, out=o)", "torch.where(x > 0, x.double(), y, out=o)", "torch.where(i > 0, i, 0, out=o)"]:
    for make in ["fresh(4)", "fresh(4, dtype=torch.float64)", "fresh(4, dtype=torch.int64)", "fresh(2, 2)", "fresh(8)[::2]"]:
        run(src, eval(make))
""",
    "matrix_products": """
a, b = torch.arange(6.).reshape(2, 3), torch.arange(6.).reshape(3, 2) - 2
v = torch.tensor([1.0, -1.0, 2.0])
for src in ["torch.mm(a, b, out=o)", "torch.matmul(a, b, out=o)", "torch.matmul(a, v, out=o)", "torch.matmul(v, b, out=o)", "torch.matmul(v, v, out=o)",
            "torch.matmul(a[None].expand(2, 2, 3), b, out=o)", "torch.bmm(a[None], b[None], out=o)", "torch.mv(a, v, out=o)", "torch.dot(v, v, out=o)",
            "torch.mm(a.long(), b.long(), out=o)", "torch.mm(a, v, out=o)"]:
    for make in ["fresh(2, 2)", "fresh(2, 2, dtype=torch.float64)", "fresh(5)", "fresh(())", "fresh(2, 2, dtype=torch.int64)",
                 "fresh(2, 2).t()", "fresh(1, 2, 2)"]:
        run(src, eval(make))
""",
    "reductions_and_joins": """
for src in ["torch.sum(m, 0, out=o)", "torch.sum(m, 1, keepdim=True, out=o)", "torch.sum(m, (0, 1), out=o)", "torch.sum(m, 0, dtype=torch.float32, out=o)",
            "torch.mean(m, 0, out=o)", "torch.mean(m, [1], keepdim=True, out=o)", "torch.mean(m, out=o)", "torch.mean(m, 0, dtype=torch.float64, out=o)",
            "torch.sum(torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.int32), 0, out=o)", "torch.sum(m, out=o)"]:
    for make in ["fresh(3)", "fresh(3, dtype=torch.float64)", "fresh(3, dtype=torch.int64)", "fresh(3, dtype=torch.float16)",
                 "fresh(3, dtype=torch.bfloat16)", "fresh(2, 1)", "fresh(())", "fresh(6)[::2]"]:
        run(src, eval(make))
for src in ["torch.cat([x, y], out=o)", "torch.cat([m, m], 1, out=o)", "torch.concat([x, y], out=o)", "torch.concatenate([i, i], out=o)",
            "torch.stack([x, y], out=o)", "torch.stack([x, y], 1, out=o)", "torch.cat([x, x[None]], out=o)", "torch.cat([i, x], out=o)"]:
    for make in ["fresh(8)", "fresh(2, 4)", "fresh(8, dtype=torch.float64)", "fresh(8, dtype=torch.int64)",
                 "fresh(8, dtype=torch.float16)", "fresh(16)[::2]"]:
        run(src, eval(make))
""",
    "factories": """
for src in ["torch.zeros(3, out=o)", "torch.ones(2, 2, out=o)", "torch.full((2, 2), 7.0, out=o)", "torch.empty(2, 2, out=o)", "torch.eye(2, out=o)",
            "torch.arange(4.0, out=o)", "torch.arange(5, out=o)", "torch.arange(0, 1, 0.25, out=o)", "torch.linspace(0, 1, 5, out=o)",
            "torch.logspace(0, 1, 4, out=o)", "torch.zeros(3, dtype=torch.float32, out=o)", "torch.ones(3, requires_grad=True, out=o)"]:
    for make in ["fresh(3)", "fresh(2, 2)", "fresh(5, 1)", "fresh(9)", "fresh(0)", "fresh(3, dtype=torch.int64)",
                 "fresh(12)[::2]", "fresh(2, 3).t()", "fresh(4, requires_grad=True)"]:
        run(src, eval(make))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
