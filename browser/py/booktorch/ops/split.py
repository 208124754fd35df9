"""Splitting a tensor into views: ``split`` (a size or a list of sizes), ``split_with_sizes``, ``chunk``
and ``unbind``, with their backward nodes (SplitBackward0, SplitWithSizesBackward0, UnbindBackward0).

Each returns a tuple of views of the input (``narrow``/``select``), and one backward node shared by all of
them (each output has its ``output_nr``); the gradient of an output that was not used is zeros, and the
pieces are joined with ``cat`` (``stack`` for unbind), as torch's split_backward does.
"""

from ..graph import Node, attach_outputs, needs_grad
from ..grad_mode import no_grad
from ..iterator import zeros
from ..registry import at, function, kernel, method
from ..shape import fmt_list, wrap_dim
from ..tensor import Tensor, parse_int_list


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
    if needs_grad(t):
        attach_outputs(SplitBackward0([t], dim=d, self_sym_sizes=tuple(t._shape), split_size=split_size), outs)
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
    if needs_grad(t):
        node = SplitWithSizesBackward0([t], dim=d, self_sym_sizes=tuple(t._shape), split_sizes=tuple(split_sizes))
        attach_outputs(node, outs)
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
    if t.dim() == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    d = wrap_dim(dim, t.dim())
    with no_grad():
        outs = [at.select(t, d, i) for i in range(t._shape[d])]
    if needs_grad(t) and outs:
        attach_outputs(UnbindBackward0([t], dim=d), outs)
    return tuple(outs)


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
    formulas = ("cat(grads, dim)",)

    def apply(self, grads):
        sv = self._svals
        sizes = [sv["split_size"]] * len(grads)
        sizes[-1] = sv["split_size"] - (sv["split_size"] * len(grads) - sv["self_sym_sizes"][sv["dim"]])
        return _split_backward(grads, sizes, sv["dim"], sv["self_sym_sizes"])


class SplitWithSizesBackward0(Node):
    _name = "SplitWithSizesBackward0"
    formulas = ("cat(grads, dim)",)

    def apply(self, grads):
        sv = self._svals
        return _split_backward(grads, sv["split_sizes"], sv["dim"], sv["self_sym_sizes"])


class UnbindBackward0(Node):
    _name = "UnbindBackward0"
    formulas = ("stack(grads, dim)",)

    def apply(self, grads):
        like = _first(grads)
        filled = [g if g is not None else at.expand(zeros((), like._dtype), like._shape) for g in grads]
        return [at.stack(filled, self._svals["dim"])]


# ------------------------------------------------------------------ the Tensor and torch API
def _int_arg(name, what, value, position):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}(): argument '{what}' (position {position}) must be int, not {type(value).__name__}")


def _sizes_arg(value, position):
    return list(parse_int_list(value, "split_with_sizes", "split_sizes", position, allow_int=False))


def _split_error(split_size, dim):
    got = f"Tensor, {type(split_size).__name__}, {type(dim).__name__}"
    int_ok = isinstance(split_size, int) and not isinstance(split_size, bool)
    dim_ok = isinstance(dim, int) and not isinstance(dim, bool)
    first = f"Tensor, {'int' if int_ok else '!' + type(split_size).__name__ + '!'}, " + (
        type(dim).__name__ if dim_ok and int_ok else f"!{type(dim).__name__}!")
    second = f"Tensor, !{type(split_size).__name__}!, !{type(dim).__name__}!"
    return TypeError(
        f"split() received an invalid combination of arguments - got ({got}), but expected one of:\n"
        " * (Tensor input, int split_size, int dim = 0)\n"
        f"      didn't match because some of the arguments have invalid types: ({first})\n"
        " * (Tensor input, tuple of ints split_size, int dim = 0)\n"
        f"      didn't match because some of the arguments have invalid types: ({second})\n"
    )


@method("split")
def split_method(self, split_size, dim=0):
    """Tensor.split (torch/_tensor.py): an int (or one-element tensor) size, or a list of sizes."""
    if isinstance(split_size, Tensor):
        try:
            split_size = int(split_size)
        except ValueError:
            pass
    if isinstance(split_size, int) and not isinstance(split_size, bool):
        if isinstance(dim, bool) or not isinstance(dim, int):
            raise _split_error(split_size, dim)
        return split(self, split_size, dim)
    if isinstance(split_size, bool):
        raise _split_error(split_size, dim)
    sizes = _sizes_arg(split_size, 2)
    _int_arg("split_with_sizes", "dim", dim, 3)
    return split_with_sizes(self, sizes, dim)


@function("split")
def split_function(tensor, split_size_or_sections, dim=0):
    if not isinstance(tensor, Tensor):  # torch.split calls tensor.split
        raise AttributeError(f"'{type(tensor).__name__}' object has no attribute 'split'")
    return split_method(tensor, split_size_or_sections, dim)


@method("split_with_sizes")
def split_with_sizes_method(self, split_sizes, dim=0):
    sizes = _sizes_arg(split_sizes, 1)
    _int_arg("split_with_sizes", "dim", dim, 2)
    return split_with_sizes(self, sizes, dim)


@method("chunk")
def chunk_method(self, chunks, dim=0):
    _int_arg("chunk", "chunks", chunks, 1)
    _int_arg("chunk", "dim", dim, 2)
    return chunk(self, chunks, dim)


@function("chunk", tensor_input=True)
def chunk_function(input, chunks, dim=0):
    _int_arg("chunk", "chunks", chunks, 2)
    _int_arg("chunk", "dim", dim, 3)
    return chunk(input, chunks, dim)


@method("unbind")
def unbind_method(self, dim=0):
    _int_arg("unbind", "dim", dim, 1)
    return unbind(self, dim)


@function("unbind", tensor_input=True)
def unbind_function(input, dim=0):
    _int_arg("unbind", "dim", dim, 2)
    return unbind(input, dim)
