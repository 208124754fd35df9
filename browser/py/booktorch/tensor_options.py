"""The options every tensor factory takes (ATen's TensorOptions): ``dtype=``, ``layout=``, ``device=``,
``pin_memory=``, ``requires_grad=``, ``out=`` and, for the ``*_like`` forms, ``memory_format=``.

The functions apply the values torch's parser read (a dict by torch's names, see :mod:`booktorch.binding`)
with torch's checks, in torch's order: the device, then pinned memory, then negative sizes;
``requires_grad`` last, after the values.
"""

from . import dtypes as D
from .devices import check_device
from .graph import needs_grad
from .out_arguments import resize_output, warn
from .shape import contiguous_strides, fmt_list, numel, preserve_strides
from .storage import Storage
from .tensor import Tensor

NO_PINNED_MEMORY = (
    "pin_memory=True requires a CUDA or other accelerator backend; no pinned memory allocator is available on "
    "this system."
)


def check_placement(a, name):
    """device= and pin_memory= (torch's errors for anything but ordinary CPU memory)."""
    check_device(name, a.get("device"))
    if a.get("pin_memory"):
        raise RuntimeError(NO_PINNED_MEMORY)


def check_sizes(shape):
    for s in shape:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {fmt_list(shape)}")


def filled(shape, value, dt, stride=None):
    """A new tensor of ``shape`` whose elements are all ``value`` (already of dtype ``dt``)."""
    values = [value] * numel(shape)
    if stride is None or tuple(stride) == contiguous_strides(shape):
        return Tensor._from_values(values, tuple(shape), dt)
    return Tensor._make(Storage(values, dt.itemsize), tuple(shape), tuple(stride), 0, dt)


def new(a, shape, name, dtype=None, out_name=None):
    """The tensor a factory fills: ``out=`` (checked), or a new contiguous one of zeros.

    ``dtype`` is the factory's default when ``dtype=`` is not given (else the default float dtype);
    ``out_name`` is what torch's out=-with-autograd error calls the function (``aten::rand()``)."""
    dt = a.get("dtype") or dtype or D.get_default_dtype()
    check_placement(a, name)
    check_sizes(shape)
    out = a.get("out")
    if out is None:
        return filled(shape, D.zero_of(dt), dt)
    return checked_out(out, shape, a.get("dtype"), out_name or f"aten::{name}()")


def checked_out(out, shape, dtype, where, by_numel=False):
    """``out=`` of a factory: the dtype given must be out's, and out must not need autograd (torch's messages);
    an out of another shape (``by_numel``: of another number of elements, as arange and linspace check) is
    resized, without a warning but arange's; it counts one write."""
    if dtype is not None and dtype is not out._dtype:
        raise RuntimeError(f"dtype {dtype._legacy} does not match dtype of out parameter ({out._dtype._legacy})")
    if needs_grad(out):
        raise RuntimeError(
            f"{where}: functions with out=... arguments don't support automatic differentiation, but one of the "
            "arguments requires grad."
        )
    if not by_numel or numel(out._shape) != numel(shape):
        if by_numel and where == "aten::arange()" and numel(out._shape):
            warn(_ARANGE_RESIZED.format(shape=fmt_list(out._shape), n=numel(out._shape), size=numel(shape)))
        resize_output(out, shape, warn_if_resized=False)
    return out


_ARANGE_RESIZED = (
    "The number of elements in the out tensor of shape {shape} is {n} which does not match the computed number of "
    "elements {size}. Note that this may occur as a result of rounding error. The out tensor will be resized to a "
    "tensor of shape ({size},). (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/RangeFactories.cpp:199.)"
)


def like(a, name, value=None):
    """``full_like(input, value, dtype=, memory_format=)`` (zeros without a value): the input's shape, and its
    strides when it is dense (torch's preserve_format, the default), or contiguous ones."""
    x = a["input"]
    dt = a.get("dtype") or x._dtype
    check_placement(a, name)
    fmt = a.get("memory_format")
    if fmt is None or repr(fmt) == "torch.preserve_format":
        stride = preserve_strides(x._shape, x._stride)
    else:
        stride = contiguous_strides(x._shape)
    # fill_'s check: the value must fit the dtype, except for a single float16/bfloat16 element
    v = D.zero_of(dt) if value is None else D.checked_scalar(value, dt, check_reduced=x.numel() != 1)
    return filled(x._shape, v, dt, stride)


def set_requires_grad(t, a):
    """The factory's requires_grad= (torch sets it on ``out=`` too: ``requires_grad=False`` clears it)."""
    if a.get("requires_grad") and not t._dtype.is_floating_point:
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    t._requires_grad = bool(a.get("requires_grad"))
    return t
