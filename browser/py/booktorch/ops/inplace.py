"""In-place forms of elementwise ops (``x.exp_()``, ``x.clamp_(0, 1)``, ``x += y``...): one helper for all.

Torch computes an in-place op into ``self`` and, when autograd records it, gives ``self`` the op's
backward node (``ExpBackward0`` for ``exp_``): the node's edges lead to ``self``'s old history, a
saved ``self`` is a copy of the values before the write (torch's ``original_self``), and a saved
result is ``self`` itself after the write.  :func:`inplace` does that for any out-of-place op:
it runs the op, checks that the result fits ``self`` (shape, and a dtype it can be cast to),
writes it, and moves the node onto ``self``.
"""

from .. import dtypes as D
from ..graph import SavedTensor
from ..iterator import check_inplace, shape_of, write_positions
from ..registry import at, kernel
from ..shape import broadcast_shapes, fmt_list
from ..tensor import Tensor
from .rebase import rebase_history


def _check_fits(t, shape, dtype):
    if tuple(shape) != tuple(t._shape):
        raise RuntimeError(
            f"output with shape {fmt_list(t._shape)} doesn't match the broadcast shape {fmt_list(shape)}"
        )
    if not D.can_cast(dtype, t._dtype):
        raise RuntimeError(
            f"result type {dtype._legacy} can't be cast to the desired output type {t._dtype._legacy}"
        )


@kernel
def inplace(t, fn, *args, **kwargs):
    """``t.<op>_(*args)``: ``fn(t, *args, **kwargs)`` (the out-of-place op) written into ``t``."""
    return _write(t, fn, args, kwargs, None)


@kernel
def inplace_promoted(t, fn, other):
    """``inplace`` for a binary op whose kernel refuses some dtypes (the bitwise ops refuse floats): torch
    checks that the promoted type can be written into ``t`` before the kernel runs, so ``ints &= 1.5``
    reports the cast, not the kernel."""

    def check():
        _check_fits(t, broadcast_shapes(t._shape, shape_of(other)), D.result_type(t, other))

    return _write(t, fn, (other,), {}, check)


def _write(t, fn, args, kwargs, check):
    """torch's order: autograd's checks, the written-to memory, ``check()``, then the op."""
    others = [a for a in args if isinstance(a, Tensor)] + [v for v in kwargs.values() if isinstance(v, Tensor)]
    record = check_inplace(t, *others)
    targets = write_positions(t)
    if check is not None:
        check()
    out = fn(t, *args, **kwargs)
    _check_fits(t, out._shape, out._dtype)
    node = out._grad_fn if record else None
    if node is not None:
        for key, saved in node._stensors.items():
            if saved is not None and saved.tensor is t:  # torch saves a copy of self as it was (a recorded clone)
                node._stensors[key] = SavedTensor(at.clone(t), False)
    vals = out._values()
    if out._dtype is not t._dtype:
        vals = D.convert(vals, out._dtype, t._dtype)
    data = t._storage.data
    for p, v in zip(targets, vals):
        data[p] = v
    t._versions.bump()
    if node is not None:
        for key, saved in node._stensors.items():
            if saved is not None and saved.tensor is out:  # the result is self, after the write
                node._stensors[key] = SavedTensor(t, True)
        if isinstance(getattr(node, "_op", None), str):
            node._op += "_"  # a NotImplemented node names the in-place op ("aten::floor_divide_")
        rebase_history(t, node)
    return t

