"""How the tape widget shows each backward node: its formulas in words, and its local derivatives.

The tape (:mod:`booktape.tape`) shows, for each node of booktorch's graph, the gradient the node
sends to each input as a formula (``"grad * other"`` for ``MulBackward0``), as torch's
``derivatives.yaml`` writes it; and, while the backward pass runs, the elementwise local
derivative d(output)/d(input) where there is one. Both are kept here, by torch's grad_fn name,
rather than in booktorch: they are what the widget shows, not what torch computes, and an edit
here does not change booktorch's source (the digest that keys every cell's cache).
"""

import math

from booktorch import dtypes as D
from booktorch.registry import at
from booktorch.tensor import Tensor

# torch's grad_fn name -> the gradient sent to each input, in words (grouped by booktorch's module)
FORMULAS = {
    # nn.conv_ops
    'ConvolutionBackward0': (
        'conv_transpose2d(grad, weight) (the convolution run backwards)',
        'conv2d of input with grad, per output channel (each tap: sum of grad * input)',
        'grad.sum((0, 2, 3))',
    ),
    # nn.pool_ops
    'MaxPool2DWithIndicesBackward0': ('zeros(self.shape), grad added at each window\'s argmax (result1)',),
    'MaxPool2DWithIndicesBackwardBackward0': ('grad.flatten(-2).gather(-1, indices.flatten(-2)).view(indices.shape)',
                                              'zeros_like(self)'),
    # nn.linear_ops
    'AddmmBackward0': ('grad', 'grad @ mat2.T', 'mat1.T @ grad'),
    # nn.loss_ops
    'MseLossBackward0': ('norm * (self - target) * grad', 'norm * (target - self) * grad'),
    'NllLossBackward0': ('-weight[target] * grad (/ total_weight for the mean), at the target classes',),
    'NllLossBackwardBackward0': ('nll_loss(grad, target, weight)',),
    'MulBackward1': ('grad * other',),
    'DivBackward1': ('grad / other',),
    'MaskedFillBackward0': ('grad.masked_fill(mask, 0)',),
    'AddBackward1': ('grad',),
    'BinaryCrossEntropyBackward0': (
        'grad * (self - target) / max((1 - self) * self, 1e-12)',
        '-grad * logit(self)',
    ),
    'BinaryCrossEntropyWithLogitsBackward0': ('(sigmoid(self) - target) * grad', '-self * grad'),
    # ops.activations
    'GeluBackward0': ('gelu_backward(grad, self, approximate)',),
    'SiluBackward0': ('grad * sigmoid(self) * (1 + self * (1 - sigmoid(self)))',),
    'SoftplusBackward0': (
        'grad * z / (z + 1) with z = exp(beta * self) (grad where beta * self > threshold)',
    ),
    # ops.advanced_index
    'IndexBackward0': ('zeros(self.shape).index_put_(indices, grad, accumulate=True)',),
    'IndexPutBackward0': (
        'grad if accumulate else grad.index_put(indices, zeros_like(values))',
        'grad[indices]',
    ),
    'IndexPutImplBackward0': (
        'grad if accumulate else grad.index_put(indices, zeros_like(values))',
        'grad[indices]',
    ),
    # ops.arithmetic
    'AddBackward0': ('grad', 'grad * alpha'),
    'SubBackward0': ('grad', '-grad * alpha'),
    'RsubBackward0': ('-grad * alpha', 'grad'),
    'RsubBackward1': ('-grad * alpha',),
    'NegBackward0': ('-grad',),
    'MulBackward0': ('grad * other', 'grad * self'),
    'DivBackward0': ('grad / other', '-grad * ((self / other) / other)'),
    'DivBackward2': ('0', '0'),
    'RemainderBackward0': ('grad',),
    'RemainderBackward1': ('grad', "-grad * self.div(other, rounding_mode='floor')"),
    'FmodBackward0': ('grad',),
    'FmodBackward1': ('grad', "-grad * self.div(other, rounding_mode='trunc')"),
    # ops.clamp
    'ClampBackward1': ('grad where min <= self <= max',),
    'ClampBackward0': (
        'grad where min <= self <= max',
        'grad where self < min (and min < max)',
        'grad where self > max (or max < min)',
    ),
    'ClampMinBackward0': ('grad where self >= min',),
    'ClampMaxBackward0': ('grad where self <= max',),
    'ClampMinBackward1': ('grad where self >= min', 'grad where self < min'),
    'ClampMaxBackward1': ('grad where self <= max', 'grad where self > max'),
    # ops.comparison
    'WhereBackward0': ('where(condition, grad, 0)', 'where(condition, 0, grad)'),
    'MaximumBackward0': (
        'grad where self wins (grad / 2 on a tie)',
        'grad where other wins (grad / 2 on a tie)',
    ),
    'MinimumBackward0': (
        'grad where self wins (grad / 2 on a tie)',
        'grad where other wins (grad / 2 on a tie)',
    ),
    'FmaxBackward0': ('grad where self is chosen', 'grad where other is chosen'),
    'FminBackward0': ('grad where self is chosen', 'grad where other is chosen'),
    'EqBackward0': ('0', '0'),
    'EqBackward1': ('0', '0'),
    'NeBackward0': ('0', '0'),
    'NeBackward1': ('0', '0'),
    'LtBackward0': ('0', '0'),
    'LtBackward1': ('0', '0'),
    'LeBackward0': ('0', '0'),
    'LeBackward1': ('0', '0'),
    'GtBackward0': ('0', '0'),
    'GtBackward1': ('0', '0'),
    'GeBackward0': ('0', '0'),
    'GeBackward1': ('0', '0'),
    # ops.conversion
    'ToCopyBackward0': ('grad.to(self.dtype)',),
    # ops.cumulative
    'CumsumBackward0': ('reversed cumsum of grad along dim',),
    'CumprodBackward0': (
        'reversed_cumsum(result * grad) / self  (products of the others where self has zeros)',
    ),
    # ops.fill
    'torch::autograd::CopyBackwards': ('zeros', 'grad'),
    'FillBackward2': ('zeros',),
    'ZeroBackward0': ('zeros',),
    'FillBackward3': ('zeros', 'grad.sum()'),
    # ops.gather_scatter
    'IndexSelectBackward0': ('zeros(self.shape).index_add_(dim, index, grad)',),
    'IndexAddBackward0': ('grad', 'grad.index_select(dim, index) * alpha'),
    'IndexFillBackward0': ('grad.index_fill(dim, index, 0)',),
    'IndexFillBackward1': ('grad.index_fill(dim, index, 0)', 'grad.index_select(dim, unique(index)).sum()'),
    'IndexCopyBackward0': (
        'grad.index_fill(dim, index, 0)',
        'grad.index_select(dim, index).expand_as(source), or with index squeezed for a 0-d source',
    ),
    'GatherBackward0': ('zeros(self.shape).scatter_add_(dim, index, grad)',),
    'ScatterBackward0': ('grad.scatter(dim, index, 0)', 'grad.gather(dim, index)'),
    'ScatterBackward1': ('grad.scatter(dim, index, 0)',),
    'ScatterAddBackward0': ('grad', 'grad.gather(dim, index)'),
    'TakeBackward0': ('zeros_like(self).put_(index, grad, accumulate=True)',),
    'PutBackward0': (
        'grad if accumulate else grad.put(index, zeros_like(source))',
        'grad.take(index).reshape_as(source)',
    ),
    # ops.binary_math
    'Atan2Backward0': ('grad * other / (self**2 + other**2)', '-grad * self / (self**2 + other**2)'),
    'HypotBackward0': ('grad * self / result', 'grad * other / result'),
    'CopysignBackward0': ('grad * result / self (0 where self is 0)', '0'),
    'CopysignBackward1': ('grad * result / self (0 where self is 0)',),
    'NextafterBackward0': ('grad where self != other, else 0', '0'),
    'LogaddexpBackward0': ('grad / (1 + exp(other - self))', 'grad / (1 + exp(self - other))'),
    'Logaddexp2Backward0': ('grad / (1 + 2**(other - self))', 'grad / (1 + 2**(self - other))'),
    'XlogyBackward0': ('xlogy(grad, other) (0 where self == 0 and other <= 0)', 'grad * self / other'),
    'XlogyBackward1': ('grad * self / other',),
    'XlogyBackward2': ('xlogy(grad, other)',),
    'LdexpBackward0': ('grad * 2**other', 'grad * result * ln 2'),
    # ops.hyperbolic
    'SinhBackward0': ('grad * cosh(self)',),
    'CoshBackward0': ('grad * sinh(self)',),
    'AsinhBackward0': ('grad / sqrt(self**2 + 1)',),
    'AcoshBackward0': ('grad / sqrt(self**2 - 1)',),
    'AtanhBackward0': ('grad / (1 - self**2)',),
    # ops.vml_unary
    'AsinBackward0': ('grad / sqrt(1 - self**2)',),
    'AcosBackward0': ('-grad / sqrt(1 - self**2)',),
    'AtanBackward0': ('grad / (self**2 + 1)',),
    'Log10Backward0': ('grad / (self * ln 10)',),
    'ErfcBackward0': ('-2 / sqrt(pi) * exp(-self**2) * grad',),
    # ops.inplace_views
    'AsStridedBackward1': ("zeros of the storage, with grad at the view's elements, read as self was",),
    'UnsqueezeBackward1': ('grad.squeeze(dim)',),
    'SqueezeBackward3': ('grad unsqueezed back to self.shape',),
    'SqueezeBackward5': ('grad unsqueezed back at dim',),
    'TBackward1': ('grad.t()',),
    'TransposeBackward1': ('grad.transpose(dim0, dim1)',),
    # ops.join
    'CatBackward0': ('grad.narrow(dim, offset, size) for each input',),
    'StackBackward0': ('grad.unbind(dim)',),
    # ops.linalg
    'MmBackward0': ('grad @ mat2.T', 'self.T @ grad'),
    'MvBackward0': ('outer(grad, vec)', 'self.T @ grad'),
    'DotBackward0': ('grad * tensor', 'grad * self'),
    'BmmBackward0': ('grad @ mat2.mT', 'self.mT @ grad'),
    # ops.linalg_norms
    'LinalgSvdBackward0': ('U diag(grad) Vh',),
    # ops.lu
    'LinalgDetBackward0': ('grad * det * A^-T',),
    'LinalgInvExBackward0': ('-inverse.mH @ (grad @ inverse.mH)',),
    'LinalgSolveExBackward0': (
        'gB = solve(A.mH, grad)',
        'gA = -gB @ result.mH (left=False: -result.mH @ gB)',
    ),
    # ops.masking
    'MaskedFillBackward1': ('grad.masked_fill(mask, 0)', 'grad.masked_select(mask).sum()'),
    'MaskedSelectBackward0': ('zeros_like(self expanded to mask).masked_scatter_(mask, grad)',),
    'MaskedScatterBackward0': (
        'grad.masked_fill(mask, 0)',
        "grad.masked_select(mask), padded with zeros to source's shape",
    ),
    # ops.matrix
    'DiagonalBackwardBackward0': ('grad.diagonal(offset, dim1, dim2)',),
    'DiagonalBackward0': ('diagonal_backward(grad, self.sizes(), offset, dim1, dim2)',),
    'DiagonalBackward0_copy': ('diagonal_backward(grad, self.sizes(), offset, dim1, dim2)',),
    'DiagEmbedBackward0': ('grad.diagonal(offset, -2, -1)',),
    'TraceBackward0': ('grad on the diagonal of zeros(self.sizes())',),
    'TriuBackward0': ('grad.triu(diagonal)',),
    'TrilBackward0': ('grad.tril(diagonal)',),
    # ops.nonfinite
    'NanToNumBackward0': ('grad * isfinite(self)',),
    # ops.norm
    'LinalgVectorNormBackward0': ('norm_backward(grad, self, ord, result, dim, keepdim)',),
    # ops.pointwise
    'LerpBackward0': ('grad * (1 - weight)', 'grad * weight'),
    'LerpBackward1': ('grad * (1 - weight)', 'grad * weight', 'grad * (end - self)'),
    'AddcmulBackward0': ('grad', 'grad * (tensor2 * value)', 'grad * (tensor1 * value)'),
    'AddcdivBackward0': (
        'grad',
        'grad * (value / tensor2)',
        '-grad * (value * tensor1 / (tensor2 * tensor2))',
    ),
    # ops.pow
    'PowBackward0': ('grad * exponent * self ** (exponent - 1)',),
    'PowBackward1': ('grad * exponent * self ** (exponent - 1)', 'grad * result * log(self)'),
    'PowBackward2': ('grad * result * log(self)',),
    # ops.random
    'UniformBackward0': ('0',),
    'NormalBackward0': ('0',),
    'NormalBackward1': ('0',),
    'NormalBackward2': ('0',),
    'NormalBackward3': ('0', '0'),
    'RandomBackward0': ('0',),
    'RandomBackward1': ('0',),
    'RandomBackward2': ('0',),
    'BernoulliBackward0': ('0',),
    'BernoulliBackward1': ('0', '0'),
    'BernoulliBackward2': ('0',),
    # ops.rearrange
    'FlipBackward0': ('grad.flip(dims)',),
    'RollBackward0': ('grad.roll(-shifts, dims)',),
    'RepeatBackward0': ('grad reshaped to (repeat, size) pairs and summed over the repeats',),
    # ops.rebase
    'torch::autograd::CopySlices': ('grad with the slice replaced by fn(grad[slice])', 'fn(grad[slice])'),
    'AsStridedBackward0': ("zeros of the base, with grad added at the view's elements",),
    # ops.reductions
    'SumBackward0': ('grad.expand(self.shape)',),
    'SumBackward1': ('grad.expand(self.shape)  (after unsqueezing the summed dims)',),
    'MeanBackward0': ('grad.expand(self.shape) / self.numel()',),
    'MeanBackward1': ('grad.expand(self.shape) / n  (n = number of elements averaged)',),
    'MaxBackward1': ('grad / count, at the positions holding the result',),
    'MinBackward1': ('grad / count, at the positions holding the result',),
    'MaxBackward0': ('grad scattered to the indices of the max',),
    'MinBackward0': ('grad scattered to the indices of the max',),
    'ProdBackward0': ('grad * (result / self)  (products of the others where self has zeros)',),
    'ProdBackward1': ('grad * (result / self)  (products of the others where self has zeros)',),
    'AmaxBackward0': ('grad / count, at the positions holding the result',),
    'AminBackward0': ('grad / count, at the positions holding the result',),
    # ops.rounding
    'FloorBackward0': ('0',),
    'CeilBackward0': ('0',),
    'TruncBackward0': ('0',),
    'RoundBackward0': ('0',),
    'RoundBackward1': ('0',),
    'FracBackward0': ('grad',),
    # ops.sign_angle
    'SgnBackward0': ('0',),
    'AngleBackward0': ('0',),
    'Deg2RadBackward0': ('grad * pi / 180',),
    'Rad2DegBackward0': ('grad * 180 / pi',),
    'SincBackward0': ('grad * (pi x cos(pi x) - sin(pi x)) / (pi x**2)',),
    'FrexpBackward0': ('grad / 2**exponent',),
    # ops.softmax
    'SoftmaxBackward0': ('(grad - (grad * result).sum(dim, keepdim=True)) * result',),
    'LogSoftmaxBackward0': ('grad - result.exp() * grad.sum(dim, keepdim=True)',),
    'LogsumexpBackward0': ('grad * (self - result).exp()',),
    # ops.sorting
    'SortBackward0': ('grad scattered to indices along dim',),
    'SortBackward1': ('grad scattered to indices along dim',),
    'TopkBackward0': ('grad scattered to indices along dim',),
    'MedianBackward0': ('grad / count, at the positions holding the result',),
    'NanmedianBackward0': ('grad / count, at the positions holding the result',),
    'MedianBackward1': ('grad scattered to indices along dim',),
    'NanmedianBackward1': ('grad scattered to indices along dim',),
    'ModeBackward0': ('grad scattered to indices along dim',),
    'Unique2Backward0': ('not differentiable',),
    'UniqueDimBackward0': ('not differentiable',),
    # ops.special_functions
    'Exp2Backward0': ('grad * result * ln 2',),
    'LgammaBackward0': ('grad * digamma(self)',),
    'DigammaBackward0': ('grad * polygamma(1, self)',),
    'PolygammaBackward0': ('grad * polygamma(n + 1, self)',),
    # ops.split
    'SplitBackward0': ('cat(grads, dim)',),
    'SplitWithSizesBackward0': ('cat(grads, dim)',),
    'UnbindBackward0': ('stack(grads, dim)',),
    # ops.statistics
    'VarBackward0': ('2 / (n - correction) * grad * (self - self.mean(dim))',),
    'StdBackward0': ('var_backward(grad / (2 * result), ...)  (0 where result is 0)',),
    # ops.unary
    'ExpBackward0': ('grad * result',),
    'Expm1Backward0': ('grad * (result + 1)',),
    'LogBackward0': ('grad / self',),
    'Log2Backward0': ('grad / (self * ln 2)',),
    'Log1PBackward0': ('grad / (self + 1)',),
    'SqrtBackward0': ('grad / (2 * result)',),
    'RsqrtBackward0': ('-0.5 * grad * result ** 3',),
    'SinBackward0': ('grad * cos(self)',),
    'CosBackward0': ('grad * -sin(self)',),
    'TanBackward0': ('grad * (1 + result ** 2)',),
    'ErfBackward0': ('2 / sqrt(pi) * exp(-self ** 2) * grad',),
    'AbsBackward0': ('grad * sign(self)',),
    'SignBackward0': ('0',),
    'ReluBackward0': ('grad * (result > 0)',),
    'ThresholdBackwardBackward0': ('threshold_backward(grad, self, threshold)', 'zeros'),
    'SigmoidBackward0': ('grad * (1 - result) * result',),
    'TanhBackward0': ('grad * (1 - result * result)',),
    'ReciprocalBackward0': ('-grad * (result * result)',),
    # ops.views
    'AliasBackward0': ('grad',),
    'CloneBackward0': ('grad',),
    'ViewBackward0': ('grad.reshape(self.shape)',),
    'ReshapeAliasBackward0': ('grad.reshape(self.shape)',),
    'UnsafeViewBackward0': ('grad.reshape(self.shape)',),
    'PermuteBackward0': ('grad.permute(inverse of dims)',),
    'TransposeBackward0': ('grad.transpose(dim0, dim1)',),
    'TBackward0': ('grad.t()',),
    'UnsqueezeBackward0': ('grad.squeeze(dim)',),
    'SqueezeBackward0': ('grad unsqueezed back to self.shape',),
    'SqueezeBackward1': ('grad.unsqueeze(dim)',),
    'SqueezeBackward4': ('grad.unsqueeze(dim)',),
    'SqueezeBackward2': ('grad.unsqueeze(dims)',),
    'ExpandBackward0': ('grad summed back to self.shape',),
    'SelectBackward0': ('zeros(self.shape) with grad written at [index] of dim',),
    'SliceBackward0': ('zeros(self.shape) with grad written into the slice',),
}


# ------------------------------------------------------------------ local derivatives
def _number(v):
    """A Python number as the 0-d float32 tensor the tape shows."""
    return Tensor._from_values([D.scalar_to(v, D.float32)], (), D.float32)


def _zero(node, i):
    return _number(0.0)


def _one(node, i):
    return _number(1.0)


def _saved_or_number(node, key):
    v = node.saved(key)
    return v if isinstance(v, Tensor) else _number(v)


def _ieee_reciprocal(v):
    """1 / v as floating point defines it: +-inf at +-0, not an exception."""
    if v == 0:
        return math.copysign(math.inf, v) if isinstance(v, float) else math.inf
    return 1.0 / v


def _div(node, i):
    other = node.saved("other")
    if i == 0:
        if isinstance(other, Tensor):
            return at.div(1.0, other)
        return _number(_ieee_reciprocal(other))
    return at.neg(at.div(at.div(node.saved("self"), other), other))


def _log_number(b):
    if b > 0:
        return math.log(b)
    if b == 0:
        return -math.inf
    return math.nan


def _pow_number_exponent(node, i):
    exponent = float(node._svals["exponent"])
    if exponent == 0.0:  # as the node's backward: x ** 0 sends 0, even at x = 0
        return at.zeros_like(node.saved("self"))
    return at.mul(at.pow(node.saved("self"), exponent - 1.0), exponent)


def _pow_tensors(node, i):
    s = node.saved("self")
    e = node.saved("exponent")
    if i == 0:
        return at.mul(e, at.pow(s, at.sub(e, 1)))
    r = node.saved("result")
    return at.mul(r, at.log(at.to_dtype(s, r._dtype)))


_LN2 = 0.6931471805599453
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


def _relu(node, i):
    result = node.saved("result")
    return at.threshold_backward(at.ones_like(result), result, 0)  # 1 where the gradient passes, NaN results too


# torch's grad_fn name -> local(node, i): d(output)/d(input i) as a tensor, for the elementwise nodes
LOCAL = {
    "AddBackward0": lambda node, i: _number(1.0 if i == 0 else node._svals["alpha"]),
    "SubBackward0": lambda node, i: _number(1.0 if i == 0 else -node._svals["alpha"]),
    "RsubBackward0": lambda node, i: _number(-node._svals["alpha"] if i == 0 else 1.0),
    "RsubBackward1": lambda node, i: _number(-node._svals["alpha"]),
    "NegBackward0": lambda node, i: _number(-1.0),
    "MulBackward0": lambda node, i: _saved_or_number(node, "other" if i == 0 else "self"),
    "DivBackward0": _div,
    "DivBackward2": _zero,
    "RemainderBackward0": _one,
    "FmodBackward0": _one,
    "DotBackward0": lambda node, i: node.saved("tensor" if i == 0 else "self"),
    "NanToNumBackward0": lambda node, i: at.to_dtype(at.isfinite(node.saved("self")), D.float32),
    "PowBackward0": _pow_number_exponent,
    "PowBackward1": _pow_tensors,
    "PowBackward2": lambda node, i: at.mul(node.saved("result"), _log_number(node._svals["self"])),
    "MeanBackward0": lambda node, i: Tensor._from_values([D.f32(1.0 / node._svals["self_sym_numel"])], (), D.float32),
    "FloorBackward0": _zero,
    "CeilBackward0": _zero,
    "TruncBackward0": _zero,
    "RoundBackward0": _zero,
    "RoundBackward1": _zero,
    "ExpBackward0": lambda node, i: node.saved("result"),
    "Expm1Backward0": lambda node, i: at.add(node.saved("result"), 1),
    "LogBackward0": lambda node, i: at.div(1.0, node.saved("self")),
    "Log2Backward0": lambda node, i: at.div(1.0, at.mul(node.saved("self"), _LN2)),
    "Log1PBackward0": lambda node, i: at.div(1.0, at.add(node.saved("self"), 1)),
    "SqrtBackward0": lambda node, i: at.div(1.0, at.mul(node.saved("result"), 2)),
    "RsqrtBackward0": lambda node, i: at.mul(at.pow(node.saved("result"), 3), -0.5),
    "SinBackward0": lambda node, i: at.cos(node.saved("self")),
    "CosBackward0": lambda node, i: at.neg(at.sin(node.saved("self"))),
    "TanBackward0": lambda node, i: at.add(at.pow(node.saved("result"), 2), 1),
    "ErfBackward0": lambda node, i: at.mul(at.exp(at.neg(at.pow(node.saved("self"), 2))), _TWO_OVER_SQRT_PI),
    "AbsBackward0": lambda node, i: at.sign(node.saved("self")),
    "SignBackward0": _zero,
    "ReluBackward0": _relu,
    "SigmoidBackward0": lambda node, i: at.mul(at.rsub(node.saved("result"), 1.0), node.saved("result")),
    "TanhBackward0": lambda node, i: at.rsub(at.mul(node.saved("result"), node.saved("result")), 1.0),
    "ReciprocalBackward0": lambda node, i: at.neg(at.mul(node.saved("result"), node.saved("result"))),
}


def formulas(node):
    """What ``node`` sends to each input, in words (empty for a node the table does not know)."""
    return FORMULAS.get(node.name(), ())


def local(node, i):
    """d(output)/d(input i) of ``node`` as a tensor, or None where it is not elementwise (or cannot be
    computed: a saved tensor freed or modified since)."""
    derivative = LOCAL.get(node.name())
    if derivative is None:
        return None
    try:
        return derivative(node, i)
    except RuntimeError:
        return None
