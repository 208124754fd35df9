#| raises: RuntimeError: shape '[3, 3]' is invalid for input of size 6
import torch

flat = torch.arange(6)
print(flat.numel(), "elements; a [3, 3] grid needs", 3 * 3)
assert flat.numel() == 6 and 3 * 3 == 9

flat.view(3, 3)
