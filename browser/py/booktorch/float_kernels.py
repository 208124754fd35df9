"""Elementwise float functions computed as torch's CPU kernels compute them: which elements take the
vector code and which the scalar loop, in which precision, and the dtype of the result.

Most of torch's float functions are ``cpu_kernel_vec`` loops with two versions of the function: on
``Vectorized<float>`` (Sleef's, :mod:`booktorch.sleef_extra`) and on one value (the C library's,
:mod:`booktorch.libm_float`).  Which one computes an element depends on the layout
(:mod:`booktorch.loops`); float16 and bfloat16 compute in float32 and round, in vectors of their
own length; float64 computes in double (Python's ``math``, which is the C library's double function
where the book is built; torch's vector lanes use Sleef's double functions there, which can differ
from it in the last bit of a float64 result).
"""

from . import dtypes as D
from .iterator import kernel_layouts, pairs, result_strides, result_tensor, unary_result
from .loops import block, split_map, vector_flags
from .shape import broadcast_shapes
from .tensor import Tensor


def float_dtype(t):
    """The dtype of a float function's result: the input's if floating, else the default dtype."""
    return t._dtype if t._dtype.is_floating_point else D.get_default_dtype()


def unary(t, vector, scalar, double, dt=None):
    """``fn(x)`` for each value of ``t``, as a ``cpu_kernel_vec`` loop computes it in ``dt`` (by default
    :func:`float_dtype`): ``vector``/``scalar`` (float32 functions) for float32, float16 and bfloat16,
    ``double`` for float64; ``vector=None`` is a ``cpu_kernel`` loop (scalar code only)."""
    dt = dt or float_dtype(t)
    vals = t._values()
    if t._dtype is not dt:
        vals = D.convert(vals, t._dtype, dt)
    if dt is D.float64:
        vals = [double(x) for x in vals]
    elif vector is None:
        vals = [scalar(x) for x in vals]
    else:
        flags = vector_flags(t._shape, result_strides(t._shape, t._dtype, t), kernel_layouts(dt, t), block(dt))
        vals = split_map(flags, vector, scalar, vals)
    return unary_result(D.round_floats(vals, dt), t, dt)


def binary(a, b, dt, vector, scalar, double):
    """``fn(x, y)`` of the broadcast operands (tensors, or a Python number as a wrapped 0-d tensor), as a
    ``cpu_kernel_vec`` loop computes it in ``dt``; ``vector=None`` is a ``cpu_kernel`` loop."""
    shape = broadcast_shapes(a._shape if isinstance(a, Tensor) else (), b._shape if isinstance(b, Tensor) else ())
    av, bv = pairs(a, b, shape, dt)
    if dt is D.float64:
        vals = [double(x, y) for x, y in zip(av, bv)]
    elif vector is None:
        vals = [scalar(x, y) for x, y in zip(av, bv)]
    else:
        layouts = [kernel_layouts(dt, o)[0] if isinstance(o, Tensor) else ((), ()) for o in (a, b)]
        flags = vector_flags(shape, result_strides(shape, dt, a, b), layouts, block(dt))
        vals = split_map(flags, vector, scalar, av, bv)
    return result_tensor(D.round_floats(vals, dt), shape, dt, a, b)
