"""Parity of sampling: ``torch.multinomial`` (with and without replacement, every floating dtype, rows and
views, the draws it leaves for the next call, its argument errors), bit for bit after a seed, with random
programs; ``out=`` is booktorch's own error (tested below). Then torch.distributions' Categorical and
Multinomial: samples after a seed, probs/logits (computed lazily, as the reprs show), log_prob, entropy,
mean/mode/variance, expand, enumerate_support, argument and sample validation with torch's messages."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity import assert_same, examples, prelude

PRELUDE = prelude("attempt_repr") + """
D = torch.distributions
"""

CELLS = {
    "multinomial": """
torch.manual_seed(0)
p = torch.tensor([0.1, 0.2, 0.3, 0.4])
print(torch.multinomial(p, 1), torch.multinomial(p, 3), torch.multinomial(p, 10, replacement=True))
P = torch.rand(3, 5)
print(torch.multinomial(P, 2), P.multinomial(4, True), P.t().multinomial(2), P[:, ::2].multinomial(1, True))
print(torch.multinomial(P.double(), 3, generator=torch.Generator().manual_seed(3)))
print(torch.multinomial(torch.tensor([0., 1., 0., 2.]), 4), torch.multinomial(torch.tensor([0., 0., 1.]), 2))
print(torch.multinomial(torch.tensor([0., 1., 0., 2.]).half(), 7, True), torch.multinomial(torch.tensor([0., 1., 3., 2.]).bfloat16(), 2))
print(torch.multinomial(torch.tensor([5.]), 3, True), torch.multinomial(torch.tensor([[2., 3.]]), 1).stride())
print(torch.rand(3))
big = torch.rand(4, 100)
print(torch.multinomial(big, 20), torch.multinomial(big, 50, True)[:, :10])
w = torch.tensor([1., 2.], requires_grad=True)
s = torch.multinomial(w, 2)
print(s, s.dtype, s.requires_grad, s.grad_fn, torch.rand(3))
""",
    "multinomial_errors": """
torch.manual_seed(1)
p = torch.tensor([0.1, 0.2, 0.7])
for bad in [lambda: torch.multinomial(torch.ones(2, 2, 2), 1), lambda: torch.multinomial(torch.tensor(1.), 1),
            lambda: torch.multinomial(torch.tensor([1, 2]), 1), lambda: torch.multinomial(p, 0), lambda: torch.multinomial(p, -2),
            lambda: torch.multinomial(p, 4), lambda: torch.multinomial(torch.tensor([1., -1.]), 1),
            lambda: torch.multinomial(torch.tensor([1., float('nan')]), 1), lambda: torch.multinomial(torch.tensor([1., float('inf')]), 1),
            lambda: torch.multinomial(torch.zeros(3), 2), lambda: torch.multinomial(torch.tensor([[1., 1.], [0., 0.]]), 1),
            lambda: torch.multinomial(torch.tensor([1., -1.]), 2, True), lambda: torch.multinomial(torch.tensor([1., float('nan')]), 2, True),
            lambda: torch.multinomial(torch.tensor([1., float('inf')]), 2, True), lambda: torch.multinomial(torch.zeros(3), 2, True),
            lambda: torch.multinomial(torch.tensor([[1., 1.], [0., 1.], [-1., 1.]]), 3, True),
            lambda: torch.multinomial(torch.zeros(0, 3), 2), lambda: torch.multinomial(torch.zeros(0), 2, True),
            lambda: torch.multinomial(torch.zeros(0), 1), lambda: torch.multinomial(p, 1.5), lambda: torch.multinomial([0.5], 1),
            lambda: torch.multinomial(p, 2, generator=5), lambda: p.multinomial(2, replacement=True, generator=torch.Generator()),
            lambda: torch.multinomial(p, 2, out=None), lambda: p.multinomial(), lambda: p.multinomial(1, True, True)]:
    print(attempt(bad))
print(torch.rand(2))
""",
    "categorical": """
torch.manual_seed(0)
c = D.Categorical(torch.tensor([0.1, 0.2, 0.7]))
print(c, c.probs, c.batch_shape, c.event_shape, c.param_shape, c.support, c.has_enumerate_support, c.has_rsample)
print(c.sample(), c.sample((5,)), c.sample([2, 3]), c.sample(torch.Size([2])), c.logits, c)
print(c.log_prob(torch.tensor([0, 2])), c.entropy(), c.perplexity(), c.mode, c.mean, c.variance, c.stddev, c.enumerate_support())
cl = D.Categorical(logits=torch.tensor([[1., 2., 3.], [0., 0., -1.]]))
print(cl, cl.logits, cl.probs, cl, cl.sample(), cl.sample((4,)), cl.log_prob(torch.tensor([1, 2])), cl.entropy())
print(cl.enumerate_support(), cl.enumerate_support(False), cl.log_prob(torch.tensor([[0], [2]])))
print(cl.batch_shape, cl.expand((3, 2)).sample(), cl.expand((3, 2)), cl.expand(torch.Size([4, 2])).batch_shape)
x = torch.tensor([2., 1., 1.], requires_grad=True)
lp = D.Categorical(logits=x).log_prob(torch.tensor(0))
lp.backward()
print(lp, x.grad)
y = torch.tensor([0.5, 0.25, 0.25], requires_grad=True)
e = D.Categorical(probs=y).entropy()
e.backward()
print(e, y.grad, D.Categorical(torch.tensor([0.2, 0.8], dtype=torch.float64)).sample((3,)), D.Categorical(torch.tensor([1., 0.])).entropy())
d = D.Categorical(torch.tensor([-1., 2.]), validate_args=False)
print(d, d.probs, attempt(lambda: d.sample()), isinstance(c, D.Distribution), type(c).__module__, D.Distribution.__module__)
""",
    "multinomial_distribution": """
torch.manual_seed(1)
m = D.Multinomial(10, torch.tensor([1., 1., 2.]))
print(m, m.probs, m.logits, m.total_count, m.batch_shape, m.event_shape, m.param_shape, m.support, m.mean, m.variance)
s = m.sample()
print(s, m.sample((2,)), m.log_prob(s), m.entropy(), m.log_prob(torch.tensor([[10., 0., 0.], [3., 3., 4.]])))
m2 = D.Multinomial(logits=torch.tensor([[0., -1.], [2., 2.]]), total_count=4)
print(m2.sample(), m2.entropy(), m2.log_prob(torch.tensor([1., 3.])), D.Multinomial(probs=torch.tensor([0.3, 0.7])).sample((3,)))
print(D.Multinomial(5, torch.tensor([0., 1., 1.])).log_prob(torch.tensor([0., 2., 3.])))
print(D.Multinomial(5, logits=torch.tensor([-float('inf'), 0., 0.])).log_prob(torch.tensor([0., 2., 3.])))
print(D.Multinomial(3, torch.tensor([0.2, 0.8], dtype=torch.float64)).entropy(), m.expand((2,)).sample(), m.expand((2,)).batch_shape)
print(D.Multinomial(100, torch.tensor([0.1, 0.2, 0.3, 0.4])).sample(), D.Multinomial(30, torch.tensor([0.5, 0.5])).entropy())
w = torch.tensor([0.3, 0.7], requires_grad=True)
lp = D.Multinomial(4, probs=w).log_prob(torch.tensor([1., 3.]))
lp.backward()
print(lp, w.grad)
""",
    "distribution_errors": """
torch.manual_seed(2)
c = D.Categorical(torch.tensor([0.1, 0.2, 0.7]))
cl = D.Categorical(logits=torch.tensor([[1., 2., 3.], [0., 0., -1.]]))
m = D.Multinomial(10, torch.tensor([1., 1., 2.]))
for bad in [lambda: D.Categorical(), lambda: D.Categorical(torch.ones(2), torch.ones(2)), lambda: D.Categorical(torch.tensor(1.)),
            lambda: D.Categorical(logits=torch.tensor(1.)), lambda: D.Categorical(torch.tensor([-1., 2.])),
            lambda: D.Categorical(logits=torch.tensor([float('nan'), 0.])), lambda: c.log_prob(torch.tensor([3])),
            lambda: c.log_prob(torch.tensor([0.5])), lambda: c.log_prob([1]), lambda: cl.log_prob(torch.tensor([0, 0, 0])),
            lambda: c.sample((0,)), lambda: D.Multinomial(2.0, torch.ones(2)), lambda: D.Multinomial(-1, torch.ones(2)),
            lambda: D.Multinomial(3, torch.tensor([-1., 2.])), lambda: m.log_prob(torch.tensor([1., 2.])),
            lambda: m.log_prob(torch.tensor([5., 5., 5.])), lambda: m.log_prob(torch.tensor([-1., 5., 6.])),
            lambda: c.rsample(), lambda: c.cdf(1), lambda: c.icdf(1), lambda: D.Distribution().mode, lambda: D.Distribution().mean,
            lambda: D.Distribution().variance, lambda: D.Distribution().stddev, lambda: D.Distribution().support,
            lambda: D.Distribution(validate_args=False).arg_constraints, lambda: sorted(c.arg_constraints.items()),
            lambda: D.Distribution().entropy(), lambda: D.Distribution().enumerate_support(), lambda: D.Distribution().expand((2,)),
            lambda: D.Distribution().sample(), lambda: type(D.Distribution()).__name__, lambda: D.Distribution().log_prob(1),
            lambda: D.Distribution.set_default_validate_args(2), lambda: D.Categorical(torch.tensor([1, 2])),
            lambda: D.Categorical(torch.tensor([0., 0.])), lambda: D.Multinomial(0, torch.ones(2)).sample(),
            lambda: D.Categorical(torch.tensor([1., 2.]), validate_args=False).log_prob(torch.tensor([5]))]:
    print(attempt(bad))
D.Distribution.set_default_validate_args(False)
print(D.Categorical(torch.tensor([-1., 2.])).probs, D.Categorical(torch.tensor([1., 2.])).log_prob(torch.tensor([1.5])))
D.Distribution.set_default_validate_args(True)
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    print(c.sample_n(3), [str(x.message) for x in w], [x.category.__name__ for x in w])
    print(type(D.Distribution()).__name__, [str(x.message) for x in w][1:])
print(D.Distribution(torch.Size([2]), torch.Size([3]), validate_args=False).batch_shape, D.Distribution(torch.Size([2]), torch.Size([3]), validate_args=False).event_shape)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")


def test_multinomial_out_raises_booktorchs_error():
    import booktorch
    from booktorch.errors import NotInBrowserError

    with pytest.raises(NotInBrowserError, match=r"torch.multinomial\(..., out=...\) is not available in the browser"):
        booktorch.multinomial(booktorch.ones(3), 2, out=booktorch.zeros(2, dtype=booktorch.long))


@st.composite
def probabilities(draw):
    """The source of a 1-d or 2-d probability tensor of a floating dtype, some entries 0, maybe a view."""
    dtype = draw(st.sampled_from(["float32", "float64", "float16", "bfloat16"]))
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 9))
    values = [[draw(st.sampled_from([0.0, 0.5, 1.0, 3.0, 0.125, 1e-3, 7.25])) for _ in range(cols)] for _ in range(rows)]
    for row in values:
        if not any(row):
            row[0] = 1.0
    base = f"torch.tensor({values!r}, dtype=torch.{dtype})"
    return draw(st.sampled_from([base, f"{base}[0]", f"{base}.t().contiguous().t()", f"{base}[:, ::2]", f"{base}.flip(-1)"]))


@given(probabilities(), st.integers(1, 12), st.booleans(), st.integers(0, 2**32))
@examples(60)
def test_multinomial_draws_torchs_samples(p, n, replacement, seed):
    assert_same(f"""
torch.manual_seed({seed})
p = {p}
try:
    print(torch.multinomial(p, {n}, {replacement}))
except RuntimeError as e:
    print(e)
print(torch.rand(2))
""")


def test_distributions_booktorch_lacks_raise_its_error():
    import booktorch
    from booktorch.errors import NotInBrowserError

    with pytest.raises(NotInBrowserError, match="torch.distributions.Normal is not available in the browser"):
        booktorch.distributions.Normal(0.0, 1.0)
