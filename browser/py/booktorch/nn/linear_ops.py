"""``F.linear`` and the fused ``addmm`` (bias + input @ weight.T) it runs on, as torch's
``at::linear`` does:

- a 2-D input with a bias: ``addmm(bias, input, weight.t())`` (AddmmBackward0);
- a contiguous input of another rank with a bias: flattened to 2-D, ``addmm``, viewed back;
- otherwise ``matmul(input, weight.t())``, then the bias added in place.

``addmm``'s float32 values are those of ``mm`` followed by adding the bias (MKL's gemm with
beta = 1 rounds the product, then the sum: checked against torch).  Its backward follows
``mm_mat1_backward`` and ``mm_mat2_backward``, which multiply in the order that gives a
column-major input (``weight.t()``) its gradient as ``(grad.t() @ input).t()``.
"""

import operator

from .. import dtypes as D
from ..grad_mode import no_grad
from ..graph import Node, record
from ..registry import at, function, kernel
from ..tensor import Tensor


@kernel
def addmm(bias, mat1, mat2):
    """bias + mat1 @ mat2, with the bias broadcast to the product's shape."""
    with no_grad():
        prod = at.mm(mat1, mat2)
        expanded = at.expand(bias, prod._shape)
        if bias._dtype is not prod._dtype:
            raise RuntimeError(
                f"self and mat2 must have the same dtype, but got {bias._dtype._legacy} and {mat2._dtype._legacy}"
            )
        n, m = prod._shape
        if bias._shape == (m,) and bias._stride == (1,):  # a Linear's bias: one row, repeated
            bias_vals = bias._storage.data[bias._offset:bias._offset + m] * n
        else:
            bias_vals = expanded._values()
        out = Tensor._from_values(D.round_values(list(map(operator.add, prod._values(), bias_vals)), prod._dtype),
                                  prod._shape, prod._dtype)
    record(AddmmBackward0, (bias, mat1, mat2), out, mat1_sym_sizes=tuple(mat1._shape), mat1_sym_strides=mat1._stride,
           mat2_sym_sizes=tuple(mat2._shape), mat2_sym_strides=mat2._stride, mat1=mat1, mat2=mat2)
    return out


def _column_major(sizes, strides):
    return strides[0] == 1 and strides[1] == sizes[0]


class AddmmBackward0(Node):
    _name = "AddmmBackward0"
    saves = {"mat1": 2, "mat2": 1}

    def apply(self, grad):
        sv = self._svals
        g_bias = grad if self.needs(0) else None
        g1 = g2 = None
        if self.needs(1):
            mat2 = self.saved("mat2")
            if _column_major(sv["mat1_sym_sizes"], sv["mat1_sym_strides"]):
                g1 = at.t(at.mm(mat2, at.t(grad)))
            else:
                g1 = at.mm(grad, at.t(mat2))
        if self.needs(2):
            mat1 = self.saved("mat1")
            if _column_major(sv["mat2_sym_sizes"], sv["mat2_sym_strides"]):
                g2 = at.t(at.mm(at.t(grad), mat1))
            else:
                g2 = at.mm(at.t(mat1), grad)
        return [g_bias, g1, g2]


def _contiguous(t):
    return t.is_contiguous()


@kernel
def linear(input, weight, bias=None):
    if input.dim() == 0 or weight.dim() == 0:
        raise RuntimeError(
            f"both arguments to linear need to be at least 1D, but they are {input.dim()}D and {weight.dim()}D"
        )
    if bias is not None:
        if input.dim() == 2:
            return addmm(bias, input, at.t(weight))
        if _contiguous(input) and (input.dim() == 3 or bias.dim() == 1):
            sizes = input._shape
            flat = 1
            for s in sizes[:-1]:
                flat *= s
            result = addmm(bias, at.reshape(input, (flat, sizes[-1])), at.t(weight))
            return at.view(result, tuple(sizes[:-1]) + (result._shape[1],))
    output = at.matmul(input, at.t(weight))
    if bias is not None:
        output = at.inplace(output, at.add, bias)
    return output


@function("linear", namespace="torch.nn.functional")
def linear_function(input, weight, bias=None):
    for name, position, value in (("input", 1, input), ("weight", 2, weight)):
        if not isinstance(value, Tensor):
            raise TypeError(f"linear(): argument '{name}' (position {position}) must be Tensor, not "
                            f"{type(value).__name__}")
    if bias is not None and not isinstance(bias, Tensor):
        raise TypeError(f"linear(): argument 'bias' (position 3) must be Tensor, not {type(bias).__name__}")
    return linear(input, weight, bias)


linear_function.__name__ = linear_function.__qualname__  # F.linear.__name__ is "linear"
