import torch

# ANCHOR: two_losses
torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
x = torch.randn(4, 3)

shared = torch.tanh(x @ w)         # one forward pass, used twice
fit = ((shared - 1) ** 2).mean()   # a loss on the predictions
small = (shared ** 2).mean()       # a penalty on their size

fit.backward(retain_graph=True)    # keep tanh's saved output
from_fit = w.grad.clone()
w.grad = None
small.backward()                   # the last walk may free it
from_small = w.grad.clone()

print("gradient from fit  :", from_fit)
print("gradient from small:", from_small)
# ANCHOR_END: two_losses

# ANCHOR: summed
w.grad = None
shared = torch.tanh(x @ w)
(((shared - 1) ** 2).mean() + (shared ** 2).mean()).backward()
print("one walk of the sum:", w.grad)
print("equals the two added:", torch.allclose(w.grad, from_fit + from_small))
assert torch.allclose(w.grad, from_fit + from_small)
# ANCHOR_END: summed

# ANCHOR: ratio
ratio = from_small.norm() / from_fit.norm()
print(f"the penalty pulls {ratio:.2f} times as hard as the fit")
# ANCHOR_END: ratio
