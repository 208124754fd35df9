"""Writing whole tensors in place: ``fill_``, ``zero_`` and ``copy_``."""

from .. import dtypes as D
from ..errors import unsupported
from ..iterator import check_inplace, copy_into
from ..registry import at, kernel, method
from ..shape import broadcast_shapes
from ..tensor import Tensor


@kernel
@method("fill_")
def fill_(t, value):
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise RuntimeError(
                f"fill_ only supports 0-dimension value tensor but got tensor with {value.dim()} dimensions."
            )
        value = value.item()
    check_inplace(t)
    # torch checks the value's range, except for one float16 or bfloat16 element
    copy_into(t, D.checked_scalar(value, t._dtype, check_reduced=t.numel() != 1))
    return t


@method("zero_")
def zero_(t):
    return fill_(t, 0)


@method("copy_")
def copy_(dst, src, non_blocking=False):
    if not isinstance(src, Tensor):
        raise TypeError(f"copy_(): argument 'src' (position 1) must be Tensor, not {type(src).__name__}")
    if check_inplace(dst, src):
        raise unsupported("copy_ into a tensor that requires grad")
    try:
        broadcast_shapes(dst._shape, src._shape)
    except RuntimeError:
        pass
    at.expand(at.detach(src), dst._shape)  # raises torch's expand error when shapes are incompatible
    copy_into(dst, src)
    return dst
