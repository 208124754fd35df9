#| hint: W is stored as [outputs, inputs], like nn.Linear's weight, and X has one example per row. Turn W around with .T so the inner lengths meet, then add the bias.
# ANCHOR: task
import torch
W = torch.tensor([[1.0, 0.0, -1.0],
                  [2.0, 1.0, 0.0]])       # 3 inputs -> 2 outputs
b = torch.tensor([0.5, -1.0])
X = torch.tensor([[1.0, 2.0, 3.0],
                  [0.0, 1.0, 0.0],
                  [2.0, 0.0, 1.0],
                  [1.0, 1.0, 1.0]])       # 4 examples, one per row
Y = None  # replace None: the layer's outputs for all 4 examples, shape [4, 2]
# ANCHOR_END: task
# ANCHOR: solution
import torch
W = torch.tensor([[1.0, 0.0, -1.0],
                  [2.0, 1.0, 0.0]])
b = torch.tensor([0.5, -1.0])
X = torch.tensor([[1.0, 2.0, 3.0],
                  [0.0, 1.0, 0.0],
                  [2.0, 0.0, 1.0],
                  [1.0, 1.0, 1.0]])
Y = X @ W.T + b
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
W = torch.tensor([[1.0, 0.0, -1.0],
                  [2.0, 1.0, 0.0]])
b = torch.tensor([0.5, -1.0])
X = torch.tensor([[1.0, 2.0, 3.0],
                  [0.0, 1.0, 0.0],
                  [2.0, 0.0, 1.0],
                  [1.0, 1.0, 1.0]])
Y = X @ W.T
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_shape, expect_close
expect_shape("Y", Y, (4, 2))
expect_close("Y", Y, [[-1.5, 3.0], [0.5, 0.0], [1.5, 3.0], [0.5, 2.0]])
# ANCHOR_END: check
