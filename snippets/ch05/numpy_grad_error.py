#| raises: RuntimeError: Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.
import torch

w = torch.tensor([2.0, -1.0], requires_grad=True)
pred = w * 3                      # on the tape, so pred requires grad too
print(pred)
assert pred.requires_grad

pred.numpy()
