#| hint: W.grad must have W's shape, [3, 4]. G is [3, 6] and X is [4, 6]: only one product of G with X or X.T gives [3, 4], and it sums over the 6 columns that G and X share.
# ANCHOR: task
import torch

W = torch.randn(3, 4, requires_grad=True)
X = torch.randn(4, 6)
Y = W @ X                       # [3, 6]
G = torch.randn(3, 6)           # dL/dY, sent down from some loss

# replace None: W's gradient, from G and X, with one matrix product
dW = None
# ANCHOR_END: task
# ANCHOR: solution
import torch

W = torch.randn(3, 4, requires_grad=True)
X = torch.randn(4, 6)
Y = W @ X
G = torch.randn(3, 6)

dW = G @ X.T
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

W = torch.randn(3, 4, requires_grad=True)
X = torch.randn(4, 6)
Y = W @ X
G = torch.randn(3, 6)

dW = X @ G.T
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_close, expect_true

expect_true(dW is not None, "dW is None: replace it with a product.")
Y.backward(gradient=G)
expect_true(tuple(dW.shape) != (4, 3),
            "dW has shape [4, 3]: that is W.grad turned over. Swap the "
            "order of the product (and transpose the other operand).")
expect_true(tuple(dW.shape) == (3, 4),
            f"dW has shape {list(dW.shape)}, but a gradient of W has "
            "W's shape [3, 4].")
expect_close("dW", dW, W.grad)
# ANCHOR_END: check
