#| hint: Each backward adds into w.grad. Read the gradient you need first, then clear w.grad before the next point's backward pass.
# ANCHOR: task
import torch

w = torch.tensor(1.0, requires_grad=True)
points = [(1.0, 2.0), (2.0, 4.0), (3.0, 6.0)]   # (x, y) pairs
grads = []
for x, y in points:
    loss = (w * x - y) ** 2
    loss.backward()
    grads.append(w.grad.item())   # should be this point's own gradient
print(grads)
# ANCHOR_END: task
# ANCHOR: solution
import torch

w = torch.tensor(1.0, requires_grad=True)
points = [(1.0, 2.0), (2.0, 4.0), (3.0, 6.0)]
grads = []
for x, y in points:
    loss = (w * x - y) ** 2
    loss.backward()
    grads.append(w.grad.item())
    w.grad.zero_()
print(grads)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

w = torch.tensor(1.0, requires_grad=True)
points = [(1.0, 2.0), (2.0, 4.0), (3.0, 6.0)]
grads = []
for x, y in points:
    loss = (w * x - y) ** 2
    loss.backward()
    w.grad.zero_()
    grads.append(w.grad.item())
print(grads)
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_close

# d/dw (w x - y)^2 = 2 (w x - y) x, at w = 1
expect_close("grads", grads, [2 * (1.0 * x - y) * x for x, y in points])
# ANCHOR_END: check
