"""Backward nodes: one class per torch ``grad_fn`` type, with torch's derivative formulas.

Each formula is written the way ``tools/autograd/derivatives.yaml`` and
``FunctionsManual.cpp`` write it (same operations in the same order), so float32
rounding of gradients matches torch.  ``formulas`` are the human-readable
versions shown by the autograd tape; ``local(i)`` gives the elementwise local
derivative of the output with respect to input ``i`` where that is meaningful.
"""

import math

from .. import dtypes as D
from ..autograd import Node
from . import elementwise as E
from . import linalg as L
from . import reductions as R
from . import views as V


def _ieee_reciprocal(v):
    """1 / v as floating point defines it (torch's answer): +-inf at +-0, not an exception."""
    if v == 0:
        return math.copysign(math.inf, v) if isinstance(v, float) else math.inf
    return 1.0 / v


def _scalar_tensor(v, like):
    from ..tensor import Tensor

    dt = like._dtype if isinstance(like, Tensor) else D.float32
    return Tensor._from_values([D.cast_scalar(v, dt)], (), dt)


# ------------------------------------------------------------- arithmetic
class AddBackward0(Node):
    _name = "AddBackward0"
    formulas = ("grad", "grad")

    def apply(self, grad):
        return [grad if self.needs(0) else None, grad if self.needs(1) else None]

    def local(self, i):
        return _scalar_tensor(1.0, None)


class SubBackward0(Node):
    _name = "SubBackward0"
    formulas = ("grad", "-grad")

    def apply(self, grad):
        return [grad if self.needs(0) else None, E.neg(grad) if self.needs(1) else None]

    def local(self, i):
        return _scalar_tensor(1.0 if i == 0 else -1.0, None)


class RsubBackward1(Node):
    _name = "RsubBackward1"
    formulas = ("-grad",)

    def apply(self, grad):
        return [E.neg(grad)]

    def local(self, i):
        return _scalar_tensor(-1.0, None)


class NegBackward0(Node):
    _name = "NegBackward0"
    formulas = ("-grad",)

    def apply(self, grad):
        return [E.neg(grad)]

    def local(self, i):
        return _scalar_tensor(-1.0, None)


class MulBackward0(Node):
    _name = "MulBackward0"
    formulas = ("grad * other", "grad * self")

    def apply(self, grad):
        other = self.saved("other") if self.needs(0) else None
        self_ = self.saved("self") if self.needs(1) else None
        return [
            E.mul(grad, other) if self.needs(0) else None,
            E.mul(grad, self_) if self.needs(1) else None,
        ]

    def local(self, i):
        v = self.saved("other" if i == 0 else "self")
        return v if not isinstance(v, (int, float)) else _scalar_tensor(v, None)


class DivBackward0(Node):
    _name = "DivBackward0"
    formulas = ("grad / other", "-grad * ((self / other) / other)")

    def apply(self, grad):
        other = self.saved("other")
        self_ = self.saved("self") if self.needs(1) else None
        g0 = E.div(grad, other) if self.needs(0) else None
        g1 = E.mul(E.neg(grad), E.div(E.div(self_, other), other)) if self.needs(1) else None
        return [g0, g1]

    def local(self, i):
        other = self.saved("other")
        if i == 0:
            if not isinstance(other, (int, float)):
                return E.div(1.0, other)
            return _scalar_tensor(_ieee_reciprocal(other), None)
        self_ = self.saved("self")
        return E.neg(E.div(E.div(self_, other), other))


class ReciprocalBackward0(Node):
    _name = "ReciprocalBackward0"
    formulas = ("-grad * (result * result)",)

    def apply(self, grad):
        r = self.saved("result")
        return [E.mul(E.neg(grad), E.mul(r, r))]

    def local(self, i):
        r = self.saved("result")
        return E.neg(E.mul(r, r))


class PowBackward0(Node):
    """``self ** exponent`` with a Python-number exponent."""

    _name = "PowBackward0"
    formulas = ("grad * exponent * self ** (exponent - 1)",)

    def _factor(self):
        exp = float(self._svals["exponent"])
        s = self.saved("self")
        return E.mul(E.pow(s, exp - 1.0), exp)

    def apply(self, grad):
        exp = float(self._svals["exponent"])
        s = self.saved("self")
        if exp == 0.0:
            return [E.zeros_like_values(s)]
        return [E.mul(grad, E.mul(E.pow(s, exp - 1.0), exp))]

    def local(self, i):
        if float(self._svals["exponent"]) == 0.0:  # as apply(): x ** 0 sends 0, even at x = 0
            return E.zeros_like_values(self.saved("self"))
        return self._factor()


class PowBackward1(Node):
    """``self ** exponent`` with two tensors."""

    _name = "PowBackward1"
    formulas = ("grad * exponent * self ** (exponent - 1)", "grad * result * log(self)")

    def apply(self, grad):
        s = self.saved("self")
        e = self.saved("exponent")
        g0 = g1 = None
        if self.needs(0):
            g0 = E.where(E.eq(e, 0.0), _scalar_tensor(0.0, grad), E.mul(grad, E.mul(e, E.pow(s, E.sub(e, 1)))))
        if self.needs(1):
            r = self.saved("result")
            cond = E.logical_and(E.eq(s, 0), E.ge(e, 0))
            g1 = E.mul(grad, E.where(cond, _scalar_tensor(0.0, grad), E.mul(r, E.log(E.to_dtype(s, r._dtype)))))
        return [g0, g1]

    def local(self, i):
        s = self.saved("self")
        e = self.saved("exponent")
        if i == 0:
            return E.mul(e, E.pow(s, E.sub(e, 1)))
        r = self.saved("result")
        return E.mul(r, E.log(E.to_dtype(s, r._dtype)))


class PowBackward2(Node):
    """``number ** exponent`` (a Python-number base)."""

    _name = "PowBackward2"
    formulas = ("grad * result * log(self)",)

    def apply(self, grad):
        import math

        base = self._svals["self"]
        r = self.saved("result")
        e = self.saved("exponent")
        if base == 0:
            val = E.where(E.ge(e, 0), _scalar_tensor(0.0, grad), E.mul(r, _log_scalar(base)))
            return [E.mul(grad, val)]
        del math
        return [E.mul(grad, E.mul(r, _log_scalar(base)))]

    def local(self, i):
        return E.mul(self.saved("result"), _log_scalar(self._svals["self"]))


def _log_scalar(b):
    import math

    if b > 0:
        return math.log(b)
    if b == 0:
        return -math.inf
    return math.nan


# ------------------------------------------------------------- unary math
class ExpBackward0(Node):
    _name = "ExpBackward0"
    formulas = ("grad * result",)

    def apply(self, grad):
        return [E.mul(grad, self.saved("result"))]

    def local(self, i):
        return self.saved("result")


class LogBackward0(Node):
    _name = "LogBackward0"
    formulas = ("grad / self",)

    def apply(self, grad):
        return [E.div(grad, self.saved("self"))]

    def local(self, i):
        return E.div(1.0, self.saved("self"))


class SqrtBackward0(Node):
    _name = "SqrtBackward0"
    formulas = ("grad / (2 * result)",)

    def apply(self, grad):
        return [E.div(grad, E.mul(self.saved("result"), 2))]

    def local(self, i):
        return E.div(1.0, E.mul(self.saved("result"), 2))


class AbsBackward0(Node):
    _name = "AbsBackward0"
    formulas = ("grad * sign(self)",)

    def apply(self, grad):
        return [E.mul(grad, E.sign(self.saved("self")))]

    def local(self, i):
        return E.sign(self.saved("self"))


class ReluBackward0(Node):
    _name = "ReluBackward0"
    formulas = ("grad * (result > 0)",)

    def apply(self, grad):
        r = self.saved("result")
        return [E.where(E.le(r, 0), _scalar_tensor(0.0, grad), grad)]

    def local(self, i):
        return E.to_dtype(E.gt(self.saved("result"), 0), D.float32)


class SigmoidBackward0(Node):
    _name = "SigmoidBackward0"
    formulas = ("grad * (1 - result) * result",)

    def apply(self, grad):
        r = self.saved("result")
        return [E.mul(E.mul(grad, E.rsub(r, 1.0)), r)]

    def local(self, i):
        r = self.saved("result")
        return E.mul(E.rsub(r, 1.0), r)


class TanhBackward0(Node):
    _name = "TanhBackward0"
    formulas = ("grad * (1 - result * result)",)

    def apply(self, grad):
        r = self.saved("result")
        return [E.mul(grad, E.rsub(E.mul(r, r), 1.0))]

    def local(self, i):
        r = self.saved("result")
        return E.rsub(E.mul(r, r), 1.0)


# ------------------------------------------------------------- reductions
class SumBackward0(Node):
    _name = "SumBackward0"
    formulas = ("grad.expand(self.shape)",)

    def apply(self, grad):
        return [V.expand(grad, self._svals["self_sym_sizes"])]


def _sum_backward(grad, sizes, dims, keepdim):
    if not keepdim and len(sizes) > 0:
        for d in sorted(dims):
            grad = V.unsqueeze(grad, d)
    return V.expand(grad, sizes)


class SumBackward1(Node):
    _name = "SumBackward1"
    formulas = ("grad.expand(self.shape)  (after unsqueezing the summed dims)",)

    def apply(self, grad):
        sv = self._svals
        return [_sum_backward(grad, sv["self_sym_sizes"], sv["dim"], sv["keepdim"])]


class MeanBackward0(Node):
    _name = "MeanBackward0"
    formulas = ("grad.expand(self.shape) / self.numel()",)

    def apply(self, grad):
        sv = self._svals
        return [E.div(V.expand(grad, sv["self_sym_sizes"]), sv["self_sym_numel"])]

    def local(self, i):
        return _scalar_tensor(1.0 / self._svals["self_sym_numel"], None)


class MeanBackward1(Node):
    _name = "MeanBackward1"
    formulas = ("grad.expand(self.shape) / n  (n = number of elements averaged)",)

    def apply(self, grad):
        sv = self._svals
        n = 1
        for d in sv["dim"]:
            n *= sv["self_sym_sizes"][d]
        return [E.div(_sum_backward(grad, sv["self_sym_sizes"], sv["dim"], sv["keepdim"]), n)]


class _MaxMinAll(Node):
    formulas = ("grad / count, at the positions holding the result",)

    def apply(self, grad):
        s = self.saved("self")
        r = self.saved("result")
        import math

        rv = r.item()
        vals = s._values()
        if isinstance(rv, float) and math.isnan(rv):
            mask = [isinstance(v, float) and math.isnan(v) for v in vals]
        else:
            mask = [v == rv for v in vals]
        count = sum(mask)
        share = E.div(grad, count).item()
        out = [share if m else 0.0 for m in mask]
        from ..tensor import Tensor

        return [Tensor._from_values(D.cast_values(out, D.float32, grad._dtype), s._shape, grad._dtype)]


class MaxBackward1(_MaxMinAll):
    _name = "MaxBackward1"


class MinBackward1(_MaxMinAll):
    _name = "MinBackward1"


class _MaxMinDim(Node):
    formulas = ("grad scattered to the indices of the max",)

    def apply(self, grad):
        sv = self._svals
        idx = self.saved("indices")
        return [R.value_selecting_backward(grad, sv["dim"], idx, sv["self_sym_sizes"], sv["keepdim"])]


class MaxBackward0(_MaxMinDim):
    _name = "MaxBackward0"


class MinBackward0(_MaxMinDim):
    _name = "MinBackward0"


# ------------------------------------------------------------- linear algebra
class MmBackward0(Node):
    _name = "MmBackward0"
    formulas = ("grad @ mat2.T", "self.T @ grad")

    def apply(self, grad):
        g0 = g1 = None
        if self.needs(0):
            g0 = L.mm(grad, V.t(self.saved("mat2")))
        if self.needs(1):
            g1 = L.mm(V.t(self.saved("self")), grad)
        return [g0, g1]


class MvBackward0(Node):
    _name = "MvBackward0"
    formulas = ("outer(grad, vec)", "self.T @ grad")

    def apply(self, grad):
        g0 = g1 = None
        if self.needs(0):
            g0 = L.outer(grad, self.saved("vec"))
        if self.needs(1):
            g1 = L.mv(V.t(self.saved("self")), grad)
        return [g0, g1]


class DotBackward0(Node):
    _name = "DotBackward0"
    formulas = ("grad * tensor", "grad * self")

    def apply(self, grad):
        g0 = E.mul(grad, self.saved("tensor")) if self.needs(0) else None
        g1 = E.mul(grad, self.saved("self")) if self.needs(1) else None
        return [g0, g1]

    def local(self, i):
        return self.saved("tensor" if i == 0 else "self")


class BmmBackward0(Node):
    _name = "BmmBackward0"
    formulas = ("grad @ mat2.mT", "self.mT @ grad")

    def apply(self, grad):
        g0 = g1 = None
        if self.needs(0):
            g0 = L.bmm(grad, V.transpose(self.saved("mat2"), 1, 2))
        if self.needs(1):
            g1 = L.bmm(V.transpose(self.saved("self"), 1, 2), grad)
        return [g0, g1]


# ------------------------------------------------------------- views and copies
class _Identity(Node):
    formulas = ("grad",)

    def apply(self, grad):
        return [grad]


class AliasBackward0(_Identity):
    _name = "AliasBackward0"


class CloneBackward0(_Identity):
    _name = "CloneBackward0"


class ToCopyBackward0(Node):
    _name = "ToCopyBackward0"
    formulas = ("grad.to(self.dtype)",)

    def apply(self, grad):
        return [grad]


class ViewBackward0(Node):
    _name = "ViewBackward0"
    formulas = ("grad.reshape(self.shape)",)

    def apply(self, grad):
        return [V.reshape(grad, self._svals["self_sym_sizes"])]


class UnsafeViewBackward0(ViewBackward0):
    _name = "UnsafeViewBackward0"


class PermuteBackward0(Node):
    _name = "PermuteBackward0"
    formulas = ("grad.permute(inverse of dims)",)

    def apply(self, grad):
        dims = self._svals["dims"]
        inv = [0] * len(dims)
        for i, d in enumerate(dims):
            inv[d] = i
        return [V.permute(grad, inv)]


class TransposeBackward0(Node):
    _name = "TransposeBackward0"
    formulas = ("grad.transpose(dim0, dim1)",)

    def apply(self, grad):
        sv = self._svals
        return [V.transpose(grad, sv["dim0"], sv["dim1"])]


class TBackward0(Node):
    _name = "TBackward0"
    formulas = ("grad.t()",)

    def apply(self, grad):
        return [V.t(grad)]


class UnsqueezeBackward0(Node):
    _name = "UnsqueezeBackward0"
    formulas = ("grad.squeeze(dim)",)

    def apply(self, grad):
        return [V.squeeze(grad, self._svals["dim"])]


class SqueezeBackward0(Node):
    _name = "SqueezeBackward0"
    formulas = ("grad unsqueezed back to self.shape",)

    def apply(self, grad):
        sizes = self._svals["self_sym_sizes"]
        for i, s in enumerate(sizes):
            if s == 1:
                grad = V.unsqueeze(grad, i)
        return [grad]


class SqueezeBackward1(Node):
    _name = "SqueezeBackward1"
    formulas = ("grad.unsqueeze(dim)",)

    def apply(self, grad):
        sv = self._svals
        d = sv["dim"]
        if sv["self_sym_sizes"] and sv["self_sym_sizes"][d] == 1:
            grad = V.unsqueeze(grad, d)
        return [grad]


class SqueezeBackward4(SqueezeBackward1):
    _name = "SqueezeBackward4"


class SqueezeBackward2(Node):
    _name = "SqueezeBackward2"
    formulas = ("grad.unsqueeze(dims)",)

    def apply(self, grad):
        sv = self._svals
        sizes = sv["self_sym_sizes"]
        for d in sorted(sv["dim"]):
            if sizes and sizes[d] == 1:
                grad = V.unsqueeze(grad, d)
        return [grad]


class ExpandBackward0(Node):
    _name = "ExpandBackward0"
    formulas = ("grad summed back to self.shape",)

    def apply(self, grad):
        return [R.sum_to(grad, self._svals["self_sym_sizes"])]


class SelectBackward0(Node):
    _name = "SelectBackward0"
    formulas = ("zeros(self.shape) with grad written at [index] of dim",)

    def apply(self, grad):
        sv = self._svals
        out = E.zeros_of(sv["self_sym_sizes"], grad._dtype)
        E.copy_into(V.select(out, sv["dim"], sv["index"]), grad)
        return [out]


class SliceBackward0(Node):
    _name = "SliceBackward0"
    formulas = ("zeros(self.shape) with grad written into the slice",)

    def apply(self, grad):
        sv = self._svals
        out = E.zeros_of(sv["self_sym_sizes"], grad._dtype)
        E.copy_into(V.slice_(out, sv["dim"], sv["start"], sv["end"], sv["step"]), grad)
        return [out]


class CatBackward0(Node):
    _name = "CatBackward0"
    formulas = ()

    def apply(self, grad):
        sv = self._svals
        dim = sv["dim"]
        outs = []
        start = 0
        for size in sv["sizes"]:
            if size is None:
                outs.append(None)
                continue
            n = size[dim] if size else 0
            outs.append(V.slice_(grad, dim, start, start + n, 1) if size else None)
            start += n
        return outs


class StackBackward0(Node):
    _name = "StackBackward0"
    formulas = ()

    def apply(self, grad):
        dim = self._svals["dim"]
        return [V.select(grad, dim, i) for i in range(len(self.next_functions))]


def make(cls, inputs, **values):
    """Create a node of ``cls`` over ``inputs`` with non-tensor saved ``values``."""
    node = cls(inputs)
    node._svals = values
    return node
