"""The losses of ``torch.nn.functional``: mse_loss, l1_loss, nll_loss, cross_entropy,
binary_cross_entropy and binary_cross_entropy_with_logits, with ``reduction=`` ('mean', 'sum',
'none'), torch's legacy ``size_average``/``reduce``, and torch's checks and messages.

What torch computes in one kernel has one backward node here (``MseLossBackward0``,
``NllLossBackward0``, ``BinaryCrossEntropyBackward0``, ``BinaryCrossEntropyWithLogitsBackward0``);
what torch composes from other ops (``l1_loss``, ``cross_entropy``'s log_softmax then nll_loss,
its probability-target and label-smoothing forms) is composed from the same ops here, so the
graph and the float32 rounding are torch's:

- ``mse_loss``: ``(x - t) ** 2`` per element, then torch's mean or sum; backward
  ``norm * (x - t) * grad`` with ``norm = 2 / numel`` for the mean;
- ``nll_loss``: the CPU kernel's loop over the batch, accumulating ``-input[i, target[i]] * w``
  in the input's dtype with its 8-level cascade of partial sums, divided by the total weight;
- ``binary_cross_entropy``: ``(t - 1) * max(log1p(-x), -100) - t * max(log(x), -100)``;
- ``binary_cross_entropy_with_logits``: ``(1 - t) * x - log_sigmoid(x)`` (log_sigmoid weighted
  by ``1 + (pos_weight - 1) * t``), its backward ``(sigmoid(x) - t) * grad``.
"""

import math
import operator
import warnings
from array import array
from itertools import repeat

from .. import dtypes as D
from ..errors import unsupported
from ..grad_mode import no_grad
from ..graph import Node, make_node, needs_grad, record
from ..iterator import check_inplace, fdiv as _fdiv, result_tensor, write
from ..binding import parse_under_python
from ..registry import at, function, kernel
from ..shape import broadcast_shapes, numel
from ..tensor import Tensor
from ..ops.rebase import rebase_history

NONE, MEAN, SUM = 0, 1, 2
_EPSILON = D.f32(1e-12)


# ------------------------------------------------------------------ reductions
def reduction_enum(reduction):
    """torch.nn._reduction.get_enum."""
    if reduction == "none":
        return NONE
    if reduction == "mean":
        return MEAN
    if reduction == "elementwise_mean":
        warnings.warn("reduction='elementwise_mean' is deprecated. Please use reduction='mean' instead.", stacklevel=3)
        return MEAN
    if reduction == "sum":
        return SUM
    raise ValueError(f"{reduction} is not a valid value for reduction")


@kernel
def legacy_reduction(size_average, reduce):
    """torch.nn._reduction.legacy_get_string: the reduction named by the deprecated arguments."""
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    ret = "mean" if size_average and reduce else ("sum" if reduce else "none")
    warnings.warn(f"size_average and reduce args will be deprecated, please use reduction='{ret}' instead.",
                  stacklevel=3)
    return ret


def _reduction(size_average, reduce, reduction):
    if size_average is not None or reduce is not None:
        reduction = legacy_reduction(size_average, reduce)
    return reduction


def _apply_reduction(loss, enum):
    if enum == MEAN:
        return at.mean(loss)
    if enum == SUM:
        return at.sum(loss)
    return loss


def _size_warning(input, target):
    if tuple(target._shape) != tuple(input._shape):
        warnings.warn(
            f"Using a target size ({target.shape}) that is different to the input size ({input.shape}). This will "
            "likely lead to incorrect results due to broadcasting. Please ensure they have the same size.",
            stacklevel=3,
        )


def _compare_sizes(input, target):
    """The first line of torch's Python mse/l1/binary losses compares ``target.size()`` with ``input.size()``:
    a target or input that is no tensor fails there, with Python's AttributeError for ``size``."""
    return target.size() == input.size()


def _broadcast(input, target):
    """torch.broadcast_tensors of two tensors (each unchanged when it already has the shape)."""
    shape = broadcast_shapes(input._shape, target._shape)
    a = input if tuple(input._shape) == shape else at.expand(input, shape)
    b = target if tuple(target._shape) == shape else at.expand(target, shape)
    return a, b


def _weighted(errors, weight, input, reduction):
    """mse_loss and l1_loss with ``weight=``: torch's Python composite."""
    if tuple(weight._shape) != tuple(input._shape):
        raise ValueError("Weights and input must have the same size.")
    weighted = at.mul(errors, weight)
    if reduction == "none":
        return weighted
    if reduction == "sum":
        return at.sum(weighted)
    if reduction == "mean":
        return at.div(at.sum(weighted), at.sum(weight))
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


def _rounder(dt):
    """Rounding after each scalar step of a kernel computing in ``dt`` (c10::Half rounds every time)."""
    if dt is D.float64:
        return float
    if dt is D.float32:
        return D.f32
    return D.REDUCED_ROUND[dt]


# ------------------------------------------------------------------ mse_loss
@kernel
def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _size_warning(input, target)
    reduction = _reduction(size_average, reduce, reduction)
    x, t = _broadcast(input, target)
    if weight is not None:
        return _weighted(at.pow(at.sub(x, t), 2), weight, input, reduction)
    enum = reduction_enum(reduction)
    dt = D.result_type(x, t)
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"mse_cpu\" not implemented for '{dt._legacy}'")
    f = _rounder(D.float32 if dt in D.REDUCED else dt)
    xs, ts = x._values(), t._values()
    if x._dtype is not dt:
        xs = D.convert(xs, x._dtype, dt)
    if t._dtype is not dt:
        ts = D.convert(ts, t._dtype, dt)
    diffs = [f(a - b) for a, b in zip(xs, ts)]
    loss = result_tensor(D.round_floats([d * d for d in diffs], dt), x._shape, dt, x, t)
    with no_grad():
        out = _apply_reduction(loss, enum)
    record(MseLossBackward0, (x, t), out, reduction=enum, self=x, target=t)
    return out


def _mse_backward_values(grad, x, t, norm):
    """torch's mse_backward kernel, ``norm * (x - t) * grad`` in one pass, where nothing else can
    differ: float32 or float64 throughout, contiguous operands of one shape (``grad`` may be the
    0-d gradient of a reduced loss), no graph to record.  None otherwise."""
    dt = x._dtype
    if dt not in (D.float32, D.float64) or t._dtype is not dt or grad._dtype is not dt or needs_grad(grad, x, t):
        return None
    shape = tuple(x._shape)
    if tuple(t._shape) != shape or not (x.is_contiguous() and t.is_contiguous() and grad.is_contiguous()):
        return None
    if grad.dim() == 0:
        gs = repeat(grad.item())
    elif tuple(grad._shape) == shape:
        gs = grad._values()
    else:
        return None
    if dt is D.float32:  # each step rounded: an array('f') rounds what is stored in it
        diffs = array("f", map(operator.sub, x._values(), t._values()))
        scaled = array("f", map(operator.mul, repeat(D.f32(norm)), diffs))
        vals = array("f", map(operator.mul, scaled, gs)).tolist()
    else:
        vals = [norm * (a - b) * g for a, b, g in zip(x._values(), t._values(), gs)]
    return Tensor._from_values(vals, shape, dt)


class MseLossBackward0(Node):
    _name = "MseLossBackward0"
    saves = ("self", "target")

    def apply(self, grad):
        x, t = self.saved("self"), self.saved("target")
        norm = 2.0 / x.numel() if self._svals["reduction"] == MEAN else 2.0
        if not self.needs(1):
            fused = _mse_backward_values(grad, x, t, norm)
            if fused is not None:
                return [fused, None]
        g0 = at.mul(at.mul(at.sub(x, t), norm), grad) if self.needs(0) else None
        g1 = at.mul(at.mul(at.sub(t, x), norm), grad) if self.needs(1) else None
        return [g0, g1]


@function("mse_loss", namespace="torch.nn.functional")
def mse_loss_function(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _compare_sizes(input, target)
    return mse_loss(input, target, size_average, reduce, reduction, weight)


# ------------------------------------------------------------------ l1_loss
@kernel
def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _size_warning(input, target)
    reduction = _reduction(size_average, reduce, reduction)
    x, t = _broadcast(input, target)
    if weight is not None:
        return _weighted(at.abs(at.sub(x, t)), weight, input, reduction)
    return _apply_reduction(at.abs(at.sub(x, t)), reduction_enum(reduction))


@function("l1_loss", namespace="torch.nn.functional")
def l1_loss_function(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _compare_sizes(input, target)
    return l1_loss(input, target, size_average, reduce, reduction, weight)


# ------------------------------------------------------------------ nll_loss
def _nll_checks(input, target, weight):
    if not (0 < input.dim() <= 2):
        raise RuntimeError("input tensor should be 1D or 2D")
    if target.dim() > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    no_batch_dim = input.dim() == 1 and target.dim() == 0
    if not (no_batch_dim or input._shape[0] == target._shape[0]):
        raise RuntimeError(f"size mismatch (got input: {_fmt(input._shape)}, target: {_fmt(target._shape)})")
    n_classes = input._shape[-1]
    if weight is not None and not (weight.dim() == 1 and weight.numel() == n_classes):
        raise RuntimeError(
            f"weight tensor should be defined either for all {n_classes} classes or no classes but got weight "
            f"tensor of shape: {_fmt(weight._shape)}"
        )
    if target._dtype is not D.int64 and target._dtype is not D.uint8:
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {target._dtype._legacy}")
    if not input._dtype.is_floating_point:
        raise NotImplementedError(f"\"nll_loss_out_frame\" not implemented for '{input._dtype._legacy}'")
    if weight is not None and weight._dtype is not input._dtype:
        raise RuntimeError(f"expected scalar type {input._dtype._legacy} but found {weight._dtype._legacy}")


def _fmt(shape):
    return "[" + ", ".join(str(s) for s in shape) + "]"


def _out_of_bounds(t):
    return IndexError(f"Target {t} is out of bounds.")


def _nll_values(input, target, weight, enum, ignore_index):
    """nll_loss_out_frame: (output values, output shape, total weight)."""
    dt = input._dtype
    f = _rounder(dt)
    n_classes = input._shape[-1]
    xs = input._values()
    ts = target._values()
    ws = weight._values() if weight is not None else None
    if enum == NONE and input.dim() == 2:
        out = []
        for i, c in enumerate(ts):
            if c == ignore_index:
                out.append(0.0)
                continue
            if not 0 <= c < n_classes:
                raise _out_of_bounds(c)
            x = xs[i * n_classes + c]
            out.append(f(-x * ws[c]) if ws is not None else -x)
        return out, (input._shape[0],), 0.0
    if target.numel() == 0:
        return [math.nan if enum == MEAN else 0.0], (), 0.0
    batch = 1 if input.dim() == 1 else input._shape[0]
    levels = 8
    power = max(4, _ceil_log2(batch) // levels)
    mask = (1 << power) - 1
    loss_sums = [0.0] * levels
    weight_sums = [0.0] * levels
    ignored = 0
    for b in range(batch):
        c = ts[b]
        if c == ignore_index:
            ignored += 1
            continue
        if not 0 <= c < n_classes:
            raise _out_of_bounds(c)
        x = xs[b * n_classes + c]
        if ws is not None:
            w = ws[c]
            loss_sums[0] = f(loss_sums[0] - f(x * w))
            weight_sums[0] = f(weight_sums[0] + w)
        else:
            loss_sums[0] = f(loss_sums[0] - x)
        for j in range(levels - 1):
            if b & (mask << (j * power)):
                break
            weight_sums[j + 1] = f(weight_sums[j + 1] + weight_sums[j])
            loss_sums[j + 1] = f(loss_sums[j + 1] + loss_sums[j])
            weight_sums[j] = loss_sums[j] = 0.0
    if ws is None:
        total = f(float(batch - ignored))
    else:
        total = 0.0
        for v in weight_sums:
            total = f(total + v)
    value = 0.0
    for v in loss_sums:
        value = f(value + v)
    if enum == MEAN:
        value = f(_fdiv(value, total))
    return [value], (), total


def _ceil_log2(x):
    return 0 if x <= 1 else (x - 1).bit_length()


@kernel
def nll_loss_forward(input, target, weight, enum, ignore_index):
    """torch's nll_loss on a 1-D or 2-D input (NllLossBackward0)."""
    _nll_checks(input, target, weight)
    vals, shape, total = _nll_values(input, target, weight, enum, ignore_index)
    dt = input._dtype
    out = Tensor._from_values(D.round_floats(vals, dt), shape, dt)
    if needs_grad(input):  # the total weight is a tensor only for the backward
        record(NllLossBackward0, (input,), out, reduction=enum, ignore_index=ignore_index,
               self_sym_sizes=tuple(input._shape), target=target, weight=weight,
               total_weight=Tensor._from_values([total], (), dt))
    return out


@kernel
def nll_loss_backward(grad, shape, dt, target, weight, enum, ignore_index, total_weight):
    """nll_loss_backward_out_frame for an input of ``shape`` and ``dt``: -w[target] * grad (divided by the
    total weight for the mean) at each target class, zero elsewhere."""
    f = _rounder(dt)
    n_classes = shape[-1]
    gi = [0.0] * numel(shape)
    ts = target._values()
    ws = weight._values() if weight is not None else None
    gs = grad._values()
    if enum == NONE and len(shape) == 2:
        for i, c in enumerate(ts):
            if c != ignore_index:
                gi[i * n_classes + c] = f(-(ws[c] if ws is not None else 1.0) * gs[i])
    else:
        g = gs[0]
        scaled = -(f(_fdiv(g, total_weight)) if enum == MEAN else g)
        rows = ts if len(shape) == 2 else ts[:1]
        for i, c in enumerate(rows):
            if c != ignore_index:
                if not 0 <= c < n_classes:
                    raise _out_of_bounds(c)
                gi[i * n_classes + c] = f(ws[c] * scaled) if ws is not None else scaled
    out = Tensor._from_values(D.round_floats(gi, dt), tuple(shape), dt)
    record(NllLossBackwardBackward0, (grad,), out, reduction=enum, ignore_index=ignore_index, target=target,
           weight=weight)
    return out


class NllLossBackward0(Node):
    _name = "NllLossBackward0"
    saves = ("target", "weight", "total_weight")

    def apply(self, grad):
        sv = self._svals
        total = self.saved("total_weight")
        return [nll_loss_backward(grad, sv["self_sym_sizes"], total._dtype, self.saved("target"), self.saved("weight"),
                                  sv["reduction"], sv["ignore_index"], total.item())]


class NllLossBackwardBackward0(Node):
    """The backward of nll_loss's backward, which is linear in the gradient: nll_loss of the incoming one."""

    _name = "NllLossBackwardBackward0"
    saves = ("target", "weight")

    def apply(self, grad):
        sv = self._svals
        return [nll_loss_forward(grad, self.saved("target"), self.saved("weight"), sv["reduction"],
                                 sv["ignore_index"])]


def _nll_loss_nd(input, target, weight, enum, ignore_index):
    if input.dim() < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.dim()})")
    if input.dim() == 1 and target.dim() == 1:
        if target._shape[0] != 1:
            raise ValueError(f"For 1D input, 1D target must have size 1, but got target size: {target._shape[0]}")
        target = at.squeeze(target, 0)
    batch = target._shape[0] if target.dim() else 0
    if input.dim() != 1 and input._shape[0] != batch:
        raise ValueError(f"Expected input batch_size ({input._shape[0]}) to match target batch_size ({batch}).")
    if input.dim() > 2:
        raise unsupported("nll_loss and cross_entropy on inputs of more than 2 dimensions")
    return nll_loss_forward(input, target, weight, enum, ignore_index)


@kernel
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    enum = reduction_enum(_reduction(size_average, reduce, reduction))
    return _nll_loss_nd(input, target, weight, enum, ignore_index)


@function("nll_loss", namespace="torch.nn.functional")
def nll_loss_function(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                      reduction="mean"):
    """F.nll_loss (torch/nn/functional.py): the reduction's name, then torch._C._nn.nll_loss_nd's parser."""
    enum = reduction_enum(_reduction(size_average, reduce, reduction))
    _, a = parse_under_python("torch.nn.functional", "nll_loss_nd", (input, target, weight, enum, ignore_index))
    return _nll_loss_nd(input, target, weight, enum, a["ignore_index"])


# ------------------------------------------------------------------ scalar ops as torch's C++ composites call them
def _scalar_op(t, op, s):
    """t op s for a Python number s with torch's Tensor-Scalar node (MulBackward1, DivBackward1)."""
    with no_grad():
        out = at.mul(t, s) if op == "mul" else at.div(t, s)
    record(MulBackward1 if op == "mul" else DivBackward1, (t,), out, other=s)
    return out


class MulBackward1(Node):
    _name = "MulBackward1"

    def apply(self, grad):
        return [at.mul(grad, self._svals["other"])]


class DivBackward1(Node):
    _name = "DivBackward1"

    def apply(self, grad):
        return [at.div(grad, self._svals["other"])]


def _masked_zero_(t, mask):
    """t.masked_fill_(mask, 0.0) on a result of the loss (MaskedFillBackward0)."""
    recording = check_inplace(t)
    write(t, [0.0 if m else v for v, m in zip(t._values(), at.expand(mask, t._shape)._values())])
    if recording:
        rebase_history(t, make_node(MaskedFillBackward0, (t,), mask=mask))
    return t


class MaskedFillBackward0(Node):
    _name = "MaskedFillBackward0"
    saves = ("mask",)

    def apply(self, grad):
        zero = Tensor._from_values([D.zero_of(grad._dtype)], (), grad._dtype)
        return [at.where(self.saved("mask"), zero, grad)]


# ------------------------------------------------------------------ cross_entropy
def _class_dim(input):
    return 0 if input.dim() == 1 else 1


def _weight_view(weight, input, class_dim):
    if input.dim() <= 1:
        return weight
    shape = [1] * input.dim()
    shape[class_dim] = weight._shape[0]
    return at.view(weight, tuple(shape))


def _cross_entropy_prob_target(input, target, weight, enum, label_smoothing):
    class_dim = _class_dim(input)
    n_classes = input._shape[class_dim]
    if weight is not None and not (weight.dim() == 1 and weight.numel() == n_classes):
        raise RuntimeError(
            f"cross_entropy: weight tensor should be defined either for all {n_classes} classes or no classes but "
            f"got weight tensor of shape: {_fmt(weight._shape)}"
        )
    logp = at.log_softmax(input, class_dim)
    if label_smoothing > 0.0:
        if label_smoothing > 1.0:
            raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
        target = _add_scalar(_scalar_op(target, "mul", 1 - label_smoothing), label_smoothing / n_classes)
    prod = at.mul(logp, target)
    if weight is not None:
        prod = at.mul(prod, _weight_view(weight, input, class_dim))
    if enum == MEAN:
        total = at.neg(at.sum(prod))
        if input.numel() == 0:
            total._storage.data[0] = math.nan  # torch fills the sum with NaN
            return total
        return _scalar_op(total, "div", input.numel() // n_classes)
    if enum == SUM:
        return at.neg(at.sum(prod))
    return at.neg(at.sum(prod, class_dim))


def _add_scalar(t, s):
    with no_grad():
        out = at.add(t, s)
    record(AddBackward1, (t,), out)
    return out


class AddBackward1(Node):
    _name = "AddBackward1"

    def apply(self, grad):
        return [grad]


def _cross_entropy_label_smoothing(input, target, weight, enum, ignore_index, label_smoothing):
    class_dim = _class_dim(input)
    logp = at.log_softmax(input, class_dim)
    nll = _nll_loss_nd(logp, target, weight, enum, ignore_index)
    n_classes = logp._shape[class_dim]
    if weight is not None:
        smooth = at.neg(at.sum(at.mul(logp, _weight_view(weight, input, class_dim)), class_dim))
    else:
        smooth = at.neg(at.sum(logp, class_dim))
    ignore_mask = at.eq(target, ignore_index)
    smooth = _masked_zero_(smooth, ignore_mask)
    if enum == MEAN:
        if weight is not None:
            kept = [c for c, m in zip(target._values(), ignore_mask._values()) if not m]
            wv = weight._values()
            denominator = at.sum(Tensor._from_values([wv[c] for c in kept], (len(kept),), weight._dtype))
        else:
            denominator = at.sum(at.logical_not(ignore_mask))
        ret = at.div(at.sum(smooth), denominator)
    elif enum == SUM:
        ret = at.sum(smooth)
    else:
        ret = smooth
    return at.add(_scalar_op(nll, "mul", 1 - label_smoothing), _scalar_op(ret, "mul", label_smoothing / n_classes))


@kernel
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                  label_smoothing=0.0):
    enum = reduction_enum(_reduction(size_average, reduce, reduction))
    if tuple(input._shape) == tuple(target._shape):
        if not target._dtype.is_floating_point:
            raise RuntimeError(
                f"Expected floating point type for target with class probabilities, got {target._dtype._legacy}"
            )
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        return _cross_entropy_prob_target(input, target, weight, enum, label_smoothing)
    if label_smoothing > 0.0:
        if label_smoothing > 1.0:
            raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
        return _cross_entropy_label_smoothing(input, target, weight, enum, ignore_index, label_smoothing)
    return _nll_loss_nd(at.log_softmax(input, _class_dim(input)), target, weight, enum, ignore_index)


@function("cross_entropy", namespace="torch.nn.functional")
def cross_entropy_function(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                           reduction="mean", label_smoothing=0.0):
    """F.cross_entropy (torch/nn/functional.py): the reduction's name, then cross_entropy_loss's parser."""
    parse_under_python("torch.nn.functional", "cross_entropy_loss",
                       (input, target, weight, reduction_enum(_reduction(size_average, reduce, reduction)),
                        ignore_index, label_smoothing))
    return cross_entropy(input, target, weight, size_average, ignore_index, reduce, reduction, label_smoothing)


# ------------------------------------------------------------------ binary_cross_entropy
def _log_or_floor(v):
    if v > 0:
        return math.log(v)
    return -math.inf if v == 0 else math.nan


def _log1p_neg(x):
    if x < 1:
        return math.log1p(-x)
    return -math.inf if x == 1 else math.nan


@kernel
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    if size_average is not None or reduce is not None:
        enum = reduction_enum(legacy_reduction(size_average, reduce))
    else:
        enum = reduction_enum(reduction)
    if tuple(target._shape) != tuple(input._shape):
        raise ValueError(
            f"Using a target size ({target.shape}) that is different to the input size ({input.shape}) is deprecated. "
            "Please ensure they have the same size."
        )
    if weight is not None:
        weight = at.expand(weight, broadcast_shapes(target._shape, weight._shape))
    dt = input._dtype
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"binary_cross_entropy\" not implemented for '{dt._legacy}'")
    if target._dtype is not dt:
        raise RuntimeError(f"Found dtype {target._dtype._legacy} but expected {dt._legacy}")
    f = _rounder(D.float32 if dt in D.REDUCED else dt)
    fma = D.fma_f64 if dt is D.float64 else D.fma_f32
    vals = []
    for x, t in zip(input._values(), target._values()):
        if not (x >= 0 and x <= 1):
            raise RuntimeError("all elements of input should be between 0 and 1")
        if not (t >= 0 and t <= 1):
            raise RuntimeError("all elements of target should be between 0 and 1")
        log1m = max(f(_log1p_neg(x)), -100.0)
        logx = max(f(_log_or_floor(x)), -100.0)
        vals.append(fma(f(t - 1.0), log1m, -f(t * logx)))
    loss = Tensor._from_values(D.round_floats(vals, dt), tuple(input._shape), dt)
    with no_grad():
        if weight is not None:
            loss = at.inplace(loss, at.mul, weight)
        out = _apply_reduction(loss, enum)
    record(BinaryCrossEntropyBackward0, (input, target), out, reduction=enum, self=input, target=target,
           weight=weight)
    return out


class BinaryCrossEntropyBackward0(Node):
    _name = "BinaryCrossEntropyBackward0"
    saves = ("self", "target", "weight")

    def apply(self, grad):
        x, t, w = self.saved("self"), self.saved("target"), self.saved("weight")
        enum = self._svals["reduction"]
        g0 = g1 = None
        if self.needs(0):
            g0 = self._input_grad(grad, x, t)
            if w is not None:
                g0 = at.mul(g0, w)
            if enum == MEAN:
                g0 = at.div(g0, x.numel())
        if self.needs(1):
            g1 = at.mul(at.neg(at.log(at.div(x, at.rsub(x, 1.0)))), grad)
            if w is not None:
                g1 = at.mul(g1, w)
            if enum == MEAN:
                g1 = at.div(g1, t.numel())
        return [g0, g1]

    def _input_grad(self, grad, x, t):
        if needs_grad(grad, x, t):
            denominator = at.maximum(at.mul(at.rsub(x, 1.0), x), Tensor._from_values([_EPSILON], (), x._dtype))
            return at.div(at.mul(grad, at.sub(x, t)), denominator)
        dt = x._dtype
        f = _rounder(D.float32 if dt in D.REDUCED else dt)
        gs = at.expand(grad, x._shape)._values()
        vals = [f(f(g * f(a - b)) / max(f(f(1.0 - a) * a), _EPSILON)) for g, a, b in zip(gs, x._values(), t._values())]
        return Tensor._from_values(D.round_floats(vals, dt), tuple(x._shape), dt)


@function("binary_cross_entropy", namespace="torch.nn.functional")
def binary_cross_entropy_function(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    _compare_sizes(input, target)
    return binary_cross_entropy(input, target, weight, size_average, reduce, reduction)


# ------------------------------------------------------------------ binary_cross_entropy_with_logits
def _log_sigmoid(x):
    """log_sigmoid's CPU kernel: min(x, 0) - log1p(exp(-|x|)), in the input's dtype."""
    dt = x._dtype
    f = _rounder(D.float32 if dt in D.REDUCED else dt)
    vals = []
    for v in x._values():
        z = f(math.exp(-abs(v))) if v == v else v
        vals.append(f((v if v < 0 else 0.0) - f(math.log1p(z))) if v == v else v)
    return Tensor._from_values(D.round_floats(vals, dt), tuple(x._shape), dt)


@kernel
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction="mean",
                                     pos_weight=None):
    if size_average is not None or reduce is not None:
        enum = reduction_enum(legacy_reduction(size_average, reduce))
    else:
        enum = reduction_enum(reduction)
    if tuple(target._shape) != tuple(input._shape):
        raise ValueError(f"Target size ({target.shape}) must be the same as input size ({input.shape})")
    if not target._dtype.is_floating_point:
        raise RuntimeError(
            f"result type {D.result_type(target, input)._legacy} can't be cast to the desired output type "
            f"{target._dtype._legacy}"
        )
    if not input._dtype.is_floating_point:
        raise NotImplementedError(f"\"log_sigmoid_cpu\" not implemented for '{input._dtype._legacy}'")
    with no_grad():
        log_sig = _log_sigmoid(input)
        if pos_weight is not None:
            log_weight = at.inplace(at.mul(at.sub(pos_weight, 1), target), at.add, 1)
            log_sig = at.inplace(log_sig, at.mul, log_weight)
        loss = at.inplace(at.inplace(at.rsub(target, 1), at.mul, input), at.sub, log_sig)
        if weight is not None:
            loss = at.inplace(loss, at.mul, weight)
        out = _apply_reduction(loss, enum)
    record(BinaryCrossEntropyWithLogitsBackward0, (input, target), out, reduction=enum, self=input, target=target,
           weight=weight, pos_weight=pos_weight)
    return out


class BinaryCrossEntropyWithLogitsBackward0(Node):
    _name = "BinaryCrossEntropyWithLogitsBackward0"
    saves = ("self", "target", "weight", "pos_weight")

    def apply(self, grad):
        x, t = self.saved("self"), self.saved("target")
        w, pw = self.saved("weight"), self.saved("pos_weight")
        enum = self._svals["reduction"]
        g0 = g1 = None
        if self.needs(0):
            if pw is not None:
                tw = at.mul(pw, t)
                g0 = at.sub(at.mul(at.sub(at.add(tw, 1), t), at.sigmoid(x)), tw)
            else:
                g0 = at.sub(at.sigmoid(x), t)
            g0 = at.mul(g0, grad)
            if w is not None:
                g0 = at.mul(g0, w)
            if enum == MEAN:
                g0 = at.div(g0, x.numel())
        if self.needs(1):
            if pw is not None:
                g1 = at.sub(_log_sigmoid(at.neg(x)), at.mul(_log_sigmoid(x), pw))
            else:
                g1 = at.neg(x)
            g1 = at.mul(g1, grad)
            if w is not None:
                g1 = at.mul(g1, w)
            if enum == MEAN:
                g1 = at.div(g1, t.numel())
        return [g0, g1]


@function("binary_cross_entropy_with_logits", namespace="torch.nn.functional")
def binary_cross_entropy_with_logits_function(input, target, weight=None, size_average=None, reduce=None,
                                              reduction="mean", pos_weight=None):
    _compare_sizes(input, target)
    return binary_cross_entropy_with_logits(input, target, weight, size_average, reduce, reduction, pos_weight)


# F.mse_loss.__name__ is "mse_loss", as in torch
for _fn in (mse_loss_function, l1_loss_function, nll_loss_function, cross_entropy_function,
            binary_cross_entropy_function, binary_cross_entropy_with_logits_function):
    _fn.__name__ = _fn.__qualname__
del _fn
