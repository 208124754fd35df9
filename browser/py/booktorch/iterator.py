"""What torch's TensorIterator does for an elementwise op, in plain lists.

- reading operands: a tensor's values broadcast to the result shape and converted to
  the computation dtype (:func:`operand_values`, :func:`pairs`), a Python number
  converted once (``D.scalar_to``);
- the result's layout: :func:`result_tensor` gives the strides torch gives the output
  (it follows the inputs' memory order);
- writing in place: :func:`write_positions` (refusing internally overlapping tensors),
  :func:`check_inplace` (torch's autograd checks before an in-place op), :func:`copy_into`.
"""

import math

from . import dtypes as D
from .grad_mode import state as grad_state
from .shape import (
    contiguous_strides,
    elementwise_out_strides,
    is_non_overlapping_and_dense,
    numel,
    positions,
    preserve_strides,
)
from .storage import Storage
from .tensor import Tensor

NUMBER = (bool, int, float)


def is_number(x):
    return isinstance(x, NUMBER)


def shape_of(x):
    return x._shape if isinstance(x, Tensor) else ()


def tensors(*xs):
    return [x for x in xs if isinstance(x, Tensor)]


def tensor_or_none(x):
    return x if isinstance(x, Tensor) else None


def expanded_values(t, shape):
    """Values of tensor ``t`` broadcast to ``shape``, row-major."""
    if tuple(t._shape) == tuple(shape):
        return t._values()
    pad = len(shape) - len(t._shape)
    strides = [0] * pad + [st if sz != 1 else 0 for sz, st in zip(t._shape, t._stride)]
    data = t._storage.data
    return [data[p] for p in positions(shape, strides, t._offset)]


def operand_values(x, shape, dt, scalar_dt=None):
    """A list of values (tensor) or a constant (number), converted to ``dt``.

    ``scalar_dt`` is the dtype a scalar operand is converted to instead of ``dt`` (torch's
    float16 ``mul`` and ``div`` read it as float32): a Python number, or a tensor of one
    element (TensorIterator's is_scalar), whose value is read from its own dtype."""
    if isinstance(x, Tensor):
        if scalar_dt is not None and numel(x._shape) == 1:
            return D.convert(x._values(), x._dtype, scalar_dt)[0], True
        vals = expanded_values(x, shape)
        if x._dtype is not dt:
            vals = D.convert(vals, x._dtype, dt)
        return vals, False
    return D.scalar_to(x, scalar_dt or dt), True


def pairs(a, b, shape, dt, b_scalar_dt=None):
    """The operands' values side by side (two lists of ``numel(shape)`` values)."""
    n = numel(shape)
    av, ac = operand_values(a, shape, dt)
    bv, bc = operand_values(b, shape, dt, b_scalar_dt)
    if ac:
        av = [av] * n
    if bc:
        bv = [bv] * n
    return av, bv


def new_strided(vals, shape, stride, dt):
    """A new tensor with row-major ``vals`` stored under the given strides."""
    shape = tuple(shape)
    stride = tuple(stride)
    if stride == contiguous_strides(shape):
        return Tensor._from_values(vals, shape, dt)
    data = list(vals)
    for p, v in zip(positions(shape, stride, 0), vals):
        data[p] = v
    return Tensor._make(Storage(data, dt.itemsize), shape, stride, 0, dt)


def kernel_layouts(common, *operands):
    """``(shape, strides)`` of each tensor operand as the kernel reads it: TensorIterator first copies
    an input of another dtype than the computation dtype ``common`` with ``.to(common)``, which can
    change its layout."""
    return [
        (o._shape, o._stride if o._dtype is common else preserve_strides(o._shape, o._stride))
        for o in operands
        if isinstance(o, Tensor)
    ]


def result_strides(shape, common, *operands):
    """The strides torch's TensorIterator gives the output of an elementwise op."""
    shape = tuple(shape)
    contiguous = contiguous_strides(shape)
    if _row_major_operands(shape, contiguous, common, operands):
        return contiguous
    same = all(tuple(o._shape) == shape if isinstance(o, Tensor) else shape == () for o in operands)
    return elementwise_out_strides(shape, kernel_layouts(common, *operands), same)


def _row_major_operands(shape, contiguous, common, operands):
    """The common case, where TensorIterator's output is row-major: every tensor operand is in the
    computation's dtype and either a row-major tensor of the output's shape or one broadcast value (all
    strides 0: TensorIterator's ordering skips those), at least one of them row-major (Python numbers
    among them only when the output has elements; with none, a size-0 dimension can reorder the
    output's)."""
    if 0 in shape:
        return False
    row_major = False
    for o in operands:
        if isinstance(o, Tensor):
            if o._dtype is not common:
                return False
            if o._shape == shape and o._stride == contiguous:
                row_major = True
            elif any(o._stride):
                return False
    return row_major


def result_tensor(vals, shape, dt, *operands, common=None):
    """The result of an elementwise op: laid out like torch's TensorIterator output (computed in
    ``common``, by default ``dt``)."""
    return new_strided(vals, shape, result_strides(shape, common or dt, *operands), dt)


def unary_result(vals, t, dt):
    """The result of a one-input elementwise op on ``t``."""
    return result_tensor(vals, t._shape, dt, t, common=t._dtype)


def zeros(shape, dt):
    return Tensor._from_values([D.zero_of(dt)] * numel(shape), tuple(shape), dt)


# ------------------------------------------------------------------ writing in place
def write_positions(t):
    """Storage positions of ``t`` for writing; refuses internally overlapping tensors."""
    if is_non_overlapping_and_dense(t._shape, t._stride):
        return positions(t._shape, t._stride, t._offset)
    for size, st in zip(t._shape, t._stride):
        if st == 0 and size > 1:
            raise RuntimeError(
                "unsupported operation: more than one element of the written-to tensor refers to a single "
                "memory location. Please clone() the tensor before performing the operation."
            )
    return positions(t._shape, t._stride, t._offset)


def write(t, vals):
    """Store row-major ``vals`` into ``t``'s elements and bump its version."""
    data = t._storage.data
    for p, v in zip(write_positions(t), vals):
        data[p] = v
    t._versions.bump()


def copy_into(dst, src):
    """dst[...] = src (a tensor, broadcast and converted, or a number) without autograd bookkeeping."""
    if isinstance(src, Tensor):
        vals = expanded_values(src, dst._shape)
        if src._dtype is not dst._dtype:
            vals = D.convert(vals, src._dtype, dst._dtype)
    else:
        vals = [src] * numel(dst._shape)
    write(dst, vals)


NO_GRAD_VIEW_WRITE = (
    "A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given that "
    "this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both "
    "the view and the inplace either both inside the no_grad block (if you don't want the inplace to be "
    "tracked) or both outside (if you want the inplace to be tracked)."
)


def check_inplace(t, *others):
    """torch's checks before an in-place op; True when autograd must record it."""
    if not grad_state.grad:
        return False
    others_need = any(isinstance(o, Tensor) and o._requires_grad for o in others)
    if t._requires_grad or others_need:
        if t._requires_grad and t._grad_fn is None and t._base is None:
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
        if t._base is not None:
            if t.__dict__.get("_no_grad_view"):
                raise RuntimeError(NO_GRAD_VIEW_WRITE)
            base = t._base
            if t._requires_grad and base._grad_fn is None:  # torch: a view that requires grad, of a leaf
                raise RuntimeError(
                    "a view of a leaf Variable that requires grad is being used in an in-place operation."
                )
        return True  # a view's base takes the write's node in a CopySlices (ops/rebase.py)
    return False


def fdiv(x, y):
    """x / y in IEEE arithmetic: +-inf or nan for a zero divisor instead of ZeroDivisionError."""
    try:
        return x / y
    except ZeroDivisionError:
        if x != x or x == 0:
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)


def opmath_round(dt):
    """Rounding between the steps of a computation in ``dt``: torch computes float32, float16 and
    bfloat16 in float32 (float64 in float64, integers exactly)."""
    return D.f32 if dt._kind == 2 and dt is not D.float64 else _exact


def _exact(x):
    return x
