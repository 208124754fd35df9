"""The float32 exponential of torch's vectorised CPU kernels, bit for bit.

``Vectorized<float>::exp()`` is Sleef's ``expf8_u10`` (AVX2, fused multiply-adds): softmax,
log_softmax and their backward kernels compute every exponential with it, and it is within one
unit in the last place but not correctly rounded, so a correctly rounded ``exp`` gives a softmax
row whose sum torch's would not.  (``torch.exp`` itself goes through MKL's vector library, another
algorithm.)  Sleef's ``xexpf``: ``q = rint(d / ln 2)``, the remainder ``s = d - q ln 2`` in two
fused steps, a degree-6 polynomial by Horner's rule, then ``ldexp(1 + s + s*s*u, q)``.
"""

import math

from .dtypes import f32, fma_f32

_R_LN2 = f32(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U = f32(0.693145751953125)  # ln 2 in two parts: the upper bits (q * _L2U is exact)...
_NEG_L2L = -f32(1.428606765330187045e-06)  # ... and the rest
_C5, _C4, _C3, _C2, _C1 = (f32(c) for c in (
    0.000198527617612853646278381, 0.00139304355252534151077271, 0.00833336077630519866943359,
    0.0416664853692054748535156, 0.166666671633720397949219,
))


def expf(d):
    """Sleef_expf8_u10 of one float32 value."""
    if not -104.0 <= d <= 100.0:
        if d != d:
            return d
        return 0.0 if d < 0 else math.inf
    q = round(f32(d * _R_LN2))  # vrint: to nearest, ties to even, as Python's round
    s = f32(d - q * _L2U)  # q * _L2U and the difference are exact: fma(q, -L2U, d)
    s = fma_f32(q, _NEG_L2L, s)
    u = fma_f32(_C5, s, _C4)
    u = fma_f32(u, s, _C3)
    u = fma_f32(u, s, _C2)
    u = fma_f32(u, s, _C1)
    u = fma_f32(u, s, 0.5)
    u = f32(1.0 + fma_f32(f32(s * s), u, s))
    half = q >> 1
    return f32(math.ldexp(math.ldexp(u, half), q - half))  # vldexp2: two exact scalings, one rounding
