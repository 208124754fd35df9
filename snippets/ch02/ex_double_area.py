#| hint: Area scales by the determinant, not by the size of the entries. Stretching both axes by 2 multiplies area by 2 twice.
# ANCHOR: task
import torch
W = None  # replace None: a 2x2 matrix that doubles the area of every shape
# ANCHOR_END: task
# ANCHOR: solution
import torch
W = torch.tensor([[1.0, 0.0],
                  [0.0, 2.0]])    # stretch y by 2, leave x alone
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
W = torch.tensor([[2.0, 0.0],
                  [0.0, 2.0]])    # doubles every length: area grows 4 times
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_shape, expect_close
expect_shape("W", W, (2, 2))
expect_close("det(W), the factor W scales areas by,",
             W[0, 0] * W[1, 1] - W[0, 1] * W[1, 0], 2.0)
# ANCHOR_END: check
