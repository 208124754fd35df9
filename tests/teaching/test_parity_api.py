"""Parity of the API's many spellings: each operator's named method and ``torch.*`` function, the aliases
(``subtract``, ``swapdims``, ``concat``...), keyword arguments, the errors for wrong argument types, and
the small attributes and protocols (``nbytes``, ``output_nr``, ``complex(t)``, ``copy.deepcopy``...)."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_repr")

CELLS = {
    "arithmetic_spellings": """
a = torch.tensor([[1., -2.], [3., 4.5]])
b = torch.tensor([0.5, 2.])
i = torch.tensor([3, -4])
for r in [a.add(b), a.add(other=b), a.sub(b), a.subtract(2), a.mul(b), a.multiply(3), a.div(b), a.divide(4), a.true_divide(i),
          a.pow(2), a.pow(b), a.negative(), a.positive(), a.neg(),
          torch.add(a, b), torch.add(2, b), torch.add(input=a, other=b), torch.sub(a, b), torch.subtract(a, 1), torch.sub(2, 3),
          torch.mul(a, b), torch.mul(a, other=3), torch.multiply(b, i), torch.div(a, b), torch.divide(i, 2), torch.true_divide(i, i),
          torch.rsub(a, b), torch.rsub(a, 2), torch.pow(a, 2), torch.pow(2, b), torch.pow(b, b), torch.neg(i), torch.negative(b)]:
    print(r, r.dtype, r.stride())
print(a.add(b, alpha=1), torch.add(a, 2, alpha=1), torch.sub(a, b, alpha=1))
for bad in [lambda: a.add('x'), lambda: torch.add(a, 'x'), lambda: torch.mul(a, None), lambda: a.mul([1]), lambda: a.div({}),
            lambda: torch.div(a, 'x'), lambda: a.sub(None), lambda: torch.sub(a, 'x'), lambda: torch.rsub(2, a),
            lambda: torch.neg(2), lambda: a.pow('x'), lambda: torch.pow(a, 'x'), lambda: torch.pow('x', a), lambda: a + 'x',
            lambda: 'x' * a, lambda: torch.add(a, a, 2), lambda: -torch.tensor([True]),
            lambda: +torch.tensor([True]), lambda: torch.tensor([True]).positive()]:
    print(attempt(bad))
""",
    "inplace_spellings": """
x = torch.tensor([1., 2., 3.])
print(x.add_(1), x.sub_(torch.tensor(0.5)), x.mul_(2), x.div_(4), x)
y = torch.tensor([1, 2])
print(attempt(lambda: y.div_(2)), attempt(lambda: y.sub_(0.5)), attempt(lambda: y.add_('x')), y.sub_(1), y)
w = torch.ones(2, requires_grad=True)
print(attempt(lambda: w.sub_(1)), attempt(lambda: w.div_(2)))
""",
    "comparison_spellings": """
a = torch.tensor([1., 2., float('nan')])
b = torch.tensor([2., 2., 1.])
for r in [a.eq(b), a.ne(b), a.lt(b), a.le(b), a.gt(b), a.ge(b), a.eq(2), a.le(2.), a <= b, b <= 2, 2 <= b,
          torch.eq(a, b), torch.ne(a, 1), torch.lt(a, b), torch.le(a, b), torch.gt(b, 1), torch.ge(a, b),
          a.maximum(b), a.minimum(b), torch.maximum(a, b), torch.minimum(b, a), torch.where(a > 1, a, b), a.where(a > 1, b),
          torch.where(b > 1, 1., 0.), b.where(b > 1, 5)]:
    print(r, r.dtype)
print(a.equal(a), torch.equal(b, b), torch.equal(b, b[:2]), torch.equal(b, b.long()), b.allclose(b + 1e-9), torch.allclose(b, b * 1.1),
      torch.allclose(a, a), torch.allclose(a, a, equal_nan=True), torch.allclose(b, b + 0.01, atol=0.1), torch.allclose(b, b * 1.001, rtol=1e-2))
print(2. in b, 5 in b, torch.tensor(2.) in b, True in torch.tensor([False, True]), attempt(lambda: 'a' in b), attempt(lambda: None in b))
for bad in [lambda: torch.maximum(a, 1), lambda: a.maximum(None), lambda: torch.equal(a, 1), lambda: torch.allclose(a, 1),
            lambda: torch.allclose(b, b.double()), lambda: torch.where(torch.tensor([1, 0]), b[:2], 0.)]:
    print(attempt(bad))
""",
    "reduction_spellings": """
x = torch.tensor([[3., 1.], [2., 5.]])
print(torch.argmax(x), torch.argmax(x, 1), torch.argmax(x, dim=0, keepdim=True), torch.argmin(x), torch.argmin(x, 0),
      torch.min(x), torch.min(x, 1), torch.min(x, dim=0, keepdim=True), torch.min(x, torch.ones(2) * 2), torch.max(x, torch.ones(2)),
      x.sum(axis=1), x.mean(axis=0), x.max(axis=1), x.min(dim=1).indices, torch.sum(x, dim=(0, 1)), torch.mean(x, 1, True))
m = x.max(0)
print(type(m) is torch.return_types.max, type(x.min(0)) is torch.return_types.min, m, m.values, m.indices, tuple(m), m[1])
print(attempt(lambda: x.sum(foo=1)), attempt(lambda: torch.argmax([1])), attempt(lambda: torch.min(x, 5)))
""",
    "matrix_spellings": """
a = torch.tensor([[1., 2.], [3., 4.]])
v = torch.tensor([1., -1.])
print(a.matmul(v), a.mm(a), a.mv(v), v.dot(v), v.outer(v), a.unsqueeze(0).bmm(a.unsqueeze(0)), torch.matmul(a, a),
      torch.mm(a, a), torch.mv(a, v), torch.dot(v, v), torch.outer(v, v), torch.bmm(a[None], a[None]))
for bad in [lambda: a.matmul(2), lambda: torch.matmul(a, 2), lambda: torch.matmul([1.], a), lambda: [1., 2.] @ v,
            lambda: 2 @ a, lambda: a @ 2, lambda: a.mm(v), lambda: a.mv(a), lambda: a.dot(v), lambda: v.bmm(v)]:
    print(attempt(bad))
""",
    "shape_spellings": """
x = torch.arange(24.).reshape(2, 3, 4)
for r in [x.swapaxes(0, 2), x.swapdims(1, 2), torch.swapaxes(x, 0, 1), torch.swapdims(x, -1, 0), torch.transpose(x, 0, 2),
          torch.t(x[0]), torch.reshape(x, (4, 6)), torch.reshape(x, [-1]), torch.permute(x, (2, 0, 1)), torch.squeeze(x[:1]),
          torch.squeeze(x[:1], 0), torch.unsqueeze(x, 1), torch.flatten(x), torch.flatten(x, 1), torch.narrow(x, 2, 1, 2),
          x.narrow(0, 1, 1), torch.select(x, 1, 2), x.select(2, -1), x.reshape_as(torch.ones(6, 4)), x.view_as(torch.ones(4, 6)),
          torch.clone(x), torch.detach(x), torch.cat([x, x], 1), torch.concat([x, x]), torch.concatenate((x, x), 2),
          torch.broadcast_to(torch.arange(3.), (2, 3)), torch.broadcast_to(x[0, 0], [2, 4])]:
    print(r.shape, r.stride(), r.storage_offset(), r.is_contiguous())
print(torch.broadcast_shapes((2, 1), (3,)), torch.broadcast_shapes(2, (3, 1)), torch.broadcast_shapes(), torch.broadcast_shapes(3, 3),
      torch.broadcast_shapes([2, 1], torch.Size([3])), torch.broadcast_shapes((0,), (1,)), torch.broadcast_shapes((1, 3), (2, 1), (1,)))
for bad in [lambda: torch.broadcast_shapes((2,), (3,)), lambda: torch.broadcast_shapes((2, 3), (4, 3)), lambda: torch.broadcast_shapes((5, 2, 3), (4, 3)),
            lambda: torch.broadcast_shapes((1, 3), (2, 1), (4,)), lambda: torch.broadcast_shapes((2,), -1), lambda: torch.broadcast_shapes((2, -1)),
            lambda: torch.broadcast_shapes((0,), (2,)), lambda: torch.broadcast_shapes(2.5), lambda: torch.broadcast_shapes((2.5,)),
            lambda: torch.broadcast_to(torch.ones(3), (2, 2)), lambda: torch.broadcast_to(torch.ones(3), 3),
            lambda: torch.broadcast_to(torch.ones(3), [-1, 2, 3]), lambda: torch.narrow(x, 0, 1, 5), lambda: x.select(3, 0),
            lambda: torch.reshape(x, (5, 5)), lambda: torch.permute(x, (0, 1)), lambda: torch.squeeze([1]), lambda: torch.t(x)]:
    print(attempt(bad))
""",
    "transposes": """
m = torch.arange(6.).reshape(2, 3)
print(m.H, m.mH, m.T, m.mT, torch.arange(24.).reshape(2, 3, 4).mH.shape, torch.tensor(2.).mH)
print(attempt(lambda: torch.ones(2).H), attempt(lambda: torch.ones(2, 2, 2).H), attempt(lambda: torch.ones(3).mH))
""",
    "tensor_facts": """
x = torch.arange(6.).reshape(2, 3)
for t in [x, x.int(), x.bool(), x.half(), x.to(torch.uint8), x.double()[:, 1:]]:
    print(t.dtype, t.is_floating_point(), t.is_complex(), t.is_signed(), t.itemsize, t.element_size(), t.nbytes, t.ndimension(),
          t.nelement(), t.numel(), t.is_inference(), t.untyped_storage().nbytes(), len(t.untyped_storage()), t.untyped_storage().size())
print(torch.is_tensor(x), torch.is_tensor([1]), torch.is_floating_point(x), torch.is_floating_point(x.long()), torch.numel(x),
      attempt(lambda: torch.numel([1])), attempt(lambda: torch.is_floating_point(1.5)))
print(complex(torch.tensor(2.5)), complex(torch.tensor(3)), attempt(lambda: complex(x)), [10, 20, 30][torch.tensor(1)],
      [10, 20, 30][torch.tensor(2, dtype=torch.uint8)], attempt(lambda: [1, 2][torch.tensor(1.)]), attempt(lambda: [1, 2][torch.tensor([0, 1])]),
      torch.tensor(True).__index__(), attempt(lambda: torch.tensor(2.5).__index__()))
with torch.inference_mode():
    i = torch.ones(2) * 2
print(i.is_inference(), torch.ones(2).is_inference(), attempt(lambda: i.requires_grad_()))
print(x.layout, torch.strided, type(torch.strided) is torch.layout, x.layout is torch.strided, repr(torch.contiguous_format),
      torch.preserve_format, type(torch.contiguous_format) is torch.memory_format, x.contiguous(memory_format=torch.contiguous_format) is x)
""",
    "copies_and_data": """
import copy
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
c = copy.deepcopy(x)
print(c, c.requires_grad, c.is_leaf, c.data_ptr() != x.data_ptr(), attempt(lambda: copy.deepcopy(y)), copy.deepcopy(torch.arange(3)))
d = x.data
d[0] = 5.
print(x, d, d.requires_grad, x.data.is_leaf)
z = torch.zeros(3)
z.data = torch.arange(4)
print(z, z.dtype, attempt(lambda: setattr(z, 'data', [1])))
e = x.detach()
print(e.detach_(), e.requires_grad, attempt(lambda: y[0:1].detach_()), attempt(lambda: (x * 1).view(2).detach_()))
print(x.numpy if False else attempt(lambda: x.numpy()))
print(y.output_nr, x.output_nr, y.retains_grad, x.retains_grad)
y.retain_grad()
y.sum().backward()
print(y.retains_grad, y.grad, x.grad)
""",
    "grad_mode_spellings": """
x = torch.ones(2, requires_grad=True)
with torch.autograd.no_grad():
    print((x * 2).requires_grad, torch.is_grad_enabled())
    with torch.autograd.enable_grad():
        print((x * 2).requires_grad)
    with torch.enable_grad():
        print((x * 2).requires_grad)
with torch.autograd.set_grad_enabled(False):
    print((x * 2).requires_grad)
with torch.autograd.inference_mode():
    print(torch.is_inference_mode_enabled(), (x * 2).requires_grad)
print(torch.is_inference_mode_enabled())
@torch.enable_grad()
def f(t):
    return t * 3
with torch.no_grad():
    print(f(x).requires_grad)
@torch.inference_mode()
def g(t):
    return t * 3
print(g(x).requires_grad, g(x).is_inference())
torch.set_grad_enabled(False)
print(torch.is_grad_enabled(), (x * 1).requires_grad)
torch.set_grad_enabled(True)
print(torch.is_grad_enabled())
y = (x * x).sum()
torch.autograd.backward(y)
print(x.grad)
z = (x * 3).sum()
torch.autograd.backward([z], [torch.tensor(2.)])
print(x.grad, torch.autograd.grad((x * x).sum(), x), torch.autograd.grad([(x * 2).sum()], [x], retain_graph=True))
print(attempt(lambda: torch.autograd.backward([y, y], [None])), attempt(lambda: torch.autograd.grad((x * 2).sum(), torch.ones(2))))
""",
    "seeds_and_generators": """
g = torch.Generator()
print(type(g).__name__, g.initial_seed(), g.manual_seed(3) is g, g.initial_seed(), torch.Generator('cpu').initial_seed())
r = torch.manual_seed(7)
print(type(r).__name__, r.initial_seed(), torch.initial_seed(), type(torch.seed()).__name__)
print(attempt(lambda: torch.Generator(device='meta')) if False else '')
""",
    "cuda_functions": """
print(torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.is_initialized())
for f in [torch.cuda.current_device, torch.cuda.get_device_name, torch.cuda.synchronize]:
    print(attempt(f))
print(attempt(lambda: torch.ones(2).cuda()), attempt(lambda: torch.ones(2).cuda(0)), attempt(lambda: torch.ones(2).cuda(device='cuda:0')))
""",
    "accelerator_functions": """
import warnings
a = torch.accelerator
print(a.is_available(), a.current_accelerator(), a.current_accelerator(check_available=True), a.device_count())
device = a.current_accelerator() if a.is_available() else torch.device("cpu")
print(device, torch.ones(2, device=device).device)
for f in [a.current_device_index, a.synchronize, a.current_stream, a.empty_cache, a.empty_host_cache,
          a.get_device_capability, a.get_memory_info, a.memory_stats, a.memory_allocated, a.max_memory_allocated,
          a.memory_reserved, a.max_memory_reserved, a.reset_peak_memory_stats, a.reset_accumulated_memory_stats]:
    print(f.__name__, attempt(f), attempt(lambda: f(0)) if f not in (a.current_device_index, a.empty_cache, a.empty_host_cache) else '')
for arg in ["cpu", "cuda:0", torch.device("cpu"), "cuda:x", "bad", 0, None, 1.5, [1]]:
    print(repr(arg), [attempt(lambda: f(arg)) for f in (a.set_device_index, a.synchronize, a.current_stream,
                                                         a.get_memory_info, a.memory_allocated)])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(attempt(a.current_device_idx), attempt(lambda: a.set_device_idx(0)))
print([f"{w.category.__name__}: {w.message}" for w in caught])
with a.device_index(None) as inside:
    print("device_index(None):", inside)
print(attempt(lambda: a.device_index(0).__enter__()))
""",
    "printoptions": """
x = torch.tensor([1.23456789, 100.5])
torch.set_printoptions(precision=2)
print(x)
torch.set_printoptions(sci_mode=True, precision=3)
print(x)
torch.set_printoptions(sci_mode=None, precision=4)
print(x)
torch.set_printoptions(linewidth=20)
print(torch.arange(12.) / 3)
torch.set_printoptions(profile='short')
print(torch.arange(12.) / 3)
torch.set_printoptions(profile='full')
print(torch.arange(1200).reshape(-1)[:5])
torch.set_printoptions(profile='default')
print(torch.arange(12.) / 3)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
