"""Parity of the reductions (issue 10, item 4): sum, mean, prod, max/min, amax/amin, argmax/argmin,
std/var (correction, unbiased), var_mean/std_mean, norm, cumsum/cumprod, all/any/count_nonzero,
median/nanmedian, mode, topk, sort/argsort/msort, unique: dim (int or tuple), keepdim, dtype, the
named-tuple return types, ties, NaN, empty tensors and errors, float32 accumulation order (printed as
full-precision ``item()`` values, so the last bit counts), and autograd, under torch and booktorch."""

import pytest

from parity import assert_same, grads_helper
from test_parity_math import COMMON

PRELUDE = COMMON + """
def walk(g, d=0):
    if g is None:
        return
    saved = {k: getattr(g, k) for k in sorted(dir(g)) if k.startswith('_saved_') and k not in
             ('_saved_self', '_saved_result', '_saved_indices', '_saved_result0')}
    print(' ' * d + g.name(), saved)
    for n, _ in g.next_functions:
        walk(n, d + 2)
""" + grads_helper("(y * torch.arange(1, y.numel() + 1).reshape(y.shape)).sum()") + """
def pseudo(n, mod=1009, mult=7919):
    # deterministic, irregular float32 values in [0, 1), the same under torch and booktorch
    return ((torch.arange(n) * mult) % mod).float() / mod
def full(t):
    return [repr(v) for v in t.reshape(-1).tolist()]
"""

CELLS = {
    # ------------------------------------------------------------ sum / mean / prod
    "sum_mean": """
x = torch.tensor([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]]); i = torch.tensor([[1, 2, 3], [4, 5, 6]])
b = torch.tensor([[True, False, True], [False, False, True]]); e = torch.zeros(0, 3)
for s in ["x.sum()", "x.sum(0)", "x.sum((0, 1))", "x.sum([0, 1])", "x.sum((-1,))", "x.sum(dim=1, keepdim=True)",
          "x.sum(1, dtype=torch.float64)", "x.sum(dtype=torch.int32)", "i.sum(dtype=torch.float16)", "i.sum()", "b.sum()",
          "b.sum(0)", "i.to(torch.int8).sum()", "i.to(torch.uint8).sum(1)", "x.half().sum()", "x.sum(2)", "x.sum((0, 0))",
          "x.sum(())", "x.sum([])", "e.sum()", "e.sum(0)", "e.sum(1)", "torch.sum(x, 1)", "torch.sum(x, dim=(0,1), keepdim=True)",
          "torch.sum(x, axis=0)", "x.sum(axis=1)", "x.sum(0, True)", "x.sum(None)", "x.sum(dim=None)", "x.sum(keepdim=True)",
          "x.sum(1.5)", "x.sum('a')", "torch.sum(3)", "torch.sum(x, 1.5)", "torch.sum(x, keepdim=True)", "x.sum(dtype=5)",
          "x.sum(0, keepdim=2)", "x.sum([0, 1.5])", "x.sum(torch.tensor(0))", "x.sum(True)", "x.sum(foo=1)",
          "torch.sum(x, dim=1, foo=2)", "x.sum(dtype=torch.bool)", "torch.tensor(5.).sum(0)",
          "x.mean()", "x.mean(0)", "x.mean((0, 1))", "x.mean(1, keepdim=True)", "x.mean(dtype=torch.float64)", "i.mean()",
          "i.mean(dtype=torch.float32)", "b.mean()", "e.mean()", "e.mean(0)", "e.mean(1)", "x.mean(-1, True)",
          "torch.mean(x, axis=0)", "x.half().mean(0)", "x.bfloat16().mean()", "x.mean(dtype=torch.int64)",
          "i.mean(1, dtype=torch.float64)", "x.mean(None)", "x.mean(keepdim=True)", "x.mean(1.5)", "torch.mean(x, 1.5)",
          "torch.mean(x, keepdim=True)", "x.mean(dtype='a')", "x.mean((0, 0))", "torch.tensor(5.).mean(0)"]:
    print(s, attempt(lambda: ev(s)))
""",
    "sum_mean_float_order": """
for n in [7, 8, 16, 17, 33, 64, 100, 255, 257, 1000, 1025, 4097]:
    x = pseudo(n)
    print(n, repr(x.sum().item()), repr(x.mean().item()), repr(x.double().sum().item()), repr(x.half().sum().item()),
          repr(x.bfloat16().mean().item()), repr(x.reshape(1, n).sum(1).item()))
y = pseudo(6 * 70 * 9).reshape(6, 70, 9)
for d in [0, 1, 2, (0, 2), (1, 2), (0, 1)]:
    print(d, full(y.sum(d))[:12], full(y.mean(d))[:6])
print(full(y.permute(2, 0, 1).sum(1))[:10], full(y.transpose(0, 2).sum((0, 1)))[:10], full(y[:, ::3].sum(1))[:10])
print(full(pseudo(3000).reshape(30, 100).t().sum(0))[:10], full(pseudo(3000).reshape(100, 30).sum(0))[:10])
""",
    "prod": """
x = torch.tensor([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]]); i = torch.tensor([[1, 2, 3], [4, 5, 6]]); b = i > 2
e = torch.zeros(0, 3)
for s in ["x.prod()", "x.prod(0)", "x.prod(1, keepdim=True)", "i.prod()", "i.prod(1)", "b.prod()", "b.prod(0)",
          "x.prod(dtype=torch.float64)", "i.prod(dtype=torch.float32)", "x.prod((0, 1))", "e.prod()", "e.prod(0)", "e.prod(1)",
          "torch.prod(x, 0)", "x.half().prod()", "torch.tensor([2**40, 2**40]).prod()", "x.prod(dim=0)", "x.prod(0, dtype=torch.int32)",
          "x.prod(1.5)", "x.prod(keepdim=True)", "x.prod(None)", "torch.prod(x, dim=None)", "torch.prod(x, 1.5)",
          "torch.prod(x, keepdim=True)", "torch.prod(x, (0, 1))", "x.prod(0, keepdim=True, dtype=torch.float16)",
          "x.prod(dtype=torch.bool)", "x.prod(3)", "x.prod(axis=0)", "x.prod(foo=1)", "x.prod(torch.tensor(0))",
          "torch.tensor(5.).prod(0)"]:
    print(s, attempt(lambda: ev(s)))
for n in [5, 31, 32, 33, 64, 65, 300]:
    p = pseudo(n) * 0.4 + 0.8
    print(n, repr(p.prod().item()), repr(p.double().prod().item()), repr(p.half().prod().item()), repr(p.bfloat16().prod().item()))
q = pseudo(4 * 70 * 3).reshape(4, 70, 3) * 0.4 + 0.8
print(full(q.prod(1))[:6], full(q.prod(2))[:6], full(q.prod(0))[:6], full(q.transpose(0, 2).prod(0))[:6])
""",
    "sum_mean_prod_autograd": """
x = torch.tensor([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]])
z = torch.tensor([[1.5, 0.0, 3.0], [0.5, 4.0, -1.0]])
zz = torch.tensor([[1.5, 0.0, 3.0], [0.0, 4.0, -1.0]])
for f in [lambda a: a.sum(), lambda a: a.sum(0), lambda a: a.sum((0, 1), keepdim=True), lambda a: a.mean(), lambda a: a.mean(1),
          lambda a: a.sum(dtype=torch.float64), lambda a: a.prod(), lambda a: a.prod(0), lambda a: a.prod(1, keepdim=True),
          lambda a: a.prod(dtype=torch.float64), lambda a: torch.prod(a, 1) * a.sum(0)[:2]]:
    for v in (x, z, zz):
        grads(f, v)
for v in (torch.tensor(3.), torch.tensor([0.0]), torch.tensor([2.0, 0.0, 0.0])):
    grads(lambda a: a.prod(), v)
    grads(lambda a: a.prod(0), v)
""",
    # ------------------------------------------------------------ max / min / amax / amin / argmax / argmin
    "max_min": """
x = torch.tensor([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]]); i = torch.tensor([[1, 2, 3], [4, 5, 6]])
b = torch.tensor([[True, False, True], [False, False, True]]); e = torch.zeros(0, 3)
n = torch.tensor([1., float('nan'), 3., float('nan')])
for s in ["x.amax()", "x.amax(0)", "x.amax((0, 1))", "x.amax(1, keepdim=True)", "x.amin()", "x.amin(-1)", "i.amax(0)", "b.amax()",
          "b.amin(1)", "e.amax()", "e.amax(0)", "e.amax(1)", "torch.amax(x, dim=0)", "torch.amin(x, (0, 1))", "x.amax(dim=())",
          "x.amax(1.5)", "torch.amax(x, 1.5)", "x.amax(None)", "x.amax(keepdim=True)", "x.amax(0, True)", "x.amax(dtype=torch.float64)",
          "x.amax((0, 0))", "x.amax(3)", "x.amax([0, 1.5])", "x.amax(foo=1)", "x.amax(axis=0)", "x.amax(torch.tensor(1))",
          "x.max()", "x.max(0)", "x.max(1, keepdim=True)", "x.min(dim=1)", "torch.max(x)", "torch.max(x, 1)",
          "torch.max(x, dim=0, keepdim=True)", "i.max()", "b.max()", "b.max(0)", "e.max()", "e.max(0)", "e.max(1)", "x.max((0, 1))",
          "x.max(0)[0]", "x.max(0).values", "x.max(0).indices", "x.min(0).values", "x.min(0).indices", "torch.max(x, x)",
          "torch.min(x, 0)", "torch.max(x, 0.5)", "x.max(axis=0)", "x.max(None)", "x.max(keepdim=True)", "x.max(dim=None)",
          "x.min(0, True)", "x.max(x)", "x.max(0.5)", "x.max('a')", "torch.max(x, 'a')", "x.max(0, keepdim=None)",
          "torch.max(x, keepdim=True)", "torch.max(x, dim=None)", "torch.max(x, None)", "torch.min(x, 0.5)", "x.min(None)",
          "x.max(foo=1)", "x.max(0, foo=1)", "x.max(torch.tensor(0))", "x.max(True)", "x.max(3)",
          "x.argmax()", "x.argmax(0)", "x.argmax(1, keepdim=True)", "x.argmin()", "x.argmin(dim=1)", "i.argmax()", "b.argmax()",
          "e.argmax()", "e.argmax(1)", "e.argmax(0)", "torch.argmax(x)", "torch.argmin(x, 0, True)", "x.argmax(keepdim=True)",
          "x.argmax((0, 1))", "x.argmax(None)", "x.argmax(1.5)", "torch.argmax(x, 1.5)", "x.argmax(foo=1)", "x.argmax(3)",
          "x.argmax(torch.tensor(1))", "n.max()", "n.max(0)", "n.argmax()", "n.argmin()", "n.amax()", "n.amin()", "n.min()",
          "torch.tensor([3, 1, 3, 1]).max(0)", "torch.tensor([3, 1, 3, 1]).min(0)", "torch.tensor([3, 1, 3, 1]).argmax()",
          "torch.tensor([3, 1, 3, 1]).argmin()", "torch.tensor(5.).max()", "torch.tensor(5.).max(0)", "torch.tensor(5.).argmax(0)",
          "torch.tensor(5.).amax(0)", "torch.tensor([-0.0, 0.0]).max()", "torch.tensor([0.0, -0.0]).max()",
          "torch.tensor([0.0, -0.0]).min()", "torch.tensor([-0.0, 0.0]).amax()", "torch.tensor([0.0, -0.0]).max(0)"]:
    print(s, attempt(lambda: ev(s)))
r = x.max(1)
print(r, type(r).__name__, r.n_fields, r.n_sequence_fields, len(r), r[0], r[-1], list(r), r == (r.values, r.indices))
v, ix = r
print(v, ix, torch.return_types.max((1, 2)), torch.return_types.min([x, x]), attempt(lambda: torch.return_types.max((1, 2, 3))),
      attempt(lambda: torch.return_types.max(1, 2)), torch.return_types.max, type(x.min(0)).__module__)
for d in DTYPES:
    t = (torch.tensor([[3.5, -2.25, 0.0], [1.0, 0.1, -7.0]], dtype=torch.float64).to(d) if d.is_floating_point
         else torch.tensor([[3, -2, 0], [1, 100, -7]]).to(d))
    print(d, attempt(lambda: t.max()), attempt(lambda: t.min(1)), attempt(lambda: t.amax(0)), attempt(lambda: t.argmax()),
          attempt(lambda: t.argmin(0)), attempt(lambda: t.sum(1)), attempt(lambda: t.prod(0)), attempt(lambda: t.mean()))
""",
    "max_min_autograd": """
x = torch.tensor([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]])
t = torch.tensor([[3.0, 1.0, 3.0], [2.0, 2.0, 1.0]])
n = torch.tensor([[3.0, float('nan'), 3.0], [2.0, 2.0, float('nan')]])
for f in [lambda a: a.amax(), lambda a: a.amax(0), lambda a: a.amin((0, 1)), lambda a: a.amax(1, keepdim=True), lambda a: a.max(),
          lambda a: a.min(), lambda a: a.max(1).values, lambda a: a.min(0, keepdim=True)[0], lambda a: torch.amin(a, 1)]:
    for v in (x, t, n):
        grads(f, v)
""",
    # ------------------------------------------------------------ var / std
    "var_std": """
x = torch.tensor([[1.5, -2.0, 3.0, 0.25], [0.5, 4.0, -1.0, 2.0], [0.1, 0.2, 0.3, 0.4]])
for s in ["x.var()", "x.std()", "x.var(0)", "x.std(1)", "x.var(True)", "x.var(False)", "x.std(0, True)", "x.std(0, False)",
          "x.std(0, True, True)", "x.var(1, keepdim=True)", "x.var(dim=0, correction=0)", "x.var(correction=2)",
          "x.var(0, correction=5)", "x.var((0, 1))", "x.std([0, 1], keepdim=True)", "x.var(unbiased=False)",
          "x.var(0, unbiased=False, keepdim=True)", "torch.var(x)", "torch.std(x, 0)", "torch.std(x, dim=1, correction=0)",
          "torch.var(x, unbiased=False)", "torch.std(x, 0, True)", "x.var(correction=0.5)", "x.var(0, correction=True)",
          "torch.tensor([1, 2]).var()", "torch.tensor([True]).std()", "x.half().var()", "x.bfloat16().std(0)", "x.double().var(1)",
          "torch.zeros(0).var()", "torch.zeros(0, 3).var(0)", "torch.zeros(0, 3).var(1)", "torch.tensor(3.).var()",
          "torch.tensor(3.).std(0)", "torch.tensor([3.]).std()", "torch.tensor([3.]).var(correction=0)", "x.var(dim=None)",
          "x.var(None, True)", "x.var(1.5)", "x.std(foo=1)", "x.var(0, 1)", "x.var(keepdim=True)",
          "torch.tensor([float('nan'), 1.]).var()", "torch.tensor([float('inf'), 1.]).std()", "x.t().var(0)", "x[:, ::2].std(1)",
          "torch.var_mean(x)", "torch.std_mean(x, 0)", "torch.var_mean(x, 1, keepdim=True)", "torch.std_mean(x, correction=0)",
          "torch.var_mean(x, 0, False)", "torch.var_mean(x, unbiased=False)", "type(torch.var_mean(x))", "torch.std_mean(x, (0, 1))",
          "torch.var_mean(x.half(), 0)"]:
    print(s, attempt(lambda: ev(s)))
for n in [5, 17, 100, 1000]:
    p = pseudo(n) * 3 - 1
    q = pseudo(4 * n, 997).reshape(4, n)
    print(n, repr(p.var().item()), repr(p.std().item()), full(q.var(1)), full(q.double().std(1)), full(q.t().var(0)),
          [full(r) for r in torch.var_mean(q, 1)], repr(p.half().var().item()))
""",
    "var_std_autograd": """
x = torch.tensor([[1.5, -2.0, 3.0, 0.25], [0.5, 4.0, -1.0, 2.0], [0.1, 0.2, 0.3, 0.4]])
for f in [lambda a: a.var(), lambda a: a.std(), lambda a: a.var(0), lambda a: a.std(1, keepdim=True), lambda a: a.var(correction=0),
          lambda a: a.std((0, 1)), lambda a: a.var(0, correction=3), lambda a: a.var(correction=12), lambda a: a.std(correction=12),
          lambda a: a[0:1].std(0), lambda a: a.var(unbiased=False)]:
    grads(f, x)
grads(lambda a: a.std(), torch.tensor([2., 2., 2.]))
""",
    # ------------------------------------------------------------ norm
    "norm": """
x = torch.tensor([[1.5, -2.0, 3.0, 0.25], [0.5, 4.0, -1.0, 2.0], [0.0, 0.2, 0.3, 0.4]])
i = torch.tensor([[1, 2], [3, 4]])
for s in ["x.norm()", "x.norm(1)", "x.norm(2)", "x.norm(0)", "x.norm(3)", "x.norm(0.5)", "x.norm(float('inf'))",
          "x.norm(-float('inf'))", "x.norm(-1)", "x.norm('fro')", "x.norm(p=2, dim=0)", "x.norm(dim=1)", "x.norm(2, 1, True)",
          "x.norm(dim=(0, 1))", "x.norm(1, dim=[0, 1], keepdim=True)", "x.norm(dtype=torch.float64)", "torch.norm(x)",
          "torch.norm(x, 1, 0)", "torch.norm(x, dim=-1)", "torch.norm(x, p='fro', dim=(0, 1))", "torch.norm(x, 'fro', 0)",
          "torch.norm(x, p='fro', dim=(0, 1, 0))", "i.norm()", "i.float().norm()", "torch.norm(i)", "x.half().norm()",
          "x.bfloat16().norm()", "x.double().norm(1)", "x.half().norm(3, dim=0)", "torch.zeros(0).norm()",
          "torch.zeros(0).norm(float('inf'))", "torch.zeros(0).norm(-1)", "torch.zeros(0, 3).norm(float('inf'), dim=1)",
          "torch.zeros(0, 3).norm(float('inf'), dim=0)", "torch.zeros(0, 3).norm(dim=0)", "torch.zeros(0, 3).norm(dim=1)",
          "torch.tensor(3.).norm()", "torch.tensor([3., -4.]).norm()", "torch.tensor([float('nan'), 1.]).norm()",
          "torch.tensor([float('nan'), 1.]).norm(float('inf'))", "torch.tensor([float('inf'), 1.]).norm(1)", "x.norm(p=None)",
          "x.norm(2, dtype=torch.int32)", "x.norm(2, dtype=torch.float16)", "x.norm(dim=5)", "x[:, :1].norm(dim=1)",
          "x[:, :1].norm(0, dim=1)", "x.norm(1, 0, dtype=torch.float64)", "torch.norm(x, 2.5, (0, 1))", "x.norm(p='x')",
          "x.norm(1.5, dim=1.5)", "x.t().norm(dim=0)", "x.t().norm()", "torch.norm(x, 3, 0, False, dtype=torch.float64)"]:
    print(s, attempt(lambda: ev(s)))
for shape, dims in [((1000,), None), ((37,), None), ((5, 300), 1), ((300, 5), 0), ((4, 5, 60), (1, 2)), ((4, 5, 60), 0),
                    ((70, 3), 1), ((300, 5), None)]:
    y = (pseudo(torch.Size(shape).numel()) * 4 - 2).reshape(shape)
    for p in [2, 1, 0, float('inf')]:
        print(shape, dims, p, full(y.norm(p, dims))[:4], full(y.double().norm(p, dims))[:2], full(y.bfloat16().norm(p, dims))[:2],
              full(y.transpose(0, -1).norm(p, dims))[:4])
""",
    "norm_and_unique_check_order": """
# which check speaks first: vector_norm looks at dtypes before dims; unique(dim=...) at how many
# dimensions are empty before whether the selected one is
x = torch.tensor([-9, -9, -9])
for f in [lambda: x.norm(2, 1), lambda: torch.linalg.vector_norm(x, 2, 1), lambda: x.norm(2, 1, dtype=torch.float32),
          lambda: torch.linalg.vector_norm(x.float(), 2, 1, dtype=torch.int32), lambda: torch.linalg.vector_norm(x.float(), -1, 1),
          lambda: torch.linalg.vector_norm(torch.zeros(0), -1), lambda: torch.unique(torch.zeros(0, 0), dim=0),
          lambda: torch.unique(torch.zeros(0, 3), dim=0), lambda: torch.unique(torch.zeros(3, 0), dim=0),
          lambda: torch.unique(torch.zeros(0, 3, 0), dim=1), lambda: torch.unique(torch.zeros(0, 0), dim=2),
          lambda: torch.unique(torch.zeros(2, 0), dim=1, return_counts=True)]:
    print(attempt(f))
# an order without identity (negative, infinite) names each empty dimension asked for, as asked
e, e2, e3, z = torch.zeros(0), torch.zeros(0, 3), torch.zeros(3, 0), torch.tensor(0.)
for f in [lambda: e.norm(float('inf'), 0), lambda: torch.linalg.vector_norm(e, float('inf'), -1),
          lambda: torch.linalg.vector_norm(e, float('inf'), ()), lambda: torch.linalg.vector_norm(e, -1),
          lambda: torch.linalg.vector_norm(e2, float('inf'), (1, 0)), lambda: torch.linalg.vector_norm(e2, float('inf'), 1),
          lambda: torch.linalg.vector_norm(e3, -2, (0, 1)), lambda: torch.linalg.vector_norm(e3, -2, (-1,)),
          lambda: torch.linalg.vector_norm(z, float('inf'), 0), lambda: torch.linalg.vector_norm(z, -1, -1),
          lambda: z.prod(1), lambda: z.prod(0), lambda: z.prod(-1), lambda: z.prod(-2), lambda: z.prod(0, keepdim=True)]:
    print(attempt(f))
# a 0-d tensor still checks its dim; amax and amin name an empty dimension as given, max and argmax wrapped
for f in [lambda: z.sort(1), lambda: z.sort(-2), lambda: z.sort(0), lambda: torch.tensor(3).argsort(1),
          lambda: e.amax(-1), lambda: torch.zeros(0, 2).amin(-2), lambda: e.max(-1), lambda: e.argmax(-1),
          lambda: torch.zeros(2, 0).amax((0, -1)), lambda: e.min(-1), lambda: e.argmin(-1)]:
    print(attempt(f))
""",
    "norm_autograd": """
x = torch.tensor([[1.5, -2.0, 3.0, 0.25], [0.5, 4.0, -1.0, 2.0], [0.0, 0.2, 0.3, 0.4]])
for p in [2, 1, 0, 3, 0.5, 1.5, float('inf'), -float('inf'), 'fro']:
    for kw in [{}, {'dim': 0}, {'dim': 1, 'keepdim': True}]:
        grads(lambda a: a.norm(p, **kw), x)
grads(lambda a: a.norm(), torch.zeros(3))
grads(lambda a: a.norm(dtype=torch.float64), torch.zeros(3))
grads(lambda a: a[:, :1].norm(dim=1), x)
grads(lambda a: torch.norm(a, 2, 1) * a.norm(), x)
for p in [2, 1, 0, 0.5, float('inf'), 'fro']:  # a 0-d tensor's dim 0 is the tensor itself
    for kw in [{'dim': 0}, {'dim': -1, 'keepdim': True}, {'dim': (0,)}]:
        grads(lambda a: a.norm(p, **kw), torch.tensor(-2.5))
for s in ["x.norm(3, (0, 0))", "x.norm(2, (1, -1))", "torch.tensor(3.).norm(2, 1)", "torch.tensor(3.).norm(dim=())"]:
    print(s, attempt(lambda: ev(s)))
""",
    # ------------------------------------------------------------ cumsum / cumprod
    "cumsum_cumprod": """
x = torch.tensor([[1.5, -2.0, 3.0, 0.25], [0.5, 4.0, -1.0, 2.0], [0.0, 0.2, 0.3, 0.4]])
i = torch.tensor([[1, 2], [3, 4]]); b = torch.tensor([True, False, True])
for s in ["x.cumsum(0)", "x.cumsum(1)", "x.cumsum(-1)", "x.cumsum(dim=0)", "torch.cumsum(x, 1)", "x.cumsum(0, dtype=torch.float64)",
          "i.cumsum(0)", "i.to(torch.int8).cumsum(1)", "b.cumsum(0)", "b.cumprod(0)", "x.cumprod(1)", "i.cumprod(1)",
          "torch.cumprod(x, 0)", "x.half().cumsum(1)", "x.bfloat16().cumprod(1)", "x.cumsum()", "x.cumsum(2)", "x.cumsum(1.5)",
          "x.cumsum(None)", "torch.tensor(3.).cumsum(0)", "torch.zeros(0).cumsum(0)", "torch.zeros(2, 0).cumsum(1)", "x.t().cumsum(0)",
          "x.cumsum(0, dtype=torch.int32)", "i.cumsum(0, dtype=torch.float32)", "torch.tensor([1., float('nan'), 2.]).cumsum(0)",
          "torch.tensor([1., float('inf'), -float('inf')]).cumsum(0)", "torch.tensor([100, 100], dtype=torch.int8).cumsum(0)",
          "torch.tensor([100, 100], dtype=torch.int8).cumprod(0)", "torch.tensor([2**62, 4]).cumprod(0)", "x.cumsum(axis=0)",
          "x.cumsum(0, torch.float64)", "x.cumprod(0, dtype=torch.float16)", "torch.cumsum(x)"]:
    print(s, attempt(lambda: ev(s)))
for src in ["a = x.clone(); a.cumsum_(0)", "a = x.clone(); a.cumprod_(1)", "a = i.clone(); a.cumsum_(1, dtype=torch.float32)",
            "a = i.clone(); a.cumsum_(0)", "a = b.clone(); a.cumsum_(0)", "a = b.clone(); a.cumprod_(0)"]:
    try:
        ex(src); print(src, a)
    except Exception as err:
        print(src, f"{type(err).__name__}: {err}")
p = pseudo(1000)
print(full(p.cumsum(0))[-3:], full(p.half().cumsum(0))[-3:], full((p * 0.2 + 0.9).cumprod(0))[-3:], full(p.double().cumsum(0))[-2:])
""",
    "cumsum_cumprod_autograd": """
x = torch.tensor([[1.5, -2.0, 3.0, 0.25], [0.5, 4.0, -1.0, 2.0], [0.1, 0.2, 0.3, 0.4]])
for f in [lambda a: a.cumsum(0), lambda a: a.cumsum(1), lambda a: a.cumprod(1), lambda a: a.cumprod(0),
          lambda a: a.cumsum(1, dtype=torch.float64), lambda a: a.cumprod(0, dtype=torch.float64)]:
    for v in (x, torch.tensor([[1., 0., 2.], [0., 0., 3.]]), torch.tensor([2., 3., 0.5])):
        grads(f, v)
a = x.clone().requires_grad_(); w = a * 1; w.cumsum_(0); walk(w.grad_fn); w.sum().backward(); print(a.grad)
# zeros with infinities and NaN beside them: torch's first-zero masks decide where they go
inf, nan = float('inf'), float('nan')
for v in ([0., 0., -inf], [1., nan, 0., 2.], [2., 0., 0., 5.], [inf, 0., 3.], [[1., 2.], [0., 5.], [3., 0.]]):
    a = torch.tensor(v, requires_grad=True)
    a.cumprod(0).backward(torch.arange(1., a.numel() + 1).reshape(a.shape))
    print(a.grad)
""",
    # ------------------------------------------------------------ all / any / count_nonzero
    "all_any_count": """
x = torch.tensor([[1.5, 0.0, 3.0], [0.0, 0.0, -1.0]]); i = torch.tensor([[1, 0], [3, 4]])
b = torch.tensor([[True, False], [True, True]]); u = torch.tensor([0, 2, 255], dtype=torch.uint8)
for s in ["x.all()", "x.any()", "x.all(0)", "x.any(1)", "x.all(1, keepdim=True)", "x.all((0, 1))", "x.any(dim=(0,))", "torch.all(x)",
          "torch.any(x, 0)", "i.all()", "i.any(0)", "b.all(1)", "b.any()", "u.all()", "u.any()", "u.all(0)", "torch.zeros(0).all()",
          "torch.zeros(0).any()", "torch.zeros(0, 3).all(0)", "torch.zeros(0, 3).any(1)", "torch.tensor(0.).all()", "torch.tensor(2).any(0)",
          "torch.tensor([float('nan')]).all()", "x.all(2)", "x.all(1.5)", "x.all(None)", "x.all(dim=None)", "x.any(keepdim=True)",
          "x.count_nonzero()", "x.count_nonzero(0)", "x.count_nonzero(dim=1)", "x.count_nonzero((0, 1))", "torch.count_nonzero(x)",
          "torch.count_nonzero(x, dim=0)", "b.count_nonzero()", "i.count_nonzero(1)", "torch.zeros(0).count_nonzero()",
          "x.count_nonzero(keepdim=True)", "x.count_nonzero(None)", "x.count_nonzero(1.5)", "x.count_nonzero((0, 0))",
          "torch.tensor([float('nan'), 0.]).count_nonzero()", "x.all(axis=0)", "x.half().any(0)", "x.bfloat16().all()",
          "torch.all(x, 0, True)", "x.all(0, True)", "x.t().any(1)"]:
    print(s, attempt(lambda: ev(s)))
xx = x.clone().requires_grad_()
print(xx.all().requires_grad, xx.any(0).grad_fn, xx.count_nonzero().requires_grad)
""",
    # ------------------------------------------------------------ sort / topk / median / mode / unique
    "sort_topk": """
a = torch.tensor([3., 1., 3., 1., 2., float('nan'), 2., -0.0, 0.0]); i = torch.tensor([5, 1, 5, 1, 2, 2, 9])
m = torch.tensor([[3., 1., 2., 1.], [0., 0., 5., 5.], [2., 2., 2., 1.]])
for s in ["a.sort()", "a.sort(descending=True)", "a.sort(stable=True)", "a.sort(stable=True, descending=True)", "torch.sort(a)",
          "i.sort()", "i.sort(descending=True)", "m.sort(0)", "m.sort(1, True)", "m.sort(dim=0, descending=True)", "a.argsort()",
          "a.argsort(descending=True)", "torch.argsort(i)", "i.argsort(stable=True)", "m.argsort(0)", "torch.argsort(m, dim=1, descending=True)",
          "torch.tensor([True, False, True]).sort()", "torch.tensor(3.).sort()", "torch.zeros(0).sort()", "i.to(torch.uint8).sort()",
          "m.t().sort(1)", "m.t().sort(1)[0].stride()", "m.t().sort(1)[1].stride()", "m[:, ::2].sort(1)[0].stride()", "a.half().sort()",
          "a.msort()", "torch.msort(m.t())", "m.sort(2)", "m.sort(1.5)", "torch.sort(m, 1.5)", "m.sort(dim=1, descending=True, stable=None)",
          "torch.sort(m, stable=True, dim=0)", "m.argsort(dim=0, stable=True)", "torch.zeros(3, 0).sort(1)",
          "torch.tensor(5.).sort(0, descending=True)", "a.topk(3)", "a.topk(3, largest=False)", "i.topk(3)", "i.topk(2, largest=False)",
          "m.topk(2)", "m.topk(2, dim=0)", "m.topk(2, 0, False)", "m.topk(1, sorted=False)", "m.topk(3, sorted=False)", "i.topk(7)",
          "i.topk(8)", "i.topk(0)", "a.topk(-1)", "torch.topk(i, 2)", "torch.tensor([1., 1., 1., 1., 1.]).topk(2)",
          "torch.tensor([1., 1., 1., 1., 1.]).topk(2, largest=False)", "torch.tensor([2, 1, 2, 1, 2, 2]).topk(3)",
          "torch.tensor([2, 1, 2, 1, 2, 2]).topk(3, largest=False)", "torch.tensor(5.).topk(1)", "torch.tensor(5.).topk(0)",
          "torch.zeros(0).topk(0)", "torch.tensor([True, False]).topk(1)", "m.t().topk(2, 1)[0].stride()", "m.topk(2, 5)", "m.topk(2.5)",
          "m.topk(k=2, dim=0, largest=False)", "torch.zeros(2,3).topk(4, dim=0)"]:
    print(s, attempt(lambda: ev(s)))
r = m.sort(1)
print(r.values, r.indices, type(r).__name__, m.topk(1).values, m.topk(1).indices, torch.return_types.sort((1, 2)), torch.return_types.topk)
big = ((torch.arange(300) * 7919) % 11).float()
print(big.sort().indices[:40], big.sort(descending=True).indices[:40], big.sort(stable=True).indices[:40])
print(big.topk(4).indices, big.topk(4, largest=False).indices, big.topk(100).indices[:30], big.topk(100, sorted=False).indices[:30])
print(big.reshape(10, 30).topk(3, 1).indices, big.reshape(30, 10).topk(5, 0, largest=False).indices, big.reshape(20, 15).sort(0).indices[:, :4])
""",
    "median_mode_unique": """
a = torch.tensor([3., 1., 3., 1., 2., 2., -0.0, 0.0]); n = torch.tensor([3., float('nan'), 1.]); i = torch.tensor([5, 1, 5, 1, 2, 2, 9])
m = torch.tensor([[3., 1., 2., 1.], [0., 0., 5., 5.], [2., 2., 2., 1.]])
for s in ["a.median()", "i.median()", "n.median()", "m.median()", "a.median(0)", "m.median(0)", "m.median(1)", "m.median(1, keepdim=True)",
          "torch.median(m, dim=0)", "n.median(0)", "torch.tensor([[1., float('nan'), float('nan')]]).median(1)", "torch.zeros(0).median()",
          "torch.zeros(0, dtype=torch.int64).median()", "torch.zeros(0, 3).median(0)", "torch.zeros(0, 3).median(1)",
          "torch.tensor(3.).median()", "torch.tensor(3.).median(0)", "torch.tensor([True, False]).median()", "n.nanmedian()",
          "n.nanmedian(0)", "torch.nanmedian(m, 1)", "torch.tensor([float('nan'), float('nan')]).nanmedian(0)", "m.t().median(1)[0].stride()",
          "m.median(5)", "m.median(1.5)",
          "a.mode()", "i.mode()", "m.mode()", "m.mode(0)", "m.mode(1, keepdim=True)", "torch.mode(i)", "n.mode()",
          "torch.tensor([1., 2., 3.]).mode()", "torch.tensor(3.).mode()", "torch.zeros(0).mode()", "torch.zeros(0, 3).mode(0)",
          "torch.tensor([True, False, True]).mode()", "torch.tensor([2, 2, 1, 1, 3]).mode()", "torch.tensor([4, 2, 4, 2, 2, 4]).mode()",
          "m.mode(5)", "m.t().mode(1)[0].stride()",
          "torch.unique(i)", "torch.unique(i, sorted=False)", "torch.unique(a)", "i.unique(return_inverse=True)", "i.unique(return_counts=True)",
          "i.unique(return_inverse=True, return_counts=True)", "torch.unique(m)", "torch.unique(m, return_inverse=True)",
          "torch.unique(m, dim=0)", "torch.unique(m, dim=1)",
          "torch.unique(torch.tensor([[1, 2], [1, 2], [0, 5]]), dim=0, return_inverse=True, return_counts=True)", "torch.unique(n)",
          "torch.unique(torch.tensor([float('nan'), float('nan')]))", "torch.unique(torch.zeros(0))", "torch.unique(torch.tensor(3))",
          "torch.unique(torch.tensor(3), dim=0)", "torch.tensor(2.).unique(dim=-1, return_counts=True)",
          "torch.unique(torch.tensor([True, False, True]))", "torch.unique(i, dim=0)", "torch.unique(torch.tensor([[1, 2], [1, 2]]), dim=2)",
          "torch.unique(m, sorted=False, dim=0)", "type(torch.unique(i, return_counts=True))", "torch.unique(torch.zeros(0, 3), dim=0)",
          "torch.unique(torch.zeros(0, 3), dim=1)", "torch.unique(torch.zeros(2, 3), dim=1)", "torch.unique(m.t(), return_inverse=True)[1].stride()",
          "torch.unique(torch.tensor([5, 3, 5, 1, 3, 8, 0, 1, 7]), sorted=False)", "torch.unique(i.to(torch.uint8), return_counts=True)"]:
    print(s, attempt(lambda: ev(s)))
r = m.median(1)
print(r.values, r.indices, m.mode(0).values, m.mode(0).indices, n.nanmedian(0).values, n.nanmedian(0).indices,
      torch.return_types.median, torch.return_types.mode, torch.return_types.nanmedian)
big = ((torch.arange(300) * 7919) % 7).float()
print(big.reshape(10, 30).median(1), big.reshape(30, 10).mode(0), big.reshape(15, 20).nanmedian(0).indices)
""",
    "sorting_autograd": """
m = torch.tensor([[3., 1., 2., 1.], [0., 0., 5., 5.], [2., 2., 2., 1.]])
for f in [lambda x: x.median(), lambda x: x.median(1)[0], lambda x: x.nanmedian(), lambda x: x.nanmedian(0).values,
          lambda x: x.mode(0)[0], lambda x: x.sort(1)[0], lambda x: x.topk(2)[0], lambda x: x.topk(2, 0)[0],
          lambda x: x.sort(0, descending=True).values, lambda x: x.msort(), lambda x: torch.unique(x), lambda x: torch.unique(x, dim=0)]:
    grads(f, m)
print(m.median(1).indices.grad_fn, m.clone().requires_grad_().sort(1).indices.requires_grad)
""",
    "reduction_arguments": """
x = torch.tensor([[3, 0, -2], [1, 5, 1]])
f = torch.tensor([[3., 1., 2.], [0., 5., 5.]])
b = torch.tensor([[True, False]])
for s in ["x.all(dim=())", "x.any((), True)", "x.t().all(())", "x.to(torch.uint8).all(dim=[])", "x.count_nonzero(())",
          "torch.all(x, ())", "torch.tensor(0.).any(())",
          "x.cumsum(1, keepdim=True)", "torch.cumsum(x, 1, keepdim=True)", "x.cumsum((0, 1))", "torch.cumsum(x, (0, 1))",
          "x.cumsum(dim=())", "x.cumprod(1, True)", "torch.cumprod(x, 1, True)", "x.cumsum(axis=1)", "x.cumsum(0, dtype=float)",
          "x.cumsum(foo=1)", "x.cumsum(1, dtype=1)", "torch.cumsum(input=x, dim=0)", "x.clone().cumsum_(axis=1)",
          "x.clone().cumsum_(0, dtype=float)", "x.clone().cumprod_(1, True)", "x.clone().cumsum_(dim=[1])", "x.clone().cumsum_()",
          "f.sort(stable=True)", "f.sort(stable=None)", "torch.sort(f, dim=0, stable=True, descending=True)", "f.sort(0, stable=True)",
          "f.sort(0, descending=False, stable=False)", "f.sort(dim=(0, 1))", "f.sort(foo=1, bar=2)", "torch.sort(f, 0, stable=False)",
          "f.argsort(stable=None)", "f.argsort(0, stable=True)", "torch.argsort(f, 1.5)", "f.argsort(dim=0, stable=True)",
          "torch.sort(f, 0, descending=False, stable=False)",
          "b.median()", "b.nanmedian()", "b.median(1)", "b.nanmedian(0)", "b.median(2)", "torch.tensor(True).median(0)",
          "torch.zeros(2, 0, dtype=torch.bool).median()", "torch.zeros(2, 0, dtype=torch.bool).median(1)", "torch.zeros(2, 0).nanmedian(1)",
          "x.unique(0)", "x.unique(True, 1)", "torch.unique(x, 0)", "x.unique(sorted=0)", "x.unique(None)", "x.unique(False)",
          "x.unique(True, False, True, 0)", "x.unique(dim=1.5)", "x.unique(dim=0, sorted=1)", "torch.unique(x, dim=(0,))",
          "x.unique(foo=1)", "torch.unique(x, foo=1)"]:
    print(s, attempt(lambda: ev(s)))
g = f.clone().requires_grad_()
for s in ["g.sort(stable=True)", "g.sort(1)", "g.sort(dim=0, stable=False)", "torch.sort(g, stable=True)"]:
    v = ev(s).values
    print(s, v.grad_fn.name(), v.grad_fn._saved_dim)
    v.sum().backward()
print(g.grad)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
