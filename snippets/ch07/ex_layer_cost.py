#| hint: nn.Linear computes X @ W.T + b. Read R, K and Cn off the two operands of the product (X and W.T) with .shape, then multiply them.
# ANCHOR: task
import torch
X = torch.ones(16, 64)   # a batch of 16 examples, 64 features each
W = torch.ones(32, 64)   # stored like nn.Linear's weight: [outputs, inputs]
b = torch.zeros(32)
# replace None: the layer's output for the whole batch
Y = None
# replace None: multiply-adds in the product, computed from the shapes
multiply_adds = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
X = torch.ones(16, 64)
W = torch.ones(32, 64)
b = torch.zeros(32)
Y = X @ W.T + b
multiply_adds = X.shape[0] * X.shape[1] * W.shape[0]
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
X = torch.ones(16, 64)
W = torch.ones(32, 64)
b = torch.zeros(32)
Y = X @ W.T + b
multiply_adds = Y.numel()
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_close, expect_true
expect_shape("Y", Y, (16, 32))
expect_close("Y[0, 0] (one dot product of 64 ones with 64 ones)",
             Y[0, 0].item(), 64.0)
expect_true(multiply_adds is not None,
            "multiply_adds is None: replace the placeholder with your count.")
expect_true(multiply_adds != Y.numel(),
            "multiply_adds equals the number of outputs, 512; but each "
            "output is a dot product of length 64.")
expect_close("multiply_adds", multiply_adds, 32768)
# ANCHOR_END: check
