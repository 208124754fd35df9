"""``torch.optim.lr_scheduler``: ``LRScheduler`` and ``StepLR`` (multiply the learning rate by
``gamma`` every ``step_size`` epochs), with torch's warnings for steps out of order."""

import warnings as _warnings

from ..registry import namespace as _namespace
from .optimizer import Optimizer as _Optimizer

_namespace(__name__)

_EPOCH_DEPRECATION = (
    "The epoch parameter in `scheduler.step()` was not necessary and is being deprecated where possible. Please use "
    "`scheduler.step()` to step the scheduler. During the deprecation, if epoch is different from None, the closed "
    "form is used instead of the new chainable form, where available. Please open an issue if you are unable to "
    "replicate your use case: https://github.com/pytorch/pytorch/issues/new/choose."
)


class LRScheduler:
    """torch.optim.lr_scheduler.LRScheduler(optimizer, last_epoch=-1)."""

    _get_lr_called_within_step = False
    _is_initial = False

    def __init__(self, optimizer, last_epoch=-1):
        if not isinstance(optimizer, _Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", group["lr"])
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(
                        f"param 'initial_lr' is not specified in param_groups[{i}] when resuming scheduler with "
                        "last_epoch >= 0.\nThis typically happens when:\n1. You're trying to resume training from a "
                        "checkpoint but haven't properly loaded the optimizer state\n2. You're using last_epoch >= 0 "
                        "for a fresh training run (not recommended)"
                    )
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.last_epoch = last_epoch
        self._step_count = 0
        self._is_initial = True
        self.step()
        self._is_initial = False

    def state_dict(self):
        return {key: value for key, value in self.__dict__.items() if key != "optimizer"}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)

    def get_last_lr(self):
        return self._last_lr

    def get_lr(self):
        raise NotImplementedError

    def step(self, epoch=None):
        if self._step_count == 1 and not getattr(self.optimizer, "_opt_called", False):
            _warnings.warn(
                "Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch 1.1.0 and later, you "
                "should call them in the opposite order: `optimizer.step()` before `lr_scheduler.step()`.  Failure "
                "to do this will result in PyTorch skipping the first value of the learning rate schedule. See more "
                "details at https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate",
                UserWarning,
                stacklevel=2,
            )
        self._step_count += 1
        if epoch is not None:
            _warnings.warn(_EPOCH_DEPRECATION, UserWarning, stacklevel=2)
        self._get_lr_called_within_step = True
        if epoch is None:
            self.last_epoch += 1
            values = self.get_lr()
        else:
            self.last_epoch = epoch
            closed_form = getattr(self, "_get_closed_form_lr", None)
            values = closed_form() if closed_form is not None else self.get_lr()
        self._get_lr_called_within_step = False
        for group, lr in zip(self.optimizer.param_groups, values):
            group["lr"] = lr
        self._last_lr = [group["lr"] for group in self.optimizer.param_groups]


class StepLR(LRScheduler):
    """torch.optim.lr_scheduler.StepLR(optimizer, step_size, gamma=0.1, last_epoch=-1)."""

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if not self._get_lr_called_within_step:
            _warnings.warn("To get the last learning rate computed by the scheduler, please use `get_last_lr()`.",
                           UserWarning, stacklevel=2)
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return [group["lr"] for group in self.optimizer.param_groups]
        return [group["lr"] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** (self.last_epoch // self.step_size) for base_lr in self.base_lrs]


LRScheduler.__module__ = StepLR.__module__ = "torch.optim.lr_scheduler"
