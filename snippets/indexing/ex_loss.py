#| hint: Print diff.shape. A model with one output returns [N, 1]; subtracting a [N] target broadcasts to [N, N]. Make the two shapes equal first, with pred.squeeze(1) or target.unsqueeze(1).
# ANCHOR: task
import torch
pred = torch.tensor([[1.0], [2.0], [2.5]])   # what nn.Linear(_, 1) gives
target = torch.tensor([1.0, 2.0, 3.0])
# This runs, but the loss is wrong. Find the bug and fix it.
diff = pred - target
loss = (diff ** 2).mean()
# ANCHOR_END: task
# ANCHOR: solution
import torch
pred = torch.tensor([[1.0], [2.0], [2.5]])
target = torch.tensor([1.0, 2.0, 3.0])
diff = pred.squeeze(1) - target
loss = (diff ** 2).mean()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
pred = torch.tensor([[1.0], [2.0], [2.5]])
target = torch.tensor([1.0, 2.0, 3.0])
diff = pred - target
loss = (diff ** 2).sum() / 3
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_close, expect_true
expect_true(tuple(diff.shape) != (3, 3),
            "diff has shape [3, 3]: every prediction minus every target. "
            "[3, 1] - [3] broadcasts; make pred and target the same shape "
            "before subtracting")
expect_true(diff.numel() == 3,
            f"diff has {diff.numel()} elements; it should hold one "
            "difference per example, 3 in all")
expect_close("loss", loss, 0.25 / 3)
# ANCHOR_END: check
