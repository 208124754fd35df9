"""torch's CPU random numbers, bit for bit, in pure Python (the value layer of booktorch's randomness).

torch's CPU generator (``CPUGeneratorImpl``) is an mt19937 seeded with the low 32 bits of the seed,
plus one cached normal sample per precision. The kernels turn its 32-bit draws (``random()``) and
64-bit draws (``random64()``: two draws, the first one high) into values:

- ``uniform_``: ``(bits & (2**digits - 1)) * 2**-digits * (to - from) + from`` in float for
  float32/float16/bfloat16 and in double for float64, compiled as one fused multiply-add;
  a value that rounds up to ``to`` becomes ``from``;
- ``normal_`` on a contiguous tensor of 16 or more elements: all uniforms first, then Box-Muller on
  blocks of 16 (the first 8 give the radius, the last 8 the angle), the last 16 recomputed from 16
  fresh uniforms when the size is not a multiple of 16. float32 (and float16/bfloat16, computed in
  float32) runs avx_mathfun's ``log256_ps`` and ``sincos256_ps`` (Cephes polynomials) on AVX2, and
  GCC fuses every multiply that feeds only an add into one FMA: ``_log_f32`` and ``_sincos_f32``
  replay those float32 operations exactly. float64 uses libm's log, cos and sin;
- ``normal_`` otherwise (fewer than 16 elements, or not contiguous): one element at a time, Box-Muller
  in double with the second sample cached in the generator for the next call;
- ``random_``, ``bernoulli_``, ``randperm``: the integer transforms of ``DistributionsHelper.h``.

Every producer takes the generator first and returns a plain list of Python values already rounded
to the requested dtype (a name: "float32", "float64", "float16", "bfloat16", "int64", "int32",
"int16", "int8", "uint8", "bool"), in the order torch's kernel writes them (memory order).
"""

import math
import os
import random as _pyrandom
import struct
import sys
import warnings
from array import array
from itertools import chain

DEFAULT_SEED = 67280421310721  # what a new torch.Generator() starts from
STATE_SIZE = 5056  # bytes of torch.get_rng_state(): the CPUGeneratorImplState struct

_N = 624  # mt19937 state words
_M24 = (1 << 24) - 1
_M53 = (1 << 53) - 1
_TWO_M24 = 2.0**-24
_TWO_M53 = 2.0**-53
_U64 = 1 << 64
_I64_MIN = -(1 << 63)
_I64_MAX = (1 << 63) - 1
_LITTLE = sys.byteorder == "little"
_STATE = struct.Struct("<QiiQ624Qdddi4xf?3x")
_FLT_MAX = 3.4028234663852886e38
_BF16_MAX = 3.3895313892515355e38

# name: (torch's ScalarType name, its C++ type name, lowest, max, mantissa digits or None)
_DTYPES = {
    "float32": ("Float", "float", -_FLT_MAX, _FLT_MAX, 24),
    "float64": ("Double", "double", -sys.float_info.max, sys.float_info.max, 53),
    "float16": ("Half", "c10::Half", -65504.0, 65504.0, 11),
    "bfloat16": ("BFloat16", "c10::BFloat16", -_BF16_MAX, _BF16_MAX, 8),
    "int64": ("Long", "long int", _I64_MIN, _I64_MAX, None),
    "int32": ("Int", "int", -(1 << 31), (1 << 31) - 1, None),
    "int16": ("Short", "short int", -(1 << 15), (1 << 15) - 1, None),
    "int8": ("Char", "signed char", -(1 << 7), (1 << 7) - 1, None),
    "uint8": ("Byte", "unsigned char", 0, 255, None),
    "bool": ("Bool", "bool", 0, 1, None),
}
_FLOATS = ("float32", "float64", "float16", "bfloat16")


def _info(dtype):
    try:
        return _DTYPES[dtype]
    except KeyError:
        raise ValueError(f"booktorch.rng: unknown dtype name {dtype!r}") from None


def _not_implemented(kernel, dtype):
    return NotImplementedError(f"\"{kernel}\" not implemented for '{_info(dtype)[0]}'")


def _cfmt(x):
    """A double as C++'s ostream prints it in torch's messages."""
    return "%g" % x


# ------------------------------------------------------------------ rounding to the narrow formats
_BOX32 = array("f", [0.0])


def round_float32(x):
    """x rounded to float32 (to nearest, ties to even; overflow gives inf)."""
    _BOX32[0] = x
    return _BOX32[0]


def round_float32_list(values):
    out = array("f")
    out.fromlist(values if isinstance(values, list) else list(values))
    return out.tolist()


def round_float16(x):
    """x rounded to float16 as torch casts a double: through float32, then to nearest even."""
    x = round_float32(x)
    try:
        return struct.unpack("<e", struct.pack("<e", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def round_float16_list(values):
    values = round_float32_list(values)
    fmt = f"<{len(values)}e"
    try:
        return list(struct.unpack(fmt, struct.pack(fmt, *values)))
    except OverflowError:
        return [round_float16(v) for v in values]


def round_bfloat16(x):
    """x rounded to bfloat16 as torch casts a double: through float32, then to nearest even."""
    return round_bfloat16_list([x])[0]


def round_bfloat16_list(values):
    """c10::BFloat16's round_to_nearest_even on the float32 bits (every nan becomes 0x7FC0)."""
    bits = array("I", array("f", values).tobytes())
    rounded = array(
        "I",
        [
            0x7FC00000 if u & 0x7FFFFFFF > 0x7F800000 else (u + 0x7FFF + (u >> 16 & 1)) >> 16 << 16
            for u in bits
        ],
    )
    return array("f", rounded.tobytes()).tolist()


_ROUND_LIST = {
    "float32": round_float32_list,
    "float16": round_float16_list,
    "bfloat16": round_bfloat16_list,
    "float64": list,
}


def _int_to_float(v, dtype):
    """static_cast<T>(int64 v) for a floating T (float16/bfloat16 go through float, as c10 does)."""
    if dtype == "float64":
        return float(v)
    if -(1 << 53) <= v <= 1 << 53:
        f = round_float32(float(v))
    else:
        f = _ratio_to_f32(v, 1)
    if dtype == "float16":
        return round_float16(f)
    if dtype == "bfloat16":
        return round_bfloat16(f)
    return f


# ------------------------------------------------------------------ exact fused multiply-add
def _ratio_to_f32(num, den):
    """num/den (integers, den > 0) correctly rounded to float32, subnormals and overflow included."""
    if num == 0:
        return 0.0
    neg = num < 0
    num = -num if neg else num
    e = num.bit_length() - den.bit_length()  # 2**(e-1) < num/den < 2**(e+1)
    if (num << max(0, -e)) < (den << max(0, e)):
        e -= 1
    e = max(e, -126)  # below the normal range the quantum stays 2**-149
    shift = 23 - e
    if shift >= 0:
        num <<= shift
    else:
        den <<= -shift
    q, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and q & 1):
        q += 1
    value = math.inf if e > 127 or q * 2.0 ** (e - 23) > _FLT_MAX else math.ldexp(q, -shift)
    return -value if neg else value


def _exact_fma32(a, b, c):
    """fma(a, b, c) for float32 a, b, c, rounded once to float32."""
    if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
        return round_float32(a * b + c)
    an, ad = a.as_integer_ratio()
    bn, bd = b.as_integer_ratio()
    cn, cd = c.as_integer_ratio()
    num = an * bn * cd + cn * ad * bd
    if num == 0:  # an exact zero: signed as IEEE adds zeros, +0 when nonzero terms cancel
        return a * b + c if a * b == 0 and c == 0 else 0.0
    return _ratio_to_f32(num, ad * bd * cd)


def _exact_fma64(a, b, c):
    """fma(a, b, c) for doubles, rounded once (Python's int/int division rounds correctly)."""
    if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
        return a * b + c
    an, ad = a.as_integer_ratio()
    bn, bd = b.as_integer_ratio()
    cn, cd = c.as_integer_ratio()
    num = an * bn * cd + cn * ad * bd
    if num == 0:
        return a * b + c if a * b == 0 and c == 0 else 0.0
    try:
        return num / (ad * bd * cd)
    except OverflowError:
        return math.copysign(math.inf, num)


_fma64 = getattr(math, "fma", _exact_fma64)  # math.fma arrived in Python 3.13


# A double s = a*b + c (a, b, c float32: the product is exact, the sum rounded once) rounds to the
# float32 the fused operation gives unless s fell exactly on a float32 rounding midpoint (its low 29
# mantissa bits are 1 followed by zeros) or is a nonzero value below float32's normal range. Those are
# found all at once with integer arithmetic on the doubles' bits (one 64-bit lane per value, no carry
# crossing lanes), then recomputed exactly.
def _lane_masks(n):
    def rep(lane):
        return int.from_bytes(lane.to_bytes(8, "little") * n, "little")

    return (
        rep((1 << 29) - 1),  # the bits below a float32 mantissa
        rep(1 << 28),  # the midpoint pattern
        rep(1 << 29),  # a guard bit: 2**29 - field keeps it only where the field is 0
        rep(0x7FF << 52),  # the exponent
        rep((2048 - 897) << 52),  # exponent + 1151 reaches bit 63 iff exponent >= 897 (2**-126)
        rep((1 << 63) - 1),  # everything but the sign
        rep(1 << 63),
    )


_MASKS = {}


def _suspects(sums, tiny):
    """Indices of the sums that need the exact fused result (tiny: also look below the normal range)."""
    n = len(sums)
    masks = _MASKS.get(n)
    if masks is None:
        if len(_MASKS) > 8:
            _MASKS.clear()
        masks = _MASKS[n] = (struct.Struct(f"<{n}d"),) + _lane_masks(n)
    doubles, low, mid, guard, expo, lift, magnitude, top = masks
    bits = int.from_bytes(doubles.pack(*sums), "little")
    flags = ((guard - ((bits & low) ^ mid)) & guard) << 34  # a midpoint sets its lane's top bit
    if tiny:
        nonzero = ((bits & magnitude) + magnitude) & top
        flags |= (((bits & expo) + lift) & top ^ top) & nonzero
    if not flags:
        return ()
    if flags.bit_count() > 16:
        return [i for i, v in enumerate(flags.to_bytes(8 * n + 5, "little")[7 : 8 * n : 8]) if v]
    found = []
    while flags:
        bit = flags.bit_length() - 1
        found.append(bit >> 6)
        flags ^= 1 << bit
    return found[::-1]


def _fma32_round(sums, operands, tiny=False):
    """Round the double sums a*b + c to float32 as fused; operands(i) gives (a, b, c) of sum i.

    tiny=False where the values are known to stay above 2**-126 (the polynomials of log and sincos).
    """
    out = round_float32_list(sums)
    for i in _suspects(sums, tiny):
        out[i] = _exact_fma32(*operands(i))
    return out


# ------------------------------------------------------------------ the generator
def _seeded_words(seed):
    """mt19937's init_genrand on the low 32 bits of the seed, as at::mt19937 does."""
    words = [seed & 0xFFFFFFFF]
    for j in range(1, _N):
        prev = words[-1]
        words.append((1812433253 * (prev ^ (prev >> 30)) + j) & 0xFFFFFFFF)
    return words


def _unpack_uint64(seed):
    """torch's unpack_uint64: an unsigned 64-bit value, else a signed one taken as its bits."""
    if 0 <= seed < _U64:
        return seed
    if _I64_MIN <= seed < 0:
        return seed + _U64
    raise ValueError("Overflow when unpacking long long")


class Generator:
    """torch's CPUGeneratorImpl: an mt19937 plus the cached next normal sample of each precision.

    Python's random.Random is the same mt19937 written in C; torch's state is installed into it,
    so its getrandbits(32) yields torch's random() draws.
    """

    __slots__ = ("_mt", "_seed", "next_double_normal_sample", "next_float_normal_sample")

    def __init__(self):
        self._mt = _pyrandom.Random()
        self._set_seed(DEFAULT_SEED)

    def _set_seed(self, seed):
        self._seed = seed
        self._mt.setstate((3, tuple(_seeded_words(seed)) + (_N,), None))
        self.next_double_normal_sample = None
        self.next_float_normal_sample = None

    def manual_seed(self, seed):
        """torch.Generator.manual_seed: an int (not bool) in [-2**63, 2**64); returns the generator."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RuntimeError(f"manual_seed expected a long, but got {type(seed).__name__}")
        self._set_seed(_unpack_uint64(seed))
        return self

    def seed(self):
        """Reseed from the system's entropy (a 64-bit value, as torch reads /dev/urandom) and return it."""
        seed = int.from_bytes(os.urandom(8), "little")
        self._set_seed(seed)
        return seed

    def initial_seed(self):
        return self._seed

    def get_state(self):
        """torch's get_state() bytes (torch returns them as a uint8 tensor): a list of 5056 ints."""
        internal = self._mt.getstate()[1]
        words, index = list(internal[:_N]), internal[_N]
        if index == _N:  # the next draw regenerates; freshly seeded torch says next=0, else next=624
            left, nxt = 1, (0 if words == _seeded_words(self._seed) else _N)
        else:
            left, nxt = _N + 1 - index, index
        normal = self.next_double_normal_sample
        flt = self.next_float_normal_sample
        packed = _STATE.pack(
            self._seed,
            left,
            1,
            nxt,
            *words,
            0.0,
            0.0 if normal is None else normal,
            0.0,
            normal is not None,
            0.0 if flt is None else flt,
            flt is not None,
        )
        return list(packed)

    def set_state(self, state):
        """Install get_state() bytes (a list of ints or a bytes-like object), with torch's checks."""
        data = bytes(state)
        if len(data) != STATE_SIZE:
            raise RuntimeError(
                f"Expected a CPUGeneratorImplState of size {STATE_SIZE} but found the input RNG state "
                f"size to be {len(data)}"
            )
        fields = _STATE.unpack(data)
        seed, left, seeded, nxt = fields[:4]
        words = [w & 0xFFFFFFFF for w in fields[4 : 4 + _N]]
        normal_y, normal_valid, flt, flt_valid = (
            fields[4 + _N + 1],
            fields[4 + _N + 3],
            fields[-2],
            fields[-1],
        )
        nxt &= 0xFFFFFFFF
        if not (seeded and 0 < left <= _N and nxt <= _N):
            raise RuntimeError("Invalid mt19937 state")
        if left == 1:
            index = _N
        elif left + nxt == _N + 1:
            index = nxt
        else:
            raise NotImplementedError(
                f"booktorch: an mt19937 state with left={left} and next={nxt} (one torch's own draws "
                "never produce) is not available in the browser"
            )
        self._mt.setstate((3, tuple(words) + (index,), None))
        self._seed = seed
        self.next_double_normal_sample = normal_y if normal_valid else None
        self.next_float_normal_sample = flt if flt_valid else None

    def random(self):
        """One 32-bit draw (CPUGeneratorImpl::random)."""
        return self._mt.getrandbits(32)

    def random64(self):
        """One 64-bit draw: the first 32-bit draw is the high half (CPUGeneratorImpl::random64)."""
        hi = self._mt.getrandbits(32)
        return (hi << 32) | self._mt.getrandbits(32)

    def draw32(self, n):
        """n consecutive random() draws, as an array('I')."""
        words = array("I", self._mt.randbytes(4 * n))
        if not _LITTLE:
            words.byteswap()
        return words

    def draw64(self, n):
        """n consecutive random64() draws, as an array('Q')."""
        words = self.draw32(2 * n)
        if _LITTLE:  # put each pair's first draw in the high half of the 64-bit lane
            words[0::2], words[1::2] = words[1::2], words[0::2]
        return array("Q", words.tobytes())


def _new_default_generator():
    gen = Generator()
    gen.seed()  # torch seeds its default CPU generator from the system at start-up
    return gen


default_generator = _new_default_generator()


def manual_seed(seed):
    """torch.manual_seed: int(seed), then the default generator's manual_seed; returns it."""
    return default_generator.manual_seed(int(seed))


def seed():
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(state):
    default_generator.set_state(state)


# ------------------------------------------------------------------ uniform
def _uniform01_f32(gen, n):
    """n float32 uniforms in [0, 1): uniform_real_distribution<float>(0, 1) on random() draws."""
    return [(w & _M24) * _TWO_M24 for w in gen.draw32(n)]


def _uniform01_f64(gen, n):
    return [(w & _M53) * _TWO_M53 for w in gen.draw64(n)]


def uniform(gen, n, low=0.0, high=1.0, dtype="float32"):
    """torch.rand / Tensor.uniform_(low, high): n values of a floating dtype, with torch's checks."""
    scalar_name, type_name, lowest, highest, _ = _info(dtype)
    if dtype not in _FLOATS:
        raise _not_implemented("check_uniform_bounds", dtype)
    low, high = float(low), float(high)
    if not lowest <= low <= highest:
        raise RuntimeError(f"from is out of bounds for {type_name}")
    if not lowest <= high <= highest:
        raise RuntimeError(f"to is out of bounds for {type_name}")
    if not low <= high:
        raise RuntimeError(
            f"uniform_ expects to return a [from, to) range, but found from={_cfmt(low)} > to={_cfmt(high)}"
        )
    if not high - low <= highest:
        raise RuntimeError(
            f"uniform_ expects to-from <= std::numeric_limits<{scalar_name}>::max(), but found "
            f"to={_cfmt(high)} and from={_cfmt(low)} which result in to-from to exceed the limit"
        )
    if n == 0:
        return []
    if dtype == "float64":
        xs = _uniform01_f64(gen, n)
        if low == 0.0 and high == 1.0:
            return xs
        span = high - low
        values = [_fma64(x, span, low) for x in xs]
        return [low if v == high else v for v in values]
    lo, hi = round_float32(low), round_float32(high)
    span = round_float32(hi - lo)  # "to - from" in float
    xs = _uniform01_f32(gen, n)
    if lo == 0.0 and span == 1.0:
        if dtype == "float32":
            return xs  # x * 1 + ±0 is x, always below 1
        values = xs
    else:
        values = _fma32_round([x * span + lo for x in xs], lambda i: (xs[i], span, lo), tiny=True)
    if dtype != "float32":
        values = _ROUND_LIST[dtype](values)
        lo, hi = _ROUND_LIST[dtype]([lo, hi])
    return [lo if v == hi else v for v in values]  # a value that rounded up to `to` becomes `from`


# ------------------------------------------------------------------ normal: float32 vector path
def _f(x):
    return round_float32(x)


_SQRTHF = _f(0.707106781186547524)
_LOG_P = [
    _f(v)
    for v in (
        7.0376836292e-2,
        -1.1514610310e-1,
        1.1676998740e-1,
        -1.2420140846e-1,
        1.4249322787e-1,
        -1.6668057665e-1,
        2.0000714765e-1,
        -2.4999993993e-1,
        3.3333331174e-1,
    )
]
_LOG_Q1 = _f(-2.12194440e-4)
_LOG_Q2 = _f(0.693359375)
_MINUS_DP = [_f(-0.78515625), _f(-2.4187564849853515625e-4), _f(-3.77489497744594108e-8)]
_SIN_P = [_f(-1.9515295891e-4), _f(8.3321608736e-3), _f(-1.6666654611e-1)]
_COS_P = [_f(2.443315711809948e-005), _f(-1.388731625493765e-003), _f(4.166664568298827e-002)]
_FOPI = _f(1.27323954473516)
_TWO_PI_F = _f(2.0 * math.pi)


def _log_f32(xs):
    """avx_mathfun's log256_ps on float32 values in (0, 1], fused multiply-adds where GCC makes them."""
    f32 = round_float32_list
    parts = list(map(math.frexp, xs))  # x = m * 2**e with m in [0.5, 1), as the bit masks split it
    x = [m + m - 1.0 if m < _SQRTHF else m - 1.0 for m, _ in parts]  # exact
    e = [k - 1 if m < _SQRTHF else k for m, k in parts]
    z = f32([v * v for v in x])
    p1 = _LOG_P[1]
    p0 = _LOG_P[0]
    y = _fma32_round([p0 * v + p1 for v in x], lambda i: (p0, x[i], p1))
    for p in _LOG_P[2:]:
        y = _fma32_round([a * v + p for a, v in zip(y, x)], lambda i, p=p, y=y: (y[i], x[i], p))
    y = f32([a * v for a, v in zip(y, x)])
    eq1 = f32([k * _LOG_Q1 for k in e])
    y = _fma32_round([a * b + c for a, b, c in zip(y, z, eq1)], lambda i, y=y: (y[i], z[i], eq1[i]))
    y = f32([a - b * 0.5 for a, b in zip(y, z)])  # z * 0.5 is exact, so the fused form rounds alike
    x = f32([a + b for a, b in zip(x, y)])
    return f32([a + k * _LOG_Q2 for a, k in zip(x, e)])  # k * q2 is exact


def _sincos_f32(xs):
    """avx_mathfun's sincos256_ps on float32 values >= 0; returns (sines, cosines)."""
    f32 = round_float32_list
    j = [(int(v) + 1) & -2 for v in f32([v * _FOPI for v in xs])]
    x = xs
    for dp in _MINUS_DP:  # x = ((x - j*DP1) - j*DP2) - j*DP3, each step fused
        x = _fma32_round([k * dp + v for k, v in zip(j, x)], lambda i, dp=dp, x=x: (float(j[i]), dp, x[i]))
    z = f32([v * v for v in x])
    c0, c1, c2 = _COS_P
    yc = _fma32_round([c0 * v + c1 for v in z], lambda i: (c0, z[i], c1))
    yc = _fma32_round([a * v + c2 for a, v in zip(yc, z)], lambda i, yc=yc: (yc[i], z[i], c2))
    yc = f32([a * v for a, v in zip(yc, z)])
    yc = _fma32_round([a * v - v * 0.5 for a, v in zip(yc, z)], lambda i, yc=yc: (yc[i], z[i], -(z[i] * 0.5)))
    yc = f32([a + 1.0 for a in yc])
    s0, s1, s2 = _SIN_P
    ys = _fma32_round([s0 * v + s1 for v in z], lambda i: (s0, z[i], s1))
    ys = _fma32_round([a * v + s2 for a, v in zip(ys, z)], lambda i, ys=ys: (ys[i], z[i], s2))
    ys = f32([a * v for a, v in zip(ys, z)])
    ys = _fma32_round([a * v + v for a, v in zip(ys, x)], lambda i, ys=ys: (ys[i], x[i], x[i]))
    # j & 2 picks which polynomial is the sine, j's bits give the signs. (The vector code selects by
    # masking and adding +0.0, which changes nothing here: for x >= 0 neither polynomial gives -0.0.)
    sin = [(-b if k & 4 else b) if k & 2 else (-a if k & 4 else a) for a, b, k in zip(ys, yc, j)]
    cos = [(a if (k - 2) & 4 else -a) if k & 2 else (b if (k - 2) & 4 else -b) for a, b, k in zip(ys, yc, j)]
    return sin, cos


def _box_muller_f32(blocks, mean, std):
    """NormalFill16<float> with AVX2 on consecutive blocks of 16 float32 uniforms."""
    f32 = round_float32_list
    u1 = [1.0 - v for i in range(0, len(blocks), 16) for v in blocks[i : i + 8]]  # exact
    u2 = list(chain.from_iterable(blocks[i + 8 : i + 16] for i in range(0, len(blocks), 16)))
    radius = f32([math.sqrt(-2.0 * v) for v in _log_f32(u1)])
    sin, cos = _sincos_f32(f32([_TWO_PI_F * v for v in u2]))
    n1 = f32([r * c for r, c in zip(radius, cos)])
    n2 = f32([r * s for r, s in zip(radius, sin)])
    if std == 1.0 and mean == 0.0:  # fma(v, 1, ±0) is v + ±0: exact, and signs its zeros as IEEE does
        n1 = [v + mean for v in n1]
        n2 = [v + mean for v in n2]
    else:
        n1 = _fma32_round([v * std + mean for v in n1], lambda i, n=n1: (n[i], std, mean), tiny=True)
        n2 = _fma32_round([v * std + mean for v in n2], lambda i, n=n2: (n[i], std, mean), tiny=True)
    return list(chain.from_iterable(n1[k : k + 8] + n2[k : k + 8] for k in range(0, len(n1), 8)))


def _box_muller_f64(blocks, mean, std):
    """NormalFill16<double> (the scalar loop, libm's log, cos and sin) on blocks of 16 uniforms."""
    out = []
    log, sqrt, cos, sin = math.log, math.sqrt, math.cos, math.sin
    two_pi = 2.0 * math.pi
    plain = std == 1.0 and mean == 0.0
    for i in range(0, len(blocks), 16):
        first, second = [], []
        for a, b in zip(blocks[i : i + 8], blocks[i + 8 : i + 16]):
            radius = sqrt(-2.0 * log(1.0 - a))
            theta = two_pi * b
            if plain:
                first.append(radius * cos(theta) + mean)
                second.append(radius * sin(theta) + mean)
            else:
                first.append(_fma64(radius * cos(theta), std, mean))
                second.append(_fma64(radius * sin(theta), std, mean))
        out += first
        out += second
    return out


def _normal_fill(gen, n, mean, std, dtype):
    """normal_fill: the path for contiguous tensors of 16 or more elements."""
    tail = n % 16 != 0
    full = n - n % 16
    if dtype == "float64":
        data = _uniform01_f64(gen, n + 16 * tail)
        values = _box_muller_f64(data[:full] + data[n:], mean, std)
    else:
        mean32, std32 = round_float32(mean), round_float32(std)
        if dtype == "float32":  # uniforms straight into the output, then 16 fresh ones for the tail
            data = _uniform01_f32(gen, n + 16 * tail)
            values = _box_muller_f32(data[:full] + data[n:], mean32, std32)
        else:  # float16/bfloat16: each block of 16 drawn into a float buffer, then cast down
            values = _ROUND_LIST[dtype](_box_muller_f32(_uniform01_f32(gen, full + 16 * tail), mean32, std32))
    if tail:
        values = values[: n - 16] + values[full:]
    return values


def _normal_each(gen, n, mean, std):
    """normal_distribution<double>(mean, std) drawn n times, sharing the generator's cached sample."""
    out = []
    cached = gen.next_double_normal_sample
    if cached is not None and n:
        out.append(cached)
        gen.next_double_normal_sample = None
    pairs = (n - len(out) + 1) // 2
    draws = _uniform01_f64(gen, 2 * pairs)
    log1p, sqrt, cos, sin = math.log1p, math.sqrt, math.cos, math.sin
    two_pi = 2.0 * math.pi
    for i in range(0, 2 * pairs, 2):
        radius = sqrt(-2.0 * log1p(-draws[i + 1]))
        theta = two_pi * draws[i]
        out.append(radius * cos(theta))
        out.append(radius * sin(theta))
    if len(out) > n:
        gen.next_double_normal_sample = out.pop()
    if std == 1.0 and mean == 0.0:
        return [v + mean for v in out]
    return [_fma64(v, std, mean) for v in out]


def normal(gen, n, mean=0.0, std=1.0, dtype="float32", contiguous=True):
    """torch.randn / torch.normal / Tensor.normal_(mean, std): n values in the kernel's write order.

    contiguous=False is a non-contiguous tensor: torch then takes the element-by-element path,
    writing in the tensor's memory order.
    """
    mean, std = float(mean), float(std)
    if not std >= 0.0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {_cfmt(std)}")
    if n == 0:
        return []
    _info(dtype)
    if dtype not in _FLOATS:
        raise _not_implemented("normal_kernel_cpu", dtype)
    if n >= 16 and contiguous:
        return _normal_fill(gen, n, mean, std, dtype)
    return _ROUND_LIST[dtype](_normal_each(gen, n, mean, std))


# ------------------------------------------------------------------ integers
def _float_trunc_int64(x):
    """static_cast<int64_t>(float value), saturating the way x86 does for out-of-range values."""
    if not math.isfinite(x) or not _I64_MIN <= x < -_I64_MIN:
        return _I64_MIN
    return int(x)


def _update_from(low, dtype):
    """random_'s update_from: move `from` right until it survives the cast to the dtype."""
    plus_one = _float_trunc_int64(_int_to_float(low + 1, dtype))
    if plus_one < low:
        n = max(abs(low + 1).bit_length() - 1, 0)
        low = plus_one + (1 << (n - _info(dtype)[4] + 1))
    return low


def _update_to(high, dtype):
    minus_one = _float_trunc_int64(_int_to_float(high - 1, dtype))
    if minus_one >= high:
        n = max(abs(high - 1).bit_length() - 1, 0)
        high = minus_one - (1 << (n - _info(dtype)[4] + 1))
    return high


def _check_from_to_in_range(low, high_inclusive, dtype):
    _, type_name, lowest, highest, digits = _info(dtype)
    for value, name in ((low, "from"), (high_inclusive, "to - 1")):
        if not lowest <= value <= highest:
            raise RuntimeError(f"{name} is out of bounds for {type_name}")
    if digits is None:
        return
    for value, name, line in ((low, "from", 110), (high_inclusive, "to - 1", 111)):
        if value < -(1 << digits) or value > 1 << digits:
            warnings.warn(
                f"{name} is out of bounds [-(2^{digits}), 2^{digits}]. Due to precision limitations "
                f"{type_name} can support discrete uniform distribution only within this range. This "
                "warning will become an error in version 1.7 release, please fix the code in advance "
                "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/DistributionTemplates.h:"
                f"{line}.)",
                UserWarning,
                stacklevel=3,
            )


def _ints_as(values, dtype):
    """int64 values cast to the dtype (they are in its range)."""
    if dtype == "bool":
        return [v != 0 for v in values]
    if dtype in _FLOATS:
        if dtype == "float64" or all(-(1 << 24) <= v <= 1 << 24 for v in values):
            floats = [float(v) for v in values]
            return floats if dtype in ("float64", "float32") else _ROUND_LIST[dtype](floats)
        return [_int_to_float(v, dtype) for v in values]
    return values


def _signed64(v):
    return v - _U64 if v > _I64_MAX else v


def randint(gen, n, low, high=None, dtype="int64"):
    """torch.randint / Tensor.random_(low, high): [low, high); high=None runs to the dtype's top.

    low = -2**63 with high=None is torch's full 64-bit range.
    """
    low = int(low)
    _info(dtype)
    if high is not None:
        high = int(high)
        if not low < high:
            raise RuntimeError(
                f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
            )
        if dtype in _FLOATS:
            low, high = _update_from(low, dtype), _update_to(high, dtype)
            if not low < high:
                raise RuntimeError(
                    "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got "
                    f"from={low} >= to={high}"
                )
        _check_from_to_in_range(low, high - 1, dtype)
        span = high - low
    elif low != _I64_MIN:
        if dtype in _FLOATS:
            top = min(1 << _info(dtype)[4], _I64_MAX)
            low = _update_from(low, dtype)
            if not low < top:
                raise RuntimeError(
                    "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to "
                    f"dtype, but got from={low} > to_inc={top}"
                )
        else:
            top = _info(dtype)[3]
        _check_from_to_in_range(low, top, dtype)
        span = top - low + 1
    else:
        if n == 0:
            return []
        if dtype in ("float16", "bool"):
            raise _not_implemented("random_full_64_bits_range_kernel_cpu", dtype)
        if dtype not in ("int64", "float64", "float32", "bfloat16"):
            raise RuntimeError(
                "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16"
            )
        return _ints_as([_signed64(v) for v in gen.draw64(n)], dtype)
    if n == 0:
        return []
    draws = gen.draw64(n) if span >= 1 << 28 else gen.draw32(n)  # 32-bit draws while the skew stays small
    return _ints_as([v % span + low for v in draws], dtype)


def random_default(gen, n, dtype="int64"):
    """Tensor.random_() without bounds: [0, dtype max] for integers, [0, 2**digits] for floats."""
    _info(dtype)
    if n == 0:
        return []
    if dtype == "bool":
        return [w & 1 == 1 for w in gen.draw32(n)]
    if dtype in _FLOATS:
        modulus = (1 << _info(dtype)[4]) + 1
        draws = gen.draw64(n) if dtype == "float64" else gen.draw32(n)
        return [float(v % modulus) for v in draws]
    modulus = _info(dtype)[3] + 1
    draws = gen.draw64(n) if dtype == "int64" else gen.draw32(n)
    return [v % modulus for v in draws]


def randperm(gen, n):
    """torch.randperm(n) on CPU: a list of the ints 0..n-1."""
    if n < 0:
        raise RuntimeError(f"Trying to create tensor with negative dimension {n}: [{n}]")
    if n < 0xFFFFFFFF // 20:  # a swap per position, with 32-bit draws
        perm = list(range(n))
        for i, w in enumerate(gen.draw32(max(n - 1, 0))):
            z = i + w % (n - i)
            perm[i], perm[z] = perm[z], perm[i]
        return perm
    perm = [0] * n  # torch's "inside-out" Fisher-Yates with 64-bit draws for huge n
    for i, w in enumerate(gen.draw64(n)):
        z = w % (i + 1)
        perm[i] = perm[z]
        perm[z] = i
    return perm


# ------------------------------------------------------------------ bernoulli and dropout
def _zero_one(hits, dtype):
    if dtype == "bool":
        return hits
    if dtype in _FLOATS:
        return [1.0 if h else 0.0 for h in hits]
    return [1 if h else 0 for h in hits]


def bernoulli_scalar(gen, n, p, dtype="float32"):
    """Tensor.bernoulli_(p) with a number p (also dropout's mask): a 64-bit draw per element.

    This is torch's default kernel, the one it runs on AMD CPUs and builds without MKL; on an
    Intel CPU an MKL build draws one 32-bit seed for MKL's own generator instead.
    """
    p = float(p)
    _info(dtype)
    if not 0.0 <= p <= 1.0:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={_cfmt(p)}")
    if n == 0:
        return []
    return _zero_one([(w & _M53) * _TWO_M53 < p for w in gen.draw64(n)], dtype)


def bernoulli_tensor(gen, probabilities, p_dtype="float32", dtype="float32"):
    """torch.bernoulli(p) / Tensor.bernoulli_(p_tensor): one draw per probability, in order.

    probabilities are already broadcast to the output's elements; a float64 p draws 64 bits per
    element, any other floating p 32 bits. A p outside [0, 1] raises after the draws before it.
    """
    _info(dtype)
    _info(p_dtype)
    if not probabilities:
        return []
    if p_dtype not in _FLOATS:
        raise _not_implemented("bernoulli_tensor_cpu_p_", p_dtype)
    ps = list(probabilities) if p_dtype == "float64" else round_float32_list(probabilities)
    bad = next((i for i, p in enumerate(ps) if not 0.0 <= p <= 1.0), None)
    count = len(ps) if bad is None else bad
    if p_dtype == "float64":
        hits = [(w & _M53) * _TWO_M53 < p for w, p in zip(gen.draw64(count), ps)]
    else:
        hits = [(w & _M24) * _TWO_M24 < p for w, p in zip(gen.draw32(count), ps)]
    if bad is not None:
        raise RuntimeError(
            "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be "
            "improved?  If so, please report an enhancement request to PyTorch.)"
        )
    return _zero_one(hits, dtype)


def dropout(gen, values, p, dtype="float32"):
    """F.dropout(x, p, training=True) on CPU: x * (bernoulli_(1 - p) mask / (1 - p)), in the dtype.

    p == 0 returns the values without drawing; p == 1 multiplies by zero without drawing.
    """
    p = float(p)
    if p == 0.0 or not values:
        return list(values)
    if p == 1.0:
        return _ROUND_LIST[dtype]([v * 0.0 for v in values])
    keep = 1.0 - p
    mask = bernoulli_scalar(gen, len(values), keep, dtype)
    if dtype == "float64":
        scale = 1.0 / keep
        return [v * (m * scale) for v, m in zip(values, mask)]
    scale = round_float32(1.0 / round_float32(keep))  # noise.div_(1 - p) computed in float
    if dtype == "float32":
        return round_float32_list([v * (m * scale) for v, m in zip(values, mask)])
    rnd = _ROUND_LIST[dtype]
    noise = rnd([m * scale for m in mask])
    return rnd([v * m for v, m in zip(values, noise)])
