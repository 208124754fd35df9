"""Data types: the dtype objects, torch's type promotion, and value conversion.

Values live in plain Python lists: floats for the floating dtypes (always exactly a
value of the dtype), ints for the integer dtypes (always in the dtype's range) and
bools for bool.  Rounding is vectorised over a whole list: ``array('f')`` for float32,
``struct``'s half format for float16 and integer arithmetic on the float32 bits for
bfloat16 (torch's round-to-nearest-even), so an op makes one conversion call per
result rather than one per element.

Torch computes float16 and bfloat16 arithmetic in float32 and rounds the result
(``opmath``), so :func:`round_values` of a half result rounds to float32 first; the
same double rounding happens when torch converts a float64 or an integer to half.
Float-to-integer conversion is C++'s ``static_cast`` as torch's CPU kernels compile it:
truncation, INT64_MIN for an int64 target out of range (or NaN), and for narrower
targets an int32 conversion (INT32_MIN out of range) whose low bits are kept.
"""

import math
import struct
from array import array
from fractions import Fraction

from .errors import unsupported
from .registry import CType, export, function, torch_class


class dtype(metaclass=CType):
    """A tensor element type; ``repr`` is ``torch.float32`` like torch."""

    __slots__ = ("_name", "itemsize", "is_floating_point", "is_complex", "is_signed", "_kind", "_bits", "_legacy",
                 "_ctype", "_scalar_name", "_lo", "_hi")

    def __init__(self, name, itemsize, kind, legacy, ctype, scalar_name, signed=True):
        self._name = name
        self.itemsize = itemsize
        self._bits = itemsize * 8
        self._kind = kind  # 0 bool, 1 integer, 2 floating: torch's promotion categories
        self.is_floating_point = kind == 2
        self.is_complex = False
        self.is_signed = signed
        self._legacy = legacy  # torch's ScalarType name: "Float", "Long", ...
        self._ctype = ctype  # the C++ type in torch's messages: "float", "long int", ...
        self._scalar_name = scalar_name  # c10's name in "value cannot be converted to type int8_t ..."
        if kind == 1:
            self._lo = -(1 << (self._bits - 1)) if signed else 0
            self._hi = (1 << (self._bits - 1)) - 1 if signed else (1 << self._bits) - 1
        else:
            self._lo = self._hi = None

    def __repr__(self):
        return "torch." + self._name

    __str__ = __repr__

    def __reduce__(self):
        return self._name

    def to_real(self):
        return self

    def to_complex(self):
        if self.is_floating_point:
            raise unsupported("complex dtypes")
        raise RuntimeError(f"Unknown Complex ScalarType for {self._legacy}")


torch_class(dtype, "torch")

float32 = dtype("float32", 4, 2, "Float", "float", "float")
float64 = dtype("float64", 8, 2, "Double", "double", "double")
float16 = dtype("float16", 2, 2, "Half", "c10::Half", "c10::Half")
bfloat16 = dtype("bfloat16", 2, 2, "BFloat16", "c10::BFloat16", "c10::BFloat16")
int8 = dtype("int8", 1, 1, "Char", "signed char", "int8_t")
int16 = dtype("int16", 2, 1, "Short", "short int", "int16_t")
int32 = dtype("int32", 4, 1, "Int", "int", "int")
int64 = dtype("int64", 8, 1, "Long", "long int", "int64_t")
uint8 = dtype("uint8", 1, 1, "Byte", "unsigned char", "uint8_t", signed=False)
bool_ = dtype("bool", 1, 0, "Bool", "bool", "bool", signed=False)

ALL = (float32, float64, float16, bfloat16, int8, int16, int32, int64, uint8, bool_)
FLOATING = (float32, float64, float16, bfloat16)
REDUCED = (float16, bfloat16)  # computed in float32 and rounded, like torch's opmath
# torch's names for each (torch.float, torch.double, ...), for the torch namespace
NAMES = {
    "float32": float32, "float": float32, "float64": float64, "double": float64, "float16": float16,
    "half": float16, "bfloat16": bfloat16, "int8": int8, "int16": int16, "short": int16, "int32": int32,
    "int": int32, "int64": int64, "long": int64, "uint8": uint8, "bool": bool_,
}
LEGACY_TYPES = {f"torch.{dt._legacy}Tensor": dt for dt in ALL}  # Tensor.type("torch.IntTensor")


def tensor_type_name(dt):
    """What torch's ``Tensor::toString()`` says in error messages, e.g. ``torch.FloatTensor``."""
    if dt is bool_ or dt is bfloat16:
        return f"CPU{dt._legacy}Type"
    return f"torch.{dt._legacy}Tensor"


# ------------------------------------------------------------------ the default dtype
_default = [float32]


def get_default_dtype():
    return _default[0]


def set_default_dtype(d, /):
    if not isinstance(d, dtype):
        raise TypeError("invalid dtype object: only floating-point types are supported as the default type")
    if not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _default[0] = d


# ------------------------------------------------------------------ promotion
def promote_types(a, b):
    """torch.promote_types: the smallest dtype both ``a`` and ``b`` convert to safely."""
    if a is b:
        return a
    if a._kind != b._kind:
        return a if a._kind > b._kind else b
    if a._kind == 2:
        if a in REDUCED and b in REDUCED:
            return float32
        if a in REDUCED:
            return b
        if b in REDUCED:
            return a
        return a if a.itemsize >= b.itemsize else b
    if a is uint8 or b is uint8:  # uint8 with a signed type needs the next wider signed type
        other = b if a is uint8 else a
        return int16 if other is int8 else other
    return a if a.itemsize >= b.itemsize else b


def scalar_dtype(v):
    """The dtype of a Python number as an operand (a "wrapped number"): bool, int64 or the default float."""
    if isinstance(v, bool):
        return bool_
    if isinstance(v, int):
        return int64
    return _default[0]


def _combine(higher, lower):
    """torch's combine_categories: a lower-priority operand counts only if its category is higher."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher._kind == 2:
        return higher
    if higher is bool_ or lower._kind == 2:
        return promote_types(higher, lower)
    return higher


def result_type(*operands):
    """torch.result_type over tensors and Python numbers.

    Dimensioned tensors take priority over 0-d tensors, which take priority over Python
    numbers; a lower-priority operand only matters when its category (bool < integer <
    floating) is higher, and then a 0-d tensor brings its own dtype and a Python float the
    default dtype."""
    dims = zeros = wrapped = None
    for x in operands:
        if isinstance(x, (bool, int, float)):
            d = scalar_dtype(x)
            wrapped = d if wrapped is None else promote_types(wrapped, d)
        elif x._shape:
            dims = x._dtype if dims is None else promote_types(dims, x._dtype)
        else:
            zeros = x._dtype if zeros is None else promote_types(zeros, x._dtype)
    return _combine(dims, _combine(zeros, wrapped))


def can_cast(src, dst):
    """torch.can_cast: no conversion to a lower category (float to int, int to bool)."""
    return not (src._kind > dst._kind)


# ------------------------------------------------------------------ rounding a list of values
_F16_LIMIT = 65520.0  # the float32 values from here on round to an infinite half
_TWO53 = 1 << 53


_F32 = struct.Struct("f")
_pack_f32, _unpack_f32 = _F32.pack, _F32.unpack


def f32(x):
    """Round one Python number to the nearest float32 value (ties to even; beyond float32's range, an
    infinity of its sign, as a C cast gives)."""
    try:
        return _unpack_f32(_pack_f32(x))[0]
    except struct.error:  # an int beyond a double's range: Python's OverflowError, as array() raises it
        return array("f", (x,))[0]


def round_f32(values):
    """Round Python floats (a list or any iterable) to float32 values (a new list)."""
    return array("f", _as_list(values)).tolist()


def _as_list(values):
    """``values`` as a list: array() fills from a list at once, from an iterator one resize at a time."""
    return values if isinstance(values, list) else list(values)


def _f16_from_f32(values):
    n = len(values)
    try:
        return list(struct.unpack(f"{n}e", struct.pack(f"{n}e", *values)))
    except OverflowError:
        inf = math.inf
        clipped = [x if not (abs(x) >= _F16_LIMIT) else (inf if x > 0 else -inf) for x in values]
        return list(struct.unpack(f"{n}e", struct.pack(f"{n}e", *clipped)))


def _bf16_from_f32(values):
    """torch's c10::BFloat16 round_to_nearest_even on the float32 bits (NaN -> 0x7FC0)."""
    bits = array("I")
    bits.frombytes(array("f", values).tobytes())
    rounded = array("I", [
        0x7FC00000 if (u & 0x7FFFFFFF) > 0x7F800000 else (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000 for u in bits
    ])
    out = array("f")
    out.frombytes(rounded.tobytes())
    return out.tolist()


def round_floats(values, dt):
    """Round a list of Python floats (a computation's results) to dtype ``dt`` (floating)."""
    if dt is float32:
        return array("f", _as_list(values)).tolist()
    if dt is float64:
        return list(values)
    vals = array("f", _as_list(values)).tolist()
    return _f16_from_f32(vals) if dt is float16 else _bf16_from_f32(vals)


def wrap_ints(values, dt):
    """Wrap a list of Python ints to integer dtype ``dt`` (two's complement, like C)."""
    if not values:
        return values
    lo, hi = dt._lo, dt._hi
    if lo <= min(values) and max(values) <= hi:
        return values
    mask = (1 << dt._bits) - 1
    if lo == 0:
        return [v & mask for v in values]
    half = 1 << (dt._bits - 1)
    return [((v + half) & mask) - half for v in values]


def _f16(x):
    return _f16_from_f32([x])[0]


def _bf16(x):
    return _bf16_from_f32([x])[0]


REDUCED_ROUND = {}  # float16 / bfloat16 -> round one float32 value to it (filled below)


def round_values(values, dt):
    """A computation's results (floats, ints or bools) as values of ``dt`` (the dtype it computed in)."""
    if dt._kind == 2:
        return round_floats(values, dt)
    if dt._kind == 1:
        return wrap_ints(values, dt)
    return values


REDUCED_ROUND.update({float16: _f16, bfloat16: _bf16})


def _ints_to_f32(values):
    """Integers to float32, correctly rounded (float(int) is correctly rounded to double, and only
    integers beyond 2**53 can then round a second time)."""
    out = array("f", values).tolist()
    if values and (max(values) > _TWO53 or min(values) < -_TWO53):
        out = [_int_to_f32(v) if abs(v) > _TWO53 else x for v, x in zip(values, out)]
    return out


def _int_to_f32(v):
    """One integer to the nearest float32 (ties to even), exactly."""
    sign = -1.0 if v < 0 else 1.0
    m = abs(v)
    shift = m.bit_length() - 24
    q, r = divmod(m, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return f32(sign * math.ldexp(q, shift))


def _floats_to_ints(values, dt):
    if dt is int64:
        lo, hi = -9.223372036854775808e18, 9.223372036854775808e18
        return [int(x) if lo <= x < hi else -0x8000000000000000 for x in values]
    vals = [int(x) if -2147483649.0 < x < 2147483648.0 else -0x80000000 for x in values]
    return vals if dt is int32 else wrap_ints(vals, dt)


def convert(values, src, dst):
    """Convert a list of values of dtype ``src`` to dtype ``dst`` (a new list), as ``Tensor.to`` does."""
    if src is dst:
        return list(values)
    if dst is bool_:
        return [v != 0 for v in values]
    if dst._kind == 2:
        if src._kind == 2:
            if dst is float64 or (dst is float32 and src is not float64):
                return list(values)  # widening is exact
            return round_floats(values, dst)
        if dst is float64:
            return array("d", values).tolist()
        vals = _ints_to_f32(values)
        return vals if dst is float32 else round_floats(vals, dst)
    if src._kind == 2:
        return _floats_to_ints(values, dst)
    if src is bool_:
        return [int(v) for v in values]
    return wrap_ints(list(values), dst)


# ------------------------------------------------------------------ one Python number
def scalar_to(v, dt):
    """A Python number as an operand of dtype ``dt`` (torch converts it without a range check:
    an integer wraps, ``int8_tensor + 300`` adds 44)."""
    if dt._kind == 2:
        if isinstance(v, int):
            v = _int_to_double(v)
        return round_floats([float(v)], dt)[0] if dt is not float64 else float(v)
    if dt._kind == 1:
        if isinstance(v, float):
            return _floats_to_ints([v], dt)[0]
        return wrap_ints([_int64(v)], dt)[0] if dt is not int64 else _int64(v)
    return bool(v)


def _int64(v):
    """A Python int as torch's int64 Scalar: up to 2**64 wraps, beyond is Python's OverflowError."""
    v = int(v)
    if not (-(1 << 63) <= v < (1 << 64)):
        raise OverflowError("int too big to convert")
    return v - (1 << 64) if v >= (1 << 63) else v


def _int_to_double(v):
    try:
        return float(v)
    except OverflowError:
        raise OverflowError("int too large to convert to float") from None


def overflows(v, dt):
    """c10::overflows: whether a Python number is outside ``dt``'s range for a checked conversion
    (``fill_``, ``full``, ``x[i] = v``). Unsigned targets accept negative integers down to -max,
    which wrap; infinities and NaN fit any floating type."""
    if dt is bool_:
        return False
    if dt._kind == 2:
        x = float(v)
        if math.isinf(x) or x != x:
            return False
        limit = FINFO_MAX[dt._name]
        return x < -limit or x > limit
    if isinstance(v, float):
        return not (dt._lo <= v <= dt._hi)  # NaN compares False: it overflows
    if dt._lo == 0 and v < 0:
        return -v > dt._hi
    return not (dt._lo <= v <= dt._hi)


def checked_scalar(v, dt, check_reduced=True):
    """A Python number converted to ``dt`` with c10's overflow check (``fill_``, ``full``, ``x[i] = v``,
    ``torch.where``). Torch skips the check for float16 and bfloat16 in some of these
    (``check_reduced=False``): there a large number becomes inf."""
    if (check_reduced or dt not in REDUCED) and overflows(v, dt):
        raise RuntimeError(f"value cannot be converted to type {dt._scalar_name} without overflow")
    if dt._kind == 1 and isinstance(v, int) and v < 0 and dt._lo == 0:
        return v & dt._hi
    return scalar_to(v, dt)


FINFO_MAX = {
    "float32": 3.4028234663852886e38,
    "float64": 1.7976931348623157e308,
    "float16": 65504.0,
    "bfloat16": 3.3895313892515355e38,
}


# ------------------------------------------------------------------ fused multiply-add (what compiled kernels compute)
_INF = float("inf")


def _f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def _bits_f32(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


_F64 = struct.Struct("d")
_U64 = struct.Struct("Q")
_FLT_MIN = 1.1754943508222875e-38


def fma_f32(a, b, c):
    """float32 fma(a, b, c) = round(a*b + c) with a single rounding (a and b float32 values)."""
    p = a * b  # exact in double for float32 inputs
    s = p + c
    r = _unpack_f32(_pack_f32(s))[0]
    if r == s or s != s:
        return r
    # s (a*b + c rounded to double) rounds to float32 as the exact sum does unless it lies exactly
    # halfway between two float32 values: in float32's normal range, its 29 low mantissa bits are then 1 << 28
    if _FLT_MIN <= abs(s) and r != _INF and r != -_INF and _U64.unpack(_F64.pack(s))[0] & 0x1FFFFFFF != 0x10000000:
        return r
    bb = s - p
    err = (p - (s - bb)) + (c - bb)
    if err == 0 or r == s or s != s or r == _INF or r == -_INF:
        return r
    bits = _f32_bits(r)
    # neighbour of r on the side of s
    if (s > r) == (r >= 0):
        other = _bits_f32(bits + 1)
    else:
        other = _bits_f32(bits - 1) if (bits & 0x7FFFFFFF) != 0 else -r
    mid = (r + other) / 2
    if s != mid:
        return r
    true_above = err > 0
    hi, lo = (r, other) if r > other else (other, r)
    return hi if true_above else lo


def _fma_f64_exact(a, b, c):
    """float64 fma(a, b, c) with a single rounding (math.fma exists from Python 3.13)."""
    s = a * b + c
    if math.isinf(s) or math.isnan(s) or a == 0 or b == 0:
        return s
    return float(Fraction(a) * Fraction(b) + Fraction(c))


fma_f64 = getattr(math, "fma", _fma_f64_exact)



def zero_of(dt):
    """The zero value of dtype ``dt``."""
    return 0.0 if dt._kind == 2 else (0 if dt._kind == 1 else False)


def one_of(dt):
    return 1.0 if dt._kind == 2 else (1 if dt._kind == 1 else True)


# ------------------------------------------------------------------ the torch namespace
export("torch", dtype=dtype, **NAMES)
function("get_default_dtype")(get_default_dtype)
function("set_default_dtype")(set_default_dtype)


def _dtype_argument(name, position, x, argname):
    if not isinstance(x, dtype):
        raise TypeError(f"{name}(): argument '{argname}' (position {position}) must be torch.dtype, not {type(x).__name__}")


@function("promote_types")
def promote_types_function(type1, type2):
    _dtype_argument("promote_types", 1, type1, "type1")
    _dtype_argument("promote_types", 2, type2, "type2")
    return promote_types(type1, type2)


@function("can_cast")
def can_cast_function(from_, to):
    _dtype_argument("can_cast", 1, from_, "from_")
    _dtype_argument("can_cast", 2, to, "to")
    return can_cast(from_, to)


@function("result_type")
def result_type_function(tensor, other):
    return result_type(tensor, other)
