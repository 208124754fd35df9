"""Matrix products: dot, mv, mm, bmm, outer and ``matmul``/``@``.

``matmul`` follows ATen's ``_matmul_impl`` step by step (dot / mv / unsqueeze+mm /
mm / folding the batch into mm or mv / expand+reshape+bmm), so results, error
messages and the recorded backward graph (``MvBackward0``, ``SqueezeBackward4``,
``UnsafeViewBackward0``...) are torch's.

Float32 rounding: ``mm`` accumulates with fused multiply-adds in k order (like
MKL's small-matrix kernels), ``bmm`` and ``dot`` round after every multiply and
add; matrix-vector products can differ from torch's BLAS in the last bit for
some inputs.  Float64 follows the same orders in double; float16 and bfloat16
accumulate in float32 and round the result; integers are exact and wrap.
"""

from .. import dtypes as D
from ..graph import Node, attach, needs_grad
from ..iterator import zeros
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes, numel
from ..tensor import Tensor


def _no_bool(t, kernel):
    if t._dtype is D.bool_:
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')


def _hsum_halving(lanes):
    f = D.f32
    while len(lanes) > 1:
        h = len(lanes) // 2
        lanes = [f(lanes[i] + lanes[i + h]) for i in range(h)]
    return lanes[0]


def _lanes(products, nlanes, start=0):
    f = D.f32
    lanes = [0.0] * nlanes
    used = [False] * nlanes
    for j, v in enumerate(products[start:]):
        k = j % nlanes
        lanes[k] = f(lanes[k] + v) if used[k] else v
        used[k] = True
    return lanes


def _dot_values(xs, ys, dt, mode):
    """One dot product in the accumulation order of torch's CPU kernels (see module docstring)."""
    if dt in D.REDUCED:
        return D.round_floats([_dot_values(xs, ys, D.float32, mode)], dt)[0]
    if dt is D.float64:
        acc = 0.0
        if mode == "fma":
            for x, y in zip(xs, ys):
                acc = D.fma_f64(x, y, acc)
            return acc
        for x, y in zip(xs, ys):
            acc += x * y
        return acc
    if dt is D.float32:
        f = D.f32
        acc = 0.0
        if mode == "fma":  # gemm / column-major gemv: fused multiply-add in k order
            for x, y in zip(xs, ys):
                acc = D.fma_f32(x, y, acc)
            return acc
        if mode == "seq":  # bmm: round after every multiply and add
            for x, y in zip(xs, ys):
                acc = f(acc + f(x * y))
            return acc
        p = D.round_f32([x * y for x, y in zip(xs, ys)])
        if not p:
            return 0.0
        if mode == "dot":  # 4 lanes, summed pairwise (l0 + l1) + (l2 + l3)
            lanes = _lanes(p, 4)
            return f(f(lanes[0] + lanes[1]) + f(lanes[2] + lanes[3]))
        if mode == "gemv_row":  # a row outside the 4-row blocks of row-major gemv
            if len(p) == 1:
                return p[0]
            return f(p[0] + _hsum_halving(_lanes(p, 8, 1)))
        if mode == "gemv_block":  # a row inside a 4-row block of row-major gemv
            first = p[0] if len(p) < 2 else D.fma_f32(xs[1], ys[1], p[0])
            return _hsum_halving(_block_lanes(p, first))
        raise AssertionError(mode)
    if dt is D.bool_:
        return any(x and y for x, y in zip(xs, ys))
    acc = 0
    for x, y in zip(xs, ys):
        acc += x * y
    return D.wrap_ints([acc], dt)[0]


def _block_lanes(p, first):
    f = D.f32
    lanes = [0.0] * 8
    used = [False] * 8
    lanes[0] = first
    used[0] = True
    for j in range(2, len(p)):
        k = (j - 1) % 8
        lanes[k] = f(lanes[k] + p[j]) if used[k] else p[j]
        used[k] = True
    return lanes


def _gemv(rows, v, dt, column_major):
    if dt is not D.float32 or column_major:
        return [_dot_values(r, v, dt, "fma") for r in rows]
    m = len(rows)
    full = m // 4 * 4
    return [_dot_values(r, v, dt, "gemv_block" if i < full else "gemv_row") for i, r in enumerate(rows)]


def _rows(t):
    """A 2-D tensor's values as a list of rows."""
    vals = t._values()
    m, k = t._shape
    return [vals[i * k:(i + 1) * k] for i in range(m)]


def _cols(t):
    vals = t._values()
    m, k = t._shape
    return [vals[j::k] for j in range(k)] if m else [[] for _ in range(k)]


def _record(node_class, inputs, out, saves):
    if needs_grad(*inputs):
        node = node_class(list(inputs))
        for key, t, needed_for in saves:
            if any(node.needs(i) for i in needed_for):
                node.save(key, t)
        attach(node, out)
    return out


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
    v = _dot_values(a._values(), b._values(), a._dtype, "dot")
    out = Tensor._from_values([v], (), a._dtype)
    return _record(DotBackward0, [a, b], out, [("self", a, (1,)), ("tensor", b, (0,))])


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
    if m._shape[0] and m._shape[1]:
        _no_bool(m, "addmv_impl_cpu")
    col_major = m._stride[0] == 1 and (m._shape[1] == 1 or m._stride[1] >= max(1, m._shape[0]))
    vals = _gemv(_rows(m), v._values(), m._dtype, col_major)
    out = Tensor._from_values(vals, (m._shape[0],), m._dtype)
    return _record(MvBackward0, [m, v], out, [("self", m, (1,)), ("vec", v, (0,))])


@kernel
def mm(a, b):
    if a.dim() != 2:
        raise RuntimeError("self must be a matrix")
    if b.dim() != 2:
        raise RuntimeError("mat2 must be a matrix")
    if a._shape[1] != b._shape[0]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({a._shape[0]}x{a._shape[1]} and "
            f"{b._shape[0]}x{b._shape[1]})"
        )
    if a._dtype is not b._dtype:
        raise RuntimeError(
            f"expected m1 and m2 to have the same dtype, but got: {a._dtype._ctype} != {b._dtype._ctype}"
        )
    if a._shape[0] and a._shape[1] and b._shape[1]:
        _no_bool(a, "addmm_impl_cpu_")
    rows = _rows(a)
    cols = _cols(b)
    if a._dtype is D.float32 and a._shape[1] == 1 and a._shape[0] > 1 and b._shape[1] > 1:
        # MKL's K == 1 kernel is a plain outer product (keeps -0.0)
        vals = D.round_f32([r[0] * c[0] for r in rows for c in cols])
    elif a._dtype is D.float32 and b._shape[1] == 1 and a._shape[0] > 1:
        # MKL runs a one-column product as a row-major gemv
        vals = _gemv(rows, cols[0], a._dtype, False)
    else:
        vals = [_dot_values(r, c, a._dtype, "fma") for r in rows for c in cols]
    out = Tensor._from_values(vals, (a._shape[0], b._shape[1]), a._dtype)
    return _record(MmBackward0, [a, b], out, [("self", a, (1,)), ("mat2", b, (0,))])


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
        return _record(BmmBackward0, [a, b], out, [("self", a, (1,)), ("mat2", b, (0,))])
    _no_bool(a, "bmm")
    if a._dtype is not b._dtype:
        raise RuntimeError(f"expected scalar type {a._dtype._legacy} but found {b._dtype._legacy}")
    vals = []
    for i in range(bs):
        ai = at.select(at.detach(a), 0, i)
        bi = at.select(at.detach(b), 0, i)
        rows = _rows(ai)
        cols = _cols(bi)
        vals.extend(_dot_values(r, c, a._dtype, "seq") for r in rows for c in cols)
    out = Tensor._from_values(vals, (bs, n, p), a._dtype)
    return _record(BmmBackward0, [a, b], out, [("self", a, (1,)), ("mat2", b, (0,))])


@kernel
def outer(a, b):
    if needs_grad(a, b):  # torch's outer is a.reshape(-1, 1) * b: MulBackward0 over ViewBackward0
        return at.mul(at.reshape(a, (a.numel(), 1)), b)
    av = a._values()
    bv = b._values()
    dt = D.promote_types(a._dtype, b._dtype)
    av, bv = D.convert(av, a._dtype, dt), D.convert(bv, b._dtype, dt)
    if dt is D.bool_:
        vals = [x and y for x in av for y in bv]
    else:
        vals = D.round_values([x * y for x in av for y in bv], dt)
    return Tensor._from_values(vals, (len(av), len(bv)), dt)


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
    if not isinstance(t2, Tensor):
        raise TypeError(f"matmul(): argument 'other' (position 1) must be Tensor, not {type(t2).__name__}")
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
class MmBackward0(Node):
    _name = "MmBackward0"
    formulas = ("grad @ mat2.T", "self.T @ grad")

    def apply(self, grad):
        g0 = mm(grad, at.t(self.saved("mat2"))) if self.needs(0) else None
        g1 = mm(at.t(self.saved("self")), grad) if self.needs(1) else None
        return [g0, g1]


class MvBackward0(Node):
    _name = "MvBackward0"
    formulas = ("outer(grad, vec)", "self.T @ grad")

    def apply(self, grad):
        g0 = outer(grad, self.saved("vec")) if self.needs(0) else None
        g1 = mv(at.t(self.saved("self")), grad) if self.needs(1) else None
        return [g0, g1]


class DotBackward0(Node):
    _name = "DotBackward0"
    formulas = ("grad * tensor", "grad * self")

    def apply(self, grad):
        g0 = at.mul(grad, self.saved("tensor")) if self.needs(0) else None
        g1 = at.mul(grad, self.saved("self")) if self.needs(1) else None
        return [g0, g1]

    def local(self, i):
        return self.saved("tensor" if i == 0 else "self")


class BmmBackward0(Node):
    _name = "BmmBackward0"
    formulas = ("grad @ mat2.mT", "self.mT @ grad")

    def apply(self, grad):
        g0 = bmm(grad, at.transpose(self.saved("mat2"), 1, 2)) if self.needs(0) else None
        g1 = bmm(at.transpose(self.saved("self"), 1, 2), grad) if self.needs(1) else None
        return [g0, g1]


# ------------------------------------------------------------------ the Tensor and torch API
def _tensor_other(name, other, position):
    if not isinstance(other, Tensor):
        raise TypeError(f"{name}(): argument 'other' (position {position}) must be Tensor, not {type(other).__name__}")


@method("__matmul__")
def matmul_operator(self, other):
    return matmul(self, other) if isinstance(other, Tensor) else NotImplemented


@method("__rmatmul__")
def rmatmul_operator(self, other):
    return NotImplemented


@method("matmul")
def matmul_method(self, other):
    _tensor_other("matmul", other, 1)
    return matmul(self, other)


@function("matmul", tensor_input=True)
def matmul_function(input, other):
    _tensor_other("matmul", other, 2)
    return matmul(input, other)


for _fn in (mm, mv, dot, bmm, outer):
    method(_fn.__name__)(_fn)
    function(_fn.__name__, tensor_input=True)(_fn)
del _fn
