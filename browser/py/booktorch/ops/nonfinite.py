"""``isnan``, ``isinf``, ``isposinf``, ``isneginf``, ``isfinite`` and ``nan_to_num`` (with its backward node).

The tests give bool tensors (an integer or bool tensor is always finite: torch's ``isinf`` and
``isfinite`` then return ``zeros_like``/``ones_like`` in the input's memory format, while ``isnan``,
``isposinf`` and ``isneginf`` still go through an elementwise op; the two differ in an empty
tensor's strides).  ``nan_to_num``
replaces NaN by ``nan`` (0 by default) and the infinities by ``posinf``/``neginf`` (by default
the dtype's largest and lowest finite values), each converted to the tensor's dtype first, so a
``posinf`` beyond float32's range gives inf again, as in torch; it copies other dtypes unchanged.
"""

import math

from .. import dtypes as D
from ..grad_mode import no_grad
from ..graph import elementwise_nodes, record_elementwise
from ..iterator import new_strided, unary_result
from ..shape import numel, preserve_strides
from ..registry import at, function, kernel, method

_INF = math.inf


def _test(t, floats):
    vals = t._values()
    if t._dtype._kind == 2:
        out = [floats(x) for x in vals] if vals else []
    else:
        out = [floats(0)] * len(vals)
    return unary_result(out, t, D.bool_)


@kernel
def isnan(t):
    vals = t._values()
    out = [x != x for x in vals] if t._dtype._kind == 2 else [False] * len(vals)
    return unary_result(out, t, D.bool_)


def _constant_like(t, value):
    """torch's zeros_like/ones_like(t, dtype=bool) (memory format preserved)."""
    return new_strided([value] * numel(t._shape), t._shape, preserve_strides(t._shape, t._stride), D.bool_)


@kernel
def isinf(t):
    if t._dtype._kind != 2:
        return _constant_like(t, False)
    with no_grad():  # torch computes it as abs(t) == inf, and its result has that comparison's layout
        return at.eq(at.abs(t), _INF)


@kernel
def isposinf(t):
    return _test(t, lambda x: x == _INF)


@kernel
def isneginf(t):
    return _test(t, lambda x: x == -_INF)


@kernel
def isfinite(t):
    if t._dtype._kind != 2:
        return _constant_like(t, True)
    return unary_result([x - x == 0 for x in t._values()], t, D.bool_)


def _replacement(value, default, dt):
    if value is None:
        return default
    return D.round_floats([float(value)], dt)[0]


@kernel
def nan_to_num(t, nan=None, posinf=None, neginf=None):
    dt = t._dtype
    if dt._kind == 2:
        big = D.FINFO_MAX[dt._name]
        n = _replacement(nan, 0.0, dt)
        p = _replacement(posinf, big, dt)
        m = _replacement(neginf, -big, dt)
        vals = [x if x - x == 0 else (n if x != x else (p if x > 0 else m)) for x in t._values()]
    else:
        vals = t._values()
    # torch writes into empty_like(self) (or returns self.clone()): strides as clone keeps them, even empty
    out = new_strided(vals, t._shape, preserve_strides(t._shape, t._stride), dt)
    record_elementwise(NODES["nan_to_num"], t, out)
    return out


NODES = elementwise_nodes(__name__, {
    "nan_to_num": ("NanToNumBackward0", "self", lambda grad, self: at.mul(grad, isfinite(self))),
})


for _fn in (isnan, isinf, isposinf, isneginf, isfinite):
    method(_fn.__name__)(_fn)
    function(_fn.__name__, tensor_input=True)(_fn)
del _fn


@method("nan_to_num")
@function("nan_to_num")
def nan_to_num_method(self, nan=None, posinf=None, neginf=None):
    return nan_to_num(self, nan, posinf, neginf)


@method("nan_to_num_")
@function("nan_to_num_")
def nan_to_num_(self, nan=None, posinf=None, neginf=None):
    if self._dtype._kind != 2:  # torch returns an integer or bool tensor untouched, without writing to it
        return self
    return at.inplace(self, nan_to_num, nan, posinf, neginf)
