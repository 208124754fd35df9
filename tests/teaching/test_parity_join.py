"""Parity of joining and splitting: cat (concat, concatenate), stack, hstack, vstack, row_stack, dstack,
column_stack, split, split_with_sizes, tensor_split, hsplit, vsplit, dsplit, chunk, unbind, narrow, flip, fliplr,
flipud, roll, repeat, tile, repeat_interleave, expand_as, movedim/moveaxis, flatten, ravel and unflatten: values, dtype promotion, shapes,
strides and views, errors, and gradients with their backward graphs (SplitBackward0's several outputs
included), compared with real torch."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_show", "shares", "walk", "saved", "show_each")

CELLS = {
    "cat_stack": """
a = torch.arange(6.).reshape(2, 3)
b = torch.arange(6).reshape(2, 3)
c = torch.ones(2, 3, dtype=torch.bool)
h = torch.ones(2, 3, dtype=torch.float16)
for f in [lambda: torch.cat([a, b]), lambda: torch.cat([b, c]), lambda: torch.cat([h, c]), lambda: torch.cat([h, h.bfloat16()]),
          lambda: torch.cat([b.int(), b.to(torch.uint8)]), lambda: torch.cat([b.to(torch.int8), b.to(torch.uint8)]),
          lambda: torch.cat([a, a], 1), lambda: torch.cat([a, a], -1), lambda: torch.cat([a, a[:, :2]], 1), lambda: torch.cat([a, a[:, :2]], 0),
          lambda: torch.cat([a, a[0]], 0), lambda: torch.cat([a, torch.tensor([])], 0), lambda: torch.cat([torch.tensor([]), a], 1),
          lambda: torch.cat([torch.zeros(0, 3), a], 0), lambda: torch.cat([torch.zeros(0, 2), a], 0), lambda: torch.cat([a, a], 2),
          lambda: torch.cat([]), lambda: torch.cat([torch.tensor(1.)]), lambda: torch.cat(a), lambda: torch.cat((a, a)),
          lambda: torch.cat([a, 1]), lambda: torch.cat([a]), lambda: torch.cat([a.t(), a.t()]), lambda: torch.cat([a.t(), a.t()], 1),
          lambda: torch.cat([a[None].expand(2, 2, 3), a[None]], 0), lambda: torch.cat([a, a], dim=0), lambda: torch.concat([a, a], 1),
          lambda: torch.concatenate([a, a], axis=1), lambda: torch.cat([a, a], axis=1), lambda: torch.cat([a, a], 'a'),
          lambda: torch.concat(a), lambda: torch.concatenate([]), lambda: torch.cat([a, a], dim=1, axis=0), lambda: torch.cat(tensors=[a, a]),
          lambda: torch.cat([torch.tensor([]), torch.tensor([], dtype=torch.int64)]),
          lambda: torch.stack([a, b]), lambda: torch.stack([a, a], 1), lambda: torch.stack([a, a], 2), lambda: torch.stack([a, a], -1),
          lambda: torch.stack([a, a], 3), lambda: torch.stack([a, a[0]]), lambda: torch.stack([torch.tensor(1.), torch.tensor(2)]),
          lambda: torch.stack([a.t(), a.t()]), lambda: torch.stack([a.t(), a.t()], 2), lambda: torch.stack([]), lambda: torch.stack(a),
          lambda: torch.stack([a], axis=1), lambda: torch.stack([a, 1]), lambda: torch.stack(tensors=[a, a], axis=-1)]:
    attempt(f)
""",
    "hstack_vstack": """
a = torch.arange(6.).reshape(2, 3)
b = torch.arange(6).reshape(2, 3)
for f in [lambda: torch.hstack([a, b]), lambda: torch.hstack([a[0], b[0]]), lambda: torch.hstack([torch.tensor(1.), torch.tensor(2.)]),
          lambda: torch.hstack([a, a[0]]), lambda: torch.vstack([a, b]), lambda: torch.vstack([a[0], b[0]]), lambda: torch.vstack([a, a[0]]),
          lambda: torch.vstack([torch.tensor(1.), torch.tensor(2.)]), lambda: torch.vstack([a[None], a[None]]), lambda: torch.hstack([a[None], a[None]]),
          lambda: torch.hstack([]), lambda: torch.vstack([]), lambda: torch.vstack(a), lambda: torch.hstack(a), lambda: torch.hstack([a, 1]),
          lambda: torch.row_stack([a, a]), lambda: torch.row_stack([]), lambda: torch.row_stack(a), lambda: torch.dstack([a, a]),
          lambda: torch.dstack([a[0], a[1]]), lambda: torch.dstack([torch.tensor(1), torch.tensor(2.)]), lambda: torch.dstack([]),
          lambda: torch.column_stack([a[0], a[1]]), lambda: torch.column_stack([a, a[0]]), lambda: torch.column_stack([torch.tensor(1.), a[0, :1]]),
          lambda: torch.column_stack([]), lambda: torch.hstack((a.t(), a.t()))]:
    attempt(f)
""",
    "split_chunk_unbind": """
a = torch.arange(10.).reshape(5, 2)
for f in [lambda: a.split(2), lambda: a.split(2, 1), lambda: a.split(1, 1), lambda: a.split(3, dim=0), lambda: a.split([1, 4]),
          lambda: a.split([1, 3]), lambda: a.split([1, 0, 4]), lambda: a.split((2, 3)), lambda: a.split(0), lambda: a.split(-1),
          lambda: a.split(10), lambda: a.split(2, 2), lambda: a.split([1, -1, 5]), lambda: a.split(torch.tensor(2)), lambda: a.split(2.5),
          lambda: torch.split(a, 2), lambda: torch.split(a, [3, 2], 0), lambda: torch.split(a, split_size_or_sections=2, dim=1),
          lambda: a.split(split_size=2), lambda: a.split_with_sizes([2, 3]), lambda: torch.tensor(5.).split(1), lambda: torch.zeros(0, 3).split(2),
          lambda: torch.zeros(0, 3).split(0), lambda: torch.zeros(3, 0).split(0, 1), lambda: a.t().split(2, 1), lambda: a.split([1, 3], -2),
          lambda: a.split('a'), lambda: a.split([1.5, 3.5]), lambda: a.split(2, 1.5), lambda: torch.split(a, 'a'), lambda: torch.split(1, 2),
          lambda: a.split_with_sizes(2), lambda: a.split_with_sizes([2, 3], dim=0), lambda: a.split(None), lambda: a.split([torch.tensor(2), 3]),
          lambda: a.split(True), lambda: a.split([2, 'a']),
          lambda: a.chunk(2), lambda: a.chunk(3), lambda: a.chunk(5), lambda: a.chunk(6), lambda: a.chunk(4), lambda: a.chunk(2, 1),
          lambda: a.chunk(3, 1), lambda: a.chunk(0), lambda: a.chunk(-1), lambda: torch.chunk(a, 2, dim=1), lambda: torch.chunk(a, chunks=2),
          lambda: torch.zeros(0, 3).chunk(2), lambda: torch.tensor(1.).chunk(2), lambda: torch.arange(6.).chunk(4), lambda: torch.arange(7.).chunk(4),
          lambda: torch.arange(6.).chunk(5), lambda: a.chunk(2.5), lambda: a.chunk('a'), lambda: a.chunk(2, 'a'), lambda: torch.chunk(1, 2),
          lambda: a.chunk(True),
          lambda: a.unbind(), lambda: a.unbind(1), lambda: a.unbind(-1), lambda: torch.unbind(a, 1), lambda: torch.unbind(a, dim=1),
          lambda: torch.tensor(1.).unbind(), lambda: torch.zeros(0, 2).unbind(), lambda: a.unbind(2), lambda: a.unbind('a'), lambda: torch.unbind(1)]:
    attempt(f)
p, q = a.split(3)
print(shares(p, a), shares(q, a), q.storage_offset())
""",
    "tensor_split_hsplit": """
x = torch.arange(24.).reshape(2, 3, 4)
for f in [lambda: x.tensor_split(2), lambda: x.tensor_split(3, 1), lambda: x.tensor_split([1, 3], 2), lambda: x.tensor_split((1, 10), 2),
          lambda: x.tensor_split([3, 1], 2), lambda: x.tensor_split(torch.tensor(2)), lambda: x.tensor_split(torch.tensor([1, 2]), 2),
          lambda: x.tensor_split(torch.tensor([1, 2])[::2], -1), lambda: x.tensor_split(0), lambda: x.tensor_split(-1, 1), lambda: x.tensor_split([-1], 2),
          lambda: x.tensor_split(5, dim=2), lambda: torch.tensor_split(x, 5, dim=2), lambda: torch.tensor_split(x, [1], 1), lambda: x.tensor_split(2, 3),
          lambda: torch.tensor(1.).tensor_split(1), lambda: x.tensor_split(torch.tensor([[1]])), lambda: x.tensor_split(torch.tensor([1.])),
          lambda: x.tensor_split(1.5), lambda: x.tensor_split('a'), lambda: x.tensor_split(indices=[1]), lambda: x.tensor_split(sections=2),
          lambda: torch.tensor_split(x, tensor_indices_or_sections=torch.tensor(2)), lambda: torch.tensor_split(1, 2), lambda: torch.tensor_split(x, 1.5),
          lambda: x.tensor_split(2, 'a'), lambda: x.tensor_split(True),
          lambda: x.hsplit(2), lambda: x.hsplit([1]), lambda: x.vsplit(2), lambda: x.dsplit(2), lambda: x.dsplit([1, 3]), lambda: x.hsplit(2.),
          lambda: x[0, 0].hsplit(2), lambda: x[0, 0].hsplit(3), lambda: x.hsplit(3), lambda: x[0].vsplit(2), lambda: x[0].dsplit(2),
          lambda: torch.hsplit(x, 3), lambda: torch.vsplit(x, [1]), lambda: torch.dsplit(x, 4), lambda: x.vsplit(0), lambda: x.hsplit(-3),
          lambda: torch.tensor(1.).hsplit(1), lambda: x.hsplit(torch.tensor([1])), lambda: x.vsplit(torch.tensor(2)), lambda: x.hsplit('a'),
          lambda: torch.hsplit(1, 2), lambda: torch.vsplit(x, sections=2), lambda: x.dsplit(indices=(1,)),
          lambda: torch.split_with_sizes(x, [1, 1]), lambda: torch.split_with_sizes(x, [1, 2], 1), lambda: torch.split_with_sizes(x, 2),
          lambda: torch.split_with_sizes(1, [1]), lambda: torch.split_with_sizes(x, [1, 2], 'a'), lambda: torch.split_with_sizes(x, split_sizes=[1, 1], dim=0)]:
    attempt(f)
w = torch.tensor([[0.5, -1.5, 2.0, 1.0], [3.25, 0.125, -4.0, 2.5]], requires_grad=True)
for f in [lambda y: y.tensor_split(3, 1), lambda y: y.tensor_split([1, 1], 1), lambda y: y.hsplit(2), lambda y: y.vsplit([1]),
          lambda y: torch.split_with_sizes(y, [3, 1], 1)]:
    outs = f(w * 1)
    show(outs)
    walk(outs[0].grad_fn)
    sum((o * torch.arange(1., o.numel() + 1).reshape(o.shape)).sum() for o in outs).backward()
    print(w.grad)
    w.grad = None
""",
    "ravel_fliplr_methods": """
x = torch.arange(24.).reshape(2, 3, 4)
w = torch.arange(6.).reshape(2, 3).requires_grad_()
for f in [lambda: x.ravel(), lambda: torch.ravel(x), lambda: x.transpose(0, 2).ravel(), lambda: w.ravel(), lambda: w.t().ravel(),
          lambda: torch.ravel(1), lambda: x.ravel(0), lambda: torch.tensor(1.).ravel(), lambda: x[..., ::2].ravel(), lambda: x.long().ravel(),
          lambda: x.fliplr(), lambda: x[0, 0].fliplr(), lambda: x.flipud(), lambda: torch.tensor(1.).flipud(), lambda: x.fliplr(1),
          lambda: x.flipud(0, 1), lambda: w.fliplr(), lambda: w.t().flipud()]:
    attempt(f)
print(shares(x.ravel(), x), shares(x.transpose(0, 2).ravel(), x))
for f in [lambda y: y.ravel(), lambda y: y.t().ravel(), lambda y: y.fliplr(), lambda y: y.flipud()]:
    y = f(w)
    walk(y.grad_fn)
    (y * torch.arange(1., 7.).reshape(y.shape)).sum().backward()
    print(w.grad)
    w.grad = None
""",
    "narrow_movedim": """
a = torch.arange(10.).reshape(5, 2)
x = torch.arange(24.).reshape(2, 3, 4)
for f in [lambda: a.narrow(0, 1, 2), lambda: a.narrow(1, -1, 1), lambda: a.narrow(0, 5, 0), lambda: a.narrow(0, 6, 0), lambda: a.narrow(0, 4, 2),
          lambda: a.narrow(0, torch.tensor(1), 2), lambda: torch.narrow(a, 0, 1, 2), lambda: torch.narrow(a, dim=0, start=1, length=2),
          lambda: a.narrow(0, 1, -1), lambda: a.narrow(0, -6, 1), lambda: torch.tensor(1.).narrow(0, 0, 1), lambda: a.narrow(2, 0, 1),
          lambda: a.narrow(0, 1.5, 1), lambda: a.narrow(0, 1, 1.5), lambda: torch.narrow(1, 0, 0, 1),
          lambda: x.movedim(0, 2), lambda: x.movedim(-1, 0), lambda: x.movedim((0, 1), (2, 0)), lambda: x.movedim([0, 1], [2, 0]),
          lambda: torch.movedim(x, 0, 1), lambda: torch.moveaxis(x, 0, 1), lambda: x.moveaxis(0, 1), lambda: x.movedim(source=0, destination=1),
          lambda: x.movedim((0, 0), (1, 2)), lambda: x.movedim((0, 1), (1, 1)), lambda: x.movedim((0, 1), (1,)), lambda: x.movedim(3, 0),
          lambda: x.movedim(0, 3), lambda: torch.tensor(1.).movedim(0, 0), lambda: torch.tensor(1.).movedim(0, -1), lambda: x.movedim((), ()),
          lambda: x.movedim('a', 0), lambda: x.movedim(0), lambda: torch.movedim(1, 0, 0), lambda: x.movedim((0, 'a'), (1, 0)),
          lambda: x.t() if False else x.transpose(0, 2).movedim(0, 1)]:
    attempt(f)
print(shares(x.movedim(0, 2), x), shares(a.narrow(0, 1, 2), a))
""",
    "flatten_unflatten_expand_as": """
x = torch.arange(24.).reshape(2, 3, 4)
v = torch.tensor([1., 2., 3.])
y = torch.arange(6.).reshape(2, 3)
for f in [lambda: x.flatten(), lambda: x.flatten(1), lambda: x.flatten(0, 1), lambda: x.flatten(-2, -1), lambda: x.flatten(1, 1),
          lambda: x.flatten(2, 1), lambda: x.flatten(start_dim=1), lambda: torch.flatten(x, 1, 2), lambda: x.transpose(0, 1).flatten(),
          lambda: x.transpose(0, 1).flatten(1), lambda: x.transpose(1, 2).flatten(0, 1), lambda: torch.tensor(1.).flatten(),
          lambda: torch.tensor(1.).flatten(0, -1), lambda: x.flatten(3), lambda: x[..., :1].flatten(1),
          lambda: x.unflatten(1, (3, 1)), lambda: x.unflatten(2, (2, 2)), lambda: x.unflatten(-1, (2, -1)), lambda: x.unflatten(-1, [2, 2]),
          lambda: x.unflatten(0, (1, 2)), lambda: torch.unflatten(x, 1, (1, 3)), lambda: x.unflatten(dim=1, sizes=(1, 3)),
          lambda: x.unflatten(1, (2, 2)), lambda: x.unflatten(1, (2, -1)), lambda: x.unflatten(1, ()), lambda: x.unflatten(1, (3,)),
          lambda: x.unflatten(3, (1,)), lambda: x.transpose(1, 2).unflatten(1, (2, 2)), lambda: x.unflatten(1, torch.Size([3, 1])),
          lambda: x.unflatten(1, 3), lambda: x.unflatten(0, 'a'), lambda: x.unflatten(0, (5, 'a')), lambda: x.unflatten(0, ('a', 5)),
          lambda: v.expand_as(y.t()), lambda: v.expand_as(y), lambda: v[None].expand_as(torch.zeros(4, 3)), lambda: v.expand_as(1),
          lambda: y.expand_as(y), lambda: torch.tensor(2.).expand_as(y)]:
    attempt(f)
print(shares(x.unflatten(1, (3, 1)), x), shares(x.transpose(0, 1).flatten(), x), shares(v.expand_as(y), v))
""",
    "flip_roll": """
x = torch.arange(24.).reshape(2, 3, 4)
for f in [lambda: x.flip(0), lambda: x.flip(0, 2), lambda: x.flip((0, 2)), lambda: x.flip([-1]), lambda: x.flip(dims=(1,)),
          lambda: torch.flip(x, (1,)), lambda: torch.flip(x, [0, 1, 2]), lambda: x.flip(()), lambda: x.flip(0, 0), lambda: x.flip(3),
          lambda: x.transpose(0, 2).flip(0), lambda: x[:, ::2].flip(1), lambda: torch.tensor(1.).flip(0), lambda: torch.tensor(1.).flip(()),
          lambda: x.flip(), lambda: torch.fliplr(x), lambda: torch.flipud(x), lambda: torch.fliplr(x[0, 0]), lambda: torch.flipud(torch.tensor(1.)),
          lambda: x.flip(0, 'a'), lambda: x.flip('a', 0), lambda: x.flip([0, 'a']), lambda: x.flip(['a']), lambda: torch.flip(x, 0),
          lambda: torch.flip(x, [0.5]), lambda: x.expand(2, 2, 3, 4).flip(0), lambda: x.long().flip(1), lambda: x.bool().flip(2),
          lambda: x.roll(1), lambda: x.roll(-1), lambda: x.roll(1, 0), lambda: x.roll(2, -1), lambda: x.roll((1, 2), (0, 2)),
          lambda: x.roll([1, 2], [0, 2]), lambda: x.roll(25, 1), lambda: x.roll(shifts=1, dims=1), lambda: torch.roll(x, 1, 1),
          lambda: x.roll((1, 2), 0), lambda: x.roll(1, (0, 1)), lambda: x.roll((1,), (0,)), lambda: x.roll(1, 3), lambda: x.roll(()),
          lambda: x.roll(1, ()), lambda: x.transpose(0, 2).roll(1, 0), lambda: x.transpose(0, 2).roll(1), lambda: torch.tensor(1.).roll(1),
          lambda: torch.tensor(1.).roll(1, 0), lambda: torch.zeros(0, 2).roll(1), lambda: torch.zeros(0, 2).roll(1, 0),
          lambda: torch.zeros(2, 0).t().roll(1, 0), lambda: torch.zeros(0, 2).roll(1, 5), lambda: torch.zeros(2, 0).t().roll((1, 2), (0, -7)),
          lambda: x.roll([1, 'a']), lambda: x.roll(1, 'a'), lambda: x.roll(1, [0, 'a']),
          lambda: torch.roll(x, 'a'), lambda: x.roll('a'), lambda: x.roll(1.5), lambda: x.int().roll(-5, 2)]:
    attempt(f)
""",
    "repeat_tile_interleave": """
y = torch.arange(6.).reshape(2, 3)
v = torch.tensor([1., 2., 3.])
for f in [lambda: y.repeat(2, 1), lambda: y.repeat(1, 2), lambda: y.repeat(2, 1, 2), lambda: y.repeat((2, 2)), lambda: y.repeat([2, 2]),
          lambda: y.repeat(torch.Size([2, 1])), lambda: y.repeat(2), lambda: y.repeat(0, 1), lambda: y.repeat(-1, 1), lambda: y.repeat(),
          lambda: y.t().repeat(1, 1), lambda: y.repeat(1, 1), lambda: torch.tensor(1.).repeat(3), lambda: torch.tensor(1.).repeat(()),
          lambda: y.repeat(2.0, 1), lambda: y.repeat('a'), lambda: y.repeat(2, 'a'), lambda: y.repeat([2, 2.0]), lambda: y.repeat('a', 2),
          lambda: y.repeat(['a', 2]), lambda: y.long().repeat(1, 2), lambda: y.expand(2, 2, 3).repeat(1, 1, 2),
          lambda: y.tile(2), lambda: y.tile((2,)), lambda: y.tile(2, 1), lambda: y.tile((2, 1, 2)), lambda: torch.tile(y, (2,)),
          lambda: torch.tile(y, dims=(2, 2)), lambda: y.tile(()), lambda: y.tile(-1), lambda: y.tile(0), lambda: torch.tensor(1.).tile(2),
          lambda: y.t().tile(1), lambda: y.tile(2, 'a'), lambda: torch.tile(y, 2), lambda: torch.tile(y, 'a'),
          lambda: v.repeat_interleave(2), lambda: y.repeat_interleave(2), lambda: y.repeat_interleave(2, 0), lambda: y.repeat_interleave(2, dim=1),
          lambda: y.repeat_interleave(torch.tensor([1, 2]), 0), lambda: y.repeat_interleave(torch.tensor([1, 0, 2]), 1),
          lambda: y.repeat_interleave(torch.tensor([1, 2]), 1), lambda: y.repeat_interleave(torch.tensor([1, 2]), -1), lambda: y.repeat_interleave(torch.tensor(2), 1),
          lambda: y.repeat_interleave(torch.tensor([2]), 1), lambda: y.repeat_interleave(torch.tensor([1, 2, 3, 0, 1, 1])),
          lambda: y.repeat_interleave(torch.tensor([1, -2]), 0), lambda: y.repeat_interleave(torch.tensor([1., 2]), 0),
          lambda: y.repeat_interleave(torch.tensor([[1, 2]]), 0), lambda: y.repeat_interleave(-1), lambda: y.repeat_interleave(0),
          lambda: y.repeat_interleave(2, 2), lambda: torch.repeat_interleave(y, 2, 0), lambda: torch.repeat_interleave(torch.tensor([2, 1, 3])),
          lambda: torch.repeat_interleave(torch.tensor([2, 1, 3]).int()), lambda: torch.repeat_interleave(torch.tensor([[2, 1, 3]])),
          lambda: y.repeat_interleave(torch.tensor([1, 2]), 0, output_size=3), lambda: y.repeat_interleave(2, 0, output_size=4),
          lambda: y.t().repeat_interleave(2, 0), lambda: torch.tensor(1.).repeat_interleave(2), lambda: torch.tensor(1.).repeat_interleave(2, 0),
          lambda: y.long().repeat_interleave(2, 1), lambda: y.repeat_interleave('a'), lambda: y.repeat_interleave(2.5), lambda: y.repeat_interleave(),
          lambda: torch.repeat_interleave(2)]:
    attempt(f)
""",
    "join_split_autograd": """
w = torch.tensor([[0.5, -1.5, 2.0], [3.25, 0.125, -4.0]], requires_grad=True)
tests = {
    'cat': lambda y: torch.cat([y, y * 2], 1), 'cat_empty': lambda y: torch.cat([y, torch.tensor([]), y[:1]]),
    'stack': lambda y: torch.stack([y, y * 3], 2), 'hstack': lambda y: torch.hstack([y, y[:, :1]]), 'vstack': lambda y: torch.vstack([y, y[0]]),
    'dstack': lambda y: torch.dstack([y, y]), 'column_stack': lambda y: torch.column_stack([y[0], y[1]]), 'flip': lambda y: y.flip(0, 1),
    'roll': lambda y: y.roll(1, 1), 'roll2': lambda y: y.roll((1, -1), (0, 1)), 'roll_flat': lambda y: y.roll(2),
    'repeat': lambda y: y.repeat(2, 1, 3), 'repeat0': lambda y: y.repeat(0, 1), 'tile': lambda y: y.tile(2),
    'interleave': lambda y: y.repeat_interleave(2, 0), 'interleave_flat': lambda y: y.repeat_interleave(3),
    'interleave_tensor': lambda y: y.repeat_interleave(torch.tensor([1, 0, 2]), 1), 'expand_as': lambda y: y[0].expand_as(y),
    'narrow': lambda y: y.narrow(1, 1, 2), 'movedim': lambda y: y.movedim(0, 1), 'flatten': lambda y: y.t().flatten(),
    'unflatten': lambda y: y.unflatten(1, (3, 1)), 'split': lambda y: y.split(2, 1), 'split_sizes': lambda y: y.split([1, 2], 1),
    'chunk': lambda y: y.chunk(3, 1), 'unbind': lambda y: y.unbind(1), 'chunk_empty': lambda y: y[:, :0].chunk(2, 1),
    'cat_neg': lambda y: torch.cat([y, y], -1), 'stack_neg': lambda y: torch.stack([y, y], -2), 'flip_neg': lambda y: y.flip(-1, 0),
    'roll_neg': lambda y: y.roll((-1, 2), (-1, -2)), 'split_neg': lambda y: y.split(2, -1), 'split_sizes_neg': lambda y: y.split([2, 1], -1),
    'split_one': lambda y: y.split(5, -1), 'chunk_neg': lambda y: y.chunk(2, -2), 'unbind_neg': lambda y: y.unbind(-1),
    'empty_cat': lambda y: torch.cat([torch.tensor([]), y[:0, 0]], -1),
}
for name, f in tests.items():
    out = f(w * 1)
    outs = out if isinstance(out, tuple) else (out,)
    print(name)
    show(out)
    print(saved(outs[0].grad_fn))
    walk(outs[0].grad_fn)
    print(outs[0].grad_fn is outs[-1].grad_fn)
    if outs[0].numel():
        loss = sum(((o * torch.arange(1., o.numel() + 1).reshape(o.shape)).sum() for o in outs[::2]), torch.tensor(0.))
        loss.backward()
    print(w.grad)
    w.grad = None
p, q, r = (w * 1).unbind(1)
p.retain_grad()
(p * 2 + r).sum().backward()
print(w.grad, p.grad)
w.grad = None
y = w * 1
p, q = y.split(2, 1)
print(torch.autograd.grad(q.sum(), y, retain_graph=True), torch.autograd.grad([p.sum(), q.sum()], [y], retain_graph=True))
print(torch.autograd.grad(q.sum() * 3, [p, q], allow_unused=True))
h = torch.tensor([1.5, 2.5], dtype=torch.float16, requires_grad=True)
print(torch.cat([h, h.double()]).grad_fn.name(), torch.stack([h, h]).dtype)
torch.cat([h, h.double()]).sum().backward()
print(h.grad)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
