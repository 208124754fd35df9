"""Splitting a tensor into views: ``split`` (a size or a list of sizes), ``split_with_sizes``, ``chunk``
and ``unbind``, with their backward nodes (SplitBackward0, SplitWithSizesBackward0, UnbindBackward0).

Each returns a tuple of views of the input (``narrow``/``select``), and one backward node shared by all of
them (each output has its ``output_nr``); the gradient of an output that was not used is zeros, and the
pieces are joined with ``cat`` (``stack`` for unbind), as torch's split_backward does.
"""

from .. import dtypes as D
from ..graph import Node, record, saved_ints
from ..grad_mode import no_grad
from ..iterator import zeros
from ..registry import at, function, kernel, method
from ..shape import fmt_list, wrap_dim
from ..binding import parse_under_python, parsed
from ..signatures import type_name
from ..tensor import Tensor


def _pieces(t, d, sizes):
    """Views of t along dimension d of the given sizes, made without autograd."""
    out = []
    start = 0
    with no_grad():
        for n in sizes:
            out.append(at.slice_(t, d, start, start + n, 1))
            start += n
    return out


def _split_sizes(t, split_size, dim):
    """get_num_splits: the sizes torch's split(int) cuts dimension ``dim`` into."""
    if t.dim() == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    if split_size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={split_size}")
    size = t._shape[wrap_dim(dim, t.dim())]
    if split_size == 0 and size != 0:
        raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got dimension size of {size}")
    n = max((size + split_size - 1) // split_size, 1) if split_size else 1
    return [split_size] * (n - 1) + [split_size - (split_size * n - size)]


@kernel
def split(t, split_size, dim=0):
    sizes = _split_sizes(t, split_size, dim)
    d = wrap_dim(dim, t.dim())
    outs = _pieces(t, d, sizes)
    node = record(SplitBackward0, (t,), outs, dim=saved_ints(dim), self_sym_sizes=tuple(t._shape),
                  split_size=split_size)
    if node is not None:
        node.dim = d
    return tuple(outs)


@kernel
def split_with_sizes(t, split_sizes, dim=0):
    if t.dim() == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    d = wrap_dim(dim, t.dim())
    size = t._shape[d]
    split_sizes = list(split_sizes)
    for n in split_sizes:
        if n < 0:
            raise RuntimeError(
                "split_with_sizes expects split_sizes have only non-negative entries, but got "
                f"split_sizes={fmt_list(split_sizes)}"
            )
    if sum(split_sizes) != size:
        raise RuntimeError(
            f"split_with_sizes expects split_sizes to sum exactly to {size} (input tensor's size at dimension {dim}), "
            f"but got split_sizes={fmt_list(split_sizes)}"
        )
    outs = _pieces(t, d, split_sizes)
    node = record(SplitWithSizesBackward0, (t,), outs, dim=saved_ints(dim), self_sym_sizes=tuple(t._shape),
                  split_sizes=tuple(split_sizes))
    if node is not None:
        node.dim = d
    return tuple(outs)


@kernel
def chunk(t, chunks, dim=0):
    if t.dim() == 0:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    size = t._shape[wrap_dim(dim, t.dim())]
    split_size = (size + chunks - 1) // chunks
    if split_size == 0 and size == 0:  # torch keeps the number of (empty) chunks
        return split_with_sizes(t, [0] * chunks, dim)
    return split(t, split_size, dim)


@kernel
def unbind(t, dim=0):
    d = wrap_dim(dim, t.dim())  # a 0-d tensor's dims are -1 and 0, as torch wraps them, then refused
    if t.dim() == 0:
        raise IndexError(f"Dimension specified as {d} but tensor has no dimensions")
    with no_grad():
        outs = [at.select(t, d, i) for i in range(t._shape[d])]
    if outs:
        node = record(UnbindBackward0, (t,), outs, dim=saved_ints(dim))
        if node is not None:
            node.dim = d
    return tuple(outs)


# ------------------------------------------------------------------ tensor_split, hsplit, vsplit, dsplit
def _check_split_dims(t):
    if t.dim() == 0:
        raise RuntimeError(f"tensor_split expected at least a 1-dimensional tensor, but got a tensor with {t.dim()} dims")


@kernel
def tensor_split_sections(t, sections, dim=0):
    """``sections`` slices (SliceBackward0 each, as torch's composite op), the first ones one longer."""
    _check_split_dims(t)
    d = wrap_dim(dim, t.dim())
    if sections <= 0:
        raise RuntimeError(f"number of sections must be larger than 0, got {sections}")
    size = t._shape[d]
    out = []
    start = 0
    for i in range(sections):
        n = size // sections + (1 if i < size % sections else 0)
        out.append(at.slice_(t, d, start, start + n))
        start += n
    return tuple(out)


@kernel
def tensor_split_indices(t, indices, dim=0):
    """The slices between consecutive ``indices`` (slice's clamping: an index may pass the end)."""
    _check_split_dims(t)
    d = wrap_dim(dim, t.dim())
    bounds = [0] + list(indices)
    ends = list(indices) + [t._shape[d]]
    return tuple(at.slice_(t, d, a, b) for a, b in zip(bounds, ends))


# torch's parser (booktorch/binding.py) has read the overload: the values name it (indices, a tensor, sections)
def _tensor_split(t, a):
    dim = a["dim"]
    if "indices" in a:
        return tensor_split_indices(t, a["indices"], dim)
    if "sections" in a:
        return tensor_split_sections(t, a["sections"], dim)
    split = a["tensor_indices_or_sections"]
    _check_split_dims(t)
    if split._dtype is not D.int64:
        raise RuntimeError(
            f"tensor_split expected tensor_indices_or_sections to have dtype of long, but got {split._dtype._legacy}"
        )
    if split.dim() > 1:
        raise RuntimeError("tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                           f"one-dimensional tensor, but got a tensor with {split.dim()} dims")
    if split.dim() == 0:
        return tensor_split_sections(t, split.item(), dim)
    return tensor_split_indices(t, split.tolist(), dim)


@method("tensor_split")
@parsed
def tensor_split_method(self, **a):
    return _tensor_split(self, a)


@function("tensor_split")
@parsed
def tensor_split_function(input, **a):  # noqa: A002 - torch's name
    return _tensor_split(input, a)


def _directional_split(name, least, dim_of):
    """hsplit/vsplit/dsplit: tensor_split along one dimension; an int must divide that dimension's size."""
    @parsed
    def split_along(t, **a):
        if t.dim() < least:
            raise RuntimeError(f"torch.{name} requires a tensor with at least {least} dimension, but got a tensor "
                               f"with {t.dim()} dimensions!")
        d = dim_of(t)
        if "indices" in a:
            return tensor_split_indices(t, a["indices"], d)
        sections = a["sections"]
        if sections == 0 or t._shape[d] % sections != 0:
            raise RuntimeError(f"torch.{name} attempted to split along dimension {d}, but the size of the dimension "
                               f"{t._shape[d]} is not divisible by the split_size {sections}!")
        return tensor_split_sections(t, sections, d)

    @parsed
    def as_function(input, **a):  # noqa: A002 - torch's name
        return split_along(input, **a)

    split_along.__name__ = split_along.__qualname__ = as_function.__name__ = as_function.__qualname__ = name
    method(name)(split_along)
    function(name)(as_function)


_directional_split("hsplit", 1, lambda t: 0 if t.dim() == 1 else 1)
_directional_split("vsplit", 2, lambda t: 0)
_directional_split("dsplit", 3, lambda t: 2)


def _listed(grads):
    """The engine hands a node of one output its gradient alone, and a node of several a list of them."""
    return grads if isinstance(grads, list) else [grads]


def _filled(grads, shapes, like):
    """The gradients of the outputs, zeros for those that got none."""
    return [g if g is not None else zeros(shape, like._dtype) for g, shape in zip(grads, shapes)]


def _first(grads):
    return next(g for g in grads if g is not None)


def _split_backward(grads, sizes, dim, self_sizes):
    shapes = []
    for n in sizes:
        shape = list(self_sizes)
        shape[dim] = n
        shapes.append(shape)
    return [at.cat(_filled(grads, shapes, _first(grads)), dim)]


class SplitBackward0(Node):
    _name = "SplitBackward0"

    def apply(self, grads):
        grads = _listed(grads)
        sv = self._svals
        sizes = [sv["split_size"]] * len(grads)
        sizes[-1] = sv["split_size"] - (sv["split_size"] * len(grads) - sv["self_sym_sizes"][self.dim])
        return _split_backward(grads, sizes, self.dim, sv["self_sym_sizes"])


class SplitWithSizesBackward0(Node):
    _name = "SplitWithSizesBackward0"

    def apply(self, grads):
        sv = self._svals
        return _split_backward(_listed(grads), sv["split_sizes"], self.dim, sv["self_sym_sizes"])


class UnbindBackward0(Node):
    _name = "UnbindBackward0"

    def apply(self, grads):
        grads = _listed(grads)
        like = _first(grads)
        filled = [g if g is not None else at.expand(zeros((), like._dtype), like._shape) for g in grads]
        return [at.stack(filled, self.dim)]


# ------------------------------------------------------------------ the Tensor and torch API
@method("split")
def split_method(self, split_size, dim=0):
    """Tensor.split (torch/_tensor.py): an int (or one-element tensor) size goes to torch._VF.split, anything
    else to torch._VF.split_with_sizes, each with its C++ parser."""
    if isinstance(split_size, Tensor):
        try:
            split_size = int(split_size)
        except ValueError:
            pass
    if isinstance(split_size, int):  # True too, as in torch's Python: torch._VF.split refuses it
        _, a = parse_under_python("torch", "split", (self, split_size, dim))
        return split(self, a["split_size"], a["dim"])
    _, a = parse_under_python("torch", "split_with_sizes", (self, split_size, dim))
    return split_with_sizes(self, a["split_sizes"], a["dim"])


@function("split")
def split_function(tensor, split_size_or_sections, dim=0):
    if isinstance(tensor, Tensor):
        return split_method(tensor, split_size_or_sections, dim)
    if hasattr(type(tensor), "split"):  # torch.split calls tensor.split, whatever tensor is ('a b'.split...)
        return tensor.split(split_size_or_sections, dim)
    raise AttributeError(f"'{type_name(tensor)}' object has no attribute 'split'")


# torch's parser (booktorch/binding.py) has read these arguments
@method("split_with_sizes")
@function("split_with_sizes")
def split_with_sizes_api(self, split_sizes, dim=0):
    return split_with_sizes(self, list(split_sizes), dim)


@method("chunk")
@function("chunk")
def chunk_api(self, chunks, dim=0):
    return chunk(self, chunks, dim)


@method("unbind")
@function("unbind")
def unbind_api(self, dim=0):
    return unbind(self, dim)
