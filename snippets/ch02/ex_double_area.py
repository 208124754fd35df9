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
from bookcheck import expect_shape, expect_true
expect_shape("W", W, (2, 2))
det = (W[0, 0] * W[1, 1] - W[0, 1] * W[1, 0]).item()
factor = abs(det)
expect_true(factor > 1e-9,
            "det(W) is 0: W flattens the plane onto a line, so every shape "
            "ends up with no area at all.")
expect_true(abs(factor - 4.0) > 1e-6,
            "|det(W)| is 4: stretching both axes by 2 doubles every length "
            "and so multiplies area by 2 * 2 = 4. Stretch one axis only.")
expect_true(abs(factor - 2.0) < 1e-4,
            f"|det(W)| is {factor:g}, so W multiplies every area by "
            f"{factor:g}, not by 2. The area factor is the size of the "
            "determinant, m00*m11 - m01*m10, not the size of the entries.")
if det < 0:
    print("det(W) is -2: areas double, and the plane is also turned over "
          "(a mirror image). That counts: the area factor is |det|.")
# ANCHOR_END: check
