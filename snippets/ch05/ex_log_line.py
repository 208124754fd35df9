#| hint: .item() needs a tensor with exactly one element, and (pred - y) ** 2 has one per example. Decide which single number the log line is about, the mean squared error, and reduce to it before calling .item().
# ANCHOR: task
import torch

def log_line(step, pred, y):
    loss = (pred - y) ** 2
    return f"step {step}: loss {loss.item():.4f}"

pred = torch.tensor([2.5, 0.0, 1.0])
y = torch.tensor([3.0, -1.0, 1.0])
# ANCHOR_END: task
# ANCHOR: solution
import torch

def log_line(step, pred, y):
    loss = ((pred - y) ** 2).mean()
    return f"step {step}: loss {loss.item():.4f}"

pred = torch.tensor([2.5, 0.0, 1.0])
y = torch.tensor([3.0, -1.0, 1.0])
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def log_line(step, pred, y):
    loss = (pred - y) ** 2
    return f"step {step}: loss {loss[0].item():.4f}"

pred = torch.tensor([2.5, 0.0, 1.0])
y = torch.tensor([3.0, -1.0, 1.0])
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import CheckFailed, expect_true

try:
    line = log_line(7, pred, y)
except RuntimeError as error:
    raise CheckFailed(
        f"log_line still raises RuntimeError: {error}. The squared errors "
        "are one number per example; average them into one number first."
    ) from None
# errors -0.5, 1, 0: squares 0.25, 1, 0; their mean is 0.4167
want = "step 7: loss 0.4167"
expect_true(line != "step 7: loss 0.2500",
            f"log_line gives {line!r}: that is the first example's squared "
            "error only; the loss is the mean over all three examples.")
expect_true(line == want,
            f"log_line gives {line!r}, but should give {want!r}.")
# ANCHOR_END: check
