"""Sleef's float32 functions as torch's vectorised CPU kernels compute them, bit for bit.

``Vectorized<float>`` (AVX2, fused multiply-adds) computes its transcendental functions with Sleef
(3.x, ``src/libm/sleefsimdsp.c``, the ``*f8_u10`` entry points); they are within one unit in the
last place but not correctly rounded, so each step here rounds as the vector instruction does:
every float32 ``+ - * /`` is one rounding (done in double and rounded once, which is exact for two
float32 operands), every ``vmla``/``vfma`` one fused rounding (``fma_f32``), and the integer steps
(exponent extraction, ``vldexp``) work on the bit patterns with 32-bit wrap-around, so that
infinities, NaNs and out-of-range conversions give what the instructions give.

- :func:`expf` (``expf8_u10``): softmax, log_softmax and sigmoid's vector lanes;
- :func:`powf` (``powf8_u10``): ``x ** y`` in the vector lanes of pow's kernels;
- :func:`expm1f`, :func:`log1pf` (``expm1f8_u10``, ``log1pf8_u10``): torch.expm1 and torch.log1p,
  whose kernels (``vml::vexpm1``, ``vml::vlog1p``) map every element, the last partial vector too,
  through Sleef.

Many steps are Sleef's double-float arithmetic: a value carried as an unevaluated sum ``(hi, lo)``
of two float32 numbers (``df*`` below, Sleef's ``df.h``).
"""

import math
import struct

from .dtypes import fma_f32

_F32 = struct.Struct("f")  # native: a C cast, to infinity beyond float32's range
_U32 = struct.Struct("I")
_pack_f, _unpack_f = _F32.pack, _F32.unpack
_pack_u, _unpack_u = _U32.pack, _U32.unpack
_INF = math.inf
_NAN = math.nan
_INT_MIN = -2147483648


def _f(x):
    """Round a double to float32 (ties to even; beyond the float32 range: infinity)."""
    return _unpack_f(_pack_f(x))[0]


def _bits(x):
    return _unpack_u(_pack_f(x))[0]


def _from_bits(b):
    return _unpack_f(_pack_u(b & 0xFFFFFFFF))[0]


def _i32(v):
    v &= 0xFFFFFFFF
    return v - 0x100000000 if v & 0x80000000 else v


def _rint_i32(x):
    """cvtps2dq: to the nearest int, ties to even; NaN and out-of-range values give INT_MIN."""
    if x != x or not -2147483648.0 <= x < 2147483648.0:
        return _INT_MIN
    return round(x)


def _trunc_i32(x):
    """cvttps2dq: toward zero; NaN and out-of-range values give INT_MIN."""
    if x != x or not -2147483648.0 <= x < 2147483648.0:
        return _INT_MIN
    return int(x)


def _pow2i(q):
    """vpow2i: 2**q built from the bits ``(q + 127) << 23``."""
    return _from_bits((q + 0x7F) << 23)


def _ldexp2(d, e):
    """vldexp2: two exact scalings, each rounded to float32."""
    h = e >> 1
    return _f(_f(d * _pow2i(h)) * _pow2i(e - h))


def _ldexp3(d, q):
    """vldexp3: ``q`` added to the exponent bits."""
    return _from_bits(_bits(d) + (q << 23))


def _ldexpk(x, q):
    """vldexp_vf_vf_vi2: ``x * 2**q`` in five float32 steps (which saturate rather than wrap)."""
    m = -1 if q < 0 else 0
    m = _i32((_i32(_i32(m + q) >> 6) - m) << 4)
    q = _i32(q - (m << 2))
    m += 0x7F
    m = min(max(m, 0), 0xFF)
    u = _from_bits(m << 23)
    x = _f(_f(_f(_f(x * u) * u) * u) * u)
    return _f(x * _from_bits((q + 0x7F) << 23))


def _ilogb2k(d):
    return ((_bits(d) >> 23) & 0xFF) - 0x7F


def _mulsign(x, y):
    return -x if math.copysign(1.0, y) < 0 else x


# ------------------------------------------------------------------ double-float arithmetic (df.h, FMA variants)
def _dfadd2_ff(x, y):
    s = _f(x + y)
    v = _f(s - x)
    return s, _f(_f(x - _f(s - v)) + _f(y - v))


def _dfadd2_f2f(x, y):
    s = _f(x[0] + y)
    v = _f(s - x[0])
    return s, _f(_f(_f(x[0] - _f(s - v)) + _f(y - v)) + x[1])


def _dfadd2_f2f2(x, y):
    s = _f(x[0] + y[0])
    v = _f(s - x[0])
    return s, _f(_f(_f(x[0] - _f(s - v)) + _f(y[0] - v)) + _f(x[1] + y[1]))


def _dfadd_f2f2(x, y):
    s = _f(x[0] + y[0])
    return s, _f(_f(_f(_f(x[0] - s) + y[0]) + x[1]) + y[1])


def _dfadd_ff2(x, y):
    s = _f(x + y[0])
    return s, _f(_f(_f(x - s) + y[0]) + y[1])


def _dfadd_f2f(x, y):
    s = _f(x[0] + y)
    return s, _f(_f(_f(x[0] - s) + y) + x[1])


def _dfadd_ff(x, y):
    s = _f(x + y)
    return s, _f(_f(x - s) + y)


def _dfnormalize(t):
    s = _f(t[0] + t[1])
    return s, _f(_f(t[0] - s) + t[1])


def _dfscale(d, s):
    return _f(d[0] * s), _f(d[1] * s)


def _dfmul_f2f(x, y):
    s = _f(x[0] * y)
    return s, fma_f32(x[1], y, fma_f32(x[0], y, -s))


def _dfmul_f2f2(x, y):
    s = _f(x[0] * y[0])
    return s, fma_f32(x[0], y[1], fma_f32(x[1], y[0], fma_f32(x[0], y[0], -s)))


def _dfsqu(x):
    s = _f(x[0] * x[0])
    return s, fma_f32(_f(x[0] + x[0]), x[1], fma_f32(x[0], x[0], -s))


def _rec(d):
    """vrec: 1 / d in float32 (a zero gives an infinity of its sign)."""
    if d == 0:
        return math.copysign(_INF, d)
    return _f(1.0 / d)


def _dfdiv(n, d):
    t = _rec(d[0])
    s = _f(n[0] * t)
    u = fma_f32(t, n[0], -s)
    v = fma_f32(-d[1], t, fma_f32(-d[0], t, 1.0))
    return s, fma_f32(s, v, fma_f32(n[1], t, u))


# ------------------------------------------------------------------ constants (misc.h, sleefsimdsp.c)
_R_LN2 = _f(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U = _f(0.693145751953125)  # ln 2 in two parts: the upper bits (q * _L2U is exact)...
_L2L = _f(1.428606765330187045e-06)  # ... and the rest
_LN2_DF = (_f(0.69314718246459960938), _f(-1.904654323148236017e-09))
_FLT_MIN = 2.0 ** -126
_TWO64 = 18446744073709551616.0
_R075 = _f(1.0 / 0.75)
_EXP_C5, _EXP_C4, _EXP_C3, _EXP_C2, _EXP_C1 = (_f(c) for c in (
    0.000198527617612853646278381, 0.00139304355252534151077271, 0.00833336077630519866943359,
    0.0416664853692054748535156, 0.166666671633720397949219,
))


# ------------------------------------------------------------------ expf8_u10
def expf(d):
    """Sleef_expf8_u10 of one float32 value: ``q = rint(d / ln 2)``, the remainder ``s = d - q ln 2`` in
    two fused steps, a degree-6 polynomial by Horner's rule, then ``ldexp(1 + s + s*s*u, q)``."""
    if not -104.0 <= d <= 100.0:
        if d != d:
            return d
        return 0.0 if d < 0 else _INF
    q = round(_f(d * _R_LN2))  # vrint: to nearest, ties to even, as Python's round
    s = _f(d - q * _L2U)  # q * _L2U and the difference are exact: fma(q, -L2U, d)
    s = fma_f32(q, -_L2L, s)
    u = fma_f32(_EXP_C5, s, _EXP_C4)
    u = fma_f32(u, s, _EXP_C3)
    u = fma_f32(u, s, _EXP_C2)
    u = fma_f32(u, s, _EXP_C1)
    u = fma_f32(u, s, 0.5)
    u = _f(1.0 + fma_f32(_f(s * s), u, s))
    half = q >> 1
    return _f(math.ldexp(math.ldexp(u, half), q - half))  # vldexp2: two exact scalings, one rounding


# ------------------------------------------------------------------ powf8_u10
_LOGK_T = tuple(_f(c) for c in (0.240320354700088500976562, 0.285112679004669189453125, 0.400007992982864379882812))
_LOGK_C = (_f(0.66666662693023681640625), _f(3.69183861259614332084311e-09))
_EXPK_U = tuple(_f(c) for c in (0.00136324646882712841033936, 0.00836596917361021041870117, 0.0416710823774337768554688,
                                0.166665524244308471679688, 0.499999850988388061523438))


def _logkf(d):
    """log(d) as a double-float (Sleef's logkf): d = m 2**e with m near 1, then an odd series in
    (m - 1) / (m + 1)."""
    tiny = d < _FLT_MIN
    if tiny:
        d = _f(d * _TWO64)
    e = _ilogb2k(_f(d * _R075))
    m = _ldexp3(d, -e)
    if tiny:
        e -= 64
    x = _dfdiv(_dfadd2_ff(-1.0, m), _dfadd2_ff(1.0, m))
    x2 = _dfsqu(x)
    t = fma_f32(_LOGK_T[0], x2[0], _LOGK_T[1])
    t = fma_f32(t, x2[0], _LOGK_T[2])
    s = _dfmul_f2f(_LN2_DF, _f(float(e)))
    s = _dfadd_f2f2(s, _dfscale(x, 2.0))
    return _dfadd_f2f2(s, _dfmul_f2f2(_dfmul_f2f2(x2, x), _dfadd2_f2f2(_dfmul_f2f(x2, t), _LOGK_C)))


def _expkf(d):
    """exp of a double-float (Sleef's expkf), rounded to float32; zero below -104."""
    q = _rint_i32(_f(_f(d[0] + d[1]) * _R_LN2))
    fq = _f(float(q))
    s = _dfadd2_f2f(d, _f(fq * -_L2U))
    s = _dfadd2_f2f(s, _f(fq * -_L2L))
    s = _dfnormalize(s)
    c = _EXPK_U
    u = fma_f32(c[0], s[0], c[1])
    u = fma_f32(u, s[0], c[2])
    u = fma_f32(u, s[0], c[3])
    u = fma_f32(u, s[0], c[4])
    t = _dfadd_ff2(1.0, _dfadd_f2f2(s, _dfmul_f2f(_dfsqu(s), u)))
    u = _ldexpk(_f(t[0] + t[1]), q)
    return 0.0 if d[0] < -104 else u


def powf(x, y):
    """Sleef_powf8_u10 of two float32 values: ``exp(y log|x|)`` in double-float, then the sign and
    the special cases (zeros, infinities, NaN, ``y == 0``, ``x == 1``) as Sleef selects them."""
    ay = abs(y)
    yisint = ay > 16777216.0 or (math.trunc(y) == y if ay != _INF else True) if y == y else False
    yisodd = yisint and ay < 16777216.0 and _trunc_i32(y) & 1 == 1
    result = _exp_y_log_x(abs(x), y) if 0 < abs(x) < _LOG_FAST_MAX and 0 < ay < _INF else None
    if result is None:
        result = _expkf(_dfmul_f2f(_logkf(abs(x)), y))
    if result != result:
        result = _INF
    if not x > 0:
        result = _f(result * ((-1.0 if yisodd else 1.0) if yisint else _NAN))
    if ay == _INF:
        efx = _mulsign(_f(abs(x) - 1.0), y)
        result = 0.0 if efx < 0 else (1.0 if efx == 0 else _INF)
    if x == 0 or abs(x) == _INF:
        to_zero = (math.copysign(1.0, y) < 0) != (x == 0)
        result = _mulsign(0.0 if to_zero else _INF, x if yisodd else 1.0)
    if x != x or y != y:
        result = _NAN
    if y == 0 or x == 1:
        result = 1.0
    return result


_LOG_FAST_MAX = 2.0 ** 127  # above, d * (1 / 0.75) leaves float32's range: the step-by-step code reads the bits


def _exp_y_log_x(d, y):
    """``_expkf(_dfmul_f2f(_logkf(d), y))`` for finite ``d > 0`` and ``y``, the same bits in fewer steps:
    each float32 operation rounded once as the instructions round it (``f``, ``fma_f32``), but the
    error-free steps of the double-float arithmetic (a two-sum's or a product's rounding error, an
    addition of numbers whose sum is exact) computed exactly in double without rounding.  None
    where an intermediate is so small that those steps could underflow, or the result is not a
    normal float32: the step-by-step code handles those."""
    pk, uk, fma = _pack_f, _unpack_f, fma_f32
    # logkf: d = m * 2**e with m in [0.75, 1.5)
    tiny = d < _FLT_MIN
    if tiny:
        d *= _TWO64
    e = math.frexp(uk(pk(d * _R075))[0])[1] - 1
    m = math.ldexp(d, -e)
    if tiny:
        e -= 64
    # x = (m - 1) / (m + 1) as a double-float (dfdiv); m - 1 is exact
    num = m - 1.0
    den = uk(pk(1.0 + m))[0]
    den_lo = (1.0 + m) - den
    t = uk(pk(1.0 / den))[0]
    xh = uk(pk(num * t))[0]
    v = fma(-den_lo, t, uk(pk(1.0 - den * t))[0])
    xl = fma(xh, v, num * t - xh)
    # x2 = x * x (dfsqu), the series t(x2), e ln 2, then s = e ln 2 + 2x + x**3 (x2 t + c)
    x2h = uk(pk(xh * xh))[0]
    x2l = fma(xh + xh, xl, xh * xh - x2h)
    tt = fma(fma(_LOGK_T[0], x2h, _LOGK_T[1]), x2h, _LOGK_T[2])
    fe = float(e)
    sh = uk(pk(_LN2_DF[0] * fe))[0]
    sl = fma(_LN2_DF[1], fe, _LN2_DF[0] * fe - sh)
    sh, sl = _dfadd_f2f2_fast(sh, sl, xh + xh, xl + xl)
    p1h = uk(pk(x2h * xh))[0]
    p1l = fma(x2h, xl, fma(x2l, xh, x2h * xh - p1h))
    p2h = uk(pk(x2h * tt))[0]
    p2l = fma(x2l, tt, x2h * tt - p2h)
    p3h = uk(pk(p2h + _LOGK_C[0]))[0]
    p3l = uk(pk(_two_sum_error(p2h, _LOGK_C[0], p3h) + uk(pk(p2l + _LOGK_C[1]))[0]))[0]
    p4h = uk(pk(p1h * p3h))[0]
    p4l = fma(p1h, p3l, fma(p1l, p3h, p1h * p3h - p4h))
    lh, ll = _dfadd_f2f2_fast(sh, sl, p4h, p4l)
    # d = log * y (dfmul_f2f), then expkf
    dh = uk(pk(lh * y))[0]
    if abs(dh) < 2.0 ** -40 or abs(dh) > 100.0:
        return None
    dl = fma(ll, y, lh * y - dh)
    q = round(uk(pk(uk(pk(dh + dl))[0] * _R_LN2))[0])
    fq = float(q)
    a = fq * -_L2U  # exact: q has at most 8 bits, L2U 16
    sh = uk(pk(dh + a))[0]
    sl = uk(pk(_two_sum_error(dh, a, sh) + dl))[0]
    a = uk(pk(fq * -_L2L))[0]
    s2 = uk(pk(sh + a))[0]
    sl = uk(pk(_two_sum_error(sh, a, s2) + sl))[0]
    sh = uk(pk(s2 + sl))[0]  # dfnormalize
    sl = (s2 - sh) + sl if abs(s2) >= abs(sl) else uk(pk(uk(pk(s2 - sh))[0] + sl))[0]
    if abs(sh) < 2.0 ** -40:
        return None
    c = _EXPK_U
    u = fma(fma(fma(fma(c[0], sh, c[1]), sh, c[2]), sh, c[3]), sh, c[4])
    qh = uk(pk(sh * sh))[0]  # dfsqu(s)
    ql = fma(sh + sh, sl, sh * sh - qh)
    ph = uk(pk(qh * u))[0]
    pl = fma(ql, u, qh * u - ph)
    th = uk(pk(sh + ph))[0]  # |ph| < |sh|: (sh - th) + ph is exact
    tl = uk(pk(uk(pk(((sh - th) + ph) + sl))[0] + pl))[0]
    oh = uk(pk(1.0 + th))[0]  # |th| < 1: (1 - oh) + th is exact
    ol = uk(pk(((1.0 - oh) + th) + tl))[0]
    r = math.ldexp(uk(pk(oh + ol))[0], q)
    return r if _FLT_MIN <= r < 3.4028234663852886e38 else None


def _two_sum_error(a, b, s):
    """``a + b - s`` for ``s`` the float32 sum of float32 ``a`` and ``b``: exact in double (Fast2Sum from the
    larger operand), and what Sleef's two-sum computes in float32."""
    return (a - s) + b if abs(a) >= abs(b) else (b - s) + a


def _dfadd_f2f2_fast(xh, xl, yh, yl):
    """_dfadd_f2f2: ``(x.hi - s) + y.hi`` is exact when ``|x.hi| >= |y.hi|`` and rounded otherwise."""
    pk, uk = _pack_f, _unpack_f
    s = uk(pk(xh + yh))[0]
    t = (xh - s) + yh if abs(xh) >= abs(yh) else uk(pk(uk(pk(xh - s))[0] + yh))[0]
    return s, uk(pk(uk(pk(t + xl))[0] + yl))[0]


# ------------------------------------------------------------------ expm1f8_u10
_EXPK2_U = tuple(_f(c) for c in (0.1980960224e-3, 0.1394256484e-2, 0.8333456703e-2, 0.4166637361e-1))
_EXPK2_C1 = _f(0.166666659414234244790680580464)
_EXPM1_HI = _f(88.72283172607421875)
_EXPM1_LO = _f(-16.635532333438687426013570)


def _expk2f(d):
    """exp of a double-float as a double-float (Sleef's expk2f)."""
    q = _rint_i32(_f(_f(d[0] + d[1]) * _R_LN2))
    fq = _f(float(q))
    s = _dfadd2_f2f(d, _f(fq * -_L2U))
    s = _dfadd2_f2f(s, _f(fq * -_L2L))
    c = _EXPK2_U
    u = fma_f32(c[0], s[0], c[1])
    u = fma_f32(u, s[0], c[2])
    u = fma_f32(u, s[0], c[3])
    t = _dfadd2_f2f(_dfmul_f2f(s, u), _EXPK2_C1)
    t = _dfadd2_f2f(_dfmul_f2f2(s, t), 0.5)
    t = _dfadd2_f2f2(s, _dfmul_f2f2(_dfsqu(s), t))
    t = _dfadd_ff2(1.0, t)
    if d[0] < -104:
        return 0.0, 0.0
    return _ldexp2(t[0], q), _ldexp2(t[1], q)


def expm1f(a):
    """Sleef_expm1f8_u10 of one float32 value."""
    if a > _EXPM1_HI:
        return _INF
    if a < _EXPM1_LO:
        return -1.0
    if a == 0:
        return a  # -0.0 stays (exp(0) - 1 is +0.0 otherwise)
    d = _dfadd2_f2f(_expk2f((a, 0.0)), -1.0)
    return _f(d[0] + d[1])


# ------------------------------------------------------------------ log1pf8_u10
_LOG1P_BIG = float.fromhex("0x1.2ced32p+126")  # Sleef's LOG1PF_BOUND (about 1e38): above it, log(d)
_LOG_T = tuple(_f(c) for c in (0.3027294874, 0.3996108174, 0.6666694880))


def _log_tail(s, x):
    """The end of Sleef's logf_u1 and log1pf: ``s + 2x + x**3 t(x**2)`` rounded to float32."""
    x2 = _f(x[0] * x[0])
    t = fma_f32(_LOG_T[0], x2, _LOG_T[1])
    t = fma_f32(t, x2, _LOG_T[2])
    s = _dfadd_f2f2(s, _dfscale(x, 2.0))
    s = _dfadd_f2f(s, _f(_f(x2 * x[0]) * t))
    return _f(s[0] + s[1])


def logf(d):
    """Sleef_logf8_u10 (``xlogf_u1``) of one float32 value: log_softmax's logarithms."""
    if not d > 0 or d == _INF:
        return -_INF if d == 0 else (d if d == _INF else _NAN)
    tiny = d < _FLT_MIN
    if tiny:
        d = _f(d * _TWO64)
    e = _ilogb2k(_f(d * _R075))
    m = _ldexp3(d, -e)
    if tiny:
        e -= 64
    s = _dfmul_f2f(_LN2_DF, _f(float(e)))
    return _log_tail(s, _dfdiv(_dfadd2_ff(-1.0, m), _dfadd2_ff(1.0, m)))


def log1pf(d):
    """Sleef_log1pf8_u10 of one float32 value."""
    if not d >= -1.0:
        return _NAN
    if d == -1.0:
        return -_INF
    if d == 0 or d == _INF:
        return d
    if d > _LOG1P_BIG:
        return logf(d)
    dp1 = _f(d + 1.0)
    e = _ilogb2k(_f(dp1 * _R075))  # d > -1: dp1 is at least 2**-24, never below FLT_MIN
    t = _ldexp3(1.0, -e)
    m = fma_f32(d, t, _f(t - 1.0))
    s = _dfmul_f2f(_LN2_DF, _f(float(e)))
    return _log_tail(s, _dfdiv((m, 0.0), _dfadd_ff(2.0, m)))
