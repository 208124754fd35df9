"""Three-operand pointwise ops: ``lerp``, ``addcmul``, ``addcdiv`` (out of place and in place), with backward nodes.

As torch's CPU kernels compute them (float16 and bfloat16 in float32, rounded once):

- ``lerp(start, end, w)`` is one fused multiply-add, ``start + w * (end - start)`` when
  ``|w| < 0.5`` and ``end + (w - 1) * (end - start)`` otherwise (ATen's ``lerp_vec``);
  ``end`` (and a weight tensor of one or more dimensions) must have ``start``'s dtype;
- ``addcmul(self, t1, t2, value)`` is ``fma(value * t1, t2, self)``;
- ``addcdiv(self, t1, t2, value)`` is ``self + value * t1 / t2``, rounded at each step; on
  integer tensors torch refuses it.
"""

from .. import dtypes as D
from ..graph import Node, record
from ..iterator import fdiv, operand_values, result_tensor
from ..registry import at, function, kernel, method
from ..shape import broadcast_shapes
from ..tensor import Tensor

_ADDCDIV_INTEGER = (
    "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a true "
    "division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value * "
    "torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / tensor2) "
    "for float inputs. The future addcdiv behavior is just the latter implementation: (input + value * tensor1 / "
    "tensor2), for all dtypes."
)


def _columns(operands, dt):
    shape = ()
    for x in operands:
        if isinstance(x, Tensor):
            shape = broadcast_shapes(shape, x._shape)
    n = 1
    for s in shape:
        n *= s
    cols = []
    for x in operands:
        v, const = operand_values(x, shape, dt)
        cols.append([v] * n if const else v)
    return shape, cols


def _fma(dt):
    """fma in the computation precision of ``dt`` (float32 for float32, float16 and bfloat16)."""
    return D.fma_f64 if dt is D.float64 else D.fma_f32


# ------------------------------------------------------------------ lerp
def _lerp_dtype(start, end, weight):
    """torch's dtype checks, then the dtype lerp computes in: start's, or with a tensor weight the
    operands' common dtype (TensorIterator promotes, so a 0-d weight can widen 0-d operands)."""
    dt = start._dtype
    if end._dtype is not dt:
        raise RuntimeError(f"expected dtype {dt._ctype} for `end` but got dtype {end._dtype._ctype}")
    if isinstance(weight, Tensor) and weight.dim() > 0 and weight._dtype is not dt:
        raise RuntimeError(f"expected dtype {dt._ctype} for `weight` but got dtype {weight._dtype._ctype}")
    if isinstance(weight, Tensor):
        dt = D.result_type(start, end, weight)
    if dt._kind != 2:
        kernel_name = "lerp_kernel_tensor" if isinstance(weight, Tensor) else "lerp_kernel_scalar"
        raise NotImplementedError(f'"{kernel_name}" not implemented for \'{dt._legacy}\'')
    return dt


@kernel
def lerp(start, end, weight):
    dt = _lerp_dtype(start, end, weight)
    cdt = D.float64 if dt is D.float64 else D.float32
    fma, rnd = _fma(dt), (float if dt is D.float64 else D.f32)
    shape, (s, e, w) = _columns([start, end, weight], cdt)
    vals = []
    for a, b, x in zip(s, e, w):
        diff = rnd(b - a)
        vals.append(fma(x, diff, a) if abs(x) < 0.5 else fma(rnd(x - 1.0), diff, b))
    operands = (start, end, weight) if isinstance(weight, Tensor) else (start, end)  # a number weight is no operand
    out = result_tensor(D.round_floats(vals, dt), shape, dt, *operands)
    if isinstance(weight, Tensor):
        record(LerpBackward1, (start, end, weight), out, self=start, end=end, weight=weight)
    else:
        record(LerpBackward0, (start, end), out, weight=weight)
    return out


class LerpBackward0(Node):
    """lerp with a number weight."""

    _name = "LerpBackward0"

    def apply(self, grad):
        w = self._svals["weight"]
        return [at.mul(grad, 1.0 - float(w)) if self.needs(0) else None, at.mul(grad, w) if self.needs(1) else None]


class LerpBackward1(Node):
    _name = "LerpBackward1"
    saves = ("self", "end", "weight")

    def apply(self, grad):
        w = self.saved("weight")
        g0 = at.mul(grad, at.rsub(w, 1)) if self.needs(0) else None
        g1 = at.mul(grad, w) if self.needs(1) else None
        g2 = at.mul(grad, at.sub(self.saved("end"), self.saved("self"))) if self.needs(2) else None
        return [g0, g1, g2]


# ------------------------------------------------------------------ addcmul / addcdiv
def _three_dtype(self, t1, t2, value, name):
    dt = D.result_type(self, t1, t2)
    if dt is D.bool_ and name == "addcmul":
        raise NotImplementedError('"addcmul_cpu_out" not implemented for \'Bool\'')
    if name == "addcdiv" and t1._dtype._kind < 2 and t2._dtype._kind < 2:
        raise RuntimeError(_ADDCDIV_INTEGER)
    return dt


@kernel
def addcmul(self, t1, t2, value=1):
    dt = _three_dtype(self, t1, t2, value, "addcmul")
    if dt._kind == 2:
        cdt = D.float64 if dt is D.float64 else D.float32
        v = D.scalar_to(value, cdt)
        fma, rnd = _fma(dt), (float if dt is D.float64 else D.f32)
        shape, (s, a, b) = _columns([self, t1, t2], cdt)
        vals = D.round_floats([fma(rnd(v * x), y, z) for z, x, y in zip(s, a, b)], dt)
    else:
        v = D.scalar_to(value, dt)
        shape, (s, a, b) = _columns([self, t1, t2], dt)
        vals = D.round_values([z + v * x * y for z, x, y in zip(s, a, b)], dt)
    out = result_tensor(vals, shape, dt, self, t1, t2)
    record(AddcmulBackward0, (self, t1, t2), out, value=value, tensor1=t1, tensor2=t2)
    return out


@kernel
def addcdiv(self, t1, t2, value=1):
    dt = _three_dtype(self, t1, t2, value, "addcdiv")
    cdt = dt if dt is D.float64 or dt._kind < 2 else D.float32
    rnd = float if cdt is D.float64 else D.f32
    v = D.scalar_to(value, cdt)
    shape, (s, a, b) = _columns([self, t1, t2], cdt)
    vals = D.round_values([rnd(z + rnd(fdiv(rnd(v * x), y))) for z, x, y in zip(s, a, b)], dt)
    out = result_tensor(vals, shape, dt, self, t1, t2)
    record(AddcdivBackward0, (self, t1, t2), out, value=value, tensor1=t1, tensor2=t2)
    return out


class AddcmulBackward0(Node):
    _name = "AddcmulBackward0"
    saves = {"tensor1": 2, "tensor2": 1}

    def apply(self, grad):
        v = self._svals["value"]
        g1 = at.mul(grad, at.mul(self.saved("tensor2"), v)) if self.needs(1) else None
        g2 = at.mul(grad, at.mul(self.saved("tensor1"), v)) if self.needs(2) else None
        return [grad if self.needs(0) else None, g1, g2]


class AddcdivBackward0(Node):
    _name = "AddcdivBackward0"
    saves = {"tensor1": 2, "tensor2": (1, 2)}

    def apply(self, grad):
        v = self._svals["value"]
        t2 = self.saved("tensor2")
        g1 = at.mul(grad, at.mul(at.reciprocal(t2), v)) if self.needs(1) else None  # value / t2 in ATen
        g2 = None
        if self.needs(2):
            g2 = at.mul(at.neg(grad), at.div(at.mul(self.saved("tensor1"), v), at.mul(t2, t2)))
        return [grad if self.needs(0) else None, g1, g2]


# ------------------------------------------------------------------ the Tensor and torch API
# torch's parser (booktorch/binding.py) has checked every call below
@method("lerp")
@function("lerp")
def lerp_api(input, end, weight):
    return lerp(input, end, weight)


@method("lerp_")
def lerp_(self, end, weight):
    return at.inplace(self, lerp, end, weight)


def _declare_addc(name, fn):
    def as_method(input, tensor1, tensor2, *, value=1):
        return fn(input, tensor1, tensor2, value)

    def as_inplace(self, tensor1, tensor2, *, value=1):
        return at.inplace(self, fn, tensor1, tensor2, value)

    as_method.__name__ = as_method.__qualname__ = name
    as_inplace.__name__ = as_inplace.__qualname__ = name + "_"
    method(name)(as_method)
    function(name, tensor_input=True)(as_method)
    method(name + "_")(as_inplace)


_declare_addc("addcmul", addcmul)
_declare_addc("addcdiv", addcdiv)
