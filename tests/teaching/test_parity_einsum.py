"""Parity of torch.einsum: explicit and implicit outputs, diagonals of repeated labels, ellipses,
sums over labels seen once, operands as varargs, as one list and in the sublist form, dtypes, strides,
the backward graph torch builds (permute, diagonal, sum, bmm, view) with its gradients, and every error
of a bad equation or bad shapes, compared with real torch."""

import pytest

import torch
from parity import assert_same, needs_measured_mkl, prelude, run

PRELUDE = prelude("exact_hex", "show_meta", "attempt_show", "rnd", "walk_inline") + """
gen = torch.Generator().manual_seed(5)
"""

CELLS = {
    "einsum_equations": """
a = torch.arange(6.).reshape(2, 3)
b = torch.arange(12.).reshape(3, 4)
v = torch.tensor([1., -2., 3.])
w = torch.tensor([0.5, 1., -1., 2.])
m = torch.arange(9.).reshape(3, 3)
q = torch.arange(120.).reshape(2, 3, 4, 5)
k = torch.arange(180.).reshape(2, 3, 6, 5)
for f in [lambda: torch.einsum('ij,jk->ik', a, b), lambda: torch.einsum('ij,jk', a, b),
          lambda: torch.einsum('bhtd,bhsd->bhts', q, k), lambda: torch.einsum('i,i->', v, v),
          lambda: torch.einsum('i,i', v, v), lambda: torch.einsum('i,j->ij', v, w), lambda: torch.einsum('i,j', v, w),
          lambda: torch.einsum('ii->i', m), lambda: torch.einsum('ii->', m), lambda: torch.einsum('ii', m),
          lambda: torch.einsum('ij->ji', a), lambda: torch.einsum('ji', a), lambda: torch.einsum('ij', a),
          lambda: torch.einsum('ij->', a), lambda: torch.einsum('ij->j', a), lambda: torch.einsum('ij->i', a),
          lambda: torch.einsum('ij,ij->ij', a, a), lambda: torch.einsum('ij,ij->', a, a),
          lambda: torch.einsum('ij,kj->ik', a, a), lambda: torch.einsum('ij,kj->', a, a),
          lambda: torch.einsum('ij,j->i', a, v), lambda: torch.einsum('i,ij->j', torch.tensor([1., 2.]), a),
          lambda: torch.einsum('iij->j', torch.arange(12.).reshape(2, 2, 3)),
          lambda: torch.einsum('iji->ij', torch.arange(18.).reshape(3, 2, 3)),
          lambda: torch.einsum('ijk->kji', q[0]), lambda: torch.einsum('ab,cd->', a, b),
          lambda: torch.einsum('ij,jk,kl->il', a, b, torch.arange(8.).reshape(4, 2)),
          lambda: torch.einsum('i,i,i->', v, v, v), lambda: torch.einsum('i,i,i', v, v, v),
          lambda: torch.einsum('ij,jk -> ik', a, b), lambda: torch.einsum(' i j , j k ', a, b),
          lambda: torch.einsum('Ij,jK->IK', a, b), lambda: torch.einsum('ba,ab', a, a.t()),
          lambda: torch.einsum('i->', torch.zeros(0)), lambda: torch.einsum('ij,jk->ik', torch.zeros(2, 0), torch.zeros(0, 3)),
          lambda: torch.einsum('ij,jk->ik', torch.zeros(0, 3), b), lambda: torch.einsum('->', torch.tensor(3.)),
          lambda: torch.einsum(',->', torch.tensor(3.), torch.tensor(2.)), lambda: torch.einsum('i,->i', v, torch.tensor(2.)),
          lambda: torch.einsum('ij,ij->i', a.t().contiguous().t(), a[:, :3])]:
    attempt(f)
""",
    "einsum_ellipsis": """
x = torch.arange(24.).reshape(2, 3, 4)
y = torch.arange(20.).reshape(4, 5)
z = torch.arange(40.).reshape(2, 4, 5)
for f in [lambda: torch.einsum('...ij,...jk->...ik', x, z), lambda: torch.einsum('...ij,...jk', x, y),
          lambda: torch.einsum('...ij,jk->...ik', x, y), lambda: torch.einsum('...ij->...ji', x),
          lambda: torch.einsum('...ij->...', x), lambda: torch.einsum('...ij->ij', x), lambda: torch.einsum('...', x),
          lambda: torch.einsum('i...->...', x), lambda: torch.einsum('...i,i->...', x, torch.ones(4)),
          lambda: torch.einsum('b...,b...->b', x, x), lambda: torch.einsum('...,...->...', torch.ones(3, 1), torch.ones(4)),
          lambda: torch.einsum('i...j,j...->i...', torch.ones(2, 3, 4), torch.ones(4, 3)),
          lambda: torch.einsum('...ii->...i', torch.arange(18.).reshape(2, 3, 3)),
          lambda: torch.einsum('ij...,jk...->ik...', torch.ones(2, 3), torch.ones(3, 4)),
          lambda: torch.einsum('...->...', torch.tensor(5.)), lambda: torch.einsum('i...', torch.ones(2, 1, 3)),
          lambda: torch.einsum('ij,kl', torch.ones(1, 3), torch.ones(3, 1))]:
    attempt(f)
""",
    "einsum_operand_forms": """
a = torch.arange(6.).reshape(2, 3)
b = torch.arange(12.).reshape(3, 4)
for f in [lambda: torch.einsum('ij,jk->ik', [a, b]), lambda: torch.einsum('ij,jk->ik', (a, b)),
          lambda: torch.einsum(a, [0, 1], b, [1, 2], [0, 2]), lambda: torch.einsum(a, [0, 1], b, [1, 2]),
          lambda: torch.einsum(a, [Ellipsis, 1], b, [1, 2], [Ellipsis, 2]), lambda: torch.einsum(a, [30, 51]),
          lambda: torch.einsum(a, [0, 1], a, [0, 1], []), lambda: torch.einsum('ij', [a])]:
    attempt(f)
for f in [lambda: torch.einsum('ij'), lambda: torch.einsum(), lambda: torch.einsum('ij', []), lambda: torch.einsum(a),
          lambda: torch.einsum('ij', 5), lambda: torch.einsum('i,i', [a[0], 3]), lambda: torch.einsum(5, a),
          lambda: torch.einsum(None, a), lambda: torch.einsum('ij,jk', a, [b]),
          lambda: torch.einsum(a, [60]), lambda: torch.einsum(a, [-1, 0]), lambda: torch.einsum(a, 0),
          lambda: torch.einsum(a, ['a', 'b']), lambda: torch.einsum(a, [0, 1], [0, 52]),
          lambda: torch.einsum('ij', a, out=a), lambda: torch.einsum('ij', a, path=[0])]:
    attempt(f)
""",
    "einsum_dtypes": """
a = torch.arange(6).reshape(2, 3)
b = torch.arange(12).reshape(3, 4)
for dt in [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.int8, torch.uint8, torch.bool]:
    for f in [lambda: torch.einsum('ij,jk->ik', a.to(dt), b.to(dt)), lambda: torch.einsum('ii->', torch.eye(3).to(dt)),
              lambda: torch.einsum('ij->j', a.to(dt)), lambda: torch.einsum('i,j->ij', a[0].to(dt), a[1].to(dt)),
              lambda: torch.einsum('ij->ji', a.to(dt))]:
        attempt(f)
for f in [lambda: torch.einsum('ij,jk->ik', a.float(), b.double()), lambda: torch.einsum('ij,jk->ik', a.float(), b),
          lambda: torch.einsum('i,i->i', a[0].float(), a[1].double()), lambda: torch.einsum('i,i->i', a[0], a[1].float()),
          lambda: torch.einsum('i,i->', a[0].int(), a[1])]:
    attempt(f)
""",
    "einsum_float32_values": """
for eq, shapes in [('ij,jk->ik', [(5, 7), (7, 6)]), ('ik,kj->ij', [(16, 64), (64, 32)]), ('bij,bjk->bik', [(4, 20, 30), (4, 30, 10)]),
                   ('bhtd,bhsd->bhts', [(2, 2, 8, 16), (2, 2, 8, 16)]), ('i,i->', [(100,), (100,)]), ('ij,ij->', [(10, 30), (10, 30)]),
                   ('ij,kj->ik', [(9, 33), (7, 33)]), ('ii->', [(50, 50)]), ('ij->j', [(64, 3)]), ('ij,j->i', [(20, 50), (50,)]),
                   ('ijk,ikl->jl', [(3, 5, 7), (3, 7, 4)]), ('ij,jk,kl->il', [(6, 10), (10, 12), (12, 5)]),
                   ('ij,jk->ki', [(6, 40), (40, 12)]), ('bij,bjk->bki', [(2, 4, 30), (2, 30, 8)]),
                   ('bij,bj->bi', [(3, 8, 60), (3, 60)]), ('bij,bjk->bik', [(2, 3, 40), (2, 40, 13)]),
                   ('bhtd,bhsd->bhts', [(2, 3, 5, 16), (2, 3, 5, 16)])]:
    r = torch.einsum(eq, *[rnd(*s) for s in shapes])
    print(eq, tuple(r.shape), r.stride(), exact(r))
for eq, shapes in [('bhtd,bhsd->bhts', [(1, 4, 7, 32), (1, 4, 7, 32)]), ('bij,bjk->bik', [(3, 5, 30), (3, 30, 13)]),
                   ('bhts,bhsd->bhtd', [(2, 3, 5, 5), (2, 3, 5, 16)]), ('bij,bjk->bik', [(4, 6, 20), (4, 20, 6)])]:
    ops = [rnd(*s).requires_grad_() for s in shapes]
    r = torch.einsum(eq, *ops)
    (r * rnd(*r.shape)).sum().backward()
    print(eq, exact(r), [exact(o.grad) for o in ops])
""",
    "einsum_autograd": """
for eq, shapes in [('ij,jk->ik', [(2, 3), (3, 4)]), ('ij,jk', [(2, 3), (3, 4)]), ('bhtd,bhsd->bhts', [(2, 3, 4, 5), (2, 3, 6, 5)]),
                   ('i,i->', [(3,), (3,)]), ('i,j->ij', [(3,), (4,)]), ('ii->i', [(3, 3)]), ('ii->', [(3, 3)]),
                   ('ij->ji', [(2, 3)]), ('ij->', [(2, 3)]), ('ij->j', [(2, 3)]), ('...ij,...jk->...ik', [(5, 2, 3), (5, 3, 4)]),
                   ('...ij,...jk', [(5, 2, 3), (3, 4)]), ('ij,ij->ij', [(2, 3), (2, 3)]), ('ij,kj->', [(2, 3), (4, 3)]),
                   ('ij,jk,kl->il', [(2, 3), (3, 4), (4, 5)]), ('ij', [(2, 3)]), ('iij->j', [(2, 2, 3)]),
                   ('iji->ij', [(3, 2, 3)]), ('i,i,i->', [(4,), (4,), (4,)]), ('ab,cd->', [(2, 3), (4, 5)]),
                   ('...i,i->...', [(2, 3, 4), (4,)]), ('bi,bj->bij', [(2, 3), (2, 4)]), ('ij,jk->ki', [(2, 3), (3, 4)]),
                   ('bij,bjk->bki', [(2, 3, 4), (2, 4, 5)]), ('cd,cab', [(2, 2), (2, 1, 1)])]:
    ops = [rnd(*s).requires_grad_() for s in shapes]
    r = torch.einsum(eq, *ops)
    print(eq, tuple(r.shape), r.stride(), walk(r.grad_fn))
    (r * torch.randn(r.shape, generator=gen)).sum().backward()
    print([exact(o.grad) for o in ops])
x = rnd(3, 3).requires_grad_()
d = torch.einsum('ii->i', x)
moved = d.grad_fn.next_functions[0][0]
diag = moved.next_functions[0][0]
print(d._base is x, torch.einsum('ij->ji', x)._base is x, d.grad_fn._saved_dims, moved._saved_dims,
      diag._saved_dim1, diag._saved_dim2, diag._saved_offset, diag._saved_self_sym_sizes)
s = torch.einsum('ij->j', x)
print(s.grad_fn._saved_dim, s.grad_fn._saved_keepdim, s.grad_fn._saved_self_sym_sizes)
e = torch.einsum('ij,jk->', x, x)
print(exact(e), walk(e.grad_fn))
e.backward()
print(exact(x.grad))
with torch.no_grad():
    print(torch.einsum('ij,jk->ik', x, x).grad_fn, torch.einsum('ij,jk->ik', x, x).requires_grad)
""",
    "einsum_equation_errors": """
a = torch.ones(2, 3)
b = torch.ones(3, 4)
v = torch.ones(3)
for eq, ops in [('ij,jk,kl', (a, b)), ('ij', (a, b)), ('ij-ji', (a,)), ('i1', (v,)), ('ij->i2', (a,)), ('ij->kk', (a,)),
                ('ij->ii', (a,)), ('ij->k', (a,)), ('i.j', (a,)), ('..i', (v,)), ('i..', (v,)), ('.', (v,)),
                ('......', (v,)), ('...i...', (a,)), ('i->...', (v,)), ('...i->......', (a,)), ('...i->..', (a,)),
                ('...i->.i', (a,)), ('i', (a,)), ('ijk', (a,)), ('...ijk', (a,)), ('...ij', (v,)),
                ('ij,ij->', (a, b)), ('ii', (a,)), ('iij', (torch.ones(2, 3, 3),)), ('...i,...i', (torch.ones(2, 3), torch.ones(4, 3))),
                ('i...,i...', (torch.ones(2, 3, 5), torch.ones(2, 4, 5))), ('ij->j->i', (a,)), ('ij,->', (a,)),
                ('ié', (a,)), ('ij->ié', (a,)), ('i,i', (torch.ones(3), torch.ones(4))), ('ij,jk->ik', (a, torch.ones(2, 4))),
                ('->', (a,)), (',', (v,)), ('i,,i', (v, v)), ('Ab->AB', (a,))]:
    attempt(lambda: torch.einsum(eq, *ops))
""",
}


@pytest.mark.parametrize("name", [pytest.param(name, marks=needs_measured_mkl) if name == "einsum_float32_values" else name
                                  for name in sorted(CELLS)])
def test_cell(name):
    assert run(PRELUDE + CELLS[name], torch)[1] is None, "the program itself must run under torch"
    assert_same(PRELUDE + CELLS[name])
