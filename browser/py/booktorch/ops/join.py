"""Joining tensors: ``cat`` (``concat``, ``concatenate``), ``stack``, ``hstack``, ``vstack`` (``row_stack``),
``dstack`` and ``column_stack``, with their backward nodes (CatBackward0, StackBackward0).

``cat`` promotes its inputs to their common dtype (``torch.promote_types`` over all of them) and, as torch
still does, skips 1-d empty tensors when checking sizes; the result is contiguous.  The ``*stack`` functions
first give every input at least the rank they join along (``atleast_1d/2d/3d``: a reshape or unsqueeze
that autograd records) and then ``cat``.
"""

from .. import dtypes as D
from ..graph import Node, record, saved_ints
from ..grad_mode import no_grad
from ..iterator import copy_into, zeros
from ..out_arguments import cat_check, writes_out
from ..registry import at, function, kernel
from ..shape import fmt_list, wrap_dim
from ..tensor import Tensor


def _legacy_empty(t):
    return t.dim() == 1 and t._shape[0] == 0


@kernel
def cat(tensors, dim=0):
    if len(tensors) == 0:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    for i, t in enumerate(tensors):
        if t.dim() == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    ref = next((t for t in tensors if not _legacy_empty(t)), None)
    dt = tensors[0]._dtype
    for t in tensors[1:]:
        dt = D.promote_types(dt, t._dtype)
    if ref is None:
        return _record_cat(Tensor._from_values([], (0,), dt), tensors, dim)
    d = wrap_dim(dim, ref.dim())
    for i, t in enumerate(tensors):
        if _legacy_empty(t):
            continue
        if t.dim() != ref.dim():
            raise RuntimeError(f"Tensors must have same number of dimensions: got {ref.dim()} and {t.dim()}")
        for k in range(ref.dim()):
            if k != d and t._shape[k] != ref._shape[k]:
                raise RuntimeError(
                    f"Sizes of tensors must match except in dimension {d}. Expected size {ref._shape[k]} but "
                    f"got size {t._shape[k]} for tensor number {i} in the list."
                )
    shape = list(ref._shape)
    used = [t for t in tensors if not _legacy_empty(t)]
    shape[d] = sum(t._shape[d] for t in used)
    out = zeros(shape, dt)
    start = 0
    for t in used:
        n = t._shape[d]
        copy_into(at.slice_(at.detach(out), d, start, start + n, 1), t)
        start += n
    out._versions.version = 0
    return _record_cat(out, tensors, dim)


def _record_cat(out, tensors, dim):
    node = record(CatBackward0, tensors, out, dim=saved_ints(dim))
    if node is not None:
        node.dim = dim
        node.sizes = [t._shape for t in tensors]  # not one of torch's saved values
    return out


@kernel
def stack(tensors, dim=0):
    if len(tensors) == 0:
        raise RuntimeError("stack expects a non-empty TensorList")
    ref = tensors[0]
    d = wrap_dim(dim, ref.dim() + 1)
    for i, t in enumerate(tensors[1:], 1):
        if t._shape != ref._shape:
            raise RuntimeError(
                f"stack expects each tensor to be equal size, but got {fmt_list(ref._shape)} at entry 0 and "
                f"{fmt_list(t._shape)} at entry {i}"
            )
    with no_grad():
        out = cat([at.unsqueeze(t, d) for t in tensors], d)
    node = record(StackBackward0, tensors, out, dim=saved_ints(dim))
    if node is not None:
        node.dim = dim
    return out


class CatBackward0(Node):
    _name = "CatBackward0"

    def apply(self, grad):
        dim = self.dim
        outs = []
        start = 0
        for size in self.sizes:
            if len(size) == 1 and size[0] == 0:  # a skipped 1-d empty input gets an empty gradient
                outs.append(zeros((0,), grad._dtype))
                continue
            n = size[dim]
            outs.append(at.slice_(grad, dim, start, start + n, 1))
            start += n
        return outs


class StackBackward0(Node):
    _name = "StackBackward0"

    def apply(self, grad):
        return [at.select(grad, self.dim, i) for i in range(len(self.next_functions))]


# ------------------------------------------------------------------ the *stack family
def _atleast(t, rank):
    """atleast_1d/2d/3d: 0-d reshaped, 1-d unsqueezed in front (and, for 3-d, at the end), 2-d at the end."""
    if t.dim() >= rank:
        return t
    if t.dim() == 0:
        return at.reshape(t, (1,) * rank)
    if t.dim() == 1:
        t = at.unsqueeze(t, 0)
        return at.unsqueeze(t, -1) if rank == 3 else t
    return at.unsqueeze(t, -1)


def _nonempty(tensors, name):
    if len(tensors) == 0:
        raise RuntimeError(f"{name} expects a non-empty TensorList")


def _hstack(tensors, name):
    _nonempty(tensors, name)
    rep = [_atleast(t, 1) for t in tensors]
    return cat(rep, 0 if rep[0].dim() == 1 else 1)


@function("hstack")
def hstack(tensors):
    return _hstack(tensors, "hstack")


def _vstack(tensors, name):
    _nonempty(tensors, "vstack")
    return cat([_atleast(t, 2) for t in tensors], 0)


@function("vstack")
def vstack(tensors):
    return _vstack(tensors, "vstack")


@function("row_stack")
def row_stack(tensors):
    return _vstack(tensors, "row_stack")


@function("dstack")
def dstack(tensors):
    _nonempty(tensors, "dstack")
    return cat([_atleast(t, 3) for t in tensors], 2)


@function("column_stack")
def column_stack(tensors):
    _nonempty(tensors, "column_stack")
    return _hstack([at.reshape(t, (t.numel(), 1)) if t.dim() <= 1 else t for t in tensors], "hstack")


def _cat_form(name):
    def cat_function(tensors, dim=0):
        return cat(tensors, dim)

    cat_function.__name__ = cat_function.__qualname__ = name
    return cat_function


def _cat_out_form(name):
    """cat(out=): torch checks out's dtype against the inputs' before it looks at their shapes."""
    cat_function = _cat_form(name)
    into_out = writes_out("cat", cat_check, computed_in=None)(cat_function)

    def with_out(tensors, dim=0, *, out=None):
        if out is not None and tensors and all(isinstance(t, Tensor) for t in tensors):
            cat_check(D.result_type(*tensors), out)
        return into_out(tensors, dim, out=out)

    with_out.__name__ = with_out.__qualname__ = name
    return with_out


for _name in ("cat", "concat", "concatenate"):
    function(_name, takes_out=True)(_cat_out_form(_name))
del _name


@function("stack", takes_out=True)
def stack_function(tensors, dim=0, *, out=None):
    """stack(out=): along a new last dim torch concatenates (checking out's dtype first); otherwise it
    resizes out before it checks the dtype."""
    if out is None:
        return stack(tensors, dim)
    last = bool(tensors) and isinstance(tensors[0], Tensor) and dim in (-1, tensors[0].dim())
    return writes_out("stack", cat_check, computed_in=None, check_first=last)(stack)(tensors, dim, out=out)
