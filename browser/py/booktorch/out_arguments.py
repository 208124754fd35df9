"""``out=``: writing a function's result into a tensor the caller gave, as torch does.

A function that takes ``out=`` is declared ``function(..., takes_out=True)`` (torch's parser has then
accepted the out tensor) and wrapped with :func:`writes_out`, which does what torch's out= variants do
around the computation:

1. autograd: with grad mode on, an input or ``out`` that requires grad is refused ("functions with
   out=... arguments don't support automatic differentiation");
2. an ``out`` that shares memory with an input but not exactly (a shifted view) is refused;
3. the result is computed as without ``out`` (in the inputs' computation dtype), and its dtype is
   checked against out's by the function's rule (``cast``: TensorIterator's "can't be cast"; others
   must match exactly, each with its op's message);
4. an ``out`` of another shape is resized, with torch's deprecation warning when it had elements, and
   takes the result's strides; one of the right shape keeps its own strides;
5. the values are written into ``out`` (its version counts one write) and ``out`` is returned.
"""

import os
import sys
import warnings

from . import dtypes as D
from .grad_mode import no_grad, state as grad_state
from .iterator import is_number, write_positions
from .shape import contiguous_strides, fmt_list, numel, positions
from .tensor import Tensor

_PACKAGE = os.path.dirname(os.path.abspath(__file__))
RESIZED = (
    "An output with one or more elements was resized since it had shape {old}, which does not match the required "
    "output shape {new}. This behavior is deprecated, and in a future PyTorch release outputs will not be resized "
    "unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero "
    "elements with t.resize_(0). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)"
)
PARTIAL_OVERLAP = (
    "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory "
    "location. Please clone() the tensor before performing the operation."
)


def warn(message):
    """A UserWarning that torch's C++ gives (TORCH_WARN), shown at the line of the caller's code."""
    level = 1
    frame = sys._getframe(0)
    while frame is not None and os.path.dirname(os.path.abspath(frame.f_code.co_filename)).startswith(_PACKAGE):
        frame = frame.f_back
        level += 1
    warnings.warn(message, UserWarning, stacklevel=level)


def tensors_in(values):
    """The tensors among ``values`` (and in the lists and tuples among them)."""
    for v in values:
        if isinstance(v, Tensor):
            yield v
        elif isinstance(v, (list, tuple)):
            yield from tensors_in(v)


def check_autograd(name, out, inputs):
    if grad_state.grad and (out._requires_grad or any(t._requires_grad for t in inputs)):
        raise RuntimeError(f"{name}(): functions with out=... arguments don't support automatic differentiation, "
                           "but one of the arguments requires grad.")


def check_overlap(out, inputs):
    """torch's assert_no_partial_overlap: ``out`` may be an input itself (same memory, same layout)."""
    mine = None
    for t in inputs:
        if t._storage is not out._storage or t is out:
            continue
        if (t._shape, t._stride, t._offset) == (out._shape, out._stride, out._offset):
            continue
        if mine is None:
            mine = set(positions(out._shape, out._stride, out._offset))
        if mine.intersection(positions(t._shape, t._stride, t._offset)):
            raise RuntimeError(PARTIAL_OVERLAP)


def resize_output(out, shape, stride=None, warn_if_resized=True, warnings_given=1):
    """torch's resize_output: an ``out`` of another shape takes ``shape`` (and ``stride``, row-major by
    default), its storage growing as needed; one that had elements warns first (``warnings_given`` times).
    Returns whether it changed."""
    shape = tuple(shape)
    if tuple(out._shape) == shape:
        return False
    if warn_if_resized and numel(out._shape) != 0:
        for _ in range(warnings_given):
            warn(RESIZED.format(old=fmt_list(out._shape), new=fmt_list(shape)))
    stride = tuple(stride) if stride is not None else contiguous_strides(shape)
    needed = out._offset + 1 + sum((n - 1) * s for n, s in zip(shape, stride)) if numel(shape) else 0
    data = out._storage.data
    if needed > len(data):  # torch's new memory is uninitialised; booktorch's holds zeros
        data.extend([D.zero_of(out._dtype)] * (needed - len(data)))
    out._shape, out._stride = shape, stride
    return True


def copy_result(out, result):
    """Write ``result`` (a tensor of out's shape) into ``out``, converted to out's dtype; one version."""
    vals = result._values()
    if result._dtype is not out._dtype:
        vals = D.convert(vals, result._dtype, out._dtype)
    data = out._storage.data
    for p, v in zip(write_positions(out), vals):
        data[p] = v
    out._versions.bump()
    return out


def cast_check(result_dtype, out):
    if not D.can_cast(result_dtype, out._dtype):
        raise RuntimeError(f"result type {result_dtype._legacy} can't be cast to the desired output type "
                           f"{out._dtype._legacy}")


def write_out(out, result, check=cast_check, computed_in=None, check_first=True):
    """Steps 3 to 5 of the module's docstring, for a result computed without ``out``. ``computed_in``: the
    dtype a structured TensorIterator op computed in; when out has another one, torch resizes it twice
    (through a temporary result), so a resize warns twice. ``check_first=False``: the op resizes out
    before it checks the dtype (dot, bmm)."""
    if check is not None and check_first:
        check(result._dtype, out)
    twice = check is cast_check and computed_in is not None and computed_in is not out._dtype
    resize_output(out, result._shape, result._stride, warnings_given=2 if twice else 1)
    if check is not None and not check_first:
        check(result._dtype, out)
    return copy_result(out, result)


def writes_out(name, check=cast_check, computed_in="result", check_first=True):
    """Decorator: the torch function ``name`` (an implementation that computes a new result) also takes
    ``out=``. ``check(result_dtype, out)`` raises for an out dtype the op refuses (None: no check);
    ``computed_in``: for a structured TensorIterator op, the dtype it computes in, ``"result"`` (the
    result's) or ``"inputs"`` (the inputs' common dtype, for the comparisons); None otherwise;
    ``check_first``: see :func:`write_out`."""

    def decorate(fn):
        def with_out(*args, out=None, **kwargs):
            if out is None:
                return fn(*args, **kwargs)
            inputs = list(tensors_in(list(args) + list(kwargs.values())))
            check_autograd(name, out, inputs)
            check_overlap(out, inputs)
            with no_grad():
                result = fn(*args, **kwargs)
            if computed_in == "inputs":
                dtype = D.result_type(*[a for a in args if isinstance(a, Tensor) or is_number(a)])
            else:
                dtype = result._dtype if computed_in == "result" else None
            return write_out(out, result, check, dtype, check_first)

        with_out.__name__ = fn.__name__
        with_out.__qualname__ = fn.__qualname__
        with_out.__dict__.update(fn.__dict__)
        with_out.__wrapped__ = fn
        return with_out

    return decorate


def exact_dtype(message):
    """A check for ops whose out must have the result's dtype: ``message.format(out=..., result=...)``
    with each dtype's legacy name (``Float``) and C type name (``float``) as ``{out_c}``/``{result_c}``."""

    def check(result_dtype, out):
        if out._dtype is not result_dtype:
            raise RuntimeError(message.format(out=out._dtype._legacy, result=result_dtype._legacy,
                                              out_c=out._dtype._ctype, result_c=result_dtype._ctype))

    return check


# the out dtype checks of torch's ops that write only their own dtype
SAME_DTYPE = exact_dtype("Found dtype {out} but expected {result}")  # TensorIterator's check_all_same_dtype
MATRIX_PRODUCT = exact_dtype("Expected out tensor to have dtype {result_c}, but got {out_c} instead")  # mm, bmm
WHERE = exact_dtype("Expected out type to be {result} but got {out}")


def cat_check(result_dtype, out):
    """torch.cat's (and torch.stack's) check of out's dtype: a TypeError."""
    if not D.can_cast(result_dtype, out._dtype):
        raise TypeError(f"torch.cat(): input types can't be cast to the desired output type {out._dtype._legacy}")


def reduce_into(out, name, input, dtype, compute, float_only=False, all_dims=False):  # noqa: A002 - torch's name
    """out= of sum and mean: a ``dtype`` given must be out's; otherwise the reduction computes in out's dtype
    (``compute(dtype)``), which for ``float_only`` (mean) must be a floating one: mean over every element
    (``all_dims``, torch's mean.dtype_out) says so before it resizes out, mean over dims after."""
    check_autograd(name, out, [input])
    check_overlap(out, [input])
    if dtype is not None and dtype is not out._dtype:
        MATRIX_PRODUCT(dtype, out)
    refused = float_only and not out._dtype.is_floating_point
    if refused and all_dims:
        raise RuntimeError(f"mean.dtype_out(): input types can't be cast to the desired output type "
                           f"{out._dtype._legacy}")
    with no_grad():
        result = compute(out._dtype if not refused else None)
    if refused:
        resize_output(out, result._shape, result._stride)
        cast_check(result._dtype, out)
    return write_out(out, result, None)
