"""``torch.norm`` and ``Tensor.norm`` through ``linalg_vector_norm`` (as torch 2.x routes them), with the backward node.

Values follow ATen's CPU norm kernel: accumulation in float32 for float32/float16/bfloat16 and
in double for float64, every step rounded; ``ord=2`` over one contiguous innermost reduced
dimension (float32, float64, bfloat16) sums squares in vector lanes (8 floats, 4 doubles; a
bfloat16 vector is 16 values in two float halves), adds the lanes in order, then the tail
(its last ``len % 4`` steps fused multiply-adds, as the compiled loop is);
every other case accumulates each output element in TensorIterator's order (``acc + x*x``,
``acc + |x|``, ``acc + |x|**p`` then ``**(1/p)``, the largest or smallest ``|x|``, or the count of
nonzeros for ord 0).  When every reduced dimension has size 1 the result is ``abs(x)`` (``x != 0``
for ord 0), as in torch.

The matrix norms (``p='nuc'``, ``p='fro'`` over more than two dims) are torch.linalg's.
"""

import math
import sys

from .. import dtypes as D
from ..graph import Node, record
from ..reduction_order import iteration_layout, reduced_lines, saved_dims, wrapped_dims
from ..registry import at, function, kernel, method
from ..shape import wrap_dim
from ..tensor import Tensor

_INF = math.inf


def _ord_text(o):
    return f"{o:g}"


def _check_dtypes(t, dtype):
    """torch checks the input's and ``dtype``'s kinds before it reads ``dim``."""
    if not t._dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got {t._dtype._legacy}")
    check_norm_dtype("linalg.vector_norm", t, dtype)


def check_norm_dtype(name, t, dtype):
    """torch's check_linalg_norm_dtype: a ``dtype=`` that is floating and that t's dtype widens to."""
    if dtype is None:
        return
    if not dtype.is_floating_point:
        raise RuntimeError(f"{name}: dtype should be floating point or complex, but got {dtype._legacy}")
    if D.promote_types(t._dtype, dtype) is not dtype:
        raise RuntimeError(f"{name}: the dtype of the input ({t._dtype._legacy}) should be convertible "
                           f"without narrowing to the specified dtype ({dtype._legacy})")


def _check_identity(t, ord_, given):
    """A negative or infinite order needs something to reduce (it has no identity): each dimension
    named (as named), or, with none named, the whole tensor."""
    if not (ord_ < 0 or math.isinf(ord_)):
        return
    if not given:
        if t.numel() == 0:
            raise RuntimeError(f"linalg.vector_norm cannot compute the {_ord_text(ord_)} norm on an empty tensor "
                               "because the operation does not have an identity")
        return
    for d in given:
        if t.dim() and t._shape[wrap_dim(d, t.dim())] == 0:
            raise RuntimeError(f"linalg.vector_norm cannot compute the {_ord_text(ord_)} norm on the dimension "
                               f"{d}because this dimension is empty and the operation does not have an identity")


def _lastdim(t, dims, keepdim):
    """torch's is_reduce_lastdim(): one reduced (coalesced) dimension, innermost and contiguous."""
    shape = list(t._shape)
    out = [s for d, s in enumerate(shape) if d not in dims]
    ostr, acc = [], 1
    for s in reversed(out):
        ostr.append(acc)
        acc *= max(s, 1)
    ostr.reverse()
    full, k = [], 0
    for d in range(len(shape)):
        if d in dims:
            full.append(0)
        else:
            full.append(ostr[k])
            k += 1
    sh, os_, is_ = iteration_layout(shape, full, list(t._stride))
    reduced = [i for i in range(len(sh)) if os_[i] == 0 and sh[i] != 1]
    return reduced == [0] and is_[0] == 1


def _two_norm_lanes(line, dt, f):
    """The vectorized ord-2 loop: squares summed in float vector lanes, lanes added in order, then the tail."""
    lanes = 4 if dt is D.float64 else 8
    step = 16 if dt is D.bfloat16 else lanes
    acc = [0.0] * lanes
    n = len(line)
    d = 0
    while d < n - n % step:
        for half in range(0, step, lanes):
            acc = [f(a + f(x * x)) for a, x in zip(acc, line[d + half:d + half + lanes])]
        d += step
    total = acc[0]
    for a in acc[1:]:
        total = f(total + a)
    # the scalar tail `buffer[0] += x * x`: the compiler unrolls it by 4 and fuses the multiply-add
    # only in the last (len % 4) steps
    fma = D.fma_f64 if dt is D.float64 else D.fma_f32
    tail = line[d:]
    fused_from = len(tail) - len(tail) % 4
    for i, x in enumerate(tail):
        total = fma(x, x, total) if i >= fused_from else f(total + f(x * x))
    return math.sqrt(total)


def _norm_of(line, ord_, f):
    """One output element: NormZero/One/Two/AbsMax/AbsMin/Norm ops of ATen, accumulated in order."""
    if ord_ == 0:
        return float(sum(1 for x in line if x != 0))
    if ord_ == 1:
        acc = 0.0
        for x in line:
            acc = f(acc + abs(x))
        return acc
    if ord_ == 2:
        acc = 0.0
        for x in line:
            acc = f(acc + f(x * x))
        return math.sqrt(acc)
    if math.isinf(ord_):
        acc = 0.0 if ord_ > 0 else _INF
        for x in line:
            a = abs(x)
            if a != a or acc != acc:
                acc = math.nan
            else:
                acc = max(acc, a) if ord_ > 0 else min(acc, a)
        return acc
    p = f(ord_)
    acc = 0.0
    for x in line:
        acc = f(acc + f(_pow(abs(x), p)))
    return f(_pow(acc, f(1.0 / p)))


def _pow(x, p):
    try:
        return math.pow(x, p)
    except (OverflowError, ZeroDivisionError, ValueError):
        return _INF if x == 0 and p < 0 else (math.nan if x != x else _INF)


@kernel
def linalg_vector_norm(t, ord=2, dim=None, keepdim=False, dtype=None):  # noqa: A002 - torch's argument name
    ord_ = float(ord)
    _check_dtypes(t, dtype)
    nd = t.dim()
    given = [] if dim is None else ([dim] if isinstance(dim, int) else list(dim))
    wrapped = [wrap_dim(d, nd) for d in given]
    for i, w in enumerate(wrapped):
        if w in wrapped[:i]:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
    dims = sorted(set(wrapped)) if given and nd else list(range(nd))  # a 0-d tensor's dim 0 is itself
    _check_identity(t, ord_, given)
    out_dt = dtype if dtype is not None else t._dtype
    src = at.to_dtype(t, out_dt) if out_dt is not t._dtype else t
    if all(src._shape[d] == 1 for d in dims) and t.numel():  # a reduction over size-1 dims only
        vals = [float(x != 0) if ord_ == 0 else abs(x) for x in src._values()]
        shape = [1 if d in dims else s for d, s in enumerate(src._shape)] if keepdim else \
            [s for d, s in enumerate(src._shape) if d not in dims]
        out = Tensor._from_values(D.round_floats(vals, out_dt), tuple(shape), out_dt)
    else:
        f = float if out_dt is D.float64 else D.f32
        shape, lines = reduced_lines(src, set(dims), keepdim)
        if ord_ == 2 and out_dt in (D.float32, D.float64, D.bfloat16) and src.numel() and _lastdim(src, set(dims),
                                                                                                    keepdim):
            vals = [_two_norm_lanes(line, out_dt, f) for line in lines]
        else:
            vals = [_norm_of(line, ord_, f) for line in lines]
        out = Tensor._from_values(D.round_floats(vals, out_dt), tuple(shape), out_dt)
    record(LinalgVectorNormBackward0, (t,), out, dim=saved_dims(tuple(given)) if dim is not None else None,
           keepdim=keepdim, ord=ord, self=t, result=out)
    return out


# ------------------------------------------------------------------ backward
def _zero(like):
    return Tensor._from_values([D.zero_of(like._dtype)], (), like._dtype)


def _norm_backward(grad, x, p, norm, dim, keepdim):
    """torch's norm_backward (FunctionsManual.cpp), with ops."""
    nd = x.dim()
    dims = sorted(wrapped_dims(dim, nd)) if dim and nd else list(range(nd))
    if not keepdim and nd:
        for d in (dims if dim else []):
            grad = at.unsqueeze(grad, d)
            norm = at.unsqueeze(norm, d)
    if p == 0:
        return None
    if p == 1:
        return at.mul(at.sign(x), grad)
    if p == 2:
        return at.mul(grad, at.where(at.eq(norm, 0), _zero(x), at.div(x, norm)))
    if math.isinf(p):
        ax = at.abs(x)
        mask = at.logical_or(at.eq(ax, norm), at.isnan(ax))
        return at.mul(at.sign(x), at.mul(at.div(grad, at.sum(mask, tuple(dims), True)), mask))
    if p < 1:
        scaled = at.mul(at.sign(x), at.where(at.eq(x, 0), _zero(x), at.pow(at.abs(x), p - 1)))
        return at.mul(at.mul(scaled, grad), at.pow(norm, 1 - p))
    if p < 2:
        scaled = at.mul(at.sign(x), at.pow(at.abs(x), p - 1))
    else:
        scaled = at.mul(x, at.pow(at.abs(x), p - 2))
    scale = at.div(grad, at.pow(norm, p - 1))
    return at.mul(scaled, at.where(at.eq(norm, 0), _zero(scale), scale))


class LinalgVectorNormBackward0(Node):
    _name = "LinalgVectorNormBackward0"
    saves = ("self", "result")

    def apply(self, grad):
        sv = self._svals
        x = self.saved("self")
        g = _norm_backward(grad, x, float(sv["ord"]), self.saved("result"), sv["dim"], sv["keepdim"])
        return [g]


# ------------------------------------------------------------------ torch.norm / Tensor.norm
@function("norm", takes_out=True)
def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    """torch.norm (torch/functional.py): torch.linalg.vector_norm, or matrix_norm for a matrix order, called
    as torch calls them, so their parsers check the arguments as torch's do."""
    if not isinstance(input, Tensor):
        raise AttributeError(f"'{type(input).__name__}' object has no attribute 'layout'")
    linalg = sys.modules["booktorch.linalg"]  # its functions stand behind torch's parsers
    given = {} if out is None else {"out": out}
    _dim = None if dim is None else [dim] if isinstance(dim, int) else dim
    if isinstance(p, str):
        if p == "fro" and (dim is None or isinstance(dim, int) or len(dim) <= 2):
            return linalg.vector_norm(input, 2, _dim, keepdim, dtype=dtype, **given)
        if _dim is None:
            _dim = list(range(input.dim()))
        return linalg.matrix_norm(input, p, _dim, keepdim, dtype=dtype, **given)
    return linalg.vector_norm(input, 2.0 if p is None else p, _dim, keepdim, dtype=dtype, **given)


@method("norm")
def norm_method(self, p="fro", dim=None, keepdim=False, dtype=None):
    """Tensor.norm (torch/_tensor.py): torch.norm without out=."""
    return norm(self, p, dim, keepdim, dtype=dtype)
