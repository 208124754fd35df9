"""Comparisons (``== != < <= > >=``, ``eq``... and their in-place forms), ``where`` (all three forms),
``maximum``/``minimum``/``fmax``/``fmin`` with their backward nodes, ``equal`` and ``allclose``.

A comparison converts both operands to their common dtype first (``torch.result_type``),
so a Python number is converted like any operand: ``uint8_tensor == -6`` compares with
250, as in torch.  The result is bool, laid out like the operands.
"""

import warnings

from .. import dtypes as D
from ..graph import Node, record
from ..iterator import expanded_values, pairs, result_tensor, shape_of
from ..out_arguments import WHERE, writes_out
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


_ALIASES = {"eq": (), "ne": ("not_equal",), "lt": ("less",), "le": ("less_equal",), "gt": ("greater",),
            "ge": ("greater_equal",)}


def _operator(fn):
    def op(self, other):
        if not isinstance(other, _OPERAND):
            return NotImplemented
        return fn(self, other)

    op.__name__ = fn.__name__
    return op


def _declare_comparison(fn):
    name = fn.__name__
    names = (name,) + _ALIASES[name]
    scalar_node, tensor_node = _INPLACE_NODES[name]

    def as_method(self, other):  # torch's parser (booktorch/binding.py) has checked the arguments
        return fn(self, other)

    def as_function(input, other):
        return fn(input, other)

    def as_inplace(self, other):
        return at.inplace(self, _recording(fn, scalar_node, tensor_node), other)

    as_method.__name__ = as_method.__qualname__ = as_function.__name__ = as_function.__qualname__ = name
    as_inplace.__name__ = as_inplace.__qualname__ = name + "_"
    method(f"__{name}__")(_operator(fn))
    method(*names)(as_method)
    method(*(n + "_" for n in names))(as_inplace)
    function(*names, takes_out=True)(writes_out(name, computed_in="inputs")(as_function))


def _recording(fn, scalar_node, tensor_node):
    """The comparison as torch's in-place form records it: a node whose gradients are zeros."""

    def compare(self, other):
        out = fn(self, other)
        if isinstance(other, Tensor):
            record(tensor_node, (self, other), out)
        else:
            record(scalar_node, (self,), out)
        return out

    return compare


class _ComparisonBackward(Node):
    """``self.eq_(other)`` and friends: the result does not depend on the inputs smoothly."""


    def apply(self, grad):
        return [at.zeros_like(grad) if self.needs(i) else None for i in range(len(self.next_functions))]


def _comparison_nodes(name):
    title = name.capitalize()
    return (type(f"{title}Backward0", (_ComparisonBackward,), {"_name": f"{title}Backward0"}),
            type(f"{title}Backward1", (_ComparisonBackward,), {"_name": f"{title}Backward1"}))


_INPLACE_NODES = {name: _comparison_nodes(name) for name in _ALIASES}
for _fn in (eq, ne, lt, le, gt, ge):
    _declare_comparison(_fn)
del _fn


# ------------------------------------------------------------------ where
_UINT8_CONDITION = (
    "where received a uint8 condition tensor. This behavior is deprecated and will be removed in a future "
    "version of PyTorch. Use a boolean condition instead. (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/TensorCompare.cpp:621.)"
)


def _condition_check(cond):
    if cond._dtype is D.uint8:
        warnings.warn(_UINT8_CONDITION, UserWarning, stacklevel=4)
    elif cond._dtype is not D.bool_:
        raise RuntimeError(
            f"where expected condition to be a boolean tensor, but got a tensor with dtype {cond._dtype._legacy}"
        )


@kernel
def where(cond, a, b):
    _condition_check(cond)
    shape = broadcast_shapes(broadcast_shapes(shape_of(cond), shape_of(a)), shape_of(b))
    dt = D.result_type(a, b)
    # torch converts a number operand with a range check (but not for float16 and bfloat16)
    av_in = a if isinstance(a, Tensor) else D.checked_scalar(a, dt, check_reduced=False)
    bv_in = b if isinstance(b, Tensor) else D.checked_scalar(b, dt, check_reduced=False)
    cv = expanded_values(cond, shape)
    av, bv = pairs(av_in, bv_in, shape, dt)
    out = result_tensor([x if c else y for c, x, y in zip(cv, av, bv)], shape, dt, cond, av_in, bv_in)
    record(WhereBackward0, (a, b), out, condition=cond)
    return out


class WhereBackward0(Node):
    _name = "WhereBackward0"
    saves = ("condition",)

    def apply(self, grad):
        cond = self.saved("condition")
        zero = _zero(grad)
        return [where(cond, grad, zero) if self.needs(0) else None, where(cond, zero, grad) if self.needs(1) else None]


_MISSING = object()


@function("where", takes_out=True)
@writes_out("where", WHERE)
def where_function(condition, input=_MISSING, other=_MISSING):
    if input is _MISSING:  # torch.where(cond) is cond.nonzero(as_tuple=True)
        return at.nonzero_tuple(condition)
    return where(condition, input, other)


@method("where")
def where_method(self, condition, other):
    return where(condition, self, other)


# ------------------------------------------------------------------ maximum / minimum / fmax / fmin
def _zero(grad):
    return Tensor._from_values([D.zero_of(grad._dtype)], (), grad._dtype)


def _extreme(a, b, is_max, nan_wins):
    shape = broadcast_shapes(a._shape, b._shape)
    dt = D.result_type(a, b)
    av, bv = pairs(a, b, shape, dt)
    out = []
    for x, y in zip(av, bv):
        if x != x:
            out.append(x if nan_wins else y)
        elif y != y:
            out.append(y if nan_wins else x)
        else:
            out.append((x if x >= y else y) if is_max else (x if x <= y else y))
    return result_tensor(out, shape, dt, a, b)


def _record_extreme(node_class, a, b, out):
    record(node_class, (a, b), out, self=a, other=b)
    return out


@kernel
def maximum(a, b):
    return _record_extreme(MaximumBackward0, a, b, _extreme(a, b, True, True))


@kernel
def minimum(a, b):
    return _record_extreme(MinimumBackward0, a, b, _extreme(a, b, False, True))


@kernel
def fmax(a, b):
    """maximum that ignores NaN (NaN only where both are NaN)."""
    return _record_extreme(FmaxBackward0, a, b, _extreme(a, b, True, False))


@kernel
def fmin(a, b):
    return _record_extreme(FminBackward0, a, b, _extreme(a, b, False, False))


class _ExtremeBackward(Node):
    """maximum/minimum: the gradient goes to the larger (smaller) input, half to each on a tie."""

    loses = ("lt", "gt")  # the comparison where self (other) gets no gradient
    saves = ("self", "other")

    def apply(self, grad):
        s, o = self.saved("self"), self.saved("other")
        shared = where(eq(s, o), at.div(grad, 2), grad)
        zero = _zero(grad)
        g0 = where(_COMPARE[self.loses[0]](s, o), zero, shared) if self.needs(0) else None
        g1 = where(_COMPARE[self.loses[1]](s, o), zero, shared) if self.needs(1) else None
        return [g0, g1]


class MaximumBackward0(_ExtremeBackward):
    _name = "MaximumBackward0"
    loses = ("lt", "gt")


class MinimumBackward0(_ExtremeBackward):
    _name = "MinimumBackward0"
    loses = ("gt", "lt")


class _FExtremeBackward(Node):
    """fmax/fmin: all of the gradient to the input chosen (self on a tie or where other is NaN)."""

    keeps = "ge"
    saves = ("self", "other")

    def apply(self, grad):
        s, o = self.saved("self"), self.saved("other")
        self_chosen = at.logical_or(_COMPARE[self.keeps](s, o), at.isnan(o))
        zero = _zero(grad)
        g0 = where(self_chosen, grad, zero) if self.needs(0) else None
        g1 = where(self_chosen, zero, grad) if self.needs(1) else None
        return [g0, g1]


class FmaxBackward0(_FExtremeBackward):
    _name = "FmaxBackward0"
    keeps = "ge"


class FminBackward0(_FExtremeBackward):
    _name = "FminBackward0"
    keeps = "le"


_COMPARE = {"lt": lt, "gt": gt, "ge": ge, "le": le}


def _equal(a, b):
    return tuple(a._shape) == tuple(b._shape) and all(eq(a, b)._values())


def _allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """torch.allclose: isclose(...).all() (booktorch/ops/closeness.py computes isclose as ATen does)."""
    from .closeness import isclose

    return all(isclose(a, b, rtol, atol, equal_nan)._values())


def _two_tensor_forms(name, fn, takes_out=False):
    """The method and torch function of a two-tensor op (torch's parser has checked the arguments)."""

    def two_tensors(input, other, *args, **kwargs):
        return fn(input, other, *args, **kwargs)

    two_tensors.__name__ = two_tensors.__qualname__ = name
    method(name)(two_tensors)
    if takes_out:
        function(name, tensor_input=True, takes_out=True)(writes_out(name)(two_tensors))
    else:
        function(name, tensor_input=True)(two_tensors)


_two_tensor_forms("maximum", maximum, takes_out=True)
_two_tensor_forms("minimum", minimum, takes_out=True)
_two_tensor_forms("fmax", fmax, takes_out=True)
_two_tensor_forms("fmin", fmin, takes_out=True)
_two_tensor_forms("equal", _equal)
_two_tensor_forms("allclose", _allclose)


@method("__contains__")
def contains(self, element):
    if isinstance(element, _OPERAND):
        return any(eq(self, element)._values())
    raise RuntimeError(f"Tensor.__contains__ only supports Tensor or scalar, but you passed in a {type(element)}.")
