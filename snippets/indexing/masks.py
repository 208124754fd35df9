import torch

# ANCHOR: mask
temps = torch.tensor([[12.5, 31.0, 18.0],
                      [35.5, 22.0, 29.5]])    # 2 towns, 3 days
hot = temps > 28
print(hot)
print("dtype:", hot.dtype, " shape:", tuple(hot.shape))
print("temps[hot]:", temps[hot])
print("how many:", hot.sum().item(), " share:", hot.float().mean().item())

assert hot.dtype == torch.bool and hot.shape == temps.shape
assert temps[hot].tolist() == [31.0, 35.5, 29.5]   # row by row
assert temps[hot].shape == (hot.sum().item(),)     # 1-D, one per True
# ANCHOR_END: mask

# ANCHOR: copy
picked = temps[hot]
picked[0] = -1.0                      # change the selection ...
print("picked:", picked)
print("temps still has", temps[0, 1].item())

assert temps[0, 1].item() == 31.0     # ... the original is untouched
# ANCHOR_END: copy

# ANCHOR: write
clipped = temps.clone()
clipped[clipped > 28] = 28.0                     # write through a mask
print(clipped)
print(torch.where(temps > 28, 28.0, temps))      # the same, no writing
print(temps.masked_fill(temps > 28, 28.0))       # and once more

assert clipped.max().item() == 28.0
assert torch.equal(clipped, torch.where(temps > 28, 28.0, temps))
assert torch.equal(clipped, temps.masked_fill(temps > 28, 28.0))
# ANCHOR_END: write

# ANCHOR: rows
warm_town = temps.mean(dim=1) > 25      # one flag per row: shape [2]
print("warm_town:", warm_town)
print("temps[warm_town]:", temps[warm_town], tuple(temps[warm_town].shape))
print("both:", (temps > 20) & (temps < 30))
try:
    (temps > 20) and (temps < 30)       # Python's `and` asks for one bool
except RuntimeError as err:
    print("RuntimeError:", err)
    refused = str(err)

assert warm_town.tolist() == [False, True]
assert temps[warm_town].shape == (1, 3)             # whole rows survive
assert refused.startswith("Boolean value of Tensor with more than one")
# ANCHOR_END: rows
