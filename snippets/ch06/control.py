import torch


# ANCHOR: branch
def f(x):
    if x > 0:                  # a plain Python if, on the value of x
        return x * x
    return torch.sin(x)

for start in (2.0, -2.0):
    x = torch.tensor(start, requires_grad=True)
    y = f(x)
    y.backward()
    print(f"x = {start:+}: recorded {y.grad_fn.name():12s}"
          f" x.grad = {x.grad.item():+.4f}")

assert f(torch.tensor(2.0)).item() == 4.0
# ANCHOR_END: branch

x = torch.tensor(-2.0, requires_grad=True)
torch.sin(x).backward()
assert abs(x.grad.item() - torch.cos(torch.tensor(-2.0)).item()) < 1e-7


# ANCHOR: loop
import torch

def shrink(x):
    """Halve x until it is at most 1 in size: how often depends on x."""
    while x.abs() > 1:
        x = x / 2
    return x

def tape(t):
    """The names of the nodes from t back to the leaf."""
    names, node = [], t.grad_fn
    while node is not None:
        names.append(node.name())
        node = node.next_functions[0][0] if node.next_functions else None
    return names

for start in (3.0, 20.0):
    x = torch.tensor(start, requires_grad=True)
    y = shrink(x)
    y.backward()
    print(f"x = {start:4}: y = {y.item():.4f}, {len(tape(y)) - 1} halvings"
          f" on the tape, x.grad = {x.grad.item()}")
print(tape(shrink(torch.tensor(3.0, requires_grad=True))))
# ANCHOR_END: loop

x3 = torch.tensor(3.0, requires_grad=True)
x20 = torch.tensor(20.0, requires_grad=True)
shrink(x3).backward()
shrink(x20).backward()
assert x3.grad.item() == 1 / 4 and x20.grad.item() == 1 / 32
assert len(tape(shrink(torch.tensor(3.0, requires_grad=True)))) == 3
assert len(tape(shrink(torch.tensor(20.0, requires_grad=True)))) == 6
