"""Parity of the nn pieces readers meet in tutorials after Linear: nn.Embedding and F.embedding (lookup,
padding_idx, max_norm, the weight's gradient and its own derivative, errors), F.one_hot,
torch/F.cosine_similarity (values to the last bit, graph, gradients, errors), and nn.LazyLinear with
nn.UninitializedParameter (reprs before and after the first call, what an uninitialized parameter refuses,
state_dict both ways); random programs compare embedding and cosine_similarity gradients with torch's."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity import assert_same, examples, prelude

PRELUDE = prelude("attempt_repr", "walk") + """
nn = torch.nn
F = torch.nn.functional
"""

CELLS = {
    "embedding": """
torch.manual_seed(0)
emb = nn.Embedding(10, 3)
print(emb, emb.weight, emb.num_embeddings, emb.embedding_dim, emb.padding_idx, emb.max_norm, emb.sparse, emb.extra_repr())
idx = torch.tensor([[1, 2, 4, 5], [4, 3, 2, 9]])
out = emb(idx)
print(out, out.grad_fn.name(), out.shape, out.stride(), out.is_contiguous())
walk(out.grad_fn)
out.sum().backward()
print(emb.weight.grad)
e2 = nn.Embedding(5, 2, padding_idx=-2)
print(e2, e2.weight, e2.padding_idx)
y = e2(torch.tensor([0, 3, 3, 1]))
g = y.grad_fn
print(g._saved_padding_idx, g._saved_indices, g._saved_weight_sym_argsize_0, g._saved_sparse, g._saved_scale_grad_by_freq)
(y * torch.arange(8.).reshape(4, 2)).sum().backward()
print(y, e2.weight.grad)
emb.reset_parameters()
print(emb.forward(torch.tensor([[0, 9]])), F.embedding(torch.tensor([1]), emb.weight).grad_fn._saved_padding_idx, emb(torch.tensor(3)), emb(torch.tensor([1], dtype=torch.int32)))
print(F.embedding(torch.tensor([0, 2]), torch.eye(3)), torch.embedding(torch.eye(3), torch.tensor(1)), torch.embedding(torch.eye(2), torch.tensor([[1]]), 1))
pre = nn.Embedding.from_pretrained(torch.tensor([[1., 2.], [3., 4.]]))
print(pre, pre.weight.requires_grad, pre(torch.tensor([1, 0])), nn.Embedding.from_pretrained(torch.ones(2, 2), freeze=False, padding_idx=0).weight)
print(nn.Embedding(4, 3, max_norm=2.0, norm_type=1.0, scale_grad_by_freq=True, sparse=True), nn.Embedding(3, 2, dtype=torch.float64).weight.dtype)
print(nn.Embedding(2, 2, _weight=torch.zeros(2, 2), _freeze=True).weight, nn.Embedding(0, 3).weight.shape)
""",
    "embedding_gradients": """
torch.manual_seed(1)
w = torch.randn(4, 3, requires_grad=True)
z = F.embedding(torch.tensor([[1, 1], [2, 1]]), w, padding_idx=2)
g, = torch.autograd.grad((z * z).sum(), w, create_graph=True)
print(g, g.grad_fn.name(), g.grad_fn._saved_indices, g.grad_fn._saved_padding_idx)
walk(g.grad_fn)
g.sum().backward()
print(w.grad)
e16 = nn.Embedding(4, 2).half()
o = e16(torch.tensor([1, 1, 1, 2]))
(o * 0.1).sum().backward()
print(e16.weight.grad)
big = nn.Embedding(6, 5)
picks = torch.randint(0, 6, (40,))
(big(picks) * torch.randn(40, 5)).sum().backward()
print([v.hex() for v in big.weight.grad.flatten().tolist()][:12])
d = nn.Embedding(3, 2).double()
d(torch.tensor([[0, 2, 2]])).pow(2).sum().backward()
print(d.weight.grad)
""",
    "embedding_max_norm": """
torch.manual_seed(2)
m = nn.Embedding(4, 3, max_norm=1.0)
print(m, m(torch.tensor([1, 1, 3])), m.weight)
w = torch.randn(5, 2) * 3
print(F.embedding(torch.tensor([[4, 0], [0, 2]]), w, max_norm=2.0, norm_type=1.0), w)
print(F.embedding(torch.tensor([3]), w, max_norm=0.5, norm_type=float('inf')), w)
""",
    "embedding_errors": """
emb = nn.Embedding(10, 3)
for bad in [lambda: nn.Embedding(3, 2, padding_idx=3), lambda: nn.Embedding(3, 2, padding_idx=-4), lambda: emb(torch.tensor([1.0])),
            lambda: emb(torch.tensor([10])), lambda: emb(torch.tensor([-1])), lambda: F.embedding(torch.tensor([1]), torch.ones(3)),
            lambda: F.embedding([1], torch.ones(3, 2)), lambda: F.embedding(torch.tensor([1]), torch.ones(3, 2), padding_idx=5),
            lambda: F.embedding(torch.tensor([1]), torch.ones(3, 2), padding_idx=-4), lambda: nn.Embedding.from_pretrained(torch.ones(3)),
            lambda: nn.Embedding(3, 2, _weight=torch.ones(2, 2)), lambda: emb(torch.tensor([True])), lambda: emb([1]),
            lambda: torch.embedding(torch.ones(3, 2), torch.tensor([0]), 'a'), lambda: nn.Embedding(3)]:
    print(attempt(bad))
""",
    "one_hot": """
print(F.one_hot(torch.tensor([0, 2, 1])), F.one_hot(torch.tensor([[0], [3]]), 5), F.one_hot(torch.tensor(2), 3))
print(F.one_hot(torch.zeros(0, dtype=torch.long), 4), F.one_hot(torch.arange(3).reshape(3, 1).t(), num_classes=3).stride())
print(F.one_hot(torch.tensor([1, 0])).float() @ torch.tensor([[1., 2.], [3., 4.]]))
for bad in [lambda: F.one_hot(torch.tensor([1.])), lambda: F.one_hot(torch.tensor([-1])), lambda: F.one_hot(torch.tensor([3]), 3),
            lambda: F.one_hot(torch.zeros(0, dtype=torch.long)), lambda: F.one_hot(torch.tensor([1]), -2), lambda: F.one_hot(torch.tensor([1]), 0),
            lambda: F.one_hot(torch.tensor([1], dtype=torch.int32)), lambda: F.one_hot([1]), lambda: F.one_hot(torch.tensor([1]), num_classes=2.5)]:
    print(attempt(bad))
""",
    "cosine_similarity": """
torch.manual_seed(0)
a, b = torch.randn(4, 5), torch.randn(4, 5)
c = F.cosine_similarity(a, b)
print(c, [v.hex() for v in c.tolist()], torch.cosine_similarity(a, b, dim=0), F.cosine_similarity(a, b, -1, 0.5))
x = torch.randn(3, 8, requires_grad=True)
y = torch.randn(8, requires_grad=True)
s = F.cosine_similarity(x, y, dim=-1)
print(s)
walk(s.grad_fn)
s.sum().backward()
print(x.grad, y.grad)
print(F.cosine_similarity(torch.zeros(2, 3), torch.ones(2, 3)), F.cosine_similarity(torch.tensor([1, 2, 3]), torch.tensor([1., 0., 1.]), dim=0))
print(F.cosine_similarity(torch.randn(2, 3, dtype=torch.float64), torch.randn(2, 3)), F.cosine_similarity(torch.randn(5).half(), torch.randn(5).half(), 0))
print([v.hex() for v in F.cosine_similarity(torch.randn(6, 100), torch.randn(6, 100)).tolist()])
print(F.cosine_similarity(torch.randn(2, 40, 3), torch.randn(2, 40, 3)), F.cosine_similarity(torch.randn(3), torch.randn(3), dim=0))
for bad in [lambda: F.cosine_similarity(torch.tensor([1, 2]), torch.tensor([3, 4]), 0), lambda: F.cosine_similarity(torch.ones(2, 3), torch.ones(2, 4)),
            lambda: F.cosine_similarity(torch.ones(3), torch.ones(3)), lambda: F.cosine_similarity([1.], torch.ones(1), 0),
            lambda: torch.cosine_similarity(torch.ones(3), torch.ones(3), dim=0, eps='a'),
            lambda: F.cosine_similarity(torch.ones(2, 3, dtype=torch.bool), torch.ones(2, 3))]:
    print(attempt(bad))
""",
    "lazy_linear": """
torch.manual_seed(0)
m = nn.LazyLinear(3)
w = m.weight
print(m, w, m.bias, type(w).__name__, type(w).__module__, isinstance(w, nn.Parameter), list(m.parameters()), m.state_dict())
print(m.has_uninitialized_params(), w.dtype, w.size(), w.requires_grad, w.is_leaf, w.grad, w.device, w.data, str(w), w.is_floating_point())
for f in [lambda: w.shape, lambda: w.sum(), lambda: w * 2, lambda: 2 * w, lambda: w + 1, lambda: w - 1, lambda: w.t(), lambda: w.numel(),
          lambda: w.tolist(), lambda: w[0], lambda: w.detach(), lambda: w @ w, lambda: -w, lambda: w.requires_grad_()]:
    print(attempt(f))
print(type(w.double()).__name__, w.double().dtype, w.double().shape)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
m.double()
print(m.weight, m.weight.dtype, m.bias.dtype)
out = m(torch.ones(2, 4, dtype=torch.float64))
print(out, m, type(m).__name__, m.weight, type(m.weight).__name__, hasattr(m, 'has_uninitialized_params'), m.in_features, w is m.weight)
out.sum().backward()
opt.step()
print(m.weight, m.bias)
n = nn.LazyLinear(2, bias=False)
print(n, n.bias, n.state_dict(), n(torch.ones(5)), n, n.weight.shape)
seq = nn.Sequential(nn.LazyLinear(4), nn.ReLU(), nn.LazyLinear(1))
print(seq)
print(seq(torch.ones(3, 2)).shape, seq)
""",
    "lazy_state_and_errors": """
torch.manual_seed(3)
lz = nn.LazyLinear(3)
full = nn.Linear(5, 3)
print(lz.load_state_dict(full.state_dict()), lz, type(lz).__name__, lz.weight.shape, type(lz.weight).__name__, lz.has_uninitialized_params())
print(lz.state_dict()['bias'].equal(full.bias), lz.in_features, lz(torch.ones(1, 5)), lz, lz.in_features)
print(attempt(lambda: nn.Linear(2, 3).load_state_dict(nn.LazyLinear(3).state_dict())))
lz.reset_parameters()
print(lz.weight)
p = nn.LazyLinear(2)
p.reset_parameters()
print(p.weight, p.in_features)
p.initialize_parameters(torch.ones(3, 6))
print(p, type(p).__name__, p.weight.shape, p.has_uninitialized_params(), p.in_features)
u = nn.UninitializedParameter()
print(u, u.requires_grad, u.dtype, nn.UninitializedParameter(requires_grad=False, dtype=torch.float16).dtype)
u.materialize((2, 3))
print(type(u).__name__, u.shape, u.requires_grad)
v = nn.UninitializedParameter(dtype=torch.float64)
v.materialize(4, dtype=torch.float32)
print(v.shape, v.dtype, type(v).__name__)
import copy
c = copy.deepcopy(nn.LazyLinear(2))
print(c, c.weight, attempt(lambda: nn.LazyLinear(2)(torch.tensor(1.))))
lz2 = nn.LazyLinear(3)
lz2(torch.ones(2, 4))
print(attempt(lambda: lz2(torch.ones(2, 5))), attempt(lambda: nn.LazyLinear()), attempt(lambda: len(nn.UninitializedParameter())).split(' at 0x')[0])
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")


@pytest.mark.parametrize("argument", ["scale_grad_by_freq=True", "sparse=True"])
def test_embedding_gradients_outside_the_subset_raise_booktorchs_error(argument):
    import booktorch
    from booktorch.errors import NotInBrowserError

    emb = booktorch.nn.Embedding(3, 2, **{argument.split("=")[0]: True})
    with pytest.raises(NotInBrowserError, match=rf"embedding\(..., {argument}.* is not available in the browser"):
        emb(booktorch.tensor([0, 1]))


def _values(draw, n, pool):
    return [draw(st.sampled_from(pool)) for _ in range(n)]


ROUGH = [0.1, -0.7, 1.3, 2.9, -3.3, 0.01, 5.5, -0.45, 1e-3, 7.0]


@given(st.data())
@examples(40)
def test_random_embedding_lookups_and_gradients(data):
    draw = data.draw
    rows, width = draw(st.integers(1, 6)), draw(st.integers(1, 5))
    dtype = draw(st.sampled_from(["float32", "float32", "float64", "float16", "bfloat16"]))
    ishape = draw(st.lists(st.integers(1, 4), min_size=1, max_size=3))
    n = 1
    for s in ishape:
        n *= s
    picks = [draw(st.integers(0, rows - 1)) for _ in range(n)]
    pad = draw(st.sampled_from([None, 0, -1, rows - 1]))
    assert_same(PRELUDE + f"""
w = torch.tensor({_values(draw, rows * width, ROUGH)!r}, dtype=torch.{dtype}).reshape({rows}, {width}).requires_grad_()
i = torch.tensor({picks!r}).reshape({tuple(ishape)!r})
y = F.embedding(i, w, padding_idx={pad})
print(y, y.shape)
up = torch.tensor({_values(draw, n * width, ROUGH)!r}, dtype=torch.{dtype}).reshape(y.shape)
(y * up).sum().backward()
print([v.hex() for v in w.grad.double().flatten().tolist()])
""")


@given(st.data())
@examples(40)
def test_random_cosine_similarities_and_gradients(data):
    draw = data.draw
    shape = draw(st.lists(st.integers(1, 5), min_size=1, max_size=3))
    other = [s if draw(st.integers(0, 3)) else 1 for s in shape][draw(st.integers(0, len(shape) - 1)):]
    dim = draw(st.integers(-len(shape), len(shape) - 1))
    dtype = draw(st.sampled_from(["float32", "float32", "float64"]))
    n1 = n2 = 1
    for s in shape:
        n1 *= s
    for s in other:
        n2 *= s
    eps = draw(st.sampled_from(["", ", eps=0.5", ", eps=1e-12"]))
    assert_same(PRELUDE + f"""
a = torch.tensor({_values(draw, n1, ROUGH + [0.0])!r}, dtype=torch.{dtype}).reshape({tuple(shape)!r}).requires_grad_()
b = torch.tensor({_values(draw, n2, ROUGH + [0.0])!r}, dtype=torch.{dtype}).reshape({tuple(other)!r}).requires_grad_()
try:
    c = F.cosine_similarity(a, b, {dim}{eps})
    print([v.hex() for v in c.double().flatten().tolist()], c.shape)
    c.sum().backward()
    print([v.hex() for v in a.grad.double().flatten().tolist()], [v.hex() for v in b.grad.double().flatten().tolist()])
except Exception as e:
    print(type(e).__name__, e)
""")
