import torch

x = torch.tensor(2.0)                 # requires_grad is False by default
y = x * x

print("x.requires_grad:", x.requires_grad)
print("y.requires_grad:", y.requires_grad)
print("y.grad_fn      :", y.grad_fn)
print("x.grad         :", x.grad)

assert not x.requires_grad and not y.requires_grad
assert y.grad_fn is None and x.grad is None
assert y.item() == 4.0                # the value is computed all the same
