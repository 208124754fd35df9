"""``var``, ``std`` (``correction=`` or ``unbiased=``), ``var_mean`` and ``std_mean``, with backward nodes.

As torch's CPU kernels compute them, in double and rounded once to the result dtype:

- a float32 or float64 reduction to a single value is two passes: the tensor's own ``mean()``
  (in its dtype), then the sum of ``(x - mean)**2`` in memory order, divided by ``n - correction``;
- anything else (and float16/bfloat16, and every ``var_mean``/``std_mean``) is Welford's update
  per output element, over the reduced elements in the order TensorIterator visits them;
- ``n <= correction`` divides by zero (inf, or NaN for a constant input); an empty reduction is NaN.
"""

import math

from .. import dtypes as D
from ..errors import unsupported
from ..graph import Node, needs_grad, record
from ..iterator import fdiv
from ..binding import parsed
from ..registry import at, function, kernel, method
from ..reduction_order import reduced_lines, saved_dims, wrapped_dims
from ..shape import numel, wrap_dim
from ..tensor import Tensor


def _reduced_dims(t, dim):
    nd = t.dim()
    if dim is None:
        return list(range(nd))
    dims = [dim] if isinstance(dim, int) else list(dim)
    out = []
    for d in dims:
        w = wrap_dim(d, nd)
        if w in out:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
        out.append(w)
    return list(range(nd)) if not dims else (out if nd else [])


def _welford(vals, correction):
    mean = m2 = 0.0
    n = 0
    for x in vals:
        n += 1
        delta = x - mean
        mean = mean + delta / n
        m2 = m2 + delta * (x - mean)
    divisor = n - correction if n > correction else 0
    return fdiv(m2, divisor), mean


def _check_dtype(t):
    if not t._dtype.is_floating_point:
        raise RuntimeError("std and var only support floating point and complex dtypes")


def _moments(t, dim, correction, keepdim, two_pass):
    """(variance values, mean values, output shape), in double."""
    _check_dtype(t)
    dims = _reduced_dims(t, dim)
    c = 1.0 if correction is None else float(correction)
    out_shape, lines = reduced_lines(t, set(dims), keepdim)
    out_shape = tuple(out_shape)
    if t.numel() == 0:
        return [math.nan] * numel(out_shape), [math.nan] * numel(out_shape), out_shape
    if two_pass and t._dtype in (D.float32, D.float64) and numel(out_shape) <= 1:
        m = at.mean(t).item()
        s = 0.0
        for x in t._values():  # a dense tensor's memory order is its row-major order here
            d = x - m
            s += d * d
        return [fdiv(s, max(0.0, t.numel() - c))], [m], out_shape
    pairs = [_welford(line, c) for line in lines]
    return [p[0] for p in pairs], [p[1] for p in pairs], out_shape


def _result(vals, shape, dt, take_sqrt):
    if take_sqrt:
        vals = [math.sqrt(v) if v >= 0 else (v if v != v else math.nan) for v in vals]
    return Tensor._from_values(D.round_floats(vals, dt), shape, dt)


def _record(t, out, node_class, dim, correction, keepdim, save_result):
    dims = None if dim is None else saved_dims(tuple([dim] if isinstance(dim, int) else dim))
    saved = {"self": t, "result": out} if save_result else {"self": t}
    record(node_class, (t,), out, correction=correction, dim=dims, keepdim=keepdim, **saved)
    return out


@kernel
def var(t, dim=None, correction=None, keepdim=False):
    vals, _, shape = _moments(t, dim, correction, keepdim, two_pass=True)
    return _record(t, _result(vals, shape, t._dtype, False), VarBackward0, dim, correction, keepdim, False)


@kernel
def std(t, dim=None, correction=None, keepdim=False):
    vals, _, shape = _moments(t, dim, correction, keepdim, two_pass=True)
    return _record(t, _result(vals, shape, t._dtype, True), StdBackward0, dim, correction, keepdim, True)


def _var_mean(t, dim, correction, keepdim, take_sqrt):
    name = "std_mean" if take_sqrt else "var_mean"
    if not t._dtype.is_floating_point:
        raise RuntimeError(f"{name} only support floating point and complex dtypes")
    if needs_grad(t):
        raise unsupported(f"torch.{name} on a tensor that requires grad (use torch.{name[:3]} and torch.mean)")
    vals, means, shape = _moments(t, dim, correction, keepdim, two_pass=False)
    return _result(vals, shape, t._dtype, take_sqrt), _result(means, shape, t._dtype, False)


# ------------------------------------------------------------------ backward nodes
def _var_backward(grad, x, dim, correction, keepdim):
    """torch's var_backward: 2 / (n - correction) * grad * (self - mean)."""
    c = 1 if correction is None else correction
    if x.dim() == 0 or dim is None:
        dof = x.numel() - c
        mean = at.mean(x)
        if dof <= 0:
            flag = at.where(at.eq(x, mean), math.nan, math.inf)
            return at.mul(grad, flag)
        return at.mul(at.mul(grad, 2.0 / dof), at.sub(x, mean))
    dims = sorted(wrapped_dims(dim, x.dim()))
    if not keepdim and x.dim() > 1:
        for d in dims:
            grad = at.unsqueeze(grad, d)
    n = 1
    for d in dims:
        n *= x._shape[d]
    return at.mul(at.mul(grad, fdiv(2.0, n - c)), at.sub(x, at.mean(x, tuple(dims), True)))


class VarBackward0(Node):
    _name = "VarBackward0"
    saves = ("self",)

    def apply(self, grad):
        sv = self._svals
        return [_var_backward(grad, self.saved("self"), sv["dim"], sv["correction"], sv["keepdim"])]


class StdBackward0(Node):
    _name = "StdBackward0"
    saves = ("self", "result")

    def apply(self, grad):
        sv = self._svals
        result = self.saved("result")
        zero = Tensor._from_values([D.zero_of(grad._dtype)], (), grad._dtype)
        grad_var = at.where(at.eq(result, 0), zero, at.div(grad, at.mul(result, 2)))
        return [_var_backward(grad_var, self.saved("self"), sv["dim"], sv["correction"], sv["keepdim"])]


# ------------------------------------------------------------------ the Tensor and torch API
# torch's parser (booktorch/binding.py) has read the overload: (dim, unbiased, keepdim), (dim, *, correction,
# keepdim) or (unbiased); unbiased is a correction of 1 or 0.
def _declare(name, kernel_fn):
    @parsed
    def as_method(self, **a):
        if "unbiased" in a:
            return kernel_fn(self, a.get("dim"), 1 if a["unbiased"] else 0, a.get("keepdim", False))
        return kernel_fn(self, a["dim"], a["correction"], a["keepdim"])

    @parsed
    def as_function(input, **a):  # noqa: A002 - torch's name
        return as_method(input, **a)

    as_method.__name__ = as_method.__qualname__ = as_function.__name__ = as_function.__qualname__ = name
    return as_method, as_function


for _name, _fn in (("var", var), ("std", std)):
    _m, _f = _declare(_name, _fn)
    method(_name)(_m)
    function(_name)(_f)
for _name, _sqrt in (("var_mean", False), ("std_mean", True)):
    _f = _declare(_name, lambda t, dim, correction, keepdim, s=_sqrt: _var_mean(t, dim, correction, keepdim, s))[1]
    function(_name)(_f)
del _name, _fn, _m, _f, _sqrt
