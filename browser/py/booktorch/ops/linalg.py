"""Matrix products: dot, mv, mm, bmm, outer and ``matmul``/``@``.

``matmul`` follows ATen's ``_matmul_impl`` step by step (dot / mv / unsqueeze+mm /
mm / folding the batch into mm or mv / expand+reshape+bmm), so results, error
messages and the recorded backward graph (``MvBackward0``, ``SqueezeBackward4``,
``UnsafeViewBackward0``...) are torch's.

Values: float32 products add up in the order of torch's CPU BLAS (MKL), chosen from
the operands' memory layout exactly as ATen's ``addmm_impl_cpu_`` passes them
(:mod:`booktorch.blas`); float64 products are unfused k chains, fused multiply-adds
in the large-matrix kernel (MKL's dgemm orders are only partly reproduced); float16
and bfloat16 accumulate in float32 in four partial sums as ATen's own gemm does and
round the result; integers are exact and wrap.
"""

import math
from array import array
from functools import reduce
from itertools import chain, repeat
from operator import add, mul

from .. import blas
from .. import dtypes as D
from ..errors import unsupported
from ..graph import Node, record
from ..iterator import zeros
from ..out_arguments import MATRIX_PRODUCT, exact_dtype, writes_out
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes, numel
from ..tensor import Tensor


def _no_bool(t, kernel):
    if t._dtype is D.bool_:
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')


# ------------------------------------------------------------------ values of a product in each dtype
def _rows(vals, m, n):
    return [vals[i * n:(i + 1) * n] for i in range(m)]


def _cols(vals, m, n):
    return [vals[j::n] for j in range(n)] if m else [[] for _ in range(n)]


def _ilp4(products):
    """ATen's own gemm sum (``BlasKernel.cpp``): four partial float32 sums, the rest into the first."""
    lanes = array("f", bytes(16))
    k = len(products)
    full = k // 4 * 4
    for i in range(0, full, 4):
        lanes = array("f", map(add, lanes, products[i:i + 4]))
    for i in range(full, k):
        lanes[0] += products[i]
    lanes[0] += lanes[1]
    lanes[0] += lanes[2]
    lanes[0] += lanes[3]
    return lanes[0]


def _fma64(x, y, acc):
    return D.fma_f64(x, y, acc)


def _dot_dtype(xs, ys, dt):
    """One dot product of two value lists in dtype ``dt`` (not float32, which follows MKL)."""
    if dt is D.float64:
        return reduce(add, map(mul, xs, ys), 0.0)
    if dt in D.REDUCED:
        return D.round_floats([_ilp4(array("f", map(mul, xs, ys)))], dt)[0]
    return D.wrap_ints([sum(map(mul, xs, ys))], dt)[0]


def _gemm_f64(a_rows, b_rows, b_cols, m, k, n):
    """float64 ``A @ B``: MKL's dgemm fuses the multiply-adds of matrices of 12 or more rows and
    columns, in k order; smaller products are unfused k chains."""
    if m >= 12 and n >= 12:
        fma = getattr(math, "fma", _fma64)
        out = []
        for r in a_rows:
            acc = array("d", bytes(8 * n))
            for av, b in zip(r, b_rows):
                acc = array("d", map(fma, b, repeat(av), acc))
            out.append(acc)
        return out
    return blas.unfused_rows(a_rows, b_rows, n, "d")


def _operand(t, row_major_first):
    """A 2-D tensor as ATen's addmm hands it to BLAS: row- or column-major with its leading
    dimension, or (neither) copied to a fresh row-major matrix."""
    r, c = t._shape
    s0, s1 = t._stride
    row = s1 == 1 and s0 >= max(1, c)
    col = s0 == 1 and s1 >= max(1, r)
    vals = t._values()
    if row and (row_major_first or not col):
        return blas.Operand(vals, (r, c), False, t._offset, s0)
    if col:
        return blas.Operand(vals, (r, c), True, t._offset, s1)
    return blas.Operand(vals, (r, c), False, 0, c)


def _gemm(a, b, out_offset=0):
    """The row-major values of ``a @ b`` (2-D tensors of one dtype, no empty dimension), written at
    ``out_offset`` elements into the result (its alignment picks some of MKL's orders)."""
    m, k = a._shape
    n = b._shape[1]
    dt = a._dtype
    if dt is D.float32:
        # ATen swaps the operands to write a row-major result unless it has one column
        return blas.sgemm(_operand(a, n != 1), _operand(b, n != 1), out_offset=out_offset)
    av, bv = a._values(), b._values()
    if dt is D.float64:
        return list(chain.from_iterable(_gemm_f64(_rows(av, m, k), _rows(bv, k, n), None, m, k, n)))
    a_rows = _rows(av, m, k)
    b_cols = _cols(bv, k, n)
    return [_dot_dtype(r, c, dt) for r in a_rows for c in b_cols]


def _gemv(mat, vec):
    """``mat @ vec`` values (ATen's addmv: MKL's sgemv, transposed for a row-major matrix)."""
    m, k = mat._shape
    dt = mat._dtype
    mv_, vv = mat._values(), vec._values()
    if dt is D.float32:
        s0, s1 = mat._stride
        if s0 == 1 and (k == 1 or s1 >= max(1, m)):
            return blas.sgemv_cols(_cols(mv_, m, k), vv)
        if s1 == 1 and (m == 1 or s0 >= max(1, k)):
            return blas.sgemv_rows(_rows(mv_, m, k), vv, mat._offset, s0, vec._offset)
        return blas.sgemv_rows(_rows(mv_, m, k), vv, 0, k, vec._offset)
    return [_dot_dtype(r, vv, dt) for r in _rows(mv_, m, k)]


# ------------------------------------------------------------------ the products
@kernel
def dot(a, b):
    if a.dim() != 1 or b.dim() != 1:
        raise RuntimeError(f"1D tensors expected, but got {a.dim()}D and {b.dim()}D tensors")
    if a._dtype is not b._dtype:
        raise RuntimeError(
            f"dot : expected both vectors to have same dtype, but found {a._dtype._legacy} and {b._dtype._legacy}"
        )
    if a.numel() != b.numel():
        n, m = a.numel(), b.numel()
        raise RuntimeError(
            f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to have the same number of elements, "
            f"but got {n} and {m} elements respectively"
        )
    _no_bool(a, "dot")
    if a._dtype is D.float32:
        unit = a._stride[0] == 1 and b._stride[0] == 1
        v = blas.sdot(a._values(), b._values(), a._offset, b._offset, unit)
    else:
        v = _dot_dtype(a._values(), b._values(), a._dtype)
    out = Tensor._from_values([v], (), a._dtype)
    record(DotBackward0, (a, b), out, self=a, tensor=b)
    return out


@kernel
def mv(m, v):
    if m.dim() != 2 or v.dim() != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {m.dim()}, {v.dim()}")
    if m._shape[1] != v._shape[0]:
        raise RuntimeError(
            f"size mismatch, got input ({m._shape[0]}), mat ({m._shape[0]}x{m._shape[1]}), vec ({v._shape[0]})"
        )
    if m._dtype is not v._dtype:
        raise RuntimeError(
            f"addmv input tensors must have the same dtype, but got {v._dtype._legacy}, {m._dtype._legacy}, and "
            f"{v._dtype._legacy}"
        )
    rows, k = m._shape
    if rows and k:
        _no_bool(m, "addmv_impl_cpu")
        vals = _gemv(m, v)
    else:
        vals = [D.zero_of(m._dtype)] * rows
    out = Tensor._from_values(vals, (rows,), m._dtype)
    record(MvBackward0, (m, v), out, self=m, vec=v)
    return out


def _mm_checks(a, b, mat1="self", mat2="mat2", detail=False):
    if a.dim() != 2:
        raise RuntimeError(f"{mat1} must be a matrix" + (f", got {a.dim()}-D tensor" if detail else ""))
    if b.dim() != 2:
        raise RuntimeError(f"{mat2} must be a matrix" + (f", got {b.dim()}-D tensor" if detail else ""))
    if a._shape[1] != b._shape[0]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({a._shape[0]}x{a._shape[1]} and "
            f"{b._shape[0]}x{b._shape[1]})"
        )


def _product_values(a, b):
    """``a @ b`` for matrices of one dtype, with ATen's handling of empty sizes."""
    m, k = a._shape
    n = b._shape[1]
    if not (m and n):
        return []
    if not k:
        return [D.zero_of(a._dtype)] * (m * n)
    _no_bool(a, "addmm_impl_cpu_")
    return _gemm(a, b)


@kernel
def mm(a, b):
    _mm_checks(a, b)
    if a._dtype is not b._dtype:
        raise RuntimeError(
            f"expected m1 and m2 to have the same dtype, but got: {a._dtype._ctype} != {b._dtype._ctype}"
        )
    out = Tensor._from_values(_product_values(a, b), (a._shape[0], b._shape[1]), a._dtype)
    record(MmBackward0, (a, b), out, self=a, mat2=b,
           self_sym_sizes=tuple(a._shape), self_sym_strides=tuple(a._stride),
           mat2_sym_sizes=tuple(b._shape), mat2_sym_strides=tuple(b._stride))
    return out


@kernel
def bmm(a, b):
    if a.dim() != 3:
        raise RuntimeError("batch1 must be a 3D tensor")
    if b.dim() != 3:
        raise RuntimeError("batch2 must be a 3D tensor")
    bs, n, k = a._shape
    if b._shape[0] != bs or b._shape[1] != k:
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: [{bs}, {k}] but got: "
            f"[{b._shape[0]}, {b._shape[1]}]."
        )
    p = b._shape[2]
    if bs * n * p == 0 or k == 0:
        out = zeros((bs, n, p), b._dtype)
        record(BmmBackward0, (a, b), out, self=a, mat2=b)
        return out
    _no_bool(a, "bmm")
    if a._dtype is not b._dtype:
        raise RuntimeError(f"expected scalar type {a._dtype._legacy} but found {b._dtype._legacy}")
    vals = []
    for i in range(bs):
        ai = at.select(at.detach(a), 0, i)
        bi = at.select(at.detach(b), 0, i)
        small = k * n * p < 400 or (p == 1 and bs > 1 and a._dtype is D.float32)
        if small and a._dtype._kind == 2 and a._dtype not in D.REDUCED:
            # ATen's own loop for small products: unfused k chains; MKL's batched sgemm of one column
            # (measured) adds the same chains
            tc = "f" if a._dtype is D.float32 else "d"
            b_rows = _rows(bi._values(), k, p)
            vals.extend(chain.from_iterable(blas.unfused_rows(_rows(ai._values(), n, k), b_rows, p, tc)))
        else:
            vals.extend(_gemm(ai, bi, i * n * p))
    out = Tensor._from_values(vals, (bs, n, p), a._dtype)
    record(BmmBackward0, (a, b), out, self=a, mat2=b)
    return out


@kernel
def outer(a, b):
    """torch.outer: ``a.reshape(n, 1) * b`` (so its grad_fn is MulBackward0)."""
    for t, name in ((a, "self"), (b, "vec2")):
        if t.dim() != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {t.dim()}-D")
    return at.mul(at.reshape(a, (a._shape[0], 1)), b)


# ------------------------------------------------------------------ matmul
def _should_fold(t1, t2):
    larger = t1.dim() >= t2.dim()
    big = t1 if larger else at.mT(at.detach(t2))
    dim_big = big.dim()
    dim_small = t2.dim() if larger else t1.dim()
    if not (dim_big >= 3 and dim_small <= 2):
        return False
    small_requires_grad = t2._requires_grad if larger else t1._requires_grad
    if small_requires_grad:
        return True
    if t1.dim() == 2:
        return False
    if big.numel() == 0:
        return True
    sh, st = big._shape, big._stride
    for i in range(dim_big - 2):
        if st[i] != st[i + 1] * sh[i + 1]:
            return False
    return True


@kernel
def matmul(t1, t2):
    d1, d2 = t1.dim(), t2.dim()
    if d1 == 0 or d2 == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are {d1}D and {d2}D")
    if d1 == 1 and d2 == 1:
        return dot(t1, t2)
    if d1 == 2 and d2 == 1:
        return mv(t1, t2)
    if d1 == 1 and d2 == 2:
        return at.squeeze_inplace_dim(mm(at.unsqueeze(t1, 0), t2), 0)
    if d1 == 2 and d2 == 2:
        return mm(t1, t2)
    if d1 == 3 and d2 == 3:
        # torch drops the batch dimension of size 1 of an input that requires grad when the other's is
        # larger, and multiplies a matrix by a batch (so its gradient comes from one mm)
        if t1._shape[0] == 1 and t2._shape[0] != 1 and t1._requires_grad:
            return matmul(at.squeeze(t1, 0), t2)
        if t2._shape[0] == 1 and t1._shape[0] != 1 and t2._requires_grad:
            return matmul(t1, at.squeeze(t2, 0))
    if _should_fold(t1, t2):
        transpose = d2 > d1
        a = at.mT(t2) if transpose else t1
        b = (at.t(t1) if d1 == 2 else t1) if transpose else t2
        sizes = a._shape
        output_shape = list(sizes[:-1])
        folded = numel(output_shape)
        if b.dim() == 2:
            output_shape.append(b._shape[1])
        a_folded = at.reshape(a, (folded, sizes[-1]))
        if b.dim() == 2:
            output = at.unsafe_view(mm(a_folded, b), output_shape)
            return at.contiguous(at.mT(output)) if transpose else output
        return at.unsafe_view(mv(a_folded, b), output_shape)
    n = t1._shape[-2] if d1 > 1 else 1
    m1 = t1._shape[-1]
    batch1 = t1._shape[:max(d1 - 2, 0)]
    m2 = t2._shape[-2] if d2 > 1 else t2._shape[0]
    p = t2._shape[-1] if d2 > 1 else 1
    batch2 = t2._shape[:max(d2 - 2, 0)]
    output_shape = list(broadcast_shapes(batch1, batch2))
    bp = numel(output_shape)
    e1 = at.reshape(at.expand(t1, output_shape + [n, m1]), (bp, n, m1))
    vector_rhs = d2 == 1
    if vector_rhs:
        e2 = at.unsqueeze(at.reshape(at.expand(t2, output_shape + [m2]), (bp, m2)), 2)
    else:
        e2 = at.reshape(at.expand(t2, output_shape + [m2, p]), (bp, m2, p))
    if d1 > 1:
        output_shape.append(n)
    if d2 > 1:
        output_shape.append(p)
    r = bmm(e1, e2)
    if vector_rhs:
        r = at.squeeze(r, -1)
    return at.unsafe_view(r, output_shape)


# ------------------------------------------------------------------ backward nodes
def _column_major(sizes, strides):
    return strides[0] == 1 and strides[1] == sizes[0]


def _mm_mat1_backward(grad, mat2, sizes, strides):
    """FunctionsManual's mm_mat1_backward: a column-major mat1 gets a column-major gradient."""
    if _column_major(sizes, strides):
        g = at.t(mm(mat2, at.t(grad)))
    else:
        g = mm(grad, at.t(mat2))
    return g


def _mm_mat2_backward(grad, mat1, sizes, strides):
    if _column_major(sizes, strides):
        g = at.t(mm(at.t(grad), mat1))
    else:
        g = mm(at.t(mat1), grad)
    return g


class MmBackward0(Node):
    _name = "MmBackward0"
    saves = {"self": 1, "mat2": 0}

    def apply(self, grad):
        sv = self._svals
        g0 = g1 = None
        if self.needs(0):
            g0 = _mm_mat1_backward(grad, self.saved("mat2"), sv["self_sym_sizes"], sv["self_sym_strides"])
        if self.needs(1):
            g1 = _mm_mat2_backward(grad, self.saved("self"), sv["mat2_sym_sizes"], sv["mat2_sym_strides"])
        return [g0, g1]


class MvBackward0(Node):
    _name = "MvBackward0"
    saves = {"self": 1, "vec": 0}

    def apply(self, grad):
        g0 = at.mul(at.unsqueeze(grad, 1), self.saved("vec")) if self.needs(0) else None
        g1 = mv(at.t(self.saved("self")), grad) if self.needs(1) else None
        return [g0, g1]


class DotBackward0(Node):
    _name = "DotBackward0"
    saves = {"self": 1, "tensor": 0}

    def apply(self, grad):
        g0 = at.mul(grad, self.saved("tensor")) if self.needs(0) else None
        g1 = at.mul(grad, self.saved("self")) if self.needs(1) else None
        return [g0, g1]


class BmmBackward0(Node):
    _name = "BmmBackward0"
    saves = {"self": 1, "mat2": 0}

    def apply(self, grad):
        g0 = bmm(grad, at.transpose(self.saved("mat2"), 1, 2)) if self.needs(0) else None
        g1 = bmm(at.transpose(self.saved("self"), 1, 2), grad) if self.needs(1) else None
        return [g0, g1]


# ------------------------------------------------------------------ the Tensor and torch API
@method("__matmul__")
def matmul_operator(self, other):
    return matmul(self, other) if isinstance(other, Tensor) else NotImplemented


@method("__rmatmul__")
def rmatmul_operator(self, other):
    return NotImplemented


# torch's parser (booktorch/binding.py) has read the arguments: two tensors
_DOT_OUT = exact_dtype("result dtype {out} does not match input dtype {result}")
_MV_OUT = exact_dtype("addmv input tensors must have the same dtype, but got {out}, {result}, and {result}")


def _mv_function(input, vec, *, out=None):  # noqa: A002 - torch's name
    """mv(out=): addmv's dtype check when out has the result's shape, mm's otherwise."""
    if out is None:
        return mv(input, vec)
    check = _MV_OUT if tuple(out._shape) == (input._shape[0],) else MATRIX_PRODUCT
    return writes_out("mv", check)(mv)(input, vec, out=out)

for _fn in (matmul, mm, mv, dot, bmm, outer):
    method(_fn.__name__)(_fn)
    if _fn is dot:
        function("dot", takes_out=True)(writes_out("dot", _DOT_OUT, check_first=False)(dot))
    elif _fn is mv:
        function("mv", takes_out=True)(_mv_function)
    elif _fn is outer:
        function(_fn.__name__)(_fn)
del _fn


@function("matmul", takes_out=True)
def matmul_function(input, other, *, out=None):  # noqa: A002 - torch's name
    """matmul(out=) goes through the product torch calls: dot, mv (whose dtype check is addmv's, when out
    has the right shape), or mm/bmm; a vector times a matrix writes a (1, m) result and squeezes it."""
    if out is None:
        return matmul(input, other)
    first = True  # whether the product checks out's dtype before it resizes out
    if input.dim() == 1 and other.dim() == 1:
        check, first = _DOT_OUT, False
    elif input.dim() == 2 and other.dim() == 1 and tuple(out._shape) == (input._shape[0],):
        check = _MV_OUT
    else:
        check, first = MATRIX_PRODUCT, input.dim() <= 2 and other.dim() <= 2
    if input.dim() != 1 or other.dim() != 2:
        return writes_out("matmul", check, check_first=first)(matmul)(input, other, out=out)
    result = writes_out("matmul", check)(lambda a, b: at.unsqueeze(matmul(a, b), 0))(input, other, out=out)
    return result.squeeze_(0)


def _out_dtype_form(fn):
    """torch.mm and torch.bmm also take an out_dtype (CUDA only: CPU torch cannot run that overload)."""
    @writes_out(fn.__name__, MATRIX_PRODUCT)
    def as_function(input, mat2, out_dtype=None):  # noqa: A002 - torch's name
        if out_dtype is not None:
            raise unsupported(f"torch.{fn.__name__}(..., out_dtype)")
        return fn(input, mat2)

    as_function.__name__ = fn.__name__
    function(fn.__name__, takes_out=True)(as_function)


_out_dtype_form(mm)
_out_dtype_form(bmm)
