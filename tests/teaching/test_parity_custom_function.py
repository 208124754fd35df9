"""Parity of ``torch.autograd.Function`` (custom forward/backward) and of ``torch.autograd.functional``'s
``vjp``, ``jvp``, ``vhp`` and ``hvp`` (issue 25): what ``apply`` returns, the node it records (its name
``<Name>Backward``, edges, the ctx it is), ``save_for_backward``/``saved_tensors`` and their freeing,
``needs_input_grad``, ``mark_dirty``, ``mark_non_differentiable``, ``set_materialize_grads``,
``setup_context``, ``once_differentiable``, double backward, and torch's errors for misuse."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("walk_inline") + """
import warnings
Function = torch.autograd.Function
def attempt(f):
    try:
        r = f()
    except Exception as e:
        return f"{type(e).__name__}: {e}"
    return r
def node(t):
    g = t.grad_fn
    return None if g is None else (g.name(), type(g).__name__, repr(g).split(' object')[0], walk(g))
class Square(Function):
    @staticmethod
    def forward(ctx, x, k):
        print('  forward: grad enabled', torch.is_grad_enabled(), 'needs', ctx.needs_input_grad, type(ctx).__name__)
        ctx.save_for_backward(x)
        ctx.k = k
        return x * x * k
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        print('  backward: grad enabled', torch.is_grad_enabled(), g, ctx.needs_input_grad)
        return g * 2 * x * ctx.k, None
"""

CELLS = {
    "apply_and_backward": """
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = Square.apply(x, 3)
print(y, node(y), y.requires_grad, y.is_leaf, y.grad_fn.k, y.grad_fn.saved_tensors, y.grad_fn.needs_input_grad)
print(isinstance(y.grad_fn, torch.autograd.function.FunctionCtx),
      [k for k in dir(y.grad_fn) if k.startswith('_saved')], y.grad_fn.next_functions[0][0].variable is x)
y.sum().backward()
print(x.grad)
print(attempt(lambda: y.grad_fn.saved_tensors))
print(attempt(lambda: y.sum().backward()))
x.grad = None
y = Square.apply(x, 0.5)
(y * torch.tensor([1.0, 2.0, 3.0])).sum().backward(retain_graph=True)
print(x.grad, y.grad_fn.saved_tensors)
y.sum().backward()
print(x.grad)
z = Square.apply(torch.tensor([2.0]), 1.5)
print(z, z.grad_fn, z.requires_grad)
with torch.no_grad():
    z = Square.apply(x, 2)
print(z.grad_fn, z.requires_grad)
print(Square.forward(type('Ctx', (), {'save_for_backward': lambda self, *a: None, 'needs_input_grad': (False,)})(),
                    torch.tensor([3.0]), 2))
g, = torch.autograd.grad(Square.apply(x, 2).sum(), x)
print(g)
""",
    "several_inputs_and_outputs": """
class Two(Function):
    @staticmethod
    def forward(ctx, a, b, scale):
        return a + b, a * b * scale, 'label'
    @staticmethod
    def backward(ctx, g1, g2, g3):
        print('  grads', g1, g2, g3)
        return g1 + g2, g1 * 2, None
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
p, q, r = Two.apply(a, b, 2.0)
print(p, q, r, node(p), q.grad_fn is p.grad_fn, p.output_nr, q.output_nr)
p.sum().backward()
print(a.grad)
a.grad = None
b.requires_grad_()
p, q, r = Two.apply(a, b, 2.0)
(p.sum() + 3 * q.sum()).backward()
print(a.grad, b.grad, node(q))
class NonDiff(Function):
    @staticmethod
    def forward(ctx, t):
        idx = t.argmax()
        ctx.mark_non_differentiable(idx)
        return t.max(), idx, t.round().long()
    @staticmethod
    def backward(ctx, gv, gi, gr):
        print('  non-differentiable grads', gi, gr)
        return gv * torch.ones(2)
v, idx, rounded = NonDiff.apply(a)
print(v, node(v), idx.requires_grad, idx.grad_fn, rounded.requires_grad, rounded.grad_fn)
v.backward()
print(a.grad)
class Lazy(Function):
    @staticmethod
    def forward(ctx, t):
        ctx.set_materialize_grads(False)
        return t * 1, t * 2
    @staticmethod
    def backward(ctx, g1, g2):
        print('  not materialized', g1, g2)
        return g1 if g2 is None else g1 + g2
o1, o2 = Lazy.apply(a)
o1.sum().backward()
class Ident(Function):
    @staticmethod
    def forward(ctx, t):
        return t
    @staticmethod
    def backward(ctx, g):
        return g * 10
w = a * 1
u = Ident.apply(w)
print(u is w, u._base is w, node(u), node(w))
u.sum().backward()
print(a.grad)
""",
    "dirty_and_setup_context": """
class Double(Function):
    @staticmethod
    def forward(ctx, t):
        t.mul_(2)
        ctx.mark_dirty(t)
        return t
    @staticmethod
    def backward(ctx, g):
        return g * 2
a = torch.tensor([1.0, 2.0], requires_grad=True)
c = a.clone()
d = Double.apply(c)
print(d is c, c._version, node(c))
d.sum().backward()
print(a.grad)
print(attempt(lambda: Double.apply(a)))
plain = torch.tensor([1.0, 2.0])
print(Double.apply(plain), plain._version)
class Setup(Function):
    @staticmethod
    def forward(t, k):
        return t * k
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.k = inputs[1]
        ctx.save_for_backward(output)
    @staticmethod
    def backward(ctx, g):
        out, = ctx.saved_tensors
        return g * ctx.k + out * 0, None
s = Setup.apply(a, 4.0)
print(s, node(s))
s.sum().backward()
print(a.grad)
s = Setup.apply(a, 4.0)
s.mul_(3)
print(attempt(lambda: s.sum().backward()))
""",
    "misuse_errors": """
a = torch.tensor([1.0, 2.0], requires_grad=True)
class TooFew(Function):
    @staticmethod
    def forward(ctx, p, q):
        return p * 2
    @staticmethod
    def backward(ctx, g):
        return g
class GradForNumber(Function):
    @staticmethod
    def forward(ctx, p, k):
        return p * 2
    @staticmethod
    def backward(ctx, g):
        return g, g
class WrongShape(Function):
    @staticmethod
    def forward(ctx, p):
        return p * 2
    @staticmethod
    def backward(ctx, g):
        return g[:1]
class NotATensor(Function):
    @staticmethod
    def forward(ctx, p):
        return p * 2
    @staticmethod
    def backward(ctx, g):
        return 3
class ExtraNones(Function):
    @staticmethod
    def forward(ctx, p):
        return p * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2, None, None
class NoBackward(Function):
    @staticmethod
    def forward(ctx, p):
        return p * 2
class NoForward(Function):
    pass
class SavesNumber(Function):
    @staticmethod
    def forward(ctx, p):
        ctx.save_for_backward(p, 3)
        return p * 2
for f in [lambda: TooFew.apply(a, a.detach()).sum().backward(), lambda: GradForNumber.apply(a, 2).sum().backward(),
          lambda: WrongShape.apply(a).sum().backward(), lambda: NotATensor.apply(a).sum().backward(),
          lambda: ExtraNones.apply(a).sum().backward(), lambda: NoBackward.apply(a).sum().backward(),
          lambda: NoForward.apply(a), lambda: SavesNumber.apply(a), lambda: Square.apply(), lambda: Square.apply(a)]:
    print(attempt(f))
print(a.grad)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print(attempt(lambda: Square()(a, 2)))
print([(w.category.__name__, str(w.message)) for w in caught])
print(torch.autograd.Function, torch.autograd.function.Function is Function, torch.autograd.function.FunctionCtx)
print(attempt(lambda: Function.forward(None)), attempt(lambda: Function.backward(None)), attempt(lambda: Function.jvp(None)))
print(attempt(lambda: Function.vjp(None)), attempt(lambda: Function.setup_context(None, (), None)))
class Shares(Function):
    @staticmethod
    def forward(ctx, p):
        ctx.mark_shared_storage((p, p))
        return p
print(attempt(lambda: Shares.apply(a)))
""",
    "double_backward_and_hooks": """
class Cube(Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t ** 3
    @staticmethod
    def backward(ctx, g):
        t, = ctx.saved_tensors
        return g * 3 * t ** 2
x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
y = Cube.apply(x)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g, node(g))
g2, = torch.autograd.grad(g.sum(), x)
print(g2)
class Once(Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t * t
    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx, g):
        t, = ctx.saved_tensors
        print('  once: grad enabled', torch.is_grad_enabled())
        return 2 * g * t
y = Once.apply(x)
y.sum().backward()
print(x.grad)
x.grad = None
y = Cube.apply(x)
y.register_hook(lambda gr: print('  hook on output', gr) or gr * 2)
y.grad_fn.register_hook(lambda gi, go: print('  node hook', gi, go))
y.retain_grad()
y.sum().backward()
print(x.grad, y.grad)
""",
    "functional_products": """
F = torch.autograd.functional
def cube_sum(t):
    return (t ** 3).sum()
def pair(a, b):
    return a * b + a ** 2, (a - b).sum()
x = torch.tensor([1.0, -2.0, 0.5])
y = torch.tensor([0.5, 3.0, -1.0])
v = torch.tensor([1.0, 0.5, -2.0])
print(F.vjp(lambda t: t ** 2, x, v))
print(F.vjp(cube_sum, x))
print(F.vjp(pair, (x, y), (v, torch.tensor(2.0))))
print(F.jvp(lambda t: t ** 2, x, v))
print(F.jvp(pair, (x, y), (v, v)))
print(F.vhp(cube_sum, x, v))
print(F.hvp(cube_sum, x, v))
print(F.vhp(lambda a, b: (a * b * b).sum(), (x, y), (v, v)))
print(F.hvp(lambda a, b: (a * b * b).sum(), (x, y), (v, v)))
r = F.vjp(lambda t: t ** 2, x.requires_grad_(), v, create_graph=True)
print(r, [t.grad_fn.name() if t.grad_fn else None for t in r])
x.requires_grad_(False)
print(F.jvp(lambda t: t.exp2(), x, v, create_graph=True))
print(F.vjp(lambda t, u: t * 2, (x, y), v))
print(F.jvp(lambda t, u: t * 2, (x, y), (v, v)))
for f in [lambda: F.vjp(lambda t: t ** 2, x), lambda: F.jvp(lambda t: t ** 2, x), lambda: F.vjp(lambda t: t ** 2, x, v[:2]),
          lambda: F.vjp(pair, (x, y), (v,)), lambda: F.vhp(lambda t: t ** 2, x, v), lambda: F.hvp(pair, (x, y), (v, v)),
          lambda: F.vjp(lambda t: t * 0 + 1, x, v, strict=True), lambda: F.vjp(lambda t, u: t * 2, (x, y), v, strict=True),
          lambda: F.jvp(lambda t, u: t * 2, (x, y), (v, v), strict=True), lambda: F.vhp(lambda t: t.sum() * 2, x, v, strict=True),
          lambda: F.hvp(lambda t: t.sum() * 2, x, v, strict=True), lambda: F.vjp(lambda t: t ** 2, [x], v),
          lambda: F.jvp(lambda t: t ** 2, x, (v, v)), lambda: F.vhp(lambda t: (t ** 3).sum(), (x,), (v[:2],))]:
    print(attempt(f))
print(F.vjp(lambda t: t.sum() * 2, x, strict=False), F.hvp(lambda t: (t * 2).sum(), x, v))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
