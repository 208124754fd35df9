import torch

# 3 people over 3 days this time: a square table
minutes = torch.tensor([[30., 0., 60.],
                        [10., 20., 10.],
                        [60., 30., 30.]])
totals = minutes.sum(dim=1)                  # [3], keepdim forgotten
wrong = minutes / totals                     # runs: [3, 3] / [3]
right = minutes / minutes.sum(dim=1, keepdim=True)

print("totals          :", totals)
print("wrong row sums  :", [round(v, 3) for v in wrong.sum(dim=1).tolist()])
print("right row sums  :", right.sum(dim=1).tolist())
print("wrong[0, 2] = 60 /", totals[2].item(), "=", wrong[0, 2].item())
print("right[0, 2] = 60 /", totals[0].item(), "=",
      round(right[0, 2].item(), 4))

# [3] lines up with the last axis: column j is divided by totals[j]
assert torch.allclose(wrong, minutes / totals.view(1, 3))
assert wrong[0, 2].item() == 0.5
assert not torch.allclose(wrong.sum(dim=1), torch.ones(3))
assert torch.allclose(right.sum(dim=1), torch.ones(3))
