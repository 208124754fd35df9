"""Parity of sampling: ``torch.multinomial`` (with and without replacement, every floating dtype, rows and
views, the draws it leaves for the next call, its argument errors), bit for bit after a seed, with random
programs; ``out=`` is booktorch's own error (tested below)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity import assert_same, examples, prelude

PRELUDE = prelude("attempt_repr")

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
