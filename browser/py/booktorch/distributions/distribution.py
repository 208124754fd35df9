"""``torch.distributions.Distribution``, the base of Categorical and Multinomial, as torch writes it: shapes,
argument validation (on by default, as in torch under a plain ``python``), sample validation, ``repr``;
and the helpers those two use (``lazy_property``, probabilities from logits and back)."""

import sys
import warnings
from functools import update_wrapper

from ..registry import export
from . import constraints


def _torch():
    return sys.modules["booktorch"]


class lazy_property:  # noqa: N801 - torch's name
    """A value computed from the instance on first use (with grad enabled), then kept as an attribute."""

    def __init__(self, wrapped):
        self.wrapped = wrapped
        update_wrapper(self, wrapped)

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return self
        with _torch().enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


def logits_to_probs(logits):
    return _torch().nn.functional.softmax(logits, dim=-1)


def clamp_probs(probs):
    eps = _torch().finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs):
    return _torch().log(clamp_probs(probs))


def broadcast_all(*values):
    """Tensors broadcast together, as torch.broadcast_tensors does (a tensor already of the common shape is
    returned as it is, the others expanded)."""
    shape = _torch().Size(())
    for v in values:
        shape = _torch().broadcast_shapes(shape, v.shape)
    return tuple(v if v.shape == shape else v.expand(shape) for v in values)


def _all_true(valid):
    return bool(valid.all().item())


class Distribution:
    """torch.distributions.Distribution(batch_shape=torch.Size(), event_shape=torch.Size(), validate_args=None)."""

    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__

    @staticmethod
    def set_default_validate_args(value):
        if value not in [True, False]:
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=None, event_shape=None, validate_args=None):
        torch = _torch()
        self._batch_shape = torch.Size() if batch_shape is None else batch_shape
        self._event_shape = torch.Size() if event_shape is None else event_shape
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            try:
                arg_constraints = self.arg_constraints
            except NotImplementedError:
                arg_constraints = {}
                warnings.warn(f"{self.__class__} does not define `arg_constraints`. Please set `arg_constraints = {{}}` "
                              "or initialize the distribution with `validate_args=False` to turn off validation.",
                              stacklevel=2)
            for param, constraint in arg_constraints.items():
                if constraint is constraints.dependent:
                    continue
                if param not in self.__dict__ and isinstance(getattr(type(self), param), lazy_property):
                    continue  # not given: computed from the other parameter when asked for
                value = getattr(self, param)
                if not _all_true(constraint.check(value)):
                    raise ValueError(
                        f"Expected parameter {param} ({type(value).__name__} of shape {tuple(value.shape)}) of "
                        f"distribution {self!r} to satisfy the constraint {constraint!r}, but found invalid "
                        f"values:\n{value}"
                    )

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def arg_constraints(self):
        raise NotImplementedError

    @property
    def support(self):
        raise NotImplementedError

    @property
    def mean(self):
        raise NotImplementedError

    @property
    def mode(self):
        raise NotImplementedError(f"{self.__class__} does not implement mode")

    @property
    def variance(self):
        raise NotImplementedError

    @property
    def stddev(self):
        return self.variance.sqrt()

    def sample(self, sample_shape=None):
        with _torch().no_grad():
            return self.rsample(_torch().Size() if sample_shape is None else sample_shape)

    def rsample(self, sample_shape=None):
        raise NotImplementedError

    def sample_n(self, n):
        warnings.warn("`sample_n(n)` will be deprecated. Use `sample((n,))` instead.", FutureWarning, stacklevel=2)
        return self.sample(_torch().Size((n,)))

    def log_prob(self, value):
        raise NotImplementedError

    def cdf(self, value):
        raise NotImplementedError

    def icdf(self, value):
        raise NotImplementedError

    def enumerate_support(self, expand=True):
        raise NotImplementedError

    def entropy(self):
        raise NotImplementedError

    def perplexity(self):
        return _torch().exp(self.entropy())

    def expand(self, batch_shape, _instance=None):
        raise NotImplementedError

    def _extended_shape(self, sample_shape=None):
        torch = _torch()
        sample_shape = torch.Size() if sample_shape is None else sample_shape
        if not isinstance(sample_shape, torch.Size):
            sample_shape = torch.Size(sample_shape)
        return torch.Size(sample_shape + self._batch_shape + self._event_shape)

    def _validate_sample(self, value):
        torch = _torch()
        if not isinstance(value, torch.Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        event_dim_start = len(value.size()) - len(self._event_shape)
        if value.size()[event_dim_start:] != self._event_shape:
            raise ValueError(
                f"The right-most size of value must match event_shape: {value.size()} vs {self._event_shape}.")
        actual_shape = value.size()
        expected_shape = self._batch_shape + self._event_shape
        for i, j in zip(reversed(actual_shape), reversed(expected_shape)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(
                    f"Value is not broadcastable with batch_shape+event_shape: {actual_shape} vs {expected_shape}.")
        support = self.support
        if not _all_true(support.check(value)):
            raise ValueError(
                f"Expected value argument ({type(value).__name__} of shape {tuple(value.shape)}) to be within the "
                f"support ({support!r}) of the distribution {self!r}, but found invalid values:\n{value}"
            )

    def _get_checked_instance(self, cls, _instance=None):
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError(
                f"Subclass {self.__class__.__name__} of {cls.__name__} that defines a custom __init__ method must "
                "also define a custom .expand() method."
            )
        return self.__new__(type(self)) if _instance is None else _instance

    def __repr__(self):
        param_names = [k for k in self.arg_constraints if k in self.__dict__]
        args_string = ", ".join(
            f"{p}: {self.__dict__[p] if self.__dict__[p].numel() == 1 else self.__dict__[p].size()}"
            for p in param_names
        )
        return self.__class__.__name__ + "(" + args_string + ")"


Distribution.__module__ = "torch.distributions.distribution"
lazy_property.__module__ = "torch.distributions.utils"
export("torch.distributions", Distribution=Distribution)
