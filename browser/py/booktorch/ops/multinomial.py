"""``torch.multinomial`` / ``Tensor.multinomial``: indices drawn from rows of probabilities, as ATen's CPU code
draws them (``multinomial_out`` in Distributions.cpp and ``cpu/MultinomialKernel.cpp``), so a seed gives
torch's samples.

Without replacement, or for one sample, torch takes the Gumbel-max route: ``q = empty_like(p).exponential_()``
(one 64-bit draw per element, in memory order, ``-log1p(-u)`` in double rounded to p's dtype), then
``p / q``, and ``argmax`` (one sample) or ``topk`` (several) along the last dimension. With replacement,
each row's running sum (in p's dtype; float for half and bfloat16) is normalised by its total, and each
sample is one double uniform placed by binary search in it, row after row: a bad row raises after the
rows before it have drawn.
"""

import math

from .. import dtypes as D
from ..binding import parsed
from ..generator import state_of
from ..grad_mode import no_grad
from ..registry import at, function, method
from ..shape import positions, preserve_strides, visit_order
from ..tensor import Tensor

_MAX_CATEGORIES = 1 << 24  # float32's last consecutive integer: torch's limit
_M53, _TWO_M53 = (1 << 53) - 1, 2.0 ** -53


def _checks(p, n_sample, replacement):
    if not 0 < p.dim() <= 2:
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if not p._dtype.is_floating_point:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: {p._dtype._legacy}")
    if n_sample <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    n_categories = p._shape[-1]
    if not replacement and n_sample > n_categories:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    if n_categories > _MAX_CATEGORIES:
        raise RuntimeError("number of categories cannot exceed 2^24")


def _exponential_like(p, gen):
    """``torch.empty_like(p).exponential_(1)``: its values by p's logical order, drawn in q's memory order."""
    n = p.numel()
    stride = preserve_strides(p._shape, p._stride)
    order = visit_order(p._shape, stride)
    draws = [-math.log1p(-((w & _M53) * _TWO_M53)) for w in gen.draw64(n)]
    values = [0.0] * n
    memory = positions([p._shape[d] for d in order], [stride[d] for d in order], 0)
    for position, value in zip(memory, draws):
        values[position] = value
    laid_out = Tensor._make(Tensor._from_values(values, (n,), p._dtype)._storage, p._shape, stride, 0, p._dtype)
    return Tensor._from_values(D.round_values(laid_out._values(), p._dtype), p._shape, p._dtype)


def _gumbel_max(p, n_sample, gen):
    valid = at.logical_and(at.lt(at.max_min(p), math.inf), at.ge(at.max_min(p, is_max=False), 0))
    if not valid.item():
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    zero_rows = at.eq(at.sum(p), 0) if p.dim() == 1 else at.sum(at.eq(at.sum(p, 1), 0))
    if zero_rows.item():
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    q = at.div(p, _exponential_like(p, gen))
    if n_sample == 1:
        return at.argmax_min(q, -1, True)
    return at.topk(q, n_sample)[1]


def _with_replacement(p, n_sample, gen):
    rows = p._values()
    n_categories = p._shape[-1]
    n_dist = p._shape[0] if p.dim() > 1 else 1
    acc = D.float32 if p._dtype in (D.float16, D.bfloat16) else p._dtype  # the running sum's type
    out = []
    for i in range(n_dist):
        cumulative, total = [], 0.0
        for val in rows[i * n_categories:(i + 1) * n_categories]:
            if not val >= 0:
                raise RuntimeError("invalid multinomial distribution (encountering probability entry < 0)")
            if not math.isfinite(val):
                raise RuntimeError("invalid multinomial distribution (encountering probability entry = infinity or NaN)")
            total = D.round_values([total + val], acc)[0]
            cumulative.append(total)
        if not total > 0:
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
        cumulative = D.round_values([c / total for c in cumulative], acc)
        cumulative[-1] = 1.0
        for w in gen.draw64(n_sample):
            u = (w & _M53) * _TWO_M53
            left, right = 0, n_categories
            while right - left > 0:
                mid = left + (right - left) // 2
                if cumulative[mid] < u:
                    left = mid + 1
                else:
                    right = mid
            out.append(left)
    shape = (n_sample,) if p.dim() == 1 else (p._shape[0], n_sample)
    return Tensor._from_values(out, shape, D.int64)


@method("multinomial")
@function("multinomial")
@parsed
def multinomial(self=None, **a):
    p = a["input"] if self is None else self
    n_sample, replacement = a["num_samples"], a["replacement"]
    _checks(p, n_sample, replacement)
    shape = (n_sample,) if p.dim() == 1 else (p._shape[0], n_sample)
    if 0 in shape:
        return Tensor._from_values([], shape, D.int64)
    gen = state_of(a.get("generator"))
    with no_grad():
        if not replacement or n_sample == 1:
            return _gumbel_max(p.detach(), n_sample, gen)
        return _with_replacement(p.detach(), n_sample, gen)
