"""``floor``, ``ceil``, ``round`` (with ``decimals``), ``trunc``/``fix`` and ``frac``, out of place and in place.

``round`` rounds half to even (C's ``nearbyint``); with ``decimals`` it is ATen's
``nearbyint(x * 10**d) / 10**d`` (``nearbyint(x / 10**-d) * 10**-d`` for negative ``d``) in
float32 arithmetic for float32, float16 and bfloat16.  On integer tensors floor, ceil, round
and trunc return a copy; ``frac`` and ``round(decimals=...)`` are floating only.  The derivative
is zero everywhere for all but ``frac`` (whose derivative is one).
"""

import math

from .. import dtypes as D
from ..graph import elementwise_nodes, record_elementwise
from ..iterator import opmath_round, unary_result
from ..registry import at, function, inplace_form, kernel, method


def _finite(fn):
    """``fn`` on a finite float, keeping -0.0's sign; inf and nan stay."""

    def apply(x):
        return math.copysign(float(fn(x)), x) if x - x == 0 else x

    return apply


_floor = _finite(math.floor)
_ceil = _finite(math.ceil)
_trunc = _finite(math.trunc)
_nearbyint = _finite(round)  # Python's round() of a float rounds half to even, as nearbyint does


def _not_for(name, dt):
    return NotImplementedError(f'"{name}" not implemented for \'{dt._legacy}\'')


def _rounding(t, fn, kernel_name, op):
    dt = t._dtype
    if dt is D.bool_:
        raise _not_for(kernel_name, dt)
    vals = t._values()
    if dt._kind == 2:
        vals = D.round_floats([fn(x) for x in vals], dt)
    out = unary_result(vals, t, dt)
    record_elementwise(NODES[op], t, out)
    return out


# torch's derivatives.yaml: a step function's gradient is zero (where it exists); frac's passes through
DERIVATIVES = {
    "floor": ("FloorBackward0", None, lambda grad: at.zeros_like(grad)),
    "ceil": ("CeilBackward0", None, lambda grad: at.zeros_like(grad)),
    "trunc": ("TruncBackward0", None, lambda grad: at.zeros_like(grad)),
    "round": ("RoundBackward0", None, lambda grad: at.zeros_like(grad)),
    "round.decimals": ("RoundBackward1", None, lambda grad: at.zeros_like(grad)),
    "frac": ("FracBackward0", None, lambda grad: grad),
}
NODES = elementwise_nodes(__name__, DERIVATIVES)


@kernel
def floor(t):
    return _rounding(t, _floor, "floor_vml_cpu", "floor")


@kernel
def ceil(t):
    return _rounding(t, _ceil, "ceil_vml_cpu", "ceil")


@kernel
def trunc(t):
    return _rounding(t, _trunc, "trunc_vml_cpu", "trunc")


@kernel
def round(t, decimals=None):  # noqa: A001 - torch's name
    """``decimals=None``: torch's ``round`` (the identity on integers); given, even as 0, it is
    ``round.decimals``, which refuses integers and records ``RoundBackward1``."""
    if decimals is None:
        return _rounding(t, _nearbyint, "round_vml_cpu", "round")
    dt = t._dtype
    if dt._kind != 2:
        raise _not_for("round_vml_cpu" if decimals == 0 else "round_cpu", dt)
    if decimals == 0:
        return _rounding(t, _nearbyint, "round_vml_cpu", "round.decimals")
    f = opmath_round(dt)
    scale = f(10.0 ** abs(decimals))
    if decimals > 0:
        fn = lambda x: f(_nearbyint(f(x * scale)) / scale)  # noqa: E731
    else:
        fn = lambda x: f(_nearbyint(f(x / scale)) * scale)  # noqa: E731
    out = unary_result(D.round_floats([fn(x) for x in t._values()], dt), t, dt)
    record_elementwise(NODES["round.decimals"], t, out)
    return out


@kernel
def frac(t):
    dt = t._dtype
    if dt._kind != 2:
        raise _not_for("frac_cpu", dt)
    vals = D.round_floats([x - _trunc(x) for x in t._values()], dt)
    out = unary_result(vals, t, dt)
    record_elementwise(NODES["frac"], t, out)
    return out


# ------------------------------------------------------------------ the Tensor and torch API
for _fn, _names in ((floor, ("floor",)), (ceil, ("ceil",)), (trunc, ("trunc", "fix")), (frac, ("frac",))):
    method(*_names)(_fn)
    function(*_names, tensor_input=True)(_fn)
    _inplace = inplace_form(_fn, _names[0] + "_")
    method(*(n + "_" for n in _names))(_inplace)
    function(*(n + "_" for n in _names), tensor_input=True)(_inplace)
del _fn, _names, _inplace


# torch's parser (booktorch/binding.py) has checked the arguments: decimals= only, an int
@method("round")
@function("round")
def round_api(input, *, decimals=None):
    return round(input, decimals)


@method("round_")
@function("round_")
def round_(self, *, decimals=None):
    return at.inplace(self, round, decimals)
