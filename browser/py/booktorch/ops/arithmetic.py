"""``+ - * / // %``, ``fmod`` and negation, out of place and in place, with their backward nodes.

Result dtype: ``torch.result_type`` of the operands (``/`` promotes integers to the
default float dtype; ``//``, ``%`` and ``div(..., rounding_mode=...)`` keep them).  Values are
computed in Python floats or ints and rounded once to the result dtype, which reproduces
torch's CPU results bit for bit: a sum or product of two float32 (or float16/bfloat16) values
computed in double and rounded to float32 is the correctly rounded float32 result, as torch
computes it.  ``add``/``sub`` with ``alpha`` are one fused multiply-add (``a + alpha * b``),
as torch's vectorised kernels compute them.  A Python number is converted to the computation
dtype first (a float scalar is rounded to float32, like torch's wrapped-number scalars),
except that torch's float16 and bfloat16 ``mul`` and divisions read a scalar operand as float32.

Floor division and the remainder follow c10's ``div_floor_floating`` and ATen's remainder
kernel (``fmod``, then a correction when the signs differ), computed in float32 for float32,
float16 and bfloat16 operands; integer division by zero raises torch's ``ZeroDivisionError``.
"""

import math

from .. import dtypes as D
from ..graph import Node, record
from ..out_arguments import SAME_DTYPE, writes_out
from ..iterator import (
    fdiv,
    opmath_round,
    pairs,
    result_tensor,
    shape_of,
    write,
)
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes, numel
from ..tensor import Tensor

_OPERAND = (Tensor, bool, int, float)
_SCALAR_AS_FLOAT32 = ("mul", "div", "floor_divide", "trunc_divide")  # in float16 / bfloat16
_NOT_FOR_BOOL = {"floor_divide": "div_floor_cpu", "trunc_divide": "div_trunc_cpu", "remainder": "remainder_cpu",
                 "fmod": "fmod_cpu"}


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


def _alpha_check(dt, alpha):
    """ATen's alpha_check."""
    if isinstance(alpha, bool) and dt is not D.bool_:
        raise RuntimeError("Boolean alpha only supported for Boolean results.")
    if not dt.is_floating_point and isinstance(alpha, float):
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating point number.")


def _result_dtype(op, a, b):
    dt = D.result_type(a, b)
    if op == "div" and dt._kind < 2:
        return D.get_default_dtype()
    return dt


# ------------------------------------------------------------------ one element
def _fmod(x, y):
    """C's fmod (exact): NaN for an infinite x or a zero y."""
    try:
        return math.fmod(x, y)
    except ValueError:
        return math.nan


def _floor(v):
    return float(math.floor(v)) if v - v == 0 else v  # inf and nan stay


def _trunc(v):
    return math.copysign(float(math.trunc(v)), v) if v - v == 0 else v


def _div_floor_float(a, b, rnd):
    """c10::div_floor_floating, rounding each step with ``rnd`` (float32 or float64 arithmetic)."""
    if b == 0:
        return fdiv(a, b)
    mod = _fmod(a, b)
    div = rnd(fdiv(rnd(a - mod), b))
    if mod != 0 and (b < 0) != (mod < 0):
        div = rnd(div - 1.0)
    if div != 0:
        floordiv = _floor(div)
        if div - floordiv > 0.5:
            floordiv = rnd(floordiv + 1.0)
        return floordiv
    return math.copysign(0.0, fdiv(a, b))


def _remainder_float(a, b, rnd):
    mod = _fmod(a, b)
    if mod != 0 and (b < 0) != (mod < 0):
        mod = rnd(mod + b)
    return mod


def _int_trunc_div(x, y):
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def _no_zero_divisor(bv):
    if 0 in bv:
        raise RuntimeError("ZeroDivisionError")


def _values(op, a, b, shape, dt, alpha=1):
    """``a op b`` element by element, computed in ``dt`` and rounded to it (``a + alpha * b`` for add)."""
    if dt is D.bool_ and op in _NOT_FOR_BOOL:
        raise NotImplementedError(f'"{_NOT_FOR_BOOL[op]}" not implemented for \'Bool\'')
    scalar_dt = D.float32 if op in _SCALAR_AS_FLOAT32 and dt in D.REDUCED else None
    av, bv = pairs(a, b, shape, dt, scalar_dt)
    return _combine(op, av, bv, dt, alpha)


def _combine(op, av, bv, dt, alpha=1):
    """``av op bv`` for two lists of values in ``dt``, rounded to ``dt``."""
    if op == "sub":
        op, alpha = "add", -alpha
        if alpha == -1 and dt is not D.bool_:
            return D.round_values([x - y for x, y in zip(av, bv)], dt)
    if op == "add":
        if dt is D.bool_:
            vals = [x or y for x, y in zip(av, bv)] if alpha else list(av)
        elif alpha == 1:
            vals = [x + y for x, y in zip(av, bv)]
        elif dt._kind == 1:
            vals = [x + alpha * y for x, y in zip(av, bv)]
        elif dt is D.float64:
            al = float(alpha)
            vals = [D.fma_f64(y, al, x) for x, y in zip(av, bv)]
        else:
            al = D.f32(alpha)
            vals = [D.fma_f32(y, al, x) for x, y in zip(av, bv)]
    elif op == "mul":
        vals = [x and y for x, y in zip(av, bv)] if dt is D.bool_ else [x * y for x, y in zip(av, bv)]
    elif op == "div":
        try:
            vals = [x / y for x, y in zip(av, bv)]
        except ZeroDivisionError:  # IEEE's infinities and NaNs where a divisor is zero
            vals = [fdiv(x, y) for x, y in zip(av, bv)]
    elif dt._kind == 1:
        _no_zero_divisor(bv)
        if op == "floor_divide":
            vals = [x // y for x, y in zip(av, bv)]
        elif op == "trunc_divide":
            vals = [_int_trunc_div(x, y) for x, y in zip(av, bv)]
        elif op == "remainder":
            vals = [x % y for x, y in zip(av, bv)]
        else:
            vals = [x - y * _int_trunc_div(x, y) for x, y in zip(av, bv)]
    else:
        rnd = opmath_round(dt)
        if op == "floor_divide":
            vals = [_div_floor_float(x, y, rnd) for x, y in zip(av, bv)]
        elif op == "trunc_divide":
            vals = [_trunc(rnd(fdiv(x, y))) for x, y in zip(av, bv)]
        elif op == "remainder":
            vals = [_remainder_float(x, y, rnd) for x, y in zip(av, bv)]
        else:
            vals = [_fmod(x, y) for x, y in zip(av, bv)]
    return D.round_values(vals, dt)


_FLOATS = (D.float32, D.float64)
_PLAIN = {"add", "sub", "mul", "div"}


def _compute(op, a, b, alpha=1):
    plain = alpha == 1 and not isinstance(alpha, bool) and op in _PLAIN
    if plain and isinstance(a, Tensor) and a._dtype in _FLOATS:
        # the common case, two float32 (or float64) tensors of one shape or such a tensor and a Python
        # number, read without broadcasting or promotion (neither changes anything then)
        if isinstance(b, Tensor):
            if b._dtype is a._dtype and b._shape == a._shape:
                vals = _combine(op, a._values(), b._values(), a._dtype)
                return result_tensor(vals, a._shape, a._dtype, a, b)
        elif type(b) is float or type(b) is int:
            dt = a._dtype
            vals = _combine(op, a._values(), [D.scalar_to(b, dt)] * numel(a._shape), dt)
            return result_tensor(vals, a._shape, dt, a, b)
    shape = broadcast_shapes(shape_of(a), shape_of(b))
    dt = _result_dtype(op, a, b)
    if alpha != 1 or isinstance(alpha, bool):
        _alpha_check(dt, alpha)
    return result_tensor(_values(op, a, b, shape, dt, alpha), shape, dt, a, b)


# ------------------------------------------------------------------ forward ops
@kernel
def add(a, b, alpha=1):
    out = _compute("add", a, b, alpha)
    record(AddBackward0, (a, b), out, alpha=alpha)
    return out


@kernel
def sub(a, b, alpha=1):
    _sub_check(a, b)
    out = _compute("sub", a, b, alpha)
    record(SubBackward0, (a, b), out, alpha=alpha)
    return out


@kernel
def rsub(t, other, alpha=1):
    """``other - alpha * t`` (torch's rsub: grad_fn RsubBackward1 for a number, RsubBackward0 for a tensor)."""
    _sub_check(t, other)
    out = _compute("sub", other, t, alpha)
    if isinstance(other, Tensor):
        record(RsubBackward0, (t, other), out, alpha=alpha)
    else:
        record(RsubBackward1, (t,), out, alpha=alpha)
    return out


@kernel
def mul(a, b):
    out = _compute("mul", a, b)
    record(MulBackward0, (a, b), out, self=a, other=b)
    return out


_ROUNDING = {None: "div", "trunc": "trunc_divide", "floor": "floor_divide"}


def _rounding_op(rounding_mode):
    if rounding_mode not in _ROUNDING:
        raise RuntimeError(
            f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{rounding_mode}'"
        )
    return _ROUNDING[rounding_mode]


@kernel
def div(a, b, rounding_mode=None):
    out = _compute(_rounding_op(rounding_mode), a, b)
    if rounding_mode is None:
        record(DivBackward0, (a, b), out, self=a, other=b)
    else:
        record(DivBackward2, (a, b), out, rounding_mode=rounding_mode, self=a, other=b)
    return out


@kernel
def rdiv(t, number):
    """``number / t``: torch computes ``t.reciprocal() * number``."""
    return mul(at.reciprocal(t), number)


@kernel
def floor_divide(a, b):
    out = _compute("floor_divide", a, b)
    record(NotImplementedBackward, (a, b), out, op="floor_divide")
    return out


def _modulo(op, a, b, tensor_node, scalar_node):
    out = _compute(op, a, b)
    if not isinstance(a, Tensor):
        record(NotImplementedBackward, (b,), out, op=op)
    elif isinstance(b, Tensor):
        record(tensor_node, (a, b), out, self=a, other=b)
    else:
        record(scalar_node, (a,), out)
    return out


@kernel
def remainder(a, b):
    """Python's ``%``: the result has the divisor's sign."""
    return _modulo("remainder", a, b, RemainderBackward1, RemainderBackward0)


@kernel
def fmod(a, b):
    """C's ``fmod``: the result has the dividend's sign."""
    return _modulo("fmod", a, b, FmodBackward1, FmodBackward0)


def _neg_check(t):
    if t._dtype is D.bool_:
        raise RuntimeError(
            "Negation, the `-` operator, on a bool tensor is not supported. "
            "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
        )


@kernel
def neg(t):
    _neg_check(t)
    vals = D.round_values([-x for x in t._values()], t._dtype)
    out = result_tensor(vals, t._shape, t._dtype, t)
    record(NegBackward0, (t,), out)
    return out


@kernel
def add_into(dst, src):
    """dst += src for gradient accumulation (no autograd)."""
    write(dst, _values("add", dst, src, dst._shape, dst._dtype))


# ------------------------------------------------------------------ backward nodes
def _maybe_multiply(grad, alpha):
    """torch's maybe_multiply: ``grad * alpha`` unless alpha is 1."""
    return grad if alpha == 1 and not isinstance(alpha, bool) else mul(grad, alpha)


class AddBackward0(Node):
    _name = "AddBackward0"

    def apply(self, grad):
        alpha = self._svals["alpha"]
        return [grad if self.needs(0) else None, _maybe_multiply(grad, alpha) if self.needs(1) else None]


class SubBackward0(Node):
    _name = "SubBackward0"

    def apply(self, grad):
        alpha = self._svals["alpha"]
        return [grad if self.needs(0) else None, _maybe_multiply(neg(grad), alpha) if self.needs(1) else None]


class RsubBackward0(Node):
    """``torch.rsub(self, other)`` = ``other - alpha * self`` with two tensors."""

    _name = "RsubBackward0"

    def apply(self, grad):
        g0 = _maybe_multiply(neg(grad), self._svals["alpha"]) if self.needs(0) else None
        return [g0, grad if self.needs(1) else None]


class RsubBackward1(Node):
    _name = "RsubBackward1"

    def apply(self, grad):
        return [_maybe_multiply(neg(grad), self._svals["alpha"])]


class NegBackward0(Node):
    _name = "NegBackward0"

    def apply(self, grad):
        return [neg(grad)]


class MulBackward0(Node):
    _name = "MulBackward0"
    saves = {"self": 1, "other": 0}

    def apply(self, grad):
        g0 = mul(grad, self.saved("other")) if self.needs(0) else None
        g1 = mul(grad, self.saved("self")) if self.needs(1) else None
        return [g0, g1]


class DivBackward0(Node):
    _name = "DivBackward0"
    saves = {"self": 1, "other": None}

    def apply(self, grad):
        other = self.saved("other")
        g0 = div(grad, other) if self.needs(0) else None
        g1 = None
        if self.needs(1):
            g1 = mul(neg(grad), div(div(self.saved("self"), other), other))
        return [g0, g1]


class _ZeroGradients(Node):
    """A step function: its derivative is zero wherever it exists."""


    def apply(self, grad):
        return [at.zeros_like(grad) if self.needs(i) else None for i in range(len(self.next_functions))]


class DivBackward2(_ZeroGradients):
    """``div`` with ``rounding_mode='trunc'`` or ``'floor'``."""

    _name = "DivBackward2"
    saves = {"self": 1, "other": None}


class NotImplementedBackward(Node):
    """torch's ``NotImplemented`` node: an op without a derivative formula; backward through it fails."""

    _name = "torch::autograd::NotImplemented"

    def __init__(self, inputs, op):
        super().__init__(inputs)
        self._op = op  # named in the error; not a saved value torch shows

    def __repr__(self):
        return f"<NotImplemented object at {hex(id(self))}>"

    def apply(self, grad):
        raise RuntimeError(f"derivative for aten::{self._op} is not implemented")


class _ModuloBackward1(Node):
    """``self - other * q`` for a rounded quotient q: d/dself = 1, d/dother = -q."""

    rounding_mode = "floor"
    saves = {"self": 1, "other": 1}

    def apply(self, grad):
        g1 = None
        if self.needs(1):
            q = div(self.saved("self"), self.saved("other"), rounding_mode=self.rounding_mode)
            g1 = mul(neg(grad), q)
        return [grad if self.needs(0) else None, g1]


class RemainderBackward0(Node):
    _name = "RemainderBackward0"

    def apply(self, grad):
        return [grad]


class RemainderBackward1(_ModuloBackward1):
    _name = "RemainderBackward1"


class FmodBackward0(RemainderBackward0):
    _name = "FmodBackward0"


class FmodBackward1(_ModuloBackward1):
    _name = "FmodBackward1"
    rounding_mode = "trunc"


# ------------------------------------------------------------------ the Tensor and torch API
def _operator(fn, reflected=False):
    def operator(self, other):
        if not isinstance(other, _OPERAND):
            return NotImplemented
        return fn(other, self) if reflected else fn(self, other)

    operator.__name__ = fn.__name__
    return operator


def _wrap_numbers(a, b):
    """torch.add(2, 3) works on wrapped numbers: the first becomes a 0-d tensor."""
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        dt = D.scalar_dtype(a)
        return Tensor._from_values([D.scalar_to(a, dt)], (), dt)
    return a


for _name, _fn in (("__add__", add), ("__mul__", mul), ("__sub__", sub), ("__truediv__", div),
                   ("__floordiv__", floor_divide), ("__mod__", remainder)):
    method(_name)(_operator(_fn))
method("__radd__")(_operator(add))  # torch computes number + tensor as tensor + number
method("__rmul__")(_operator(mul))
for _name, _fn in (("__rfloordiv__", floor_divide), ("__rmod__", remainder)):
    method(_name)(_operator(_fn, reflected=True))
method("__rsub__")(_operator(rsub))
method("__rtruediv__")(_operator(rdiv))
method("__neg__", "neg", "negative")(neg)
del _name, _fn


@method("__pos__", "positive")
@function("positive")
def positive(self):
    if self._dtype is D.bool_:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return self


# torch's parser (booktorch/binding.py) has checked the arguments of everything below
@method("add")
def add_method(self, other, *, alpha=1):
    return add(self, other, alpha)


@function("add", takes_out=True)
@writes_out("add")
def add_function(input, other, *, alpha=1):
    return add(_wrap_numbers(input, other), other, alpha)


@method("sub", "subtract")
def sub_method(self, other, *, alpha=1):
    return sub(self, other, alpha)


@function("sub", "subtract", takes_out=True)
@writes_out("sub")
def sub_function(input, other, *, alpha=1):
    return sub(_wrap_numbers(input, other), other, alpha)


@method("mul", "multiply")
def mul_method(self, other):
    return mul(self, other)


@function("mul", "multiply", takes_out=True)
@writes_out("mul")
def mul_function(input, other):
    return mul(_wrap_numbers(input, other), other)


@method("div", "divide")
def div_method(self, other, *, rounding_mode=None):
    return div(self, other, rounding_mode)


@function("div", "divide", takes_out=True)
@writes_out("div")
def div_function(input, other, *, rounding_mode=None):
    return div(_wrap_numbers(input, other), other, rounding_mode)


@method("true_divide")
def true_divide_method(self, other):
    return div(self, other)


@function("true_divide", takes_out=True)
@writes_out("div")
def true_divide_function(input, other):
    return div(_wrap_numbers(input, other), other)


for _name, _fn in (("floor_divide", floor_divide), ("remainder", remainder), ("fmod", fmod)):
    method(_name)(_fn)
del _name, _fn


@function("floor_divide", takes_out=True)
@writes_out("floor_divide", computed_in=None)
def floor_divide_function(input, other):
    return floor_divide(_wrap_numbers(input, other), other)


@function("remainder", takes_out=True)
@writes_out("remainder")
def remainder_function(input, other):
    return remainder(input, other)


@function("fmod", takes_out=True)
@writes_out("fmod")
def fmod_function(input, other):
    return fmod(input, other)


@function("rsub")
def rsub_function(input, other, alpha=1):
    return rsub(input, other, alpha)


function("neg", "negative", takes_out=True)(writes_out("neg", SAME_DTYPE)(neg))


# ------------------------------------------------------------------ in place
def _inplace_operator(fn):
    def operator(self, other):
        if not isinstance(other, _OPERAND):
            return NotImplemented
        if fn is sub:  # torch refuses bool before it looks at the written-to memory
            _sub_check(self, other)
        return at.inplace(self, fn, other)

    operator.__name__ = fn.__name__
    return operator


for _names, _fn in ((("__iadd__",), add), (("__isub__",), sub), (("__imul__",), mul), (("__itruediv__",), div),
                    (("__ifloordiv__", "floor_divide_"), floor_divide), (("__imod__", "remainder_"), remainder),
                    (("fmod_",), fmod)):
    method(*_names)(_inplace_operator(_fn))
del _names, _fn


def _inplace_with_alpha(name, fn):
    def inplace_method(self, other, *, alpha=1):
        if fn is sub:
            _sub_check(self, other)
        return at.inplace(self, fn, other, alpha)

    inplace_method.__name__ = inplace_method.__qualname__ = name
    return inplace_method


method("add_")(_inplace_with_alpha("add_", add))
method("sub_", "subtract_")(_inplace_with_alpha("sub_", sub))


@method("mul_", "multiply_")
def mul_(self, other):
    return at.inplace(self, mul, other)


@method("div_", "divide_")
def div_(self, other, *, rounding_mode=None):
    return at.inplace(self, div, other, rounding_mode)


@method("true_divide_")
def true_divide_(self, other):
    return at.inplace(self, div, other)


@method("neg_", "negative_")
@function("neg_", "negative_")
def neg_(self):
    _neg_check(self)  # before torch looks at the written-to memory
    return at.inplace(self, neg)
