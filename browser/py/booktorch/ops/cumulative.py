"""``cumsum`` and ``cumprod`` (with ``dtype=``), out of place and in place, with their backward nodes.

torch's CPU kernel runs along ``dim`` in order and keeps the running value in its accumulate
type (double for float32 and float64, float32 for float16 and bfloat16, int64 for integers),
storing each partial result rounded to the result dtype; integer and bool inputs give int64
unless ``dtype`` says otherwise.  The result is contiguous.

The backward of ``cumsum`` is the reversed cumulative sum of the gradient; that of ``cumprod``
is ``reversed_cumsum(result * grad) / input`` when the input has no zeros, and otherwise the
sum over the later outputs of the gradient times the product of the other inputs.
"""

from .. import dtypes as D
from ..graph import Node, record
from ..grad_mode import state as grad_state
from ..reduction_order import given_dims, saved_dims
from ..registry import at, function, kernel, method
from ..shape import contiguous_strides, wrap_dim
from ..tensor import Tensor


def _accumulate_round(dt):
    if dt in D.REDUCED:
        return D.f32
    return lambda x: x  # double (float32/float64) or exact ints


def _scan(t, dim, op, start):
    """Running ``op`` along ``dim`` of ``t`` (values in its own dtype), as a new contiguous tensor."""
    dt = t._dtype
    shape = tuple(t._shape)
    vals = t._values()
    if not shape or not vals:
        out = vals if not shape else []
        if shape == () and vals:
            out = D.round_values([op(start, vals[0])], dt)
        return Tensor._from_values(out, shape, dt)
    d = wrap_dim(dim, len(shape))
    n = shape[d]
    step = contiguous_strides(shape)[d]
    acc_round = _accumulate_round(dt)
    out = [None] * len(vals)
    block = n * step
    for base in range(0, len(vals), block):
        for inner in range(step):
            acc = start
            for i in range(n):
                p = base + inner + i * step
                acc = acc_round(op(acc, vals[p]))
                out[p] = acc
    return Tensor._from_values(D.round_values(out, dt), shape, dt)


def _result_dtype(t, dtype):
    if dtype is not None:
        return dtype
    return D.int64 if t._dtype._kind < 2 else t._dtype


def _prepared(t, dim, dtype):
    wrap_dim(dim, t.dim())
    dt = _result_dtype(t, dtype)
    return at.to_dtype(t, dt) if t._dtype is not dt else t


@kernel
def cumsum(t, dim, dtype=None):
    src = _prepared(t, dim, dtype)
    if src._dtype is D.bool_:
        out = _scan(at.to_dtype(src, D.int64), dim, lambda a, b: a + b, 0)
        out = at.to_dtype(out, D.bool_)
    else:
        out = _scan(src, dim, lambda a, b: a + b, D.zero_of(src._dtype))
    if out._dtype.is_floating_point:
        record(CumsumBackward0, (t,), out, dim=saved_dims(dim))
    return out


@kernel
def cumprod(t, dim, dtype=None):
    src = _prepared(t, dim, dtype)
    if src._dtype is D.bool_:
        out = at.to_dtype(_scan(at.to_dtype(src, D.int64), dim, lambda a, b: a * b, 1), D.bool_)
    else:
        out = _scan(src, dim, lambda a, b: a * b, D.one_of(src._dtype))
    if out._dtype.is_floating_point:
        record(CumprodBackward0, (t,), out, dim=saved_dims(dim), self=t, result=out)
    return out


# ------------------------------------------------------------------ backward
def _reversed_cumsum(g, dim):
    """``g.flip(dim).cumsum(dim).flip(dim)``, accumulated as cumsum accumulates."""
    shape = tuple(g._shape)
    if not shape:
        return g
    d = wrap_dim(dim, len(shape))
    if grad_state.grad and g._requires_grad:  # a second derivative (create_graph=True): recorded as ops
        return at.flip(cumsum(at.flip(g, (d,)), d), (d,))
    vals = g._values()
    n = shape[d]
    step = contiguous_strides(shape)[d]
    acc_round = _accumulate_round(g._dtype)
    out = [None] * len(vals)
    for base in range(0, len(vals), max(n * step, 1)):
        for inner in range(step):
            acc = D.zero_of(g._dtype)
            for i in range(n - 1, -1, -1):
                p = base + inner + i * step
                acc = acc_round(acc + vals[p])
                out[p] = acc
    return Tensor._from_values(D.round_values(out, g._dtype), shape, g._dtype)


class CumsumBackward0(Node):
    _name = "CumsumBackward0"

    def apply(self, grad):
        dim = given_dims(self._svals["dim"])
        if grad.numel() <= 1 or grad._shape[wrap_dim(dim, grad.dim())] == 1:
            return [grad]
        return [_reversed_cumsum(grad, dim)]


def _cumprod_with_zeros(grad, x, dim):
    """d/dx_k sum_j grad_j * prod_{i <= j} x_i = sum_{j >= k} grad_j * prod_{i <= j, i != k} x_i, in double."""
    shape = tuple(x._shape)
    d = wrap_dim(dim, len(shape))
    n = shape[d]
    step = contiguous_strides(shape)[d]
    xs, gs = x._values(), at.contiguous(at.expand(grad, shape))._values()
    out = [0.0] * len(xs)
    for base in range(0, len(xs), n * step):
        for inner in range(step):
            idx = [base + inner + i * step for i in range(n)]
            line, gline = [xs[p] for p in idx], [gs[p] for p in idx]
            for k in range(n):
                total = 0.0
                prefix = 1.0
                for i in range(k):
                    prefix *= line[i]
                running = prefix
                for j in range(k, n):
                    if j > k:
                        running *= line[j]
                    total += gline[j] * running
                out[idx[k]] = total
    return Tensor._from_values(D.round_floats(out, grad._dtype), shape, grad._dtype)


def _cumprod_first_zero(grad, x, output, dim):
    """torch's O(n) cumprod_backward for an input with zeros (outside grad mode): before the first zero as
    without zeros; at the first zero, the products up to it times those after it up to the second zero;
    zero after it. NaN and infinities go where torch's masks put them."""
    w = at.mul(output, grad)
    cumsum = at.cumsum(at.eq(x, 0), dim)
    mask = at.eq(cumsum, 0)  # before the first zero
    before = at.div(_reversed_cumsum(at.contiguous(at.masked_fill(w, at.logical_not(mask), 0.0)), dim), x)
    grad_input = at.masked_scatter(at.zeros_like(grad), mask, at.masked_select(before, mask))
    mask = at.eq(cumsum, 1)  # from the first zero to the second
    first = at.max_min(mask, dim, True, True)[1]
    first_zero = at.logical_and(at.scatter(at.zeros_like(mask), dim, first, 1), mask)
    mask = at.logical_and(mask, at.logical_not(first_zero))
    after = at.cumprod(at.masked_fill(x, at.logical_not(mask), 1.0), dim)
    after = at.sum(at.mul(after, at.masked_fill(grad, at.ne(cumsum, 1), 0.0)), dim, True)
    until = at.masked_fill(at.gather(output, dim, at.relu(at.sub(first, 1))), at.eq(first, 0), 1.0)
    return at.masked_scatter(grad_input, first_zero, at.masked_select(at.mul(after, until), first_zero))


class CumprodBackward0(Node):
    _name = "CumprodBackward0"
    saves = ("self", "result")

    def apply(self, grad):
        dim = given_dims(self._svals["dim"])
        x, result = self.saved("self"), self.saved("result")
        if x.numel() <= 1 or x._shape[wrap_dim(dim, x.dim())] == 1:
            return [grad]
        if x._dtype is not grad._dtype:
            x = at.to_dtype(x, grad._dtype)
            result = at.to_dtype(result, grad._dtype)
        if any(v == 0 for v in x._values()):
            if not grad_state.grad:  # torch's first-derivative path
                return [_cumprod_first_zero(grad, x, result, dim)]
            return [_cumprod_with_zeros(grad, x, dim)]
        w = at.mul(result, grad)
        return [at.div(_reversed_cumsum(at.contiguous(w), dim), x)]


# ------------------------------------------------------------------ the Tensor and torch API
def _declare(name, fn):
    """torch.<name>, Tensor.<name> and Tensor.<name>_, behind torch's parser (booktorch/binding.py), which
    reads dim (or numpy's axis) and dtype."""
    def as_method(self, dim, dtype=None):
        return fn(self, dim, dtype)

    def as_inplace(self, dim, dtype=None):
        if dtype is not None and dtype is not self._dtype:
            raise RuntimeError(f"Bad in-place call: input tensor dtype {self._dtype._ctype} and output tensor dtype "
                               f"{dtype._ctype} should match")
        if self._dtype is D.bool_:
            raise NotImplementedError(f'"{name}_out_cpu" not implemented for \'Bool\'')
        return at.inplace(self, lambda t: fn(t, dim, self._dtype))

    as_method.__name__ = as_method.__qualname__ = name
    as_inplace.__name__ = as_inplace.__qualname__ = name + "_"
    method(name)(as_method)
    function(name)(as_method)  # out= is booktorch's "not available" error, as for the other operations
    method(name + "_")(as_inplace)


_declare("cumsum", cumsum)
_declare("cumprod", cumprod)
