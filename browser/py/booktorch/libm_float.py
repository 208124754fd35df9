"""More of the C library's float32 functions, as torch's scalar loops call them, bit for bit.

Where a torch kernel calls ``std::sinh(float)`` and friends (the whole of ``asinh``/``acosh``, whose
kernels have no vector code; the scalar tail of ``sinh``, ``cosh``, ``atanh``, ``atan2``, ``exp2``,
``hypot``, ``logaddexp`` and ``xlogy``: see :mod:`booktorch.loops`), the book's torch runs glibc's
``libm`` (2.36, x86-64).  Two families of code are behind those names:

- Arm's optimized routines (``logf``, ``exp2f``; like :mod:`booktorch.libm`'s ``powf`` and ``expf``),
  which compute in double and round once; glibc builds them with fused multiply-adds on x86-64, so
  every ``a * b + c`` of their source is one fused rounding here;
- fdlibm's float code (``log1pf``, ``expm1f``, ``sinhf``, ``coshf``, ``asinhf``, ``acoshf``,
  ``atanhf``, ``atanf``, ``atan2f``), which computes in float32: each ``+ - * /`` is rounded to
  float32 here (:func:`_f`), in the order of the C source, and there are no fused operations (that
  code is built for the baseline x86-64, which has none).

``hypotf`` is glibc's own: the sum of the squares in double, its square root rounded to float32.
"""

import math
import struct

from .libm import _exp2_inline, expf, fma

_F32 = struct.Struct("<f")
_U32 = struct.Struct("<I")
_INF = math.inf


def _f(x):
    """Round a double to float32 (ties to even; beyond the float32 range: infinity)."""
    try:
        return _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return _INF if x > 0 else -_INF


def _word(x):
    return _U32.unpack(_F32.pack(x))[0]


def _signed_word(x):
    w = _word(x)
    return w - 0x100000000 if w & 0x80000000 else w


def _from_word(w):
    return _F32.unpack(_U32.pack(w & 0xFFFFFFFF))[0]


def _div(x, y):
    """float32 x / y with IEEE results for a zero divisor."""
    if y == 0:
        if x != x or x == 0:
            return math.nan
        return math.copysign(_INF, x) * math.copysign(1.0, y)
    return _f(x / y)


# ------------------------------------------------------------------ logf and exp2f (Arm's, with FMA)
_LOGF_TAB = tuple((float.fromhex(a), float.fromhex(b)) for a, b in (
    ("0x1.661ec79f8f3bep+0", "-0x1.57bf7808caadep-2"), ("0x1.571ed4aaf883dp+0", "-0x1.2bef0a7c06ddbp-2"),
    ("0x1.49539f0f010bp+0", "-0x1.01eae7f513a67p-2"), ("0x1.3c995b0b80385p+0", "-0x1.b31d8a68224e9p-3"),
    ("0x1.30d190c8864a5p+0", "-0x1.6574f0ac07758p-3"), ("0x1.25e227b0b8eap+0", "-0x1.1aa2bc79c81p-3"),
    ("0x1.1bb4a4a1a343fp+0", "-0x1.a4e76ce8c0e5ep-4"), ("0x1.12358f08ae5bap+0", "-0x1.1973c5a611cccp-4"),
    ("0x1.0953f419900a7p+0", "-0x1.252f438e10c1ep-5"), ("0x1p+0", "0x0p+0"),
    ("0x1.e608cfd9a47acp-1", "0x1.aa5aa5df25984p-5"), ("0x1.ca4b31f026aap-1", "0x1.c5e53aa362eb4p-4"),
    ("0x1.b2036576afce6p-1", "0x1.526e57720db08p-3"), ("0x1.9c2d163a1aa2dp-1", "0x1.bc2860d22477p-3"),
    ("0x1.886e6037841edp-1", "0x1.1058bc8a07ee1p-2"), ("0x1.767dcf5534862p-1", "0x1.4043057b6ee09p-2"),
))
_LOGF_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
_LOGF_POLY = tuple(float.fromhex(h) for h in ("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2", "-0x1.ffffef20a4123p-2"))


def logf(x):
    """glibc's ``logf``."""
    ix = _word(x)
    if ix == 0x3F800000:
        return 0.0
    if (ix - 0x00800000) & 0xFFFFFFFF >= 0x7F800000 - 0x00800000:
        if (ix * 2) & 0xFFFFFFFF == 0:
            return -_INF
        if ix == 0x7F800000:
            return x
        if ix & 0x80000000 or (ix * 2) & 0xFFFFFFFF >= 0xFF000000:
            return math.nan
        ix = (_word(_f(x * 8388608.0)) - (23 << 23)) & 0xFFFFFFFF  # a subnormal, normalised
    tmp = (ix - 0x3F330000) & 0xFFFFFFFF
    invc, logc = _LOGF_TAB[(tmp >> 19) % 16]
    k = (tmp - 0x100000000 if tmp & 0x80000000 else tmp) >> 23
    z = _from_word(ix - (tmp & (0x1FF << 23)))
    r = fma(z, invc, -1.0)
    y0 = fma(float(k), _LOGF_LN2, logc)
    r2 = r * r
    a = _LOGF_POLY
    y = fma(a[1], r, a[2])
    y = fma(a[0], r2, y)
    return _f(fma(y, r2, y0 + r))


def exp2f(x):
    """glibc's ``exp2f``."""
    abstop = (_word(x) >> 20) & 0x7FF
    if abstop >= 0x430:  # |x| >= 128, or NaN
        if x == -_INF:
            return 0.0
        if abstop >= 0x7F8:
            return x + x
        if x > 0:
            return _INF
        if x <= -150.0:
            return 0.0
    return _exp2_inline(x, 0)


# ------------------------------------------------------------------ fdlibm's float code
_LN2_HI = _f(6.9313812256e-01)
_LN2_LO = _f(9.0580006145e-06)
_LP = tuple(_f(c) for c in (6.6666668653e-01, 4.0000000596e-01, 2.8571429849e-01, 2.2222198546e-01,
                            1.8183572590e-01, 1.5313838422e-01, 1.4798198640e-01))
_TWO_THIRDS = _f(0.66666666666666666)


def log1pf(x):
    """glibc's ``log1pf`` (fdlibm's ``s_log1pf.c``)."""
    hx = _signed_word(x)
    ax = hx & 0x7FFFFFFF
    k = 1
    f = c = 0.0
    hu = 0
    if hx < 0x3ED413D7:  # x < 0.41422
        if ax >= 0x3F800000:  # x <= -1
            return -_INF if x == -1.0 else math.nan
        if ax < 0x31000000:  # |x| < 2**-29
            if ax < 0x24800000:
                return x
            return _f(x - _f(_f(x * x) * 0.5))
        if hx > 0 or hx <= -1097468385:  # -0.2929 < x < 0.41422 (0xbe95f61f as an int32)
            k, f, hu = 0, x, 1
    if hx >= 0x7F800000:
        return x + x
    if k != 0:
        if hx < 0x5A000000:
            u = _f(1.0 + x)
            hu = _word(u)
            k = (hu >> 23) - 127
            c = _f(1.0 - _f(u - x)) if k > 0 else _f(x - _f(u - 1.0))
            c = _div(c, u)
        else:
            u = x
            hu = _word(u)
            k = (hu >> 23) - 127
            c = 0.0
        hu &= 0x007FFFFF
        if hu < 0x3504F7:
            u = _from_word(hu | 0x3F800000)
        else:
            k += 1
            u = _from_word(hu | 0x3F000000)
            hu = (0x00800000 - hu) >> 2
        f = _f(u - 1.0)
    hfsq = _f(_f(0.5 * f) * f)
    fk = float(k)
    if hu == 0:  # |f| < 2**-20
        if f == 0:
            if k == 0:
                return 0.0
            c = _f(c + _f(fk * _LN2_LO))
            return _f(_f(fk * _LN2_HI) + c)
        r = _f(hfsq * _f(1.0 - _f(_TWO_THIRDS * f)))
        if k == 0:
            return _f(f - r)
        return _f(_f(fk * _LN2_HI) - _f(_f(r - _f(_f(fk * _LN2_LO) + c)) - f))
    s = _div(f, _f(2.0 + f))
    z = _f(s * s)
    p = _LP[6]
    for coefficient in _LP[5::-1]:
        p = _f(coefficient + _f(z * p))
    r = _f(z * p)
    if k == 0:
        return _f(f - _f(hfsq - _f(s * _f(hfsq + r))))
    inner = _f(_f(s * _f(hfsq + r)) + _f(_f(fk * _LN2_LO) + c))
    return _f(_f(fk * _LN2_HI) - _f(_f(hfsq - inner) - f))


_INVLN2 = _f(1.4426950216e+00)
_Q = tuple(_f(c) for c in (-3.3333335072e-02, 1.5873016091e-03, -7.9365076090e-05, 4.0082177293e-06,
                           -2.0109921195e-07))
_O_THRESHOLD = _f(8.8721679688e+01)
_TINY = _f(1.0e-30)


def expm1f(x):
    """glibc's ``expm1f`` (fdlibm's ``s_expm1f.c``)."""
    hx = _word(x)
    negative = bool(hx & 0x80000000)
    hx &= 0x7FFFFFFF
    if hx >= 0x4195B844:  # |x| >= 27 ln 2
        if hx >= 0x42B17218:  # |x| >= 88.721...
            if hx > 0x7F800000:
                return x + x
            if hx == 0x7F800000:
                return -1.0 if negative else x
            if x > _O_THRESHOLD:
                return _INF
        if negative:
            return _f(_TINY - 1.0)
    c = 0.0
    if hx > 0x3EB17218:  # |x| > ln 2 / 2
        if hx < 0x3F851592:  # and < 3 ln 2 / 2
            if not negative:
                hi, lo, k = _f(x - _LN2_HI), _LN2_LO, 1
            else:
                hi, lo, k = _f(x + _LN2_HI), -_LN2_LO, -1
        else:
            k = int(_f(_f(_INVLN2 * x) + (-0.5 if negative else 0.5)))  # C's conversion truncates
            t = float(k)
            hi = _f(x - _f(t * _LN2_HI))
            lo = _f(t * _LN2_LO)
        x = _f(hi - lo)
        c = _f(_f(hi - x) - lo)
    elif hx < 0x33000000:  # |x| < 2**-25
        return x
    else:
        k = 0
    hfx = _f(0.5 * x)
    hxs = _f(x * hfx)
    q = _Q[4]
    for coefficient in _Q[3::-1]:
        q = _f(coefficient + _f(hxs * q))
    r1 = _f(1.0 + _f(hxs * q))
    t = _f(3.0 - _f(r1 * hfx))
    e = _f(hxs * _div(_f(r1 - t), _f(6.0 - _f(x * t))))
    if k == 0:
        return _f(x - _f(_f(x * e) - hxs))
    e = _f(_f(x * _f(e - c)) - c)
    e = _f(e - hxs)
    if k == -1:
        return _f(_f(0.5 * _f(x - e)) - 0.5)
    if k == 1:
        if x < -0.25:
            return _f(-2.0 * _f(e - _f(x + 0.5)))
        return _f(1.0 + _f(2.0 * _f(x - e)))
    if k <= -2 or k > 56:
        y = _f(1.0 - _f(e - x))
        y = _from_word(_word(y) + (k << 23))
        return _f(y - 1.0)
    if k < 23:
        t = _from_word(0x3F800000 - (0x1000000 >> k))
        y = _f(t - _f(e - x))
    else:
        t = _from_word((0x7F - k) << 23)
        y = _f(x - _f(e + t))
        y = _f(y + 1.0)
    return _from_word(_word(y) + (k << 23))


def sinhf(x):
    """glibc's ``sinhf`` (fdlibm's ``e_sinhf.c``, with glibc's ``expf``)."""
    jx = _word(x)
    ix = jx & 0x7FFFFFFF
    if ix >= 0x7F800000:
        return x + x
    h = -0.5 if jx & 0x80000000 else 0.5
    ax = abs(x)
    if ix < 0x41B00000:  # |x| < 22
        if ix < 0x31800000:  # |x| < 2**-28
            return x
        t = expm1f(ax)
        if ix < 0x3F800000:
            return _f(h * _f(_f(2.0 * t) - _div(_f(t * t), _f(t + 1.0))))
        return _f(h * _f(t + _div(t, _f(t + 1.0))))
    if ix < 0x42B17180:
        return _f(h * expf(ax))
    if ix <= 0x42B2D4FC:
        w = expf(_f(0.5 * ax))
        return _f(_f(h * w) * w)
    return math.copysign(_INF, x)


def coshf(x):
    """glibc's ``coshf`` (fdlibm's ``e_coshf.c``, with glibc's ``expf``)."""
    ix = _word(x) & 0x7FFFFFFF
    ax = abs(x)
    if ix < 0x41B00000:  # |x| < 22
        if ix < 0x3EB17218:  # |x| < ln 2 / 2
            if ix < 0x24000000:
                return 1.0
            t = expm1f(ax)
            w = _f(1.0 + t)
            return _f(1.0 + _div(_f(t * t), _f(w + w)))
        t = expf(ax)
        return _f(_f(0.5 * t) + _div(0.5, t))
    if ix < 0x42B17180:
        return _f(0.5 * expf(ax))
    if ix <= 0x42B2D4FC:
        w = expf(_f(0.5 * ax))
        return _f(_f(0.5 * w) * w)
    if ix >= 0x7F800000:
        return x * x
    return _INF


_LN2_F = _f(6.9314718246e-01)


def _sqrtf(x):
    return _f(math.sqrt(x)) if x >= 0 else math.nan


def asinhf(x):
    """glibc's ``asinhf`` (fdlibm's ``s_asinhf.c``)."""
    ix = _word(x) & 0x7FFFFFFF
    if ix < 0x38000000:  # |x| < 2**-14
        return x
    xa = abs(x)
    if ix > 0x47000000:  # |x| > 2**14
        if ix >= 0x7F800000:
            return x + x
        w = _f(logf(xa) + _LN2_F)
    elif ix > 0x40000000:  # 2 < |x| <= 2**14
        w = logf(_f(_f(2.0 * xa) + _div(1.0, _f(_sqrtf(_f(_f(xa * xa) + 1.0)) + xa))))
    else:
        t = _f(xa * xa)
        w = log1pf(_f(xa + _div(t, _f(1.0 + _sqrtf(_f(1.0 + t))))))
    return math.copysign(w, x)


def acoshf(x):
    """glibc's ``acoshf`` (fdlibm's ``e_acoshf.c``)."""
    hx = _signed_word(x)
    if hx < 0x3F800000:  # x < 1 (or NaN with the sign bit)
        return math.nan
    if hx >= 0x4D800000:  # x > 2**28
        if hx >= 0x7F800000:
            return x + x
        return _f(logf(x) + _LN2_F)
    if hx == 0x3F800000:
        return 0.0
    if hx > 0x40000000:  # 2 < x <= 2**28
        t = _f(x * x)
        return logf(_f(_f(2.0 * x) - _div(1.0, _f(x + _sqrtf(_f(t - 1.0))))))
    t = _f(x - 1.0)
    return log1pf(_f(t + _sqrtf(_f(_f(2.0 * t) + _f(t * t)))))


def atanhf(x):
    """glibc's ``atanhf`` (``e_atanhf.c``)."""
    xa = abs(x)
    if xa < 0.5:
        if xa < 2.0 ** -28:
            return x
        t = _f(xa + xa)
        t = _f(0.5 * log1pf(_f(t + _div(_f(t * xa), _f(1.0 - xa)))))
    elif xa < 1.0:
        t = _f(0.5 * log1pf(_div(_f(xa + xa), _f(1.0 - xa))))
    else:
        if xa > 1.0 or xa != xa:
            return math.nan
        return math.copysign(_INF, x)
    return math.copysign(t, x)


_ATANHI = tuple(_f(c) for c in (4.6364760399e-01, 7.8539812565e-01, 9.8279368877e-01, 1.5707962513e+00))
_ATANLO = tuple(_f(c) for c in (5.0121582440e-09, 3.7748947079e-08, 3.4473217170e-08, 7.5497894159e-08))
_AT = tuple(_f(c) for c in (3.3333334327e-01, -2.0000000298e-01, 1.4285714924e-01, -1.1111110449e-01,
                            9.0908870101e-02, -7.6918758452e-02, 6.6610731184e-02, -5.8335702866e-02,
                            4.9768779427e-02, -3.6531571299e-02, 1.6285819933e-02))


def atanf(x):
    """glibc's ``atanf`` (fdlibm's ``s_atanf.c``)."""
    hx = _word(x)
    ix = hx & 0x7FFFFFFF
    negative = bool(hx & 0x80000000)
    if ix >= 0x4C000000:  # |x| >= 2**25
        if ix > 0x7F800000:
            return x + x
        v = _f(_ATANHI[3] + _ATANLO[3])
        return -v if negative else v
    if ix < 0x3EE00000:  # |x| < 0.4375
        if ix < 0x31000000:
            return x
        i = -1
    else:
        x = abs(x)
        if ix < 0x3F980000:
            if ix < 0x3F300000:
                i, x = 0, _div(_f(_f(2.0 * x) - 1.0), _f(2.0 + x))
            else:
                i, x = 1, _div(_f(x - 1.0), _f(x + 1.0))
        elif ix < 0x401C0000:
            i, x = 2, _div(_f(x - 1.5), _f(1.0 + _f(1.5 * x)))
        else:
            i, x = 3, _div(-1.0, x)
    z = _f(x * x)
    w = _f(z * z)
    at = _AT
    s1 = at[10]
    for coefficient in (at[8], at[6], at[4], at[2], at[0]):
        s1 = _f(coefficient + _f(w * s1))
    s1 = _f(z * s1)
    s2 = at[9]
    for coefficient in (at[7], at[5], at[3], at[1]):
        s2 = _f(coefficient + _f(w * s2))
    s2 = _f(w * s2)
    if i < 0:
        return _f(x - _f(x * _f(s1 + s2)))
    z = _f(_ATANHI[i] - _f(_f(_f(x * _f(s1 + s2)) - _ATANLO[i]) - x))
    return -z if negative else z


_PI_O_4 = _f(7.8539818525e-01)
_PI_O_2 = _f(1.5707963705e+00)
_PI = _f(3.1415927410e+00)
_PI_LO = _f(-8.7422776573e-08)


def atan2f(y, x):
    """glibc's ``atan2f`` (fdlibm's ``e_atan2f.c``); ``tiny`` additions that only raise inexact leave
    the float32 value as it was."""
    hx, hy = _signed_word(x), _signed_word(y)
    ix, iy = hx & 0x7FFFFFFF, hy & 0x7FFFFFFF
    if ix > 0x7F800000 or iy > 0x7F800000:
        return x + y
    if hx == 0x3F800000:
        return atanf(y)
    m = ((hy >> 31) & 1) | ((hx >> 30) & 2)
    if iy == 0:
        return (y, y, _PI, -_PI)[m]
    if ix == 0:
        return -_PI_O_2 if hy < 0 else _PI_O_2
    if ix == 0x7F800000:
        if iy == 0x7F800000:
            three = _f(3.0 * _PI_O_4)
            return (_PI_O_4, -_PI_O_4, three, -three)[m]
        return (0.0, -0.0, _PI, -_PI)[m]
    if iy == 0x7F800000:
        return -_PI_O_2 if hy < 0 else _PI_O_2
    k = (iy - ix) >> 23
    if k > 60:
        z = _f(_PI_O_2 + _f(0.5 * _PI_LO))
    elif hx < 0 and k < -60:
        z = 0.0
    else:
        z = atanf(abs(_div(y, x)))
    if m == 0:
        return z
    if m == 1:
        return -z
    if m == 2:
        return _f(_PI - _f(z - _PI_LO))
    return _f(_f(z - _PI_LO) - _PI)


def hypotf(x, y):
    """glibc's ``hypotf``: ``sqrt(x*x + y*y)`` in double, rounded to float32."""
    if math.isinf(x) or math.isinf(y):
        return _INF
    if x != x or y != y:
        return x + y
    return _f(math.sqrt(x * x + y * y))


# ------------------------------------------------------------------ sinf (Arm's, with FMA)
_SINCOSF = (
    (float.fromhex("0x1p0"), float.fromhex("-0x1.ffffffd0c621cp-2"), float.fromhex("0x1.55553e1068f19p-5"),
     float.fromhex("-0x1.6c087e89a359dp-10"), float.fromhex("0x1.99343027bf8c3p-16")),
    (float.fromhex("-0x1p0"), float.fromhex("0x1.ffffffd0c621cp-2"), float.fromhex("-0x1.55553e1068f19p-5"),
     float.fromhex("0x1.6c087e89a359dp-10"), float.fromhex("-0x1.99343027bf8c3p-16")),
)  # the cosine polynomial c0..c4 of __sincosf_table[0] and [1] (negated)
_SINF_S = tuple(float.fromhex(h) for h in ("-0x1.555545995a603p-3", "0x1.1107605230bc4p-7", "-0x1.994eb3774cf24p-13"))
_SIGN = (1.0, -1.0, -1.0, 1.0)
_HPI_INV = float.fromhex("0x1.45F306DC9C883p+23")
_HPI = float.fromhex("0x1.921FB54442D18p0")
_PI63 = float.fromhex("0x1.921FB54442D18p-62")
_INV_PIO4 = (
    0xa2, 0xa2f9, 0xa2f983, 0xa2f9836e, 0xf9836e4e, 0x836e4e44, 0x6e4e4415, 0x4e441529,
    0x441529fc, 0x1529fc27, 0x29fc2757, 0xfc2757d1, 0x2757d1f5, 0x57d1f534, 0xd1f534dd, 0xf534ddc0,
    0x34ddc0db, 0xddc0db62, 0xc0db6295, 0xdb629599, 0x6295993c, 0x95993c43, 0x993c4390, 0x3c439041,
)
_M64 = (1 << 64) - 1


def _sinf_poly(x, x2, table, n):
    if n & 1 == 0:
        s1, s2, s3 = _SINF_S
        x3 = x * x2
        x7 = x3 * x2
        return _f(fma(x7, fma(x2, s3, s2), fma(x3, s1, x)))
    c0, c1, c2, c3, c4 = _SINCOSF[table]
    x4 = x2 * x2
    x6 = x4 * x2
    return _f(fma(x6, fma(x2, c4, c3), fma(x4, c2, fma(x2, c1, c0))))


def _reduce_large(xi):
    """x mod pi/2 for a large float32 (bits ``xi``) with its quadrant, from 192 bits of 4/pi."""
    i = (xi >> 26) & 15
    shift = (xi >> 23) & 7
    m = ((xi & 0xFFFFFF) | 0x800000) << shift & 0xFFFFFFFF
    res0 = (m * _INV_PIO4[i]) & 0xFFFFFFFF
    res1 = m * _INV_PIO4[i + 4]
    res2 = m * _INV_PIO4[i + 8]
    res0 = ((res2 >> 32) | (res0 << 32)) & _M64
    res0 = (res0 + res1) & _M64
    n = ((res0 + (1 << 61)) & _M64) >> 62
    res0 = (res0 - (n << 62)) & _M64
    signed = res0 - (1 << 64) if res0 >> 63 else res0
    return float(signed) * _PI63, n


def sinf(y):
    """glibc's ``sinf``."""
    top = (_word(y) >> 20) & 0x7FF
    x = y
    if top < 0x3F4:  # |y| < pi/4
        if top < 0x398:  # |y| < 2**-12
            return y
        return _sinf_poly(x, x * x, 0, 0)
    if top < 0x42F:  # |y| < 120
        r = x * _HPI_INV
        n = (int(r) + 0x800000) >> 24  # C's (int32_t) truncation, then an arithmetic shift
        x = fma(-float(n), _HPI, x)
        s = _SIGN[n & 3]
        return _sinf_poly(x * s, x * x, 1 if n & 2 else 0, n)
    if top < 0x7F8:
        xi = _word(y)
        x, n = _reduce_large(xi)
        sign = xi >> 31
        s = _SIGN[(n + sign) & 3]
        return _sinf_poly(x * s, x * x, 1 if (n + sign) & 2 else 0, n)
    return math.nan
