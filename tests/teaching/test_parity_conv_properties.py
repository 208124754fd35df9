"""Property-based parity of ``F.conv2d`` and ``F.max_pool2d``: random convolutions (batch, channels, kernel,
stride, padding, dilation, bias, which inputs require grad) whose float32 outputs and gradients must match
torch's bit for bit, and random max pools (values with ties, NaN and infinities) whose outputs, indices and
gradients must match. A convolution booktorch leaves out (torch's slow path, a oneDNN kernel it does not
reproduce) raises its "not available" error: everything it printed before must still be torch's."""

from hypothesis import given
from hypothesis import strategies as st

from parity import HYPOTHESIS_SCALE, both, examples, prelude

PRELUDE = prelude("exact_hex") + """
F = torch.nn.functional
gen = torch.Generator().manual_seed(SEED)
"""


def assert_prefix_same(src):
    """torch and booktorch print the same; where booktorch stops with its "not available" error, what it
    printed before is what torch printed up to there."""
    (out_t, err_t), (out_b, err_b) = both(src)
    if err_b is not None and err_b[0] == "NotInBrowserError" and err_t is None:
        assert out_t.startswith(out_b), f"booktorch differs from torch before its error for:\n{src}\n{out_t}\n{out_b}"
        return
    assert (out_t, err_t) == (out_b, err_b), (
        f"booktorch differs from torch for:\n{src}\n--- torch ---\n{out_t}{err_t}\n--- booktorch ---\n{out_b}{err_b}")


@st.composite
def convolutions(draw):
    k = (draw(st.integers(1, 5)), draw(st.integers(1, 5)))
    dilation = draw(st.sampled_from([(1, 1)] * 6 + [(2, 1), (2, 2)]))
    stride = draw(st.sampled_from([(1, 1)] * 6 + [(2, 2), (1, 2)]))
    padding = (draw(st.integers(0, k[0] // 2)), draw(st.integers(0, k[1] // 2)))
    if draw(st.integers(0, 9)) == 0:  # now and then more padding, which oneDNN may refuse
        padding = (padding[0] + 1, padding[1])
    extent = [(k[i] - 1) * dilation[i] + 1 for i in range(2)]
    h = draw(st.integers(max(1, extent[0] - 2 * padding[0]), 12))
    w = draw(st.integers(max(1, extent[1] - 2 * padding[1]), 12))
    if draw(st.integers(0, 3)):  # mostly an input at least as large as the kernel
        h, w = max(h, extent[0]), max(w, extent[1])
    n = draw(st.sampled_from([2, 3, 4, 16]))
    c, o = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    return n, c, o, k, (h, w), stride, padding, dilation


@examples(60)
@given(conv=convolutions(), bias=st.booleans(), needs=st.sampled_from(["all", "input", "params"]),
       seed=st.integers(0, 2**31))
def test_conv2d_values_and_gradients(conv, bias, needs, seed):
    n, c, o, k, (h, w), stride, padding, dilation = conv
    if n * c * o * h * w * k[0] * k[1] > 400_000 * HYPOTHESIS_SCALE + 100_000:
        n = 2
    src = PRELUDE.replace("SEED", str(seed)) + f"""
x = torch.randn({n}, {c}, {h}, {w}, generator=gen).requires_grad_({needs != "params"})
wt = torch.randn({o}, {c}, {k[0]}, {k[1]}, generator=gen).requires_grad_({needs != "input"})
b = torch.randn({o}, generator=gen).requires_grad_({needs != "input"}) if {bias} else None
y = F.conv2d(x, wt, b, {stride}, {padding}, {dilation})
print(tuple(y.shape), y.grad_fn.name(), exact(y))
g = torch.randn(*y.shape, generator=gen)
wanted = [t for t in (x, wt, b) if t is not None and t.requires_grad]
for t in torch.autograd.grad(y, wanted, g):
    print(exact(t))
"""
    assert_prefix_same(src)


@examples(40)
@given(n=st.integers(0, 2), c=st.integers(1, 3), h=st.integers(1, 8), w=st.integers(1, 8),
       k=st.tuples(st.integers(1, 4), st.integers(1, 4)), stride=st.sampled_from(["None", "1", "2", "(1, 2)", "(3, 2)"]),
       padding=st.tuples(st.integers(0, 2), st.integers(0, 2)), dilation=st.tuples(st.integers(1, 2), st.integers(1, 2)),
       ceil_mode=st.booleans(), dtype=st.sampled_from(["float32", "float64", "float16", "int64"]),
       seed=st.integers(0, 2**31))
def test_max_pool2d_values_indices_and_gradients(n, c, h, w, k, stride, padding, dilation, ceil_mode, dtype, seed):
    shape = (c, h, w) if n == 0 else (n, c, h, w)
    src = PRELUDE.replace("SEED", str(seed)) + f"""
pool = torch.tensor([0.0, 1.0, -1.0, 2.5, float('nan'), float('-inf'), float('inf'), -0.0, 3.0, 3.0])
x = pool[torch.randint(0, 10, {shape}, generator=gen)].to(torch.{dtype})
if x.is_floating_point():
    x.requires_grad_()
try:
    y, i = F.max_pool2d(x, {k}, {stride}, {padding}, {dilation}, {ceil_mode}, True)
except RuntimeError as e:
    print(e)
else:
    print(tuple(y.shape), y.dtype, exact(y), i.tolist())
    if x.requires_grad:
        g = torch.randn(*y.shape, generator=gen).to(torch.{dtype})
        print(exact(torch.autograd.grad(y, x, g)[0]))
"""
    assert_prefix_same(src)
