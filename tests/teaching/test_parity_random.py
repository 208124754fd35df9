"""Parity of random numbers: seeding, ``torch.Generator``, the random factories and the in-place fills, under
real torch and booktorch (values bit for bit, dtypes, strides, the generator's state afterwards, errors, and
autograd through the fills).  Every program seeds first, so each one draws the same numbers under both."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_shape") + """
import copy
def exact(t):
    return [v.hex() if isinstance(v, float) else v for v in t.double().flatten().tolist()]
def state():
    return torch.get_rng_state().tolist()[-40:]
torch.manual_seed(0)
"""

CELLS = {
    "book_example": """
torch.manual_seed(0)
print(torch.randn(3))
torch.manual_seed(0)
print(torch.randn(3, 4))
""",
    "manual_seed_and_state": """
g = torch.manual_seed(42)
print(type(g).__name__, g is torch.default_generator, g.initial_seed(), torch.initial_seed())
s = torch.get_rng_state()
print(s.dtype, s.shape, s.stride(), s[:12], s.requires_grad)
a = torch.rand(5)
torch.set_rng_state(s)
b = torch.rand(5)
print(torch.equal(a, b), exact(a) == exact(b), state() == state())
print(type(torch.seed()).__name__, torch.manual_seed(2.9).initial_seed(), torch.manual_seed('7').initial_seed(),
      torch.manual_seed(torch.tensor(3)).initial_seed(), torch.manual_seed(-1).initial_seed())
for bad in [lambda: torch.manual_seed(None), lambda: torch.manual_seed(2**64), lambda: torch.manual_seed(-2**63 - 1),
            lambda: torch.set_rng_state(torch.zeros(3)), lambda: torch.set_rng_state([1]), lambda: torch.get_rng_state(1),
            lambda: torch.set_rng_state(torch.zeros(5056, dtype=torch.uint8)), lambda: torch.set_rng_state(s[:10]),
            lambda: torch.set_rng_state(torch.cat([s, s])[::2])]:
    print(attempt(bad))
torch.manual_seed(0)
print(torch.randn(2), torch.rand(2))
""",
    "torch_random_namespace": """
r = torch.random
# torch.manual_seed is wrapped once torch._dynamo is imported (torch.optim does), so not compared by identity
print(r.seed is torch.seed, r.initial_seed is torch.initial_seed, r.get_rng_state is torch.get_rng_state,
      r.set_rng_state is torch.set_rng_state, r.default_generator is torch.default_generator)
print(r.manual_seed(3).initial_seed(), r.initial_seed(), type(r.seed()).__name__, r.get_rng_state().shape)
r.manual_seed(0)
with r.fork_rng():
    a = torch.rand(3)
with r.fork_rng(devices=[]):
    b = torch.randn(2)
with r.fork_rng(device_type='cuda'):
    c = torch.rand(1)
with r.fork_rng(enabled=False):
    d = torch.rand(3)
print(a, b, c, d, torch.rand(3))
s = r.get_rng_state()
with r.fork_rng(device_type='meta'):
    torch.rand(2)
print(torch.equal(s, r.get_rng_state()), attempt(lambda: r.set_rng_state(s)), torch.rand(2))
def forked():
    with r.fork_rng(devices=[0]):
        pass
print(attempt(forked))
""",
    "generator_objects": """
g = torch.Generator()
print(type(g), type(g).__name__, g.device, g.initial_seed(), g.manual_seed(5) is g, g.initial_seed())
print(torch.Generator('cpu').initial_seed(), torch.Generator(device='cpu:0').device, torch.Generator(torch.device('cpu')).device,
      torch.Generator(device=None).device, torch.default_generator.device)
torch.manual_seed(0)
print(torch.rand(3, generator=g), torch.rand(3), torch.randn(2, generator=g), torch.randint(10, (3,), generator=g))
h = g.clone_state()
print(torch.rand(2, generator=g), torch.rand(2, generator=h), h.initial_seed())
st = g.get_state()
print(st.dtype, st.shape, g.set_state(st) is g, torch.rand(2, generator=g))
c = copy.deepcopy(g)
print(type(c).__name__, c.initial_seed(), torch.equal(torch.rand(3, generator=c), torch.rand(3, generator=g)))
print(type(g.seed()).__name__, g.manual_seed(-1).initial_seed())
for bad in [lambda: g.manual_seed(), lambda: g.manual_seed(seed=1), lambda: g.manual_seed(1, 2), lambda: g.manual_seed(2.5),
            lambda: g.manual_seed('3'), lambda: g.manual_seed(torch.tensor(3)), lambda: g.manual_seed(2**64), lambda: g.seed(1),
            lambda: g.initial_seed(1), lambda: g.initial_seed(x=1), lambda: g.get_state(1), lambda: g.set_state(),
            lambda: g.set_state([1]), lambda: g.set_state(torch.zeros(5056)), lambda: g.set_state(torch.zeros(9, dtype=torch.uint8)),
            lambda: g.set_state(torch.zeros(5056, dtype=torch.uint8)), lambda: g.set_state(torch.cat([st, st])[::2]),
            lambda: g.clone_state(1), lambda: g.get_offset(), lambda: g.set_offset(1), lambda: g.graphsafe_get_state(),
            lambda: g.graphsafe_set_state(g), lambda: torch.Generator(2.5), lambda: torch.Generator('cpu', 1),
            lambda: torch.Generator(device=1), lambda: torch.Generator(0), lambda: torch.Generator(-1), lambda: torch.Generator('xyz'),
            lambda: torch.rand(2, generator=1), lambda: torch.rand(2, generator='cpu')]:
    print(attempt(bad))
for d in ['cuda', 'cuda:0', 'xpu', 'xla', 'hip', 'lazy', 'ipu', 'privateuseone', 'mtia', 'hpu', 'vulkan', 'meta', 'mps',
          'opengl', 'opencl', 'ideep', 've', 'fpga', 'maia']:
    print(d, attempt(lambda: torch.Generator(d)), attempt(lambda: torch.Generator(device=torch.device(d))))
""",
    "rand_and_randn": """
torch.manual_seed(1)
for t in [torch.rand(3), torch.rand(2, 3), torch.rand((2, 2)), torch.rand([3]), torch.rand(torch.Size([2, 1])), torch.rand(size=(2,)),
          torch.rand(()), torch.rand([]), torch.rand(0), torch.rand(2, 0), torch.rand(2, True), torch.rand(torch.tensor(2)),
          torch.rand(2, torch.tensor(2)), torch.rand((2, torch.tensor(1))), torch.rand([torch.tensor(2)]), torch.rand(torch.tensor([2])),
          torch.randn(4), torch.randn(2, 8), torch.randn(17), torch.randn(33), torch.randn(()), torch.randn(size=[3, 1])]:
    print(t, t.dtype, t.shape, t.stride())
for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16, float]:
    print(torch.rand(5, dtype=d), torch.randn(5, dtype=d), torch.randn(20, dtype=d).sum())
x = torch.rand(2, requires_grad=True)
y = torch.randn(2, 2, dtype=torch.float64, requires_grad=True)
print(x, y, x.is_leaf, y.grad_fn, torch.rand(2, layout=torch.strided, device='cpu', pin_memory=False))
print(exact(torch.rand(7)), exact(torch.randn(18)), state())
""",
    "rand_errors": """
for bad in ['torch.rand()', 'torch.rand(-1)', 'torch.rand(2, -1)', 'torch.rand(2.0)', 'torch.rand((2.0,))', 'torch.rand(True)',
            'torch.rand((True,))', 'torch.rand(None)', 'torch.rand(2, None)', 'torch.rand(2, 2.5)', 'torch.rand((2, None))', 'torch.rand(2, "a")',
            'torch.rand(torch.tensor(2.))', 'torch.rand(torch.tensor([2, 3]))', 'torch.rand(2, torch.tensor(2.5))', 'torch.rand([torch.tensor(2.)])',
            'torch.rand((2,), (3,))', 'torch.rand(2, foo=1)', 'torch.rand(2, dtype="float")', 'torch.rand(2, requires_grad=1)',
            'torch.rand(2, dtype=torch.int64)', 'torch.rand(2, dtype=torch.bool)', 'torch.rand(2, dtype=int)', 'torch.randn(2, dtype=torch.int32)',
            'torch.randn(2, dtype=torch.uint8, requires_grad=True)', 'torch.rand(2, device="cuda")', 'torch.randn(2, device="cuda:0")',
            'torch.rand(2, device=0)', 'torch.rand(2, pin_memory=True)', 'torch.rand(size=2)', 'torch.rand(2, size=(2,))', 'torch.randn(foo=2)',
            'torch.rand(torch.float32)', 'torch.rand(torch.device("cpu"))', 'torch.rand(torch.Generator())', 'torch.rand(torch.strided)',
            'torch.randn(2, 3, size=(2,))', 'torch.rand(2, out=5)', 'torch.randn(2, names=None)']:
    print(bad, attempt(lambda: eval(bad)))
""",
    "out_tensors": """
torch.manual_seed(3)
o = torch.empty(3)
r = torch.rand(3, out=o)
print(r is o, o, torch.randn(3, out=o) is o)
v = torch.zeros(6)[::2]
print(torch.randn(3, out=v), v.stride(), torch.randint(5, (3,), out=v), torch.randperm(3, out=torch.empty(3, dtype=torch.int8)))
print(torch.normal(0., 1., (3,), out=o), torch.normal(torch.zeros(3), 1., out=o), torch.normal(torch.zeros(3), torch.ones(3), out=v))
print(torch.bernoulli(torch.full((3,), 0.5), out=o), torch.bernoulli(torch.full((3,), 0.5), out=torch.empty(3, dtype=torch.int64)))
for bad in [lambda: torch.rand(2, out=torch.empty(2, dtype=torch.int64)), lambda: torch.rand(2, out=torch.empty(2), dtype=torch.float64),
            lambda: torch.randint(3, (2,), out=torch.empty(2), dtype=torch.int64), lambda: torch.randn(2, out=torch.empty(2, dtype=torch.int64)),
            lambda: torch.normal(torch.zeros(2), 1., out=torch.empty(2, dtype=torch.int64))]:
    print(attempt(bad))
print(torch.normal(torch.zeros(2), 1., out=torch.empty(2, dtype=torch.float64)), torch.normal(torch.zeros(2), torch.ones(2), out=torch.empty(2, dtype=torch.float64)))
rg = lambda: torch.empty(2, requires_grad=True)
for bad in [lambda: torch.rand(2, out=rg()), lambda: torch.randn(2, out=rg()), lambda: torch.randint(3, (2,), out=rg()), lambda: torch.randperm(2, out=rg()),
            lambda: torch.normal(0., 1., (2,), out=rg()), lambda: torch.normal(torch.zeros(2), 1., out=rg()), lambda: torch.normal(torch.zeros(2), torch.ones(2), out=rg()),
            lambda: torch.normal(0., torch.ones(2), out=rg()), lambda: torch.bernoulli(torch.ones(2) * .5, out=rg())]:
    print(attempt(bad))
with torch.no_grad():
    o = rg()
    print(torch.rand(2, out=o), o.requires_grad, torch.randn(2, out=o, requires_grad=True), o.requires_grad)
""",
    "randint": """
torch.manual_seed(4)
for t in [torch.randint(10, (5,)), torch.randint(3, 10, (2, 3)), torch.randint(high=10, size=(2,)), torch.randint(low=2, high=10, size=[2]),
          torch.randint(10, torch.Size([2])), torch.randint(torch.tensor(10), (2,)), torch.randint(-5, 5, (4,)), torch.randint(0, 2**62, (2,)),
          torch.randint(-2**63, 2**63 - 1, (2,)), torch.randint(10, (2,), dtype=torch.float32), torch.randint(10, (2,), dtype=torch.float64),
          torch.randint(2, (4,), dtype=torch.bool), torch.randint(-128, 128, (4,), dtype=torch.int8), torch.randint(256, (4,), dtype=torch.uint8),
          torch.randint(100, (3,), dtype=torch.int16), torch.randint(100, (3,), dtype=torch.int32), torch.randint(2048, (3,), dtype=torch.float16),
          torch.randint(300, (3,), dtype=torch.bfloat16), torch.randint(5, (0,)), torch.randint(5, ()),
          torch.randint(10, (2,), dtype=torch.float32, requires_grad=True), torch.randint(1, (3,))]:
    print(t, t.dtype, t.shape)
print(state())
for bad in ['torch.randint(10)', 'torch.randint(10, 3)', 'torch.randint(10, (3,), 5)', 'torch.randint(0, 10)', 'torch.randint(2.5, (2,))',
            'torch.randint(5, 2, (2,))', 'torch.randint(10, size=3)', 'torch.randint(10, (2,), requires_grad=True)', 'torch.randint(-5, (2,))',
            'torch.randint(2**63, (2,))', 'torch.randint(10, (2,), dtype=torch.bool)', 'torch.randint(300, (2,), dtype=torch.uint8)',
            'torch.randint(-1, 3, (2,), dtype=torch.uint8)', 'torch.randint(5, 5, (2,))', 'torch.randint(10, (-1,))', 'torch.randint(True, (2,))',
            'torch.randint(10, (2,), generator=5)', 'torch.randint(2**25, (2,), dtype=torch.float32)', 'torch.randint(0, 2**63, (1,))',
            'torch.randint(-2**63 - 1, 0, (2,))']:
    print(bad, attempt(lambda: eval(bad)))
print(state())
""",
    "randperm": """
torch.manual_seed(5)
for t in [torch.randperm(5), torch.randperm(n=4), torch.randperm(0), torch.randperm(1), torch.randperm(torch.tensor(3)), torch.randperm(6, dtype=torch.float32),
          torch.randperm(4, dtype=torch.float16), torch.randperm(5, dtype=torch.bfloat16), torch.randperm(127, dtype=torch.int8)[:5],
          torch.randperm(256, dtype=torch.uint8)[:5], torch.randperm(40)[-5:], torch.randperm(3, dtype=torch.float64, requires_grad=True),
          torch.randperm(4, generator=torch.Generator().manual_seed(1)), torch.randperm(3, generator=None)]:
    print(t, t.dtype, t.shape)
for bad in ['torch.randperm(True)', 'torch.randperm(3.0)', 'torch.randperm(-1)', 'torch.randperm(3, dtype=torch.bool)', 'torch.randperm(3000, dtype=torch.float16)',
            'torch.randperm(300, dtype=torch.int8)', 'torch.randperm(257, dtype=torch.uint8)', 'torch.randperm(3, requires_grad=True)',
            'torch.randperm(3, 4)', 'torch.randperm()', 'torch.randperm("3")', 'torch.randperm(2**63)']:
    print(bad, attempt(lambda: eval(bad)))
print(state())
""",
    "like_factories": """
torch.manual_seed(6)
x = torch.ones(3, 4)
for t in [torch.rand_like(x), torch.randn_like(x), torch.randint_like(x, 5), torch.randint_like(x, 2, 5), torch.randint_like(x, torch.tensor(5)),
          torch.randint_like(x, torch.tensor(5.)), torch.randint_like(x, high=5), torch.randint_like(x, low=1, high=5), torch.rand_like(x.t()),
          torch.randn_like(torch.ones(5, 4).t()), torch.randn_like(torch.ones(4, 5).t(), memory_format=torch.contiguous_format),
          torch.rand_like(torch.ones(4, 4)[:, ::2]), torch.rand_like(x, dtype=torch.float64), torch.randn_like(x, dtype=torch.float16),
          torch.randint_like(x, 5, dtype=torch.int64), torch.randint_like(torch.ones(2, dtype=torch.int8), -3, 3),
          torch.rand_like(x, requires_grad=True), torch.randn_like(torch.ones(2, requires_grad=True)), torch.rand_like(input=x),
          torch.rand_like(x, memory_format=torch.preserve_format), torch.randint_like(x, torch.tensor(5), generator=torch.Generator())]:
    print(t, t.dtype, t.stride(), t.requires_grad)
for bad in ['torch.rand_like(x, dtype=torch.int64)', 'torch.rand_like(torch.ones(2, dtype=torch.int64))', 'torch.randn_like(torch.ones(2, dtype=torch.bool))',
            'torch.randint_like(x, torch.tensor([5, 6]))', 'torch.randint_like(torch.ones(2, dtype=torch.int8), 300)', 'torch.randint_like(x, 5.5)',
            'torch.rand_like(x, 3)', 'torch.rand_like("x")', 'torch.randn_like(1)', 'torch.randint_like("x")', 'torch.randint_like(x, 5, requires_grad=True).grad_fn',
            'torch.randint_like(x, 5, dtype=torch.int64, requires_grad=True)', 'torch.rand_like(x, device="cuda")', 'torch.randint_like(x, 5, 2)']:
    print(bad, attempt(lambda: eval(bad)))
""",
    "normal_overloads": """
torch.manual_seed(7)
m = torch.zeros(2, requires_grad=True)
s = torch.ones(2, requires_grad=True)
for t in [torch.normal(m, 1.), torch.normal(0., s), torch.normal(m, s), torch.normal(m, s.detach()), torch.normal(0., 1., (2,)),
          torch.normal(2., 3., size=(3,), requires_grad=True), torch.normal(torch.zeros(2, 1), torch.ones(3)), torch.normal(torch.arange(20.), 0.5),
          torch.normal(torch.zeros(2), torch.ones(2, dtype=torch.float64)), torch.normal(torch.zeros(2, dtype=torch.float64), torch.ones(2)),
          torch.normal(0, 1, (2,)), torch.normal(0, 1, (2,), dtype=torch.float64), torch.normal(torch.tensor(0.), torch.tensor(1.)),
          torch.normal(torch.tensor(0.), 1.), torch.normal(1., torch.tensor(2.)), torch.normal(mean=torch.zeros(2)), torch.normal(mean=0., std=1., size=(2,)),
          torch.normal(torch.zeros(2), 1, generator=torch.Generator()), torch.normal(torch.zeros(3, dtype=torch.float16), 2.),
          torch.normal(torch.ones(20, dtype=torch.bfloat16), torch.full((20,), 0.5)), torch.normal(3., torch.full((17,), 2.)),
          torch.normal(torch.zeros(2, 8).t(), torch.ones(8, 2)), torch.normal(torch.tensor([1., 2.]), torch.tensor(0.5, dtype=torch.float64))]:
    print(t, t.dtype, t.stride(), t.grad_fn and t.grad_fn.name())
for t in [torch.normal(m, 1.), torch.normal(m, s.detach()), torch.normal(0., s), torch.normal(m, s)]:
    print([(type(n).__name__ if n else n, i) for n, i in t.grad_fn.next_functions])
m2 = torch.zeros(2, 1, requires_grad=True)
s3 = torch.ones(3, requires_grad=True)
torch.normal(m2, s3).sum().backward()
torch.normal(m2, 2.).sum().backward()
print(m2.grad, s3.grad)
for bad in ['torch.normal()', 'torch.normal(torch.zeros(2, dtype=torch.int64), 1.)', 'torch.normal(torch.zeros(2), -1.)',
            'torch.normal(torch.zeros(2), torch.tensor([1., -1.]))', 'torch.normal(torch.zeros(2), torch.tensor([1., float("nan")]))',
            'torch.normal(torch.zeros(2), torch.ones(3))', 'torch.normal(0., 1., 2)', 'torch.normal(0., 1., 2, 3)', 'torch.normal(2., torch.ones(2, dtype=torch.int32))',
            'torch.normal(0., 1., (2,), dtype=torch.int64)', 'torch.normal(0., -1., (2,))', 'torch.normal("a", 1.)', 'torch.normal(0., 1.)']:
    print(bad, attempt(lambda: eval(bad)))
print(state())
""",
    "bernoulli": """
torch.manual_seed(8)
w = torch.full((3,), 0.5, requires_grad=True)
p = torch.tensor([[0.1, 0.9], [0.5, 0.3], [1.0, 0.0]])
for t in [torch.bernoulli(p), torch.bernoulli(p.t()), torch.bernoulli(p, 0.3), torch.bernoulli(p, p=0.7), torch.bernoulli(p.double()),
          torch.bernoulli(p.half()), torch.bernoulli(p.bfloat16()), p.bernoulli(), p.bernoulli(0.2), p.bernoulli(p=0.9), p.t().bernoulli(0.5),
          torch.bernoulli(w), torch.bernoulli(w, 0.5), torch.bernoulli(torch.full((20,), 0.25), generator=torch.Generator())]:
    print(t, t.dtype, t.stride(), t.grad_fn and t.grad_fn.name())
print([type(n).__name__ for n, _ in torch.bernoulli(w).grad_fn.next_functions], torch.bernoulli(w, 0.5).grad_fn.name(), attempt(lambda: torch.bernoulli(w, 0.5).sum().backward()))
torch.bernoulli(w).sum().backward()
print(w.grad)
for bad in ['torch.bernoulli(torch.tensor([1, 0]))', 'torch.bernoulli(torch.ones(2) * 2)', 'torch.bernoulli(torch.tensor([0.5, -0.1, 0.5]))',
            'torch.ones(2).bernoulli(torch.ones(2))', 'torch.bernoulli(torch.ones(2), torch.ones(2))', 'torch.bernoulli("x")', 'torch.bernoulli(p, 1.5)',
            'torch.bernoulli(p, -0.5)', 'p.bernoulli(2)', 'p.bernoulli("a")']:
    print(bad, attempt(lambda: eval(bad)))
print(state())
""",
    "inplace_uniform_and_normal": """
torch.manual_seed(9)
for shape in [(3,), (2, 3), (20,), (4, 5)]:
    a = torch.empty(shape)
    print(a.uniform_(), a.uniform_(-2, 3), a.uniform_(to=0.5), a.normal_(), a.normal_(2., 0.5), a.normal_(mean=1))
for d in [torch.float64, torch.float16, torch.bfloat16]:
    a = torch.zeros(18, dtype=d)
    print(a.uniform_(1, 2), a.normal_(0, 3), a.uniform_(True, 2), a.uniform_(torch.tensor(0.5), 1))
t = torch.zeros(5, 6)
print(t.t().uniform_(), t[:, ::2].normal_(), t.t().normal_(), t[1].uniform_(5, 6), t)
g = torch.Generator().manual_seed(3)
print(torch.zeros(3).uniform_(generator=g), torch.zeros(3).normal_(1, 2, generator=g), torch.zeros(20).normal_(generator=g))
print(torch.zeros(2).normal_(0, 0), exact(torch.zeros(3).uniform_(-1e-3, 1e-3)), exact(torch.zeros(17).normal_(5, 1e-3)))
for bad in ['torch.zeros(2).uniform_(2, 1)', 'torch.ones(2, dtype=torch.int64).uniform_()', 'torch.ones(2, dtype=torch.int64).normal_()',
            'torch.ones(2).uniform_(0, float("inf"))', 'torch.ones(2, dtype=torch.float16).uniform_(0, 70000)', 'torch.ones(2).uniform_(from_=0.5)',
            'torch.ones(2).uniform_(1, 2, 3)', 'torch.ones(2).uniform_("a")', 'torch.ones(2).normal_(std=-1)', 'torch.ones(2).normal_(0, "x")',
            'torch.ones(2).normal_(1, 2, generator=3)', 'torch.ones(1).expand(3).uniform_()', 'torch.ones(2).uniform_(-3e38, 3e38)',
            'torch.ones(2).uniform_(torch.tensor([0.5]), 1)', 'torch.ones(2).uniform_(10**400)', 'torch.ones(2).normal_(0, torch.tensor(1., requires_grad=True))']:
    print(bad, attempt(lambda: eval(bad)))
print(state())
""",
    "inplace_random_and_bernoulli": """
torch.manual_seed(10)
for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool]:
    a = torch.zeros(4, dtype=d)
    print(d, a.random_(), a.random_(2), a.random_(0, 2), a.random_(to=2), a.random_(1, None) if d is not torch.bool else '',
          a.bernoulli_(), a.bernoulli_(0.3), a.bernoulli_(p=0.8), a.bernoulli_(torch.tensor([0.1, 0.9, 0.5, 0.5])))
x = torch.zeros(2, 3)
print(x.random_(-5, 5), x.t().random_(10), x.bernoulli_(torch.tensor([0.2, 0.5, 0.9])), x.bernoulli_(torch.tensor(0.5)),
      x.t().bernoulli_(torch.rand(3, 2)), x.bernoulli_(torch.full((2, 3), 0.5, dtype=torch.float64)))
print(torch.zeros(3, dtype=torch.int64).random_(-2**63, None), torch.zeros(2).random_(5, generator=torch.Generator()))
for bad in ['torch.ones(2).random_(1.5)', 'torch.ones(2).random_(1.5, 2)', 'torch.ones(2).random_(1, 2.5)', 'torch.ones(2).random_(1, 2, 3)',
            'torch.ones(2).random_(3, 1)', 'torch.ones(2, dtype=torch.uint8).random_(-1, 5)', 'torch.ones(2, dtype=torch.int8).random_(200)',
            'torch.ones(2, dtype=torch.bool).random_(3)', 'torch.ones(2, dtype=torch.float16).random_(-2**63, None)', 'torch.ones(2).random_(2**25)',
            'torch.ones(2).bernoulli_(2)', 'torch.ones(2).bernoulli_(0.5, 2)', 'torch.ones(2).bernoulli_("a")',
            'torch.ones(2).bernoulli_(torch.tensor([0.1, 0.9, 0.3]))', 'torch.ones(2).bernoulli_(torch.tensor([[0.1, 0.9]]))',
            'torch.ones(2).bernoulli_(torch.tensor([1, 0]))', 'torch.ones(2).random_(2**63)', 'torch.ones(2).random_(0, 2**64)', 'torch.ones(3).bernoulli_(torch.tensor([0.5, 2., 0.5]))']:
    print(bad, attempt(lambda: eval(bad)))
print(state())
""",
    "inplace_autograd": """
torch.manual_seed(11)
w = torch.ones(3, requires_grad=True)
p = torch.full((3,), 0.5, requires_grad=True)
for f in [lambda: w.uniform_(), lambda: w.normal_(), lambda: w.random_(), lambda: w.bernoulli_(0.5), lambda: w[:2].uniform_()]:
    print(attempt(f))
for f in [lambda y: y.uniform_(), lambda y: y.normal_(), lambda y: y.random_(), lambda y: y.random_(3), lambda y: y.random_(1, 3),
          lambda y: y.bernoulli_(), lambda y: y.bernoulli_(0.3), lambda y: y.bernoulli_(torch.tensor(0.3)), lambda y: y.bernoulli_(p)]:
    y = w * 2
    r = f(y)
    print(r is y, y, y.grad_fn.name(), [type(n).__name__ if n else n for n, _ in y.grad_fn.next_functions])
    (y * 3).sum().backward()
    print(w.grad, p.grad)
z = torch.zeros(3)
z.bernoulli_(p)
print(z.requires_grad, z.grad_fn.name(), z.grad_fn.next_functions[0], type(z.grad_fn.next_functions[1][0]).__name__, z.is_leaf)
with torch.no_grad():
    print(w.uniform_(), w.normal_(), w.requires_grad, w.grad_fn)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
