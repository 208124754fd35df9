"""Deterministic parity tests: each cell must print the same text and raise the same
exception (type and message) under real torch 2.13 and under booktorch."""

import pytest

from parity import assert_same

CELLS = {
    # ------------------------------------------------------------ factories and dtypes
    "tensor_inference": """
for d in [3, 2.5, True, [1, 2], [1, 2.0], [True, False], [True, 2], [[1, 2], [3, 4]], [], [[]], [[], []], (1, 2)]:
    t = torch.tensor(d)
    print(t, t.dtype, t.shape)
""",
    "tensor_explicit_dtype": """
print(torch.tensor([1.7, -2.7], dtype=torch.long))
print(torch.tensor([0, 2], dtype=torch.bool))
print(torch.tensor([1, 2], dtype=torch.float32))
print(torch.tensor(5, dtype=torch.float))
print(torch.tensor([torch.tensor(1.), torch.tensor(2)]))
""",
    "tensor_ragged": "torch.tensor([[1, 2], [3]])",
    "tensor_ragged2": "torch.tensor([[1], []])",
    "tensor_not_sequence": "torch.tensor([[1, 2], 3.0])",
    "tensor_list_as_int": "torch.tensor([1, [2]])",
    "tensor_list_as_float": "torch.tensor([1.5, [2.0]])",
    "tensor_str": "torch.tensor(['a'])",
    "tensor_none": "torch.tensor(None)",
    "tensor_int_grad": "torch.tensor([1, 2], requires_grad=True)",
    "dtypes": """
print(torch.float32, torch.float, torch.int64, torch.long, torch.bool)
print(torch.float is torch.float32, torch.long is torch.int64)
print(torch.float32.is_floating_point, torch.int64.is_floating_point, torch.float32.itemsize, torch.int64.itemsize)
print(repr(torch.float32), str(torch.int64))
""",
    "zeros_ones_full": """
print(torch.zeros(2, 3))
print(torch.ones((2, 2), dtype=torch.long))
print(torch.zeros([3]))
print(torch.ones(torch.Size([1, 2])))
print(torch.full((2,), 3), torch.full((2,), 2.5), torch.full((2,), True))
print(torch.zeros(2, 0, 3), torch.zeros(2, 0, 3).stride())
print(torch.zeros_like(torch.ones(2, 2)), torch.ones_like(torch.arange(3)))
print(torch.zeros(2, requires_grad=True))
""",
    "arange": """
print(torch.arange(5))
print(torch.arange(1, 4))
print(torch.arange(0, 1, 0.25))
print(torch.arange(5.))
print(torch.arange(0, 1, 0.1))
print(torch.arange(10, 0, -3))
print(torch.arange(-3, 3, 2))
print(torch.arange(0, 2.5, 0.5).dtype, torch.arange(3).dtype)
print(torch.arange(-1.5, 2.6, 0.3))
print(torch.arange(0, 3, 1))
print(torch.arange(0.0, 4.1, 0.1))
""",
    "arange_zero_step": "torch.arange(0, 5, 0)",
    "arange_bad_sign": "torch.arange(5, 0)",
    "negative_size": "torch.zeros(2, -1)",
    # ------------------------------------------------------------ printing
    "print_floats": """
print(torch.tensor([1., 2.]))
print(torch.tensor([1.5, 2.25]))
print(torch.tensor([1e-5, 1e3]))
print(torch.tensor([0.1, 0.2, 0.3]))
print(torch.tensor([123456789.0, 1.0]))
print(torch.tensor([1e8, 2e8]))
print(torch.tensor([-0.0, 1.0]))
print(torch.tensor([-0.0, 1.5]))
print(torch.tensor([float('inf'), 1.0, float('nan'), -float('inf')]))
print(torch.tensor([float('nan')]))
print(torch.tensor([0.0, 0.0]))
print(torch.tensor([1e-5]))
print(torch.tensor([-1e-5, 5.0]))
print(torch.tensor([100000.0, 0.5]))
print(torch.tensor(7.), torch.tensor(-0.0), torch.tensor(3.14159), torch.tensor(1e-10))
print(torch.tensor(7), torch.tensor(True))
""",
    "print_ints_bools": """
print(torch.tensor([1, -20, 300]))
print(torch.tensor([[1, 2], [30, 4]]))
print(torch.tensor([True, False]))
print(torch.tensor([[True], [False]]))
print(torch.tensor([9223372036854775807, -5]))
""",
    "print_nested": """
print(torch.arange(24.).reshape(2, 3, 4))
print(torch.arange(24).reshape(2, 1, 3, 4))
print(torch.arange(6.).reshape(1, 6) / 7)
""",
    "print_wrap": """
print(torch.arange(40.) / 3)
print(torch.arange(100))
print(torch.arange(30.).reshape(2, 15) * 1000.5)
""",
    "print_summarize": """
print(torch.arange(2000))
print(torch.arange(3000.).reshape(30, 100) / 7)
print(torch.arange(1001.))
print(torch.arange(4000).reshape(10, 20, 20))
""",
    "print_empty": """
print(torch.tensor([]))
print(torch.zeros(0, 3))
print(torch.zeros(0, dtype=torch.long))
print(torch.zeros(2, 0, dtype=torch.bool))
print(torch.ones(0, requires_grad=True))
""",
    "print_grad_suffix": """
x = torch.tensor([1.5, 2.0], requires_grad=True)
print(x)
print(x * 2)
print((x * 2).sum())
print(torch.arange(12.).reshape(3, 4).requires_grad_() * 123.456)
print(torch.arange(20.).requires_grad_() * 1.5)
""",
    "print_format": """
x = torch.tensor(2.5, requires_grad=True)
print(f"{x}", f"{x:.3f}", f"{torch.tensor(3)}", f"{torch.tensor([1., 2.])}")
print(str(torch.tensor([1, 2])), repr(torch.tensor([1, 2])))
""",
    "format_spec_error": "f'{torch.tensor([1., 2.]):.2f}'",
    "printoptions": """
torch.set_printoptions(precision=2)
print(torch.tensor([1.23456, 2.0]))
torch.set_printoptions(profile='default')
print(torch.tensor([1.23456, 2.0]))
""",
    # ------------------------------------------------------------ attributes
    "attributes": """
x = torch.arange(6.).reshape(2, 3)
print(x.shape, x.size(), x.size(1), x.size(-1), x.dim(), x.ndim, x.numel(), x.dtype)
print(x.stride(), x.stride(0), x.stride(-1), x.is_contiguous(), x.element_size(), x.storage_offset())
print(x.requires_grad, x.grad, x.grad_fn, x.is_leaf)
print(type(x.shape).__name__, x.shape == (2, 3), x.shape[0], x.shape[1:], len(x))
print(torch.Size([2]) + (3,), (2,) + torch.Size([3]), torch.Size([]), torch.Size([2, 3]).numel())
print(x.T.is_contiguous(), x.T.contiguous().is_contiguous(), x.T.stride())
print(x.item() if x.numel() == 1 else x.tolist())
print(torch.tensor(3.5).item(), torch.tensor(0.1).item(), int(torch.tensor(3.9)), float(torch.tensor(2)))
print(torch.tensor([[1, 2]]).tolist(), torch.tensor(5).tolist())
""",
    "size_0d": "torch.tensor(1.).size(0)",
    "size_bad_dim": "torch.ones(2).size(1)",
    "item_many": "torch.arange(6).item()",
    "float_many": "float(torch.ones(2))",
    "bool_many": "bool(torch.ones(2))",
    "len_0d": "len(torch.tensor(1.))",
    "iter_0d": "iter(torch.tensor(1.))",
    "storage_sharing": """
x = torch.arange(12.).reshape(3, 4)
base = x.data_ptr()
print(x[1].data_ptr() - base, x[:, 2].data_ptr() - base, x[2, 3].data_ptr() - base)
print(x.view(4, 3).data_ptr() == base, x.t().data_ptr() == base, x.T.contiguous().data_ptr() == base)
print(x.contiguous().data_ptr() == base, x.reshape(12).data_ptr() == base, x.t().reshape(12).data_ptr() == base)
v = x[1]
v[0] = 100.
print(x)
x.view(-1)[11] = -1
print(x)
e = torch.tensor([1., 2.]).unsqueeze(1).expand(2, 3)
print(e, e.stride(), e.is_contiguous())
print(torch.arange(6).reshape(2, 3)[:, ::2].stride(), torch.arange(6).reshape(2, 3)[:, 1:].storage_offset())
""",
    # ------------------------------------------------------------ view / reshape
    "view_ok": """
x = torch.arange(6)
print(x.view(2, 3), x.view(3, -1), x.view(-1), x.view(1, 2, 3).shape, x.view((6, 1)).stride())
print(x.reshape(2, 3).t().reshape(6), x.reshape(2, 3).t().reshape(3, 2).is_contiguous())
print(torch.tensor(5).view(1, 1), torch.tensor(5).reshape(()))
""",
    "view_bad_numel": "torch.arange(6).view(3, 3)",
    "view_bad_stride": "torch.arange(6).reshape(2, 3).t().view(6)",
    "view_two_infer": "torch.arange(6).view(-1, -1)",
    "view_bad_dim": "torch.arange(6).view(-2, 3)",
    "view_zero_infer": "torch.zeros(0).view(-1, 0)",
    "reshape_bad": "torch.arange(6).reshape(4, -1)",
    "permute_transpose": """
x = torch.arange(24).reshape(2, 3, 4)
print(x.permute(2, 0, 1).shape, x.permute(2, 0, 1).stride(), x.permute((1, 0, 2)).is_contiguous())
print(x.transpose(0, 2).stride(), x.transpose(-1, -2).shape, x.mT.shape)
print(torch.ones(2, 3).t().shape, torch.ones(3).t().shape, torch.tensor(2.).t())
print(x.T.shape)
""",
    "permute_len": "torch.ones(2, 3).permute(0)",
    "permute_dup": "torch.ones(2, 3).permute(0, 0)",
    "permute_range": "torch.ones(2, 3).permute(0, 2)",
    "transpose_range": "torch.ones(2, 3).transpose(0, 2)",
    "t_3d": "torch.ones(2, 3, 4).t()",
    "mT_1d": "torch.ones(3).mT",
    "squeeze_unsqueeze": """
x = torch.zeros(1, 2, 1, 3)
print(x.squeeze().shape, x.squeeze(0).shape, x.squeeze(1).shape, x.squeeze(-2).shape, x.squeeze((0, 2)).shape)
print(x.unsqueeze(0).shape, x.unsqueeze(-1).shape, x.unsqueeze(2).stride(), torch.tensor(1.).unsqueeze(0))
print(torch.tensor(3.).squeeze(), torch.tensor(3.).squeeze(0), torch.ones(2).unsqueeze(1).stride())
""",
    "unsqueeze_range": "torch.ones(2, 3).unsqueeze(3)",
    "squeeze_range": "torch.ones(2, 3).squeeze(2)",
    "expand": """
x = torch.tensor([[1], [2]])
print(x.expand(2, 3), x.expand(-1, 4).stride(), x.expand(2, 2, 3).stride(), torch.tensor(2.).expand(3))
print(x.expand_as(torch.ones(2, 5)).shape)
""",
    "expand_too_few": "torch.ones(2, 3).expand(3)",
    "expand_mismatch": "torch.ones(2, 3).expand(3, 3)",
    "expand_leading_neg": "torch.ones(2, 3).expand(-1, 2, 3)",
    "flatten": """
x = torch.arange(24).reshape(2, 3, 4)
print(x.flatten().shape, x.flatten(1).shape, x.flatten(0, 1).shape, torch.tensor(3.).flatten(), x.flatten(1, 1).shape)
""",
    "flatten_bad": "torch.ones(2, 3).flatten(1, 0)",
    "contiguous_clone": """
x = torch.arange(6.).reshape(2, 3)
print(x.contiguous() is x, x.t().contiguous().stride(), x.t().clone().stride(), x.clone().data_ptr() == x.data_ptr())
""",
    # ------------------------------------------------------------ indexing
    "indexing": """
x = torch.arange(24).reshape(2, 3, 4)
print(x[1], x[-1, 0], x[:, 1], x[0, :, 2], x[..., 1], x[1, ...], x[None].shape, x[:, None].shape)
print(x[0, 1:3], x[:, ::2], x[0, ::3, 1:], x[0][1][2], x[0, 0, 0], x[1:1].shape, x[5:].shape, x[-10:].shape)
print(x[0, 1:3].stride(), x[0, 1:3].storage_offset(), x[:, ::2].is_contiguous())
""",
    "index_oob": "torch.arange(6).reshape(2, 3)[2]",
    "index_oob_dim1": "torch.arange(6).reshape(2, 3)[0, 5]",
    "index_oob_neg": "torch.arange(6).reshape(2, 3)[:, -4]",
    "index_too_many": "torch.arange(6).reshape(2, 3)[0, 0, 0]",
    "index_neg_step": "torch.arange(6)[::-1]",
    "index_zero_step": "torch.arange(6)[::0]",
    "index_0d": "torch.tensor(1.)[0]",
    "setitem": """
a = torch.zeros(2, 3)
a[0] = 5
a[:, 1] = 7.5
a[1, 2] = torch.tensor(3.)
print(a)
a[1] = torch.tensor([1, 2, 3])
a[0] = torch.ones(1, 3)
a[...] = a * 2
print(a)
b = torch.zeros(3, dtype=torch.long)
b[0] = 2.7
b[1] = -2.7
b[2] = True
print(b)
""",
    "setitem_bad_shape": "a = torch.zeros(2, 3); a[1] = torch.tensor([1., 2.])",
    "setitem_bad_rank": "a = torch.zeros(2, 3); a[0] = torch.ones(2, 3)",
    "setitem_oob": "a = torch.zeros(2, 3); a[5] = 1",
    "setitem_leaf_grad": "x = torch.ones(2, requires_grad=True); x[0] = 1",
    # ------------------------------------------------------------ elementwise
    "arith_dtypes": """
a = torch.tensor([1, 2, 3])
f = torch.tensor([0.5, 1.5, -2.0])
b = torch.tensor([True, False, True])
for r in [a + a, a - a, a * a, a / a, a + 1, a * 2.5, a / 2, 2 / a, a ** 2, a ** 0.5, 2 ** a, a - 1.5,
          f + a, f * 3, 3 - f, f / 0, -f, -a, f ** 3, f ** -2, f ** -1, f ** 0, f ** 1, 2.5 ** f, f ** f,
          b + b, b * b, b + 1, b * 2.5, a + b, b / b, b ** 2, torch.tensor(1) + torch.tensor(True)]:
    print(r, r.dtype)
print(torch.tensor([3]) ** torch.tensor([40]), torch.tensor([-7, 2]) ** 3, torch.tensor([2]) ** torch.tensor([-1]))
print(torch.tensor([0.]) ** -1, torch.tensor([-8.]) ** (1/3), torch.tensor([2.]) ** 100, torch.tensor([0, 1]) / 0)
""",
    "arith_rounding": """
x = torch.tensor([0.1, 0.2, 0.7, 1/3, 2.0**-20, 3e7])
print(x + 0.1, x * 0.1, x / 3, x - 0.3, 1 / x, x ** 2, x ** 3, x + x * x)
print(torch.tensor([16777217]) + 0.0, torch.tensor([1.0]) / 3 * 3)
""",
    "broadcast": """
print(torch.ones(2, 3) + torch.arange(3), torch.ones(2, 1) * torch.arange(3.), (torch.ones(3, 1, 2) - torch.ones(4, 1)).shape)
print(torch.tensor(2.) * torch.ones(2, 2), torch.arange(4).reshape(2, 2) + torch.tensor([10]))
""",
    "broadcast_error": "torch.ones(2, 3) + torch.ones(2)",
    "broadcast_error_2": "torch.ones(4, 3, 2) * torch.ones(5, 1, 1)",
    "bool_sub": "torch.tensor([True]) - torch.tensor([True])",
    "bool_sub_int": "torch.tensor([1]) - True",
    "bool_neg": "-torch.tensor([True])",
    "int_neg_pow": "torch.arange(3) ** -1",
    "comparisons": """
a = torch.tensor([1, 2, 3])
print(a == 2, a < 2.5, a >= torch.tensor([3, 2, 1]), 1 < a, a != a, torch.tensor([1.5]) == 1.5)
""",
    "inplace": """
a = torch.ones(3)
a += 1
a *= torch.tensor([1., 2., 3.])
a -= 0.5
a /= 2
print(a)
b = torch.ones(2, 3)
b.add_(torch.arange(3))
b.mul_(2)
print(b, b.zero_(), b.fill_(2.5))
c = torch.ones(3, dtype=torch.long)
c *= torch.tensor(True)
c += 2
print(c)
v = torch.zeros(2, 3)
v[0] += 1
v.t()[1] += 5
print(v)
""",
    "inplace_cast": "a = torch.ones(3, dtype=torch.long); a += 1.5",
    "inplace_div_int": "a = torch.ones(3, dtype=torch.long); a /= 2",
    "inplace_shape": "a = torch.ones(3); a += torch.ones(2, 3)",
    "inplace_bool": "a = torch.ones(3, dtype=torch.bool); a += 1",
    "inplace_leaf": "x = torch.ones(2, requires_grad=True); x += 1",
    "inplace_expanded": "a = torch.ones(3, 1).expand(3, 2); a += 1",
    "unary_math": """
x = torch.tensor([-2., -0.5, 0., 0.5, 2.])
print(x.abs(), x.relu(), torch.tensor([1., 4., 9.]).sqrt(), torch.tensor([0., 1., 2.]).exp(), torch.tensor([1., 2.]).log())
print(torch.tensor([1, 2]).exp(), torch.tensor([-3, 2]).abs(), torch.tensor([-3, 2]).relu())
""",
    # ------------------------------------------------------------ matmul
    "matmul_shapes": """
for s1, s2 in [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2, 3), (3, 4)), ((2, 2, 3), (3,)), ((3,), (2, 3, 2)),
               ((2, 2, 3), (3, 4)), ((4, 3), (2, 3, 2)), ((2, 2, 3), (2, 3, 2)), ((2, 1, 2, 3), (3, 3, 2)),
               ((2, 1, 2, 3), (3,))]:
    n1 = 1
    for s in s1: n1 *= s
    n2 = 1
    for s in s2: n2 *= s
    a = torch.arange(float(n1)).reshape(s1)
    b = (torch.arange(float(n2)) - 2).reshape(s2)
    r = a @ b
    print(r, r.shape, r.stride())
    r = a.long() @ b.long()
    print(r)
""",
    "matmul_grad_graph": """
def walk(g, d=0):
    if g is None:
        print(' ' * d + 'None'); return
    print(' ' * d + g.name())
    for n, _ in g.next_functions:
        walk(n, d + 2)
for s1, s2 in [((3,), (3, 2)), ((2, 3), (3,)), ((2, 2, 3), (3,)), ((3,), (2, 3, 2)), ((4, 3), (2, 3, 2)),
               ((2, 2, 3), (2, 3, 2)), ((2, 1, 2, 3), (3, 3, 2)), ((3,), (3,))]:
    a = torch.ones(s1, requires_grad=True)
    b = torch.ones(s2, requires_grad=True)
    y = a @ b
    walk(y.grad_fn)
    y.sum().backward()
    print(a.grad, b.grad)
""",
    "mm_mismatch": "torch.ones(2, 3) @ torch.ones(2, 2)",
    "dot_mismatch": "torch.ones(3) @ torch.ones(2)",
    "mv_mismatch": "torch.ones(2, 3) @ torch.ones(2)",
    "vm_mismatch": "torch.ones(2) @ torch.ones(3, 2)",
    "bmm_mismatch": "torch.ones(2, 2, 3) @ torch.ones(2, 2, 2)",
    "batch_broadcast_error": "torch.ones(2, 2, 3) @ torch.ones(3, 3, 2)",
    "fold_mm_error": "torch.ones(2, 2, 3) @ torch.ones(2, 2)",
    "fold_mv_error": "torch.ones(2, 3, 4) @ torch.ones(3)",
    "matmul_0d": "torch.tensor(1.) @ torch.ones(3)",
    "matmul_dtype": "torch.ones(2, 2, dtype=torch.long) @ torch.ones(2, 2)",
    "dot_dtype": "torch.ones(2, dtype=torch.long) @ torch.ones(2)",
    "mv_dtype": "torch.ones(2, 2, dtype=torch.long) @ torch.ones(2)",
    "mm_not_matrix": "torch.mm(torch.ones(2), torch.ones(2, 2))",
    "dot_not_1d": "torch.dot(torch.ones(2, 2), torch.ones(2))",
    # ------------------------------------------------------------ reductions
    "reductions": """
x = torch.arange(12.).reshape(3, 4) / 3
print(x.sum(), x.sum(0), x.sum(1), x.sum(-1, keepdim=True), x.sum((0, 1)), x.sum(dim=()), x.mean(), x.mean(0), x.mean(1, True))
a = torch.arange(12).reshape(3, 4)
print(a.sum(), a.sum(0), a.max(), a.max(1), a.argmax(), a.argmax(0), a.argmax(1, keepdim=True), a.min(0), a.argmin())
print(torch.tensor([3, 1, 3]).max(0), torch.tensor([1., float('nan'), 3.]).max(), torch.tensor([1., float('nan'), 3.]).argmax())
print(torch.tensor(5).max(0), torch.tensor(5).sum(0), torch.tensor(5.).mean(-1), torch.tensor([True, False]).sum())
print(torch.ones(0).sum(), torch.ones(0).mean(), torch.ones(0, 3).sum(0), torch.ones(0, 3).max(1), torch.ones(0, 3).argmax(1))
m = x.max(dim=1)
print(m.values, m.indices, m[0], type(m).__name__)
print(torch.max(x), torch.sum(x, 1), torch.mean(x))
""",
    "sum_float_order": """
x = torch.tensor([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.1, 1.3, 1.7, 2.9, 3.1, 7.7, 0.01, 0.02])
print(x.sum().item(), x.mean().item(), x.reshape(1, 17).sum(1).item())
y = torch.arange(60.).reshape(3, 4, 5) / 7
print(y.sum(0), y.sum(1), y.sum(2), y.sum((0, 2)), y.permute(2, 0, 1).sum(1), y.mean((1, 2)))
""",
    "mean_int": "torch.arange(4).mean()",
    "sum_dim_range": "torch.ones(2, 3).sum(2)",
    "sum_dup_dims": "torch.ones(2, 3).sum((0, 0))",
    "max_empty": "torch.ones(0).max()",
    "max_empty_dim": "torch.ones(0, 3).max(0)",
    "argmax_empty": "torch.ones(0).argmax()",
    # ------------------------------------------------------------ autograd
    "autograd_basic": """
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * x + 2 * x - 1
print(y, y.grad_fn, y.grad_fn.name() if y.grad_fn else None)
z = y.sum()
z.backward()
print(x.grad, x.is_leaf, y.is_leaf, z.grad_fn.name())
""".replace("y.grad_fn, y", "y.grad_fn.name(), y"),
    "autograd_names": """
x = torch.arange(6.).reshape(2, 3).requires_grad_()
for r in [x * 2, x + 2, x - 2, 2 - x, x / 2, 2 / x, x ** 2, 2 ** x, x ** x, -x, x.sum(), x.sum(0), x.mean(), x.mean(0),
          x.max(), x.max(0).values, x[0], x[:, 1], x[1:], x[:], x[...], x[None], x.view(3, 2), x.reshape(3, 2),
          x.t().reshape(6), x.T, x.mT, x.t(), x.permute(1, 0), x.transpose(0, 1), x.unsqueeze(0), x.squeeze(),
          x.squeeze(0), x.expand(2, 2, 3), x.t().contiguous(), x.flatten(), x[0] @ x[1], x @ x.t(), x @ x[0], x.exp(),
          x.clone(), x.sum(()), x[0, 0], x.detach()]:
    print(r.grad_fn.name() if r.grad_fn is not None else None, r.requires_grad)
print(x.contiguous() is x, x.float() is x)
""",
    "autograd_broadcast_grads": """
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
b = torch.tensor([10., 20., 30.], requires_grad=True)
c = torch.tensor(0.5, requires_grad=True)
y = ((a * b + c) / (b - a) - a ** 2).mean()
y.backward()
print(y, a.grad, b.grad, c.grad)
""",
    "autograd_views": """
x = torch.arange(12.).reshape(3, 4).requires_grad_()
y = (x[1:, ::2].t().reshape(-1) * torch.arange(4.)).sum() + x.max() + x.sum(0).max(0).values + x.unsqueeze(0).expand(2, 3, 4).sum()
y.backward()
print(y, x.grad)
x.grad.zero_()
(x.T @ x).mean().backward()
print(x.grad)
""",
    "autograd_accumulate": """
x = torch.tensor(2., requires_grad=True)
y = x * x
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
x.grad.zero_()
print(x.grad)
(x * x * x).backward()
print(x.grad)
x.grad = None
print(x.grad)
""",
    "backward_twice": "x = torch.tensor(2., requires_grad=True); y = x * 3; y.backward(); y.backward()",
    "backward_twice_nosaved": "x = torch.tensor(2., requires_grad=True); y = x + 3; y.backward(); y.backward(); print(x.grad)",
    "backward_twice_xx": "x = torch.tensor(2., requires_grad=True); y = x * x; y.backward(); print(x.grad); y.backward()",
    "backward_nonscalar": "x = torch.tensor([2., 3.], requires_grad=True); (x * x).backward()",
    "backward_no_grad": "x = torch.tensor([2., 3.]); (x * x).sum().backward()",
    "backward_gradient_arg": "x = torch.tensor([1., 2.], requires_grad=True); (x * 3).backward(torch.tensor([1., 0.5])); print(x.grad)",
    "backward_gradient_shape": "x = torch.tensor([1., 2.], requires_grad=True); (x * 2).backward(torch.ones(3))",
    "nonleaf_grad": "x = torch.tensor([2., 3.], requires_grad=True); y = x * x; print(y.grad)",
    "requires_grad_nonleaf": "x = torch.tensor([2., 3.], requires_grad=True); y = x * x; y.requires_grad = False",
    "requires_grad_int_setter": "a = torch.tensor([1, 2]); a.requires_grad = True",
    "requires_grad_int_method": "a = torch.tensor([1, 2]); a.requires_grad_()",
    "modified_inplace": """
x = torch.tensor([2., 3.], requires_grad=True)
y = x * 1
z = y * y
y += 1
print(y)
z.sum().backward()
""",
    "modified_inplace_leaf": """
x = torch.tensor([2., 3.], requires_grad=True)
z = x * x
with torch.no_grad():
    x += 1
z.sum().backward()
""",
    "modified_inplace_output": """
x = torch.tensor([2., 3.], requires_grad=True)
z = (x * 2).exp()
w = z * 1
z.add_(1)
w.sum().backward()
""",
    "no_grad_modes": """
x = torch.tensor([2., 3.], requires_grad=True)
with torch.no_grad():
    y = x * 2
    print(torch.is_grad_enabled())
print(y, y.requires_grad, y.grad_fn, torch.is_grad_enabled())
with torch.inference_mode():
    z = x * 2
print(z, z.requires_grad)
with torch.set_grad_enabled(False):
    w = x + 1
print(w.requires_grad)
@torch.no_grad()
def f(t):
    return t * 3
print(f(x))
d = x.detach()
d[0] = 10
print(x, d, x.detach().requires_grad)
with torch.no_grad():
    x -= 0.5 * x
print(x, x.is_leaf)
""",
    "sgd_loop": """
w = torch.tensor([0.5, -0.5], requires_grad=True)
xs = torch.tensor([[1., 2.], [3., 4.], [5., 6.]])
ys = torch.tensor([1., 2., 3.])
for step in range(4):
    pred = xs @ w
    loss = ((pred - ys) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.01 * w.grad
    w.grad.zero_()
    print(step, loss, w)
""",
    "retain_grad": """
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
y.retain_grad()
z = (y * y).sum()
z.backward()
print(y.grad, x.grad)
""",
    "autograd_grad_fn": """
x = torch.tensor([1., 2.], requires_grad=True)
y = (x * 2).sum()
g = torch.autograd.grad(y, x)
print(g, x.grad)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(CELLS[name].strip() + "\n")
