"""``& | ^ ~ << >>`` (``bitwise_*``) and ``logical_and/or/xor/not``, out of place and in place.

Bitwise ops work on bool and integer tensors (Python's ``&``, ``|``, ``^`` on two's complement
ints give C's results for values in range); a floating operand raises torch's "not implemented
for 'Float'".  Shifts follow ATen's kernels: a shift by a negative amount or by at least the
dtype's width gives 0 (or -1 for a negative number shifted right).  The logical ops accept any
dtype and give bool; their in-place forms write 0/1 in the tensor's own dtype.
"""

from .. import dtypes as D
from ..iterator import pairs, result_tensor, shape_of, unary_result
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes
from ..tensor import Tensor

_OPERAND = (Tensor, bool, int, float)


def _not_for(name, dt):
    return NotImplementedError(f'"{name}_cpu" not implemented for \'{dt._legacy}\'')


def _lshift(x, s, bits):
    return x << s if 0 <= s < bits else 0


def _rshift(x, s, bits):
    if 0 <= s < bits:
        return x >> s
    return -1 if x < 0 else 0


def _bitwise(op, a, b):
    shape = broadcast_shapes(shape_of(a), shape_of(b))
    dt = D.result_type(a, b)
    kernel_name = {"lshift": "lshift", "rshift": "rshift"}.get(op, f"bitwise_{op}")
    if dt._kind == 2 or (dt is D.bool_ and op in ("lshift", "rshift")):
        raise _not_for(kernel_name, dt)
    av, bv = pairs(a, b, shape, dt)
    if op == "and":
        vals = [x & y for x, y in zip(av, bv)]
    elif op == "or":
        vals = [x | y for x, y in zip(av, bv)]
    elif op == "xor":
        vals = [x ^ y for x, y in zip(av, bv)]
    elif op == "lshift":
        bits = dt._bits
        vals = D.wrap_ints([_lshift(x, y, bits) for x, y in zip(av, bv)], dt)
    else:
        bits = dt._bits
        vals = [_rshift(x, y, bits) for x, y in zip(av, bv)]
    return result_tensor(vals, shape, dt, a, b)


@kernel
def bitwise_and(a, b):
    return _bitwise("and", a, b)


@kernel
def bitwise_or(a, b):
    return _bitwise("or", a, b)


@kernel
def bitwise_xor(a, b):
    return _bitwise("xor", a, b)


@kernel
def bitwise_left_shift(a, b):
    return _bitwise("lshift", a, b)


@kernel
def bitwise_right_shift(a, b):
    return _bitwise("rshift", a, b)


@kernel
def bitwise_not(t):
    dt = t._dtype
    if dt._kind == 2:
        raise _not_for("bitwise_not", dt)
    if dt is D.bool_:
        vals = [not x for x in t._values()]
    else:
        vals = D.wrap_ints([~x for x in t._values()], dt)
    return unary_result(vals, t, dt)


@kernel
def logical_and(a, b):
    shape = broadcast_shapes(shape_of(a), shape_of(b))
    av, bv = pairs(a, b, shape, D.bool_)
    return result_tensor([x and y for x, y in zip(av, bv)], shape, D.bool_, a, b)


@kernel
def logical_or(a, b):
    shape = broadcast_shapes(shape_of(a), shape_of(b))
    av, bv = pairs(a, b, shape, D.bool_)
    return result_tensor([x or y for x, y in zip(av, bv)], shape, D.bool_, a, b)


@kernel
def logical_xor(a, b):
    shape = broadcast_shapes(shape_of(a), shape_of(b))
    av, bv = pairs(a, b, shape, D.bool_)
    return result_tensor([x != y for x, y in zip(av, bv)], shape, D.bool_, a, b)


@kernel
def logical_not(t):
    return result_tensor([not x for x in t._values()], t._shape, D.bool_, t)


# ------------------------------------------------------------------ the Tensor and torch API
_BINARY = (("bitwise_and", bitwise_and, "__and__", "__rand__", "__iand__"),
           ("bitwise_or", bitwise_or, "__or__", "__ror__", "__ior__"),
           ("bitwise_xor", bitwise_xor, "__xor__", "__rxor__", "__ixor__"),
           ("bitwise_left_shift", bitwise_left_shift, "__lshift__", "__rlshift__", "__ilshift__"),
           ("bitwise_right_shift", bitwise_right_shift, "__rshift__", "__rrshift__", "__irshift__"))


def _declare_binary(name, fn, operator, reflected, inplace_operator):
    def as_operator(self, other):
        if not isinstance(other, _OPERAND):
            return NotImplemented
        return fn(self, other)

    def as_reflected(self, other):
        if not isinstance(other, _OPERAND):
            return NotImplemented
        return fn(other, self)

    def as_inplace_operator(self, other):
        if not isinstance(other, _OPERAND):
            return NotImplemented
        return at.inplace_promoted(self, fn, other)

    # torch's parser (booktorch/binding.py) has checked the named forms' arguments; the operators
    # return NotImplemented, so that Python raises its own error
    def as_method(self, other):
        return fn(self, other)

    def as_inplace(self, other):
        return at.inplace_promoted(self, fn, other)

    def as_function(input, other):
        return fn(input, other)

    for f, n in ((as_method, name), (as_inplace, name + "_"), (as_function, name)):
        f.__name__ = f.__qualname__ = n
    method(operator)(as_operator)
    method(reflected)(as_reflected)
    method(inplace_operator)(as_inplace_operator)
    method(name)(as_method)
    method(name + "_")(as_inplace)
    function(name)(as_function)


for _spec in _BINARY:
    _declare_binary(*_spec)
del _spec


@method("__invert__")
def invert(self):
    if self._dtype._kind == 2:
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return bitwise_not(self)


method("bitwise_not")(bitwise_not)
function("bitwise_not")(bitwise_not)


@method("bitwise_not_")
def bitwise_not_(self):
    return at.inplace(self, bitwise_not)


def _declare_logical(name, fn):
    def as_method(self, other):
        return fn(self, other)

    def as_inplace(self, other):
        return at.inplace(self, fn, other)

    def as_function(input, other):
        return fn(input, other)

    for f, n in ((as_method, name), (as_inplace, name + "_"), (as_function, name)):
        f.__name__ = f.__qualname__ = n
    method(name)(as_method)
    method(name + "_")(as_inplace)
    function(name, tensor_input=True)(as_function)


_declare_logical("logical_and", logical_and)
_declare_logical("logical_or", logical_or)
_declare_logical("logical_xor", logical_xor)
method("logical_not")(logical_not)
function("logical_not")(logical_not)


@method("logical_not_")
def logical_not_(self):
    return at.inplace(self, logical_not)
