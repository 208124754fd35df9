#| raises: RuntimeError: a Tensor with 3 elements cannot be converted to Scalar
import torch

losses = torch.tensor([0.5, 0.25, 0.125])   # per example, not yet averaged
print(losses.shape, losses.numel(), "elements")
assert losses.numel() == 3

losses.item()
