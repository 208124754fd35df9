"""Writing whole tensors in place: ``fill_``, ``zero_`` and ``copy_``."""

from .. import dtypes as D
from ..graph import Node, make_node
from ..iterator import check_inplace, copy_into, zeros
from ..registry import at, kernel, method
from ..shape import broadcast_shapes, fmt_list
from ..tensor import Tensor
from .rebase import rebase_history


@kernel
@method("fill_")
def fill_(t, value):
    return _fill(t, value, FillBackward2)


@method("zero_")
def zero_(t):
    return _fill(t, 0, ZeroBackward0)


def _fill(t, value, node_class):
    """fill_ and zero_: a 0-d tensor value is read as its number, and its gradient is the sum."""
    source = None
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise RuntimeError(
                f"fill_ only supports 0-dimension value tensor but got tensor with {value.dim()} dimensions."
            )
        source, value = value, value.item()
    recording = check_inplace(t, source)
    # torch checks the value's range, except for one float16 or bfloat16 element
    copy_into(t, D.checked_scalar(value, t._dtype, check_reduced=t.numel() != 1))
    if recording:
        node = make_node(FillBackward3, (t, source)) if source is not None else make_node(node_class, (t,))
        rebase_history(t, node)
    return t


@method("copy_")
def copy_(dst, src, non_blocking=False):
    if not isinstance(src, Tensor):  # torch's parser lets copy_ take a number, as a 0-d "wrapped number" tensor
        src = Tensor._from_values([src], (), D.bool_ if isinstance(src, bool) else
                                  D.int64 if isinstance(src, int) else D.float64)
    recording = check_inplace(dst, src)
    shape = broadcast_shapes(dst._shape, src._shape)  # torch's TensorIterator: its error for shapes that do not
    if tuple(shape) != tuple(dst._shape):              # broadcast, and the output's shape may not grow
        raise RuntimeError(
            f"output with shape {fmt_list(dst._shape)} doesn't match the broadcast shape {fmt_list(shape)}"
        )
    copy_into(dst, src)
    if recording:
        node = make_node(CopyBackwards, (dst, src))
        node.src_dtype, node.src_shape = src._dtype, tuple(src._shape)
        rebase_history(dst, node)
    return dst


# ------------------------------------------------------------------ their backward nodes
class CopyBackwards(Node):
    """dst.copy_(src) (and assignment): dst's old values get no gradient; src gets grad, in its own
    dtype, summed over what src was broadcast across."""

    _name = "torch::autograd::CopyBackwards"
    src_shape = None  # None: src had dst's shape (assignment expands it first)

    def __repr__(self):
        return f"<CopyBackwards object at {hex(id(self))}>"

    def apply(self, grad):
        g_src = None
        if self.needs(1):
            g_src = at.to_dtype(grad, self.src_dtype)
            if self.src_shape is not None and self.src_shape != tuple(grad._shape):
                g_src = at.sum_to(g_src, self.src_shape)
        return [zeros(grad._shape, grad._dtype) if self.needs(0) else None, g_src]


class FillBackward2(Node):
    _name = "FillBackward2"

    def apply(self, grad):
        return [zeros(grad._shape, grad._dtype)]


class ZeroBackward0(FillBackward2):
    _name = "ZeroBackward0"


class FillBackward3(Node):
    _name = "FillBackward3"

    def apply(self, grad):
        return [zeros(grad._shape, grad._dtype) if self.needs(0) else None, at.sum(grad) if self.needs(1) else None]
