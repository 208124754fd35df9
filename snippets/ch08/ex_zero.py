#| hint: Every backward() adds into .grad. Once a step has used its gradients, each parameter's .grad has to be cleared before the next backward().
# ANCHOR: task
import torch
x = torch.tensor([-2.0, -1.0, 0.0, 1.0])
y = torch.tensor([-5.0, -3.0, -1.0, 1.0])   # exactly 2x - 1
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
for step in range(20):
    loss = ((w * x + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
    # something is missing here
print(f"w = {w.item():.3f}   b = {b.item():.3f}")   # should end near 2 and -1
# ANCHOR_END: task
# ANCHOR: solution
import torch
x = torch.tensor([-2.0, -1.0, 0.0, 1.0])
y = torch.tensor([-5.0, -3.0, -1.0, 1.0])
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
for step in range(20):
    loss = ((w * x + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
    w.grad.zero_()
    b.grad.zero_()
print(f"w = {w.item():.3f}   b = {b.item():.3f}")
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
x = torch.tensor([-2.0, -1.0, 0.0, 1.0])
y = torch.tensor([-5.0, -3.0, -1.0, 1.0])
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
for step in range(20):
    loss = ((w * x + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
    w.grad.zero_()
print(f"w = {w.item():.3f}   b = {b.item():.3f}")
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_close

# The same 20 steps in plain Python floats, gradients worked out by hand
# and never carried over
xs, ys = [-2.0, -1.0, 0.0, 1.0], [-5.0, -3.0, -1.0, 1.0]
ww, bb = 0.0, 0.0
for _ in range(20):
    errors = [ww * xi + bb - yi for xi, yi in zip(xs, ys)]
    grad_w = sum(2 * e * xi for e, xi in zip(errors, xs)) / 4
    grad_b = sum(2 * e for e in errors) / 4
    ww, bb = ww - 0.1 * grad_w, bb - 0.1 * grad_b
expect_close("w after 20 steps", w, ww, tol=1e-3)
expect_close("b after 20 steps", b, bb, tol=1e-3)
# ANCHOR_END: check
