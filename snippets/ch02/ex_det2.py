#| hint: Index the four entries as M[0, 0], M[0, 1], M[1, 0] and M[1, 1]. Multiply down the main diagonal, then subtract the product of the other diagonal.
# ANCHOR: task
import torch

def det2(M):
    # replace None: the determinant of the 2x2 matrix M, from its four entries
    return None
# ANCHOR_END: task
# ANCHOR: solution
import torch

def det2(M):
    return M[0, 0] * M[1, 1] - M[0, 1] * M[1, 0]
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def det2(M):
    # a plus where the minus belongs
    return M[0, 0] * M[1, 1] + M[0, 1] * M[1, 0]
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_close
expect_close("det2 of [[3, 1], [2, 4]]",
             det2(torch.tensor([[3.0, 1.0], [2.0, 4.0]])), 10.0)
expect_close("det2 of the stretch [[2, 0], [0, 1]] (it doubles area)",
             det2(torch.tensor([[2.0, 0.0], [0.0, 1.0]])), 2.0)
expect_close("det2 of the rotation [[0, -1], [1, 0]] (it keeps area)",
             det2(torch.tensor([[0.0, -1.0], [1.0, 0.0]])), 1.0)
expect_close("det2 of the mirror [[-1, 0], [0, 1]] (it flips orientation)",
             det2(torch.tensor([[-1.0, 0.0], [0.0, 1.0]])), -1.0)
expect_close("det2 of [[2, 1], [1, 0.5]] (parallel columns)",
             det2(torch.tensor([[2.0, 1.0], [1.0, 0.5]])), 0.0)
# ANCHOR_END: check
