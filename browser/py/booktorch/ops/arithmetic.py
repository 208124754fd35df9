"""``+ - * /`` and negation, out of place and in place, with their backward nodes.

Result dtype: ``torch.result_type`` of the operands (``/`` promotes integers to the
default float dtype).  Values are computed in Python floats or ints and rounded once
to the result dtype, which reproduces torch's CPU results bit for bit: a sum or
product of two float32 (or float16/bfloat16) values computed in double and rounded to
float32 is the correctly rounded float32 result, as torch computes it.  A Python
number is converted to the computation dtype first (a float scalar is rounded to
float32, like torch's wrapped-number scalars), except that torch's float16 and
bfloat16 ``mul`` and ``div`` read a scalar operand as float32.
"""

import math

from .. import dtypes as D
from ..graph import Node, attach, needs_grad
from ..iterator import (
    check_inplace,
    fdiv,
    pairs,
    result_tensor,
    shape_of,
    tensor_or_none,
    tensors,
    write,
    write_positions,
)
from ..errors import unsupported
from ..registry import at, function, kernel, method, not_yet
from ..shape import broadcast_shapes, fmt_list
from ..tensor import Tensor

_OPERAND = (Tensor, bool, int, float)


def _sub_check(a, b):
    a_bool = (a._dtype is D.bool_) if isinstance(a, Tensor) else isinstance(a, bool)
    b_bool = (b._dtype is D.bool_) if isinstance(b, Tensor) else isinstance(b, bool)
    if a_bool and b_bool:
        raise RuntimeError(
            "Subtraction, the `-` operator, with two bool tensors is not supported. "
            "Use the `^` or `logical_xor()` operator instead."
        )
    if a_bool or b_bool:
        raise RuntimeError(
            "Subtraction, the `-` operator, with a bool tensor is not supported. "
            "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
        )


def _result_dtype(op, a, b):
    dt = D.result_type(a, b)
    if op == "div" and dt._kind < 2:
        return D.get_default_dtype()
    return dt


def _values(op, a, b, shape, dt):
    """``a op b`` element by element, computed in ``dt`` and rounded to it."""
    scalar_dt = D.float32 if op in ("mul", "div") and dt in D.REDUCED else None
    av, bv = pairs(a, b, shape, dt, scalar_dt)
    if op == "add":
        vals = [x or y for x, y in zip(av, bv)] if dt is D.bool_ else [x + y for x, y in zip(av, bv)]
    elif op == "sub":
        vals = [x - y for x, y in zip(av, bv)]
    elif op == "mul":
        vals = [x and y for x, y in zip(av, bv)] if dt is D.bool_ else [x * y for x, y in zip(av, bv)]
    else:
        vals = [fdiv(x, y) for x, y in zip(av, bv)]
    return D.round_values(vals, dt)


def _compute(op, a, b):
    shape = broadcast_shapes(shape_of(a), shape_of(b))
    dt = _result_dtype(op, a, b)
    return result_tensor(_values(op, a, b, shape, dt), shape, dt, a, b)


# ------------------------------------------------------------------ forward ops
@kernel
def add(a, b):
    out = _compute("add", a, b)
    if needs_grad(*tensors(a, b)):
        attach(AddBackward0([tensor_or_none(a), tensor_or_none(b)]), out)
    return out


@kernel
def sub(a, b):
    _sub_check(a, b)
    out = _compute("sub", a, b)
    if needs_grad(*tensors(a, b)):
        attach(SubBackward0([tensor_or_none(a), tensor_or_none(b)]), out)
    return out


@kernel
def rsub(t, number):
    """``number - t`` (torch's rsub, grad_fn RsubBackward1)."""
    _sub_check(t, number)
    out = _compute("sub", number, t)
    if needs_grad(t):
        attach(RsubBackward1([t]), out)
    return out


@kernel
def mul(a, b):
    out = _compute("mul", a, b)
    if needs_grad(*tensors(a, b)):
        node = MulBackward0([tensor_or_none(a), tensor_or_none(b)])
        if node.needs(1):
            node.save("self", a)
        if node.needs(0):
            node.save("other", b)
        attach(node, out)
    return out


@kernel
def div(a, b):
    out = _compute("div", a, b)
    if needs_grad(*tensors(a, b)):
        node = DivBackward0([tensor_or_none(a), tensor_or_none(b)])
        if node.needs(1):
            node.save("self", a)
        if node.needs(0) or node.needs(1):
            node.save("other", b)
        attach(node, out)
    return out


@kernel
def rdiv(t, number):
    """``number / t``: torch computes ``t.reciprocal() * number``."""
    return mul(at.reciprocal(t), number)


@kernel
def neg(t):
    if t._dtype is D.bool_:
        raise RuntimeError(
            "Negation, the `-` operator, on a bool tensor is not supported. "
            "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
        )
    vals = D.round_values([-x for x in t._values()], t._dtype)
    out = result_tensor(vals, t._shape, t._dtype, t)
    if needs_grad(t):
        attach(NegBackward0([t]), out)
    return out


@kernel
def add_into(dst, src):
    """dst += src for gradient accumulation (no autograd)."""
    write(dst, _values("add", dst, src, dst._shape, dst._dtype))


# ------------------------------------------------------------------ backward nodes
def _scalar_tensor(v):
    return Tensor._from_values([D.scalar_to(v, D.float32)], (), D.float32)


def _ieee_reciprocal(v):
    """1 / v as floating point defines it (torch's answer): +-inf at +-0, not an exception."""
    if v == 0:
        return math.copysign(math.inf, v) if isinstance(v, float) else math.inf
    return 1.0 / v


class AddBackward0(Node):
    _name = "AddBackward0"
    formulas = ("grad", "grad")

    def apply(self, grad):
        return [grad if self.needs(0) else None, grad if self.needs(1) else None]

    def local(self, i):
        return _scalar_tensor(1.0)


class SubBackward0(Node):
    _name = "SubBackward0"
    formulas = ("grad", "-grad")

    def apply(self, grad):
        return [grad if self.needs(0) else None, neg(grad) if self.needs(1) else None]

    def local(self, i):
        return _scalar_tensor(1.0 if i == 0 else -1.0)


class RsubBackward1(Node):
    _name = "RsubBackward1"
    formulas = ("-grad",)

    def apply(self, grad):
        return [neg(grad)]

    def local(self, i):
        return _scalar_tensor(-1.0)


class NegBackward0(Node):
    _name = "NegBackward0"
    formulas = ("-grad",)

    def apply(self, grad):
        return [neg(grad)]

    def local(self, i):
        return _scalar_tensor(-1.0)


class MulBackward0(Node):
    _name = "MulBackward0"
    formulas = ("grad * other", "grad * self")

    def apply(self, grad):
        g0 = mul(grad, self.saved("other")) if self.needs(0) else None
        g1 = mul(grad, self.saved("self")) if self.needs(1) else None
        return [g0, g1]

    def local(self, i):
        v = self.saved("other" if i == 0 else "self")
        return v if isinstance(v, Tensor) else _scalar_tensor(v)


class DivBackward0(Node):
    _name = "DivBackward0"
    formulas = ("grad / other", "-grad * ((self / other) / other)")

    def apply(self, grad):
        other = self.saved("other")
        g0 = div(grad, other) if self.needs(0) else None
        g1 = None
        if self.needs(1):
            g1 = mul(neg(grad), div(div(self.saved("self"), other), other))
        return [g0, g1]

    def local(self, i):
        other = self.saved("other")
        if i == 0:
            if isinstance(other, Tensor):
                return div(1.0, other)
            return _scalar_tensor(_ieee_reciprocal(other))
        return neg(div(div(self.saved("self"), other), other))


# ------------------------------------------------------------------ in place
_NODES = {"add": AddBackward0, "sub": SubBackward0, "mul": MulBackward0, "div": DivBackward0}


@kernel
def inplace_binary(op, t, other):
    """``t op= other`` (add_/sub_/mul_/div_) with torch's checks and autograd rebase."""
    if not isinstance(other, _OPERAND):
        raise TypeError(f"{op}_(): argument 'other' (position 1) must be Tensor, not {type(other).__name__}")
    if op == "sub":
        _sub_check(t, other)
    record = check_inplace(t, other)
    write_pos = write_positions(t)
    shape = broadcast_shapes(t._shape, shape_of(other))
    rdt = _result_dtype(op, t, other)
    if tuple(shape) != tuple(t._shape):
        raise RuntimeError(
            f"output with shape {fmt_list(t._shape)} doesn't match the broadcast shape {fmt_list(shape)}"
        )
    if not D.can_cast(rdt, t._dtype):
        raise RuntimeError(f"result type {rdt._legacy} can't be cast to the desired output type {t._dtype._legacy}")
    original = None
    if record and op in ("mul", "div") and isinstance(other, Tensor) and other._requires_grad:
        original = at.clone(t).detach()
    vals = _values(op, t, other, shape, rdt)
    if rdt is not t._dtype:
        vals = D.convert(vals, rdt, t._dtype)
    data = t._storage.data
    for p, v in zip(write_pos, vals):
        data[p] = v
    t._version.bump()
    if record:
        node = _NODES[op]([t, tensor_or_none(other)])
        if op == "mul":
            if node.needs(1):
                node.save("self", original)
            if node.needs(0):
                node.save("other", other)
        elif op == "div":
            if node.needs(1):
                node.save("self", original)
            node.save("other", other)
        t._grad_fn = None  # rebase: the node already points at the old history
        attach(node, t)
    return t


# ------------------------------------------------------------------ the Tensor and torch API
def _operator(fn, reflected=False):
    def method(self, other):
        if not isinstance(other, _OPERAND):
            return NotImplemented
        return fn(other, self) if reflected else fn(self, other)

    method.__name__ = fn.__name__
    return method


def _inplace_operator(op):
    def method(self, other):
        if not isinstance(other, _OPERAND):
            return NotImplemented
        return inplace_binary(op, self, other)

    return method


def _check_other(name, other, position):
    if not isinstance(other, _OPERAND):
        raise TypeError(f"{name}(): argument 'other' (position {position}) must be Tensor, not {type(other).__name__}")


def _no_alpha(name, alpha):
    if alpha != 1:
        raise unsupported(f"torch.{name}(..., alpha=...)")


for _name, _fn in (("__add__", add), ("__mul__", mul), ("__sub__", sub), ("__truediv__", div)):
    method(_name)(_operator(_fn))
method("__radd__")(_operator(add))
method("__rmul__")(_operator(mul))
method("__rsub__")(_operator(rsub))
method("__rtruediv__")(_operator(rdiv))
for _name, _op in (("__iadd__", "add"), ("__isub__", "sub"), ("__imul__", "mul"), ("__itruediv__", "div")):
    method(_name)(_inplace_operator(_op))
method("__neg__", "neg", "negative")(neg)
del _name, _fn, _op


@method("__pos__", "positive")
def positive(self):
    if self._dtype is D.bool_:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return self


def _wrap_numbers(a, b):
    """torch.add(2, 3) works on wrapped numbers: the first becomes a 0-d tensor."""
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        dt = D.scalar_dtype(a)
        return Tensor._from_values([D.scalar_to(a, dt)], (), dt)
    return a


@method("add")
def add_method(self, other, *, alpha=1):
    _check_other("add", other, 1)
    _no_alpha("add", alpha)
    return add(self, other)


@function("add")
def add_function(input, other, *, alpha=1):
    _check_other("add", other, 2)
    _no_alpha("add", alpha)
    return add(_wrap_numbers(input, other), other)


@method("sub", "subtract")
def sub_method(self, other, *, alpha=1):
    _check_other("sub", other, 1)
    _no_alpha("sub", alpha)
    return sub(self, other)


@function("sub", "subtract")
def sub_function(input, other, *, alpha=1):
    _check_other("sub", other, 2)
    _no_alpha("sub", alpha)
    return sub(_wrap_numbers(input, other), other)


@method("mul", "multiply")
def mul_method(self, other):
    _check_other("mul", other, 1)
    return mul(self, other)


@function("mul", "multiply")
def mul_function(input, other):
    _check_other("mul", other, 2)
    return mul(_wrap_numbers(input, other), other)


@method("div", "divide", "true_divide")
def div_method(self, other):
    _check_other("div", other, 1)
    return div(self, other)


@function("div", "divide", "true_divide")
def div_function(input, other):
    _check_other("div", other, 2)
    return div(_wrap_numbers(input, other), other)


@function("rsub")
def rsub_function(input, other, *, alpha=1):
    if not isinstance(input, Tensor):
        raise TypeError(
            f"rsub() received an invalid combination of arguments - got ({type(input).__name__}, "
            f"{type(other).__name__}), but expected one of:\n"
            " * (Tensor input, Tensor other, *, Number alpha = 1)\n"
            " * (Tensor input, Number other, Number alpha = 1)\n"
        )
    _no_alpha("rsub", alpha)
    return sub(other, input) if isinstance(other, Tensor) else rsub(input, other)


function("neg", "negative", tensor_input=True)(neg)


def _inplace_method(op):
    def method(self, other, *, alpha=1):
        if alpha != 1:
            raise unsupported(f"Tensor.{op}_(..., alpha=...)")
        return inplace_binary(op, self, other)

    method.__name__ = op + "_"
    return method


# Python operators outside the subset so far: booktorch's error, not Python's TypeError
for _names, _symbol in ((("__floordiv__", "__rfloordiv__", "__ifloordiv__"), "//"),
                        (("__mod__", "__rmod__", "__imod__"), "%"), (("__and__", "__rand__", "__iand__"), "&"),
                        (("__or__", "__ror__", "__ior__"), "|"), (("__xor__", "__rxor__", "__ixor__"), "^"),
                        (("__invert__",), "~"), (("__lshift__", "__rlshift__", "__ilshift__"), "<<"),
                        (("__rshift__", "__rrshift__", "__irshift__"), ">>")):
    not_yet(f"The {_symbol} operator on tensors", *_names)
del _names, _symbol

method("add_")(_inplace_method("add"))
method("sub_")(_inplace_method("sub"))
method("mul_")(_inplace_method("mul"))
method("div_")(_inplace_method("div"))
