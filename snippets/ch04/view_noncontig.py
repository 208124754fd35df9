#| raises: RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.
import torch

grid = torch.arange(6).view(2, 3)
flipped = grid.transpose(0, 1)

print(flipped.shape, flipped.stride(), flipped.is_contiguous())
assert flipped.numel() == 6                     # the element count is fine...
assert not flipped.is_contiguous()              # ...the memory order is not

flipped.view(6)   # reading 0, 3, 1, 4, 2, 5: jumps no single stride makes
