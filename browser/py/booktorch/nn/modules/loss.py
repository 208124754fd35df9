"""Loss modules: MSELoss, L1Loss, CrossEntropyLoss, NLLLoss, BCELoss, BCEWithLogitsLoss.

Each keeps its ``reduction`` (torch's legacy ``size_average``/``reduce`` arguments are turned into
one, with torch's warning) and its weights as buffers, and calls its ``torch.nn.functional`` loss."""

from ...registry import at, export
from .. import loss_ops as F  # the torch.nn.functional losses, as torch's modules call them
from .module import Module


class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            self.reduction = at.legacy_reduction(size_average, reduce)
        else:
            self.reduction = reduction


class _WeightedLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)


class MSELoss(_Loss):
    """torch.nn.MSELoss(size_average=None, reduce=None, reduction='mean')."""

    def forward(self, input, target):
        return F.mse_loss_function(input, target, reduction=self.reduction)


class L1Loss(_Loss):
    """torch.nn.L1Loss(size_average=None, reduce=None, reduction='mean')."""

    def forward(self, input, target):
        return F.l1_loss_function(input, target, reduction=self.reduction)


class NLLLoss(_WeightedLoss):
    """torch.nn.NLLLoss(weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean')."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return F.nll_loss_function(input, target, weight=self.weight, ignore_index=self.ignore_index,
                                   reduction=self.reduction)


class CrossEntropyLoss(_WeightedLoss):
    """torch.nn.CrossEntropyLoss(weight=None, size_average=None, ignore_index=-100, reduce=None,
    reduction='mean', label_smoothing=0.0)."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                 label_smoothing=0.0):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return F.cross_entropy_function(input, target, weight=self.weight, ignore_index=self.ignore_index,
                                        reduction=self.reduction, label_smoothing=self.label_smoothing)


class BCELoss(_WeightedLoss):
    """torch.nn.BCELoss(weight=None, size_average=None, reduce=None, reduction='mean')."""

    def forward(self, input, target):
        return F.binary_cross_entropy_function(input, target, weight=self.weight, reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    """torch.nn.BCEWithLogitsLoss(weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None)."""

    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.register_buffer("pos_weight", pos_weight)

    def forward(self, input, target):
        return F.binary_cross_entropy_with_logits_function(input, target, self.weight, pos_weight=self.pos_weight,
                                                           reduction=self.reduction)


for _cls in (MSELoss, L1Loss, NLLLoss, CrossEntropyLoss, BCELoss, BCEWithLogitsLoss):
    _cls.__module__ = "torch.nn.modules.loss"
    export("torch.nn", **{_cls.__name__: _cls})
del _cls
