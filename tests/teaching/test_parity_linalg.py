"""Parity of linear algebra: ``@``/matmul at every rank with batch broadcasting, mm, bmm, mv, dot, outer,
T, mT, transpose, diag, diagonal, trace, triu, tril, torch.det and torch.linalg's det, inv, solve, norm,
vector_norm, matrix_norm and matrix_rank: values (float32 bit for bit, as torch's CPU BLAS
adds them up), dtypes, shapes, strides and views, errors, and gradients with their backward graphs and saved
values, compared with real torch."""

import pytest

from parity import assert_same, needs_measured_mkl, prelude

PRELUDE = prelude("exact_hex", "show_meta", "attempt_show", "walk", "saved", "rnd") + """
gen = torch.Generator().manual_seed(7)
"""

CELLS = {
    "matmul_ranks": """
a = torch.arange(6.).reshape(2, 3)
b = torch.arange(12.).reshape(3, 4)
v = torch.tensor([1., -2., 3.])
w = torch.tensor([0.5, 1., -1., 2.])
for f in [lambda: v @ v, lambda: a @ v, lambda: torch.tensor([1., 2.]) @ a, lambda: a @ b, lambda: a.matmul(b),
          lambda: torch.matmul(a, b), lambda: torch.arange(24.).reshape(2, 3, 4) @ w,
          lambda: torch.arange(24.).reshape(2, 4, 3) @ v.reshape(3, 1),
          lambda: v @ torch.arange(24.).reshape(2, 3, 4), lambda: a @ torch.arange(24.).reshape(2, 3, 4),
          lambda: torch.arange(6.).reshape(2, 1, 3) @ torch.arange(36.).reshape(3, 3, 4),
          lambda: torch.arange(12.).reshape(2, 1, 1, 2, 3) @ torch.arange(36.).reshape(3, 3, 4),
          lambda: torch.zeros(0, 3) @ torch.zeros(3, 2), lambda: torch.zeros(2, 0) @ torch.zeros(0, 3),
          lambda: torch.zeros(2, 3, 0) @ torch.zeros(0, 4), lambda: torch.zeros(0) @ torch.zeros(0)]:
    attempt(f)
""",
    "matmul_errors": """
for f in [lambda: torch.tensor(2.) @ torch.ones(2), lambda: torch.ones(3) @ torch.ones(4),
          lambda: torch.ones(2, 3) @ torch.ones(4, 5), lambda: torch.ones(2, 3) @ torch.ones(2),
          lambda: torch.ones(2) @ torch.ones(3, 4), lambda: torch.ones(2, 2, 3) @ torch.ones(3, 4, 5),
          lambda: torch.ones(2, 3) @ torch.ones(3, 2, dtype=torch.float64),
          lambda: torch.ones(3) @ torch.ones(3, dtype=torch.float64),
          lambda: torch.ones(2, 3) @ torch.ones(3, dtype=torch.float64),
          lambda: torch.ones(2, 2, dtype=torch.bool) @ torch.ones(2, 2, dtype=torch.bool),
          lambda: torch.ones(2, dtype=torch.bool) @ torch.ones(2, dtype=torch.bool),
          lambda: torch.ones(2, 3) @ [1, 2, 3], lambda: torch.matmul(torch.ones(2), 3),
          lambda: torch.ones(2).matmul(3), lambda: [1., 2.] @ torch.ones(2)]:
    attempt(f)
""",
    "matmul_dtypes": """
for dt in [torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.int8, torch.uint8]:
    a = (torch.arange(12).reshape(3, 4) - 5).to(dt)
    b = (torch.arange(20).reshape(4, 5) % 7 - 2).to(dt)
    show(a @ b)
    show(a @ b[:, 0])
    show(a[0] @ b[:, 1])
    show(torch.stack([a, a]) @ b)
print(torch.full((2, 2), 100, dtype=torch.int8) @ torch.full((2, 2), 3, dtype=torch.int8))
h = torch.tensor([[0.1, 0.2, 0.3]] * 3, dtype=torch.float16)
print(exact(h @ h), exact((h @ h[0])), exact(h.bfloat16() @ h.bfloat16()))
""",
    "matmul_float32_exact": """
for m, k, n in [(64, 64, 64), (3, 4, 5), (5, 7, 3), (8, 16, 12), (4, 200, 20), (1, 9, 7), (7, 9, 1), (13, 13, 13),
                (10, 3, 11), (6, 400, 2), (2, 37, 6)]:
    a, b = rnd(m, k), rnd(k, n)
    print(m, k, n, exact(a @ b)[:40], exact(a @ b.t().contiguous().t())[-20:], exact(a.t().contiguous().t() @ b)[:20])
x = rnd(37)
print(exact(x @ rnd(37)), exact(x[1:] @ x[:-1]), exact(rnd(7, 37) @ x), exact(rnd(37, 5).t() @ x), exact(x[:9] @ rnd(9, 3)))
print(exact(rnd(3, 4, 5) @ rnd(3, 5, 2)), exact(rnd(2, 20, 30) @ rnd(30, 10))[:30], exact(rnd(3, 5) @ rnd(2, 5, 4)))
""",
    "matmul_float32_edges": """
# every kernel's shape: sums past float32's range become infinities, signed zeros as the chains
# start from +0, NaN and infinities carried through
for m, k, n in [(64, 2, 16), (16, 64, 2), (64, 16, 1), (1, 64, 16), (64, 1, 16), (1, 5, 1), (5, 7, 3), (3, 4, 5),
                (4, 200, 20)]:
    big = torch.full((m, k), 3e38)
    print(m, k, n, exact(big @ torch.full((k, n), 1.5)), exact(big @ torch.full((n, k), -1.5).t()))
    zeros = torch.zeros(m, k)
    print(exact(zeros @ torch.full((k, n), -1.)), exact(-zeros @ torch.ones(k, n)), exact(-zeros @ -torch.ones(k, n)))
    a = rnd(m, k)
    a[0, 0] = float("nan")
    b = rnd(k, n)
    b[-1, -1] = float("inf")
    print(exact(a @ b), exact(a @ b.t().contiguous().t()))
""",
    "matmul_autograd": """
a = rnd(2, 3, 4).requires_grad_()
b = rnd(4, 5).requires_grad_()
v = rnd(4).requires_grad_()
m = rnd(3, 4).requires_grad_()
for f in [lambda: a @ b, lambda: a @ v, lambda: v @ b, lambda: m @ v, lambda: v @ v, lambda: m @ b,
          lambda: v @ a.transpose(1, 2), lambda: b.t() @ a.transpose(1, 2), lambda: rnd(2, 1, 3, 3) @ a @ b,
          lambda: m.t() @ m, lambda: m @ m.t()]:
    r = f()
    show(r)
    walk(r.grad_fn)
    print(saved(r.grad_fn))
    for t in (a, b, v, m):
        t.grad = None
    r.sum().backward() if r.dim() == 0 else (r * rnd(*r.shape)).sum().backward()
    print([exact(t.grad) if t.grad is not None else None for t in (a, b, v, m)])
""",
    "mm_bmm_mv_dot_outer": """
a = rnd(3, 4).requires_grad_()
b = rnd(4, 2).requires_grad_()
v = rnd(4).requires_grad_()
u = rnd(3).requires_grad_()
x = rnd(2, 3, 4).requires_grad_()
y = rnd(2, 4, 5).requires_grad_()
for r in [torch.mm(a, b), a.mm(b), torch.mv(a, v), a.mv(v), torch.dot(v, v), v.dot(v * 2), torch.bmm(x, y),
          x.bmm(y), torch.outer(u, v), u.outer(v)]:
    show(r)
    print(saved(r.grad_fn))
    (r * rnd(*r.shape, 1)[..., 0]).sum().backward()
print(exact(a.grad), exact(b.grad), exact(v.grad), exact(u.grad), exact(x.grad), exact(y.grad))
for f in [lambda: torch.mm(a, v), lambda: torch.mm(v, b), lambda: torch.mm(a, a), lambda: torch.mv(a, b),
          lambda: torch.mv(a, u), lambda: torch.mv(v, v), lambda: torch.dot(a, v), lambda: torch.dot(v, u),
          lambda: torch.dot(v, v.double()), lambda: torch.bmm(a, b), lambda: torch.bmm(x, x),
          lambda: torch.bmm(x, rnd(3, 4, 5)), lambda: torch.outer(a, v), lambda: torch.outer(u, a),
          lambda: torch.mm(a, b.double()), lambda: torch.mv(a, v.double()), lambda: torch.bmm(x, y.double()),
          lambda: torch.mm(a, 2), lambda: a.mm([1]), lambda: torch.dot(v, 1), lambda: torch.outer(u, 2),
          lambda: torch.outer(torch.arange(3), torch.tensor([0.5, 2.]))]:
    attempt(f)
""",
    "transposes": """
a = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
m = torch.arange(6.).reshape(2, 3)
for f in [lambda: m.T, lambda: m.mT, lambda: a.mT, lambda: a.transpose(0, 2), lambda: torch.transpose(a, -1, 0),
          lambda: m.t(), lambda: torch.arange(3.).T, lambda: torch.arange(3.).mT]:
    attempt(f)
(a.mT * torch.arange(24.).reshape(2, 4, 3)).sum().backward()
print(a.grad)
""",
    "diagonals": """
x = torch.arange(12.).reshape(3, 4).requires_grad_()
v = torch.arange(3.).requires_grad_()
for f in [lambda: x.diag(), lambda: torch.diag(x, 1), lambda: torch.diag(x, -2), lambda: torch.diag(x, 9), lambda: v.diag(),
          lambda: torch.diag(v, -1), lambda: torch.diag(v, 2), lambda: x.diagonal(), lambda: x.diagonal(offset=-1, dim1=1, dim2=0),
          lambda: torch.diagonal(torch.zeros(2, 3, 4), 1, -1, 0), lambda: torch.diagonal(x, 5),
          lambda: torch.diag(torch.zeros(2, 2, 2)), lambda: torch.diag(torch.tensor(3.)),
          lambda: torch.diagonal(torch.zeros(2, 2), dim1=0, dim2=0), lambda: torch.diagonal(torch.zeros(2, 2), dim1=3),
          lambda: torch.diag(torch.ones(3, dtype=torch.bool)), lambda: torch.diag(torch.arange(6).reshape(2, 3))]:
    attempt(f)
d = x.diagonal()
print(d._base is x, d.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
print([saved(r.grad_fn) for r in (x.diag(1), v.diag(-1), x.diagonal(-1, 1, 0))])
(x.diag().sum() + x.diagonal(1).pow(2).sum() + x.diagonal(-1, 1, 0).sum() * 5).backward()
print(x.grad)
(v.diag(1) * torch.arange(16.).reshape(4, 4)).sum().backward()
print(v.grad)
""",
    "trace_triangles": """
x = torch.arange(12.).reshape(3, 4).requires_grad_()
for f in [lambda: x.trace(), lambda: torch.trace(x.t()), lambda: x.triu(1), lambda: torch.tril(x, -1), lambda: x.t().triu(),
          lambda: torch.triu(torch.ones(2, 3, 4, dtype=torch.bool), 1), lambda: torch.tril(torch.arange(24).reshape(2, 3, 4), -5),
          lambda: torch.triu(x, 10), lambda: torch.tril(x, -10), lambda: torch.trace(torch.zeros(2, 2, 2)),
          lambda: torch.triu(torch.zeros(3)), lambda: torch.tril(torch.tensor(1.)), lambda: torch.triu(x, 1.5),
          lambda: torch.trace(torch.zeros(3, 3, dtype=torch.bool)), lambda: torch.trace(torch.ones(3, 3, dtype=torch.int32)),
          lambda: torch.trace(torch.ones(3, 3, dtype=torch.uint8) * 200), lambda: torch.trace(torch.ones(3, 3, dtype=torch.float16) / 3),
          lambda: torch.trace(torch.ones(5, 5, dtype=torch.bfloat16) / 3), lambda: torch.trace(torch.zeros(0, 3))]:
    attempt(f)
print([saved(r.grad_fn) for r in (x.trace(), x.triu(-1), x.tril(2))])
(x.trace() * 2 + x.triu(1).sum() + (x.tril() * 3).sum()).backward()
print(x.grad)
print(exact(rnd(3, 3).trace()), exact(rnd(50, 50).trace()), exact(rnd(9, 9, dtype=torch.float64).trace()))
""",
    "det_inv_solve": """
gen = torch.Generator().manual_seed(3)
a = torch.tensor([[2., 1.], [1., 3.]], requires_grad=True)
b3 = torch.randn(4, 3, 3, generator=gen)
for f in [lambda: torch.linalg.det(a), lambda: torch.det(a), lambda: a.det(), lambda: torch.linalg.det(torch.tensor([[1., 2.], [3., 4.]])),
          lambda: torch.linalg.det(b3), lambda: torch.linalg.det(torch.ones(3, 3)), lambda: torch.linalg.det(torch.zeros(0, 0)),
          lambda: torch.linalg.det(torch.randn(6, 6, generator=gen)), lambda: torch.linalg.det(torch.randn(5, 5, generator=gen, dtype=torch.float64)),
          lambda: torch.linalg.inv(a), lambda: torch.linalg.inv(b3), lambda: torch.linalg.inv(torch.zeros(0, 0)),
          lambda: torch.linalg.solve(a, torch.tensor([1., 2.])), lambda: torch.linalg.solve(a, torch.eye(2)),
          lambda: torch.linalg.solve(b3, torch.ones(4, 3)), lambda: torch.linalg.solve(b3, torch.ones(3)), lambda: torch.linalg.solve(b3, torch.ones(3, 2)),
          lambda: torch.linalg.solve(a, torch.ones(5, 2, 2)), lambda: torch.linalg.solve(torch.randn(2, 4, 3, 3, generator=gen), torch.ones(3)),
          lambda: torch.linalg.det(torch.ones(2, 3)), lambda: torch.linalg.det(torch.ones(3)), lambda: torch.linalg.det(torch.ones(2, 2, dtype=torch.int64)),
          lambda: torch.linalg.inv(torch.ones(2, 2)), lambda: torch.linalg.inv(torch.ones(2, 3)), lambda: torch.linalg.solve(torch.ones(2, 2), torch.ones(2)),
          lambda: torch.linalg.solve(torch.eye(2), torch.ones(3)), lambda: torch.linalg.inv(torch.ones(2, 2, dtype=torch.int64)),
          lambda: torch.linalg.solve(torch.eye(2), torch.ones(2, dtype=torch.float64)), lambda: torch.linalg.inv(torch.zeros(3, 2, 2)),
          lambda: torch.linalg.solve(torch.zeros(3, 2, 2), torch.ones(2)), lambda: torch.det(torch.ones(2, 3)),
          lambda: torch.linalg.det(torch.ones(2, 2, dtype=torch.float16)), lambda: torch.linalg.inv(torch.ones(2, 2, dtype=torch.bfloat16)),
          lambda: torch.linalg.solve(torch.eye(2), torch.ones(2, dtype=torch.int64)), lambda: torch.linalg.solve(torch.eye(3), torch.ones(2, 3)),
          lambda: torch.linalg.solve(torch.eye(2, dtype=torch.int64), torch.ones(2, dtype=torch.int64)), lambda: torch.linalg.det(3),
          lambda: torch.det([[1.]]), lambda: torch.linalg.solve(torch.eye(2), [1, 2])]:
    attempt(f)
try:
    torch.linalg.inv(torch.zeros(2, 2))
except torch.linalg.LinAlgError as e:
    print("LinAlgError", isinstance(e, RuntimeError))
m = torch.tensor([[4., -2., 1.], [3., 6., -4.], [2., 1., 8.]], requires_grad=True)
y = torch.tensor([12., -25., 32.], requires_grad=True)
for r in (torch.linalg.det(m), torch.linalg.inv(m), torch.linalg.solve(m, y), torch.linalg.solve(m, torch.stack([y, y * 2], 1))):
    show(r)
    print(sorted(k for k in dir(r.grad_fn) if k.startswith('_saved_')))
    m.grad = y.grad = None
    (r * torch.arange(1., r.numel() + 1).reshape(r.shape)).sum().backward()
    print(m.grad, y.grad)
print(torch.linalg.det(m).grad_fn._saved_pivots, torch.linalg.det(m).grad_fn._saved_LU)
""",
    "inverse": """
gen = torch.Generator().manual_seed(4)
a = torch.tensor([[2., 1.], [1., 3.]], requires_grad=True)
for f in [lambda: torch.inverse(a), lambda: a.inverse(), lambda: torch.inverse(torch.randn(3, 4, 4, generator=gen)),
          lambda: torch.inverse(torch.zeros(2, 2)), lambda: torch.ones(3).inverse(), lambda: torch.inverse(torch.ones(2, 3)),
          lambda: torch.inverse(torch.ones(2, 2, dtype=torch.int64)), lambda: torch.inverse(torch.eye(3, dtype=torch.float64)),
          lambda: torch.inverse(input=torch.eye(2)), lambda: torch.inverse(3)]:
    attempt(f)
r = a.inverse()
print(r.grad_fn.name(), sorted(k for k in dir(r.grad_fn) if k.startswith('_saved_')))
(r * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
print(a.grad)
""",
    "solve_left_false": """
gen = torch.Generator().manual_seed(5)
A = torch.tensor([[4., -2., 1.], [3., 6., -4.], [2., 1., 8.]])
B = torch.tensor([[12., -25., 32.], [1., 0., 2.]])
X = torch.linalg.solve(A, B, left=False)
show(X)
print(torch.allclose(X @ A, B, atol=1e-5), torch.linalg.solve(A.mT, B.mT).mT.allclose(X))
b3 = torch.randn(4, 3, 3, generator=gen)
for f in [lambda: torch.linalg.solve(b3, torch.ones(2, 3), left=False), lambda: torch.linalg.solve(b3, torch.ones(4, 5, 3), left=False),
          lambda: torch.linalg.solve(A, torch.ones(2, 4, 3), left=False), lambda: torch.linalg.solve(A.mT, B, left=False),
          lambda: torch.linalg.solve(A.double(), B.double(), left=False), lambda: torch.linalg.solve(A, B.mT.contiguous().mT, left=False),
          lambda: torch.linalg.solve(A, torch.ones(3), left=False), lambda: torch.linalg.solve(A, torch.ones(3, 2), left=False),
          lambda: torch.linalg.solve(torch.ones(3, 3), torch.ones(2, 3), left=False),
          lambda: torch.linalg.solve(torch.ones(2, 3, 3), torch.ones(3), left=False),
          lambda: torch.linalg.solve(torch.stack([A, torch.ones(3, 3)]), torch.ones(2, 3), left=False),
          lambda: torch.linalg.solve(A, B.double(), left=False), lambda: torch.linalg.solve(A.int(), B.int(), left=False),
          lambda: torch.linalg.solve(torch.ones(2, 3), B, left=False), lambda: torch.linalg.solve(A, B, left=0), lambda: torch.linalg.solve(A, B, left=False, out=None)]:
    attempt(f)
m = A.clone().requires_grad_()
y = B.clone().requires_grad_()
r = torch.linalg.solve(m, y, left=False)
show(r)
print(sorted(k for k in dir(r.grad_fn) if k.startswith('_saved_')), r.grad_fn._saved_left)
(r * torch.arange(1., 7.).reshape(2, 3)).sum().backward()
print(m.grad, y.grad)
m.grad = None
g, = torch.autograd.grad(torch.linalg.solve(m, B, left=False).sum(), m, create_graph=True)
print(g.grad_fn is not None)
g.pow(2).sum().backward()
print(m.grad)
""",
    "svd_norms": """
A = torch.tensor([[3., 1.], [1., 2.], [0., 1.]], requires_grad=True)
for o in (2, -2, 'nuc'):
    r = torch.linalg.matrix_norm(A, o)
    show(r)
    print([f.name() for f, _ in r.grad_fn.next_functions], [g.name() for f, _ in r.grad_fn.next_functions for g, _ in f.next_functions])
    r.backward()
    print(A.grad)
    A.grad = None
print(torch.linalg.norm(A, 2), torch.linalg.norm(A, 'nuc', keepdim=True), torch.linalg.norm(A, -2, dim=(1, 0)))
show(torch.linalg.matrix_norm(A, 2, keepdim=True))
B = torch.arange(24.).reshape(2, 3, 4) % 7 - 3
for f in [lambda: torch.linalg.matrix_norm(B, 2), lambda: torch.linalg.matrix_norm(B, -2), lambda: torch.linalg.matrix_norm(B, 'nuc'),
          lambda: torch.linalg.matrix_norm(B, 2, dim=(0, 2)), lambda: torch.linalg.matrix_norm(B, 'nuc', dim=(2, 0), keepdim=True),
          lambda: torch.linalg.svdvals(B), lambda: torch.linalg.svdvals(B.double()), lambda: torch.linalg.svdvals(B.mT),
          lambda: torch.linalg.matrix_norm(torch.zeros(2, 0, 3), 2), lambda: torch.linalg.matrix_norm(torch.zeros(0, 2, 3), 2),
          lambda: torch.linalg.svdvals(torch.zeros(0, 3)), lambda: torch.linalg.matrix_norm(torch.eye(2), 2, dtype=torch.float64),
          lambda: torch.linalg.matrix_norm(torch.zeros(2, 0, 3), -2), lambda: torch.linalg.matrix_norm(torch.ones(2, 2, dtype=torch.float16), 'nuc'),
          lambda: torch.linalg.matrix_norm(torch.ones(2, 2, dtype=torch.bfloat16), -2), lambda: torch.linalg.matrix_norm(torch.ones(2, 2), 2, dtype=torch.float16),
          lambda: torch.linalg.matrix_norm(torch.ones(2, 2, dtype=torch.float64), 'nuc', dtype=torch.float32),
          lambda: torch.linalg.matrix_norm(torch.ones(2, 2), 1, dtype=torch.int64), lambda: torch.linalg.matrix_norm(torch.ones(2, 2, dtype=torch.float16), 1),
          lambda: torch.linalg.svdvals(torch.ones(2, 2, dtype=torch.int64)), lambda: torch.linalg.svdvals(torch.ones(2)),
          lambda: torch.linalg.svdvals(torch.ones(2, 2, dtype=torch.float16)), lambda: torch.linalg.svdvals([[1.]]),
          lambda: torch.linalg.matrix_norm(torch.ones(2, 2, dtype=torch.int64), 2), lambda: torch.linalg.matrix_norm(torch.ones(3), 2),
          lambda: torch.linalg.matrix_norm(torch.ones(3), 5), lambda: torch.linalg.matrix_norm(torch.ones(3), 'abc'),
          lambda: torch.linalg.matrix_norm(torch.ones(2, 2), 2, dim=(0, 0)), lambda: torch.linalg.matrix_norm(torch.ones(2, 2, dtype=torch.int64), 'fro', dim=(0,))]:
    attempt(f)
s = torch.linalg.svdvals(A)
show(s)
print(sorted(k for k in dir(s.grad_fn) if k.startswith('_saved')), s.grad_fn._saved_full_matrices, s.grad_fn._saved_S)
W = torch.tensor([[1., 2., 0.], [0., 1., 3.]], requires_grad=True)
(torch.linalg.svdvals(W) * torch.tensor([1., -2.])).sum().backward()
print(W.grad)
""",
    "norms_and_rank": """
a = torch.arange(6.).reshape(2, 3)
b = torch.arange(24.).reshape(2, 3, 4)
for f in [lambda: torch.linalg.norm(b), lambda: torch.linalg.norm(b, 2), lambda: torch.linalg.norm(b, 'fro'), lambda: torch.linalg.norm(a, 'fro', (0,)), lambda: torch.linalg.norm(a, dim=(0,1,2)), lambda: torch.linalg.norm(b, dim=(1,2)), lambda: torch.linalg.norm(b, 1, dim=(1,2)), lambda: torch.linalg.norm(a, 'abc'), lambda: torch.linalg.norm(a, 3.5), lambda: torch.linalg.norm(b, 3.5),
  lambda: torch.linalg.norm(a), lambda: torch.linalg.norm(a, 1), lambda: torch.linalg.norm(a, float('inf')), lambda: torch.linalg.norm(a[0], 1), lambda: torch.linalg.norm(b, 0, dim=1), lambda: torch.linalg.norm(a, -1, dim=(1, 0), keepdim=True),
  lambda: torch.linalg.matrix_norm(a, dim=(0,)), lambda: torch.linalg.matrix_norm(a, dim=(0,0)), lambda: torch.linalg.matrix_norm(a, -1), lambda: torch.linalg.matrix_norm(b, float('-inf'), keepdim=True), lambda: torch.linalg.matrix_norm(b, 1, dim=(2,0)), lambda: torch.linalg.matrix_norm(a, 'abc'), lambda: torch.linalg.matrix_norm(torch.ones(2,2,dtype=torch.int64)), lambda: torch.linalg.matrix_norm(a, dtype=torch.float64), lambda: torch.linalg.matrix_norm(torch.ones(3)), lambda: torch.linalg.matrix_norm(a, 3), lambda: torch.linalg.matrix_norm(b),
  lambda: torch.linalg.vector_norm(a, 1, -1), lambda: torch.linalg.vector_norm(torch.ones(2, dtype=torch.int64)), lambda: torch.linalg.vector_norm(b, float('inf'), (0, 2), True), lambda: torch.linalg.vector_norm(a, 0.5, dtype=torch.float64),
  lambda: torch.linalg.matrix_rank(torch.zeros(3,3)), lambda: torch.linalg.matrix_rank(b), lambda: torch.linalg.matrix_rank(torch.eye(3)), lambda: torch.linalg.matrix_rank(torch.ones(3)), lambda: torch.linalg.matrix_rank(a, tol=1.), lambda: torch.linalg.matrix_rank(a, hermitian=True), lambda: torch.linalg.matrix_rank(torch.zeros(0, 3)), lambda: torch.linalg.matrix_rank(a, atol=0.5, rtol=0.1),
  lambda: torch.linalg.matrix_rank(torch.ones(3, 3)), lambda: torch.linalg.matrix_rank(torch.ones(4, 4, dtype=torch.float64)), lambda: torch.linalg.matrix_rank(torch.tensor([[1., 2.], [2., 4.000001]])), lambda: torch.linalg.matrix_rank(torch.tensor([[1., 2.], [2., 4.01]])),
  lambda: torch.linalg.matrix_rank(torch.arange(16.).reshape(4, 4), hermitian=True), lambda: torch.linalg.matrix_rank(torch.ones(3, 3, dtype=torch.int64)), lambda: torch.linalg.matrix_rank(torch.zeros(2, 0, 3)),
  lambda: torch.linalg.norm(3), lambda: torch.linalg.vector_norm([1.]), lambda: torch.linalg.matrix_rank(1)]:
    attempt(f)
x = torch.tensor([[1., -2., 3.], [-4., 5., -6.]], requires_grad=True)
for f in [lambda: torch.linalg.norm(x), lambda: torch.linalg.matrix_norm(x), lambda: torch.linalg.matrix_norm(x, 1), lambda: torch.linalg.matrix_norm(x, float('inf')), lambda: torch.linalg.norm(x, -1), lambda: torch.linalg.vector_norm(x, 3, 1), lambda: torch.linalg.norm(x, dim=0)]:
    x.grad = None
    r = f()
    print(r, r.grad_fn.name(), [n[0].name() if n[0] else None for n in r.grad_fn.next_functions])
    r.sum().backward()
    print(x.grad)
print(torch.square(x).sum().sqrt(), torch.linalg.norm(x))
""",
}


# cells whose float32 products must match MKL's last bits
MKL_ORDERS = {"matmul_autograd", "matmul_float32_edges", "matmul_float32_exact", "mm_bmm_mv_dot_outer"}


@pytest.mark.parametrize("name", [pytest.param(name, marks=needs_measured_mkl) if name in MKL_ORDERS else name
                                  for name in sorted(CELLS)])
def test_cell(name):
    assert_same(PRELUDE + CELLS[name])
