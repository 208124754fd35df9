"""The hyperbolic functions: sinh, cosh, asinh, acosh and atanh (and the arcsinh/arccosh/arctanh aliases),
out of place and in place, with their backward nodes.

torch's kernels (``UnaryOpsKernel.cpp``): ``sinh``, ``cosh`` and ``atanh`` are ``cpu_kernel_vec`` loops,
Sleef's functions in the vector lanes (:mod:`booktorch.sleef_extra`) and the C library's in the scalar
loop (:mod:`booktorch.libm_float`); ``asinh`` and ``acosh`` are ``cpu_kernel`` loops, the C library's
for every element.  Integers and bools give the default float dtype; float16 and bfloat16 compute in
float32 (:mod:`booktorch.float_kernels`).
"""

import math

from .. import libm_float, sleef_extra
from ..float_kernels import unary
from ..graph import elementwise_nodes, record_elementwise
from ..out_arguments import writes_out
from ..registry import at, function, inplace_form, kernel, method


def _sinh(x):
    try:
        return math.sinh(x)
    except OverflowError:
        return math.copysign(math.inf, x)


def _cosh(x):
    try:
        return math.cosh(x)
    except OverflowError:
        return math.inf


def _acosh(x):
    return math.acosh(x) if x >= 1 else math.nan


def _atanh(x):
    if abs(x) < 1:
        return math.atanh(x)
    if abs(x) == 1:
        return math.copysign(math.inf, x)
    return math.nan


# torch's derivatives.yaml, written with ops in torch's order (so that they round as torch's do)
DERIVATIVES = {
    "sinh": ("SinhBackward0", "self", lambda grad, self: at.mul(grad, cosh(self))),
    "cosh": ("CoshBackward0", "self", lambda grad, self: at.mul(grad, sinh(self))),
    "asinh": ("AsinhBackward0", "self", lambda grad, self: at.mul(grad, at.rsqrt(at.add(at.pow(self, 2), 1)))),
    "acosh": ("AcoshBackward0", "self", lambda grad, self: at.mul(grad, at.rsqrt(at.sub(at.pow(self, 2), 1)))),
    "atanh": ("AtanhBackward0", "self",
              lambda grad, self: at.div(at.mul(grad, 1), at.rsub(at.pow(self, 2), 1))),
}
NODES = elementwise_nodes(__name__, DERIVATIVES)


def _recorded(name, t, out):
    record_elementwise(NODES[name], t, out)
    return out


@kernel
def sinh(t):
    return _recorded("sinh", t, unary(t, sleef_extra.sinhf, libm_float.sinhf, _sinh))


@kernel
def cosh(t):
    return _recorded("cosh", t, unary(t, sleef_extra.coshf, libm_float.coshf, _cosh))


@kernel
def asinh(t):
    return _recorded("asinh", t, unary(t, None, libm_float.asinhf, math.asinh))


@kernel
def acosh(t):
    return _recorded("acosh", t, unary(t, None, libm_float.acoshf, _acosh))


@kernel
def atanh(t):
    return _recorded("atanh", t, unary(t, sleef_extra.atanhf, libm_float.atanhf, _atanh))


for _fn, _alias in ((sinh, None), (cosh, None), (asinh, "arcsinh"), (acosh, "arccosh"), (atanh, "arctanh")):
    _names = (_fn.__name__,) + ((_alias,) if _alias else ())
    method(*_names)(_fn)
    function(*_names, takes_out=True)(writes_out(_fn.__name__)(_fn))
    _inplace = inplace_form(_fn, _fn.__name__ + "_")
    _inplace_names = tuple(n + "_" for n in _names)
    method(*_inplace_names)(_inplace)
    function(*_inplace_names)(_inplace)
del _fn, _alias, _names, _inplace, _inplace_names
