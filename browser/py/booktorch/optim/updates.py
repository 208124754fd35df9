"""The elementwise updates of torch's optimizers, on plain lists of values, rounded as torch's CPU
kernels round them for a float32 (or float64) tensor:

- ``add(a, b, alpha)`` is ``a + alpha * b`` as one fused multiply-add (ATen's vectorised add with
  alpha is ``fmadd(b, alpha, a)``), alpha rounded to the tensor's dtype first;
- ``mul(a, s)`` is one rounded product with the number rounded to the dtype;
- ``lerp(a, b, w)`` is ``fmadd(w, b - a, a)`` for |w| < 0.5, else ``fmadd(w - 1, b - a, b)``;
- ``addcmul(a, b, c, value)`` is ``fmadd(value * b, c, a)`` and ``addcdiv(a, b, c, value)`` is
  ``a + (value * b) / c`` (no fusion across the division).

float16 and bfloat16 compute in float32 and round the result.  The fused operations are computed
as one double ``a*b + c`` (exact product, one rounding) rounded to float32, except where that
double lies on a float32 rounding midpoint (or below float32's normal range): those few are
recomputed exactly.
"""

import math
from array import array
from itertools import compress
import operator as op

from .. import dtypes as D
from ..iterator import fdiv

_TINY = 2.0**-126  # below it a float32 result is subnormal and the double may round twice


def _fused32(sums, a, b, c):
    """float32 fma(a[i], b[i], c[i]) from the doubles sums[i] = a[i]*b[i] + c[i] (exact product, one rounding).

    float32(s) is the fused result unless s lies exactly halfway between two float32 values r and
    2s - r (then 2s - r is itself a float32) or is subnormal in float32; those are recomputed."""
    out = array("f", sums).tolist()
    others = list(map(op.sub, map(op.add, sums, sums), out))
    for i in compress(range(len(sums)), map(op.eq, others, array("f", others).tolist())):
        if sums[i] != out[i]:
            out[i] = D.fma_f32(a[i], b[i], c[i])
    if out and min(map(abs, out)) < _TINY:
        for i, v in enumerate(sums):
            if v != 0.0 and -_TINY < v < _TINY:
                out[i] = D.fma_f32(a[i], b[i], c[i])
    return out


def fma(a, b, c, dt):
    """[fma(a[i], b[i], c[i])] in dtype ``dt``; ``b`` may be a number (one for every element)."""
    n = len(a)
    bs = b if isinstance(b, list) else [b] * n
    if dt is D.float64:
        f = D.fma_f64
        return [f(x, y, z) for x, y, z in zip(a, bs, c)]
    out = _fused32(list(map(op.add, map(op.mul, a, bs), c)), a, bs, c)
    return out if dt is D.float32 else D.round_floats(out, dt)


def scalar(s, dt):
    """A Python number as the kernels read it: rounded to the tensor's dtype (float32 for the half types)."""
    return float(s) if dt is D.float64 else D.f32(float(s))


def add(a, b, alpha, dt):
    """a + alpha * b (Tensor.add(other, alpha=...))."""
    return fma(b, scalar(alpha, dt), a, dt)


def mul(a, s, dt):
    s = scalar(s, dt)
    return D.round_floats([x * s for x in a], dt)


def sub(a, b, dt):
    return D.round_floats([x - y for x, y in zip(a, b)], dt)


def lerp(a, b, w, dt):
    w = scalar(w, dt)
    diff = sub(b, a, dt)
    if abs(w) < 0.5:
        return fma([w] * len(a), diff, a, dt)
    return fma([scalar(w - 1, dt)] * len(a), diff, b, dt)


def addcmul(a, b, c, value, dt):
    """a + value * b * c."""
    return fma(mul(b, value, dt), c, a, dt)


def addcdiv(a, b, c, value, dt):
    """a + (value * b) / c."""
    vb = mul(b, value, dt)
    return D.round_floats([x + fdiv(y, z) for x, y, z in zip(a, vb, c)] if dt is D.float64 else
                          [x + D.f32(fdiv(y, z)) for x, y, z in zip(a, vb, c)], dt)


def sqrt(a, dt):
    return D.round_floats([math.sqrt(x) if x >= 0 else math.nan for x in a], dt)


def div_scalar(a, s, dt):
    s = scalar(s, dt)
    return D.round_floats([fdiv(x, s) for x in a], dt)


def add_scalar(a, s, dt):
    s = scalar(s, dt)
    return D.round_floats([x + s for x in a], dt)


def neg(a):
    return [-x for x in a]
