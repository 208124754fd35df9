"""Parity of the elementwise math (issue 10, item 3): ``+ - * / // % **`` with ``alpha=`` and
``rounding_mode=``, comparisons, bitwise and logical ops, the one-input functions, activations,
rounding, clamp, ``where``, ``maximum``/``minimum``, the NaN/inf tests, ``lerp``/``addcmul``/``addcdiv``:
values, dtypes, strides, printed text and errors for every dtype, the in-place forms, and autograd
(grad_fn names, saved values, gradients) under torch and under booktorch."""

import pytest

from parity import DTYPES, assert_same, grads_helper, prelude

# DTYPES, ev, ex and attempt: shared with the reductions' programs (test_parity_math_reductions)
COMMON = f"""
DTYPES = [{DTYPES}]
def ev(src, scope=None):
    # compiled as the program's own code, so that the surface test sees the names it uses
    return eval(compile(src, "<cell>", "eval"), globals(), scope)
def ex(src, scope=None):
    exec(compile(src, "<cell>", "exec"), globals(), scope)
""" + prelude("attempt_repr")
PRELUDE = COMMON + """
F = torch.nn.functional
def sample(d):
    if d.is_floating_point:
        return torch.tensor([3.5, -2.25, 0.0, 1.0, 0.1, -7.0], dtype=torch.float64).to(d)
    if d is torch.bool:
        return torch.tensor([True, False, True, True, False, False])
    return torch.tensor([3, -2, 0, 1, 100, -7]).to(d)
def rev(t):
    return torch.tensor(t.tolist()[::-1], dtype=t.dtype)
def walk(g, d=0):
    if g is None:
        return
    saved = sorted(k for k in dir(g) if k.startswith('_saved_'))
    print(' ' * d + g.name(), saved)
    for n, _ in g.next_functions:
        walk(n, d + 2)
""" + grads_helper("y.sum()")

CELLS = {
    # ------------------------------------------------------------ + - * / with alpha
    "add_sub_alpha": """
a = torch.tensor([1.5, -2.25, 3.0]); b = torch.tensor([0.5, 4.0, -1.0])
i = torch.tensor([1, 2, 3])
for s in ["torch.add(a, b, alpha=2)", "a.add(b, alpha=0.5)", "torch.add(a, 2, alpha=3)", "torch.sub(a, b, alpha=2)",
          "torch.subtract(a, b, alpha=0.25)", "a.subtract(1)", "torch.add(i, i, alpha=2)", "torch.add(i, i, alpha=0.5)",
          "torch.add(i, 2.5, alpha=2)", "torch.add(i.bool(), i.bool(), alpha=2)", "torch.add(a, b, alpha=True)",
          "torch.add(i.bool(), i.bool(), alpha=True)", "torch.sub(i.bool(), i.bool(), alpha=2)", "torch.add(2, 3)",
          "torch.add(2, 3, alpha=2)", "torch.sub(1, 2)", "torch.add(a, b, alpha=float('inf'))", "torch.add(a, [1])",
          "a.add([1])", "torch.add(a, None)", "a.add(b, alpha=None)", "a.add(b, alpha='s')", "torch.add(a, b, 2)",
          "torch.rsub(a, b, alpha=2)", "torch.rsub(a, 2, alpha=2)", "torch.rsub(a, 2, 2)", "torch.rsub(2, a)",
          "torch.add(i.to(torch.uint8), i, alpha=-1)", "torch.add(a.half(), b.half(), alpha=0.3)",
          "torch.add(a.bfloat16(), 1.5, alpha=0.3)", "torch.add(a.double(), b.double(), alpha=1/3)",
          "torch.mul(2, 3)", "torch.multiply(a, b)", "a.multiply(2)", "torch.mul(a, None)", "a.mul('a')",
          "torch.positive(a)", "+a", "torch.negative(a)", "a.negative()"]:
    print(s, attempt(lambda: ev(s)))
x = (torch.arange(40, dtype=torch.float32) / 7).reshape(5, 8)
print(torch.add(x, x.t().contiguous().t(), alpha=1/3), torch.sub(x, 0.7, alpha=3).stride())
""",
    "division_modes": """
a = torch.tensor([1.5, -2.25, 3.0, 7.5, -7.5, 0.0]); b = torch.tensor([0.5, 4.0, -1.0, 2.0, 2.0, 0.0])
for s in ["torch.div(a, b, rounding_mode='floor')", "torch.div(a, b, rounding_mode='trunc')", "torch.div(a, b, rounding_mode=None)",
          "a.div(2, rounding_mode='floor')", "torch.divide(a, b, rounding_mode='trunc')", "a.divide(3)", "torch.true_divide(a, 2)",
          "a.true_divide(b)", "torch.div(a, b, rounding_mode='xx')", "a.div(2, rounding_mode=3)", "torch.div(a, 2, rounding_mode=3)",
          "torch.div(torch.tensor([7, -7]), 2, rounding_mode='floor')", "torch.div(torch.tensor([7, -7]), 2, rounding_mode='trunc')",
          "torch.div(torch.tensor([7, -7]), 0, rounding_mode='trunc')", "torch.div(torch.tensor([7, -7]), 0, rounding_mode='floor')",
          "torch.div(torch.tensor([True]), torch.tensor([True]), rounding_mode='floor')", "torch.div(7, 2, rounding_mode='floor')",
          "torch.div(torch.tensor([True]), torch.tensor([True]), rounding_mode='trunc')"]:
    print(s, attempt(lambda: ev(s)))
for d in DTYPES:
    x = sample(d)
    for s in ["x // 2", "x // -3", "x // 0", "x % 3", "x % -3", "x % 0", "5 // x", "5 % x", "2.5 % x", "x // 2.5", "x % 2.5",
              "torch.fmod(x, 3)", "torch.fmod(x, -3)", "torch.fmod(x, 0)", "x.fmod(2.5)", "torch.floor_divide(x, 3)", "x.floor_divide(x)",
              "torch.remainder(x, -2)", "x.remainder(x)", "torch.div(x, 3, rounding_mode='trunc')", "x // x"]:
        print(d, s, attempt(lambda: ev(s)))
""",
    "division_special_values": """
for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
    x = torch.tensor([1e30, -0.0, 0.0, 6.0, -6.0, 5.0, -5.0, float('nan'), float('inf'), -float('inf'), 4.2, 4.2001], dtype=torch.float64).to(d)
    for s in ["x % 3", "x // 3", "x // float('inf')", "x % float('inf')", "x % -float('inf')", "x // 0.", "x % 0.", "x // -0.",
              "torch.fmod(x, float('inf'))", "torch.fmod(x, 2.1)", "torch.remainder(x, 2.1)", "x // 2.1", "torch.div(x, 2.1, rounding_mode='trunc')",
              "x % rev(x)", "x // rev(x)", "torch.fmod(x, rev(x))"]:
        print(d, s, attempt(lambda: ev(s)))
print(torch.tensor([-128], dtype=torch.int8) // -1, torch.tensor([-128], dtype=torch.int8) % -1, torch.tensor([-9223372036854775808]) // -1)
""",
    "division_errors": """
x = torch.tensor([1.5, -2.0, 3.0])
for s in ["x.floor_divide(None)", "torch.remainder(x, None)", "x.remainder(None)", "x.fmod(None)", "torch.floor_divide(x, None)",
          "x // None", "x % None", "torch.fmod(5, x)", "torch.remainder(5, 3)", "torch.floor_divide(5, 3)", "torch.remainder(5, x)",
          "torch.floor_divide(5, torch.tensor([2]))", "torch.remainder(torch.tensor([5]), torch.tensor([2.5]))", "torch.fmod(x, x)"]:
    print(s, attempt(lambda: ev(s)))
""",
    "inplace_arithmetic": """
for d in DTYPES:
    for other in ["2", "2.5", "torch.tensor([2, 4, 1, 3, 5, 6])", "True", "torch.tensor(3.)"]:
        row = []
        for op in ["+=", "-=", "*=", "/=", "//=", "%=", "**="]:
            def f():
                x = sample(d)
                ex(f"x {op} {other}", {"x": x})
                return x
            row.append(attempt(f))
        print(d, other, row)
        row = []
        for m in ["add_", "sub_", "mul_", "div_", "floor_divide_", "remainder_", "fmod_", "pow_", "subtract_", "multiply_",
                  "divide_", "true_divide_"]:
            def f():
                x = sample(d)
                return getattr(x, m)(ev(other))
            row.append(attempt(f))
        print('  ', row)
for s in ["x.add_(y, alpha=2)", "x.sub_(y, alpha=0.5)", "x.div_(y, rounding_mode='floor')", "x.div_(y, rounding_mode='trunc')",
          "x.neg_()", "x.negative_()", "torch.neg_(x)", "torch.negative_(x)", "x.add_([1])", "x.pow_(None)", "x.add_(y, alpha=None)",
          "x.add_(torch.ones(2, 3))", "torch.ones(3).expand(2, 3).add_(1)", "x.square_()", "torch.square_(x)"]:
    x = torch.tensor([1.5, -2.0, 3.0]); y = torch.tensor([0.5, 4.0, -1.0])
    print(s, attempt(lambda: ev(s)), x)
t = torch.arange(12.).reshape(3, 4).t()
t += 1; t //= 2; t %= 3
print(t, t.stride(), t.is_contiguous())
print(attempt(lambda: torch.tensor([True]).square_()), torch.tensor([True, False]).square(), torch.tensor([3], dtype=torch.int8).square(),
      torch.square(torch.tensor([1.5, -2.0])), torch.square(torch.tensor([-2.5, 3.])), attempt(lambda: torch.square(2)))
# which check comes first when an in-place op writes to an expanded tensor (one memory location for several elements)
b = torch.tensor([True, False]).expand(2, 2); i = torch.tensor([3, -2]).expand(2, 2); u = torch.tensor([3, 2], dtype=torch.uint8).expand(2, 2)
for s in ["b.sub_(True)", "b.sub_(2)", "i.sub_(torch.tensor([True, True]))", "b.neg_()", "b.negative_()", "b.relu_()", "i.relu_()",
          "b.bitwise_and_(2)", "i.bitwise_or_(1.5)", "u.nan_to_num_()", "i.nan_to_num_(posinf=1.0)", "i.nan_to_num_(nan='x')", "i.add_(1)",
          "b.logical_not_()", "i.exp_()"]:
    print(s, attempt(lambda: ev(s)))
""",
    "arithmetic_autograd": """
x = torch.tensor([1.5, -2.0, 3.0]); y = torch.tensor([0.5, 4.0, -1.0])
grads(lambda a, b: torch.add(a, b, alpha=3), x, y)
grads(lambda a, b: a.sub(b, alpha=0.5), x, y)
grads(lambda a: torch.add(a, 2, alpha=3), x)
grads(lambda a, b: torch.rsub(a, b, alpha=2), x, y)
grads(lambda a: torch.rsub(a, 2), x)
grads(lambda a: 2 - a, x)
grads(lambda a, b: torch.div(a, b, rounding_mode='floor'), x, y)
grads(lambda a: torch.div(a, 2, rounding_mode='trunc'), x)
grads(lambda a, b: a // b, x, y)
grads(lambda a: a // 2, x)
grads(lambda a: 2 // a, x)
grads(lambda a: a % 2, x)
grads(lambda a, b: a % b, x, y)
grads(lambda a: 2 % a, x)
grads(lambda a, b: torch.fmod(a, b), x, y)
grads(lambda a: torch.fmod(a, 2), x)
grads(lambda a: a.square(), x)
grads(lambda a: -a.negative(), x)
a = x.clone().requires_grad_()
print(torch.add(a, a, alpha=0.5).grad_fn._saved_alpha, (a + a).grad_fn._saved_alpha, (a - 2).grad_fn._saved_alpha,
      torch.div(a, y, rounding_mode='floor').grad_fn._saved_rounding_mode, torch.rsub(a, 2, alpha=3).grad_fn._saved_alpha)
for src in ["w = a * 1; w //= 2", "w = a * 1; w %= 2", "w = a * 1; w.div_(2, rounding_mode='floor')", "w = a * 1; w += y",
            "w = a * 1; w.add_(a, alpha=2)", "w = a * 1; w.sub_(2, alpha=2)", "w = a * 1; w *= a", "w = a * 1; w /= a",
            "w = a * 1; w.remainder_(a)", "w = a * 1; w **= 2", "w = a * 1; w.neg_()", "w = a + 0; a.add_(1)", "w = y * 1; w.mul_(a)"]:
    a.grad = None
    try:
        ex(src)
        walk(w.grad_fn)
        w.sum().backward()
        print(src, w, a.grad)
    except Exception as e:
        print(src, f"{type(e).__name__}: {e}")
""",
    # ------------------------------------------------------------ comparisons
    "comparisons": """
i = torch.tensor([5, -3, 12]); f = torch.tensor([1.5, float('nan'), -2.0]); b = torch.tensor([True, False, True])
for s in ["torch.greater(i, 3)", "i.less_equal(f)", "torch.not_equal(f, f)", "i.greater_equal(5)", "torch.less(f, 0)",
          "torch.ne(i, f)", "i.lt(f)", "i.le(5)", "torch.gt(f, i)", "torch.ge(i, i)", "torch.eq(f, f)", "i.eq(5)",
          "f.not_equal(1.5)", "f.greater(0)", "i.less(6)", "torch.greater_equal(f, -2)", "torch.less_equal(i, b)",
          "torch.eq(3, i)", "torch.gt(i, None)", "f.eq(None)", "f == None", "f != None", "f < None",
          "torch.tensor([1, 2]) == torch.tensor([1, 2, 3])", "torch.tensor([5, 250], dtype=torch.uint8) == -6"]:
    print(s, attempt(lambda: ev(s)))
for name in ["eq_", "ne_", "lt_", "le_", "gt_", "ge_", "greater_", "greater_equal_", "less_", "less_equal_", "not_equal_"]:
    for d in DTYPES:
        print(name, d, attempt(lambda: getattr(sample(d), name)(1)), attempt(lambda: getattr(sample(d), name)(rev(sample(d)))))
print(attempt(lambda: f.eq_(None)))
x = torch.tensor([1., 2., 3.], requires_grad=True)
for name in ["eq_", "ne_", "lt_", "le_", "gt_", "ge_", "greater_", "less_equal_"]:
    w = x * 1; getattr(w, name)(2); walk(w.grad_fn)
    w = x * 1; getattr(w, name)(x); walk(w.grad_fn)
w = x * 1; w.eq_(x); w.sum().backward(); print(x.grad, (x == 2).requires_grad, (x > 1).grad_fn)
""",
    # ------------------------------------------------------------ bitwise and logical
    "bitwise": """
i = torch.tensor([5, -3, 12]); u = torch.tensor([5, 3, 250], dtype=torch.uint8); b = torch.tensor([True, False, True])
f = torch.tensor([1.5, 0.0, -2.0])
for s in ["i & 3", "i | 3", "i ^ 3", "~i", "~u", "~b", "~f", "i & b", "b & b", "b | True", "b ^ 1", "f & 1", "f & i", "3 & i",
          "True & b", "u & -1", "3 | i", "1 ^ b", "i << 2", "i >> 1", "u << 1", "1 << i", "2 >> i", "i << 70", "i >> 70", "i << -1",
          "f << 1", "f >> 1", "b << 1", "b << b", "b >> True", "i.to(torch.int8) << 5", "torch.tensor([-128], dtype=torch.int8) >> 9",
          "torch.tensor([3], dtype=torch.int16) << 15", "torch.tensor([3], dtype=torch.int16) << 16", "torch.tensor([-3], dtype=torch.int16) >> 16",
          "torch.tensor([200], dtype=torch.uint8) >> -1", "torch.tensor([-8]) >> -1", "torch.tensor([3], dtype=torch.int8) << torch.tensor([7])",
          "torch.bitwise_and(i, 3)", "torch.bitwise_and(3, i)", "i.bitwise_or(b)", "torch.bitwise_not(b)", "i.bitwise_not()",
          "torch.bitwise_xor(i, i)", "i.bitwise_xor(1)", "torch.bitwise_or(u, 1)", "i.bitwise_and(b)", "torch.bitwise_left_shift(i, 1)",
          "i.bitwise_right_shift(1)", "torch.bitwise_right_shift(i, 1)", "i.bitwise_left_shift(u)", "i & 2.5", "i | f",
          "torch.bitwise_and(f, f)", "torch.bitwise_not(f)", "i & torch.tensor(3.)", "torch.tensor([1, 2], dtype=torch.int16) & torch.tensor(7)",
          "b & torch.tensor(7)", "i & None", "torch.bitwise_and(i, None)", "torch.bitwise_and(2, 3)", "i.bitwise_and('x')",
          "torch.bitwise_and(True, b)", "torch.tensor([5, 6]) << torch.tensor([1, 2])", "torch.tensor(5) >> torch.tensor([1, 2])"]:
    print(s, attempt(lambda: ev(s)))
for src in ["a = i.clone(); a &= 6", "a = i.clone(); a |= b", "a = b.clone(); a |= i", "a = i.clone(); a ^= 1", "a = i.clone(); a <<= 1",
            "a = i.clone(); a >>= 1", "a = i.clone(); a.bitwise_not_()", "a = b.clone(); a.bitwise_and_(False)", "a = u.clone(); a.bitwise_or_(1)",
            "a = i.clone(); a.bitwise_xor_(i)", "a = i.clone(); a.bitwise_left_shift_(2)", "a = i.clone(); a.bitwise_right_shift_(1)",
            "a = f.clone(); a &= 1", "a = i.clone(); a.bitwise_and_(None)", "a = i.clone(); a &= 1.5", "a = b.clone(); a |= f",
            "a = u.clone(); a.bitwise_xor_(torch.tensor(1.5))", "a = i.clone(); a <<= 1.5", "a = i.clone(); a.bitwise_right_shift_(f)",
            "a = i.clone(); a &= torch.tensor([[1.5]])", "a = i.clone(); a &= torch.tensor([1.5, 2.0])", "a = f.clone(); a.bitwise_or_(1)"]:
    try:
        ex(src); print(src, a)
    except Exception as e:
        print(src, f"{type(e).__name__}: {e}")
""",
    "logical": """
i = torch.tensor([5, 0, 12]); f = torch.tensor([1.5, 0.0, -2.0]); b = torch.tensor([True, False, True])
for s in ["torch.logical_and(i, f)", "torch.logical_or(f, b)", "torch.logical_xor(b, f)", "torch.logical_not(f)", "f.logical_not()",
          "i.logical_and(b)", "f.logical_or(i)", "b.logical_xor(b)", "torch.logical_or(f, 0)", "torch.logical_and(i, 2)",
          "torch.logical_and(2, i)", "i.logical_and(None)", "torch.logical_not(3)", "torch.logical_xor(i, torch.tensor([[1], [0]]))"]:
    print(s, attempt(lambda: ev(s)))
for src in ["a = f.clone(); a.logical_not_()", "a = i.clone(); a.logical_and_(f)", "a = f.clone(); a.logical_or_(i)",
            "a = f.clone(); a.logical_xor_(b)", "a = b.clone(); a.logical_xor_(b)", "a = f.clone(); a.logical_xor_(1)"]:
    try:
        ex(src); print(src, a, a.dtype)
    except Exception as e:
        print(src, f"{type(e).__name__}: {e}")
x = torch.tensor([1., 0.], requires_grad=True)
print(torch.logical_and(x, x).requires_grad, torch.logical_not(x).grad_fn)
""",
    # ------------------------------------------------------------ one-input functions
    "unary_values": """
vals = [-2.5, -1.0, -0.5, -0.0, 0.0, 0.3, 1.0, 2.0, 10.0, 100.0, float('inf'), -float('inf'), float('nan')]
names = ['exp', 'expm1', 'log', 'log2', 'log1p', 'sqrt', 'rsqrt', 'sin', 'cos', 'tanh', 'sigmoid', 'erf', 'reciprocal',
         'abs', 'absolute', 'relu', 'sign', 'neg']
for d in DTYPES:
    x = torch.tensor(vals if d.is_floating_point else ([0, 1] if d is torch.bool else [-3, 0, 5, 100]),
                     dtype=torch.float64 if d.is_floating_point else None).to(d)
    for n in names:
        print(d, n, attempt(lambda: getattr(torch, n)(x)), attempt(lambda: getattr(x, n)()))
        print('  ', attempt(lambda: getattr(x.clone(), n + '_')()))
print(torch.tan(torch.tensor([-1.0, 0.0, 0.5, 1.0, 2.0])), torch.tan(torch.tensor([1, 2])), torch.tensor([0.25, 3.0]).tan_())
print(abs(torch.tensor([-1.5, 2.0])), abs(torch.tensor([-3, 4], dtype=torch.int8)), torch.tensor([-128], dtype=torch.int8).abs())
""",
    "unary_torch_inplace_functions": """
for n in ['exp_', 'expm1_', 'log_', 'log2_', 'log1p_', 'sqrt_', 'rsqrt_', 'sin_', 'cos_', 'tan_', 'tanh_', 'sigmoid_', 'erf_',
          'reciprocal_', 'abs_', 'relu_', 'floor_', 'ceil_', 'round_', 'trunc_', 'fix_', 'frac_', 'clamp_', 'clip_',
          'clamp_min_', 'clamp_max_', 'nan_to_num_']:
    x = torch.tensor([0.25, 1.5, 4.0, float('nan')])
    args = (0.5, 2.0) if n in ('clamp_', 'clip_') else ((1.0,) if n in ('clamp_min_', 'clamp_max_') else ())
    r = getattr(torch, n)(x, *args)
    print(n, r, r is x)
    y = torch.tensor([0.25, 1.5, 4.0, float('nan')])
    print('  ', getattr(y, n)(*args), attempt(lambda: getattr(torch.tensor([1, 2]), n)(*args)))
""",
    "unary_autograd": """
x = torch.tensor([0.5, 1.5, -0.7, 2.0])
for n in ['exp', 'expm1', 'log', 'log2', 'log1p', 'sqrt', 'rsqrt', 'sin', 'cos', 'tanh', 'sigmoid', 'erf', 'reciprocal',
          'abs', 'relu', 'sign']:
    grads(lambda a: getattr(a, n)(), x)
    a = x.clone().requires_grad_()
    w = a * 1; getattr(w, n + '_')(); walk(w.grad_fn); w.sum().backward(); print('   in place', a.grad)
grads(lambda a: a.tan(), torch.tensor([0.5, -0.7, 1.0, 2.0]))
for d in [torch.float64, torch.float16, torch.bfloat16]:
    for n in ['exp', 'log', 'sqrt', 'rsqrt', 'sin', 'cos', 'tanh', 'sigmoid', 'erf', 'reciprocal', 'log1p', 'expm1', 'log2']:
        a = torch.tensor([0.5, 1.5, 0.7, 2.0], dtype=d, requires_grad=True)
        getattr(a, n)().sum().backward()
        print(d, n, a.grad)
""",
    # ------------------------------------------------------------ activations
    "activations": """
x = torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 25.0, -25.0, float('inf'), -float('inf'), float('nan')])
for s in ["F.gelu(x)", "F.gelu(x, approximate='tanh')", "F.gelu(x, approximate='none')", "F.gelu(x, approximate='x')",
          "F.gelu(x, 'tanh')", "F.gelu(torch.tensor([1, 2]))", "F.gelu(x.double())", "F.gelu(x.half())", "F.gelu(x.bfloat16())",
          "F.gelu(x.bfloat16(), approximate='tanh')", "F.gelu(x.half(), approximate='tanh')", "F.gelu(x[:1])", "F.gelu(x[::2])",
          "F.silu(x)", "F.silu(x.double())", "F.silu(x.half())", "F.silu(x.bfloat16())", "F.silu(torch.tensor([1, 2]))",
          "F.softplus(x)", "F.softplus(x, beta=2)", "F.softplus(x, beta=2, threshold=1)", "F.softplus(x, 0.5, 3)",
          "F.softplus(x.half())", "F.softplus(x.bfloat16(), beta=3)", "F.softplus(x.double(), beta=2)",
          "F.softplus(torch.tensor([1, 2]))", "F.softplus(x, beta=0)", "F.softplus(x, beta=-1)", "F.gelu(3.0)", "F.silu(3.0)",
          "F.softplus(3.0)", "torch.relu(x)", "x.relu()", "torch.sigmoid(x)"]:
    print(s, attempt(lambda: ev(s)))
y = x.clone(); print(F.silu(y, inplace=True) is y, y, F.silu(y, True))
t = torch.arange(12.).reshape(3, 4).t() - 5
print(F.gelu(t).stride(), F.silu(t).stride(), F.softplus(t).stride())
""",
    "activations_autograd": """
for approx in ['none', 'tanh']:
    for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
        y = torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 8.0], dtype=d, requires_grad=True)
        z = F.gelu(y, approximate=approx); z.sum().backward()
        print(approx, d, z.grad_fn.name(), z.grad_fn._saved_approximate, y.grad)
for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
    y = torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 8.0, 30.], dtype=d, requires_grad=True)
    z = F.silu(y); z.sum().backward(); print('silu', d, z.grad_fn.name(), y.grad)
    y.grad = None
    z = F.softplus(y, beta=2, threshold=5); z.sum().backward()
    print('softplus', d, y.grad, z.grad_fn._saved_beta, z.grad_fn._saved_threshold)
y = torch.tensor([1., 2.], requires_grad=True)
w = y * 1; F.silu(w, inplace=True); walk(w.grad_fn); w.sum().backward(); print(y.grad)
grads(lambda a: F.gelu(a * 2) + F.silu(a) * F.softplus(a), torch.tensor([0.3, -1.2, 2.0]))
""",
    # ------------------------------------------------------------ rounding, clamp
    "rounding": """
f = torch.tensor([-2.5, -1.5, -0.5, -0.0, 0.5, 1.5, 2.5, 2.675, 1e10, float('inf'), float('nan'), -3.7, 3.7])
for d in DTYPES:
    x = f.to(d) if d.is_floating_point else sample(d)
    for s in ["x.floor()", "x.ceil()", "x.round()", "x.trunc()", "x.fix()", "x.frac()", "x.round(decimals=1)", "x.round(decimals=2)",
              "x.round(decimals=-1)", "torch.round(x, decimals=3)", "torch.floor(x)", "torch.ceil(x)", "torch.trunc(x)", "torch.fix(x)",
              "torch.frac(x)", "torch.round(x)", "x.clone().floor_()", "x.clone().ceil_()", "x.clone().round_()", "x.clone().round_(decimals=1)",
              "x.round(decimals=0)", "torch.round(x, decimals=0)", "x.clone().round_(decimals=0)", "x.clone().trunc_()", "x.clone().fix_()", "x.clone().frac_()"]:
        print(d, s, attempt(lambda: ev(s)))
print(torch.tensor([0.125, 0.375, 1.005, 2.5e-5, 123.456]).round(decimals=2), torch.tensor([1.2345678], dtype=torch.float64).round(decimals=5))
for s in ["f.round(1)", "torch.round(f, 1)", "f.round(decimals=1.5)", "f.round_(2)"]:
    print(s, attempt(lambda: ev(s)))
for n in ['floor', 'ceil', 'round', 'trunc', 'fix', 'frac']:
    grads(lambda a: getattr(a, n)() * a, torch.tensor([-1.5, 0.25, 2.7]))
grads(lambda a: a.round(decimals=1), torch.tensor([-1.5, 0.25, 2.7]))
""",
    "clamp": """
f = torch.tensor([-2.5, -1.5, -0.5, -0.0, 0.5, 1.5, 2.5, float('inf'), float('nan'), -3.7, 3.7])
i = torch.tensor([-3, 0, 7])
for s in ["f.clamp(-1, 1)", "f.clamp(min=0)", "f.clamp(max=0)", "f.clamp()", "f.clamp(1, -1)", "i.clamp(0, 5)", "i.clamp(0.5, 5)",
          "i.clamp(min=2.5)", "torch.clamp(i, -1, 1)", "torch.clip(f, 0, 1)", "f.clip(max=2)", "f.clamp(torch.tensor(0.), torch.tensor(1.))",
          "f.clamp(min=torch.zeros(11))", "i.clamp(torch.tensor(1.5))", "i.clamp(max=torch.tensor([1, 2, 3]))",
          "torch.tensor([True, False]).clamp(0, 1)", "torch.tensor([True, False]).clamp(True, False)", "f.clamp(min=float('nan'))",
          "f.clamp_min(0)", "f.clamp_max(0)", "i.clamp_min(1.5)", "torch.clamp_min(f, 1)", "torch.clamp_max(i, 2)",
          "torch.tensor([True]).clamp_min(False)", "f.clamp(min=0, max=torch.tensor(1.))", "f.clamp(0, None)", "f.clamp(None, None)",
          "torch.clamp(f, min=None, max=None)", "f.clamp_min(torch.tensor(0.))", "f.clamp_max(torch.zeros(11))",
          "torch.tensor([1, 200], dtype=torch.uint8).clamp(-5, 300)", "torch.tensor([1, 100], dtype=torch.int8).clamp(max=300)",
          "torch.tensor([1., 2.], dtype=torch.float16).clamp(0, 1e6)", "f.clamp(torch.tensor(0.), 2.)", "f.clamp(0, torch.tensor(2.))",
          "f.clamp(True, torch.tensor(2.))", "torch.clamp(f, torch.tensor(0.), 2)", "f.clamp(torch.tensor(0.), None)",
          "f.clamp(None, torch.tensor(1.))", "f.clamp('a')", "f.clamp_min(None)", "f.clamp_max('a')", "f.clamp(min=torch.tensor([0., 1.]))",
          "torch.tensor([1, 2]).clamp(torch.tensor([1.5]), torch.tensor([3], dtype=torch.int8))",
          "torch.tensor([1., 2.]).clamp(torch.tensor([1.5], dtype=torch.float64))", "torch.tensor([1, 2], dtype=torch.int8).clamp(torch.tensor(300))",
          "torch.tensor([1, 2], dtype=torch.int8).clamp(torch.tensor([300]))", "torch.tensor([1.5]).clamp(torch.tensor([float('nan')]))",
          "torch.tensor([float('nan')]).clamp(torch.tensor([1.]), torch.tensor([2.]))", "torch.tensor([-0.0]).clamp(torch.tensor([0.]))",
          "torch.tensor([0.0]).clamp(max=torch.tensor([-0.]))", "f.clamp(torch.tensor([[0.], [1.]]), 2.)"]:
    print(s, attempt(lambda: ev(s)))
for src in ["a = f.clone(); a.clamp_(0, 1)", "a = f.clone(); a.clip_(max=0)", "a = i.clone(); a.clamp_(0.5)", "a = i.clone(); a.clamp_(torch.tensor(0.5))",
            "a = i.clone(); a.clamp_min_(0.5)", "a = i.clone(); a.clamp_max_(2)", "a = f.clone(); a.clamp_(torch.tensor(0, dtype=torch.float64))",
            "a = torch.tensor(1.); a.clamp_(torch.tensor([2., 3.]))", "a = f.clone(); a.clamp_min_(torch.zeros(11))", "a = f.clone(); a.clamp_()"]:
    try:
        ex(src); print(src, a)
    except Exception as e:
        print(src, f"{type(e).__name__}: {e}")
""",
    "clamp_autograd": """
a = torch.tensor([-1.5, 0.25, 0.7, 2.0, 3.0]); b = torch.tensor([0.5, 0.25, 2.0, -1.0, 4.0]); w = torch.tensor([0.1, 0.9, 0.5, 0.3, -0.2])
grads(lambda x: x.clamp(0, 1), a)
grads(lambda x: x.clamp(min=0.25), a)
grads(lambda x: x.clamp(max=0.25), a)
grads(lambda x: torch.clip(x, -1, 1), a)
grads(lambda x, lo: x.clamp(lo), a, b)
grads(lambda x, lo, hi: x.clamp(lo, hi), a, b, w)
grads(lambda x, hi: x.clamp(max=hi), a, b)
grads(lambda x, hi: x.clamp(0, hi), a, b)
grads(lambda x: x.clamp_min(0.25), a)
grads(lambda x: x.clamp_max(0.25), a)
grads(lambda x, lo: x.clamp_min(lo), a, b)
grads(lambda x, lo: torch.clamp_max(x, lo), a, b)
grads(lambda x, lo: x.clamp(lo.sum()), a, b)
for src in ["y = x * 1; y.clamp_(0, 1)", "y = x * 1; y.clamp_min_(0.5)", "y = x * 1; torch.clip_(y, 0, 1)", "y = x * 1; y.clamp_max_(x * 0)"]:
    x = a.clone().requires_grad_()
    ex(src); walk(y.grad_fn); y.sum().backward(); print(src, y, x.grad)
""",
    # ------------------------------------------------------------ where, maximum, minimum
    "where": """
i = torch.tensor([5, -3, 12]); f = torch.tensor([1.5, float('nan'), -2.0]); b = torch.tensor([True, False, True])
for s in ["torch.where(b, i, f)", "torch.where(b, 1, 2)", "torch.where(b, 1.5, 2)", "torch.where(b, i, 2.5)", "torch.where(b, True, False)",
          "torch.where(b, i, True)", "torch.where(b)", "torch.where(i > 0)", "torch.where(torch.tensor(True))", "torch.where(torch.tensor([[1, 0], [0, 3]]))",
          "torch.where(f)", "torch.where(torch.zeros(2, 0))", "i.where(b, 0)", "i.where(b, f)", "torch.where(b, i)", "torch.where(i, i, i)",
          "torch.where(b, torch.tensor(1.5, dtype=torch.float64), i)", "torch.where(b, torch.tensor([1], dtype=torch.int8), 300)",
          "torch.where(b, torch.tensor([1], dtype=torch.float16), 1e6)", "torch.where(b.to(torch.uint8), i, f)",
          "torch.where(b[:, None], i, f)", "torch.where(condition=b, input=i, other=f)"]:
    print(s, attempt(lambda: ev(s)))
x = torch.arange(6.).reshape(2, 3).t()
print(torch.where(x > 2, x, -x).stride(), torch.where(x > 2, 0., x).stride())
grads(lambda a: torch.where(a > 1.5, a, 0.), torch.tensor([1., 2., 3.]))
grads(lambda a: torch.where(a > 1.5, a * 2, a), torch.tensor([1., 2., 3.]))
grads(lambda a, c: torch.where(a > 1.5, a, c), torch.tensor([1., 2., 3.]), torch.tensor(7.))
grads(lambda a: a.where(a < 2, a ** 2), torch.tensor([1., 2., 3.]))
""",
    "maximum_minimum": """
i = torch.tensor([5, -3, 12]); f = torch.tensor([1.5, float('nan'), -2.0]); b = torch.tensor([True, False, True])
n = torch.tensor([0., 0., float('nan')])
for s in ["torch.maximum(i, f)", "torch.minimum(f, i)", "torch.maximum(i, 2)", "torch.max(i, f)", "torch.min(f, i)", "torch.fmax(f, n)",
          "torch.fmin(f, n)", "torch.fmax(i, i)", "torch.maximum(b, b)", "torch.maximum(b, i)", "i.maximum(f)", "f.minimum(i)", "f.fmax(n)",
          "n.fmin(f)", "torch.fmin(i, 2)", "torch.maximum(torch.tensor([0.0]), torch.tensor([-0.0]))",
          "torch.maximum(torch.tensor([-0.0]), torch.tensor([0.0]))", "torch.minimum(torch.tensor([0.0]), torch.tensor([-0.0]))",
          "torch.minimum(torch.tensor([-0.0]), torch.tensor([0.0]))", "torch.maximum(i, i[:, None])", "torch.maximum(f.half(), f.bfloat16())"]:
    print(s, attempt(lambda: ev(s)))
x = torch.tensor([1., 2., 3.]); y = torch.tensor([2., 2., 1.]); z = torch.tensor([2., float('nan'), 1.])
for fn in [torch.maximum, torch.minimum, torch.fmax, torch.fmin, torch.max, torch.min]:
    grads(fn, x, y)
    grads(fn, x, z)
grads(lambda a: torch.maximum(a, torch.tensor(2.)), x)
""",
    "nonfinite": """
i = torch.tensor([5, -3, 12]); f = torch.tensor([1.5, float('nan'), -2.0]); b = torch.tensor([True, False, True])
s = torch.tensor([float('nan'), float('inf'), -float('inf'), 1.])
for e in ["torch.isnan(f)", "torch.isinf(s)", "torch.isfinite(f)", "torch.isnan(i)", "torch.isinf(i)", "torch.isfinite(b)",
          "torch.isposinf(s)", "torch.isneginf(s)", "torch.isposinf(i)", "torch.isneginf(b)", "f.isnan()", "s.isinf()", "s.isfinite()",
          "s.isposinf()", "s.isneginf()", "torch.nan_to_num(s)", "torch.nan_to_num(s, nan=2.0, posinf=1e30)", "s.nan_to_num(neginf=-1)",
          "torch.nan_to_num(s.half())", "torch.nan_to_num(s.bfloat16())", "torch.nan_to_num(s.double())", "torch.nan_to_num(i)",
          "torch.nan_to_num(i, nan=3.5)", "torch.nan_to_num(b)", "torch.nan_to_num(s, posinf=1e40)", "torch.nan_to_num(s.half(), posinf=1e6)",
          "torch.nan_to_num(f, nan=True)", "torch.nan_to_num(f, 1)", "torch.nan_to_num(f, nan='a')", "torch.isnan(3.)",
          "s.clone().nan_to_num_()", "torch.nan_to_num_(s.clone(), 0.5)", "torch.isnan(torch.arange(6.).reshape(2, 3).t()).stride()"]:
    print(e, attempt(lambda: ev(e)))
# an integer or bool input: isinf and isfinite keep an empty tensor's strides (zeros_like/ones_like)
for t in [torch.zeros(0, 3, dtype=torch.int64).t(), torch.zeros(0, 0)[..., ::2] == 2, torch.arange(12).reshape(3, 4)[:, ::2]]:
    print([getattr(torch, n)(t).stride() for n in ("isinf", "isnan", "isposinf", "isneginf", "isfinite")])
# a floating input: isinf is abs(t) == inf, so an empty result has that comparison's strides
for t in [torch.ones(0, 1), torch.ones(1, 0), torch.ones(0, 1).t(), torch.ones(2, 0, 1), torch.ones(3, 1).expand(3, 2)]:
    print([getattr(torch, n)(t).stride() for n in ("isinf", "isnan", "isposinf", "isneginf", "isfinite")])
grads(lambda a: torch.nan_to_num(a) * 2, torch.tensor([1., 2., float('inf'), float('nan')]))
a = torch.tensor([1., float('nan')], requires_grad=True)
w = a * 1; w.nan_to_num_(); walk(w.grad_fn); w.sum().backward(); print(a.grad)
""",
    # ------------------------------------------------------------ lerp, addcmul, addcdiv
    "lerp_addcmul_addcdiv": """
a = torch.tensor([1., 2.]); e = torch.tensor([3., 5.])
for s in ["torch.lerp(a, e, 0.5)", "torch.lerp(a, e, torch.tensor([0.25, 0.75]))", "torch.lerp(torch.tensor([1, 2]), torch.tensor([3, 5]), 0.5)",
          "torch.lerp(torch.tensor([1, 2]), torch.tensor([3, 5]), torch.tensor([1, 2]))", "torch.lerp(a, e.double(), 0.5)",
          "torch.lerp(a, 3., 0.5)", "torch.lerp(a, e, 2)", "a.lerp(torch.tensor(3.), 0.7)", "torch.lerp(a, e, torch.tensor(0.5, dtype=torch.float64))",
          "torch.lerp(a, e, torch.tensor([0.5], dtype=torch.float64))", "torch.lerp(a, e, torch.tensor(0.5, dtype=torch.float16))",
          "torch.lerp(torch.tensor(1.), e, 0.5)", "torch.lerp(a, e, True)", "torch.lerp(a, e, None)", "a.lerp(e, None)", "a.half().lerp(e.half(), 0.3)",
          "a.bfloat16().lerp(e.bfloat16(), a.bfloat16() / 4)", "a.double().lerp(e.double(), 0.8)",
          "torch.lerp(torch.tensor(0), torch.tensor(1), torch.tensor(0.5))", "torch.lerp(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor(0.5))",
          "torch.lerp(torch.tensor(1.), torch.tensor(2.), torch.tensor(0.5, dtype=torch.float64))",
          "torch.lerp(a, e, torch.tensor(0.5, dtype=torch.float64))", "torch.lerp(torch.tensor(1).half(), torch.tensor(2).half(), torch.tensor(0.3))",
          "torch.lerp(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor(1))",
          "torch.addcmul(a, e, a, value=0.5)", "torch.addcmul(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([5, 6]), value=2)",
          "torch.addcmul(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([5, 6]), value=0.5)", "torch.addcdiv(a, e, a, value=0.5)",
          "torch.addcdiv(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([5, 6]))", "torch.addcmul(a, torch.tensor([3, 4]), e.double())",
          "torch.addcmul(torch.tensor(1.), e, torch.tensor([[5.], [6.]]))", "a.addcmul(e, a, value=2)", "a.addcdiv(e, a, value=2)",
          "torch.addcmul(a, e, 5.)", "torch.addcdiv(a, e, torch.tensor([0., 6.]))", "torch.addcmul(a.bool(), a.bool(), a.bool())",
          "torch.addcdiv(a, e, a, value=True)", "torch.addcdiv(torch.tensor([1.]), torch.tensor([2]), torch.tensor([4]))",
          "torch.addcdiv(torch.tensor([1]), torch.tensor([2.]), torch.tensor([4]))", "torch.addcmul(a, e, a, value=None)",
          "torch.addcmul(a, e, a, 2)", "torch.addcmul(torch.tensor([1], dtype=torch.int8), torch.tensor([100], dtype=torch.int8), torch.tensor([3], dtype=torch.int8))",
          "a.half().addcmul(e.half(), a.half(), value=0.1)", "a.bfloat16().addcdiv(e.bfloat16(), a.bfloat16(), value=0.1)"]:
    print(s, attempt(lambda: ev(s)))
x = (torch.arange(35, dtype=torch.float32) / 9).reshape(5, 7)
y = torch.arange(35, dtype=torch.float32).reshape(5, 7) * 0.37 + 1
print(torch.lerp(x, y, 0.3), torch.lerp(x, y, 0.8), torch.addcmul(x, y, x, value=0.37), torch.addcdiv(x, y, x + 1, value=0.37))
z = torch.zeros(3, 0).t(); w = torch.arange(0.).reshape(0, 1)  # a number weight does not count in the result's layout
print(torch.lerp(z, z, 0.5).stride(), torch.lerp(w, w + 1, 0.3).stride(), torch.lerp(z, z, torch.tensor(0.5)).stride(),
      torch.lerp(x.t(), y.t(), 0.3).stride(), torch.lerp(x.t(), y.t().contiguous(), 0.3).stride())
for src in ["b = a.clone(); b.lerp_(e, 0.3)", "b = a.clone(); b.addcmul_(e, a, value=3)", "b = a.clone(); b.addcdiv_(e, a)",
            "b = torch.tensor([1, 2]); b.addcmul_(a, e)", "b = torch.tensor(1.); b.lerp_(e, 0.5)", "b = a.clone(); b.lerp_(e, None)"]:
    try:
        ex(src); print(src, b)
    except Exception as err:
        print(src, f"{type(err).__name__}: {err}")
p = torch.tensor([-1.5, 0.25, 0.7]); q = torch.tensor([0.5, 0.25, 2.0]); r = torch.tensor([0.1, 0.9, -0.2])
grads(lambda x, y: torch.lerp(x, y, 0.3), p, q)
grads(lambda x, y: torch.lerp(x, y, 0.8), p, q)
grads(lambda x, y, z: torch.lerp(x, y, z), p, q, r)
grads(lambda x, y, z: torch.addcmul(x, y, z, value=0.3), p, q, r)
grads(lambda x, y, z: torch.addcdiv(x, y, z, value=0.3), p, q, r)
grads(lambda x, y, z: x.addcdiv(y, z), p, q, r)
for src in ["y = x * 1; y.lerp_(x * 2, 0.3)", "y = x * 1; y.addcmul_(x, x, value=2)", "y = x * 1; y.addcdiv_(x, x + 3, value=2)"]:
    x = p.clone().requires_grad_()
    ex(src); walk(y.grad_fn); y.sum().backward(); print(src, y, x.grad)
""",
    # ------------------------------------------------------------ which check torch makes first (found by random programs)
    "check_order": """
e = torch.tensor([-9, -9]).unsqueeze(0).expand(2, 2)  # overlapping memory
z = torch.zeros(2, 2, 4, 4, dtype=torch.bool)
m = torch.zeros(2, 4, dtype=torch.bool)
for s in ["e.pow_(-3)", "e.pow_(2)", "torch.tensor([True]).pow_(-1)", "z.topk(0, 4)", "m.topk(5, -1)", "m.topk(1, -1)",
          "torch.tensor(True).topk(1)", "m.clamp(m[:1], m[:1])", "m.clamp(m[:1])", "m.clamp(max=m[:1])", "m.clamp(False, True)",
          "m.clamp(torch.zeros(3, dtype=torch.bool), m)", "torch.nan_to_num(torch.arange(0.)[..., ::2]).stride()",
          "torch.nan_to_num(torch.zeros(0, 2).T).stride()", "torch.nan_to_num(torch.zeros(0, 2, dtype=torch.long).T).stride()",
          "torch.nan_to_num(torch.zeros(3, 1).expand(3, 2)).stride()"]:
    print(s, attempt(lambda: ev(s)))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
