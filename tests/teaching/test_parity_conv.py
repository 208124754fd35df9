"""Parity of ``nn.Conv2d`` / ``F.conv2d`` / ``torch.conv2d`` and ``nn.MaxPool2d`` / ``F.max_pool2d`` /
``torch.max_pool2d`` (issue 25): float32 values and gradients bit for bit (oneDNN's jit:avx2 and jit_1x1
orders, booktorch/nn/conv_ops.py), module reprs and initialisation, output shapes, grad_fn names, edges and
saved values, max-pool indices (ties, NaN, -inf, padding, dilation, ceil mode), double backward through a
max pool, and torch's errors. What booktorch leaves out (the slow path, groups, ...) is in
test_booktorch_only.py."""

from fractions import Fraction

import pytest

from parity import assert_same, needs_measured_mkl, prelude

PRELUDE = prelude("exact_hex", "walk_inline", "saved") + """
nn = torch.nn
F = torch.nn.functional
def attempt(f):
    try:
        r = f()
    except Exception as e:
        return f"{type(e).__name__}: {e}"
    return r
gen = torch.Generator().manual_seed(0)
def rnd(*shape):
    return torch.randn(*shape, generator=gen)
"""

CELLS = {
    "cifar_tutorial_net": """
torch.manual_seed(0)
conv1, pool, conv2 = nn.Conv2d(3, 6, 5), nn.MaxPool2d(2, 2), nn.Conv2d(6, 16, 5)
print(conv1, pool, conv2, sep='\\n')
x = torch.randn(4, 3, 32, 32)
a = pool(F.relu(conv1(x)))
b = pool(F.relu(conv2(a)))
print(a.shape, b.shape, walk(b.grad_fn))
print(exact(a[0, 0, :3]), exact(b[1, 3]))
loss = (b * torch.linspace(-1, 1, 400).reshape(1, 16, 5, 5)).sum()
loss.backward()
print(exact(conv1.weight.grad[0, 0]), exact(conv1.bias.grad), exact(conv2.weight.grad[3, 2]), exact(conv2.bias.grad))
print(b[0, :2])
""",
    "one_image_large_kernels": """
torch.manual_seed(1)
conv1, conv2 = nn.Conv2d(1, 6, 5), nn.Conv2d(6, 16, 5)
x = torch.randn(1, 1, 32, 32, requires_grad=True)
y = F.max_pool2d(F.relu(conv1(x)), (2, 2))
z = F.max_pool2d(F.relu(conv2(y)), 2)
print(z.shape, exact(z[0, :2]))
z.pow(2).sum().backward()
print(exact(x.grad[0, 0, 10]), exact(conv2.weight.grad[0, 0]), exact(conv1.bias.grad))
""",
    "shapes_stride_padding_dilation": """
x = rnd(2, 3, 9, 11, ).requires_grad_()
for kw in [dict(), dict(stride=2), dict(padding=1), dict(padding=(2, 1)), dict(dilation=2), dict(stride=(2, 3), padding=1),
           dict(padding='same'), dict(padding='valid'), dict(padding='same', dilation=(1, 2)), dict(stride=(1, 2), dilation=(2, 1))]:
    w = rnd(4, 3, 3, 3).requires_grad_()
    b = rnd(4).requires_grad_()
    y = F.conv2d(x, w, b, **kw)
    print(kw, tuple(y.shape), y.stride(), y.dtype, exact(y[1, 2, 0]))
    g = torch.linspace(-2, 2, y.numel()).reshape(y.shape)
    inputs = ((x,) if kw.get('stride', 1) == 1 else ()) + ((w, b) if kw.get('dilation', 1) == 1 else ())
    print('  ', [exact(t[0, 1] if t.dim() > 1 else t) for t in torch.autograd.grad(y, inputs, g)])
""",
    "channel_blocks_and_batches": """
for n, c, o, k, h, p in [(2, 12, 10, 3, 7, 1), (3, 9, 17, 3, 6, 1), (4, 20, 12, 3, 6, 2), (16, 3, 4, 1, 4, 0),
                         (16, 16, 8, 1, 3, 0), (2, 3, 40, 3, 20, 1), (2, 3, 20, 3, 44, 1), (16, 140, 4, 1, 3, 0)]:
    x = rnd(n, c, h, h).requires_grad_()
    w = rnd(o, c, k, k).requires_grad_()
    b = rnd(o).requires_grad_()
    y = F.conv2d(x, w, b, padding=p)
    g = rnd(*y.shape)
    y.backward(g)
    print((n, c, o, k, h, p), exact(y[-1, -1, -1]), exact(x.grad[0, -1, 0]), exact(w.grad[-1, -1]), exact(b.grad[:3]))
""",
    "one_by_one_large_planes": """
for h in (12, 14, 20, 28):
    x = rnd(16, 2, h, h).requires_grad_()
    w = rnd(3, 2, 1, 1).requires_grad_()
    b = rnd(3).requires_grad_()
    y = F.conv2d(x, w, b)
    y.backward(rnd(*y.shape))
    print(h, exact(w.grad), exact(b.grad), exact(x.grad[5, 1, 3]))
""",
    "no_bias_zeros_and_specials": """
x = torch.zeros(2, 10, 5, 5)
w = -torch.ones(3, 10, 3, 3)
for b in [None, torch.tensor([-0.0, 0.0, -0.0])]:
    print(exact(F.conv2d(x, w, b, padding=1)[0, :, 0]))
    print(exact(F.conv2d(x[:, :3], w[:, :3], b, padding=1)[0, :, 0]))
x = rnd(2, 3, 6, 6)
x[0, 0, 2, 2] = float('inf')
x[1, 1, 0, 0] = float('nan')
w = rnd(4, 3, 3, 3)
w[0, 1, 1, 1] = 0.0
print(F.conv2d(x, w, padding=1)[:, :2, :2, :3])
""",
    "module_reprs_init_and_state": """
torch.manual_seed(3)
for m in [nn.Conv2d(1, 6, 5), nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False),
          nn.Conv2d(3, 8, (3, 2), padding='same', dilation=2), nn.Conv2d(4, 8, 3, padding=(1, 2), dilation=(1, 2)),
          nn.Conv2d(2, 4, 3, padding='valid'), nn.Conv2d(4, 8, 3, groups=2, padding_mode='reflect')]:
    print(m, m.kernel_size, m.stride, m.padding, m.dilation, m.groups, m.padding_mode, m.output_padding, m.transposed,
          m._reversed_padding_repeated_twice)
    print('  ', [(k, tuple(v.shape)) for k, v in m.state_dict().items()], exact(m.weight.flatten()[:4]),
          None if m.bias is None else exact(m.bias[:2]), m.weight.requires_grad, type(m.weight).__name__)
print(type(nn.Conv2d(1, 1, 1)).__module__, type(nn.MaxPool2d(2)).__module__)
net = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten())
print(net)
print(net(rnd(2, 1, 6, 6)).shape)
for m in [nn.MaxPool2d(2, 2), nn.MaxPool2d(3), nn.MaxPool2d((2, 3), stride=1, padding=1, dilation=2, return_indices=True,
                                                             ceil_mode=True), nn.MaxPool2d(kernel_size=[2, 2], stride=(1, 2))]:
    print(m, m.kernel_size, m.stride, m.padding, m.dilation, m.return_indices, m.ceil_mode)
torch.manual_seed(5)
c = nn.Conv2d(2, 3, 3)
c.reset_parameters()
print(c.extra_repr(), exact(c.bias), c.forward(rnd(2, 2, 4, 4)).shape)
p = nn.MaxPool2d(2)
print(p.extra_repr(), p.forward(rnd(1, 2, 4, 4)).shape)
print(attempt(lambda: nn.Conv2d(3, 8, 3, groups=0)), attempt(lambda: nn.Conv2d(3, 8, 3, groups=2)),
      attempt(lambda: nn.Conv2d(4, 7, 3, groups=2)), attempt(lambda: nn.Conv2d(3, 8, 3, stride=2, padding='same')))
""",
    "grad_fn_saved_and_graph": """
x = rnd(2, 3, 6, 6).requires_grad_()
w = rnd(4, 3, 3, 3).requires_grad_()
b = rnd(4).requires_grad_()
y = F.conv2d(x, w, b, stride=(1, 2), padding=1)
g = y.grad_fn
print(g.name(), walk(g), g.next_functions[0][0].variable is x)
print(saved(g))
print(g._saved_input is x, g._saved_weight is w)
y2 = F.conv2d(rnd(2, 3, 6, 6), w, None, padding='same')
print(walk(y2.grad_fn), y2.grad_fn._saved_bias_sym_sizes_opt, y2.grad_fn._saved_padding)
y3 = F.conv2d(x[0], rnd(4, 3, 5, 5), b)
print(walk(y3.grad_fn), y3.shape, y3.stride())
y3.sum().backward()
print(exact(x.grad[0, 0, 0]), x.grad[1].abs().sum())
with torch.no_grad():
    print(F.conv2d(x, w, b).requires_grad, F.conv2d(x, w, b).grad_fn)
print(F.conv2d(x.detach(), w.detach()).grad_fn)
y = F.conv2d(x, w, b)
x.data.mul_(1)
with torch.no_grad():
    x.add_(0)
print(attempt(lambda: y.sum().backward()))
y = F.conv2d(x.detach(), w, b)
y.sum().backward(retain_graph=True)
print(attempt(lambda: g._saved_input))
y.sum().backward()
print(attempt(lambda: y.sum().backward()))
""",
    "conv_errors": """
x = rnd(4, 1, 5, 5)
w = rnd(2, 1, 3, 3)
for f in [lambda: F.conv2d(rnd(8, 8), w), lambda: F.conv2d(rnd(1, 1, 1, 4, 4), w), lambda: F.conv2d(rnd(2, 2, 5, 5), w),
          lambda: F.conv2d(rnd(4, 1, 2, 2), w), lambda: F.conv2d(x, rnd(2, 1, 3)), lambda: F.conv2d(x, w, rnd(3)),
          lambda: F.conv2d(x, w, rnd(2, 1)), lambda: F.conv2d(x, w, stride=0), lambda: F.conv2d(x, w, stride=-1),
          lambda: F.conv2d(x, w, padding=-1), lambda: F.conv2d(x, w, dilation=0), lambda: F.conv2d(x, w, dilation=-1),
          lambda: F.conv2d(x, w, groups=0), lambda: F.conv2d(x, w, groups=2), lambda: F.conv2d(x, rnd(3, 1, 3, 3), groups=2),
          lambda: F.conv2d(x, rnd(2), ), lambda: F.conv2d(x, rnd(2, 1, 3, 3, 3)), lambda: F.conv2d(x, w, stride=(1, 2, 3)),
          lambda: F.conv2d(x, w, stride=[]), lambda: F.conv2d(x, w, padding='foo'),
          lambda: F.conv2d(x, w, padding='same', stride=2), lambda: F.conv2d(x, rnd(2, 1, 3, 3, 3), padding='same'),
          lambda: F.conv2d(x, w, padding='same', stride=(1, 1, 1)), lambda: F.conv2d(x, w.double()),
          lambda: F.conv2d(x, w, rnd(2).double()), lambda: F.conv2d(x, 3), lambda: F.conv2d(x, w, foo=1),
          lambda: F.conv2d(x, w, None, 1, 0, 1, 1.5), lambda: torch.conv2d(x, w, padding=(1, 1, 1)),
          lambda: F.conv2d(x.long(), w), lambda: F.conv2d(rnd(1, 1, 2, 2), rnd(1, 1, 5, 5), padding=1)]:
    print(attempt(f))
print(F.conv2d(x, w, stride=(2,), padding=[1]).shape, torch.conv2d(x, w, None, 2, 1, 1, 1).shape)
""",
    "max_pool_values_and_indices": """
x = torch.tensor([[[[1., 3., 3., 2.], [0., 3., float('nan'), 1.], [5., 5., -1., float('-inf')], [2., 5., 0., 4.]]]])
for kw in [dict(kernel_size=2), dict(kernel_size=2, stride=1), dict(kernel_size=3, padding=1), dict(kernel_size=3, stride=2, ceil_mode=True),
           dict(kernel_size=(2, 3), stride=(1, 2), padding=(1, 1), dilation=(1, 1)), dict(kernel_size=2, dilation=2, stride=1)]:
    v, i = F.max_pool2d(x, return_indices=True, **kw)
    print(kw, v.tolist(), i.tolist(), v.shape, i.dtype, type(F.max_pool2d(x, return_indices=True, **kw)).__name__)
print(F.max_pool2d(torch.full((1, 1, 3, 3), float('-inf')), 2, 1, return_indices=True))
print(F.max_pool2d(torch.arange(25.).reshape(1, 1, 5, 5), 2, 2, 1, ceil_mode=True))
for dt in [torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.uint8, torch.int8]:
    t = (torch.arange(-8, 8) % 5 - 2).reshape(1, 4, 4).to(dt)
    print(dt, F.max_pool2d(t, 2), torch.max_pool2d(t, (2, 1), [1, 2]), F.max_pool2d(t, 3, 1, 1, return_indices=True)[1])
y = rnd(2, 3, 7, 9)
print(exact(F.max_pool2d(y, 3, 2)[1, 2]), nn.MaxPool2d(2)(y).shape, F.max_pool2d(y[0], 2).shape,
      F.max_pool2d(y, 2).stride(), F.max_pool2d(y[:, :, :, 1:], 2).is_contiguous())
""",
    "max_pool_backward_and_double_backward": """
x = torch.tensor([[[[1., 3., 3., 2.], [0., 3., 7., 1.], [5., 5., -1., 2.], [2., 5., 0., 4.]]]], requires_grad=True)
y = F.max_pool2d(x, 2, 1)
print(y.grad_fn.name(), walk(y.grad_fn), saved(y.grad_fn))
g = torch.tensor([[[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 0.9]]]])
y.backward(g)
print(x.grad, exact(x.grad))
x.grad = None
y, i = F.max_pool2d(x, 2, 1, return_indices=True)
print(i.grad_fn, i.requires_grad, y.grad_fn.name())
gx, = torch.autograd.grad(y, x, g, create_graph=True)
print(gx.grad_fn.name(), walk(gx.grad_fn))
gg, = torch.autograd.grad((gx * torch.arange(16.).reshape(1, 1, 4, 4)).sum(), g.requires_grad_() if False else x, allow_unused=True)
print(gg)
g2 = g.clone().requires_grad_()
gx, = torch.autograd.grad(y, x, g2, create_graph=True)
h, = torch.autograd.grad((gx * torch.arange(16.).reshape(1, 1, 4, 4)).sum(), g2)
print(h, walk(gx.grad_fn))
for dt in [torch.float64, torch.float16, torch.bfloat16]:
    t = rnd(2, 5, 5).to(dt).requires_grad_()
    out = F.max_pool2d(t, 3, 1, 1)
    out.backward(torch.ones_like(out) / 3)
    print(dt, t.grad)
t = rnd(1, 1, 5, 5).requires_grad_()
m = F.max_pool2d(t, 2)
t.data.zero_()
with torch.no_grad():
    t.add_(1)
print(attempt(lambda: m.sum().backward()))
""",
    "max_pool_errors": """
x = rnd(1, 1, 4, 4)
for f in [lambda: F.max_pool2d(x > 0, 2), lambda: F.max_pool2d(x, (2, 2, 2)), lambda: F.max_pool2d(x, 2, (1, 1, 1)),
          lambda: F.max_pool2d(x, 2, 2, (1, 1, 1)), lambda: F.max_pool2d(x, 2, 2, -1), lambda: F.max_pool2d(x, 2, 2, 0, 0),
          lambda: F.max_pool2d(x, 2, 2, 0, (1, 1, 1)), lambda: F.max_pool2d(x, -2), lambda: F.max_pool2d(x, 2, -1),
          lambda: F.max_pool2d(rnd(1, 0, 4, 4), 2), lambda: F.max_pool2d(rnd(0, 1, 4, 4), 2).shape,
          lambda: F.max_pool2d(rnd(1, 1, 5, 5), 2, padding=2), lambda: F.max_pool2d(rnd(1, 1, 1, 1), 2),
          lambda: F.max_pool2d(rnd(5, 5), 2), lambda: F.max_pool2d(rnd(5), 2), lambda: F.max_pool2d(x, 0),
          lambda: F.max_pool2d(x, 2, stride=0), lambda: torch.max_pool2d(x, 2, return_indices=True),
          lambda: F.max_pool2d_with_indices(x, 2, foo=3), lambda: F.max_pool2d(x, 2, foo=3), lambda: F.max_pool2d(x),
          lambda: F.max_pool2d(x, 2.5), lambda: F.max_pool2d(x, 3, padding=2), lambda: nn.MaxPool2d(5)(x),
          lambda: F.max_pool2d(x, (3, 1), padding=(1, 1))]:
    print(attempt(f))
print(F.max_pool2d.__name__, F.max_pool2d_with_indices.__name__)
""",
}

CELLS_NEEDING_MKL = {
    "lenet_tutorial": """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)
    def forward(self, input):
        c1 = F.relu(self.conv1(input))
        s2 = F.max_pool2d(c1, (2, 2))
        c3 = F.relu(self.conv2(s2))
        s4 = F.max_pool2d(c3, 2)
        s4 = torch.flatten(s4, 1)
        f5 = F.relu(self.fc1(s4))
        f6 = F.relu(self.fc2(f5))
        return self.fc3(f6)
torch.manual_seed(0)
net = Net()
print(net)
params = list(net.parameters())
print(len(params), params[0].size())
input = torch.randn(1, 1, 32, 32)
out = net(input)
print(out)
net.zero_grad()
out.backward(torch.randn(1, 10))
print(net.conv1.bias.grad, exact(net.conv1.weight.grad[0, 0, 0]))
target = torch.randn(10).view(1, -1)
loss = nn.MSELoss()(net(input), target)
print(loss, loss.grad_fn, loss.grad_fn.next_functions[0][0], loss.grad_fn.next_functions[0][0].next_functions[0][0])
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
for step in range(3):
    optimizer.zero_grad()
    loss = nn.MSELoss()(net(input), target)
    loss.backward()
    optimizer.step()
    print(step, loss.item(), exact(net.conv2.bias[:2]))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")


@needs_measured_mkl
@pytest.mark.parametrize("name", sorted(CELLS_NEEDING_MKL))
def test_cell_with_linear_layers(name):
    assert_same(PRELUDE + CELLS_NEEDING_MKL[name].strip() + "\n")


def _round_to_float32(value):
    """The float32 nearest to a Fraction, ties to even: what one rounding of an exact sum gives."""
    import numpy as np

    near = np.float32(float(value))
    candidates = [np.nextafter(near, np.float32(-np.inf)), near, np.nextafter(near, np.float32(np.inf))]
    return float(min(candidates, key=lambda r: (abs(Fraction(float(r)) - value), int(r.view(np.int32)) & 1)))


def test_a_fused_multiply_add_rounds_once():
    """oneDNN's FMA rounds acc + x * w once; rounding the double sum to float32 is a second rounding
    that goes wrong when the double lands halfway between two float32 values (conv_ops._fused_add)."""
    from array import array
    from random import Random

    from booktorch.nn.conv_ops import _fused_add

    f32 = lambda v: array("f", [v])[0]  # noqa: E731
    # 1 + 2^-23 + 2^-24 (1 - 2^-30): just below halfway, so the float32 below; the double sum is halfway
    acc, product = f32(1 + 2**-23), f32(2**-12 * (1 + 2**-15)) * f32(2**-12 * (1 - 2**-15))
    assert f32(acc + product) == 1 + 2**-22 and list(_fused_add(array("f", [acc]), [product])) == [1 + 2**-23]
    rng = Random(0)
    accs = [f32(rng.uniform(-4, 4)) for _ in range(20000)]
    products = [f32(rng.uniform(-1, 1)) * f32(rng.uniform(-1, 1)) for _ in accs]
    expected = [_round_to_float32(Fraction(a) + Fraction(p)) for a, p in zip(accs, products)]
    assert list(_fused_add(array("f", accs), products)) == expected
