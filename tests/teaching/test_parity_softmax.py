"""Parity of softmax, log_softmax and logsumexp (torch functions and Tensor methods): values, dtypes,
layouts, the implicit-dimension and dtype errors, and their backward (SoftmaxBackward0,
LogSoftmaxBackward0, LogsumexpBackward0), printed at torch's default precision."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_repr")

CELLS = {
    "softmax_values": """
x = torch.tensor([[1., 2., 3.], [4., 5., 7.], [-1., 0., 30.]])
for r in [torch.softmax(x, 1), torch.softmax(x, 0), torch.softmax(x, -1), x.softmax(0), x.softmax(dim=1),
          torch.softmax(x, 1, torch.float64), x.softmax(1, dtype=torch.float16), torch.softmax(x.t(), 1),
          torch.log_softmax(x, 1), torch.log_softmax(x, 0), x.log_softmax(-1), x.log_softmax(dim=0, dtype=torch.float64),
          torch.log_softmax(x.t(), 0), torch.softmax(torch.tensor(3.), 0), torch.log_softmax(torch.tensor(3.), -1),
          torch.softmax(torch.ones(0, 3), 1), torch.softmax(torch.arange(24.).reshape(2, 3, 4) / 5, 1),
          torch.log_softmax(torch.arange(24.).reshape(2, 3, 4) / 7, 0), torch.softmax(x.half(), 1),
          torch.softmax(x.bfloat16(), 0), torch.log_softmax(x.double(), 1)]:
    print(r, r.dtype, r.shape, r.stride())
""",
    "softmax_wide_rows": """
torch.manual_seed(0)
for n in [7, 8, 9, 10, 16, 17, 33]:
    x = torch.randn(3, n) * 3
    s = torch.softmax(x, 1)
    print(s, s.sum(1), torch.log_softmax(x, -1), torch.softmax(x.t(), 0))
""",
    "softmax_float32_bits": """
# every float32 bit of a softmax (Sleef's exp in torch's vector code, the C library's in its scalar tail)
torch.manual_seed(1)
for shape, dim in [((4, 3), 1), ((3, 8), 1), ((2, 21), -1), ((5, 3), 0), ((6, 2, 5), 1)]:
    x = (torch.randn(shape) * 4).requires_grad_()
    s = torch.softmax(x, dim)
    print(s.tolist(), s.sum(dim).tolist())
    (s * torch.arange(float(s.numel())).reshape(shape)).sum().backward()
    print(x.grad.tolist())
""",
    "softmax_special": """
x = torch.tensor([[float('inf'), 1.], [-float('inf'), 0.], [float('nan'), 1.], [-float('inf'), -float('inf')]])
print(torch.softmax(x, 1), torch.log_softmax(x, 1), torch.softmax(x, 0))
big = torch.tensor([1000., 1001., 999.])
print(torch.softmax(big, 0), torch.log_softmax(big, 0), torch.logsumexp(big, 0))
""",
    "softmax_errors": """
i = torch.tensor([1, 2])
x = torch.ones(2, 3)
for bad in [lambda: torch.softmax(i, 0), lambda: torch.softmax(i.reshape(2, 1), 0), lambda: torch.log_softmax(i, 0),
            lambda: torch.log_softmax(i.reshape(2, 1), 0), lambda: torch.softmax(x, 2), lambda: torch.softmax(torch.tensor(3.), 1),
            lambda: torch.softmax(x), lambda: x.softmax(), lambda: x.log_softmax(), lambda: torch.softmax(x, 0, dtype=torch.int32),
            lambda: torch.softmax(torch.tensor([True]), 0), lambda: torch.softmax(x, 1.0), lambda: torch.softmax([1.], 0),
            lambda: x.softmax(0, 'x'), lambda: torch.logsumexp(x), lambda: x.logsumexp(), lambda: torch.logsumexp(x, 3),
            lambda: torch.logsumexp(x, (0, 0)), lambda: torch.logsumexp(x, ())]:
    print(attempt(bad))
print(torch.softmax(i, 0, dtype=torch.float64), torch.softmax(x, torch.tensor(1)))
""",
    "logsumexp_values": """
x = torch.tensor([[1., 2., 3.], [4., 5., 7.]])
i = torch.tensor([1, 2, 3])
for r in [torch.logsumexp(x, 1), torch.logsumexp(x, 0), torch.logsumexp(x, (0, 1)), x.logsumexp(dim=0, keepdim=True),
          x.logsumexp(-1, True), torch.logsumexp(i, 0), torch.logsumexp(x.double(), 1), torch.logsumexp(x.half(), 0),
          torch.logsumexp(torch.tensor([float('inf'), 1.]), 0), torch.logsumexp(torch.tensor([-float('inf')] * 2), 0),
          torch.logsumexp(torch.ones(0, 2), 0), torch.logsumexp(torch.tensor(2.), 0), torch.logsumexp(x, (), keepdim=True)]:
    print(r, r.dtype, r.shape, r.stride())
""",
    "softmax_autograd": """
torch.manual_seed(1)
x = torch.randn(3, 5, requires_grad=True)
g = torch.randn(3, 5)
for f in [lambda t: torch.softmax(t, 1), lambda t: torch.softmax(t, 0), lambda t: t.log_softmax(1), lambda t: t.log_softmax(0),
          lambda t: torch.softmax(t, 1, torch.float64), lambda t: t.logsumexp(1), lambda t: t.logsumexp((0, 1)),
          lambda t: t.logsumexp(0, keepdim=True)]:
    y = f(x)
    print(y.grad_fn.name(), [n[0].name() if n[0] else None for n in y.grad_fn.next_functions])
    y.backward(g[:y.shape[0]].expand(y.shape).to(y.dtype) if y.dim() == 2 else torch.ones(y.shape, dtype=y.dtype))
    print(x.grad)
    x.grad = None
y = torch.softmax(x, 1)
print(y.grad_fn._saved_result.shape, y.grad_fn._saved_dim)
w = torch.randn(4, 9, 2, requires_grad=True)
(torch.log_softmax(w, 1) * torch.arange(72.).reshape(4, 9, 2)).sum().backward()
print(w.grad)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
