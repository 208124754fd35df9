#| hint: sigmoid saves its own output s, because its backward computes s * (1 - s). Scaling s in place changes what was saved. Make the scaled activations a new tensor instead, so the saved s stays as it was.
# ANCHOR: task
import torch

def loss_fn(x):
    s = torch.sigmoid(x)
    s.mul_(2)                    # scale the activations to (0, 2)
    return (s ** 2).sum()

x = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)
# loss_fn(x).backward() raises "... modified by an inplace operation":
# change loss_fn so that it computes the same loss and backward works
# ANCHOR_END: task
# ANCHOR: solution
import torch

def loss_fn(x):
    s = torch.sigmoid(x)
    s = s * 2                    # a new tensor; the saved s is untouched
    return (s ** 2).sum()

x = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def loss_fn(x):
    s = torch.sigmoid(x)
    s.data.mul_(2)               # hides the change from autograd
    return (s ** 2).sum()

x = torch.tensor([0.0, 1.0, -1.0], requires_grad=True)
# ANCHOR_END: wrong
# ANCHOR: check
import torch
from bookcheck import CheckFailed, expect_close, expect_true

x.grad = None
loss = loss_fn(x)
try:
    loss.backward()
except RuntimeError:
    raise CheckFailed("backward still fails: something that sigmoid "
                      "saved is changed in place. Compute the scaled "
                      "activations as a new tensor.") from None
s = torch.sigmoid(x.detach())
expect_close("the loss", loss, ((2 * s) ** 2).sum())
right = 8 * s * s * (1 - s)          # d/dx (2 sigmoid(x))^2
expect_true(all(abs(a - b) < 1e-4
                for a, b in zip(x.grad.tolist(), right.tolist())),
            "backward ran, but x.grad is wrong: sigmoid's backward used "
            "the doubled s. Changing .data hides the change from the "
            "version counter instead of avoiding it.")
# ANCHOR_END: check
