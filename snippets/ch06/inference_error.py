#| raises: RuntimeError: Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.
import torch

w = torch.tensor(2.0, requires_grad=True)
with torch.inference_mode():
    features = torch.tensor([1.0, 2.0, 3.0]) * 2     # made during evaluation

print("inference tensor:", features.is_inference())
assert features.is_inference()

loss = (w * features).sum()   # training reuses it: the multiply must save it
