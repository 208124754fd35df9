#| hint: A zero-dimensional tensor has exactly one element, and one method hands that element back as a plain Python number.
# ANCHOR: task
import torch
w = torch.tensor(2.0, requires_grad=True)
history = []
for x in [1.0, 2.0, 3.0]:
    loss = (w * x - 3.0) ** 2
    # replace None: this step's loss as a plain Python float
    history.append(None)
# ANCHOR_END: task
# ANCHOR: solution
import torch
w = torch.tensor(2.0, requires_grad=True)
history = []
for x in [1.0, 2.0, 3.0]:
    loss = (w * x - 3.0) ** 2
    history.append(loss.item())
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
w = torch.tensor(2.0, requires_grad=True)
history = []
for x in [1.0, 2.0, 3.0]:
    loss = (w * x - 3.0) ** 2
    history.append(loss)          # keeps the tensor, tape and all
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_close, expect_true
expect_true(len(history) == 3,
            "history should hold one entry per step, 3 in all.")
expect_true(all(type(v) is float for v in history),
            "Every entry of history should be a plain Python float, "
            "not a tensor or None.")
expect_close("history", history, [1.0, 1.0, 9.0])
# ANCHOR_END: check
