"""The C library's float32 ``powf`` and ``expf`` as torch's scalar loops call them, bit for bit.

Where a torch kernel has no vector instructions for an element (the scalar tail of
``cpu_kernel_vec``, a strided tensor: see :mod:`booktorch.loops`), it calls ``std::pow(float,
float)`` and ``std::exp(float)``, that is glibc's ``powf`` and ``expf`` (x86-64, the variant built
with fused multiply-adds).  They compute in double and round once to float32, within 0.82 and
0.502 units in the last place but not always correctly rounded, so a correctly rounded value
differs from theirs now and then.  Their algorithm (from Arm's optimized-routines, MIT licence):

- ``powf``: ``log2(x)`` from a 16-entry table of ``1/c`` and ``log2(c)`` and a degree-5
  polynomial, times ``y``, then ``exp2`` from a 32-entry table of ``2**(i/32)`` and a cubic;
- ``expf``: ``x * 32/ln 2`` split into ``k + r``, then the same ``exp2`` table and cubic.

Every ``a * b + c`` of their C source is one fused rounding here (:func:`fma`), as GCC contracts it.
"""

import math
import struct
from decimal import Decimal, localcontext
from fractions import Fraction

from .dtypes import f32

_F32 = struct.Struct("<f")
_U32 = struct.Struct("<I")
_F64 = struct.Struct("<d")
_U64 = struct.Struct("<Q")
_TWO53 = 9007199254740992.0
_DBL_MIN = 2.2250738585072014e-308


def _asuint(x):
    return _U32.unpack(_F32.pack(x))[0]


def _asfloat(i):
    return _F32.unpack(_U32.pack(i & 0xFFFFFFFF))[0]


def _asuint64(x):
    return _U64.unpack(_F64.pack(x))[0]


def _asdouble(i):
    return _F64.unpack(_U64.pack(i & 0xFFFFFFFFFFFFFFFF))[0]


def _fma_exact(a, b, c):
    """``a * b + c`` rounded once, from the exact integer sum (faster than Fractions)."""
    s = a * b + c
    if s != s or s in (math.inf, -math.inf) or a == 0 or b == 0:
        return s
    ma, ea = math.frexp(a)
    mb, eb = math.frexp(b)
    p = int(ma * _TWO53) * int(mb * _TWO53)
    ep = ea + eb - 106
    if c == 0:
        n, e = p, ep
    else:
        mc, ec = math.frexp(c)
        mc = int(mc * _TWO53)
        ec -= 53
        if ep <= ec:
            n, e = p + (mc << (ec - ep)), ep
        else:
            n, e = (p << (ep - ec)) + mc, ec
    if n == 0:
        return 0.0
    extra = abs(n).bit_length() - 64
    if extra > 0:  # keep 64 bits and a sticky bit: float() still rounds as it would the whole
        sticky = 1 if abs(n) & ((1 << extra) - 1) else 0
        n = (abs(n) >> extra | sticky) * (1 if n > 0 else -1)
        e += extra
    try:
        r = math.ldexp(float(n), e)  # float(n) rounds once; the scaling is exact unless subnormal
    except OverflowError:
        return math.inf if n > 0 else -math.inf
    if abs(r) < _DBL_MIN:
        return float(Fraction(n) * Fraction(2) ** e)
    return r


fma = getattr(math, "fma", _fma_exact)  # Python 3.13 has it

# __powf_log2_data: (1/c, log2(c)) for 16 subintervals of [0x3f330000, 2 * 0x3f330000], and the polynomial
_LOG2_TAB = tuple((float.fromhex(a), float.fromhex(b)) for a, b in (
    ("0x1.661ec79f8f3bep+0", "-0x1.efec65b963019p-2"), ("0x1.571ed4aaf883dp+0", "-0x1.b0b6832d4fca4p-2"),
    ("0x1.49539f0f010bp+0", "-0x1.7418b0a1fb77bp-2"), ("0x1.3c995b0b80385p+0", "-0x1.39de91a6dcf7bp-2"),
    ("0x1.30d190c8864a5p+0", "-0x1.01d9bf3f2b631p-2"), ("0x1.25e227b0b8eap+0", "-0x1.97c1d1b3b7afp-3"),
    ("0x1.1bb4a4a1a343fp+0", "-0x1.2f9e393af3c9fp-3"), ("0x1.12358f08ae5bap+0", "-0x1.960cbbf788d5cp-4"),
    ("0x1.0953f419900a7p+0", "-0x1.a6f9db6475fcep-5"), ("0x1p+0", "0x0p+0"),
    ("0x1.e608cfd9a47acp-1", "0x1.338ca9f24f53dp-4"), ("0x1.ca4b31f026aap-1", "0x1.476a9543891bap-3"),
    ("0x1.b2036576afce6p-1", "0x1.e840b4ac4e4d2p-3"), ("0x1.9c2d163a1aa2dp-1", "0x1.40645f0c6651cp-2"),
    ("0x1.886e6037841edp-1", "0x1.88e9c2c1b9ff8p-2"), ("0x1.767dcf5534862p-1", "0x1.ce0a44eb17bccp-2"),
))
_LOG2_POLY = tuple(float.fromhex(h) for h in (
    "0x1.27616c9496e0bp-2", "-0x1.71969a075c67ap-2", "0x1.ec70a6ca7baddp-2", "-0x1.7154748bef6c8p-1",
    "0x1.71547652ab82bp0"))
_OFF = 0x3F330000


def _exp2_table():
    """__exp2f_data.tab: the bits of 2**(i/32) rounded to double, less i << 47 (added back with k)."""
    with localcontext() as ctx:
        ctx.prec = 60
        return tuple((_asuint64(float(Decimal(2) ** (Decimal(i) / 32))) - (i << 47)) & 0xFFFFFFFFFFFFFFFF
                     for i in range(32))


_EXP2_TAB = _exp2_table()
_EXP2_POLY = tuple(float.fromhex(h) for h in ("0x1.c6af84b912394p-5", "0x1.ebfce50fac4f3p-3", "0x1.62e42ff0c52d6p-1"))
_EXP2_SHIFT = float.fromhex("0x1.8p+52") / 32  # adding it rounds to a multiple of 1/32
_SIGN_BIAS = 1 << 16
_OVERFLOW = float.fromhex("0x1.fffffffd1d571p+6")
_TOP_126 = _asuint64(126.0) >> 47


def _log2_inline(ix):
    """log2 of the float32 with bits ``ix`` (a subnormal normalised to a negative exponent), in double."""
    tmp = (ix - _OFF) & 0xFFFFFFFF
    invc, logc = _LOG2_TAB[(tmp >> 19) % 16]
    top = tmp & 0xFF800000
    k = (top - 0x100000000 if top & 0x80000000 else top) >> 23
    z = _asfloat(ix - top)
    r = fma(z, invc, -1.0)
    a = _LOG2_POLY
    r2 = r * r
    y = fma(a[0], r, a[1])
    p = fma(a[2], r, a[3])
    q = fma(a[4], r, logc + k)
    q = fma(p, r2, q)
    return fma(y, r2 * r2, q)


def _exp2_inline(xd, sign_bias):
    """2**xd for |xd| < 150, negated when ``sign_bias`` is set, rounded to float32."""
    kd = xd + _EXP2_SHIFT
    ki = _asuint64(kd)
    kd -= _EXP2_SHIFT
    r = xd - kd
    s = _asdouble(_EXP2_TAB[ki % 32] + ((ki + sign_bias) << 47))
    c = _EXP2_POLY
    z = fma(c[0], r, c[1])
    y = fma(c[2], r, 1.0)
    y = fma(z, r * r, y)
    return f32(y * s)


def _checkint(iy):
    """0: not an integer, 1: an odd integer, 2: an even integer (``iy`` the bits of a finite non-zero float)."""
    e = iy >> 23 & 0xFF
    if e < 0x7F:
        return 0
    if e > 0x7F + 23:
        return 2
    if iy & ((1 << (0x7F + 23 - e)) - 1):
        return 0
    if iy & (1 << (0x7F + 23 - e)):
        return 1
    return 2


def _zeroinfnan(i):
    return ((2 * i - 1) & 0xFFFFFFFF) >= 2 * 0x7F800000 - 1


def powf(x, y):
    """glibc's ``powf`` of two float32 values."""
    sign_bias = 0
    ix = _asuint(x)
    iy = _asuint(y)
    if ((ix - 0x00800000) & 0xFFFFFFFF) >= 0x7F800000 - 0x00800000 or _zeroinfnan(iy):
        if _zeroinfnan(iy):  # y is 0, infinite or NaN
            if (2 * iy) & 0xFFFFFFFF == 0 or ix == 0x3F800000:
                return 1.0
            if (2 * ix) & 0xFFFFFFFF > 2 * 0x7F800000 or (2 * iy) & 0xFFFFFFFF > 2 * 0x7F800000:
                return math.nan
            if (2 * ix) & 0xFFFFFFFF == 2 * 0x3F800000:
                return 1.0
            if (((2 * ix) & 0xFFFFFFFF) < 2 * 0x3F800000) == (not iy & 0x80000000):
                return 0.0  # |x| < 1 and y = inf, or |x| > 1 and y = -inf
            return math.inf
        if _zeroinfnan(ix):  # x is 0, infinite or NaN
            x2 = f32(x * x)
            if ix & 0x80000000 and _checkint(iy) == 1:
                x2 = -x2
            if iy & 0x80000000:
                return math.copysign(math.inf, x2) if x2 == 0 else f32(1.0 / x2)
            return x2
        if ix & 0x80000000:  # finite x < 0
            yint = _checkint(iy)
            if yint == 0:
                return math.nan
            if yint == 1:
                sign_bias = _SIGN_BIAS
            ix &= 0x7FFFFFFF
        if ix < 0x00800000:  # subnormal x: normalised, its exponent made negative
            ix = (_asuint(f32(abs(x) * 8388608.0)) - (23 << 23)) & 0xFFFFFFFF
    ylogx = y * _log2_inline(ix)
    if (_asuint64(ylogx) >> 47 & 0xFFFF) >= _TOP_126:  # |y log2 x| >= 126
        if ylogx > _OVERFLOW:
            return -math.inf if sign_bias else math.inf
        if ylogx <= -150.0:
            return -0.0 if sign_bias else 0.0
    return _exp2_inline(ylogx, sign_bias)


_INV_LN2_N = float.fromhex("0x1.71547652b82fep+0") * 32
_EXP_POLY = tuple(c / 32 ** (3 - i) for i, c in enumerate(_EXP2_POLY))  # poly_scaled: for r in units of 1/32
_EXP_SHIFT = float.fromhex("0x1.8p+52")
_EXP_HI = float.fromhex("0x1.62e42ep6")
_EXP_LO = float.fromhex("-0x1.9fe368p6")


def expf(x):
    """glibc's ``expf`` of one float32 value."""
    if abs(x) >= 88.0 or x != x:
        if x == -math.inf:
            return 0.0
        if x != x or x == math.inf:
            return x
        if x > _EXP_HI:
            return math.inf
        if x < _EXP_LO:
            return 0.0
    kd = fma(_INV_LN2_N, x, _EXP_SHIFT)  # z = InvLn2N * x feeds two sums: GCC fuses both
    ki = _asuint64(kd)
    kd -= _EXP_SHIFT
    r = fma(_INV_LN2_N, x, -kd)
    s = _asdouble(_EXP2_TAB[ki % 32] + (ki << 47))
    c = _EXP_POLY
    z = fma(c[0], r, c[1])
    y = fma(c[2], r, 1.0)
    y = fma(z, r * r, y)
    return f32(y * s)
