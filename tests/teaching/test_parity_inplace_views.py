"""Parity of the in-place shape changes (issue 25): ``unsqueeze_``, ``squeeze_``, ``t_``, ``transpose_``,
``swapdims_``/``swapaxes_``, ``as_strided_`` and ``torch.as_strided``, ``resize_`` and ``resize_as_``: the
geometry they leave, what they return, the version counter, autograd's checks and errors, the node
each records (its name, saved values, edges), the views of the same base afterwards, and gradients."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("saved") + """
def ev(src):
    # compiled as the program's own code, so that the surface test sees the names it uses
    return eval(compile(src, "<cell>", "eval"), globals())
def state(t):
    return (tuple(t.shape), t.stride(), t.storage_offset(), t._version, t.is_contiguous(),
            t.grad_fn.name() if t.grad_fn is not None else None, t.requires_grad, t.is_leaf)
def attempt(f):
    try:
        r = f()
    except Exception as e:
        return f"{type(e).__name__}: {e}"
    return state(r) if isinstance(r, torch.Tensor) else repr(r)
def edges(g):
    return [n.name() if n is not None else None for n, _ in g.next_functions]
"""

CELLS = {
    "plain_tensors": """
x = torch.arange(6.).reshape(2, 3)
base = x._base
for s in ["x.unsqueeze_(0)", "x.squeeze_()", "x.squeeze_(0)", "x.unsqueeze_(-1)", "x.squeeze_(-1)", "x.t_()",
          "x.transpose_(0, 1)", "x.swapdims_(0, 1)", "x.swapaxes_(1, 0)", "x.unsqueeze_(1).squeeze_((1, 0))",
          "x.unsqueeze_(0).squeeze_(0, 1)", "x.squeeze_([1])", "x.as_strided_((3, 2), (1, 3))",
          "x.as_strided_((2, 2), (1, 2), 1)", "torch.as_strided_(x, (2, 3), (3, 1), 0)", "x.t_().t_()"]:
    print(s, attempt(lambda: ev(s)), x is ev('x'))
    print(x, base._version)
print(x.unsqueeze_(0) is x, x.t_ is not None, x.squeeze_() is x)
for s in ["x.t_(1)", "x.transpose_(0)", "x.squeeze_(3)", "x.unsqueeze_()", "x.unsqueeze_(-4)", "x.unsqueeze_(3)",
          "x.unsqueeze_(0.5)", "x.transpose_(0, 2)", "x.squeeze_((0, 0))", "x.as_strided_((2, 2))",
          "x.as_strided_((2, 2), (1, 1, 1))", "x.as_strided_((2, 2), (-1, 1))", "x.as_strided_((10, 10), (1, 1))",
          "x.as_strided_((2,), (1,), -1)", "x.as_strided_((2, 3), (3, 1), 1)",
          "torch.zeros(2, 3, 4).t_()", "torch.zeros(3).t_()", "torch.zeros(()).t_()", "torch.zeros(()).unsqueeze_(0)",
          "torch.zeros(()).squeeze_(0)", "torch.zeros(()).transpose_(0, -1)", "torch.zeros(1, 1).squeeze_()",
          "torch.zeros(2, 0).unsqueeze_(1)", "torch.zeros(2, 0).t_()"]:
    print(s, attempt(lambda: ev(s)))
print(x)
# torch leaves a tensor with a negative size behind these: nothing is printed after them
print(attempt(lambda: x.as_strided_((-2,), (1,))), attempt(lambda: x.as_strided((2, -1), (1, 1))))
""",
    "views_share_the_change": """
w = torch.arange(12.)
v = w.view(3, 4)
u = v[1]
u.unsqueeze_(0)
print(u, u._base is w, w._version, v._version, state(u), state(v))
u.t_()
print(u, state(u))
u.squeeze_()
u.mul_(10)
print(w)
s = w[::2]
s.as_strided_((2, 2), (1, 2), 1)
print(s, state(s), s._base is w)
s.fill_(-1)
print(w)
d = w.detach()
d.unsqueeze_(0)
print(state(d), state(w), w._version)
""",
    "autograd_checks": """
a = torch.randn(2, 3, requires_grad=True)
for s in ["a.unsqueeze_(0)", "a.t_()", "a.squeeze_()", "a.squeeze_(0)", "a.transpose_(0, 1)", "a.swapdims_(0, 1)",
          "a.as_strided_((3, 2), (1, 3))", "a.unsqueeze_(5)", "a[0].unsqueeze_(0)", "a[0].t_()",
          "a.detach().unsqueeze_(0)", "a.t().t_()"]:
    print(s, attempt(lambda: ev(s)))
with torch.no_grad():
    b = a * 2
    print(attempt(lambda: b.unsqueeze_(0)), attempt(lambda: a.unsqueeze_(0)))
print(state(a), state(b))
b = a * 2
with torch.no_grad():
    b.unsqueeze_(0)
print(state(b))
""",
    "nodes_and_gradients": """
a = torch.randn(2, 3, generator=torch.Generator().manual_seed(0)).requires_grad_()
for s in ["b.unsqueeze_(1)", "b.unsqueeze_(-1)", "b.squeeze_()", "b.squeeze_(0)", "b.squeeze_(-1)", "b.squeeze_((0, 1))",
          "b.squeeze_([1])", "b.squeeze_((-1, 0))", "b.t_()", "b.transpose_(0, -1)", "b.swapdims_(0, 1)",
          "b.swapaxes_(-2, -1)", "b.as_strided_((3, 2), (1, 3))", "b.as_strided_((2, 2), (1, 3), 1)"]:
    for make in ["(a * 2).reshape(1, 2, 3)[0]", "a * 2", "(a * 2).t()"]:
        b = ev(make)
        root = b._base
        r = ev(s)
        print(s, make, state(r), saved(r.grad_fn), edges(r.grad_fn), r is b)
        if root is not None:
            print('  base', state(root))
        (r * torch.arange(1., r.numel() + 1).reshape(r.shape)).sum().backward()
        print('  grad', a.grad)
        a.grad = None
b = (a * 2).unsqueeze_(0).t_() if False else (a * 2).unsqueeze_(0)
print(b.grad_fn(torch.ones(1, 2, 3)).shape, b.grad_fn.next_functions[0][0].name())
""",
    "other_views_regenerate": """
a = torch.randn(2, 3, generator=torch.Generator().manual_seed(1)).requires_grad_()
b = a * 2
v = b.view(3, 2)
w = b[1]
b.t_()
print(state(b), state(v), state(w), edges(v.grad_fn), edges(b.grad_fn))
(v * torch.arange(6.).view(3, 2)).sum().backward()
print(a.grad)
a.grad = None
b = a * 2
p, q = b[0], b[1]
qq = q.view(3)
p.unsqueeze_(0)
print(state(p), state(q), state(qq), state(b), edges(p.grad_fn), edges(q.grad_fn))
(p.sum() + 2 * qq.sum()).backward()
print(a.grad)
a.grad = None
b = a * 2
v = b.t()
v.t_()
print(state(v), v._base is b, edges(v.grad_fn))
v.mul_(3)
print(state(v), state(b), edges(b.grad_fn))
(v * 1).sum().backward()
print(a.grad)
a.grad = None
b = a.exp()
c = b * b
b.unsqueeze_(0)
print(attempt(lambda: c.sum().backward()))
b = a.exp()
b.t_()
print(attempt(lambda: b.sum().backward()))
b = a * 3
b.t_()
b.unsqueeze_(0).squeeze_(0)
b.sum().backward()
print(a.grad, b.grad_fn.name(), edges(b.grad_fn), edges(b.grad_fn.next_functions[0][0]))
""",
    "as_strided": """
a = torch.arange(6., requires_grad=True)
for s in ["torch.as_strided(a, (2, 2), (1, 2), 1)", "a.as_strided((3, 3), (1, 1))", "a.as_strided((2, 3), (0, 1))",
          "a.as_strided([2, 1, 3], [3, 5, 1])", "a.as_strided((0, 3), (1, 1))", "a.as_strided((3,), (2,), 0)",
          "a.as_strided((2, 2), (1, 2), -1)", "a.as_strided((2,), (1, 1))", "a.as_strided((7,), (1,))",
          "a.as_strided((), ())", "a.as_strided((2, 2), (2, 1), storage_offset=2)", "a[1:].as_strided((2,), (1,))"]:
    r = attempt(lambda: ev(s))
    print(s, r)
    if not isinstance(r, str):
        y = ev(s)
        print(y, saved(y.grad_fn), y._base is a)
        if y.numel():
            (y * torch.arange(1., y.numel() + 1).reshape(y.shape)).sum().backward()
        print('  grad', a.grad)
        a.grad = None
b = a * 1
v = b.as_strided((3, 2), (1, 1))
v2 = v.as_strided((2, 2), (2, 1))
(v2 * torch.tensor([[1., 2], [3, 4]])).sum().backward()
print(a.grad)
a.grad = None
b = (a * 1)[::2]
b.as_strided_((2, 2), (2, 1), 1)
print(b, saved(b.grad_fn))
(b * torch.tensor([[1., 2], [3, 4]])).sum().backward()
print(a.grad)
h = torch.arange(4., dtype=torch.float16).as_strided((2, 2), (0, 1))
print(h, h.dtype, torch.arange(5).as_strided((2, 2), (2, 1), 1))
""",
    "resize": """
x = torch.arange(6.)
v = x.view(2, 3)
for s in ["x.resize_(3)", "x.resize_((2, 1))", "x.resize_(2, 3)", "x.resize_as_(torch.zeros(3, 2))", "x.resize_(6)",
          "x.resize_(2, 3.5)", "x.resize_as_(3)", "x.resize_(2, 3, memory_format=torch.contiguous_format)",
          "x.resize_(0)", "x.resize_(6)", "x.resize_(6)", "x.resize_(2, 2).resize_as_(x.t())", "x.t().resize_(2, 2)",
          "x.t().resize_(2, 2, memory_format=torch.contiguous_format)", "x.resize_as_(x, memory_format=torch.contiguous_format)",
          "x.resize_(2, 1, memory_format=torch.preserve_format)", "x.resize_(1, 2, memory_format=torch.contiguous_format)"]:
    print(s, attempt(lambda: ev(s)), x is x)
    print(x, v)
y = torch.arange(6.)
r = y[:2]
print(attempt(lambda: r.resize_(4)), r, y)
t = y.t()
print(attempt(lambda: t.resize_(2, 2)), t, t.stride())
a = torch.zeros(2, 3, requires_grad=True)
print(attempt(lambda: a.resize_(2, 2)), attempt(lambda: (a * 1).resize_(3, 2)), attempt(lambda: a.resize_as_(a)))
with torch.no_grad():
    print(attempt(lambda: a.resize_(6)))
i = torch.tensor([1, 2, 3], dtype=torch.int8)
print(i.resize_(2), i.resize_(1, 1), i.dtype)
# torch leaves a tensor with a negative size behind these: nothing is printed after them
print(attempt(lambda: torch.zeros(2).resize_(-1)), attempt(lambda: torch.zeros(2).resize_(2, -1)))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
