"""Data types: float32, int64 and bool, their promotion and value rounding.

Values live in plain Python lists: floats for float32 (always exactly a
float32 value, rounded through ``array('f')``), ints for int64 (wrapped to 64
bits like C), bools for bool.
"""

import math
from array import array

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1


class dtype:
    """A tensor element type; ``repr`` is ``torch.float32`` like torch."""

    __slots__ = ("_name", "itemsize", "is_floating_point", "is_complex", "is_signed", "_kind", "_legacy")

    def __init__(self, name, itemsize, kind, legacy):
        self._name = name
        self.itemsize = itemsize
        self._kind = kind  # 0 bool, 1 integer, 2 floating
        self.is_floating_point = kind == 2
        self.is_complex = False
        self.is_signed = kind != 0
        self._legacy = legacy

    def __repr__(self):
        return "torch." + self._name

    __str__ = __repr__

    def __reduce__(self):
        return self._name

    def to_real(self):
        return self

    def to_complex(self):  # pragma: no cover - not in the subset
        from .errors import unsupported

        raise unsupported("complex dtypes")


float32 = dtype("float32", 4, 2, "Float")
int64 = dtype("int64", 8, 1, "Long")
bool_ = dtype("bool", 1, 0, "Bool")

ALL = (float32, int64, bool_)


def f32(x):
    """Round one Python float to the nearest float32 value (ties to even)."""
    return array("f", (x,))[0]


def round_f32(values):
    """Round a list of Python numbers to float32 values (a new list)."""
    return array("f", values).tolist()


def wrap_i64(v):
    if _INT64_MIN <= v <= _INT64_MAX:
        return v
    return ((v - _INT64_MIN) % (1 << 64)) + _INT64_MIN


def float_to_int64(x):
    """C-style conversion (truncation) of a float to int64."""
    if math.isnan(x) or math.isinf(x):
        return _INT64_MIN
    v = int(x)
    if not (_INT64_MIN <= v <= _INT64_MAX):
        return _INT64_MIN
    return v


def cast_values(values, src, dst):
    """Convert a list of values from dtype ``src`` to dtype ``dst``."""
    if src is dst:
        return list(values)
    if dst is float32:
        return round_f32([float(v) for v in values])
    if dst is int64:
        if src is float32:
            return [float_to_int64(v) for v in values]
        return [int(v) for v in values]
    return [bool(v) for v in values]


def cast_scalar(v, dst):
    """Convert one Python scalar (bool/int/float) to a value of dtype ``dst``."""
    if dst is float32:
        if isinstance(v, int) and not isinstance(v, bool):
            return f32(float(v)) if abs(v) < 1 << 1024 else math.copysign(math.inf, v)
        return f32(float(v))
    if dst is int64:
        if isinstance(v, float):
            return float_to_int64(v)
        return wrap_i64(int(v))
    return bool(v)


def scalar_kind(v):
    if isinstance(v, bool):
        return 0
    if isinstance(v, int):
        return 1
    return 2


def by_kind(kind):
    return (bool_, int64, float32)[kind]


def promote(a, b):
    return a if a._kind >= b._kind else b


def tensor_type_name(dt):
    """What torch's Tensor::toString() says, e.g. ``torch.FloatTensor`` (bool has no legacy name)."""
    if dt._legacy == "Bool":
        return "CPUBoolType"
    return f"torch.{dt._legacy}Tensor"
