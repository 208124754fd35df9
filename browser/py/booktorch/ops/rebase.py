"""An in-place op's backward joining the history of the tensor it wrote (torch's rebase_history).

Written directly, a tensor takes the op's node as its grad_fn. Written through a view, the
view's base takes a ``CopySlices`` around the op's node: the base's gradient is the incoming one
with the view's part replaced by what the op's node gives for it. In both cases every view of that
base now reads its history through the base, so each gets an ``AsStridedBackward0`` of the base,
as torch regenerates them.
"""

import weakref

from .. import dtypes as D
from ..graph import Node, attach
from ..iterator import copy_into, new_strided
from ..registry import at
from ..shape import is_non_overlapping_and_dense, contiguous_strides, positions
from ..tensor import Tensor


def rebase_history(t, node, views=()):
    """Make ``node`` (the backward of an in-place write into ``t``) part of t's history."""
    if t._base is None:
        t._grad_fn = None  # the node's edges lead to t's old history
        attach(node, t)
        _regenerate(t, views)
        return
    root = t._base
    copy = CopySlices(root, t, node)
    root._grad_fn = None
    attach(copy, root)
    _regenerate(root, (t, *views))


def _regenerate(root, extra):
    """Each live view of ``root`` (tensor.py lists those of a non-leaf made with grad mode on), and
    ``extra``, reads its history through the root again."""
    refs = root.__dict__.get("_views", [])
    live = [v for v in (ref() for ref in refs) if v is not None]
    root.__dict__["_views"] = [weakref.ref(v) for v in live]
    seen = set()
    for view in live + [v for v in extra if v._base is root]:
        if id(view) not in seen:
            seen.add(id(view))
            view._grad_fn = None
            attach(AsStridedBackward0(root, view), view)


class CopySlices(Node):
    """A write into a view of the base: the base's gradient is the incoming gradient with the view's
    part replaced by what the write's own backward (``fn``) gives for it; the write's other inputs
    get the rest of fn's gradients. Its edges: the base's old history, then fn's other edges."""

    _name = "torch::autograd::CopySlices"

    def __init__(self, base, view, fn):
        super().__init__([base])
        self.next_functions = self.next_functions + tuple(fn.next_functions[1:])
        self._meta = self._meta + list(fn._meta[1:])
        self.base = (base._shape, base._stride)
        self.view = (view._shape, view._stride, view._offset - base._offset)
        self.fn = fn

    def __repr__(self):
        return f"<CopySlices object at {hex(id(self))}>"

    def apply(self, grad):
        result = new_strided(grad._values(), *self.base, grad._dtype)
        grad_slice = Tensor._make(result._storage, *self.view, grad._dtype)
        res = self.fn.apply(at.clone(grad_slice, contiguous=True))
        if self.needs(0):
            copy_into(grad_slice, res[0])
        return [result if self.needs(0) else None] + list(res[1:])

    def release_variables(self):
        super().release_variables()
        self.fn.release_variables()


class AsStridedBackward0(Node):
    """A view read through its base's history: the gradient lands on the view's elements of a
    zero gradient for the base."""

    _name = "AsStridedBackward0"

    def __init__(self, base, view):
        super().__init__([base])
        stride = base._stride if is_non_overlapping_and_dense(base._shape, base._stride) \
            else contiguous_strides(base._shape)
        self.base = (base._shape, base._stride, base._offset, stride)
        self.view = (view._shape, view._stride, view._offset)

    def apply(self, grad):
        shape, stride, offset, out_stride = self.base
        logical = {p: i for i, p in enumerate(positions(shape, stride, offset))}
        vals = [D.zero_of(grad._dtype)] * len(logical)
        written = set()
        for p, v in zip(positions(*self.view), grad._values()):
            i = logical[p]
            if i in written:  # an overlapping view (expand): its elements' gradients add up
                vals[i] = D.round_values([vals[i] + v], grad._dtype)[0]
            else:
                vals[i] = v
                written.add(i)
        return [new_strided(vals, shape, out_stride, grad._dtype) if self.needs(0) else None]
