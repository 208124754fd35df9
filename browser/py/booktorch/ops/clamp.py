"""``clamp``/``clip`` (bounds as numbers or tensors, either one ``None``), ``clamp_min``, ``clamp_max``,
out of place and in place, with their backward nodes.

With number bounds a floating tensor keeps its dtype (a bound is converted to it with torch's
overflow check) and an integer or bool tensor promotes with the bounds as ``torch.result_type``
does; tensor bounds broadcast and promote like any operands.  NaN propagates from the input and
from either bound, and a lower bound above the upper bound gives the upper bound everywhere, as
``min(max(x, lo), hi)`` does.  The gradient flows where the input lies within the bounds
(bounds included); a tensor bound gets the gradient where it was the value chosen.
"""

from .. import dtypes as D
from ..graph import Node, needs_grad, record
from ..iterator import operand_values, result_tensor, shape_of
from ..out_arguments import SAME_DTYPE, writes_out
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes
from ..tensor import Tensor

_MISSING_BOUNDS = "torch.clamp: At least one of 'min' or 'max' must not be None"


def _clamp_values(xs, los, his):
    """min(max(x, lo), hi) element by element, NaN propagating (``los``/``his``: lists or None)."""
    out = xs
    if los is not None:
        out = [lo if (x < lo or lo != lo) else x for x, lo in zip(out, los)]
    if his is not None:
        out = [hi if (x > hi or hi != hi) else x for x, hi in zip(out, his)]
    return out


def _scalar_result_dtype(t, lo, hi):
    dt = t._dtype
    if dt._kind == 2:
        return dt
    return D.result_type(t, *[b for b in (lo, hi) if b is not None])


def _clamp_scalars(t, lo, hi, kernel_name):
    dt = _scalar_result_dtype(t, lo, hi)
    if dt is D.bool_:
        raise NotImplementedError(f'"{kernel_name}" not implemented for \'Bool\'')
    vals = t._values()
    if t._dtype is not dt:
        vals = D.convert(vals, t._dtype, dt)
    n = len(vals)
    los = None if lo is None else [D.checked_scalar(lo, dt)] * n
    his = None if hi is None else [D.checked_scalar(hi, dt)] * n
    return result_tensor(_clamp_values(vals, los, his), t._shape, dt, t, common=dt)


def _clamp_tensors(t, lo, hi):
    shape = t._shape
    for b in (lo, hi):
        if b is not None:
            shape = broadcast_shapes(shape, shape_of(b))
    dt = D.result_type(t, *[b for b in (lo, hi) if b is not None])
    if dt is D.bool_ and lo is not None and hi is not None:  # clamp_min and clamp_max take bools; clamp does not
        raise NotImplementedError('"clamp_cpu" not implemented for \'Bool\'')
    xs, _ = operand_values(t, shape, dt)
    n = len(xs)
    bounds = []
    for b in (lo, hi):
        if b is None:
            bounds.append(None)
            continue
        v, const = operand_values(b, shape, dt)
        bounds.append([v] * n if const else v)
    return result_tensor(_clamp_values(xs, *bounds), shape, dt, *[x for x in (t, lo, hi) if x is not None])


@kernel
def clamp(t, min=None, max=None):  # noqa: A002 - torch's argument names
    if min is None and max is None:
        raise RuntimeError(_MISSING_BOUNDS)
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        out = _clamp_tensors(t, min, max)
        if needs_grad(t, *[b for b in (min, max) if isinstance(b, Tensor)]):  # a number bound becomes a tensor
            lo = _as_tensor(min, out)
            hi = _as_tensor(max, out)
            record(ClampBackward0, (t, lo, hi), out, self=t, min=lo, max=hi)
        return out
    out = _clamp_scalars(t, min, max, "clamp_scalar_cpu" if min is not None and max is not None else
                         ("clamp_min_scalar_cpu" if min is not None else "clamp_max_scalar_cpu"))
    record(ClampBackward1, (t,), out, min=min, max=max, self=t)
    return out


def _as_tensor(bound, like):
    """A number bound mixed with a tensor bound is a 0-d tensor (torch's Tensor overload)."""
    if bound is None or isinstance(bound, Tensor):
        return bound
    dt = D.scalar_dtype(bound)
    return Tensor._from_values([D.scalar_to(bound, dt)], (), dt)


def _one_sided(t, bound, is_min):
    name = "clamp_min" if is_min else "clamp_max"
    if isinstance(bound, Tensor):
        out = _clamp_tensors(t, bound, None) if is_min else _clamp_tensors(t, None, bound)
        if is_min:
            record(ClampMinBackward1, (t, bound), out, self=t, min=bound)
        else:
            record(ClampMaxBackward1, (t, bound), out, self=t, max=bound)
        return out
    out = _clamp_scalars(t, bound if is_min else None, None if is_min else bound, f"{name}_scalar_cpu")
    if is_min:
        record(ClampMinBackward0, (t,), out, min=bound, self=t)
    else:
        record(ClampMaxBackward0, (t,), out, max=bound, self=t)
    return out


@kernel
def clamp_min(t, min):  # noqa: A002
    return _one_sided(t, min, True)


@kernel
def clamp_max(t, max):  # noqa: A002
    return _one_sided(t, max, False)


# ------------------------------------------------------------------ backward nodes
def _zero(grad):
    return Tensor._from_values([D.zero_of(grad._dtype)], (), grad._dtype)


class ClampBackward1(Node):
    """clamp with number bounds."""

    _name = "ClampBackward1"
    saves = ("self",)

    def apply(self, grad):
        s = self.saved("self")
        lo, hi = self._svals["min"], self._svals["max"]
        if lo is not None and hi is not None:
            inside = at.logical_and(at.ge(s, lo), at.le(s, hi))
        elif lo is not None:
            inside = at.ge(s, lo)
        else:
            inside = at.le(s, hi)
        return [at.where(inside, grad, _zero(grad))]


class ClampBackward0(Node):
    """clamp with tensor bounds (inputs: self, min, max)."""

    _name = "ClampBackward0"
    saves = ("self", "min", "max")

    def apply(self, grad):
        s, lo, hi = self.saved("self"), self.saved("min"), self.saved("max")
        zero = _zero(grad)
        g = [None, None, None]
        if self.needs(0):
            if lo is not None and hi is not None:
                inside = at.logical_and(at.ge(s, lo), at.le(s, hi))
            elif lo is not None:
                inside = at.ge(s, lo)
            else:
                inside = at.le(s, hi)
            g[0] = at.where(inside, grad, zero)
        if lo is not None and hi is not None:
            if self.needs(1):
                g[1] = at.where(at.logical_and(at.lt(s, lo), at.lt(lo, hi)), grad, zero)
            if self.needs(2):
                g[2] = at.where(at.logical_or(at.gt(s, hi), at.lt(hi, lo)), grad, zero)
        elif lo is not None and self.needs(1):
            g[1] = at.where(at.lt(s, lo), grad, zero)
        elif hi is not None and self.needs(2):
            g[2] = at.where(at.gt(s, hi), grad, zero)
        return g


class ClampMinBackward0(Node):
    _name = "ClampMinBackward0"
    saves = ("self",)

    def apply(self, grad):
        return [at.where(at.ge(self.saved("self"), self._svals["min"]), grad, _zero(grad))]


class ClampMaxBackward0(Node):
    _name = "ClampMaxBackward0"
    saves = ("self",)

    def apply(self, grad):
        return [at.where(at.le(self.saved("self"), self._svals["max"]), grad, _zero(grad))]


class ClampMinBackward1(Node):
    _name = "ClampMinBackward1"
    saves = ("self", "min")

    def apply(self, grad):
        s, lo = self.saved("self"), self.saved("min")
        zero = _zero(grad)
        return [at.where(at.ge(s, lo), grad, zero) if self.needs(0) else None,
                at.where(at.lt(s, lo), grad, zero) if self.needs(1) else None]


class ClampMaxBackward1(Node):
    _name = "ClampMaxBackward1"
    saves = ("self", "max")

    def apply(self, grad):
        s, hi = self.saved("self"), self.saved("max")
        zero = _zero(grad)
        return [at.where(at.le(s, hi), grad, zero) if self.needs(0) else None,
                at.where(at.gt(s, hi), grad, zero) if self.needs(1) else None]


# ------------------------------------------------------------------ the Tensor and torch API
def _inplace_check(t, lo, hi):
    """In place, number bounds may not promote an integer tensor (torch's message names the C type)."""
    if isinstance(lo, Tensor) or isinstance(hi, Tensor):
        return
    dt = _scalar_result_dtype(t, lo, hi)
    if dt is not t._dtype:
        raise RuntimeError(f"result type {dt._legacy} can't be cast to the desired output type {t._dtype._ctype}")


@method("clamp", "clip")
def clamp_method(self, min=None, max=None):  # noqa: A002 - torch's parser has checked and read the bounds
    return clamp(self, min, max)


function("clamp", "clip", takes_out=True)(writes_out("clamp", SAME_DTYPE)(clamp_method))


@method("clamp_", "clip_")
@function("clamp_", "clip_")
def clamp_(self, min=None, max=None):  # noqa: A002
    if min is None and max is None:
        raise RuntimeError(_MISSING_BOUNDS)
    _inplace_check(self, min, max)
    return at.inplace(self, clamp, min, max)


def _one_sided_api(name, fn, is_min):
    def as_method(self, bound):
        return fn(self, bound)

    def as_inplace(self, bound):
        _inplace_check(self, bound if is_min else None, None if is_min else bound)
        return at.inplace(self, fn, bound)

    as_method.__name__ = as_method.__qualname__ = name
    as_inplace.__name__ = as_inplace.__qualname__ = name + "_"
    method(name)(as_method)
    function(name, tensor_input=True)(as_method)
    method(name + "_")(as_inplace)
    function(name + "_", tensor_input=True)(as_inplace)


_one_sided_api("clamp_min", clamp_min, True)
_one_sided_api("clamp_max", clamp_max, False)
