"""One-input math: exp, log, log2, log1p, expm1, sqrt, rsqrt, sin, cos, tan, tanh, sigmoid, erf,
reciprocal, abs, relu and sign, out of place and in place, with their backward nodes.

The floating functions give an integer or bool input's result in the default float
dtype, as torch does; each value is computed in double and rounded to the result
dtype (through float32 for float16 and bfloat16, which torch computes in float32).
``+ - * /`` steps inside a function (``rsqrt`` is ``1 / sqrt(x)``, ``sigmoid`` is
``1 / (1 + exp(-x))``) round as torch's do.

float32 follows torch's kernels where their code is open: ``expm1`` and ``log1p`` are
Sleef's for every element (:mod:`booktorch.sleef`), ``sigmoid`` takes Sleef's ``exp`` in the
vector lanes and the C library's ``expf`` in the scalar loop (:mod:`booktorch.loops`,
:mod:`booktorch.libm`).  torch's ``exp``, ``log``, ``log2``, ``sqrt``, ``sin``, ``cos``,
``tan``, ``tanh`` and ``erf`` call Intel MKL's vector math library (VML, high-accuracy mode),
whose algorithms are not published and differ between MKL's own AVX2 and AVX-512 code: there
the correctly rounded value stands in, which is MKL's in most elements and one unit in the
last place away in the others (about 5% for sin and cos, under 1% for the rest).

Each backward is written with ops, in the order of torch's derivatives.yaml, so that it
rounds like torch's and is itself differentiable.
"""

import math

from .. import dtypes as D
from ..graph import Node, elementwise_nodes, record, record_elementwise
from .. import libm, sleef
from ..iterator import fdiv, kernel_layouts, opmath_round, result_strides, unary_result
from ..loops import block, split_map, vector_flags
from ..out_arguments import SAME_DTYPE, cast_check, writes_out
from ..registry import at, function, kernel, method
from ..tensor import Tensor


# ------------------------------------------------------------------ one element (in double)
def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _expm1(x):
    try:
        return math.expm1(x)
    except OverflowError:
        return math.inf


def _log(x):
    if x > 0:
        return math.log(x)
    if x == 0:
        return -math.inf
    return math.nan


def _log2(x):
    if x > 0:
        return math.log2(x)
    if x == 0:
        return -math.inf
    return math.nan


def _log1p(x):
    if x > -1:
        return math.log1p(x)
    if x == -1:
        return -math.inf
    return math.nan


def _sqrt(x):
    if x >= 0 or x != x:
        return math.sqrt(x) if x == x else x
    return math.nan


def _periodic(fn):
    def apply(x):
        try:
            return fn(x)
        except ValueError:  # an infinite argument
            return math.nan

    return apply


_sin, _cos, _tan = _periodic(math.sin), _periodic(math.cos), _periodic(math.tan)


def _float_result_dtype(t):
    return t._dtype if t._dtype.is_floating_point else D.get_default_dtype()


def _float_unary(t, fn, op, float32=None, vector=None):
    """``fn`` of each value of ``t`` in its float result dtype.  For float32, ``float32`` instead
    computes every value (a kernel that maps all of them through Sleef); for float32, float16 and
    bfloat16, ``vector`` computes those that torch's vector code computes (``cpu_kernel_vec``, see
    booktorch.loops) and ``fn`` the others."""
    dt = _float_result_dtype(t)
    vals = t._values()
    if t._dtype is not dt:
        vals = D.convert(vals, t._dtype, dt)
    if dt is D.float32 and float32 is not None:
        vals = [float32(x) for x in vals]
    elif vector is not None and dt is not D.float64:
        flags = vector_flags(t._shape, result_strides(t._shape, t._dtype, t), kernel_layouts(dt, t), block(dt))
        vals = split_map(flags, vector, fn, vals)
    else:
        vals = [fn(x) for x in vals]
    out = unary_result(D.round_floats(vals, dt), t, dt)
    record_elementwise(NODES[op], t, out)
    return out


# ------------------------------------------------------------------ the derivatives
_LN2 = 0.6931471805599453
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)

# torch's derivatives.yaml for each op: its grad_fn, what the gradient reads (the input, self, or the
# output, result) and the gradient, written with ops in torch's order so that it rounds as torch's does
# and is itself differentiable
DERIVATIVES = {
    "exp": ("ExpBackward0", "result", lambda grad, result: at.mul(grad, result)),
    "expm1": ("Expm1Backward0", "result", lambda grad, result: at.mul(grad, at.add(result, 1))),
    "log": ("LogBackward0", "self", lambda grad, self: at.div(grad, self)),
    "log2": ("Log2Backward0", "self", lambda grad, self: at.div(grad, at.mul(self, _LN2))),
    "log1p": ("Log1PBackward0", "self", lambda grad, self: at.div(grad, at.add(self, 1))),
    "sqrt": ("SqrtBackward0", "result", lambda grad, result: at.div(grad, at.mul(result, 2))),
    "rsqrt": ("RsqrtBackward0", "result", lambda grad, result: at.mul(at.mul(grad, -0.5), at.pow(result, 3))),
    "sin": ("SinBackward0", "self", lambda grad, self: at.mul(grad, cos(self))),
    "cos": ("CosBackward0", "self", lambda grad, self: at.mul(grad, at.neg(sin(self)))),
    "tan": ("TanBackward0", "result", lambda grad, result: at.mul(grad, at.add(at.pow(result, 2), 1))),
    "tanh": ("TanhBackward0", "result",
             lambda grad, result: _fused(grad, result, lambda g, r: at.mul(g, at.rsub(at.mul(r, r), 1.0)))),
    "sigmoid": ("SigmoidBackward0", "result",
                lambda grad, result: _fused(grad, result, lambda g, r: at.mul(at.mul(g, at.rsub(r, 1.0)), r),
                                            dtypes=(D.bfloat16,))),
    "erf": ("ErfBackward0", "self",
            lambda grad, self: at.mul(at.mul(exp(at.neg(at.pow(self, 2))), _TWO_OVER_SQRT_PI), grad)),
    "reciprocal": ("ReciprocalBackward0", "result",
                   lambda grad, result: at.mul(at.neg(grad), at.mul(result, result))),
    "abs": ("AbsBackward0", "self", lambda grad, self: at.mul(grad, sign(self))),
    "relu": ("ReluBackward0", "result", lambda grad, result: threshold_backward(grad, result, 0)),
    "sign": ("SignBackward0", None, lambda grad: at.zeros_like(grad)),
}
NODES = elementwise_nodes(__name__, DERIVATIVES)


# ------------------------------------------------------------------ forward ops
@kernel
def exp(t):
    return _float_unary(t, _exp, "exp")


@kernel
def expm1(t):
    return _float_unary(t, _expm1, "expm1", float32=sleef.expm1f)


@kernel
def log(t):
    return _float_unary(t, _log, "log")


@kernel
def log2(t):
    return _float_unary(t, _log2, "log2")


@kernel
def log1p(t):
    return _float_unary(t, _log1p, "log1p", float32=sleef.log1pf)


@kernel
def sqrt(t):
    return _float_unary(t, _sqrt, "sqrt")


@kernel
def rsqrt(t):
    """``1 / sqrt(x)``, the root rounded to float32 (float64 for double); float16 and bfloat16 round it
    to their own dtype in the scalar loop (``1 / std::sqrt(a)`` on the half type), not in the vector code."""
    dt = _float_result_dtype(t)
    return _float_unary(t, rsqrt_scalar(dt), "rsqrt", vector=_rsqrt_f32 if dt in D.REDUCED else None)


def rsqrt_scalar(dt):
    """rsqrt of one value as torch's scalar loop computes it for ``dt``."""
    root = D.REDUCED_ROUND[dt] if dt in D.REDUCED else opmath_round(dt)
    return lambda x: fdiv(1.0, root(_sqrt(x)))


def _rsqrt_f32(x):
    return fdiv(1.0, D.f32(_sqrt(x)))


@kernel
def sin(t):
    return _float_unary(t, _sin, "sin")


@kernel
def cos(t):
    return _float_unary(t, _cos, "cos")


@kernel
def tan(t):
    return _float_unary(t, _tan, "tan")


@kernel
def tanh(t):
    return _float_unary(t, math.tanh, "tanh")


@kernel
def sigmoid(t):
    f = opmath_round(_float_result_dtype(t))

    def sig(x):  # torch's 1 / (1 + exp(-x)), rounded at each step
        return fdiv(1.0, f(1.0 + f(_exp(-x))))

    def sig_f32(x):  # the scalar loop's in float32 (float16 and bfloat16 too), with the C library's expf
        return fdiv(1.0, D.f32(1.0 + libm.expf(-x)))

    def sig_vector(x):  # the vector code's: Sleef's exp
        return fdiv(1.0, D.f32(1.0 + sleef.expf(-x)))

    return _float_unary(t, sig if _float_result_dtype(t) is D.float64 else sig_f32, "sigmoid", vector=sig_vector)


@kernel
def erf(t):
    return _float_unary(t, math.erf, "erf")


@kernel
def reciprocal(t):
    return _float_unary(t, lambda x: fdiv(1.0, x), "reciprocal")


@kernel
def abs(t):
    if t._dtype is D.bool_:
        raise NotImplementedError('"abs_cpu" not implemented for \'Bool\'')
    if t._dtype.is_floating_point:
        vals = [x if x != x else (-x if x < 0 else x + 0) for x in t._values()]
    else:
        vals = D.wrap_ints([-x if x < 0 else x for x in t._values()], t._dtype)
    out = unary_result(vals, t, t._dtype)
    record_elementwise(NODES["abs"], t, out)
    return out


def _relu_check(t):
    if t._dtype is D.bool_:
        raise RuntimeError("Boolean inputs not supported for relu")


@kernel
def relu(t):
    _relu_check(t)
    zero = D.zero_of(t._dtype)
    vals = [zero if x < 0 else x for x in t._values()]  # clamp_min(x, 0): -0.0 and NaN stay
    out = unary_result(vals, t, t._dtype)
    record_elementwise(NODES["relu"], t, out)
    return out


@kernel
def sign(t):
    vals = t._values()
    if t._dtype.is_floating_point:
        out = [0.0 if x != x else (1.0 if x > 0 else (-1.0 if x < 0 else 0.0)) for x in vals]
    elif t._dtype._kind == 1:
        out = [(x > 0) - (x < 0) for x in vals]
    else:
        out = list(vals)
    out = unary_result(out, t, t._dtype)
    record_elementwise(NODES["sign"], t, out)
    return out


# ------------------------------------------------------------------ the Tensor and torch API
# name, op, whether torch has the in-place form as a torch function too (torch.exp_)
_API = ((exp, True), (expm1, True), (log, True), (log2, True), (log1p, True), (sqrt, True), (rsqrt, True),
        (sin, True), (cos, True), (tan, True), (tanh, True), (sigmoid, True), (erf, True), (reciprocal, True),
        (abs, True), (relu, True), (sign, False))


def _inplace_form(fn):
    def inplace_op(self):
        if fn is relu:  # before torch looks at the written-to memory
            _relu_check(self)
        return at.inplace(self, fn)

    inplace_op.__name__ = inplace_op.__qualname__ = fn.__name__ + "_"
    return inplace_op


for _fn, _torch_inplace in _API:
    method(_fn.__name__)(_fn)
    _same_dtype = _fn in (abs, relu, sign)  # torch's out= for these takes their own dtype only
    function(_fn.__name__, tensor_input=True, takes_out=True)(
        writes_out(_fn.__name__, SAME_DTYPE if _same_dtype else cast_check)(_fn))
    _inplace = _inplace_form(_fn)
    method(_inplace.__name__)(_inplace)
    if _torch_inplace:
        function(_inplace.__name__, tensor_input=True)(_inplace)
method("__abs__", "absolute")(abs)
function("absolute", takes_out=True)(writes_out("abs", SAME_DTYPE)(abs))
method("absolute_")(_inplace_form(abs))
del _fn, _torch_inplace, _inplace, _same_dtype


# ------------------------------------------------------------------ backward kernels
@kernel
def threshold_backward(grad, x, threshold):
    """torch's threshold_backward: 0 where ``x <= threshold``, else ``grad`` (ReluBackward0's formula, an op
    of its own so that a second derivative records ThresholdBackwardBackward0)."""
    zero = D.zero_of(grad._dtype)
    vals = [zero if v <= threshold else g for g, v in zip(grad._values(), x._values())]
    out = Tensor._from_values(vals, grad._shape, grad._dtype)
    record(ThresholdBackwardBackward0, (grad, x), out, threshold=threshold, self=x)
    return out


class ThresholdBackwardBackward0(Node):
    _name = "ThresholdBackwardBackward0"
    saves = ("self",)

    def apply(self, grad):
        g0 = threshold_backward(grad, self.saved("self"), self._svals["threshold"]) if self.needs(0) else None
        return [g0, at.zeros_like(grad) if self.needs(1) else None]


def _fused(grad, result, formula, dtypes=D.REDUCED):
    """torch's sigmoid_backward and tanh_backward kernels: one kernel, computed in float32 for
    ``dtypes`` and rounded once (not after each step, as separate ops would; torch's float16
    sigmoid_backward does round after each step)."""
    if grad._dtype in dtypes:
        f32 = D.float32
        return at.to_dtype(formula(at.to_dtype(grad, f32), at.to_dtype(result, f32)), grad._dtype)
    return formula(grad, result)
