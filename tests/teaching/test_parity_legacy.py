"""Parity of what older tutorials write: the legacy constructors ``torch.Tensor(...)`` (data, sizes, a
tensor, nothing; the default dtype) and the typed ``torch.FloatTensor``/``LongTensor``/... (their dtype,
``isinstance`` checks, ``x.type(torch.LongTensor)``), with torch's errors; and ``torch.__version__`` with
``torch.version`` (booktorch reports the torch 2.13.0 CPU build it mirrors, and compares as a version)."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_shape")

CELLS = {
    "tensor_constructor": """
x = torch.tensor([1., 2.])
print(torch.Tensor(), torch.Tensor([1, 2]), torch.Tensor([[1, 2], [3, 4]]), torch.Tensor((2, 3)), torch.Tensor([True, False]))
print(torch.Tensor(2, 3).shape, torch.Tensor(torch.Size([2])).shape, torch.Tensor(3).shape, torch.Tensor(2, 3, device='cpu').dtype)
print(torch.Tensor(range(3)), torch.Tensor([]), torch.Tensor([[]]), torch.Tensor([1], device='cpu'), type(torch.Tensor([1])))
z = torch.Tensor(x)
print(z, z is x, z.data_ptr() == x.data_ptr(), torch.Tensor(torch.tensor([1, 2])), torch.Tensor(torch.tensor(2)))
y = torch.tensor([1., 2.], requires_grad=True)
w = torch.Tensor(y)
print(w, w.grad_fn.name(), w.requires_grad, torch.Tensor([1, 2]).requires_grad, torch.Tensor([1.5]).is_leaf)
torch.set_default_dtype(torch.float64)
print(torch.Tensor([1]), torch.Tensor(2).dtype, torch.FloatTensor([1]))
torch.set_default_dtype(torch.float32)
for bad in [lambda: torch.Tensor(1.5), lambda: torch.Tensor('a'), lambda: torch.Tensor([1], dtype=torch.float64),
            lambda: torch.Tensor([1], requires_grad=True), lambda: torch.Tensor(-1), lambda: torch.Tensor(2.0, 3),
            lambda: torch.Tensor([1, 'a']), lambda: torch.Tensor(None), lambda: torch.Tensor([[1], [2, 3]]), lambda: torch.Tensor({1: 2}),
            lambda: torch.Tensor([1], device='cuda'), lambda: torch.Tensor([1], 2), lambda: torch.Tensor([1], device='meta'),
            lambda: torch.Tensor(2, 'a')]:
    print(attempt(bad))
""",
    "typed_constructors": """
x = torch.tensor([1., 2.])
print(torch.FloatTensor([1, 2]), torch.LongTensor([1.7, 2]), torch.IntTensor(2).shape, torch.DoubleTensor([1]), torch.BoolTensor([1, 0]))
print(torch.ByteTensor([1]), torch.HalfTensor([1]), torch.BFloat16Tensor([1]), torch.CharTensor([1]), torch.ShortTensor([1]))
print(torch.FloatTensor(x) is x, torch.FloatTensor(x).data_ptr() == x.data_ptr(), torch.FloatTensor(2, 2).dtype, torch.LongTensor())
print(isinstance(x, torch.FloatTensor), isinstance(x, torch.LongTensor), isinstance(1, torch.FloatTensor), isinstance(torch.ones(1, dtype=torch.long), torch.LongTensor))
print(torch.FloatTensor, type(torch.FloatTensor), torch.FloatTensor.__name__, torch.FloatTensor.__module__, issubclass(torch.FloatTensor, torch.Tensor))
print(torch.FloatTensor.dtype, torch.LongTensor.dtype, torch.LongTensor.is_cuda, torch.LongTensor.is_sparse, x.type(torch.LongTensor), x.type())
print(torch.LongTensor([3]).type(torch.FloatTensor), torch.HalfTensor.dtype, torch.BoolTensor.dtype, torch.ByteTensor.dtype, torch.CharTensor.dtype)
print(torch.ShortTensor.dtype, torch.IntTensor.dtype, torch.DoubleTensor.dtype, torch.BFloat16Tensor.dtype, torch.FloatTensor([[1, 2]]).type())
for bad in [lambda: torch.LongTensor(x), lambda: torch.LongTensor([1], dtype=torch.long), lambda: torch.FloatTensor(1.5),
            lambda: torch.IntTensor('ab'), lambda: torch.BoolTensor([1], device='cuda'), lambda: torch.FloatTensor(x, device='cpu')]:
    print(attempt(bad))
""",
    "version": """
V = torch.__version__
print(repr(V), str(V), V >= '2.0', V < (2, 14), V == '2.13.0+cpu', V == '2.13.0', V > '2.9', V.split('+')[0], type(V).__name__)
print(type(V).__module__, V < '2.13.1', V >= (2, 13), V == (2, 13, 0), hash(V) == hash('2.13.0+cpu'), V > '2.13.0', V < '2.13.0rc1')
print(V < 'abc', V != '2.13.0', V <= [2, 13, 0, 1], V > '1!0.1', V > '2.13.0.post1', V > '2.13.0.dev3', isinstance(V, str), f'{V}')
print(V + 'x', len(V), V.startswith('2'), {V: 1}['2.13.0+cpu'], V > '2.13.0+abc', V < '2.13.0+cpu.1', V > '2.13.0a1.dev2')
print(attempt(lambda: V < 3), attempt(lambda: V < ('a', 'b')))
print(torch.version.__version__, torch.version.cuda, torch.version.hip, torch.version.rocm, torch.version.xpu, torch.version.debug)
print(torch.version.git_version, tuple(int(p) for p in V.split('+')[0].split('.')) >= (2, 0), torch.version.__version__ == V)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")


def test_subclassing_tensor_raises_booktorchs_error():
    import booktorch
    from booktorch.errors import NotInBrowserError

    class Sub(booktorch.Tensor):
        pass

    with pytest.raises(NotInBrowserError, match="Subclassing torch.Tensor is not available in the browser"):
        Sub([1.0])
