"""Tensor methods and Python operators, wired to the op modules."""

from .. import dtypes as D
from ..errors import unsupported
from ..tensor import Tensor, parse_shape
from . import elementwise as E
from . import indexing as I
from . import linalg as L
from . import reductions as R
from . import views as V

_NUM = (bool, int, float)


def _operand(x):
    return isinstance(x, (Tensor,) + _NUM)


def _binop(fn):
    def method(self, other):
        if not _operand(other):
            return NotImplemented
        return fn(self, other)

    return method


def _rbinop(fn):
    def method(self, other):
        if not _operand(other):
            return NotImplemented
        return fn(other, self)

    return method


def _named(fn, argname="other"):
    def method(self, other, *args, **kwargs):
        if not _operand(other):
            raise TypeError(
                f"{fn.__name__}(): argument '{argname}' (position 1) must be Tensor, not {type(other).__name__}"
            )
        return fn(self, other, *args, **kwargs)

    method.__name__ = fn.__name__
    return method


def _inplace(op):
    def method(self, other):
        if not _operand(other):
            return NotImplemented
        return E.inplace_binary(op, self, other)

    return method


def _inplace_named(op):
    def method(self, other, alpha=1):
        if alpha != 1:
            raise unsupported(f"Tensor.{op}_(..., alpha=...)")
        return E.inplace_binary(op, self, other)

    return method


def _unsupported_op(symbol):
    def method(self, *args):
        raise unsupported(f"The {symbol} operator on tensors")

    return method


def _dim_kw(dim, kwargs):
    if "axis" in kwargs:
        dim = kwargs.pop("axis")
    return dim


def _sum(self, dim=None, keepdim=False, dtype=None, **kwargs):
    dim = _dim_kw(dim, kwargs)
    _no_extra(kwargs, "sum")
    return R.sum(self, dim, keepdim, dtype)


def _mean(self, dim=None, keepdim=False, dtype=None, **kwargs):
    dim = _dim_kw(dim, kwargs)
    _no_extra(kwargs, "mean")
    return R.mean(self, dim, keepdim, dtype)


def _max(self, dim=None, keepdim=False, **kwargs):
    dim = _dim_kw(dim, kwargs)
    _no_extra(kwargs, "max")
    if isinstance(dim, Tensor):
        return maximum(self, dim)
    return R.max_min(self, dim, keepdim, True)


def _min(self, dim=None, keepdim=False, **kwargs):
    dim = _dim_kw(dim, kwargs)
    _no_extra(kwargs, "min")
    if isinstance(dim, Tensor):
        return minimum(self, dim)
    return R.max_min(self, dim, keepdim, False)


def _argmax(self, dim=None, keepdim=False, **kwargs):
    dim = _dim_kw(dim, kwargs)
    _no_extra(kwargs, "argmax")
    return R.argmax_min(self, dim, keepdim, True)


def _argmin(self, dim=None, keepdim=False, **kwargs):
    dim = _dim_kw(dim, kwargs)
    _no_extra(kwargs, "argmin")
    return R.argmax_min(self, dim, keepdim, False)


def _no_extra(kwargs, name):
    if kwargs:
        raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(kwargs))}'")


def maximum(a, b):
    return E.maximum(a, b)


def minimum(a, b):
    return E.minimum(a, b)


def _view(self, *shape):
    if len(shape) == 1 and isinstance(shape[0], D.dtype):
        raise unsupported("Tensor.view(dtype)")
    return V.view(self, parse_shape(shape))


def _reshape(self, *shape):
    return V.reshape(self, parse_shape(shape))


def _permute(self, *dims):
    return V.permute(self, parse_shape(dims, "dims"))


def _expand(self, *sizes):
    return V.expand(self, parse_shape(sizes))


def _squeeze(self, dim=None):
    return V.squeeze(self, dim)


def _flatten(self, start_dim=0, end_dim=-1):
    return V.flatten(self, start_dim, end_dim)


def _transpose(self, dim0, dim1):
    return V.transpose(self, dim0, dim1)


def _clone(self, memory_format=None):
    return V.clone(self)


def _contiguous(self, memory_format=None):
    return V.contiguous(self)


def _new_tensor(self, data, dtype=None, requires_grad=False):
    from . import factories as F

    return F.tensor(data, dtype=dtype or self._dtype, requires_grad=requires_grad)


def _new_zeros(self, *size, dtype=None, requires_grad=False):
    from . import factories as F

    return F.zeros(*size, dtype=dtype or self._dtype, requires_grad=requires_grad)


def _new_ones(self, *size, dtype=None, requires_grad=False):
    from . import factories as F

    return F.ones(*size, dtype=dtype or self._dtype, requires_grad=requires_grad)


def _new_full(self, size, fill_value, dtype=None, requires_grad=False):
    from . import factories as F

    return F.full(size, fill_value, dtype=dtype or self._dtype, requires_grad=requires_grad)


def _where(self, condition, other):
    return E.where(condition, self, other)


def _pow(self, exponent):
    return E.pow(self, exponent)


def install(T):
    ops = {
        # arithmetic operators
        "__add__": _binop(E.add),
        "__radd__": _binop(E.add),
        "__iadd__": _inplace("add"),
        "__sub__": _binop(E.sub),
        "__rsub__": _binop(E.rsub),
        "__isub__": _inplace("sub"),
        "__mul__": _binop(E.mul),
        "__rmul__": _binop(E.mul),
        "__imul__": _inplace("mul"),
        "__truediv__": _binop(E.div),
        "__rtruediv__": _binop(E.rdiv),
        "__itruediv__": _inplace("div"),
        "__pow__": _binop(E.pow),
        "__rpow__": _rbinop(E.pow),
        "__neg__": E.neg,
        "__pos__": E.positive,
        "__abs__": E.abs,
        "__matmul__": lambda self, other: L.matmul(self, other) if isinstance(other, Tensor) else NotImplemented,
        "__rmatmul__": lambda self, other: NotImplemented,
        "__eq__": _binop(E.eq),
        "__ne__": _binop(E.ne),
        "__lt__": _binop(E.lt),
        "__le__": _binop(E.le),
        "__gt__": _binop(E.gt),
        "__ge__": _binop(E.ge),
        "__getitem__": I.getitem,
        "__setitem__": I.setitem,
        "__floordiv__": _unsupported_op("//"),
        "__rfloordiv__": _unsupported_op("//"),
        "__mod__": _unsupported_op("%"),
        "__rmod__": _unsupported_op("%"),
        "__and__": _unsupported_op("&"),
        "__or__": _unsupported_op("|"),
        "__xor__": _unsupported_op("^"),
        "__invert__": _unsupported_op("~"),
        "__lshift__": _unsupported_op("<<"),
        "__rshift__": _unsupported_op(">>"),
        # named arithmetic
        "add": _named(E.add),
        "sub": _named(E.sub),
        "subtract": _named(E.sub),
        "mul": _named(E.mul),
        "multiply": _named(E.mul),
        "div": _named(E.div),
        "divide": _named(E.div),
        "true_divide": _named(E.div),
        "pow": _pow,
        "neg": E.neg,
        "negative": E.neg,
        "exp": E.exp,
        "log": E.log,
        "sqrt": E.sqrt,
        "abs": E.abs,
        "relu": E.relu,
        "sigmoid": E.sigmoid,
        "tanh": E.tanh,
        "reciprocal": E.reciprocal,
        "sign": E.sign,
        "eq": _named(E.eq),
        "ne": _named(E.ne),
        "lt": _named(E.lt),
        "le": _named(E.le),
        "gt": _named(E.gt),
        "ge": _named(E.ge),
        "equal": lambda self, other: E.equal(self, other),
        "allclose": lambda self, other, rtol=1e-05, atol=1e-08, equal_nan=False: E.allclose(
            self, other, rtol, atol, equal_nan),
        "where": _where,
        "maximum": maximum,
        "minimum": minimum,
        # in-place
        "add_": _inplace_named("add"),
        "sub_": _inplace_named("sub"),
        "mul_": _inplace_named("mul"),
        "div_": _inplace_named("div"),
        "zero_": E.zero_,
        "fill_": E.fill_,
        "copy_": E.copy_,
        # reductions
        "sum": _sum,
        "mean": _mean,
        "max": _max,
        "min": _min,
        "argmax": _argmax,
        "argmin": _argmin,
        # linear algebra
        "matmul": lambda self, other: L.matmul(self, other),
        "mm": lambda self, other: L.mm(self, other),
        "mv": lambda self, other: L.mv(self, other),
        "dot": lambda self, other: L.dot(self, other),
        "bmm": lambda self, other: L.bmm(self, other),
        "outer": lambda self, other: L.outer(self, other),
        # shape
        "view": _view,
        "view_as": lambda self, other: V.view(self, other._shape),
        "reshape": _reshape,
        "reshape_as": lambda self, other: V.reshape(self, other._shape),
        "permute": _permute,
        "transpose": _transpose,
        "swapaxes": _transpose,
        "swapdims": _transpose,
        "t": V.t,
        "unsqueeze": V.unsqueeze,
        "squeeze": _squeeze,
        "expand": _expand,
        "expand_as": lambda self, other: V.expand(self, other._shape),
        "flatten": _flatten,
        "contiguous": _contiguous,
        "clone": _clone,
        "select": lambda self, dim, index: V.select(self, dim, index),
        "narrow": lambda self, dim, start, length: V.slice_(self, dim, start, start + length, 1),
        "new_tensor": _new_tensor,
        "new_zeros": _new_zeros,
        "new_ones": _new_ones,
        "new_full": _new_full,
    }
    for name, fn in ops.items():
        setattr(T, name, fn)
    T.T = property(V.numpy_T)
    T.mT = property(V.mT)
    T.H = property(lambda self: V.numpy_T(self) if self.dim() == 2 else _h_error(self))
    T.mH = property(_mH)


def _mH(self):
    if self.dim() == 0:
        from ..tensor import warn_once

        warn_once("mH0", "Tensor.mH is deprecated on 0-D tensors. Consider using x.conj(). (Triggered internally "
                  "at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4382.)", stacklevel=3)
        return self
    if self.dim() < 2:
        raise RuntimeError(
            f"tensor.mH is only supported on matrices or batches of matrices. Got {self.dim()}-D tensor."
        )
    return V.transpose(self, -2, -1)


def _h_error(self):
    raise RuntimeError(
        f"tensor.H is only supported on matrices (2-D tensors). Got {self.dim()}-D tensor."
    )
