"""Parity of torch.nn's modules: Module (registration by attribute, traversal, train/eval, zero_grad,
state_dict/load_state_dict and their errors, dtype conversion, apply, repr of nested modules),
Parameter, Linear (torch's initialisation from the seed), the activations, Flatten/Unflatten,
Dropout, Identity and the containers (Sequential, ModuleList, ModuleDict)."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_repr") + """
nn = torch.nn
F = torch.nn.functional
"""

CELLS = {
    "parameter": """
p = nn.Parameter(torch.tensor([1., 2.]))
print(p, repr(p), str(p), type(p), p.requires_grad, p.is_leaf, p.grad_fn, isinstance(p, torch.Tensor))
print(type(p * 2), type(p.detach()), type(p.data), type(p.clone()), type(p[0]), p * 2)
q = nn.Parameter(torch.tensor([1, 2]), requires_grad=False)
print(q, nn.Parameter(), nn.Parameter(torch.ones(2, 2), False))
base = torch.zeros(3)
r = nn.Parameter(base)
base[0] = 5.
print(r, r.data_ptr() == base.data_ptr(), r._version == base._version)
import copy
c = copy.deepcopy(p)
print(c, type(c), c is p, c.data_ptr() == p.data_ptr())
for bad in [lambda: nn.Parameter(torch.tensor([1, 2])), lambda: nn.Parameter([1.]), lambda: p.add_(1)]:
    print(attempt(bad))
with torch.no_grad():
    p.add_(1)
print(p)
""",
    "module_registration": """
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)
        self.scale = nn.Parameter(torch.ones(1))
        self.register_buffer('running', torch.zeros(3))
        self.register_buffer('tmp', torch.ones(1), persistent=False)
        self.note = 'plain attribute'

    def forward(self, x):
        return self.fc(x) * self.scale + self.running

torch.manual_seed(0)
net = Net()
print(net)
print(list(net._parameters), list(net._buffers), list(net._modules), net.note, net.training)
print([n for n, _ in net.named_parameters()], [n for n, _ in net.named_buffers()], [n for n, _ in net.named_children()])
print([type(m).__name__ for m in net.modules()], [n for n, _ in net.named_modules()], list(net.children()))
print(len(list(net.parameters())), len(list(net.parameters(recurse=False))), len(list(net.buffers())))
print([n for n, _ in net.named_parameters(prefix='model')], [n for n, _ in net.named_modules(prefix='top')])
print(net(torch.ones(1, 2)))
print(net.forward(torch.ones(1, 2)))
net.scale = None
print(net.scale, [n for n, _ in net.named_parameters()])
del net.running
print(list(net._buffers), attempt(lambda: net.running))
net.extra = nn.ReLU()
net.add_module('act', nn.Tanh())
net.register_module('act2', nn.Sigmoid())
net.register_parameter('w', nn.Parameter(torch.zeros(2)))
net.register_parameter('none', None)
print(net, [n for n, _ in net.named_parameters()])
print(net.get_submodule('fc'), net.get_submodule(''), attempt(lambda: net.get_submodule('nope')), attempt(lambda: net.get_submodule('note')))
print([k in dir(net) for k in ['fc', 'act', 'running', 'note', 'forward', 'w']])
""",
    "module_errors": """
class Bare(nn.Module):
    pass

m = nn.Linear(2, 3)
for bad in [lambda: m.foo, lambda: setattr(m, 'weight', torch.ones(3, 2)), lambda: nn.Module(3), lambda: nn.Module(a=1),
            lambda: Bare()(torch.ones(1)), lambda: nn.Module().forward(1), lambda: m.register_buffer(1, torch.ones(1)), lambda: m.register_buffer('a.b', torch.ones(1)),
            lambda: m.register_buffer('', None), lambda: m.register_buffer('weight', torch.ones(1)),
            lambda: m.register_buffer('b', [1]), lambda: m.register_parameter('c', torch.ones(1)),
            lambda: m.register_parameter('d.e', None), lambda: m.register_parameter('', None), lambda: m.register_parameter(2, None),
            lambda: m.register_parameter('in_features', None),
            lambda: m.register_parameter('f', nn.Parameter(torch.ones(1)) * 2), lambda: m.add_module('g', 3),
            lambda: m.add_module(3, nn.ReLU()), lambda: m.add_module('h.i', nn.ReLU()), lambda: m.add_module('', nn.ReLU()),
            lambda: m.add_module('weight', nn.ReLU()), lambda: m.train(1), lambda: m.to(torch.int64), lambda: m.to('cuda'),
            lambda: m.cuda()]:
    print(attempt(bad))
class Early(nn.Module):
    def __init__(self):
        self.w = nn.Parameter(torch.ones(1))
class EarlyModule(nn.Module):
    def __init__(self):
        self.sub = nn.ReLU()
class EarlyBuffer(nn.Module):
    def __init__(self):
        self.register_buffer('b', torch.ones(1))
for cls in [Early, EarlyModule, EarlyBuffer]:
    print(attempt(cls))
s = nn.Sequential(nn.ReLU())
s.register_buffer('buf', torch.ones(1))
for bad in [lambda: setattr(s, '0', 3), lambda: setattr(s, 'buf', 'text')]:
    print(attempt(bad))
""",
    "module_modes_and_grads": """
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(3, 2), nn.Dropout(0.5), nn.Sequential(nn.ReLU(), nn.Dropout()))
print(m.training, [c.training for c in m.modules()])
print(m.eval() is m, [c.training for c in m.modules()])
print(m.train() is m, m.train(False).training, [c.training for c in m.modules()])
m.train()
x = torch.ones(4, 3)
out = m(x).sum()
out.backward()
print(m[0].weight.grad, m[0].bias.grad)
m.zero_grad()
print(m[0].weight.grad, m[0].bias.grad)
m(x).sum().backward()
m.zero_grad(set_to_none=False)
print(m[0].weight.grad, m[0].bias.grad)
m.zero_grad(False)
print(m.requires_grad_(False) is m, [p.requires_grad for p in m.parameters()])
m.requires_grad_()
print([p.requires_grad for p in m.parameters()])
seen = []
print(m.apply(lambda mod: seen.append(type(mod).__name__)) is m, seen)
def init_weights(mod):
    if isinstance(mod, nn.Linear):
        nn.init.ones_(mod.weight)
m.apply(init_weights)
print(m[0].weight)
""",
    "module_dtypes": """
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(2, 2))
m.register_buffer('steps', torch.tensor(3))
m.register_buffer('scale', torch.tensor(0.5))
print(m.double() is m, m[0].weight.dtype, m.steps.dtype, m.scale.dtype)
print(m.float()[0].weight.dtype, m.half()[0].bias.dtype, m.bfloat16()[0].bias, m.scale)
w = m[0].weight
print(m.to(torch.float64)[0].weight is w, w.dtype, m.to(dtype=torch.float32)[0].weight.dtype)
print(m.to('cpu') is m, m.cpu() is m, m.to(torch.device('cpu'), torch.float64)[0].weight.dtype, m.steps.dtype)
print(m.type(torch.float32)[0].weight.dtype, m.steps.dtype, m.to(torch.zeros(1, dtype=torch.float64)).scale.dtype)
m.to(torch.float32)
m(torch.ones(1, 2)).sum().backward()
print(m.double()[0].weight.grad.dtype)
l = nn.Linear(2, 2, dtype=torch.float64)
print(l.weight.dtype, attempt(lambda: nn.Linear(2, 2, dtype=torch.int32)), attempt(lambda: nn.Linear(2, 2, device='cuda')))
print(nn.Linear(2, 2, device='cpu').weight.device, nn.Module().cuda(), nn.Module().to('cuda'))
""",
    "state_dict": """
torch.manual_seed(0)
m = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Sequential(nn.Linear(3, 1)))
m.register_buffer('count', torch.tensor(1))
m.register_buffer('hidden', torch.ones(1), persistent=False)
sd = m.state_dict()
print(sd)
print(type(sd).__name__, list(sd.keys()), sd.keys(), sd._metadata)
print(sd['0.weight'].requires_grad, sd['0.weight'].data_ptr() == m[0].weight.data_ptr())
kv = m.state_dict(keep_vars=True)
print(kv['0.weight'].requires_grad, type(kv['0.weight']).__name__, list(m.state_dict(prefix='net.').keys()))
m2 = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Sequential(nn.Linear(3, 1)))
m2.register_buffer('count', torch.tensor(0))
print(m2.load_state_dict(sd), m2[0].weight, m2.count)
print(nn.Linear(2, 2).state_dict(), nn.ReLU().state_dict())
lin = nn.Linear(2, 3)
for bad in [lambda: lin.load_state_dict({'weight': torch.ones(3, 2)}), lambda: lin.load_state_dict({'weight': torch.ones(3, 2)}, strict=False),
            lambda: lin.load_state_dict({'weight': torch.ones(3, 3), 'bias': torch.ones(3), 'x': 1}),
            lambda: lin.load_state_dict({'weight': torch.ones(3, 2), 'bias': torch.ones(3)}),
            lambda: lin.load_state_dict({'weight': 3, 'bias': torch.ones(3)}), lambda: lin.load_state_dict(3),
            lambda: lin.load_state_dict({'weight': torch.ones(3, 2), 'bias': torch.ones(3), 'extra.w': torch.ones(1)}, strict=False),
            lambda: m2.load_state_dict({}), lambda: m2.load_state_dict({'2.0.weight': torch.ones(1, 3), 'nope.x': torch.ones(1)}, strict=False)]:
    print(attempt(bad))
print(lin.weight, lin.bias)
r = lin.load_state_dict({'weight': torch.zeros(3, 2)}, strict=False)
print(r.missing_keys, r.unexpected_keys, r)
s = nn.Linear(1, 1)
s.register_buffer('scalar', torch.tensor(0.))
print(s.load_state_dict({'weight': torch.ones(1, 1), 'bias': torch.ones(1), 'scalar': torch.tensor([7.])}), s.scalar)
""",
    "linear": """
torch.manual_seed(0)
lin = nn.Linear(3, 2)
print(lin, lin.in_features, lin.out_features, lin.weight, lin.bias)
print(lin.extra_repr(), nn.Linear(4, 1, bias=False), nn.Linear(4, 1, bias=False).bias)
x = torch.randn(4, 3)
for inp in [x, x[0], x.reshape(2, 2, 3), x.t().contiguous().t(), x.reshape(2, 2, 3).transpose(0, 1), torch.randn(2, 1, 2, 3)]:
    y = lin(inp)
    print(y, y.shape, y.stride(), y.grad_fn.name())
nb = nn.Linear(3, 2, bias=False)
for inp in [x, x[0], x.reshape(2, 2, 3)]:
    y = nb(inp)
    print(y, y.grad_fn.name())
print(lin.forward(x))
lin.reset_parameters()
print(lin.weight, lin.bias)
print(nn.Linear(0, 2).weight, nn.Linear(0, 2).bias, nn.Linear(2, 0).weight)
xi = x.clone().requires_grad_()
out = lin(xi)
out.backward(torch.ones(4, 2))
print(lin.weight.grad, lin.bias.grad, xi.grad)
print(out.grad_fn.next_functions[0][0], out.grad_fn._saved_mat1.shape, out.grad_fn._saved_mat2.stride())
print(attempt(lambda: lin(torch.ones(4, 2))), attempt(lambda: lin(torch.ones(4, 3, dtype=torch.float64))))
""",
    "activations": """
x = torch.tensor([[-2., -0.5, 0., 0.5, 3.]])
mods = [nn.ReLU(), nn.ReLU(inplace=True), nn.Sigmoid(), nn.Tanh(), nn.GELU(), nn.GELU('tanh'), nn.GELU(approximate='none'),
        nn.Softmax(dim=1), nn.Softmax(0), nn.LogSoftmax(1), nn.LogSoftmax(dim=-1), nn.Identity(), nn.Identity(3, a=4)]
for m in mods:
    print(m, repr(m.extra_repr()), m(x.clone()), m.forward(x.clone()))
print(nn.Softmax()(torch.ones(2, 3)), nn.LogSoftmax()(torch.ones(3)))
y = x.clone().requires_grad_()
for m in mods:
    out = m(y * 1)
    out.sum().backward() if out.grad_fn is not None else None
    print(type(m).__name__, out.grad_fn.name() if out.grad_fn is not None else None, y.grad)
    y.grad = None
i = nn.Identity()
print(i(y) is y, attempt(lambda: nn.ReLU(inplace=True)(y)))
h = torch.tensor([-1., 2.])
print(nn.ReLU(inplace=True)(h) is h, h)
""",
    "flatten_unflatten": """
x = torch.arange(24.).reshape(2, 3, 4)
for m in [nn.Flatten(), nn.Flatten(0), nn.Flatten(0, -1), nn.Flatten(start_dim=1, end_dim=2), nn.Flatten(2),
          nn.Unflatten(1, (3, 1)), nn.Unflatten(2, [2, 2]), nn.Unflatten(-1, (2, -1)), nn.Unflatten(1, torch.Size([1, 3]))]:
    y = m(x)
    print(m, m.extra_repr(), y.shape, y.stride(), y.data_ptr() == x.data_ptr(), m.forward(x).shape)
print(nn.Flatten()(torch.ones(2, 3)).shape, nn.Unflatten(0, (2, 2))(torch.arange(12.).reshape(3, 4).t()).stride())
for bad in [lambda: nn.Unflatten(1, 3), lambda: nn.Unflatten(1, (2, 1.5)), lambda: nn.Unflatten(1, (4, 4))(x),
            lambda: nn.Unflatten(1, (-1, 2))(x), lambda: nn.Unflatten(1, ())(x),
            lambda: nn.Unflatten(5, (1, 3))(x), lambda: nn.Flatten(3)(x)]:
    print(attempt(bad))
w = x.clone().requires_grad_()
print(nn.Unflatten(1, (3, 1))(w).grad_fn.name(), nn.Flatten()(w).grad_fn.name())
""",
    "dropout": """
torch.manual_seed(0)
d = nn.Dropout(0.3)
x = torch.ones(3, 6)
print(d, d.extra_repr(), d(x), d(x))
print(nn.Dropout(p=0., inplace=True), nn.Dropout(0.)(x) is x, nn.Dropout(1.)(x), nn.Dropout(1.)(x).grad_fn)
d.eval()
print(d(x) is x, d.forward(x) is x)
d.train()
print(d(torch.arange(12.).reshape(3, 4).t()))
w = torch.ones(2, 5, requires_grad=True)
y = d(w)
print(y, y.grad_fn.name())
y.sum().backward()
print(w.grad)
h = torch.ones(2, 4)
print(nn.Dropout(0.5, inplace=True)(h) is h, h)
print(F.dropout(torch.ones(2, 4)), F.dropout(torch.ones(2, 4), 0.2, training=False), F.dropout(torch.ones(4), p=0.9, training=True))
print(F.dropout(torch.ones(3, dtype=torch.float64), 0.25), F.dropout(torch.ones(0)), F.dropout(torch.ones(3).half(), 0.5))
for bad in [lambda: nn.Dropout(1.5), lambda: nn.Dropout(-0.1), lambda: F.dropout(x, 2.), lambda: nn.Dropout(0.5, True)(w)]:
    print(attempt(bad))
print(torch.rand(2))
""",
    "sequential": """
torch.manual_seed(0)
s = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Linear(4, 1))
print(s, len(s), s[0], s[-1], s[1:], s[::2], type(s[1:]).__name__)
print(s(torch.ones(3, 2)), s.forward(torch.ones(1, 2)))
print(s.append(nn.Sigmoid()) is s, len(s), s)
s.insert(1, nn.Tanh())
print(s)
print(s.pop(1), len(s), s.extend([nn.Identity(), nn.Identity()]) is s, len(s))
s[0] = nn.Linear(2, 4, bias=False)
del s[-1]
print(s, [k for k in s._modules])
del s[1:3]
print(s, list(iter(s)))
from collections import OrderedDict
named = nn.Sequential(OrderedDict([('first', nn.Linear(1, 2)), ('act', nn.ReLU())]))
print(named, named.first, named[1], named[0:1], [n for n, _ in named.named_children()])
print(nn.Sequential(), nn.Sequential()(torch.ones(2)), nn.Sequential(nn.ReLU()) + nn.Sequential(nn.Tanh()))
for bad in [lambda: s[10], lambda: s['a'], lambda: s.insert(0, 3), lambda: s.insert(9, nn.ReLU()),
            lambda: nn.Sequential(nn.ReLU()) + 3, lambda: nn.Sequential(3)]:
    print(attempt(bad))
s.insert(-1, nn.ReLU())
print(s)
""",
    "module_list_dict": """
torch.manual_seed(0)
layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
print(layers, len(layers), layers[0], layers[-1], layers[1:], type(layers[1:]).__name__)
same = nn.ModuleList([nn.ReLU(), nn.ReLU(), nn.Tanh(), nn.ReLU(), nn.ReLU(), nn.ReLU()])
print(same, nn.ModuleList(), nn.ModuleList([nn.ReLU()]))
print(layers.append(nn.ReLU()) is layers, len(layers), layers.extend([nn.Tanh()]) is layers, len(layers))
layers.insert(0, nn.Sigmoid())
print(layers, layers.pop(0), len(layers))
layers[0] = nn.Identity()
del layers[1]
print(layers, [k for k in layers._modules])
del layers[::2]
print(layers, list(layers))
layers += [nn.ReLU()]
print(layers, layers + nn.ModuleList([nn.Tanh()]))
for bad in [lambda: layers[7], lambda: nn.ModuleList(3), lambda: layers.extend(5), lambda: layers.append(3)]:
    print(attempt(bad))
d = nn.ModuleDict({'lin': nn.Linear(2, 1), 'act': nn.ReLU()})
print(d, len(d), d['lin'], 'act' in d, 'x' in d, list(d), list(d.keys()), list(d.values()), list(d.items())[0][0])
d['new'] = nn.Tanh()
d.update([('more', nn.Sigmoid())])
d.update(nn.ModuleDict({'again': nn.Identity()}))
print(d, d.pop('act'), len(d))
del d['new']
print(list(d.keys()))
d.clear()
print(d, len(d))
for bad in [lambda: d.update(3), lambda: d.update([3]), lambda: d.update([('a', nn.ReLU(), 1)]), lambda: d['zzz']]:
    print(attempt(bad))
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2)])
        self.heads = nn.ModuleDict({'a': nn.Linear(2, 1)})
    def forward(self, x):
        for b in self.blocks:
            x = b(x).relu()
        return self.heads['a'](x)
net = Net()
print(net, net(torch.ones(1, 2)), [n for n, _ in net.named_parameters()])
""",
    "repr_nesting": """
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.act = nn.GELU()
    def extra_repr(self):
        return 'first line\\nsecond line'
class Tiny(nn.Module):
    def extra_repr(self):
        return 'size=3'
class Empty(nn.Module):
    pass
print(Block(), Tiny(), Empty())
print(nn.Sequential(Block(), nn.ModuleList([Tiny(), Tiny()]), nn.ModuleDict({'e': Empty()})))
print(nn.ModuleList([nn.Sequential(nn.Linear(1, 1), nn.ReLU()), nn.Sequential(nn.Linear(1, 1), nn.ReLU())]))
print(nn.Module().extra_repr() == '', str(nn.Sequential(nn.ReLU())), repr(nn.Tanh()))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")


@pytest.mark.parametrize("name", ["register_forward_hook", "register_full_backward_hook", "get_parameter", "compile"])
def test_module_methods_outside_the_subset_raise_booktorchs_error(name):
    import booktorch
    from booktorch.errors import NotInBrowserError

    with pytest.raises(NotInBrowserError, match=f"torch.nn.Module.{name} is not available in the browser"):
        getattr(booktorch.nn.Linear(1, 1), name)
    assert not hasattr(booktorch.nn.ReLU(), name)
