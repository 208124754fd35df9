#| raises: RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1
import torch

# Sales for 2 shops over 3 days: one row per shop.
sales = torch.tensor([[5.0, 7.0, 6.0],
                      [2.0, 0.0, 4.0]])
# Returns were typed in the other way round: one row per day.
returns = torch.tensor([[1.0, 0.0],
                        [0.0, 0.0],
                        [2.0, 1.0]])

print("sales  ", sales.shape)
print("returns", returns.shape)
assert sales.shape == (2, 3) and returns.shape == (3, 2)

net = sales - returns   # the axes do not line up
