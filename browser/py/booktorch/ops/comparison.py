"""Comparisons, ``where``, ``maximum``/``minimum``, ``equal``, ``allclose`` and the logical helpers.

A comparison converts both operands to their common dtype first (``torch.result_type``),
so a Python number is converted like any operand: ``uint8_tensor == -6`` compares with
250, as in torch.  The result is bool, laid out like the operands.
"""

import math
import warnings

from .. import dtypes as D
from ..graph import needs_grad
from ..errors import unsupported
from ..iterator import expanded_values, pairs, result_tensor, shape_of
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes
from ..tensor import Tensor

_OPERAND = (Tensor, bool, int, float)


def _compare(op, a, b):
    shape = broadcast_shapes(shape_of(a), shape_of(b))
    dt = D.result_type(a, b)
    av, bv = pairs(a, b, shape, dt)
    if op == "eq":
        vals = [x == y for x, y in zip(av, bv)]
    elif op == "ne":
        vals = [x != y for x, y in zip(av, bv)]
    elif op == "lt":
        vals = [x < y for x, y in zip(av, bv)]
    elif op == "le":
        vals = [x <= y for x, y in zip(av, bv)]
    elif op == "gt":
        vals = [x > y for x, y in zip(av, bv)]
    else:
        vals = [x >= y for x, y in zip(av, bv)]
    return result_tensor(vals, shape, D.bool_, a, b, common=dt)


@kernel
def eq(a, b):
    return _compare("eq", a, b)


@kernel
def ne(a, b):
    return _compare("ne", a, b)


@kernel
def lt(a, b):
    return _compare("lt", a, b)


@kernel
def le(a, b):
    return _compare("le", a, b)


@kernel
def gt(a, b):
    return _compare("gt", a, b)


@kernel
def ge(a, b):
    return _compare("ge", a, b)


def _operator(fn):
    def op(self, other):
        if not isinstance(other, _OPERAND):
            return NotImplemented
        return fn(self, other)

    op.__name__ = fn.__name__
    return op


def _named(fn, position):
    def named(self, other):
        if not isinstance(other, _OPERAND):
            raise TypeError(
                f"{fn.__name__}(): argument 'other' (position {position}) must be Tensor, not {type(other).__name__}"
            )
        return fn(self, other)

    named.__name__ = fn.__name__
    return named


for _fn in (eq, ne, lt, le, gt, ge):
    method(f"__{_fn.__name__}__")(_operator(_fn))
    method(_fn.__name__)(_named(_fn, 1))
    function(_fn.__name__, tensor_input=True)(_named(_fn, 2))
del _fn


@kernel
def logical_and(a, b):
    shape = broadcast_shapes(shape_of(a), shape_of(b))
    av, bv = pairs(a, b, shape, D.bool_)
    return result_tensor([bool(x) and bool(y) for x, y in zip(av, bv)], shape, D.bool_, a, b)


@kernel
def logical_not(t):
    return result_tensor([not x for x in t._values()], t._shape, D.bool_, t)


# ------------------------------------------------------------------ where
_UINT8_CONDITION = (
    "where received a uint8 condition tensor. This behavior is deprecated and will be removed in a future "
    "version of PyTorch. Use a boolean condition instead. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorCompare.cpp:621.)"
)


@kernel
def where(cond, a, b):
    if cond._dtype is D.uint8:
        warnings.warn(_UINT8_CONDITION, UserWarning, stacklevel=3)
    elif cond._dtype is not D.bool_:
        raise RuntimeError(
            f"where expected condition to be a boolean tensor, but got a tensor with dtype {cond._dtype._legacy}"
        )
    shape = broadcast_shapes(broadcast_shapes(shape_of(cond), shape_of(a)), shape_of(b))
    dt = D.result_type(a, b)
    # torch converts a number operand with a range check (but not for float16 and bfloat16)
    a = a if isinstance(a, Tensor) else D.checked_scalar(a, dt, check_reduced=False)
    b = b if isinstance(b, Tensor) else D.checked_scalar(b, dt, check_reduced=False)
    cv = expanded_values(cond, shape)
    av, bv = pairs(a, b, shape, dt)
    return result_tensor([x if c else y for c, x, y in zip(cv, av, bv)], shape, dt, cond, a, b)


_WHERE_OVERLOADS = (
    " * (Tensor condition)\n"
    " * (Tensor condition, Tensor input, Tensor other, *, Tensor out = None)\n"
    " * (Tensor condition, Number self, Tensor other)\n"
    " * (Tensor condition, Tensor input, Number other)\n"
    " * (Tensor condition, Number self, Number other)\n"
)
_MISSING = object()


@function("where")
def where_function(condition, input=_MISSING, other=_MISSING):
    if input is _MISSING and other is _MISSING:  # torch.where(cond) is cond.nonzero(as_tuple=True)
        if not isinstance(condition, Tensor):
            raise TypeError(
                f"where(): argument 'condition' (position 1) must be Tensor, not {type(condition).__name__}"
            )
        return at.nonzero_tuple(condition)
    if input is _MISSING or other is _MISSING:
        given = [a for a in (condition, input, other) if a is not _MISSING]
        got = ", ".join("Tensor" if isinstance(a, Tensor) else type(a).__name__ for a in given)
        raise TypeError(
            f"where() received an invalid combination of arguments - got ({got}), but expected one of:\n"
            + _WHERE_OVERLOADS
        )
    return where(condition, input, other)


@method("where")
def where_method(self, condition, other):
    return where(condition, self, other)


# ------------------------------------------------------------------ maximum / minimum
def _tensor_other(name, other, position):
    if not isinstance(other, Tensor):
        raise TypeError(f"{name}(): argument 'other' (position {position}) must be Tensor, not {type(other).__name__}")


def _extreme(a, b, is_max, name):
    if needs_grad(a, b):
        raise unsupported(f"torch.{name} on tensors that require grad")
    shape = broadcast_shapes(a._shape, b._shape)
    dt = D.result_type(a, b)
    av, bv = pairs(a, b, shape, dt)
    out = []
    for x, y in zip(av, bv):
        if x != x:
            out.append(x)
        elif y != y:
            out.append(y)
        else:
            out.append((x if x >= y else y) if is_max else (x if x <= y else y))
    return result_tensor(out, shape, dt, a, b)


@kernel
def maximum(a, b):
    return _extreme(a, b, True, "maximum")


@kernel
def minimum(a, b):
    return _extreme(a, b, False, "minimum")


def _equal(a, b):
    return tuple(a._shape) == tuple(b._shape) and all(eq(a, b)._values())


def _allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    if a._dtype is not b._dtype:
        raise RuntimeError(f"{a._dtype._legacy} did not match {b._dtype._legacy}")
    shape = broadcast_shapes(a._shape, b._shape)
    av, bv = pairs(a, b, shape, a._dtype)
    for x, y in zip(av, bv):
        if x != x or y != y:
            if not (equal_nan and x != x and y != y):
                return False
            continue
        if x == y:
            continue
        if not (math.fabs(x - y) <= atol + rtol * math.fabs(y)):
            return False
    return True


def _two_tensor_forms(name, fn):
    """The method (other is argument 1) and torch function (argument 2) of a two-tensor op."""

    def as_method(self, other, *args, **kwargs):
        _tensor_other(name, other, 1)
        return fn(self, other, *args, **kwargs)

    def as_function(input, other, *args, **kwargs):
        _tensor_other(name, other, 2)
        return fn(input, other, *args, **kwargs)

    as_method.__name__ = as_method.__qualname__ = as_function.__name__ = as_function.__qualname__ = name
    method(name)(as_method)
    function(name, tensor_input=True)(as_function)


_two_tensor_forms("maximum", maximum)
_two_tensor_forms("minimum", minimum)
_two_tensor_forms("equal", _equal)
_two_tensor_forms("allclose", _allclose)


@method("__contains__")
def contains(self, element):
    if isinstance(element, _OPERAND):
        return any(eq(self, element)._values())
    raise RuntimeError(f"Tensor.__contains__ only supports Tensor or scalar, but you passed in a {type(element)}.")
