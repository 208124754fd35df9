"""Parity of indexing: basic and advanced ``x[...]`` (index tensors of every index dtype, lists, masks,
mixed with ints, slices, None and ...), assignment ``x[...] = v`` and ``index_put_``, and the ops that
index through a tensor (masked_fill, masked_select, masked_scatter, nonzero, argwhere, where(cond),
index_select, index_add, index_fill, index_copy, gather, take_along_dim, scatter, scatter_add, take, put): values, dtypes, shapes, strides,
views, errors, warnings and gradients (with the backward graph), compared with real torch."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_show", "shares", "walk", "show_each") + """
import warnings
def assigned(x, index, value):
    x = x.clone()
    x[index] = value
    return x
def warned(f):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            f()
        except Exception as e:
            print(f"{type(e).__name__}: {e}")
    for w in caught:
        print(w.category.__name__, w.message)
"""

CELLS = {
    # ------------------------------------------------------------ reading
    "basic_views": """
x = torch.arange(24.).reshape(2, 3, 4)
for r in [x[1], x[-1, 2], x[:, 1], x[..., 2], x[None, 0], x[0, None, ::2], x[:, ::2, 1:], x[1:, -2:, ::3],
          x[...], x[:], x[0, ..., None], x[torch.tensor(1)], x[0, torch.tensor(2)], x[0, torch.tensor(1, dtype=torch.int8)]]:
    show(r)
    print(shares(r, x))
print(x[1, 2, 3], x[1][2][3].item(), x[1, 2, 3].item())
""",
    "index_tensors": """
x = torch.arange(24).reshape(2, 3, 4)
for idx in [[0, 1], [1, -1], [[0, 1], [1, 0]], torch.tensor([1, 0]), torch.tensor([[1], [0]]), torch.tensor([0], dtype=torch.int32),
            (slice(None), [0, 2]), (slice(None), slice(None), [3, 0, 3]), ([0, 1], slice(None), [0, 2]),
            ([0, 1], slice(1, None), [0, 2]), (slice(None), [0, 1], [0, 2]), (0, slice(None), [0, 2]), ([0], slice(None), 1),
            (1, [0, 2], 1), ([0, 1], 1, [1]), ([[0, 1], [1, 0]], [[2], [1]]), ([0, 1], None, [0, 1]), (None, [0, 1]),
            (Ellipsis, [0, 1], None), ([1, 0], Ellipsis, [0]), ([0, 1], None, slice(None), [0]), ([],), (slice(None), []),
            (torch.tensor([0, 1])[:, None], torch.tensor([0, 1, 2])), (torch.tensor([1]), slice(None), torch.tensor([[0], [2]])),
            [[0, 1], [1, 2]], [0, slice(1, 2)], [0, None], [torch.tensor(1)], [torch.tensor(1), 0], (0, 1), [(0, 1)], range(2),
            [0.5], (0, [-1.5]), [1, True]]:
    attempt(lambda: x[idx])
""",
    "index_layouts": """
x = torch.arange(24.).reshape(2, 3, 4)
xt = x.permute(2, 0, 1)
i2 = torch.tensor([[0, 1, 2], [1, 0, 2]]).t()
for f in [lambda: xt[[0, 1]], lambda: xt[:, [0, 1]], lambda: xt[:, :, [0, 1]], lambda: xt[[0, 1], :, [0, 1]],
          lambda: xt[:, [[0, 1], [1, 0]]], lambda: x[:, i2], lambda: xt[i2], lambda: x[:, :, i2],
          lambda: x.transpose(0, 2)[[1, 2]], lambda: x[..., ::2][[1]], lambda: x[:, ::2][[1]],
          lambda: x.expand(3, 2, 3, 4)[:, [1]], lambda: x[x.sum(2) > 20], lambda: xt[xt[:, :, 0] > 5],
          lambda: xt[:, xt[0] > 5], lambda: xt[torch.tensor([[0, 1]], dtype=torch.int32).t()],
          lambda: x[:, torch.tensor([0, 1], dtype=torch.int32).expand(3, 2)], lambda: x[torch.tensor([1]), :, torch.tensor([[0], [2]])],
          lambda: x[None, True, ..., False], lambda: torch.zeros(0, 3)[:, [5]], lambda: torch.zeros(3, 0)[[0]]]:
    attempt(f)
""",
    "masks": """
x = torch.arange(24).reshape(2, 3, 4)
m = torch.tensor([[True, False, True], [False, True, True]])
for idx in [x > 5, (x > 5)[0], (x > 5)[:, 0], ((x > 5)[:, :, 0], 1), (1, (x > 5)[0, :, 0]), (m, [0]), (m, [0, 1, 2, 3]),
            (m, slice(1, None)), (m, None), (None, m), (None, m, 0), (m, Ellipsis), ([0, 1], m[0]), ([[True, False, True], [False, True, True]], [0]),
            True, False, torch.tensor(True), torch.tensor(False), (None, True, Ellipsis, False), torch.tensor([True, False, True], dtype=torch.bool),
            [True, False], [True, False, True], torch.tensor(1, dtype=torch.uint8), (0, torch.tensor(1, dtype=torch.uint8)),
            (x > 5)[0, 0], (slice(None), (x > 5)[0, 0]), (m, m[0]), (Ellipsis, m[0]), (0, m), ([0, 1], m)]:
    attempt(lambda: x[idx])
s = torch.tensor(5.)
for idx in [True, False, torch.tensor(True), s > 3, (None, True), [True], None, Ellipsis]:
    attempt(lambda: s[idx])
""",
    "index_errors": """
x = torch.arange(24).reshape(2, 3, 4)
s = torch.tensor(3.)
for f in [lambda: x[[5]], lambda: x[:, [5]], lambda: x[:, :, [-5]], lambda: x[:, [1], [7]], lambda: x[[0, 1], [0, 1, 2]],
          lambda: x[torch.tensor([0.])], lambda: x[torch.tensor([0], dtype=torch.int16)], lambda: x[torch.tensor([0], dtype=torch.int8)],
          lambda: x[[0, 1], [0, 1], [0, 1], [0]], lambda: x[[0, 1], [0, 1], [0, 1], None], lambda: torch.zeros(0, 3)[[0]],
          lambda: torch.zeros(3, 0)[:, [0]], lambda: torch.tensor(5)[[0]], lambda: x['a'], lambda: x[[0, 'a']], lambda: x[{1}],
          lambda: x[1.5], lambda: x[[0], {}], lambda: x[[0], object()], lambda: x[[0], 1.5], lambda: x[[0], [2 ** 63]],
          lambda: x[2 ** 63], lambda: x[[0], [None]], lambda: x[0, 'a'], lambda: x[[[0, 1], [1]]], lambda: x[5], lambda: x[0, 7],
          lambda: x[None, 5], lambda: s[0], lambda: s[1], lambda: s[torch.tensor(0)], lambda: s[0,], lambda: s[:],
          lambda: x[::0], lambda: x[::-1], lambda: x[1:2.5], lambda: x[(x > 5)[:, 0]], lambda: x[(x > 5)[0, 0], 0, 0, 0],
          lambda: x[(x > 5)[:, :, 0], [0, 1]], lambda: x[..., ...]]:
    attempt(f)
""",
    # ------------------------------------------------------------ assignment
    "assign_values": """
x = torch.arange(12).reshape(3, 4)
for idx, v in [(x > 5, 0), (x > 5, 0.7), (x > 5, torch.tensor(2.5)), (x > 5, torch.tensor([2.5])), (x > 5, torch.arange(6)),
               ([0, 2], torch.tensor([7, 8, 9, 10])), ([0, 2], torch.tensor([[7], [8]])), ([0, 2], torch.tensor([[[7], [8]]])),
               ([0, 2], torch.tensor([[[7], [8]]]).expand(1, 2, 4)), ([0, 0], torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]])),
               ((slice(None), [1, 3]), 100), (([0, 1], [1, 3]), torch.tensor([100, 200])), (torch.tensor([True, False, True]), torch.tensor([1, 2, 3, 4])),
               (torch.tensor([True, False, True]), torch.tensor([[1], [2]])), ((x > 3)[:, 0], torch.tensor([[[4.5]]])),
               ([[0, 1], [1, 1]], 9), (torch.tensor([[0, 1], [1, 1]]), 9), ((Ellipsis, [0]), torch.tensor([[9], [8], [7]])),
               ((None, [0]), torch.tensor([9, 8, 7, 6])), ((1, [0, 3]), torch.tensor([-1, -2])), ((slice(0, 2), [0, 3]), torch.tensor([-1, -2])),
               (False, 5), (True, 5), ((x > 3, None), 5), (..., torch.tensor([1, 2, 3, 4])), (0, torch.tensor([[[1, 2, 3, 4]]])),
               ((slice(None), 0), torch.tensor(5)), (1, 2.5), (slice(1, None), torch.tensor([[1], [2]])), (None, 7)]:
    attempt(lambda: assigned(x, idx, v))
for dt in [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.uint8, torch.int32, torch.bool]:
    y = torch.zeros(2, 3, dtype=dt)
    attempt(lambda: assigned(y, y == 0, 3))
    attempt(lambda: assigned(y, [1], True))
    attempt(lambda: assigned(y, (0, [0, 2]), torch.tensor(1, dtype=dt)))
    attempt(lambda: assigned(y, 0, torch.tensor([1.5, -2, 3])))
t = torch.zeros(3, 4).t()
t[[0, 1]] = 5.
show(t)
z = torch.zeros(4)
z[torch.tensor([3, 3, 0])] = torch.tensor([1., 2., 3.])
show(z)
""",
    "assign_errors": """
x = torch.arange(12).reshape(3, 4)
for idx, v in [(x > 5, torch.tensor([1, 2])), (x > 5, torch.arange(6.)), ([0, 2], torch.tensor([[[7], [8]]]).expand(2, 2, 4)),
               ([0, 2], torch.tensor([7, 8, 9])), ([5], 1), (x[0] > 1, 1), (torch.tensor([True, False, True]), torch.tensor([1, 2])),
               (x > 50, torch.tensor([[1], [2], [3]])), (x > 50, 'a'), (x > 50, [1]), ([0], None), ([0], 2 ** 70), (7, 2 ** 70),
               (7, 1.), (False, 'a'), (1.5, 1), ([1], torch.tensor([1., 2, 3, 4.5])), ([1], torch.tensor(4.5)),
               (torch.tensor([1, 0, 1], dtype=torch.uint8), 5), ((1, [0, 3]), torch.tensor([-1, -2, -3])), (0, torch.tensor([[1.], [2.]])),
               (..., torch.tensor([1, 2])), ((0, 'a'), 1)]:
    attempt(lambda: assigned(x, idx, v))
for dt, v in [(torch.int8, 300), (torch.uint8, -1), (torch.float32, 1e40), (torch.float16, 1e6), (torch.float16, torch.tensor(1e6)),
              (torch.int8, torch.tensor(300)), (torch.bool, 3), (torch.float32, True)]:
    y = torch.zeros(2, 3, dtype=dt)
    attempt(lambda: assigned(y, y == 0, v))
    attempt(lambda: assigned(y, [0], v))
z = torch.zeros(4)
for idx, v in [([0], z[1:2]), ([0, 1], z[1:3]), (torch.tensor([True, True, False, False]), z[1:3])]:
    attempt(lambda: z.__setitem__(idx, v))
warned(lambda: torch.zeros(2).expand(3, 2).__setitem__([0], 1.))
warned(lambda: torch.zeros(3).__setitem__(torch.tensor([1, 0, 1], dtype=torch.uint8), torch.tensor([1., 2.])))
""",
    "index_put": """
x = torch.arange(6.).reshape(2, 3)
t = torch.tensor([0])
for f in [lambda: x.clone().index_put_([t], torch.tensor(1.)), lambda: x.clone().index_put_((t,), torch.tensor([1., 2, 3]), True),
          lambda: x.clone().index_put_((torch.tensor([0, 0]),), torch.tensor([1., 2, 3]), accumulate=True),
          lambda: x.clone().index_put_((torch.tensor([0, 0]), torch.tensor([1, 1])), torch.tensor([1., 2]), accumulate=True),
          lambda: x.clone().index_put_((torch.tensor([0, 0]), torch.tensor([1, 1])), torch.tensor([1., 2])),
          lambda: x.clone().index_put_((x > 2,), torch.tensor(9.), accumulate=True), lambda: x.clone().index_put_((x > 2,), torch.tensor([9., 8, 7]), accumulate=True),
          lambda: x.clone().index_put_((torch.tensor([True, False]),), torch.tensor(9.)), lambda: x.clone().index_put_((torch.tensor(True),), torch.tensor(9.)),
          lambda: torch.index_put(x, (t,), torch.tensor(9.)), lambda: torch.index_put_(x.clone(), (t,), torch.tensor(9.)),
          lambda: x.index_put((torch.tensor([1]),), torch.tensor(9.)), lambda: x.index_put(indices=(torch.tensor([1]),), values=torch.tensor(9.), accumulate=True),
          lambda: x.bool().index_put((torch.tensor([1, 1]),), torch.tensor([True, False, False]), accumulate=True),
          lambda: x.long().index_put((torch.tensor([1, 1]),), torch.tensor([2 ** 62, 2 ** 62, 1]), accumulate=True),
          lambda: torch.zeros(1, dtype=torch.float16).index_put((torch.zeros(11, dtype=torch.long),), torch.tensor([1.] + [1e-4] * 10, dtype=torch.float16), accumulate=True),
          lambda: torch.zeros(1).index_put((torch.zeros(11, dtype=torch.long),), torch.tensor([1.] + [1e-8] * 10), accumulate=True),
          lambda: torch.zeros(2, 2).t().index_put((torch.tensor([[0, 0], [1, 0]]),), torch.tensor([1., 2.]), accumulate=True),
          lambda: x.clone().index_put_((t, None), torch.tensor(1.)), lambda: x.clone().index_put_((t, [0]), torch.tensor(1.)),
          lambda: x.clone().index_put_(t, torch.tensor(1.)), lambda: x.clone().index_put_(5, torch.tensor(1.)),
          lambda: x.clone().index_put_((), torch.tensor(1.)), lambda: x.clone().index_put_((t,), 1),
          lambda: x.clone().index_put_((t,), torch.tensor(1.), 1), lambda: x.clone().index_put_((t,), torch.tensor(1.), 'a'),
          lambda: torch.index_put(x, (t, None), torch.tensor(1.)), lambda: torch.index_put(x, t, torch.tensor(1.)),
          lambda: torch.index_put(x, (t,), 1.), lambda: torch.index_put_(x, t, torch.tensor(1.)), lambda: torch.index_put(1, (t,), 1.),
          lambda: x.index_put((t,), torch.tensor(1.), accumulate=None), lambda: x.clone().index_put_((t,) * 3, torch.tensor(9.)),
          lambda: x.clone().index_put_((t,), torch.tensor([1, 2, 3]))]:
    attempt(f)
""",
    # ------------------------------------------------------------ autograd through indexing
    "index_autograd": """
w = torch.arange(12.).reshape(3, 4).requires_grad_()
z = w[[0, 2, 0]]
walk(z.grad_fn)
print(z.grad_fn._saved_indices, z.grad_fn._saved_self_sym_sizes)
(z * torch.arange(12.).reshape(3, 4)).sum().backward()
print(w.grad)
w.grad = None
for f in [lambda: w[w > 3], lambda: w[:, [1]], lambda: w[1:, [1]], lambda: w[None, [1]], lambda: w[True], lambda: w[[1, 1], [0, 0]],
          lambda: w[torch.tensor([[0], [2]]), torch.tensor([1, 3])], lambda: w.t()[[3, 0]]]:
    y = f()
    walk(y.grad_fn)
    y.backward(torch.ones_like(y) * 2)
    print(w.grad)
    w.grad = None
h = torch.tensor([1., 2., 3.], dtype=torch.float16, requires_grad=True)
h[[0, 0, 0, 2]].backward(torch.tensor([1e-4, 1e-4, 1., 3.], dtype=torch.float16))
print(h.grad)
""",
    "assign_autograd": """
w = torch.arange(12.).reshape(3, 4).requires_grad_()
y = w * 2
y[y > 10] = 0
walk(y.grad_fn)
y[[0, 2]] = torch.tensor(5.)
v = torch.tensor([1., 2, 3, 4], requires_grad=True)
y[[0, 1]] = v
y[:, [0, 1]] = v[:3, None]
walk(y.grad_fn)
print(y.grad_fn._saved_accumulate, y.grad_fn._saved_indices)
y.sum().backward()
print(w.grad, v.grad)
u = w * 1
u.index_put_((torch.tensor([0, 0]),), torch.tensor(1.), accumulate=True)
walk(u.grad_fn)
u2 = u.index_put((torch.tensor([0, 0]),), torch.tensor(1.))
walk(u2.grad_fn)
u2.sum().backward()
print(w.grad)
for x in [torch.arange(4.).reshape(2, 2).requires_grad_(), torch.ones(2, 2, requires_grad=True)]:
    for idx in [..., 0, [0], x > 0, (0, [0]), None, True, False]:
        attempt(lambda: x.__setitem__(idx, 1.))
        attempt(lambda: x.index_put_((torch.tensor([0]),), torch.tensor(1.)))
        attempt(lambda: x.masked_fill_(x > 0, 1.))
""",
    "assign_view_autograd": """
w = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
s = torch.tensor(7., requires_grad=True)
y = w * 2
y[0] = 1.
walk(y.grad_fn)
y[1] = s
y[:, 1] = w[0, :2]
y[0, [0, 2]] = s
walk(y.grad_fn)
print(y)
y.backward(torch.arange(6.).reshape(2, 3))
print(w.grad, s.grad)
w.grad = s.grad = None
h = torch.zeros(2, 3)
h[0] = w.sum(0)
h[1, 1:] = s
walk(h.grad_fn)
h.sum().backward()
print(h, w.grad, s.grad)
w.grad = None
y = w * 2
for v in [1., s, w, w.double(), w[1].double(), torch.tensor([[1., 2., 3.]], requires_grad=True), torch.tensor([[[1.]]], requires_grad=True)]:
    y[...] = v
    y[0] = v if v.dim() < 2 else v[0]
walk(y.grad_fn)
y.backward(torch.ones(2, 3))
print(w.grad, s.grad)
g = torch.zeros(3)
g[[0, 1]] = s
walk(g.grad_fn)
print(g.requires_grad, g.is_leaf)
""",
    # ------------------------------------------------------------ masks
    "masked_fill": """
x = torch.arange(6.).reshape(2, 3)
m = x > 2
for f in [lambda: x.masked_fill(m, 0), lambda: x.masked_fill(m, 1.5), lambda: x.masked_fill(m, True), lambda: x.masked_fill(m, torch.tensor(7)),
          lambda: x.masked_fill(m, torch.tensor(7.5, dtype=torch.float64)), lambda: x.masked_fill(m, torch.tensor([7.5])),
          lambda: x.masked_fill(m[0], -1), lambda: x.masked_fill(m[:, :1], -1), lambda: x[0].masked_fill(m, -1), lambda: x[0].clone().masked_fill_(m, -1),
          lambda: x.clone().masked_fill_(m[0], -1), lambda: x.masked_fill(m.int(), -1), lambda: x.masked_fill(m.to(torch.uint8), -1),
          lambda: x.masked_fill(m, float('nan')), lambda: x.long().masked_fill(m, 1.7), lambda: x.long().masked_fill(m, 2 ** 63),
          lambda: x.to(torch.int8).masked_fill(m, 300), lambda: x.to(torch.int8).masked_fill(m, torch.tensor(300)),
          lambda: x.to(torch.uint8).masked_fill(m, -1), lambda: x.half().masked_fill(m, 1e6), lambda: x.bool().masked_fill(m, 5),
          lambda: x.masked_fill(m, 'a'), lambda: x.masked_fill(m, None), lambda: x.masked_fill([True], 1), lambda: torch.masked_fill(x, m, 1),
          lambda: torch.masked_fill(x, mask=m, value=2), lambda: x.masked_fill(mask=m, value=2), lambda: x.t().masked_fill(m.t(), 2),
          lambda: x.t().masked_fill(m, 2), lambda: x.expand(2, 2, 3).masked_fill(m, 2), lambda: x[:, :1].masked_fill(m, 2)]:
    attempt(f)
w = torch.arange(6.).reshape(2, 3).requires_grad_()
v = torch.tensor(2., requires_grad=True)
for f in [lambda: w.masked_fill(m, 0.), lambda: w.masked_fill(m, v), lambda: (w * 1).masked_fill_(m, v), lambda: w[0].masked_fill(m, v)]:
    y = f()
    walk(y.grad_fn)
    print(y.grad_fn._saved_mask)
    (y * torch.arange(6.).reshape(2, 3)).sum().backward()
    print(w.grad, v.grad)
    w.grad = v.grad = None
warned(lambda: torch.zeros(3).expand(2, 3).masked_fill_(torch.ones(2, 3, dtype=torch.bool), 1.))
""",
    "masked_select_scatter": """
x = torch.tensor([[0., 1.5, 0.], [2., 0., -1.]])
for f in [lambda: x.masked_select(x > 0), lambda: torch.masked_select(x, x > 0), lambda: x.masked_select((x > 0)[0]),
          lambda: x[0].masked_select(x > 0), lambda: x.masked_select(torch.tensor([1, 0, 1])), lambda: x.masked_select(torch.tensor([True, False])),
          lambda: x.t().masked_select(x.t() > 0), lambda: x.masked_select(x), lambda: x.masked_select([True]),
          lambda: x.masked_scatter(x > 0, torch.tensor([10., 20., 30., 40.])), lambda: x.masked_scatter(x > 0, torch.tensor([[10., 20.], [30., 40.]])),
          lambda: x.masked_scatter(x > 0, torch.tensor([10.])), lambda: x.masked_scatter(x > 0, torch.tensor([10, 20, 30])),
          lambda: x.masked_scatter(torch.ones(2, 3, dtype=torch.int32), torch.zeros(6)), lambda: x.masked_scatter((x > 0)[0], torch.arange(6.)),
          lambda: x[0].masked_scatter(x > 0, torch.arange(6.)), lambda: x.clone().masked_scatter_(x > 0, torch.arange(6.)),
          lambda: x.clone().masked_scatter_(torch.ones(3, 2, 3, dtype=torch.bool), torch.arange(20.)), lambda: torch.masked_scatter(x, x < 0, torch.tensor([5.])),
          lambda: x.masked_scatter(x > 0, 5.)]:
    attempt(f)
w = x.clone().requires_grad_()
src = torch.tensor([10., 20., 30., 40., 50.], requires_grad=True)
for f in [lambda: w.masked_select(w > 0), lambda: w[0].masked_select(w > 0), lambda: w.masked_scatter(w > 0, src),
          lambda: (w * 1).masked_scatter_(w > 0, src)]:
    y = f()
    walk(y.grad_fn)
    (y * torch.arange(1., y.numel() + 1).reshape(y.shape)).sum().backward()
    print(w.grad, src.grad)
    w.grad = src.grad = None
warned(lambda: x.clone().masked_scatter_(torch.ones(2, 3, dtype=torch.uint8), torch.zeros(6)))
""",
    "nonzero_where": """
x = torch.tensor([[0., 1.5, 0.], [2., 0., -1.]])
for f in [lambda: x.nonzero(), lambda: torch.nonzero(x), lambda: x.nonzero(as_tuple=True), lambda: torch.nonzero(x, as_tuple=True),
          lambda: torch.tensor(3.).nonzero(), lambda: torch.tensor(0.).nonzero(), lambda: torch.tensor(3.).nonzero(as_tuple=True),
          lambda: torch.tensor(0.).nonzero(as_tuple=True), lambda: torch.zeros(0, 3).nonzero(), lambda: torch.zeros(2, 3).nonzero(as_tuple=True),
          lambda: torch.tensor([float('nan'), -0.0, 0.0]).nonzero(), lambda: x.t().nonzero(), lambda: x.bool().nonzero(),
          lambda: torch.arange(-2, 3, dtype=torch.int8).nonzero(), lambda: torch.where(x > 0), lambda: torch.where(x), lambda: torch.where(torch.tensor(True)),
          lambda: torch.where(torch.tensor([1, 0, 2])), lambda: torch.where(condition=x > 0), lambda: torch.where(x > 0, x),
          lambda: torch.where(torch.tensor([1, 0]), 1), lambda: torch.where([1, 0]), lambda: x.argwhere(), lambda: torch.argwhere(x),
          lambda: torch.nonzero(x, True), lambda: torch.nonzero([1]), lambda: torch.where(x > 0, x, 0.)]:
    attempt(f)
cols = x.nonzero(as_tuple=True)
print(shares(cols[0], cols[1]), cols[1].storage_offset(), x.nonzero().requires_grad)
""",
    # ------------------------------------------------------------ through an index tensor
    "index_select_add": """
x = torch.arange(12.).reshape(3, 4)
i = torch.tensor([2, 0])
for f in [lambda: x.index_select(0, i), lambda: x.index_select(1, i), lambda: x.index_select(-1, i), lambda: torch.index_select(x, 1, i),
          lambda: torch.index_select(x, dim=1, index=i), lambda: x.index_select(0, torch.tensor(1)), lambda: x.index_select(0, torch.tensor([[1]])),
          lambda: x.index_select(0, torch.tensor([1.])), lambda: x.index_select(0, torch.tensor([1], dtype=torch.int32)),
          lambda: x.index_select(0, torch.tensor([1], dtype=torch.int16)), lambda: x.index_select(0, torch.tensor([True])),
          lambda: x.index_select(0, torch.tensor([3])), lambda: x.index_select(0, torch.tensor([-1])), lambda: x.index_select(2, i),
          lambda: x.index_select(0, [1]), lambda: x.t().index_select(0, i), lambda: x.t().index_select(1, i),
          lambda: torch.tensor(5.).index_select(0, torch.tensor([0])), lambda: torch.tensor(5.).index_select(0, torch.tensor(0)),
          lambda: torch.tensor(5.).index_select(0, torch.tensor([1])), lambda: torch.tensor(1.).index_select(0, torch.tensor([0, 0])),
          lambda: x.index_select(0, torch.tensor([], dtype=torch.long)), lambda: x.long().index_select(1, i), lambda: x.bool().index_select(1, i),
          lambda: torch.zeros(0, 3).index_select(0, torch.tensor([0])), lambda: torch.zeros(0, 3).index_select(1, torch.tensor([5])),
          lambda: x.index_select('a', i)]:
    attempt(f)
z = torch.zeros(3, 4)
s = torch.arange(12.).reshape(3, 4)
j = torch.tensor([0, 2, 0])
for f in [lambda: z.index_add(0, j, s), lambda: z.index_add(0, j, s, alpha=2), lambda: z.index_add(1, torch.tensor([3, 3, 0, 1]), s),
          lambda: torch.index_add(z, 0, j, s), lambda: z.clone().index_add_(0, j, s), lambda: z.index_add(0, j, s[:2]),
          lambda: z.index_add(0, j.float(), s), lambda: z.index_add(0, j.int(), s), lambda: z.index_add(0, torch.tensor([3, 0, 0]), s),
          lambda: z.index_add(0, torch.tensor([-1, 0, 0]), s), lambda: z.index_add(0, j, s.long()), lambda: z.index_add(0, j[None], s),
          lambda: z.index_add(0, j, s[:, :2]), lambda: torch.zeros(3).index_add(0, j, torch.tensor([1., 2, 3])),
          lambda: torch.zeros(3).index_add(0, torch.tensor([3]), torch.tensor([1.])), lambda: z.long().index_add(0, j, s.long(), alpha=2.5),
          lambda: z.index_add(0, j, s, alpha=True), lambda: z.t().index_add(1, j, s.t())]:
    attempt(f)
h = torch.tensor([1.] + [1e-4] * 10, dtype=torch.float16)
zi = torch.zeros(11, dtype=torch.long)
for shape, d, src in [((1,), 0, h), ((1, 1), 0, h[:, None]), ((2, 1), 1, h[None, :].expand(2, 11).contiguous())]:
    attempt(lambda: torch.zeros(*shape, dtype=torch.float16).index_add(d, zi, src))
    attempt(lambda: torch.zeros(*shape, dtype=torch.bfloat16).index_add(d, zi, src.bfloat16()))
w = torch.arange(12.).reshape(3, 4).requires_grad_()
q = torch.ones(3, 2, requires_grad=True)
for f in [lambda: w.index_select(1, torch.tensor([0, 0, 3])), lambda: w.index_add(1, torch.tensor([1, 1]), q, alpha=3),
          lambda: (w * 1).index_add_(1, torch.tensor([0, 3]), q)]:
    y = f()
    walk(y.grad_fn)
    y.backward(torch.arange(float(y.numel())).reshape(y.shape) + 1)
    print(w.grad, q.grad)
    w.grad = q.grad = None
""",
    "gather_scatter": """
x = torch.arange(12.).reshape(3, 4)
g = torch.tensor([[0, 2], [1, 1], [3, 0]])
for f in [lambda: x.gather(1, g), lambda: torch.gather(x, 1, g), lambda: x.gather(0, torch.tensor([[0, 2, 1, 0]])),
          lambda: x.gather(1, torch.tensor([[4]])), lambda: x.gather(1, torch.tensor([[-1]])), lambda: x.gather(1, torch.tensor([0])),
          lambda: x.gather(1, torch.tensor([[0]], dtype=torch.int32)), lambda: x.gather(1, torch.tensor([[0.]])),
          lambda: x.gather(1, torch.zeros(4, 1, dtype=torch.long)), lambda: x.gather(1, torch.zeros(3, 5, dtype=torch.long)),
          lambda: x.gather(0, torch.zeros(3, 5, dtype=torch.long)), lambda: x.gather(2, g), lambda: x.gather(1, g.t()), lambda: x.t().gather(1, g),
          lambda: torch.tensor(5.).gather(0, torch.tensor(0)), lambda: torch.tensor(5.).gather(0, torch.tensor([0])),
          lambda: x.gather(1, torch.zeros(0, 2, dtype=torch.long)), lambda: x.gather(1, torch.tensor([[0, 1], [7, 9]])),
          lambda: x.gather(1, torch.zeros(0)), lambda: torch.zeros(3, 0).gather(1, torch.ones(3, 2, dtype=torch.long))]:
    attempt(f)
z = torch.zeros(3, 4)
src = torch.arange(1., 7.).reshape(3, 2)
for f in [lambda: z.scatter(1, g, src), lambda: z.scatter(1, g, 5.), lambda: z.scatter(1, g, 5), lambda: z.scatter(1, g, True),
          lambda: z.long().scatter(1, g, 5.5), lambda: z.scatter(1, g, src=src), lambda: z.scatter(1, g, value=2.),
          lambda: z.scatter(dim=1, index=g, src=src), lambda: torch.scatter(z, 1, g, src), lambda: torch.scatter(z, 1, g, 3.),
          lambda: z.clone().scatter_(1, g, src), lambda: z.clone().scatter_(1, g, 9.), lambda: z.scatter(1, g, src.long()),
          lambda: z.scatter(1, g, torch.tensor(5.)), lambda: z.scatter(1, g, src[:, :1]), lambda: z.scatter(1, g, torch.arange(20.).reshape(4, 5)),
          lambda: z.scatter(0, g, torch.arange(20.).reshape(4, 5)), lambda: z.scatter(1, g.int(), src), lambda: z.scatter(1, g.float(), src),
          lambda: z.scatter(1, torch.tensor([[4]]), src), lambda: z.scatter(1, torch.tensor([0]), src), lambda: z.scatter(1, g, src, reduce='add'),
          lambda: z.scatter(1, g, src, reduce='multiply'), lambda: z.scatter(1, g, 2., reduce='add'), lambda: z.scatter(1, g, src, reduce='sum'),
          lambda: z.scatter(1, torch.tensor([[0, 0, 0]]), torch.tensor([[1., 2., 3.]])), lambda: z.t().scatter(0, g, src),
          lambda: z.scatter(1, torch.tensor([[0]]), 1e40), lambda: z.to(torch.int8).scatter(1, torch.tensor([[0]]), 300),
          lambda: z.scatter(1, torch.tensor([[0]]), 'a'), lambda: z.scatter(1, torch.tensor([[0]])), lambda: z.scatter(1, torch.tensor([[0]]), src=1.),
          lambda: z.scatter(1, [[0]], 1.), lambda: torch.tensor(1.).scatter(0, torch.tensor(0), 5.), lambda: z.scatter(3, g, 2.),
          lambda: z.scatter(1, torch.zeros(2, dtype=torch.long), torch.zeros(2)), lambda: z.scatter(1, torch.zeros(2, 2, dtype=torch.long), torch.zeros(2)),
          lambda: z.scatter(1, torch.zeros(5, 2, dtype=torch.long), torch.zeros(2)), lambda: z.scatter(1, torch.zeros(5, 2, dtype=torch.long), torch.zeros(2, 2)),
          lambda: z.scatter(1, torch.zeros(2, 2, dtype=torch.long), torch.zeros(0, 2)), lambda: z.long().scatter(1, torch.tensor([[1, 1]]), torch.full((1, 2), 3), reduce='multiply'),
          lambda: z.scatter_add(1, g, src), lambda: z.scatter_add(1, torch.tensor([[0, 0, 0]]), torch.tensor([[1., 2., 3.]])),
          lambda: torch.scatter_add(z, 1, g, src), lambda: z.clone().scatter_add_(1, g, src), lambda: z.scatter_add(1, g, 5.),
          lambda: z.scatter_add(1, g, src.long()), lambda: z.long().scatter_add(1, g, src.long()), lambda: z.bool().scatter_add(1, g, src.bool()),
          lambda: z.scatter_add(1, torch.tensor([[0.]]), z)]:
    attempt(f)
h = torch.tensor([1.] + [1e-4] * 10, dtype=torch.float16)
attempt(lambda: torch.zeros(1, dtype=torch.float16).scatter_add(0, torch.zeros(11, dtype=torch.long), h))
attempt(lambda: torch.zeros(1).scatter_add(0, torch.zeros(11, dtype=torch.long), torch.tensor([1.] + [1e-8] * 10)))
w = torch.zeros(3, 4, requires_grad=True)
s = src.clone().requires_grad_()
for f in [lambda: w.gather(1, g), lambda: w.scatter(1, g, s), lambda: w.scatter(1, g, 2.), lambda: w.scatter_add(1, g, s),
          lambda: (w * 1).scatter_(1, g, s), lambda: (w * 1).scatter_add_(0, g[:2, :1], s[:2, :1])]:
    y = f()
    walk(y.grad_fn)
    y.backward(torch.arange(1., y.numel() + 1).reshape(y.shape))
    print(w.grad, s.grad)
    w.grad = s.grad = None
y = w.scatter(1, g, s, reduce='add')
walk(y.grad_fn)
attempt(lambda: y.sum().backward())
warned(lambda: z.scatter(1, torch.tensor([[0]]), torch.ones(1, 1), reduce='add'))
""",
    "saved_dims": """
w = torch.arange(12.).reshape(3, 4).requires_grad_()
g = torch.tensor([[0, 2], [1, 1], [3, 0]])
s = torch.ones(3, 2, requires_grad=True)
for f in [lambda: w.gather(-1, g), lambda: w.scatter(-1, g, s), lambda: w.scatter(-1, g, 2.), lambda: w.scatter_add(-1, g, s),
          lambda: w.index_select(-1, torch.tensor([3, 0])), lambda: w.index_add(-1, torch.tensor([1, 1]), s, alpha=2),
          lambda: (w * 1).index_add_(-2, torch.tensor([0, 2]), torch.ones(2, 4)), lambda: (w * 1).scatter_(-2, g, 5.)]:
    y = f()
    print(y.grad_fn.name(), y.grad_fn._saved_dim)
    y.backward(torch.arange(1., y.numel() + 1).reshape(y.shape))
    print(w.grad, s.grad)
    w.grad = s.grad = None
""",
    "assign_versions": """
w = torch.tensor([[1., -2., 3.], [4., 5., -6.]], requires_grad=True)
# the version in the message counts the writes: one per assignment, whatever path it takes
for stmt in ["y[0, 1] = 0.", "y[0] = torch.ones(3)", "y[:, 1] = 2.", "y[[0, 1]] = 2.", "y[y > 0] = 1.", "y[0, [1]] = 3.", "y[...] = 1",
             "y.masked_fill_(y > 0, 1.)", "y[y > 0] = 1.; y[0] = 2.", "y[:, 1:] = torch.zeros(2, 2)"]:
    y = w.exp()
    exec(stmt)
    attempt(lambda: y.sum().backward())
""",
    "take_along_dim": """
x = torch.arange(24.).reshape(2, 3, 4)
for f in [lambda: torch.take_along_dim(x, torch.tensor([[[0]]]), 2), lambda: x.take_along_dim(torch.tensor([[[0], [1], [2]]]), 2),
          lambda: x.take_along_dim(torch.tensor([5, 0])), lambda: x.take_along_dim(torch.tensor([[0, 1]]), 1), lambda: x.take_along_dim(torch.tensor([[[0, 1]]]), -1),
          lambda: x.take_along_dim(torch.tensor([[[-1, -5, 9, -9]]]), 2), lambda: x.take_along_dim(torch.tensor([-1])), lambda: x.take_along_dim(torch.tensor([24])),
          lambda: x.take_along_dim(torch.tensor([[[0, 1]]]).int(), 2), lambda: x.take_along_dim(torch.tensor([[[0.]]]), 2),
          lambda: x.take_along_dim(torch.tensor([[[True]]]), 2), lambda: x.take_along_dim(torch.tensor([[0]], dtype=torch.uint8), 2),
          lambda: x.take_along_dim(torch.tensor([[[0]]]), 3), lambda: x.take_along_dim(torch.zeros(3, 3, 1, dtype=torch.long), 2),
          lambda: x.take_along_dim(torch.tensor([[[0]]]), dim=None), lambda: torch.take_along_dim(x, indices=torch.tensor([1])),
          lambda: torch.take_along_dim(1, torch.tensor([1])), lambda: x.take_along_dim([1]), lambda: x.take_along_dim(torch.tensor([[[0]]]), 'a'),
          lambda: x.take_along_dim(torch.tensor([[[0]]]), 1.), lambda: torch.tensor(5.).take_along_dim(torch.tensor(0), 0),
          lambda: torch.tensor(5.).take_along_dim(torch.tensor([0])), lambda: x.transpose(0, 2).take_along_dim(torch.tensor([1])),
          lambda: x.transpose(0, 2).take_along_dim(torch.tensor([[[1, 0]]]), 0), lambda: torch.zeros(2, 0).take_along_dim(torch.zeros(2, 1, dtype=torch.long), 1),
          lambda: torch.zeros(2, 0).take_along_dim(torch.zeros(2, 0, dtype=torch.long), 1), lambda: x.long().take_along_dim(torch.tensor([[[3]]]), 2),
          lambda: x.take_along_dim(torch.tensor([1]).int()), lambda: x.take_along_dim(torch.tensor([1.])), lambda: x.take_along_dim(torch.tensor([[[1.]]]), 5),
          lambda: x.take_along_dim(torch.tensor([[[-30]]]), 2)]:
    attempt(f)
w = torch.arange(6.).reshape(2, 3).requires_grad_()
for f in [lambda: w.take_along_dim(torch.tensor([[1], [0]]), 1), lambda: w.take_along_dim(torch.tensor([[1]]), 1),
          lambda: w.take_along_dim(torch.tensor([[2, -1, 0]]), -2 + 1), lambda: w.take_along_dim(torch.tensor([1, 0, 1]))]:
    y = f()
    walk(y.grad_fn)
    print(y.grad_fn._saved_dim, y.grad_fn._saved_index)
    y.backward(torch.arange(1., y.numel() + 1).reshape(y.shape))
    print(w.grad)
    w.grad = None
""",
    "index_fill": """
x = torch.arange(12.).reshape(3, 4)
i = torch.tensor([2, 0])
for f in [lambda: x.index_fill(0, i, -1.), lambda: x.index_fill(1, i, torch.tensor(5.)), lambda: x.index_fill(-1, i, 2), lambda: torch.index_fill(x, 1, i, 7),
          lambda: x.clone().index_fill_(1, i, 3), lambda: x.index_fill(0, torch.tensor(1), 0.), lambda: x.index_fill(0, torch.tensor([[1]]), 0.),
          lambda: x.index_fill(0, torch.tensor([1.]), 0.), lambda: x.index_fill(0, torch.tensor([1], dtype=torch.int32), 0.), lambda: x.index_fill(0, torch.tensor([3]), 0.),
          lambda: x.index_fill(0, torch.tensor([-1]), 0.), lambda: x.index_fill(0, torch.tensor([-4]), 0.), lambda: x.index_fill(2, i, 0.),
          lambda: x.index_fill(2, torch.tensor([1.]), 0.), lambda: x.index_fill(2, torch.tensor([[1]]), 0.), lambda: x.index_fill(0, i, torch.tensor([1.])),
          lambda: x.index_fill(0, i, torch.tensor(1., dtype=torch.float64)), lambda: x.long().index_fill(0, i, 2.5), lambda: x.long().index_fill(0, i, torch.tensor(2.5)),
          lambda: x.index_fill(0, i, True), lambda: x.bool().index_fill(0, i, 2), lambda: torch.tensor(5.).index_fill(0, torch.tensor([0]), 1.),
          lambda: torch.tensor(5.).index_fill(0, torch.tensor(0), 1.), lambda: torch.tensor(5.).index_fill(-1, torch.tensor([0, -1]), 1.),
          lambda: torch.tensor(5.).index_fill(0, torch.tensor([1]), 1.), lambda: x.t().index_fill(0, i, 0.), lambda: x.t().clone().index_fill_(1, i, 0.),
          lambda: x.index_fill(0, [1], 0.), lambda: x.index_fill('a', i, 0.), lambda: x.index_fill(0, i, 'a'), lambda: x.index_fill(0, i),
          lambda: torch.index_fill(x, 0, i), lambda: torch.index_fill(1, 0, i, 0.), lambda: x.index_fill_(0, [1], 0.),
          lambda: x.to(torch.int8).index_fill(0, i, 300), lambda: x.index_fill(0, torch.tensor([], dtype=torch.long), 1.),
          lambda: x[None].expand(2, 3, 4).index_fill(0, i[1:], 1.), lambda: x.index_fill(0, i, float('nan')), lambda: x.half().index_fill(0, i, 1e6),
          lambda: x.bfloat16().index_fill(1, i, 1e6), lambda: x.index_fill(dim=0, index=i, value=1.), lambda: x.index_fill(0, torch.tensor([1, 1, -2]), 9)]:
    attempt(f)
warned(lambda: x[None].expand(2, 3, 4).index_fill_(1, i[1:], 1.))
w = torch.arange(12.).reshape(3, 4).requires_grad_()
v = torch.tensor(2., requires_grad=True)
for f in [lambda: w.index_fill(1, i, 3.), lambda: w.index_fill(1, i, v), lambda: (w * 1).index_fill_(0, i, v), lambda: w.index_fill(-1, torch.tensor([1, 1]), v),
          lambda: (w * 1).index_fill_(-2, torch.tensor([1]), 0.5)]:
    y = f()
    walk(y.grad_fn)
    print(y.grad_fn._saved_dim, y.grad_fn._saved_index)
    y.backward(torch.arange(1., 13.).reshape(3, 4))
    print(w.grad, v.grad)
    w.grad = v.grad = None
attempt(lambda: w.index_fill_(0, i, 1.))
attempt(lambda: w.detach().index_fill_(0, i, v))
""",
    "index_copy": """
x = torch.zeros(3, 4)
s = torch.arange(8.).reshape(2, 4)
i = torch.tensor([2, 0])
x3 = torch.zeros(2, 3, 4)
for f in [lambda: x.index_copy(0, i, s), lambda: x.index_copy(1, i, torch.ones(3, 2)), lambda: torch.index_copy(x, 0, i, s), lambda: x.clone().index_copy_(0, i, s),
          lambda: x.index_copy(0, torch.tensor([1, 1]), s), lambda: x.index_copy(0, i, s[:1]), lambda: x.index_copy(0, i, s[:, :3]), lambda: x.index_copy(0, i.float(), s),
          lambda: x.index_copy(0, i.int(), s), lambda: x.index_copy(0, i[None], s), lambda: x.index_copy(0, torch.tensor([3, 0]), s), lambda: x.index_copy(0, torch.tensor([-1, 0]), s),
          lambda: x.index_copy(0, i, s.long()), lambda: x.index_copy(2, i, s), lambda: x.index_copy(0, torch.tensor(1), s[0]), lambda: x.index_copy(0, torch.tensor(1), s[:1]),
          lambda: x.index_copy(0, torch.tensor([1]), s[0]), lambda: torch.zeros(3).index_copy(0, torch.tensor(1), torch.tensor(5.)),
          lambda: torch.zeros(3).index_copy(0, torch.tensor([1]), torch.tensor(5.)), lambda: torch.tensor(0.).index_copy(0, torch.tensor(0), torch.tensor(5.)),
          lambda: torch.tensor(0.).index_copy(0, torch.tensor([0]), torch.tensor([5.])), lambda: torch.tensor(1.).index_copy(0, torch.tensor([0]), torch.ones(1, 1)),
          lambda: x.index_copy(0, i, s[None]), lambda: x.index_copy(0, i, 1.), lambda: x.index_copy('a', i, s), lambda: x.index_copy(0, [1], s),
          lambda: torch.index_copy(x, 0, i, 1.), lambda: x.index_copy_(0, i, 1.), lambda: x.t().index_copy(0, torch.tensor([1]), torch.ones(1, 3)),
          lambda: x.index_copy(-1, i, torch.ones(3, 2)), lambda: x.index_copy(0, torch.tensor([], dtype=torch.long), torch.zeros(0, 4)),
          lambda: x.index_copy(0, torch.tensor([5]), torch.zeros(1, 4)), lambda: x.index_copy(0, i, torch.ones(2, 2, 2)), lambda: x.index_copy(0, i, torch.ones(2, 5)),
          lambda: x3.index_copy(0, torch.tensor([0]), torch.ones(1, 3, 5)), lambda: x3.index_copy(1, torch.tensor([0]), torch.ones(1, 3, 5)),
          lambda: x3.index_copy(2, torch.tensor([3, 1]), torch.arange(12.).reshape(2, 3, 2)), lambda: torch.zeros(3).index_copy(0, torch.tensor([0, 1]), torch.tensor(1.)),
          lambda: torch.zeros(3).index_copy(0, torch.tensor([[0]]), torch.tensor(1.)), lambda: torch.zeros(2, 2).index_copy(0, torch.tensor([0]), torch.ones(1)),
          lambda: torch.zeros(2, 3).index_copy(1, torch.tensor([0, 2, 0]), torch.arange(6.).reshape(2, 3)),
          lambda: torch.zeros(2, 3).index_copy(0, torch.tensor([0]), torch.ones(1, 3, dtype=torch.float64)), lambda: torch.zeros(2, 3).index_copy(5, torch.tensor([[0]]), torch.ones(1, 3)),
          lambda: torch.zeros(2, 3, dtype=torch.int8).index_copy(1, torch.tensor([1]), torch.full((2, 1), -3, dtype=torch.int8))]:
    attempt(f)
w = torch.zeros(3, 4, requires_grad=True)
src = s.clone().requires_grad_()
for f in [lambda: w.index_copy(0, i, src), lambda: (w * 1).index_copy_(0, i, src), lambda: w.index_copy(-1, i, torch.ones(3, 2)),
          lambda: w.detach().index_copy(0, torch.tensor([1, 1]), src), lambda: w[0].index_copy(0, torch.tensor(1), src[0, 0])]:
    y = f()
    walk(y.grad_fn)
    print(y.grad_fn._saved_dim, y.grad_fn._saved_index, y.grad_fn._saved_source, y.grad_fn._saved_source_dim)
    y.backward(torch.arange(1., y.numel() + 1).reshape(y.shape))
    print(w.grad, src.grad)
    w.grad = src.grad = None
""",
    "take_put": """
x = torch.arange(12.).reshape(3, 4)
for f in [lambda: x.take(torch.tensor([0, 5, -1])), lambda: torch.take(x, torch.tensor([[0, 5], [11, 1]])), lambda: x.take(torch.tensor([12])),
          lambda: x.take(torch.tensor([-13])), lambda: x.take(torch.tensor([1], dtype=torch.int32)), lambda: x.t().take(torch.tensor([1, 2])),
          lambda: x.take(torch.tensor(3)), lambda: torch.zeros(0).take(torch.tensor([0])), lambda: torch.zeros(0).take(torch.tensor([], dtype=torch.long)),
          lambda: x.take(torch.tensor([[1, 2]]).t()), lambda: x.take([1]),
          lambda: x.put(torch.tensor([0, 5]), torch.tensor([1., 2.])), lambda: x.put(torch.tensor([0, 0]), torch.tensor([1., 2.]), accumulate=True),
          lambda: x.clone().put_(torch.tensor([0, 5]), torch.tensor([1., 2.])), lambda: x.put(torch.tensor([0, 5]), torch.tensor([1., 2., 3.])),
          lambda: x.put(torch.tensor([12]), torch.tensor([1.])), lambda: x.put(torch.tensor([0]), torch.tensor([1])),
          lambda: x.put(torch.tensor([0], dtype=torch.int32), torch.tensor([1.])), lambda: torch.put(x, torch.tensor([[0, 5]]), torch.tensor([[1., 2.]])),
          lambda: x.put(torch.tensor([[0, 5]]), torch.tensor([1., 2.])), lambda: x.t().put(torch.tensor([1]), torch.tensor([-1.])),
          lambda: torch.zeros(1, dtype=torch.float16).put(torch.zeros(11, dtype=torch.long), torch.tensor([1.] + [1e-4] * 10, dtype=torch.float16), accumulate=True)]:
    attempt(f)
w = torch.arange(6.).reshape(2, 3).requires_grad_()
src = torch.tensor([10., 20.], requires_grad=True)
for f in [lambda: w.take(torch.tensor([0, 0, 5])), lambda: w.t().take(torch.tensor([1, 4])), lambda: w.put(torch.tensor([5, 0]), src),
          lambda: w.put(torch.tensor([5, 5]), src, accumulate=True), lambda: (w * 1).put_(torch.tensor([1, 2]), src)]:
    y = f()
    walk(y.grad_fn)
    y.backward(torch.arange(1., y.numel() + 1).reshape(y.shape))
    print(w.grad, src.grad)
    w.grad = src.grad = None
""",
    "sequence_warnings": """
x = torch.zeros(3, 4)
warned(lambda: x[[[0, 1]]])
warned(lambda: x[[0, None]])
warned(lambda: x[torch.tensor([1, 0, 1], dtype=torch.uint8)])
warned(lambda: x.expand(2, 3, 4).index_put_((torch.tensor([0]),), torch.tensor(1.)))
warned(lambda: torch.where(torch.tensor([1, 0], dtype=torch.uint8)))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
