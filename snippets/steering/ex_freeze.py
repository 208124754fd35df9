#| hint: requires_grad_(False) freezes one tensor. A layer holds several (a weight and a bias): loop over body.parameters() so that every one of them is frozen, and leave head alone.
# ANCHOR: task
import torch

body = torch.nn.Linear(3, 4)        # keep this part as it is
head = torch.nn.Linear(4, 2)        # train only this part

body.weight.requires_grad_(False)   # meant to freeze body

x = torch.randn(5, 3)
head(torch.relu(body(x))).sum().backward()
# ANCHOR_END: task
# ANCHOR: solution
import torch

body = torch.nn.Linear(3, 4)
head = torch.nn.Linear(4, 2)

for p in body.parameters():
    p.requires_grad_(False)

x = torch.randn(5, 3)
head(torch.relu(body(x))).sum().backward()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

body = torch.nn.Linear(3, 4)
head = torch.nn.Linear(4, 2)

for p in head.parameters():
    p.requires_grad_(False)

x = torch.randn(5, 3)
head(torch.relu(body(x))).sum().backward()
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true

expect_true(head.weight.grad is not None and head.bias.grad is not None,
            "head got no gradient: you froze the part that should learn.")
expect_true(body.weight.grad is None,
            "body.weight received a gradient: it is not frozen.")
expect_true(body.bias.grad is None,
            "body.bias received a gradient: freezing body.weight leaves "
            "the layer's bias trainable. Freeze every tensor in "
            "body.parameters().")
# ANCHOR_END: check
