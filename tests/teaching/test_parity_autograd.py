"""Parity of autograd on vectors: ``backward(gradient=...)`` and the non-scalar error, ``retain_graph``
and the second-backward error, ``torch.autograd.grad`` and ``backward`` (lists of outputs, ``inputs=``,
``create_graph=True`` and second derivatives), ``retain_grad``, Tensor and node hooks, ``detach``,
``detach_``, ``requires_grad_``, the in-place errors (a leaf that requires grad, a saved tensor
modified in place), the grad-mode switches and ``torch.autograd.functional.jacobian`` / ``hessian``."""

import pytest

from parity import assert_same

PRELUDE = """
def attempt(f):
    try:
        r = f()
    except Exception as e:
        return f"{type(e).__name__}: {e}"
    return r

def fn_names(t):
    return [(f.name() if f is not None else None, n) for f, n in t.grad_fn.next_functions]
"""

CELLS = {
    "backward_gradient": """
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * x
print(attempt(lambda: y.backward()))
y.backward(gradient=torch.tensor([1., 0.1, 0.01]))
print(x.grad)
z = (x ** 3).reshape(3, 1) * torch.ones(1, 2)
z.backward(torch.ones(3, 2))
print(x.grad)
w = x * 2
print(attempt(lambda: w.backward(torch.ones(2))))
print(attempt(lambda: w.backward([1., 2., 3.])))
w.backward(torch.tensor([1., 2., 3.], dtype=torch.float64))
print(x.grad, x.grad.dtype)
i = torch.tensor([1, 2])
print(attempt(lambda: i.sum().backward()), attempt(lambda: torch.tensor(2.).backward()))
s = (x * 2).sum()
s.backward(torch.tensor(3.))
print(x.grad)
""",
    "retain_graph": """
x = torch.tensor([1., 2.], requires_grad=True)
y = (x.exp() * x).sum()
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
print(attempt(lambda: y.backward()))
print(attempt(lambda: y.grad_fn.next_functions[0][0]._saved_self))
z = (x * x).sum()
g1 = torch.autograd.grad(z, x, retain_graph=True)
g2 = torch.autograd.grad(z, x)
print(g1, g2, attempt(lambda: torch.autograd.grad(z, x)))
u = x.sin()
v = u * 3 + u * u
v.sum().backward()
print(x.grad)
""",
    "autograd_grad": """
x = torch.tensor([1., 2., 3.], requires_grad=True)
w = torch.tensor([[1., -1.], [0.5, 2.], [0., 1.]], requires_grad=True)
y = x @ w
gx, gw = torch.autograd.grad(y, [x, w], grad_outputs=torch.tensor([1., 2.]))
print(gx, gw, x.grad, w.grad)
print(torch.autograd.grad((x * 2).sum(), x))
print(torch.autograd.grad([(x * 2).sum(), (x * x).sum()], [x]))
print(torch.autograd.grad([x * 2, x.sum()], x, grad_outputs=[torch.ones(3), torch.tensor(5.)]))
a = torch.tensor(1., requires_grad=True)
print(attempt(lambda: torch.autograd.grad((x * 2).sum(), [x, a])))
print(torch.autograd.grad((x * 2).sum(), [x, a], allow_unused=True))
print(torch.autograd.grad((x * 2).sum(), [x, a], materialize_grads=True))
print(attempt(lambda: torch.autograd.grad((x * 2).sum(), [x, a], allow_unused=False, materialize_grads=True)))
print(attempt(lambda: torch.autograd.grad((x * 2).sum(), torch.ones(3))))
print(attempt(lambda: torch.autograd.grad((x * 2).sum(), [])))
print(attempt(lambda: torch.autograd.grad(torch.ones(2), x)))
print(attempt(lambda: torch.autograd.grad(x * 2, x)))
print(attempt(lambda: torch.autograd.grad(x * 2, x, grad_outputs=torch.ones(2))))
h = x * x
print(torch.autograd.grad(h.sum(), h, retain_graph=True), torch.autograd.grad(h.sum(), [h, x]))
""",
    "backward_lists": """
x = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., -1.], requires_grad=True)
y1 = (x * b).sum()
y2 = x * x
torch.autograd.backward([y1, y2], [None, torch.tensor([1., 10.])])
print(x.grad, b.grad)
torch.autograd.backward((x * b).sum(), inputs=[b])
print(x.grad, b.grad)
(x * b * 2).sum().backward(inputs=x)
print(x.grad, b.grad)
print(attempt(lambda: (x * b).sum().backward(inputs=[])))
print(attempt(lambda: torch.autograd.backward([x * 2], [None])))
print(attempt(lambda: torch.autograd.backward([x * 2, x], [torch.ones(2)])))
print(attempt(lambda: torch.autograd.backward(torch.ones(2), torch.ones(2))))
m = x * b
torch.autograd.backward([m.sum()], inputs=[m])
print(m.grad, m.retains_grad)
""",
    "create_graph": """
x = torch.tensor([0.5, 2., -1.], requires_grad=True)
y = (x ** 3).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g.detach(), g.requires_grad, g.is_leaf)
g2, = torch.autograd.grad(g.sum(), x, create_graph=True)
print(g2.detach())
g3, = torch.autograd.grad(g2.sum(), x)
print(g3)
a = torch.tensor(1.5, requires_grad=True)
f = torch.tanh(a) * a.exp() / (1 + a * a)
d1, = torch.autograd.grad(f, a, create_graph=True)
d2, = torch.autograd.grad(d1, a, create_graph=True)
d3, = torch.autograd.grad(d2, a)
print(d1.detach(), d2.detach(), d3, d2.requires_grad)
s = torch.sigmoid(x).sum()
gs, = torch.autograd.grad(s, x, create_graph=True)
gs.sum().backward()
print(gs.detach(), x.grad)
lin, = torch.autograd.grad((x * 3).sum(), x, create_graph=True)
print(lin, lin.requires_grad)
""",
    "create_graph_backward": """
x = torch.tensor([2., 3.], requires_grad=True)
y = (x ** 3).sum()
y.backward(create_graph=True)
print(x.grad, fn_names(x.grad))
y.backward(create_graph=True)
print(x.grad)
gx = x.grad
x.grad = None
gx.sum().backward()
print(x.grad)
w = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
v = torch.tensor([1., -1.])
loss = ((w @ v) ** 2).sum()
gw, = torch.autograd.grad(loss, w, create_graph=True)
penalty = (gw ** 2).sum()
penalty.backward()
print(gw, penalty, w.grad)
""",
    "retain_grad": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
z = y * y
print(y.retains_grad, attempt(lambda: torch.tensor([1.]).retain_grad()))
y.retain_grad()
y.retain_grad()
x.retain_grad()
z.sum().backward()
print(y.grad, x.grad, y.retains_grad, x.retains_grad, z.grad)
y2 = x * 3
y2.retain_grad()
(y2 * 2).sum().backward(retain_graph=True)
(y2 * 2).sum().backward()
print(y2.grad, y2.is_leaf, x.is_leaf, y2.requires_grad)
""",
    "tensor_hooks": """
x = torch.tensor([1., 2., 3.], requires_grad=True)
h = x.register_hook(lambda g: print("x hook", g))
y = x * 2
hy = y.register_hook(lambda g: g * 10)
y.register_hook(lambda g: print("y hook sees", g))
y.retain_grad()
(y * y).sum().backward()
print(x.grad, y.grad)
h.remove()
hy.remove()
x.grad = None
y = x * 2
y.register_hook(lambda g: print("second y", g))
y.sum().backward()
print(x.grad)
print(attempt(lambda: torch.ones(2).register_hook(print)))
t = x * 1
t.register_hook(lambda g: g.double())
print(attempt(lambda: t.sum().backward()))
t = x * 1
t.register_hook(lambda g: g[:2])
print(attempt(lambda: t.sum().backward()))
t = x * 1
t.register_hook(lambda g: 3)
print(attempt(lambda: t.sum().backward()))
with x.register_hook(lambda g: print("inside with", g)):
    (x * 5).sum().backward()
(x * 5).sum().backward()
print(torch.autograd.grad((x * x).sum(), x))
x.register_hook(lambda g: g + 1)
print(torch.autograd.grad((x * x).sum(), x), x.grad)
p = torch.tensor([1., 1.], requires_grad=True)
p.register_post_accumulate_grad_hook(lambda t: print("accumulated", t.grad))
(p * 4).sum().backward()
print(attempt(lambda: (p * 1).register_post_accumulate_grad_hook(print)))
""",
    "node_hooks": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x * x
y.grad_fn.register_prehook(lambda grad_outputs: print("pre", grad_outputs))
y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: print("post", grad_inputs, grad_outputs))
y.sum().backward()
z = x.exp()
z.grad_fn.register_hook(lambda gi, go: (gi[0] * 0,))
z.sum().backward()
print(x.grad)
q = x.sin()
q.grad_fn.register_hook(lambda gi, go: [gi[0]])
print(attempt(lambda: q.sum().backward()))
""",
    "calling_a_node": """
a = torch.tensor(2., requires_grad=True)
b = torch.tensor(3., requires_grad=True)
print((a * b).grad_fn(torch.ones(())))
y = a * 3
print(y.grad_fn(torch.ones(())), y.grad_fn(None))
e = a.exp()
print(e.grad_fn(torch.ones(())))
with torch.no_grad():
    print(e.grad_fn(torch.ones(())))
for args in [(), (torch.ones(()), torch.ones(())), (1.0,)]:
    print(attempt(lambda: e.grad_fn(*args)))
parts = torch.tensor([1., 2., 3.], requires_grad=True).split(2)
print(parts[0].grad_fn(torch.ones(2), None), parts[0].grad_fn(None, None))
print(attempt(lambda: parts[0].grad_fn(torch.ones(2))))
leaf = a.sum().grad_fn.next_functions[0][0]
print(leaf(torch.ones(())), a.grad, leaf(torch.ones(())), a.grad, leaf(None), a.grad)
z = torch.tensor(0., requires_grad=True)
r = torch.relu(z / z)
print(r.grad_fn(torch.ones(())), r.grad_fn(torch.tensor(-2.)))
""",
    "detach_and_requires_grad": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
d = y.detach()
print(d, d.requires_grad, d.is_leaf, d.grad_fn)
d[0] = 10.
print(y)
y.detach_()
print(y, y.requires_grad, y.is_leaf, y.grad_fn)
v = (x * 2)[0]
print(attempt(lambda: v.detach_()))
a = torch.ones(2)
print(a.requires_grad_(), a.requires_grad, a.requires_grad_(False).requires_grad)
print(attempt(lambda: torch.tensor([1, 2]).requires_grad_()), attempt(lambda: torch.tensor([1]).requires_grad_(False)))
print(attempt(lambda: (x * 2).requires_grad_(False)), (x * 2).requires_grad_(True).requires_grad)
b = torch.zeros(2)
b.requires_grad = True
print(b, attempt(lambda: setattr(torch.tensor([1]), "requires_grad", True)))
print(attempt(lambda: setattr(x * 2, "requires_grad", False)))
e = (x * x).detach().requires_grad_()
(e * 3).sum().backward()
print(e.grad, x.grad)
""",
    "inplace_errors": """
x = torch.tensor([1., 2., 3.], requires_grad=True)
print(attempt(lambda: x.add_(1)), attempt(lambda: x.mul_(2)), attempt(lambda: x.zero_()), attempt(lambda: torch.square_(x)))
print(torch.square(x))
print(attempt(lambda: x[0].mul_(2)), attempt(lambda: x[:2].add_(1)), attempt(lambda: x.view(3, 1).zero_()))
with torch.no_grad():
    x.add_(1)
    x[0] = 5.
print(x)
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
c = b * b
b.add_(1)
print(attempt(lambda: c.sum().backward()))
e = a.exp()
e.mul_(2)
print(attempt(lambda: e.sum().backward()))
s = a.sigmoid()
t = s * 1
s.zero_()
print(attempt(lambda: t.sum().backward()))
y = a * 3
z = y.sin()
y.add_(1)
print(y, attempt(lambda: z.sum().backward()))
ok = a * 2
ok.add_(1)
ok.sum().backward()
print(a.grad, ok.grad_fn.name())
""",
    "grad_modes": """
x = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    y = x * 2
    with torch.enable_grad():
        z = x * 2
print(y.requires_grad, z.requires_grad, torch.is_grad_enabled())
with torch.set_grad_enabled(False):
    w = x * 2
print(w.requires_grad, torch.is_grad_enabled())
torch.set_grad_enabled(False)
print(torch.is_grad_enabled(), (x * 2).requires_grad)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled(), (x * 2).requires_grad)

@torch.enable_grad()
def doubled(t):
    return t * 2

@torch.no_grad()
def tripled(t):
    return t * 3

with torch.no_grad():
    print(doubled(x).requires_grad, tripled(x).requires_grad)

@torch.set_grad_enabled(False)
def quadrupled(t):
    return t * 4

print(quadrupled(x).requires_grad, torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
with torch.inference_mode():
    i = x * 2
print(i.requires_grad, i.is_inference())
""",
    "jacobian": """
jacobian, hessian = torch.autograd.functional.jacobian, torch.autograd.functional.hessian
def f(x):
    return x ** 2 * x.sum()
x = torch.tensor([1., 2., 3.])
J = jacobian(f, x)
print(J, J.requires_grad)
def g(a, b):
    return (a * b, (a @ b.t()).sum())
a = torch.arange(6.).reshape(2, 3)
b = torch.ones(2, 3)
print(jacobian(g, (a, b)))
print(jacobian(lambda t: t.exp().sum(), x, create_graph=True))
xr = x.clone().requires_grad_()
Jc = jacobian(f, xr, create_graph=True)
print(Jc)
Jc.sum().backward()
print(xr.grad)
print(torch.autograd.functional.jacobian(lambda t: torch.tanh(t) @ torch.ones(3, 2), x))
print(hessian(lambda t: (t ** 3).sum() + t.prod(), x))
print(hessian(lambda u, v: (u * v.sin()).sum(), (x, x + 1)))
print(torch.autograd.functional.hessian(lambda t: (t * t).sum(), x, create_graph=True))
for bad in [lambda: jacobian(f, [x]), lambda: jacobian(lambda t: 3., x), lambda: jacobian(lambda t: torch.ones(2), x, strict=True),
            lambda: jacobian(lambda t, s: t * 2, (x, x), strict=True), lambda: jacobian(f, x, strategy='x'),
            lambda: jacobian(f, x, strategy='forward-mode', create_graph=True),
            lambda: jacobian(f, x, strict=True, vectorize=True),
            lambda: hessian(lambda t: t * 2, x), lambda: hessian(lambda t: t.sum() * 2, x, strict=True),
            lambda: hessian(lambda t: (t, t), x), lambda: hessian(f, x, outer_jacobian_strategy='y')]:
    print(attempt(bad))
print(jacobian(lambda t, s: t * 2, (x, x)))
""",
    "inplace_on_views": """
def names(*ts):
    return [t.grad_fn.name() if t.grad_fn is not None else None for t in ts]
def edges(t):
    return [(f.name() if f is not None else None, i) for f, i in t.grad_fn.next_functions]
a = torch.arange(1., 7., requires_grad=True)
b = a * 2
m = b.view(2, 3)
row, col, diag = m[1], m[:, 0], b[::2]
m[0].mul_(3)
print(b, names(b, m, row, col, diag), edges(b))
col.add_(a[:2] * 10)
print(b, names(b, m, row, col))
(b * torch.arange(6.)).sum().backward(retain_graph=True)
print(a.grad)
a.grad = None
(row.exp().sum() + col.pow(2).sum()).backward()
print(a.grad)
x = torch.ones(4, requires_grad=True)
w = torch.tensor(3., requires_grad=True)
y = x.clone()
y[1:3].mul_(w)
y[::2].add_(x[:2])
torch.nn.functional.relu(y[:2].sub_(3), inplace=True)
y[2:].clamp_(max=3.5)
print(y, names(y))
print(attempt(lambda: y.pow(2).sum().backward()))  # relu saved its result, which clamp_ then wrote
y = x.clone()
y[1:3].mul_(w)
torch.nn.functional.relu(y[:2].sub_(1.5), inplace=True)
y[2:].clamp_(max=2.5)
y.pow(2).sum().backward()
print(y, x.grad, w.grad)
z = torch.zeros(2, 3)
z[0].add_(w)
z.t()[1:].masked_fill_(torch.tensor([[True, False]]), 7.)
print(z, names(z), z.requires_grad)
z.sum().backward()
print(w.grad)
s = torch.ones(2, 3, requires_grad=True)
u = s * 1
u.diagonal().zero_()
u[1].fill_(w)
u[0, 1:].copy_(torch.tensor([5., 6.], dtype=torch.float64))
u[:, 0].index_fill_(0, torch.tensor([1]), -1.)
print(u, names(u))
u.sum().backward()
print(s.grad, w.grad)
v = torch.ones(3, requires_grad=True) * 1
v.fill_(2.)
print(v, names(v))
v.zero_()
print(v, names(v))
src = torch.tensor([4.], requires_grad=True)
dst = torch.zeros(2, 3)
dst.copy_(src)
print(dst, names(dst), edges(dst))
dst.sum().backward()
print(src.grad)
e = torch.ones(3, requires_grad=True).exp()
view = e[:2]
view.mul_(2)
print(attempt(lambda: e.sum().backward()))
leaf = torch.ones(3, requires_grad=True)
print(attempt(lambda: leaf[:2].mul_(2)), attempt(lambda: leaf.fill_(1.)), attempt(lambda: leaf.copy_(leaf)))
with torch.no_grad():
    quiet = e[1:]
    plain = torch.zeros(3)[:2]
print(quiet.requires_grad, attempt(lambda: quiet.mul_(2)), attempt(lambda: plain.add_(leaf[:2])))
with torch.no_grad():
    quiet.mul_(2)
    quiet[0] = 1.
print(e, e.grad_fn.name())
""",
    "version_counter": """
x = torch.zeros(4)
print(x._version, type(x._version).__name__)
x.add_(1)
x[1:3].mul_(2)
x[0] = 5
print(x._version, x[1:]._version, x.detach()._version, x.data._version, x.clone()._version)
d = x.detach()
d.sub_(1)
print(x._version, d._version)
w = torch.ones(2, requires_grad=True)
y = w * 3
print(y._version, w._version)
print(attempt(lambda: setattr(x, "_version", 0)))
""",
    "jacobian_vectorized": """
jacobian, hessian = torch.autograd.functional.jacobian, torch.autograd.functional.hessian
x = torch.tensor([0.5, -1.0, 2.0])
J = jacobian(lambda t: t.sin() * t.sum(), x, vectorize=True)
print(J, J.stride(), J.requires_grad, J.is_contiguous())
a = torch.arange(6.).reshape(2, 3)
b = torch.full((3,), 0.25)
pair = jacobian(lambda u, v: (u @ v, (u * u).sum(), torch.ones(2)), (a, b), vectorize=True)
for row in pair:
    for block in row:
        print(block.shape, block.stride(), block)
unused = jacobian(lambda u, v: u.exp(), (x, b), vectorize=True)
print(unused[1], unused[1].stride(), unused[1]._base is None)
print(jacobian(lambda t: t.exp(), x, vectorize=True, create_graph=True))
xr = x.clone().requires_grad_()
Jc = jacobian(lambda t: t ** 3, xr, vectorize=True, create_graph=True)
print(Jc.grad_fn is not None, Jc.requires_grad)
Jc.sum().backward()
print(xr.grad)
print(hessian(lambda t: (t ** 3).sum() + t.prod(), x, vectorize=True))
print(hessian(lambda u, v: (u * v.cos()).sum(), (x, x - 1), vectorize=True))
inf = torch.tensor([0.0, 1.0])
print(jacobian(lambda t: (t.sqrt(), t * 2), inf, vectorize=True))
print(jacobian(lambda t: (t.sqrt(), t * 2), inf))
for bad in [lambda: jacobian(lambda t: t, x, strategy='forward-mode'),
            lambda: jacobian(lambda t: t, x, strategy='forward-mode', strict=True, vectorize=True),
            lambda: jacobian(lambda t: 3., x, vectorize=True)]:
    print(attempt(bad))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
