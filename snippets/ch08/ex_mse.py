#| hint: The mean squared error is three operations in a row: a difference, a square, an average. Check which method averages rather than totals.
# ANCHOR: task
import torch
pred = torch.tensor([0.5, 2.0, -1.0, 3.0])   # what a model predicted
y = torch.tensor([1.0, 1.0, -1.0, 5.0])      # what it should have said
loss = None  # replace None: the mean squared error of pred against y
# ANCHOR_END: task
# ANCHOR: solution
import torch
pred = torch.tensor([0.5, 2.0, -1.0, 3.0])
y = torch.tensor([1.0, 1.0, -1.0, 5.0])
loss = ((pred - y) ** 2).mean()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
pred = torch.tensor([0.5, 2.0, -1.0, 3.0])
y = torch.tensor([1.0, 1.0, -1.0, 5.0])
loss = ((pred - y) ** 2).sum()
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_shape, expect_close

expect_shape("loss", loss, ())
# errors -0.5, 1, 0, -2; squares 0.25, 1, 0, 4; their mean
expect_close("loss", loss, (0.25 + 1.0 + 0.0 + 4.0) / 4)
# ANCHOR_END: check
