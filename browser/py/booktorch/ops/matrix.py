"""Diagonals and triangles of matrices: diagonal, diag, diag_embed, trace, triu and tril.

``diagonal`` is a view (its stride is the sum of the two dims' strides); ``diag`` of a matrix
is a contiguous copy (torch records ``DiagonalBackward0_copy``), of a vector a new matrix
(``DiagEmbedBackward0``).  ``trace`` adds the diagonal as ATen's ``trace_cpu`` does: in
double for float32 and float64 (float for float16 and bfloat16), into an int64 for integers.
"""

from .. import dtypes as D
from ..graph import Node, record, saved_ints
from ..iterator import copy_into, zeros
from ..registry import at, function, kernel, method
from ..shape import wrap_dim
from ..tensor import Tensor


def _record(node_class, inputs, out, args=(), **values):
    """:func:`~booktorch.graph.record`, and ``args`` for the node: what its backward reads (the dims and
    offsets as given; ``values`` are its ``_saved_*`` values as torch shows them)."""
    node = record(node_class, inputs, out, **values)
    if node is not None:
        node.args = args
    return out


def _diagonal_layout(x, offset, dim1, dim2):
    """The shape, strides and storage offset of ``x.diagonal(offset, dim1, dim2)``."""
    nd = x.dim()
    d1, d2 = wrap_dim(dim1, nd), wrap_dim(dim2, nd)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    sh, st = x._shape, x._stride
    start = x._offset
    if offset >= 0:
        length = max(min(sh[d1], sh[d2] - offset), 0)
        if length:
            start += offset * st[d2]
    else:
        length = max(min(sh[d1] + offset, sh[d2]), 0)
        if length:
            start -= offset * st[d1]
    keep = [i for i in range(nd) if i not in (d1, d2)]
    shape = tuple(sh[i] for i in keep) + (length,)
    stride = tuple(st[i] for i in keep) + (st[d1] + st[d2],)
    return shape, stride, start, d1, d2


@kernel
def diagonal(x, offset=0, dim1=0, dim2=1):
    shape, stride, start, d1, d2 = _diagonal_layout(x, offset, dim1, dim2)
    root = x._base if x._base is not None else x
    out = Tensor._make(x._storage, shape, stride, start, x._dtype, base=root, version=x._versions)
    out._inference = x._inference
    return _record(DiagonalBackward0, [x], out, (offset, d1, d2), self_sym_sizes=tuple(x._shape),
                   offset=saved_ints(offset), dim1=d1, dim2=d2)


@kernel
def diagonal_backward(grad, sizes, offset, dim1, dim2):
    """A zero tensor of ``sizes`` with ``grad`` on the diagonal (torch's diagonal_backward); its own
    gradient is the diagonal of the incoming one."""
    out = zeros(sizes, grad._dtype)
    copy_into(diagonal(at.detach(out), offset, dim1, dim2), grad)
    return _record(DiagonalBackwardBackward0, [grad], out, (offset, dim1, dim2))


class DiagonalBackwardBackward0(Node):
    _name = "DiagonalBackwardBackward0"

    def apply(self, grad):
        return [diagonal(grad, *self.args)]


class DiagonalBackward0(Node):
    _name = "DiagonalBackward0"

    def apply(self, grad):
        return [diagonal_backward(grad, self._svals["self_sym_sizes"], *self.args)]


class DiagonalBackward0Copy(DiagonalBackward0):
    _name = "DiagonalBackward0_copy"


@kernel
def diag_embed(v, offset=0):
    """A 1-D ``v`` on the ``offset`` diagonal of a new square matrix."""
    m = v._shape[0]
    n = m + abs(offset)
    vals = [D.zero_of(v._dtype)] * (n * n)
    start = offset if offset >= 0 else -offset * n
    vals[start:start + m * (n + 1):n + 1] = v._values()
    out = Tensor._from_values(vals, (n, n), v._dtype)
    return _record(DiagEmbedBackward0, [v], out, (offset,), offset=saved_ints(offset), dim1=saved_ints(-2),
                   dim2=saved_ints(-1))


class DiagEmbedBackward0(Node):
    _name = "DiagEmbedBackward0"

    def apply(self, grad):
        return [diagonal(grad, self.args[0], -2, -1)]


@method("diag")
@function("diag")
def diag(input, diagonal=0):
    if input.dim() == 1:
        return diag_embed(input, diagonal)
    if input.dim() != 2:
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {input.dim()}D")
    shape, stride, start, d1, d2 = _diagonal_layout(input, diagonal, 0, 1)
    view = Tensor._make(input._storage, shape, stride, start, input._dtype)
    out = Tensor._from_values(view._values(), shape, input._dtype)
    return _record(DiagonalBackward0Copy, [input], out, (diagonal, 0, 1), self_sym_sizes=tuple(input._shape),
                   offset=saved_ints(diagonal), dim1=0, dim2=1)


@method("diagonal")
@function("diagonal")
def diagonal_method(input, offset=0, dim1=0, dim2=1):
    return diagonal(input, offset, dim1, dim2)


@kernel
def trace(x):
    if x.dim() != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {x.dim()}")
    if x._dtype is D.bool_:
        raise NotImplementedError("\"trace\" not implemented for 'Bool'")
    shape, stride, start, _, _ = _diagonal_layout(x, 0, 0, 1)
    diag_vals = Tensor._make(x._storage, shape, stride, start, x._dtype)._values()
    if x._dtype._kind == 2:
        total = 0.0
        step = D.f32 if x._dtype in D.REDUCED else float  # float16/bfloat16 accumulate in float32
        for v in diag_vals:
            total = step(total + v)
        out_dt = x._dtype
        vals = D.round_floats([total], out_dt)
    else:
        out_dt = D.int64
        vals = D.wrap_ints([sum(diag_vals)], out_dt)
    out = Tensor._from_values(vals, (), out_dt)
    return _record(TraceBackward0, [x], out, self_sym_sizes=tuple(x._shape))


class TraceBackward0(Node):
    _name = "TraceBackward0"

    def apply(self, grad):
        sizes = self._svals["self_sym_sizes"]
        n = min(sizes)
        return [diagonal_backward(at.expand(grad, (n,)), sizes, 0, 0, 1)]


@method("trace")
@function("trace")
def trace_method(input):
    return trace(input)


def _triangle(x, k, upper):
    name = "triu" if upper else "tril"
    if x.dim() < 2:
        raise RuntimeError(f"{name}: input tensor must have at least 2 dimensions")
    rows, cols = x._shape[-2:]
    vals = x._values()
    zero = D.zero_of(x._dtype)
    out = list(vals)
    n = rows * cols
    for base in range(0, len(out), n or 1):
        for i in range(rows):
            row = base + i * cols
            if upper:
                end = min(max(i + k, 0), cols)  # columns before i + k are zeroed
                out[row:row + end] = [zero] * end
            else:
                start = min(max(i + k + 1, 0), cols)  # columns after i + k are zeroed
                out[row + start:row + cols] = [zero] * (cols - start)
    result = Tensor._from_values(out, tuple(x._shape), x._dtype)
    return _record(TriuBackward0 if upper else TrilBackward0, [x], result, (k,), diagonal=saved_ints(k))


@kernel
def triu(x, diagonal=0):
    return _triangle(x, diagonal, True)


@kernel
def tril(x, diagonal=0):
    return _triangle(x, diagonal, False)


class TriuBackward0(Node):
    _name = "TriuBackward0"

    def apply(self, grad):
        return [triu(grad, self.args[0])]


class TrilBackward0(Node):
    _name = "TrilBackward0"

    def apply(self, grad):
        return [tril(grad, self.args[0])]


@method("triu")
@function("triu")
def triu_method(input, diagonal=0):
    return triu(input, diagonal)


@method("tril")
@function("tril")
def tril_method(input, diagonal=0):
    return tril(input, diagonal)
