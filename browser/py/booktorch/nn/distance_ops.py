"""``torch.cosine_similarity`` (``F.cosine_similarity`` is the same function), as ATen composes it: both
inputs broadcast (``expand``), each divided by its 2-norm along ``dim`` (a cloned norm, clamped to at least
``eps`` in place without autograd), then the two products summed along ``dim``. Built from the same ops,
it rounds, records its graph (SumBackward1 over MulBackward0 over DivBackward0...) and fails as torch's."""

import sys

from .. import dtypes as D
from ..grad_mode import no_grad
from ..registry import at, function
from ..shape import broadcast_shapes


@function("cosine_similarity")
def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    common = D.result_type(x1, x2)
    if not common.is_floating_point:
        raise RuntimeError(f"expected common dtype to be floating point, yet common dtype is {common._legacy}")
    if not x1._dtype.is_floating_point:
        x1 = at.to_dtype(x1, common)
    if not x2._dtype.is_floating_point:
        x2 = at.to_dtype(x2, common)
    if x1._shape != x2._shape:
        shape = broadcast_shapes(x1._shape, x2._shape)
        x1, x2 = at.expand(x1, shape), at.expand(x2, shape)
    x1_norm = at.clone(at.linalg_vector_norm(x1, 2, dim, True))
    x2_norm = at.clone(at.linalg_vector_norm(x2, 2, dim, True))
    with no_grad():
        at.inplace(x1_norm, at.clamp_min, eps)
        at.inplace(x2_norm, at.clamp_min, eps)
    return at.sum(at.mul(at.div(x1, x1_norm), at.div(x2, x2_norm)), dim)


@function("cosine_similarity", namespace="torch.nn.functional")
def cosine_similarity_functional(*args, **kwargs):
    """F.cosine_similarity: torch.cosine_similarity itself in torch, so behind the same parser here."""
    return sys.modules["booktorch"].cosine_similarity(*args, **kwargs)


cosine_similarity_functional.__name__ = cosine_similarity_functional.__qualname__ = "cosine_similarity"
