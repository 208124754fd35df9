"""softmax, log_softmax and logsumexp, with their backward nodes.

Softmax and log_softmax follow torch's CPU kernels (``SoftMaxKernel.cpp``) on the input
made contiguous, so that float32 results round as torch's do:

- over the last dimension, each row is reduced the way ``vec::reduce_all`` does it: AVX2
  vectors of 8 floats (4 doubles) summed lane by lane, the lanes then combined as the
  vector shuffles combine them; a row shorter than a vector is summed left to right.
  softmax multiplies each ``exp(x - max)`` by ``1 / sum``; log_softmax computes
  ``x - max - log(sum)``;
- over any other dimension the sum runs along the dimension for each position, and
  softmax divides by it.

float16 and bfloat16 are computed in float32 and rounded once.  The backward kernels
(``_softmax_backward_data``) follow the same layout: ``(grad - sum(grad * out)) * out``
and ``grad - exp(out) * sum(grad)``, with the fused multiply-adds torch's compiled vector code
has.  float32 exponentials are Sleef's, as torch's vector code computes them (:mod:`booktorch.sleef`),
or glibc's ``expf`` in a scalar tail (:mod:`booktorch.libm`), so softmax rows sum as torch's do;
log_softmax's logarithms of the sums are Sleef's too.  float64's ``exp`` and ``log`` are correctly
rounded here, where torch's Sleef ones can differ in the last bit.  When the backward itself is
recorded (grad mode on, ``create_graph=True``), its graph is made of differentiable ops, and its
values are still the kernel's.
``logsumexp`` is torch's composite: ``log(sum(exp(x - max))) + max`` with an infinite
max replaced by 0.
"""

import math

from .. import dtypes as D
from ..graph import Node, needs_grad, record
from ..grad_mode import no_grad
from ..registry import at, function, kernel, method
from ..shape import is_contiguous, numel, wrap_dim
from .. import libm
from ..sleef import expf, logf
from ..tensor import Tensor


def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _log(x):
    if x > 0:
        return math.log(x)
    return -math.inf if x == 0 else math.nan


def _lanes_of(dt):
    """Values per AVX2 vector in the computation dtype (float32 for the half types)."""
    return 4 if dt is D.float64 else 8


def _combine_lanes(acc, op, f):
    """vec_reduce_all over a full vector: the AVX2 float shuffle tree, or lane by lane for doubles."""
    if len(acc) == 8:
        v = [f(op(acc[i], acc[i + 4])) for i in range(4)]
        return f(op(f(op(v[0], v[2])), f(op(v[1], v[3]))))
    r = acc[0]
    for v in acc[1:]:
        r = f(op(r, v))
    return r


def _reduce_row(vals, op, f, lanes):
    """vec::reduce_all(op, row): torch's vectorised reduction of one contiguous row."""
    n = len(vals)
    if n < lanes:
        r = vals[0]
        for v in vals[1:]:
            r = f(op(r, v))
        return r
    acc = vals[:lanes]
    full = n - n % lanes
    for d in range(lanes, full, lanes):
        acc = [f(op(a, b)) for a, b in zip(acc, vals[d:d + lanes])]
    for i, v in enumerate(vals[full:]):
        acc[i] = f(op(acc[i], v))
    return _combine_lanes(acc, op, f)


def _add(a, b):
    return a + b


def _maximum(a, b):
    if a != a or b != b:
        return math.nan
    return a if a >= b else b


def _identity(x):
    return x


def _layout(shape, dim):
    outer = numel(shape[:dim])
    inner = numel(shape[dim + 1:])
    return outer, shape[dim], inner


def _columns(vals, outer, size, inner):
    """The values along the softmax dimension, one list per (outer, inner) position, in memory order."""
    step = size * inner
    return [vals[o * step + i:(o + 1) * step:inner] for o in range(outer) for i in range(inner)]


def _place(cols, outer, size, inner):
    """The inverse of :func:`_columns`: row-major values from the per-position lists."""
    if inner == 1:
        return [v for c in cols for v in c]
    out = [0.0] * (outer * size * inner)
    step = size * inner
    for k, c in enumerate(cols):
        o, i = divmod(k, inner)
        out[o * step + i:(o + 1) * step:inner] = c
    return out


def _vector_positions(inner, step=8):
    """Along a dimension that is not the last, torch's kernel walks the (outer, inner) positions in
    order and takes ``step`` at once (a vector: 8 float32 values, 16 of a half type) while they stay in
    one outer row (``inner_idx + step <= inner_size``), then one at a time: True where a position is
    in a vector (its exponential is Sleef's), False in the row's scalar tail (the C library's
    ``expf``, :mod:`booktorch.libm`).  This is the walk of one thread, as the book's build runs torch;
    with several, each thread's share starts its own walk."""
    return [True] * (inner - inner % step) + [False] * (inner % step)


def _exp_functions(shape, dim, dt, step=8):
    """The exponential of each (outer, inner) column's values, in :func:`_columns`'s order."""
    outer, size, inner = _layout(shape, dim)
    if dt is D.float64:
        return [_exp] * (outer * inner)
    if inner == 1 and dim == len(shape) - 1:
        return [expf] * outer
    return [expf if v else _exp_f32 for v in _vector_positions(inner, step)] * outer


def _exp_f32(x):
    return libm.expf(D.f32(x))


def _softmax_values(vals, shape, dim, log, dt, reduced=None):
    """softmax or log_softmax of contiguous ``vals`` (already in the computation dtype ``dt``).

    ``reduced``: the float16/bfloat16 dtype of the tensor, whose kernels keep some steps in it:
    log_softmax over the last dimension stores its sum and its log in it (``tmp_sum_scalar`` is a
    scalar_t array); softmax over another dimension stores each exp in it before dividing by the
    float32 sum."""
    store = D.REDUCED_ROUND[reduced] if reduced is not None else _identity
    f = D.f32 if dt is not D.float64 else _identity
    outer, size, inner = _layout(shape, dim)
    lanes = _lanes_of(dt)
    last = inner == 1 and dim == len(shape) - 1
    log_of = _log if dt is D.float64 else logf
    out_cols = []
    # softmax of a half type along another dimension: vectors of 16, whose exps stay in float32
    step = 16 if reduced is not None and not log else 8
    for col, exp in zip(_columns(vals, outer, size, inner), _exp_functions(shape, dim, dt, step)):
        if last:
            mx = _reduce_row(col, _maximum, _identity, lanes)
        else:
            mx = col[0]
            for v in col[1:]:
                mx = _maximum(mx, v)
        shifted = [f(x - mx) for x in col]
        e = [exp(x) for x in shifted]
        if last:
            total = _reduce_row(e, _add, f, lanes)
        else:
            total = 0.0
            for v in e:
                total = f(total + v)
            if reduced is not None and not log and exp is _exp_f32:  # the scalar tail stores each exp
                e = [store(x) for x in e]
        if log:  # torch maps the sums through Vectorized::log: Sleef's logf for float32 (and the half types)
            lse = store(log_of(store(total))) if last else log_of(total)
            out_cols.append([f(x - lse) for x in shifted])
        elif last:
            r = f(1.0 / total) if total != 0 else math.inf
            out_cols.append([f(x * r) for x in e])
        else:
            out_cols.append([f(x / total) if total != 0 else (math.nan if x == 0 else math.inf) for x in e])
    return _place(out_cols, outer, size, inner)


def _check_dtype(t, dim, log):
    if not t._dtype.is_floating_point:
        name = ("log_softmax" if log else "softmax") + ("_lastdim" if dim == t.dim() - 1 or t.dim() == 0 else "")
        raise NotImplementedError(f'"{name}_kernel_impl" not implemented for \'{t._dtype._legacy}\'')


def _softmax_forward(t, dim, log):
    nd = t.dim()
    d = wrap_dim(dim, nd)
    _check_dtype(t, d, log)
    dt = t._dtype
    shape = tuple(t._shape) if nd else (1,)
    if numel(shape) == 0:
        vals = []
    else:
        work = D.float32 if dt in D.REDUCED else dt
        src = t._values()
        if work is not dt:
            src = D.convert(src, dt, work)
        vals = _softmax_values(src, shape, d if nd else 0, log, work, dt if dt in D.REDUCED else None)
        vals = D.round_floats(vals, dt)
    out = Tensor._from_values(vals, tuple(t._shape), dt)
    record(LogSoftmaxBackward0 if log else SoftmaxBackward0, (t,), out, dim=d, result=out)
    return out


@kernel
def softmax(t, dim, dtype=None):
    if dtype is not None:
        t = at.to_dtype(t, dtype)
    return _softmax_forward(t, dim, False)


@kernel
def log_softmax(t, dim, dtype=None):
    if dtype is not None:
        t = at.to_dtype(t, dtype)
    return _softmax_forward(t, dim, True)


# ------------------------------------------------------------------ backward kernels
def _backward_values(g, out, shape, dim, log, dt):
    """The backward kernels' values; their vector code is compiled with fused multiply-adds
    (``sum += grad * out`` along a dimension that is not the last, ``grad - exp(out) * sum``)."""
    f = D.f32 if dt is not D.float64 else _identity
    fma = D.fma_f32 if dt is not D.float64 else D.fma_f64
    outer, size, inner = _layout(shape, dim)
    lanes = _lanes_of(dt)
    last = inner == 1 and dim == len(shape) - 1
    result = []
    columns = zip(_columns(g, outer, size, inner), _columns(out, outer, size, inner), _exp_functions(shape, dim, dt))
    for gc, oc, exp in columns:
        if log:
            if last:
                s = _reduce_row(gc, _add, f, lanes)
            else:
                s = 0.0
                for v in gc:
                    s = f(s + v)
            e = [exp(y) for y in oc]
            result.append([fma(-ey, s, x) for x, ey in zip(gc, e)])
        else:
            if last:
                s = _reduce_row([f(x * y) for x, y in zip(gc, oc)], _add, f, lanes)
            else:
                s = 0.0
                for x, y in zip(gc, oc):
                    s = fma(x, y, s)
            result.append([f(f(x - s) * y) for x, y in zip(gc, oc)])
    return _place(result, outer, size, inner)


def _composite_backward(grad, out, dim, log):
    """The backward with differentiable ops (for create_graph=True)."""
    if log:
        return at.sub(grad, at.mul(at.exp(out), at.sum(grad, dim, keepdim=True)))
    return at.mul(at.sub(grad, at.sum(at.mul(grad, out), dim, keepdim=True)), out)


def _recorded_backward(grad, out, dim, log):
    """The backward when it is itself recorded: the graph of the differentiable ops, holding
    the values the kernel computes (as torch's does: its kernel runs, and a node records the
    formula). The ops alone would round differently, in the last bit, from the fused kernel."""
    result = _composite_backward(grad, out, dim, log)
    with no_grad():
        exact = softmax_backward_data(grad.detach(), out.detach(), dim, log)
    if (result._dtype is exact._dtype and result._shape == exact._shape and result._offset == 0
            and is_contiguous(result._shape, result._stride)):
        result._storage.data[: numel(result._shape)] = exact._values()
    return result


@kernel
def softmax_backward_data(grad, out, dim, log):
    """torch's _softmax_backward_data / _log_softmax_backward_data."""
    if needs_grad(grad, out):
        return _recorded_backward(grad, out, dim, log)
    dt = out._dtype
    shape = tuple(out._shape) if out._shape else (1,)
    if numel(shape) == 0:
        return Tensor._from_values([], tuple(out._shape), dt)
    work = D.float32 if dt in D.REDUCED else dt
    g = grad._values()
    o = out._values()
    if grad._dtype is not work:
        g = D.convert(g, grad._dtype, work)
    if dt is not work:
        o = D.convert(o, dt, work)
    vals = D.round_floats(_backward_values(g, o, shape, dim if out._shape else 0, log, work), dt)
    return Tensor._from_values(vals, tuple(out._shape), dt)


class SoftmaxBackward0(Node):
    _name = "SoftmaxBackward0"
    saves = ("result",)

    def apply(self, grad):
        return [softmax_backward_data(grad, self.saved("result"), self._svals["dim"], False)]


class LogSoftmaxBackward0(Node):
    _name = "LogSoftmaxBackward0"
    saves = ("result",)

    def apply(self, grad):
        return [softmax_backward_data(grad, self.saved("result"), self._svals["dim"], True)]


# ------------------------------------------------------------------ logsumexp
def _lse_dims(t, dim):
    if isinstance(dim, (tuple, list)):
        dims = [wrap_dim(d, t.dim()) for d in dim]
        for i, d in enumerate(dims):
            if d in dims[:i]:
                raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        return dims
    return [wrap_dim(dim, t.dim())]


def _amax_keepdim(x, dims):
    """amax over ``dims`` with keepdim (max is exact, so one dimension at a time)."""
    for d in dims:
        x = at.max_min(x, d, True, True)[0]
    return x


@kernel
def logsumexp(t, dim, keepdim=False):
    dims = _lse_dims(t, dim)
    x = t
    if not x._dtype.is_floating_point:
        x = at.to_dtype(x, D.get_default_dtype())
    if not dims:  # an empty dim list reduces every dimension; the max keeps them as size 1
        if x.dim() > 0 and not keepdim:
            raise RuntimeError(
                f"output with shape [] doesn't match the broadcast shape [{', '.join(['1'] * x.dim())}]"
            )
        dims = list(range(x.dim()))
    with no_grad():
        if x.numel() != 0:
            # torch masks the infinite maxes in place through the squeezed view, so both uses see 0
            maxes = _amax_keepdim(x, dims)
            vals = [0.0 if v in (math.inf, -math.inf) else v for v in maxes._values()]
            finite = Tensor._from_values(vals, tuple(maxes._shape), maxes._dtype)
            mshape = maxes._shape if keepdim else tuple(s for k, s in enumerate(maxes._shape) if k not in dims)
            summed = at.sum(at.exp(at.sub(x, finite)), dims, keepdim)
            out = at.add(at.log(summed), at.view(finite, tuple(mshape)))
        else:
            out = at.log(at.sum(at.exp(x), dims, keepdim))
    record(LogsumexpBackward0, (t,), out, dim=tuple(dims), keepdim=keepdim, self=t, result=out)
    return out


class LogsumexpBackward0(Node):
    _name = "LogsumexpBackward0"
    saves = ("self", "result")

    def apply(self, grad):
        x = self.saved("self")
        result = self.saved("result")
        sv = self._svals
        if not sv["keepdim"] and x.dim() > 0:
            for d in sorted(sv["dim"]):
                grad = at.unsqueeze(grad, d)
                result = at.unsqueeze(result, d)
        return [at.mul(grad, at.exp(at.sub(x, result)))]


# ------------------------------------------------------------------ the Tensor and torch API
# torch's parser (booktorch/binding.py) has read the arguments
@method("softmax")
@function("softmax")
def softmax_api(self, dim, dtype=None):
    return softmax(self, dim, dtype)


@method("log_softmax")
@function("log_softmax")
def log_softmax_api(self, dim, dtype=None):
    return log_softmax(self, dim, dtype)


@method("logsumexp")
@function("logsumexp")
def logsumexp_api(self, dim, keepdim=False):
    return logsumexp(self, dim, keepdim)
