import torch

# ANCHOR: grad
w = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor(0.5, requires_grad=True)
loss = ((w * 3 + b) ** 2).sum()

gw, gb = torch.autograd.grad(loss, [w, b])
print("returned:", gw, gb)
print("w.grad, b.grad:", w.grad, b.grad)
assert w.grad is None and b.grad is None
assert torch.equal(gw, 6 * (w.detach() * 3 + 0.5))
# ANCHOR_END: grad

# ANCHOR: second
x = torch.tensor(2.0, requires_grad=True)
cube = x ** 3

(dy,) = torch.autograd.grad(cube, x, create_graph=True)  # 3x^2, taped
print("dy/dx    :", dy)
(d2y,) = torch.autograd.grad(dy, x)                    # 6x
print("d2y/dx2  :", d2y)
assert dy.item() == 12.0 and d2y.item() == 12.0
assert dy.grad_fn is not None
# ANCHOR_END: second

# ANCHOR: newton
# Newton's method needs both: step by f'(x) / f''(x)
def f(x):
    return x ** 4 - 3 * x ** 2 + x

x = torch.tensor(2.0, requires_grad=True)
for step in range(5):
    (d1,) = torch.autograd.grad(f(x), x, create_graph=True)
    (d2,) = torch.autograd.grad(d1, x)
    print(f"x = {x.item():.6f}   f'(x) = {d1.item():+.6f}"
          f"   f''(x) = {d2.item():.4f}")
    with torch.no_grad():
        x -= d1 / d2
(d1,) = torch.autograd.grad(f(x), x)
assert abs(d1.item()) < 1e-4
# ANCHOR_END: newton
