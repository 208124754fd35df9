#| hint: The backward pass of a product runs one product of the same size for each operand that needs a gradient. Here only one operand does.
# ANCHOR: task
import torch
X = torch.ones(32, 100)                       # input data: no gradient needed
W = torch.ones(100, 10, requires_grad=True)   # a weight: needs a gradient
Y = X @ W

# replace None: FLOPs of X @ W
forward_flops = None
# replace None: FLOPs of the products backward runs for this Y
backward_flops = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
X = torch.ones(32, 100)
W = torch.ones(100, 10, requires_grad=True)
Y = X @ W

forward_flops = 2 * 32 * 100 * 10
# only W's gradient: X.T @ (gradient of Y)
backward_flops = 2 * 100 * 32 * 10
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
X = torch.ones(32, 100)
W = torch.ones(100, 10, requires_grad=True)
Y = X @ W

forward_flops = 2 * 32 * 100 * 10
backward_flops = 2 * forward_flops
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_close, expect_true
expect_close("forward_flops", forward_flops, 64000)
expect_true(backward_flops != 2 * forward_flops,
            "backward_flops is twice the forward: that counts a gradient "
            "for X too, but X does not need one.")
expect_close("backward_flops", backward_flops, 64000)
# ANCHOR_END: check
