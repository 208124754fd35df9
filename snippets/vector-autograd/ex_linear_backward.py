#| hint: Compare each line's shape and meaning with the section on nn.Linear. The bias was broadcast over the examples, one copy per row of the batch, so its gradient adds G up over the examples, axis 0. Here there are as many examples as outputs, so a sum over the wrong axis still has the right shape.
# ANCHOR: task
import torch

torch.manual_seed(0)
X = torch.randn(3, 4)     # 3 examples, 4 features each, one per row
W = torch.randn(3, 4)     # nn.Linear's layout: [outputs, inputs]
b = torch.randn(3)
G = torch.randn(3, 3)     # dL/dY for Y = X @ W.T + b: [examples, outputs]

# A hand-written backward for the layer. One line is wrong.
grad_W = G.T @ X          # [3, 4], like W
grad_b = G.sum(1)         # [3], like b
grad_X = G @ W            # [3, 4], like X
# ANCHOR_END: task
# ANCHOR: solution
import torch

torch.manual_seed(0)
X = torch.randn(3, 4)
W = torch.randn(3, 4)
b = torch.randn(3)
G = torch.randn(3, 3)

grad_W = G.T @ X
grad_b = G.sum(0)         # the bias met every example: add over them
grad_X = G @ W
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

torch.manual_seed(0)
X = torch.randn(3, 4)
W = torch.randn(3, 4)
b = torch.randn(3)
G = torch.randn(3, 3)

grad_W = X.T @ G
grad_b = G.sum(0)
grad_X = G @ W
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_close, expect_true

Wt, bt, Xt = (t.clone().requires_grad_(True) for t in (W, b, X))
(Xt @ Wt.T + bt).backward(gradient=G)

expect_true(tuple(grad_W.shape) == (3, 4),
            f"grad_W has shape {tuple(grad_W.shape)}, but W is (3, 4): a "
            "gradient has its tensor's shape. X.T @ G is W.grad turned on "
            "its side; G.T @ X pairs outputs with inputs.")
expect_true(not (torch.allclose(grad_b, G.sum(1))
                 and not torch.allclose(grad_b, bt.grad)),
            "grad_b adds G along its rows, over the outputs: G.sum(1). The "
            "bias was broadcast over the examples, one copy per row of "
            "the batch, so its gradient adds up the examples' rows: "
            "G.sum(0). With 3 examples and 3 outputs both have shape (3,), "
            "so only the values show the mistake.")
expect_close("grad_W", grad_W, Wt.grad)
expect_close("grad_b", grad_b, bt.grad)
expect_close("grad_X", grad_X, Xt.grad)
# ANCHOR_END: check
