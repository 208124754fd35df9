"""Parity of torch.broadcast_tensors and torch.atleast_1d/2d/3d: shapes, strides, values, which results
are the input itself and which are views (grad_fn, shared memory), gradients through them, the ways of
passing the tensors (several, one list or tuple, none) and torch's errors."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_shape") + """
def show(r):
    items = r if isinstance(r, tuple) else (r,)
    print(type(r).__name__, [(tuple(t.shape), t.stride(), t.grad_fn.name() if t.grad_fn else None) for t in items])
"""

CELLS = {
    "broadcast_tensors": """
a = torch.arange(6.).reshape(2, 3).requires_grad_()
b = torch.tensor([10., 20., 30.], requires_grad=True)
c = torch.tensor(5.)
r = torch.broadcast_tensors(a, b, c)
show(r)
print(r[0] is a, r[1], r[2], r[1].data_ptr() == b.data_ptr())
(r[0] * r[1] + r[2]).sum().backward()
print(a.grad, b.grad)
show(torch.broadcast_tensors(torch.ones(4, 1), torch.ones(3), torch.ones(2, 1, 1)))
show(torch.broadcast_tensors(torch.ones(0, 3), torch.ones(1)))
print(torch.broadcast_tensors(b), torch.broadcast_tensors(), torch.broadcast_tensors(b)[0] is b)
print(torch.broadcast_tensors(torch.tensor([1, 2]), torch.tensor([[True], [False]])))
for f in [lambda: torch.broadcast_tensors(torch.ones(2, 3), torch.ones(4)),
          lambda: torch.broadcast_tensors(torch.ones(2, 1), torch.ones(3, 1, 5), torch.ones(4, 1)),
          lambda: torch.broadcast_tensors(torch.ones(2, 3), 3),
          lambda: torch.broadcast_tensors([torch.ones(2), torch.ones(1)]),
          lambda: torch.broadcast_tensors(torch.ones(2), tensors=torch.ones(2))]:
    print(attempt(f))
""",
    "atleast": """
for name in ["atleast_1d", "atleast_2d", "atleast_3d"]:
    f = getattr(torch, name)
    for t in [torch.tensor(2.5), torch.arange(4.), torch.arange(6.).reshape(2, 3), torch.ones(2, 1, 3, 1),
              torch.arange(8.)[::2], torch.arange(6.).reshape(2, 3).t()]:
        r = f(t)
        print(name, r, tuple(r.shape), r.stride(), r is t, r.data_ptr() == t.data_ptr())
    show(f(torch.tensor(1.), torch.ones(3)))
    show(f((torch.tensor(1.), torch.ones(2, 2))))
    show(f([torch.ones(3)]))
    show(f())
    x = torch.tensor(3.0, requires_grad=True)
    y = torch.arange(3.0, requires_grad=True)
    rx, ry = f(x, y)
    print(rx.grad_fn.name(), ry.grad_fn.name() if ry.grad_fn else None, ry is y)
    (rx * 2).sum().backward()
    (ry * ry).sum().backward()
    print(x.grad, y.grad)
    for g in [lambda: f(3), lambda: f([torch.ones(1), 3]), lambda: f(torch.ones(1), [torch.ones(2)]), lambda: f(input=torch.ones(1))]:
        print(name, attempt(g))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
