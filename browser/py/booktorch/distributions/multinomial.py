"""``torch.distributions.Multinomial``, as ``torch/distributions/multinomial.py``: ``total_count`` draws
from a Categorical, counted per category.

Its ``log_prob`` and ``entropy`` need ``lgamma`` at whole numbers (log-factorials, also through the
Binomial that torch's entropy builds): booktorch computes those correctly rounded, which is what torch's
lgamma gives at whole numbers (checked against torch up to 1200); at other points (a value that is not a
count, with validation off) it uses Python's lgamma, which can differ from torch's in the last bit.
"""

import decimal
import math
import sys
from functools import lru_cache

from .. import dtypes as D
from ..registry import export
from ..tensor import Tensor
from . import constraints
from .categorical import Categorical
from .distribution import Distribution, broadcast_all


def _torch():
    return sys.modules["booktorch"]


@lru_cache(maxsize=4096)
def _log_factorial(n):
    """log(n!) correctly rounded to a double."""
    if n < 2:
        return 0.0
    with decimal.localcontext() as context:
        context.prec = 40
        return float(decimal.Decimal(math.factorial(n)).ln())


def _lgamma_value(x):
    if x == math.floor(x) and 1 <= x <= 100000:
        return _log_factorial(int(x) - 1)
    try:
        return math.lgamma(x)
    except (ValueError, OverflowError):
        return math.inf


def _lgamma(t):
    """torch.lgamma(t) without autograd (the counts it is given do not require grad); an integer tensor gives
    the default float dtype, as torch's does."""
    dt = t._dtype if t._dtype.is_floating_point else D.get_default_dtype()
    values = [_lgamma_value(float(v)) for v in t.detach()._values()]
    return Tensor._from_values(D.round_values(values, dt), t._shape, dt)


def _clamp_by_zero(x):
    return (x.clamp(min=0) + x - x.clamp(max=0)) / 2


class _BinomialTerms:
    """What Multinomial takes from the ``Binomial(total_count, probs)`` torch builds beside it: its argument
    checks (torch's messages), its support 0..n and its log_prob there, computed as torch's Binomial does."""

    def __init__(self, total_count, probs):
        torch = _torch()
        self.total_count, self.probs = broadcast_all(torch.tensor(total_count, dtype=probs.dtype), probs)
        if Distribution._validate_args:
            self._check("total_count", self.total_count, _NONNEGATIVE_INTEGER)
            self._check("probs", self.probs, constraints.unit_interval)
        clamped = probs.clamp(min=torch.finfo(probs.dtype).eps, max=1 - torch.finfo(probs.dtype).eps)
        self.logits = torch.log(clamped) - torch.log1p(-clamped)
        self._batch_shape = self.probs.size()

    def _check(self, name, value, constraint):
        if not bool(constraint.check(value).all().item()):
            shown = ", ".join(f"{k}: {_repr_size(v)}" for k, v in (("total_count", self.total_count),
                                                                    ("probs", self.probs)))
            raise ValueError(f"Expected parameter {name} (Tensor of shape {tuple(value.shape)}) of distribution "
                             f"Binomial({shown}) to satisfy the constraint {constraint!r}, but found invalid "
                             f"values:\n{value}")

    def enumerate_support(self):
        torch = _torch()
        total_count = int(self.total_count.max())
        values = torch.arange(1 + total_count, dtype=self.probs.dtype)
        return values.view((-1,) + (1,) * len(self._batch_shape))

    def log_prob(self, value):
        torch = _torch()
        log_factorial_n = _lgamma(self.total_count + 1)
        log_factorial_k = _lgamma(value + 1)
        log_factorial_nmk = _lgamma(self.total_count - value + 1)
        normalize_term = (self.total_count * _clamp_by_zero(self.logits)
                          + self.total_count * torch.log1p(torch.exp(-torch.abs(self.logits))) - log_factorial_n)
        return value * self.logits - log_factorial_k - log_factorial_nmk - normalize_term


class _IntegerGreaterThan(constraints.Constraint):
    is_discrete = True

    def __init__(self, lower_bound):
        self.lower_bound = lower_bound

    def check(self, value):
        return (value % 1 == 0) & (self.lower_bound <= value)

    def __repr__(self):
        return f"{self.__class__.__name__[1:]}(lower_bound={self.lower_bound})"


_NONNEGATIVE_INTEGER = _IntegerGreaterThan(0)


class Multinomial(Distribution):
    """torch.distributions.Multinomial(total_count=1, probs=None, logits=None, validate_args=None)."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}

    def __init__(self, total_count=1, probs=None, logits=None, validate_args=None):
        if not isinstance(total_count, int):
            raise NotImplementedError("inhomogeneous total_count is not supported")
        self.total_count = total_count
        self._categorical = Categorical(probs=probs, logits=logits)
        self._binomial = _BinomialTerms(total_count, self.probs)
        batch_shape = self._categorical.batch_shape
        event_shape = self._categorical.param_shape[-1:]
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    @property
    def mean(self):
        return self.probs * self.total_count

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def expand(self, batch_shape, _instance=None):
        new = self._get_checked_instance(Multinomial, _instance)
        batch_shape = _torch().Size(batch_shape)
        new.total_count = self.total_count
        new._categorical = self._categorical.expand(batch_shape)
        Distribution.__init__(new, batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def support(self):
        return constraints.multinomial(self.total_count)

    @property
    def logits(self):
        return self._categorical.logits

    @property
    def probs(self):
        return self._categorical.probs

    @property
    def param_shape(self):
        return self._categorical.param_shape

    def sample(self, sample_shape=None):
        torch = _torch()
        sample_shape = torch.Size(() if sample_shape is None else sample_shape)
        samples = self._categorical.sample(torch.Size((self.total_count,)) + sample_shape)
        shifted_idx = list(range(samples.dim()))
        shifted_idx.append(shifted_idx.pop(0))
        samples = samples.permute(*shifted_idx)
        counts = torch.zeros(self._extended_shape(sample_shape), dtype=samples.dtype)
        counts.scatter_add_(-1, samples, torch.ones_like(samples))
        return counts.to(self.probs.dtype)

    def entropy(self):
        torch = _torch()
        n = torch.tensor(self.total_count)
        cat_entropy = self._categorical.entropy()
        term1 = n * cat_entropy - _lgamma(n + 1)
        support = self._binomial.enumerate_support()[1:]
        binomial_probs = torch.exp(self._binomial.log_prob(support))
        weights = _lgamma(support + 1)
        term2 = (binomial_probs * weights).sum([0, -1])
        return term1 + term2

    def log_prob(self, value):
        torch = _torch()
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        logits = logits.clone(memory_format=torch.contiguous_format)
        log_factorial_n = _lgamma(value.sum(-1) + 1)
        log_factorial_xs = _lgamma(value + 1).sum(-1)
        logits[(value == 0) & (logits == -math.inf)] = 0
        log_powers = (logits * value).sum(-1)
        return log_factorial_n - log_factorial_xs + log_powers


def _repr_size(t):
    return t if t.numel() == 1 else t.size()


Multinomial.__module__ = "torch.distributions.multinomial"
export("torch.distributions", Multinomial=Multinomial)
