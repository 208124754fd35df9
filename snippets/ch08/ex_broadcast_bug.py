#| hint: Print pred.shape and y.shape inside the loop. When one is [8, 1] and the other [8], pred - y broadcasts to [8, 8]: every prediction is compared with every target. Make the two shapes equal.
# ANCHOR: task
import torch
from torch import nn
torch.manual_seed(0)
x = torch.linspace(-2, 2, 8)
y = 2 * x - 1                        # the line to learn, shape [8]
model = nn.Linear(1, 1)
for step in range(40):
    pred = model(x.unsqueeze(1))     # one input column: [8, 1]
    loss = ((pred - y) ** 2).mean()
    model.zero_grad()
    loss.backward()
    with torch.no_grad():                # the update, written out
        for p in model.parameters():
            p -= 0.1 * p.grad
w, b = model.weight.item(), model.bias.item()
print(f"w = {w:.3f}   b = {b:.3f}")   # should end near 2 and -1
# ANCHOR_END: task
# ANCHOR: solution
import torch
from torch import nn
torch.manual_seed(0)
x = torch.linspace(-2, 2, 8)
y = 2 * x - 1
model = nn.Linear(1, 1)
for step in range(40):
    pred = model(x.unsqueeze(1)).squeeze(1)   # back to [8], like y
    loss = ((pred - y) ** 2).mean()
    model.zero_grad()
    loss.backward()
    with torch.no_grad():                # the update, written out
        for p in model.parameters():
            p -= 0.1 * p.grad
w, b = model.weight.item(), model.bias.item()
print(f"w = {w:.3f}   b = {b:.3f}")
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
from torch import nn
torch.manual_seed(0)
x = torch.linspace(-2, 2, 8)
y = 2 * x - 1
model = nn.Linear(1, 1)
for step in range(40):
    pred = model(x.unsqueeze(1))
    loss = ((pred - y.unsqueeze(0)) ** 2).mean()
    model.zero_grad()
    loss.backward()
    with torch.no_grad():                # the update, written out
        for p in model.parameters():
            p -= 0.1 * p.grad
w, b = model.weight.item(), model.bias.item()
print(f"w = {w:.3f}   b = {b:.3f}")
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true

expect_true(abs(w) > 0.5,
            f"w ended at {w:.3f} and b at {b:.3f}: the model learned a flat "
            "line through the mean of y. That is what minimises the loss "
            "when pred [8, 1] minus y [8] broadcasts to [8, 8] and every "
            "prediction is scored against all 8 targets. Give pred and y "
            "the same shape.")
expect_true(abs(w - 2) < 0.01 and abs(b + 1) < 0.01,
            f"w = {w:.3f} and b = {b:.3f}, but the data lie exactly on "
            "y = 2x - 1: look again at the shapes in the loss.")
# ANCHOR_END: check
