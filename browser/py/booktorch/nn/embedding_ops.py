"""``F.embedding`` (and ``torch.embedding``, which it calls) and ``F.one_hot``.

``embedding`` picks rows of a 2-d weight: ``weight.index_select(0, indices)`` for a 1-d index, else the
same over the flattened index, viewed as ``indices.shape + [dim]``; its node is ``EmbeddingBackward0``.
The weight's gradient is ATen's ``embedding_dense_backward``: a zero matrix to which each gradient row is
added at its index, in the index's order, one rounding per addition (float16 and bfloat16 added in
float32, then rounded), rows at ``padding_idx`` left out; it is a node too (``EmbeddingDenseBackwardBackward0``),
so a second derivative goes through it as in torch. ``max_norm`` rescales the rows an index names, in
place and without autograd, before the lookup (ATen's ``embedding_renorm_``). ``scale_grad_by_freq`` and
``sparse`` gradients are not in the browser subset.
"""

import sys

from .. import dtypes as D
from ..errors import unsupported
from ..grad_mode import no_grad
from ..graph import Node, record, saved_ints
from ..registry import at, function, kernel
from ..tensor import Tensor

_INDEX = (D.int64, D.int32)


def _check_indices(indices, where, position):
    if indices._dtype not in _INDEX:
        raise RuntimeError(f"Expected tensor for argument #{position} 'indices' to have one of the following scalar "
                           f"types: Long, Int; but got {D.tensor_type_name(indices._dtype)} instead (while checking "
                           f"arguments for {where})")


@kernel
def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    if weight.dim() != 2:
        raise RuntimeError("'weight' must be 2-D")
    _check_indices(indices, "embedding", 1)
    if scale_grad_by_freq:
        raise unsupported("embedding(..., scale_grad_by_freq=True)")
    if sparse:
        raise unsupported("embedding(..., sparse=True) (sparse gradients)")
    with no_grad():
        if indices.dim() == 1:
            out = at.index_select(weight, 0, indices)
        else:
            flat = at.index_select(weight, 0, at.reshape(indices, (-1,)))
            out = at.view(flat, tuple(indices._shape) + (weight._shape[1],))
    node = record(EmbeddingBackward0, (weight,), out, padding_idx=saved_ints(padding_idx),
                  scale_grad_by_freq=scale_grad_by_freq, sparse=sparse, weight_sym_argsize_0=weight._shape[0],
                  indices=indices)
    if node is not None:
        node.padding_idx = padding_idx
    return out


class EmbeddingBackward0(Node):
    _name = "EmbeddingBackward0"
    saves = ("indices",)

    def apply(self, grad):
        sv = self._svals
        indices = at.contiguous(self.saved("indices"))
        return [embedding_dense_backward(grad, indices, sv["weight_sym_argsize_0"], self.padding_idx)]


@kernel
def embedding_dense_backward(grad, indices, num_weights, padding_idx):
    """The weight's gradient: each row of ``grad`` added to row ``indices[i]`` of zeros, in order."""
    _check_indices(indices, "embedding_backward", 2)
    width = grad._shape[-1] if grad.dim() else 1
    rows = grad._values()
    dt = grad._dtype
    acc = D.float32 if dt in D.REDUCED else dt  # torch adds float16 and bfloat16 in float32
    values = [0.0] * (num_weights * width)
    for i, k in enumerate(indices._values()):
        if k == padding_idx:
            continue
        base, src = k * width, i * width
        summed = [values[base + j] + rows[src + j] for j in range(width)]
        values[base:base + width] = D.round_values(D.round_values(summed, acc), dt)
    out = Tensor._from_values(values, (num_weights, width), dt)
    node = record(EmbeddingDenseBackwardBackward0, (grad,), out, padding_idx=saved_ints(padding_idx), indices=indices)
    if node is not None:
        node.padding_idx = padding_idx
    return out


class EmbeddingDenseBackwardBackward0(Node):
    _name = "EmbeddingDenseBackwardBackward0"
    saves = ("indices",)

    def apply(self, grad):
        indices, padding_idx = self.saved("indices"), self.padding_idx
        picked = at.index_select(grad, 0, at.reshape(indices, (-1,)))
        if padding_idx >= 0:
            picked = at.masked_fill(picked, at.reshape(at.eq(indices, padding_idx), (-1, 1)), 0)
        return [at.view(picked, tuple(indices._shape) + (-1,))]


def _renorm(weight, indices, max_norm, norm_type):
    """ATen's embedding_renorm_: each row an index names (once, in increasing order) scaled down in place to
    ``max_norm`` when its norm is larger, without autograd."""
    with no_grad():
        for k in sorted(set(indices._values())):
            row = weight[k]
            norm = row.norm(norm_type).item()
            if norm > max_norm:
                row.mul_(max_norm / (norm + 1e-7))


@function("embedding")
def embedding_function(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    return embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse)


@function("embedding", namespace="torch.nn.functional")
def embedding_functional(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,  # noqa: A002
                         scale_grad_by_freq=False, sparse=False):
    """F.embedding, as torch's Python function: padding_idx checked and wrapped, then torch.embedding."""
    if padding_idx is not None:
        if padding_idx > 0 and padding_idx >= weight.size(0):
            raise AssertionError("Padding_idx must be within num_embeddings")
        if padding_idx < 0:
            if padding_idx < -weight.size(0):
                raise AssertionError("Padding_idx must be within num_embeddings")
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:
        input = input.contiguous()
        _renorm(weight, input, max_norm, norm_type)
    return sys.modules["booktorch"].embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


embedding_functional.__name__ = embedding_functional.__qualname__ = "embedding"
embedding_functional.__module__ = "torch.nn.functional"


@function("one_hot", namespace="torch.nn.functional")
def one_hot(input, num_classes=-1):  # noqa: A002 - torch's name
    if input._dtype is not D.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    shape = tuple(input._shape)
    if input.numel() == 0:
        if num_classes <= 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        return Tensor._from_values([], shape + (num_classes,), D.int64)
    values = input._values()
    if min(values) < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes == -1:
        num_classes = max(values) + 1
    elif num_classes <= max(values):
        raise RuntimeError("Class values must be smaller than num_classes.")
    out = [0] * (len(values) * num_classes)
    for i, v in enumerate(values):
        out[i * num_classes + v] = 1
    return Tensor._from_values(out, shape + (num_classes,), D.int64)
