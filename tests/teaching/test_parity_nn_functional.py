"""Parity of torch.nn.functional (linear, the activations, dropout and every loss with each reduction,
weights, ignore_index, label smoothing, probability targets, the legacy arguments and torch's
errors), of the loss modules, and of their gradients and backward nodes."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_repr") + """
nn = torch.nn
F = torch.nn.functional

def chain(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + fn.name())
    for f, _ in fn.next_functions:
        chain(f, depth + 1)
"""

CELLS = {
    "linear_functional": """
torch.manual_seed(0)
x = torch.randn(4, 3, requires_grad=True)
w = torch.randn(2, 3, requires_grad=True)
b = torch.randn(2, requires_grad=True)
for y in [F.linear(x, w, b), F.linear(x, w), F.linear(x[0], w, b), F.linear(x.reshape(2, 2, 3), w, b), F.linear(x, w, bias=b),
          F.linear(input=x, weight=w), F.linear(x.t().t(), w, b[:1])]:
    print(y, y.stride())
    chain(y.grad_fn)
F.linear(x, w, b).sum().backward()
print(x.grad, w.grad, b.grad)
i = torch.tensor([[1], [2]])
print(F.linear(i, torch.tensor([[3], [4]])), F.linear(x.detach(), w.detach().double().float()))
for bad in [lambda: F.linear(x, torch.ones(2, 2)), lambda: F.linear(x, w, torch.ones(3)), lambda: F.linear(x, w.double()),
            lambda: F.linear(torch.tensor(1.), w), lambda: F.linear([1.], w), lambda: F.linear(x, 3), lambda: F.linear(x, w, 2)]:
    print(attempt(bad))
""",
    "activation_functions": """
x = torch.tensor([[-3., -1., -0.25, 0., 0.25, 1., 4.]])
for y in [F.relu(x), F.sigmoid(x), F.tanh(x), F.gelu(x), F.gelu(x, approximate='tanh'), F.softmax(x, 1), F.log_softmax(x, dim=1),
          F.softmax(x, -1, dtype=torch.float64), F.log_softmax(x, 1, 3, torch.float64), F.relu(torch.tensor([1, -2])),
          F.gelu(x.double()), F.gelu(x.half()), F.gelu(x.bfloat16(), approximate='tanh'), F.softmax(x), F.log_softmax(x.t())]:
    print(y, y.dtype)
for bad in [lambda: F.relu(torch.tensor([True])), lambda: F.gelu(x, approximate='foo'), lambda: F.gelu(torch.tensor([1])),
            lambda: F.relu([1.]), lambda: F.gelu([1.]), lambda: F.sigmoid([1.]), lambda: F.tanh(2), lambda: F.softmax([1.], 0),
            lambda: F.log_softmax(3)]:
    print(attempt(bad))
y = x.clone()
print(F.relu(y, inplace=True) is y, y)
w = x.clone().requires_grad_()
for f in [F.relu, F.sigmoid, F.tanh, F.gelu, lambda t: F.gelu(t, approximate='tanh'), lambda t: F.softmax(t, 1), lambda t: F.log_softmax(t, 1)]:
    out = f(w)
    (out * torch.arange(7.)).sum().backward()
    print(out.grad_fn.name(), w.grad)
    w.grad = None
h = w * 1
F.relu(h, inplace=True)
print(h.grad_fn.name())
h.sum().backward()
print(w.grad, attempt(lambda: F.relu(w, inplace=True)))
""",
    "piecewise_activations": """
def saved(g):
    return [(k, getattr(g, k)) for k in dir(g) if k.startswith('_saved_') and k not in ('_saved_self', '_saved_result')]
x = torch.tensor([-2., -0.5, -0.3, 0., 0.5, 1.0, 3., 6.0, 7., float('nan'), -0.0, float('inf'), -float('inf')])
for f in [lambda t: F.leaky_relu(t), lambda t: F.leaky_relu(t, 0.2), lambda t: F.leaky_relu(t, negative_slope=2),
          lambda t: F.hardtanh(t), lambda t: F.hardtanh(t, -0.5, 2), lambda t: F.hardtanh(t, min_val=0.25, max_val=0.75),
          lambda t: F.relu6(t), lambda t: nn.LeakyReLU(0.1)(t), lambda t: nn.Hardtanh(-2, 2)(t), lambda t: nn.ReLU6()(t),
          lambda t: nn.SiLU()(t), lambda t: nn.Softplus(2, 3)(t), lambda t: nn.Softplus()(t)]:
    for dt in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
        a = x.to(dt).detach().requires_grad_()
        y = f(a)
        print(y, y.grad_fn.name(), saved(y.grad_fn))
        (y * torch.arange(1., 14.).to(dt)).sum().backward()
        print(' ', a.grad)
for name, f in [("leaky_relu", lambda t: F.leaky_relu(t, 0.2, inplace=True)), ("hardtanh", lambda t: F.hardtanh(t, -1, 2, True)),
                ("relu6", lambda t: F.relu6(t, inplace=True)), ("LeakyReLU", lambda t: nn.LeakyReLU(0.1, True)(t)),
                ("ReLU6", lambda t: nn.ReLU6(inplace=True)(t)), ("SiLU", lambda t: nn.SiLU(inplace=True)(t))]:
    a = x[:9].detach().clone().requires_grad_()
    y = a * 1
    r = f(y)
    g = r.grad_fn
    print(name, r is y, r, g.name(), saved(g), [k for k in dir(g) if k in ('_saved_self', '_saved_result')])
    (r * torch.arange(9.)).sum().backward()
    print(' ', a.grad)
a = x[:4].detach().clone().requires_grad_()
for slope in [-0.1, 0.0, 0.3]:  # in place, a negative slope leaves no way back to the input's sign
    a.grad = None
    print(slope, attempt(lambda: F.leaky_relu(a * 1, slope, inplace=True).sum().backward()), a.grad)
i = torch.tensor([-3, -1, 0, 2, 9])
for f in [lambda: F.hardtanh(i), lambda: F.hardtanh(i, -0.5, 2.5), lambda: F.relu6(i), lambda: F.relu6(torch.tensor([3, 200], dtype=torch.uint8)),
          lambda: F.hardtanh(torch.tensor([1, 2], dtype=torch.uint8), -1., 300.), lambda: F.hardtanh(torch.tensor([True])),
          lambda: F.leaky_relu(i), lambda: F.leaky_relu(torch.tensor([True])), lambda: F.hardtanh(x, 2, 1),
          lambda: F.leaky_relu(3), lambda: F.hardtanh([1.0]), lambda: F.relu6(2.0), lambda: F.leaky_relu(x, 'a'),
          lambda: F.hardtanh(x, None), lambda: F.hardtanh(torch.tensor([1.0, 300.0]).half(), -1, 70000),
          lambda: nn.Hardtanh(2, 1), lambda: nn.Hardtanh(min_value=-3, max_value=3), lambda: nn.Hardtanh(min_value=-3)(x),
          lambda: F.leaky_relu(torch.tensor(-4.0)), lambda: F.hardtanh(torch.zeros(0))]:
    print(attempt(f))
print(nn.LeakyReLU(), nn.LeakyReLU(0.1, True), nn.ReLU6(), nn.ReLU6(True), nn.Hardtanh(), nn.Hardtanh(-2, 2, True), nn.SiLU(),
      nn.SiLU(True), nn.Softplus(), nn.Softplus(2, 10), nn.ReLU6().min_val, nn.ReLU6().max_val, isinstance(nn.ReLU6(), nn.Hardtanh))
print(nn.Sequential(nn.Linear(2, 3), nn.LeakyReLU(0.05), nn.Linear(3, 3), nn.ReLU6(), nn.Linear(3, 1), nn.SiLU()))
for m in [nn.LeakyReLU(0.1), nn.Hardtanh(-0.5, 0.5, True), nn.ReLU6(), nn.SiLU(), nn.Softplus(0.5)]:
    print(m.extra_repr(), m.forward(x[:8].clone()))
""",
    "mse_l1": """
torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
t = torch.randn(3, 4)
for red in ['mean', 'sum', 'none']:
    for f in [F.mse_loss, F.l1_loss]:
        loss = f(x, t, reduction=red)
        print(f.__name__, red, loss, loss.grad_fn.name())
        loss.backward(torch.ones_like(loss))
        print(x.grad)
        x.grad = None
print(nn.MSELoss()(x, t), nn.L1Loss(reduction='sum')(x, t), nn.MSELoss(reduction='none')(x, t).shape, nn.MSELoss(), nn.L1Loss())
print(nn.MSELoss().forward(x, t), nn.L1Loss().forward(x, t), nn.MSELoss().reduction)
print(F.mse_loss(x, torch.ones(4)), F.l1_loss(x, torch.ones(1, 4)), F.mse_loss(x, t.double()), F.mse_loss(x.half(), t.half()))
print(F.mse_loss(x, t, weight=torch.ones(3, 4) * 2), F.l1_loss(x, t, weight=torch.rand(3, 4), reduction='sum'),
      F.mse_loss(x, t, reduction='none', weight=torch.ones(3, 4)).shape)
print(F.mse_loss(x, t, size_average=False), F.l1_loss(x, t, reduce=False).shape, F.mse_loss(x, t, False, True),
      nn.MSELoss(size_average=False)(x, t), nn.L1Loss(reduce=False)(x, t).shape)
tt = t.clone().requires_grad_()
F.mse_loss(x, tt).backward()
print(x.grad, tt.grad)
chain(F.mse_loss(x, torch.ones(4)).grad_fn)
chain(F.l1_loss(x, t).grad_fn)
i = torch.tensor([1, 2])
for bad in [lambda: F.mse_loss(i, i), lambda: F.l1_loss(i, i), lambda: F.mse_loss(x, torch.ones(3)), lambda: F.mse_loss(x, x, reduction='foo'),
            lambda: F.l1_loss(x, t, reduction='avg'), lambda: F.mse_loss(x, t, weight=torch.ones(4)),
            lambda: F.mse_loss(x, t, weight=torch.ones(3, 4), reduction='bad')]:
    print(attempt(bad))
print(F.l1_loss(i, i, reduction='sum'), F.mse_loss(x, t, reduction='elementwise_mean'))
""",
    "nll_loss": """
torch.manual_seed(0)
logp = torch.randn(5, 4).log_softmax(1).requires_grad_()
c = torch.tensor([0, 3, 1, 1, 2])
w = torch.tensor([0.5, 1., 2., 0.25])
for kw in [{}, {'reduction': 'sum'}, {'reduction': 'none'}, {'weight': w}, {'weight': w, 'reduction': 'sum'},
           {'weight': w, 'reduction': 'none'}, {'ignore_index': 1}, {'ignore_index': 1, 'weight': w},
           {'ignore_index': 1, 'reduction': 'none'}, {'ignore_index': 0, 'reduction': 'sum'}]:
    loss = F.nll_loss(logp, c, **kw)
    print(kw, loss, loss.grad_fn.name())
    loss.backward(torch.ones_like(loss))
    print(logp.grad)
    logp.grad = None
print(F.nll_loss(logp[0], c[0]), F.nll_loss(logp[0], c[0], reduction='none'), F.nll_loss(logp, c.to(torch.uint8)),
      F.nll_loss(logp.double(), c), F.nll_loss(logp.half(), c), F.nll_loss(logp, torch.full((5,), 1), ignore_index=1),
      F.nll_loss(logp[:0], c[:0]), F.nll_loss(logp[:0], c[:0], reduction='sum'), F.nll_loss(logp[:0], c[:0], reduction='none'))
big = torch.randn(40, 3).log_softmax(1)
cls = torch.tensor([i % 3 for i in range(40)])
print(F.nll_loss(big, cls), F.nll_loss(big, cls, weight=torch.tensor([1., 2., 3.])))
print(nn.NLLLoss()(logp, c), nn.NLLLoss(weight=w, reduction='sum')(logp, c), nn.NLLLoss(ignore_index=3), nn.NLLLoss(w).weight,
      nn.NLLLoss(w).state_dict(), nn.NLLLoss().forward(logp, c), F.nll_loss(logp, c, size_average=False))
for bad in [lambda: F.nll_loss(logp, c.float()), lambda: F.nll_loss(logp, c.int()), lambda: F.nll_loss(logp, torch.tensor([0, 4, 1, 1, 1])),
            lambda: F.nll_loss(logp, torch.tensor([0, -1, 1, 1, 1])), lambda: F.nll_loss(logp, torch.tensor([0, 4, 1, 1, 1]), reduction='none'),
            lambda: F.nll_loss(logp, c[:2]), lambda: F.nll_loss(torch.tensor(1.), torch.tensor(0)), lambda: F.nll_loss(logp, c.reshape(5, 1)),
            lambda: F.nll_loss(logp, c, weight=torch.ones(3)), lambda: F.nll_loss(logp.long(), c), lambda: F.nll_loss(logp.double(), c, weight=w),
            lambda: F.nll_loss(logp, c, reduction='avg'), lambda: F.nll_loss(torch.randn(4), torch.tensor([2])),
            lambda: F.nll_loss(torch.randn(4), torch.tensor([2, 1])), lambda: F.nll_loss(logp, torch.tensor(1))]:
    print(attempt(bad))
""",
    "cross_entropy": """
torch.manual_seed(0)
x = torch.randn(6, 5, requires_grad=True)
c = torch.tensor([0, 4, 1, 1, 3, 2])
w = torch.tensor([1., 2., 0.5, 1., 3.])
p = torch.randn(6, 5).softmax(1)
for args, kw in [((c,), {}), ((c,), {'reduction': 'sum'}), ((c,), {'reduction': 'none'}), ((c,), {'weight': w}),
                 ((c,), {'ignore_index': 1}), ((c,), {'label_smoothing': 0.1}), ((c,), {'label_smoothing': 0.2, 'weight': w}),
                 ((c,), {'label_smoothing': 0.1, 'ignore_index': 1}), ((c,), {'label_smoothing': 0.3, 'reduction': 'none'}),
                 ((c,), {'label_smoothing': 0.1, 'weight': w, 'ignore_index': 4, 'reduction': 'sum'}),
                 ((p,), {}), ((p,), {'reduction': 'sum'}), ((p,), {'reduction': 'none'}), ((p,), {'weight': w}),
                 ((p,), {'label_smoothing': 0.25}), ((p,), {'weight': w, 'reduction': 'none'})]:
    loss = F.cross_entropy(x, *args, **kw)
    print(kw, loss)
    chain(loss.grad_fn)
    loss.backward(torch.ones_like(loss))
    print(x.grad)
    x.grad = None
print(F.cross_entropy(x[0], c[0]), F.cross_entropy(x[0], p[0]), F.cross_entropy(x.double(), c), F.cross_entropy(x[:0], c[:0]),
      F.cross_entropy(x[:0], p[:0]), F.cross_entropy(x, c, size_average=False))
pt = p.clone().requires_grad_()
F.cross_entropy(x, pt).backward()
print(pt.grad)
print(nn.CrossEntropyLoss()(x, c), nn.CrossEntropyLoss(weight=w, label_smoothing=0.1)(x, c), nn.CrossEntropyLoss(reduction='none')(x, p),
      nn.CrossEntropyLoss(), nn.CrossEntropyLoss(w).state_dict(), nn.CrossEntropyLoss().forward(x, c), nn.CrossEntropyLoss(ignore_index=2).ignore_index)
for bad in [lambda: F.cross_entropy(x, c.float()), lambda: F.cross_entropy(x, torch.ones(6, 5, dtype=torch.long)),
            lambda: F.cross_entropy(x, p, ignore_index=1), lambda: F.cross_entropy(x, c, label_smoothing=1.5),
            lambda: F.cross_entropy(x, p, label_smoothing=1.5), lambda: F.cross_entropy(x.long(), c),
            lambda: F.cross_entropy(torch.tensor(1.), torch.tensor(0)), lambda: F.cross_entropy(x, p, weight=torch.ones(3)),
            lambda: F.cross_entropy(x, torch.tensor([0, 5, 1, 1, 3, 2])), lambda: F.cross_entropy(x, c[:3]),
            lambda: F.cross_entropy(x, c, reduction='x')]:
    print(attempt(bad))
""",
    "binary_cross_entropy": """
torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
p = x.sigmoid()
t = torch.rand(3, 4)
w = torch.rand(4)
for kw in [{}, {'reduction': 'sum'}, {'reduction': 'none'}, {'weight': w}, {'weight': w, 'reduction': 'none'}]:
    loss = F.binary_cross_entropy(p, t, **kw)
    print(kw, loss)
    chain(loss.grad_fn)
    loss.backward(torch.ones_like(loss), retain_graph=True)
    print(x.grad)
    x.grad = None
edge = torch.tensor([0., 1., 0.5, 1e-30])
print(F.binary_cross_entropy(edge, torch.tensor([0., 1., 1., 1.])), F.binary_cross_entropy(edge, torch.tensor([1., 0., 0., 0.]), reduction='none'))
e = edge.clone().requires_grad_()
F.binary_cross_entropy(e, torch.tensor([1., 0., 1., 0.])).backward()
print(e.grad)
tt = t.clone().requires_grad_()
F.binary_cross_entropy(p.detach(), tt).backward()
print(tt.grad)
print(F.binary_cross_entropy(p.double(), t.double()), nn.BCELoss()(p, t), nn.BCELoss(weight=w, reduction='sum')(p, t), nn.BCELoss(),
      nn.BCELoss().forward(p, t), F.binary_cross_entropy(p, t, reduce=False).shape, nn.BCELoss(w).state_dict())
for bad in [lambda: F.binary_cross_entropy(x, t), lambda: F.binary_cross_entropy(p, x), lambda: F.binary_cross_entropy(p, t[0]),
            lambda: F.binary_cross_entropy(t.long(), t.long()), lambda: F.binary_cross_entropy(p, t.double()),
            lambda: F.binary_cross_entropy(p, t, reduction='x')]:
    print(attempt(bad))
""",
    "bce_with_logits": """
torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
t = torch.rand(3, 4)
w = torch.rand(4)
pw = torch.tensor([1., 2., 0.5, 3.])
for kw in [{}, {'reduction': 'sum'}, {'reduction': 'none'}, {'weight': w}, {'pos_weight': pw}, {'pos_weight': pw, 'weight': w, 'reduction': 'none'}]:
    loss = F.binary_cross_entropy_with_logits(x, t, **kw)
    print(kw, loss)
    chain(loss.grad_fn)
    loss.backward(torch.ones_like(loss))
    print(x.grad)
    x.grad = None
tt = t.clone().requires_grad_()
F.binary_cross_entropy_with_logits(x.detach(), tt, pos_weight=pw).backward()
print(tt.grad)
tt.grad = None
F.binary_cross_entropy_with_logits(x.detach(), tt).backward()
print(tt.grad)
big = torch.tensor([-100., -20., 0., 20., 50.])
print(F.binary_cross_entropy_with_logits(big, torch.tensor([0., 1., 0.5, 0., 1.]), reduction='none'),
      F.binary_cross_entropy_with_logits(x.double(), t.double()), F.binary_cross_entropy_with_logits(x, t.double()))
print(nn.BCEWithLogitsLoss()(x, t), nn.BCEWithLogitsLoss(pos_weight=pw)(x, t), nn.BCEWithLogitsLoss(),
      nn.BCEWithLogitsLoss(w, pos_weight=pw).state_dict(), nn.BCEWithLogitsLoss().forward(x, t), nn.BCEWithLogitsLoss(reduction='sum')(x, t))
for bad in [lambda: F.binary_cross_entropy_with_logits(x, t[0]), lambda: F.binary_cross_entropy_with_logits(x, (t > 0.5).long()),
            lambda: F.binary_cross_entropy_with_logits(x, t, reduction='mean_'), lambda: F.binary_cross_entropy_with_logits(x.long(), t)]:
    print(attempt(bad))
""",
    "classifier_training": """
torch.manual_seed(0)
x = torch.randn(16, 4)
y = (x[:, 0] > x[:, 1]).long()
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
loss_fn = nn.CrossEntropyLoss()
for step in range(5):
    model.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.5 * p.grad
    print(step, loss)
print(model(x).argmax(1), y)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
