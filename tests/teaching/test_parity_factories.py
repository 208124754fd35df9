"""Parity of the tensor factories: ``linspace``/``logspace`` bit for bit in every dtype, ``eye``, ``empty``
(shape, dtype, strides and metadata; torch's values are uninitialised), ``full``, the ``*_like`` forms with their
strides and ``memory_format``, ``tensor``/``as_tensor``/``asarray``/``scalar_tensor``/``empty_strided``,
``Tensor.new_*``, ``arange``'s argument forms, and every size form (varargs, tuple, list, ``torch.Size``)."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_shape") + """
def meta(t):
    return f"{t.dtype} {tuple(t.shape)} {t.stride()} {t.requires_grad} {t.is_contiguous()} {t.storage_offset()}"
def exact(t):
    return [v.hex() if isinstance(v, float) else v for v in (t.double() if t.is_floating_point() else t).tolist()]
"""

CELLS = {
    "linspace_values": """
cases = [(0, 1, 5), (-1, 1, 7), (0, 10, 11), (3.7, -2.1, 16), (0.1, 0.9, 17), (-58.009, -2.4286, 257), (1e-3, 1e3, 33), (5, 5, 4),
         (-46.73388790854809, 60.36527339929671, 31), (0, 1, 2), (2.5, -7.25, 3), (1, 1000, 100), (0, 1, 1000), (0.3, 0.7, 8)]
for start, end, steps in cases:
    for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
        print(d, start, end, steps, exact(torch.linspace(start, end, steps, dtype=d)))
for start, end, steps in [(0, 10, 5), (2.7, 10.2, 5), (-5, 5, 4), (0, 100, 7), (-100, 77, 33), (0, 1, 20), (3, 250, 17)]:
    for d in [torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8]:
        print(d, start, end, steps, attempt(lambda: exact(torch.linspace(start, end, steps, dtype=d))))
print(torch.linspace(0, 1, 5), torch.linspace(-1, 1, steps=4), torch.linspace(start=0, end=1, steps=3), torch.linspace(0, 1, torch.tensor(3)))
print(torch.linspace(torch.tensor(0), torch.tensor(10), 5), torch.linspace(torch.tensor(1.5), 3, 4), torch.linspace(2, torch.tensor(-2.), 5, dtype=torch.float64))
print(torch.linspace(0, 1, 1), torch.linspace(0, 1, 0), torch.linspace(5, 1, 1, dtype=torch.int64), torch.linspace(0, 1, 1, dtype=torch.bool),
      torch.linspace(0, 1, 0, dtype=torch.bool), torch.linspace(True, False, 3), torch.linspace(0, float('nan'), 3), torch.linspace(0, float('inf'), 4))
print(torch.linspace(0, 1, 3, requires_grad=True), torch.linspace(torch.tensor(0., requires_grad=True), 1, 3).requires_grad,
      torch.linspace(0, 1, 3, layout=torch.strided, device='cpu'), torch.linspace(0, 1, 3, dtype=float))
torch.set_default_dtype(torch.float64)
print(torch.linspace(0, 1, 7), torch.linspace(0, 1, 3, dtype=torch.float32))
torch.set_default_dtype(torch.float32)
""",
    "linspace_errors": """
for bad in ['torch.linspace(torch.tensor([0.]), 1, 3)', 'torch.linspace(0, torch.ones(2), 3)', 'torch.linspace(torch.ones(2), torch.ones(1, 1), 3)',
            'torch.linspace(0, 1, -1)', 'torch.linspace(0, 1, 2.5)', 'torch.linspace(0, 1)', 'torch.linspace()', 'torch.linspace(0, 1, 3, dtype=torch.bool)',
            'torch.linspace(0, 1e40, 3)', 'torch.linspace(0, 300, 3, dtype=torch.int8)', 'torch.linspace(0, 1, 3, device="cuda")', 'torch.linspace("a", 1, 3)',
            'torch.linspace(0, 1, 3, requires_grad=1)', 'torch.linspace(0, 1, 3, dtype=torch.int64, requires_grad=True)', 'torch.linspace(0, 1, 3, foo=2)',
            'torch.linspace(0, 1, 3, out=torch.empty(3, dtype=torch.float64))', 'torch.linspace(0., 1., 3, out=torch.empty(3), dtype=torch.float64)',
            'torch.linspace(0, 1, 3, pin_memory=True)', 'torch.logspace(0, 1, -1)', 'torch.logspace(0, 1, 3, dtype=torch.bool)', 'torch.logspace(0, 1)',
            'torch.logspace(torch.tensor([0.]), 1, 3)', 'torch.logspace(0, 1, 3, "2")', 'torch.logspace(0, 1e40, 3)', 'torch.logspace(0, 1, 3, base=torch.tensor(2.))']:
    print(bad, attempt(lambda: eval(bad)))
""",
    "logspace_values": """
cases = [(0, 2, 3, 10.0), (0, 3, 4, 2.0), (-1, 1, 5, 10.0), (0.5, 2.5, 16, 2.718281828459045), (-3.3, 4.4, 17, 0.5), (1, 5, 33, 3.7),
         (2, -2, 7, 10.0), (0, 1, 100, 10.0), (0, 400, 3, 10.0), (-5, 5, 11, 17.930266669074634), (0, 3, 4, -2.0), (0, 1, 3, 0.0), (1, 1, 5, 10.0)]
for start, end, steps, base in cases:
    for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
        print(d, start, end, steps, base, exact(torch.logspace(start, end, steps, base, dtype=d)))
for start, end, steps, base in [(0, 3, 4, 2.0), (5, 2, 3, 17.930266669074634), (0, 2, 3, 10.0), (0, 10, 3, 10.0), (-2, 4, 7, 3.3), (1, 5, 257, 12.1), (3, 5, 17, 1.7)]:
    for d in [torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8]:
        print(d, start, end, steps, base, attempt(lambda: exact(torch.logspace(start, end, steps, base, dtype=d))))
print(torch.logspace(0, 2, 3), torch.logspace(0, 3, 4, base=2.5), torch.logspace(0, 1, 1), torch.logspace(5, 1, 1, base=3), torch.logspace(0, 1, 0),
      torch.logspace(torch.tensor(1), torch.tensor(2.), 3), torch.logspace(0, 1, 1, dtype=torch.bool), torch.logspace(0, 2, 3, requires_grad=True),
      torch.logspace(start=-1, end=1, steps=3, base=4), torch.logspace(2, 1, 1, dtype=torch.int64, base=10))
""",
    "eye": """
for t in [torch.eye(3), torch.eye(2, 3), torch.eye(3, 2), torch.eye(0), torch.eye(2, 0), torch.eye(n=2), torch.eye(n=2, m=3), torch.eye(2, m=3),
          torch.eye(2, dtype=torch.int64), torch.eye(2, dtype=torch.bool), torch.eye(2, dtype=torch.float16), torch.eye(2, requires_grad=True),
          torch.eye(torch.tensor(2)), torch.eye(2, out=torch.empty(2, 2)), torch.eye(2, 3, out=torch.empty(2, 3, dtype=torch.int8))]:
    print(t, meta(t))
for bad in ['torch.eye(-1)', 'torch.eye(2, -1)', 'torch.eye(2.5)', 'torch.eye(2, 2.5)', 'torch.eye(True)', 'torch.eye(2, None)', 'torch.eye()', 'torch.eye(2, 3, 4)',
            'torch.eye((2, 3))', 'torch.eye(2, device="cuda")', 'torch.eye(2, foo=3)', 'torch.eye(2, dtype=torch.int64, requires_grad=True)',
            'torch.eye(2, out=torch.empty(2, 2), dtype=torch.float64)']:
    print(bad, attempt(lambda: eval(bad)))
""",
    "empty_and_sizes": """
for t in [torch.empty(2, 3), torch.empty((2, 3)), torch.empty([2]), torch.empty(torch.Size([2, 1])), torch.empty(()), torch.empty(0), torch.empty(0, 3),
          torch.empty(size=(2,)), torch.empty(2, dtype=torch.int8), torch.empty(2, requires_grad=True), torch.empty(2, dtype=float), torch.empty(torch.tensor(2)),
          torch.empty(2, memory_format=torch.contiguous_format), torch.empty(2, True), torch.empty((2, torch.tensor(3))), torch.empty_like(torch.ones(3, 4).t()),
          torch.empty_like(torch.ones(2, 3, 4).permute(2, 0, 1)), torch.empty_like(torch.ones(4, 4)[::2, ::2]), torch.empty_like(torch.ones(3), dtype=torch.int64),
          torch.empty_like(torch.ones(3, 4).t(), memory_format=torch.contiguous_format), torch.empty_strided((2, 3), (1, 2)), torch.empty_strided((2, 3), (3, 1)),
          torch.empty_strided((2, 2), (0, 0)), torch.empty_strided([2, 3], [10, 1], dtype=torch.int64), torch.ones(2).new_empty(3), torch.ones(2).new_empty((2, 3)),
          torch.ones(2, dtype=torch.int8).new_empty(2), torch.ones(2).new_empty_strided((2, 2), (1, 2))]:
    print(meta(t))
print(torch.empty(0, 3), torch.empty(0, dtype=torch.int64), torch.empty(2, 0, requires_grad=True), torch.empty_strided((2, 3), (10, 1)).untyped_storage().nbytes(),
      torch.empty_strided((2, 3), (1, 2)).untyped_storage().nbytes(), torch.empty(2, out=torch.ones(2)))
for bad in ['torch.empty(-1)', 'torch.empty(2, -3)', 'torch.empty(2.5)', 'torch.empty()', 'torch.empty(2, device="cuda")', 'torch.empty(2, pin_memory=True)',
            'torch.empty(True)', 'torch.empty(2, None)', 'torch.empty(2, 2.5)', 'torch.empty(2, foo=1)', 'torch.empty(2, dtype=torch.int64, requires_grad=True)',
            'torch.empty_strided(2, 1)', 'torch.empty_strided((2,), (1, 1))', 'torch.empty_strided((2, -1), (1, 1))', 'torch.empty_strided((2,), (-1,))',
            'torch.empty_strided()', 'torch.empty_strided(1, 2, 3, 4)', 'torch.ones(2).new_empty(-1)', 'torch.ones(2).new_empty()', 'torch.empty_like(2)']:
    print(bad, attempt(lambda: eval(bad)))
""",
    "zeros_ones_full": """
for t in [torch.zeros(2, 3), torch.zeros((2,)), torch.zeros([1, 2]), torch.zeros(torch.Size([2])), torch.zeros(()), torch.zeros(size=(2,)), torch.ones(size=[2]),
          torch.zeros(2, dtype=float), torch.ones(2, dtype=torch.bool), torch.zeros(2, 1, dtype=torch.float16, requires_grad=True), torch.ones(torch.tensor(2)),
          torch.full((2,), 3), torch.full([2, 2], 1.5), torch.full((2,), 3, dtype=torch.float32), torch.full(size=(2,), fill_value=3), torch.full((2,), torch.tensor(3)),
          torch.full((2,), 3., requires_grad=True), torch.full(torch.Size([2]), 2), torch.full((), 7), torch.full([], 7.), torch.full((2,), True),
          torch.full((1,), 1e40, dtype=torch.float16), torch.full((2,), -1, dtype=torch.uint8), torch.full((2,), 2.7, dtype=torch.int64),
          torch.zeros(2, out=torch.ones(2)), torch.ones(2, out=torch.empty(2, dtype=torch.int64)), torch.full((2,), 5, out=torch.empty(2))]:
    print(t, meta(t))
for bad in ['torch.zeros()', 'torch.zeros(2, 2.5)', 'torch.zeros(-1)', 'torch.ones(-1)', 'torch.ones(2.5)', 'torch.zeros(True)', 'torch.zeros((True,))',
            'torch.zeros(2, names=None)', 'torch.ones(2, foo=1, bar=2)', 'torch.full(2, 3)', 'torch.full((2,), torch.tensor([3]))', 'torch.full((2,), "a")',
            'torch.full((2,))', 'torch.full((2,), 3, requires_grad=True)', 'torch.full((-1,), 3)', 'torch.full((2,), None)', 'torch.full((2,), 300, dtype=torch.uint8)',
            'torch.full((2,), float("nan"), dtype=torch.int64)', 'torch.full((2,), 1e40, dtype=torch.float16)', 'torch.full((2,), 2, 3)', 'torch.full((2, 2.5), 1)',
            'torch.zeros(2, out=torch.ones(2), dtype=torch.int64)', 'torch.ones(2, out=torch.ones(2, requires_grad=True))', 'torch.zeros(2, device="cuda:0")',
            'torch.ones(2, layout="strided")', 'torch.zeros(2, dtype=torch.int32, requires_grad=True)']:
    print(bad, attempt(lambda: eval(bad)))
""",
    "like_factories": """
x = torch.ones(3, 4)
xt = x.t()
for t in [torch.zeros_like(xt), torch.ones_like(xt), torch.full_like(xt, 2), torch.zeros_like(x[:, ::2]), torch.zeros_like(xt, memory_format=torch.contiguous_format),
          torch.ones_like(xt, memory_format=torch.preserve_format), torch.full_like(x, 2.5), torch.full_like(torch.ones(2, dtype=torch.int64), 2.5),
          torch.full_like(x, 2, dtype=torch.int64), torch.full_like(x, True), torch.zeros_like(x, dtype=torch.bool), torch.ones_like(x, requires_grad=True),
          torch.zeros_like(input=x), torch.full_like(x, fill_value=3), torch.ones_like(x, layout=torch.strided), torch.ones_like(torch.ones(2, requires_grad=True)),
          torch.full_like(x, torch.tensor(3.)), torch.ones_like(torch.ones(2, 3, 4).permute(2, 0, 1)), torch.zeros_like(torch.ones(1).expand(3)),
          torch.full_like(torch.ones(2, dtype=torch.float16), 1e5), torch.ones_like(torch.ones(2, 3).t(), dtype=torch.float64)]:
    print(t, meta(t))
for bad in ['torch.ones_like(x, device="cuda")', 'torch.zeros_like(x, 3)', 'torch.full_like(x, 300, dtype=torch.int8)', 'torch.full_like(x)', 'torch.full_like(x, "a")',
            'torch.zeros_like(x, pin_memory=True)', 'torch.zeros_like(x, foo=1)', 'torch.full_like(x, torch.tensor([3.]))', 'torch.zeros_like(1)', 'torch.ones_like("x")',
            'torch.empty_like(x, 1, 2)', 'torch.full_like(x, 1, 2, 3)', 'torch.zeros_like(torch.ones(2, dtype=torch.int64), requires_grad=True)',
            'torch.full_like(torch.ones(3, dtype=torch.float16), 1e5)']:
    print(bad, attempt(lambda: eval(bad)))
""",
    "tensor_as_tensor_asarray": """
x = torch.ones(2)
xr = torch.ones(2, requires_grad=True)
for t in [torch.tensor([1, 2], device='cpu'), torch.tensor(data=[1]), torch.tensor(torch.Size([2, 3])), torch.tensor(range(3)), torch.tensor([range(2), range(2)]),
          torch.tensor([torch.tensor([1]), torch.tensor([2])]), torch.tensor([[torch.tensor(1)]]), torch.tensor(3, dtype=torch.float16), torch.tensor([]),
          torch.tensor((), dtype=torch.int64), torch.tensor([[]]), torch.tensor(-1, dtype=torch.uint8), torch.tensor(1e40, dtype=torch.float16),
          torch.tensor([1, 2.5, True]), torch.tensor([[1, 2], torch.tensor([3, 4])]),
          torch.as_tensor([1, 2]), torch.as_tensor([1, 2], dtype=torch.float32), torch.as_tensor(3.5), torch.as_tensor((1, 2.5)), torch.as_tensor(data=[1]),
          torch.as_tensor(x, dtype=torch.int64), torch.asarray([1, 2]), torch.asarray([1, 2], dtype=torch.float32), torch.asarray(x, dtype=torch.int64), torch.asarray(3),
          torch.asarray(True), torch.asarray([1.5], requires_grad=True), torch.asarray(x, copy=True), torch.asarray([[1, 2], [3, 4]], dtype=torch.float16),
          torch.asarray(range(3)), torch.asarray((1, 2), dtype=torch.bool), torch.asarray([torch.tensor(1.), 2]),
          torch.scalar_tensor(3), torch.scalar_tensor(3.5), torch.scalar_tensor(True), torch.scalar_tensor(torch.tensor(2)), torch.scalar_tensor(3, dtype=torch.int8),
          torch.scalar_tensor(2, requires_grad=True)]:
    print(t, meta(t))
print(torch.as_tensor(x) is x, torch.as_tensor(x, dtype=torch.float32) is x, torch.as_tensor(xr * 2).grad_fn.name(), torch.as_tensor(xr, dtype=torch.float64).grad_fn.name())
print(torch.asarray(x) is x, torch.asarray(x, dtype=torch.float32) is x, torch.asarray(x, copy=True) is x, torch.asarray(x, copy=False) is x)
y = xr * 2
print(torch.asarray(y).grad_fn.name(), torch.asarray(y, requires_grad=False).grad_fn, torch.asarray(xr, copy=True).grad_fn.name(),
      torch.asarray(xr, dtype=torch.float64).grad_fn.name(), torch.asarray(xr) is xr, torch.asarray(xr, requires_grad=True) is xr)
z = torch.ones(2)
print(torch.asarray(z, requires_grad=True) is z, z.requires_grad, torch.asarray(z, requires_grad=False) is z, z.requires_grad)
for bad in ['torch.tensor("a")', 'torch.tensor(["a"])', 'torch.as_tensor("a")', 'torch.asarray("a")', 'torch.tensor(b"ab")', 'torch.tensor({1: 2})', 'torch.tensor([1, None])',
            'torch.tensor(None)', 'torch.tensor([[1], [2, 3]])', 'torch.tensor([torch.tensor([1., 2.])])', 'torch.tensor([torch.tensor([1, 2]), torch.tensor([3, 4])])',
            'torch.tensor([torch.tensor(1.5)], dtype=torch.int64)', 'torch.tensor([1, torch.tensor([2, 3])])', 'torch.tensor([1], torch.float32)', 'torch.tensor()',
            'torch.tensor([1, 2], pin_memory=True)', 'torch.tensor([1, 2], foo=1)', 'torch.tensor(300, dtype=torch.uint8)', 'torch.tensor([2**63])', 'torch.tensor(2**64)',
            'torch.tensor([1, 2], requires_grad=True)', 'torch.as_tensor([1, 2], torch.float64)', 'torch.as_tensor([1, 2], device="cuda")',
            'torch.as_tensor(x, device="cuda")', 'torch.as_tensor()', 'torch.asarray(x, dtype=torch.int64, copy=False)', 'torch.asarray([1], copy=False)',
            'torch.asarray(None)', 'torch.asarray([1, 2], device="cuda")', 'torch.asarray(x, device="cuda")', 'torch.asarray(x, copy=1)', 'torch.asarray(x, foo=1)',
            'torch.asarray()', 'torch.asarray(1, 2)', 'torch.asarray([1, 2], requires_grad=True)', 'torch.asarray(torch.ones(2, dtype=torch.int64), requires_grad=True)',
            'torch.scalar_tensor("a")', 'torch.scalar_tensor(300, dtype=torch.int8)', 'torch.scalar_tensor()', 'torch.scalar_tensor(1, 2, 3)']:
    print(bad, attempt(lambda: eval(bad)))
""",
    "new_methods": """
x = torch.ones(2)
xr = torch.ones(2, requires_grad=True)
for t in [x.new_zeros(2, 3), x.new_zeros((2,)), x.new_zeros(size=[2]), x.new_ones(torch.Size([2, 1])), x.new_full((2,), 2.5), x.new_full(size=(2,), fill_value=1),
          torch.ones(2, dtype=torch.int64).new_full((2,), 2.5), torch.ones(2, dtype=torch.int8).new_full((2,), 3), x.new_ones(2, dtype=torch.int64),
          x.new_tensor([1, 2]), x.new_tensor([1, 2], dtype=torch.int8), xr.new_tensor([1.]), x.new_tensor(x), x.new_zeros((2, 3), requires_grad=True),
          torch.ones(2, dtype=torch.bool).new_ones(2), x.new_tensor(3)]:
    print(t, meta(t))
for bad in ['x.new_zeros(-1)', 'x.new_ones(2.5)', 'x.new_full((2,), "a")', 'x.new_zeros()', 'x.new_ones()', 'x.new_full()', 'x.new_tensor()', 'x.new_zeros(2, foo=1)',
            'x.new_full(2, 3, 4)', 'x.new_ones(2, device="cuda")', 'x.new_tensor([1], device="cuda")', 'x.new_zeros(2, dtype=torch.int64, requires_grad=True)',
            'x.new_full((2,), 300, dtype=torch.int8)', 'x.new_tensor("a")']:
    print(bad, attempt(lambda: eval(bad)))
""",
    "arange_forms": """
for t in [torch.arange(5), torch.arange(1, 5, 0.5, dtype=torch.float16), torch.arange(torch.tensor(3)), torch.arange(5, dtype=torch.float32, requires_grad=True),
          torch.arange(end=5), torch.arange(start=1, end=5), torch.arange(0, 5, step=2), torch.arange(True), torch.arange(5, layout=torch.strided),
          torch.arange(5, out=torch.empty(5, dtype=torch.int64)), torch.arange(1, 4, 1, out=torch.empty(3)), torch.arange(0, 1, 0.25, out=torch.empty(4, dtype=torch.float64))]:
    print(t, meta(t))
for bad in ['torch.arange("a")', 'torch.arange(5, step=2)', 'torch.arange(1, 2, 3, 4)', 'torch.arange()', 'torch.arange(2.5, device="cuda")', 'torch.arange(1e20)',
            'torch.arange(0, 5, 0)', 'torch.arange(5, 0)', 'torch.arange(0, float("inf"))', 'torch.arange(3, dtype=torch.bool)', 'torch.arange(1, 4, out=torch.empty(3))',
            'torch.arange(3, requires_grad=True)', 'torch.arange(3, foo=1)']:
    print(bad, attempt(lambda: eval(bad)))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
