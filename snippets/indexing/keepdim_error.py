#| raises: RuntimeError: The size of tensor a (4) must match the size of tensor b (3) at non-singleton dimension 1
import torch

minutes = torch.tensor([[30., 0., 45., 15.],
                        [10., 20., 10., 20.],
                        [60., 30., 0., 30.]])
totals = minutes.sum(dim=1)               # keepdim forgotten: shape [3]
print("minutes", tuple(minutes.shape), " totals", tuple(totals.shape))
share = minutes / totals                  # [3, 4] / [3]
