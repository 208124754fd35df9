#| hint: Only leaves keep a .grad after backward. Ask for the intermediate one with h.retain_grad(), and ask before the backward pass runs: it applies to walks that come later.
# ANCHOR: task
import torch

w = torch.tensor([2.0, -1.0, 0.5], requires_grad=True)
h = w * w                       # an intermediate result
loss = (h * torch.tensor([1.0, 2.0, 3.0])).sum()
loss.backward()

# the gradient that reached h; it comes out as None
h_grad = h.grad
# ANCHOR_END: task
# ANCHOR: solution
import torch

w = torch.tensor([2.0, -1.0, 0.5], requires_grad=True)
h = w * w
h.retain_grad()
loss = (h * torch.tensor([1.0, 2.0, 3.0])).sum()
loss.backward()

h_grad = h.grad
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

w = torch.tensor([2.0, -1.0, 0.5], requires_grad=True)
h = w * w
loss = (h * torch.tensor([1.0, 2.0, 3.0])).sum()
loss.backward()
h.retain_grad()

h_grad = h.grad
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_close, expect_true

expect_true(h_grad is not None or not h.retains_grad,
            "h_grad is None although h.retain_grad() was called: it was "
            "called after backward, and it only keeps gradients of "
            "later walks.")
expect_true(h_grad is not None,
            "h_grad is None: h is not a leaf, so autograd does not keep "
            "its gradient unless you ask for it.")
expect_close("h_grad", h_grad, [1.0, 2.0, 3.0])
# ANCHOR_END: check
