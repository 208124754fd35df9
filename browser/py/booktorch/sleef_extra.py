"""More of Sleef's float32 functions as torch's vector lanes compute them (AVX2 with FMA), bit for bit.

The same rules as :mod:`booktorch.sleef` (whose double-float helpers this module uses): each float32
``+ - * /`` of Sleef's source is one rounding, each ``vmla``/``vfma`` one fused rounding, integer steps
work on the bit patterns.  The entry points are those of torch's ``Vectorized<float>`` (Sleef 3.6,
``src/libm/sleefsimdsp.c``):

- :func:`sinhf`, :func:`coshf` (``Sleef_sinhf8_u10``, ``Sleef_coshf8_u10``): sinh's and cosh's vector lanes;
- :func:`atanhf` (``Sleef_atanhf8_u10``): atanh's vector lanes;
- :func:`exp2f` (``Sleef_exp2f8_u10``): exp2's and logaddexp2's;
- :func:`atan2f` (``Sleef_atan2f8_u10``), :func:`hypotf` (``Sleef_hypotf8_u05``);
- :func:`lgammaf` (``Sleef_lgammaf8_u10``): lgamma, whose kernel maps every element through it.
"""

import math

from .dtypes import fma_f32
from .sleef import (
    _dfadd2_f2f, _dfadd2_f2f2, _dfadd2_ff, _dfadd_f2f2, _dfadd_ff, _dfadd_ff2, _dfdiv, _dfmul_f2f,
    _dfmul_f2f2, _dfnormalize, _dfscale, _dfsqu, _expk2f, _f, _bits, _rec, _rint_i32, _trunc_i32,
    _pow2i, _ldexp2, _i32, _LN2_DF, _R075,
)

_INF = math.inf
_NAN = math.nan
_FLT_MIN = 2.0 ** -126


# ------------------------------------------------------------------ more of df.h (FMA variants)
def _dfmul_ff(x, y):
    s = _f(x * y)
    return s, fma_f32(x, y, -s)


def _dfneg(x):
    return -x[0], -x[1]


def _dfsub_f2f2(x, y):
    s = _f(x[0] - y[0])
    t = _f(_f(_f(x[0] - s) - y[0]) + x[1])
    return s, _f(t - y[1])


def _dfadd2_ff2(x, y):
    s = _f(x + y[0])
    v = _f(s - x)
    return s, _f(_f(_f(x - _f(s - v)) + _f(y[0] - v)) + y[1])


def _dfrec_f(d):
    s = _rec(d)
    return s, _f(s * fma_f32(-d, s, 1.0))


def _dfrec_f2(d):
    s = _rec(d[0])
    return s, _f(s * fma_f32(-d[1], s, fma_f32(-d[0], s, 1.0)))


def _sqrt(x):
    if x < 0:
        return _NAN
    return _f(math.sqrt(x)) if x == x else x


def _dfsqrt_f2(d):
    t = _sqrt(_f(d[0] + d[1]))
    return _dfscale(_dfmul_f2f2(_dfadd2_f2f2(d, _dfmul_ff(t, t)), _dfrec_f(t)), 0.5)


def _f2_of_double(d):
    """vcast_vf2_d: a double constant as float32 upper and lower parts."""
    hi = _f(d)
    return hi, _f(d - hi)


def _mulsign(x, y):
    return -x if math.copysign(1.0, y) < 0 else x


def _rint(x):
    """vrint_vf_vf: to the nearest integer, ties to even (NaN and infinities stay)."""
    if x != x or x in (_INF, -_INF) or abs(x) >= 8388608.0:
        return x
    return math.copysign(float(round(x)), x)


# ------------------------------------------------------------------ sinhf, coshf
def sinhf(x):
    """Sleef_sinhf8_u10."""
    y = abs(x)
    d = _expk2f((y, 0.0))
    d = _dfsub_f2f2(d, _dfrec_f2(d))
    y = _f(_f(d[0] + d[1]) * 0.5)
    if abs(x) > 89 or y != y:
        y = _INF
    y = _mulsign(y, x)
    return _NAN if x != x else y


def coshf(x):
    """Sleef_coshf8_u10."""
    y = abs(x)
    d = _expk2f((y, 0.0))
    d = _dfadd_f2f2(d, _dfrec_f2(d))
    y = _f(_f(d[0] + d[1]) * 0.5)
    if abs(x) > 89 or y != y:
        y = _INF
    return _NAN if x != x else y


# ------------------------------------------------------------------ logk2f, atanhf
_LOGK2_T = tuple(_f(c) for c in (0.2392828464508056640625, 0.28518211841583251953125, 0.400005877017974853515625,
                                 0.666666686534881591796875))


def _ilogbk(d):
    """vilogbk_vi2_vf: the exponent of d, tiny values scaled first."""
    o = d < 5.421010862427522e-20
    if o:
        d = _f(1.8446744073709552e19 * d)
    return ((_bits(d) >> 23) & 0xFF) - (64 + 0x7F if o else 0x7F)


def _logk2f(d):
    """log of a double-float as a double-float (Sleef's logk2f)."""
    e = _ilogbk(_f(d[0] * _R075))
    m = _dfscale(d, _pow2i(-e))
    x = _dfdiv(_dfadd2_f2f(m, -1.0), _dfadd2_f2f(m, 1.0))
    x2 = _dfsqu(x)
    c = _LOGK2_T
    t = fma_f32(c[0], x2[0], c[1])
    t = fma_f32(t, x2[0], c[2])
    t = fma_f32(t, x2[0], c[3])
    s = _dfmul_f2f(_LN2_DF, _f(float(e)))
    s = _dfadd_f2f2(s, _dfscale(x, 2.0))
    return _dfadd_f2f2(s, _dfmul_f2f(_dfmul_f2f2(x2, x), t))


def atanhf(x):
    """Sleef_atanhf8_u10."""
    y = abs(x)
    d = _logk2f(_dfdiv(_dfadd2_ff(1.0, y), _dfadd2_ff(1.0, -y)))
    if y > 1.0:
        y = _NAN
    elif y == 1.0:
        y = _INF
    else:
        y = _f(_f(d[0] + d[1]) * 0.5)
    if math.isinf(x) or y != y:
        y = _NAN
    y = _mulsign(y, x)
    return _NAN if x != x else y


# ------------------------------------------------------------------ exp2f
_EXP2_U = tuple(_f(c) for c in (0.1535920892e-3, 0.1339262701e-2, 0.9618384764e-2, 0.5550347269e-1,
                                0.2402264476e+0, 0.6931471825e+0))


def exp2f(d):
    """Sleef_exp2f8_u10 (the FMA variant)."""
    u = _rint(d)
    q = _rint_i32(u)
    s = _f(d - u)
    c = _EXP2_U
    u = c[0]
    for coefficient in c[1:]:
        u = fma_f32(u, s, coefficient)
    u = fma_f32(u, s, 1.0)
    u = _ldexp2(u, q)
    if d >= 128:
        u = _INF
    if d < -150:
        u = 0.0
    return u


# ------------------------------------------------------------------ atan2f (xatan2f_u1)
_ATAN_U = tuple(_f(c) for c in (-0.00176397908944636583328247, 0.0107900900766253471374512, -0.0309564601629972457885742,
                                0.0577365085482597351074219, -0.0838950723409652709960938, 0.109463557600975036621094,
                                -0.142626821994781494140625, 0.199983194470405578613281))
_ATAN_C = _f(-0.333332866430282592773438)
_PI_2_DF = (_f(1.5707963705062866211), _f(-4.3711388286737928865e-08))
_M_PI_2 = _f(math.pi / 2)
_M_PI_4 = _f(math.pi / 4)
_M_PI = _f(math.pi)
_TINY_X = _f(2.9387372783541830947e-39)  # nexttowardf(1 / FLT_MAX, 1)


def _atan2kf_u1(y, x):
    q = -2 if x[0] < 0 else 0
    if x[0] < 0:
        x = (-x[0], -x[1])
    if x[0] < y[0]:
        q += 1
        s, t = _dfneg(x), y
    else:
        s, t = y, x
    s = _dfdiv(s, t)
    t = _dfnormalize(_dfsqu(s))
    u = _ATAN_U[0]
    for coefficient in _ATAN_U[1:]:
        u = fma_f32(u, t[0], coefficient)
    t = _dfmul_f2f2(t, _dfadd_ff(_ATAN_C, _f(u * t[0])))
    t = _dfmul_f2f2(s, _dfadd_ff2(1.0, t))
    return _dfadd_f2f2(_dfmul_f2f(_PI_2_DF, _f(float(q))), t)


def _isinf2(d, m):
    """visinf2_vf_vf_vf: ``m`` with d's sign bit or'ed in where d is infinite, else +0."""
    if not math.isinf(d):
        return 0.0
    return -abs(m) if d < 0 or math.copysign(1.0, m) < 0 else abs(m)


def atan2f(y, x):
    """Sleef_atan2f8_u10 (``y``, ``x`` as atan2's)."""
    if abs(x) < _TINY_X:
        x = _f(x * 16777216.0)
        y = _f(y * 16777216.0)
    d = _atan2kf_u1((abs(y), 0.0), (x, 0.0))
    r = _f(d[0] + d[1])
    r = _mulsign(r, x)
    if math.isinf(x) or x == 0:
        r = _f(_M_PI_2 - _isinf2(x, _mulsign(_M_PI_2, x)))
    if math.isinf(y):
        r = _f(_M_PI_2 - _isinf2(x, _mulsign(_M_PI_4, x)))
    if y == 0:
        r = _M_PI if math.copysign(1.0, x) < 0 else 0.0
    if x != x or y != y:
        return _NAN
    return _mulsign(r, y)


# ------------------------------------------------------------------ hypotf (xhypotf_u05)
def hypotf(x, y):
    """Sleef_hypotf8_u05."""
    x, y = abs(x), abs(y)
    lo, hi = _minps(x, y), _maxps(x, y)
    n, d = lo, hi
    if hi < _FLT_MIN:
        n, d = _f(n * 16777216.0), _f(d * 16777216.0)
    t = _dfdiv((n, 0.0), (d, 0.0))
    t = _dfmul_f2f(_dfsqrt_f2(_dfadd2_f2f(_dfsqu(t), 1.0)), hi)
    ret = _f(t[0] + t[1])
    if ret != ret:
        ret = _INF
    if lo == 0:
        ret = hi
    if x != x or y != y:
        ret = _NAN
    if x == _INF or y == _INF:
        ret = _INF
    return ret


def _minps(a, b):
    """_mm256_min_ps(a, b): a < b ? a : b (the second operand when either is NaN)."""
    return a if a < b else b


def _maxps(a, b):
    return a if a > b else b


# ------------------------------------------------------------------ lgammaf (xlgammaf_u1)
def _sinpifk(d):
    u = _f(d * 4.0)
    q = _trunc_i32(u)
    q = _i32((q + ((q >> 31 & 1) ^ 1)) & ~1)
    o = (q & 2) == 2
    s = _f(u - float(q))
    t = s
    s = _f(s * s)
    s2 = _dfmul_ff(t, t)
    u = _f(-0.2430611801e-7) if o else _f(0.3093842054e-6)
    u = fma_f32(u, s, _f(0.3590577080e-5) if o else _f(-0.3657307388e-4))
    u = fma_f32(u, s, _f(-0.3259917721e-3) if o else _f(0.2490393585e-2))
    x = _dfadd2_ff2(_f(u * s), (_f(0.015854343771934509277), _f(4.4940051354032242811e-10)) if o
                    else (_f(-0.080745510756969451904), _f(-1.3373665339076936258e-09)))
    x = _dfadd2_f2f2(_dfmul_f2f2(s2, x), (_f(-0.30842512845993041992), _f(-9.0728339030733922277e-09)) if o
                     else (_f(0.78539818525314331055), _f(-2.1857338617566484855e-08)))
    x = _dfmul_f2f2(x, s2 if o else (t, 0.0))
    if o:
        x = _dfadd2_f2f(x, 1.0)
    if (q & 4) == 4:
        x = (-x[0], -x[1])
    return x


_GAMMA_U = tuple(tuple(_f(c) for c in row) for row in (
    (0.000839498720672087279971000786, 0.9435157776e+0, 0.1102489550e-3),
    (-5.17179090826059219329394422e-05, 0.8670063615e+0, 0.8160019934e-4),
    (-0.000592166437353693882857342347, 0.4826702476e+0, 0.1528468856e-3),
    (6.97281375836585777403743539e-05, -0.8855129778e-1, -0.2355068718e-3),
    (0.000784039221720066627493314301, 0.1013825238e+0, 0.4962242092e-3),
    (-0.000229472093621399176949318732, -0.1493408978e+0, -0.1193488017e-2),
    (-0.002681327160493827160473958490, 0.1697509140e+0, 0.2891599433e-2),
    (0.003472222222222222222175164840, -0.2072454542e+0, -0.7385451812e-2),
    (0.083333333333333333335592087900, 0.2705872357e+0, 0.2058077045e-1),
))
_GAMMA_Z = tuple(tuple(_f(c) for c in row) for row in (
    (-0.400686534596170958447352690395e+0, -0.673523028297382446749257758235e-1),
    (0.822466960142643054450325495997e+0, 0.322467033928981157743538726901e+0),
    (-0.577215665946766039837398973297e+0, 0.422784335087484338986941629852e+0),
))
_HALF_LOG_2PI = _f2_of_double(0.91893853320467278056)
_LOG_2_60 = _f2_of_double(41.58883083359671856503)
_LOG_PI = _f2_of_double(1.1447298858494001639)


def _gammafk(a):
    """Sleef's gammafk: (log part, multiplier) of Gamma(a) as double-floats."""
    otiny = abs(a) < 1e-30
    oref = a < 0.5
    if otiny:
        x = (0.0, 0.0)
    elif oref:
        x = _dfadd2_ff(1.0, -a)
    else:
        x = (a, 0.0)
    o0 = 0.5 <= x[0] <= _f(1.2)
    o2 = _f(2.3) <= x[0]
    y = _dfnormalize(_dfmul_f2f2(_dfadd2_f2f(x, 1.0), x))
    y = _dfnormalize(_dfmul_f2f2(_dfadd2_f2f(x, 2.0), y))
    o = o2 and x[0] <= 7
    clln = y if o else (1.0, 0.0)
    if o:
        x = _dfadd2_f2f(x, 3.0)
    t = _rec(x[0]) if o2 else _dfnormalize(_dfadd2_f2f(x, -1.0 if o0 else -2.0))[0]
    col = 0 if o2 else (1 if o0 else 2)
    u = _GAMMA_U[0][col]
    for row in _GAMMA_U[1:]:
        u = fma_f32(u, t, row[col])
    y = _dfmul_f2f2(_dfadd2_f2f(x, -0.5), _logk2f(x))
    y = _dfadd2_f2f2(y, _dfneg(x))
    y = _dfadd2_f2f2(y, _HALF_LOG_2PI)
    zcol = 0 if o0 else 1
    z = _dfadd2_f2f(_dfmul_ff(u, t), _GAMMA_Z[0][zcol])
    z = _dfadd2_f2f(_dfmul_f2f(z, t), _GAMMA_Z[1][zcol])
    z = _dfadd2_f2f(_dfmul_f2f(z, t), _GAMMA_Z[2][zcol])
    z = _dfmul_f2f(z, t)
    clc = y if o2 else z
    clld = _dfadd2_f2f(_dfmul_ff(u, t), 1.0) if o2 else (1.0, 0.0)
    y = clln
    if otiny:
        clc = _LOG_2_60
    elif oref:
        clc = _dfadd2_f2f2(_LOG_PI, _dfneg(clc))
    clln = (1.0, 0.0) if otiny else (clln if oref else clld)
    if oref:
        t = _f(a - _f(4096.0 * float(_trunc_i32(_f(a * _f(1.0 / 4096))))))
        x = _dfmul_f2f2(clld, _sinpifk(t))
    if otiny:
        clld = (_f(a * _f(float(1 << 30) * float(1 << 30))), 0.0)
    else:
        clld = x if oref else y
    return clc, _dfdiv(clln, clld)


def lgammaf(a):
    """Sleef_lgammaf8_u10."""
    clc, mult = _gammafk(a)
    mult = (abs(mult[0]), -mult[1] if mult[0] < 0 or (mult[0] == 0 and math.copysign(1.0, mult[0]) < 0)
            else mult[1])
    y = _dfadd2_f2f2(clc, _logk2f(mult))
    r = _f(y[0] + y[1])
    is_number = not (math.isinf(a) or a != a)
    if math.isinf(a) or (a <= 0 and is_number and float(a).is_integer()) or (is_number and r != r):
        r = _INF
    return r
