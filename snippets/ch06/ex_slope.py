#| hint: Build the output by calling f on the tensor x (that records the tape), then call .backward() on that output. Autograd writes the answer into x.grad.
# ANCHOR: task
import torch

def f(x):
    return x**3 - 4 * x

x = torch.tensor(3.0, requires_grad=True)
# record f(x) on the tape, then walk it backwards so that x.grad holds f'(3)
# ANCHOR_END: task
# ANCHOR: solution
import torch

def f(x):
    return x**3 - 4 * x

x = torch.tensor(3.0, requires_grad=True)
y = f(x)
y.backward()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def f(x):
    return x**3 - 4 * x

x = torch.tensor(3.0, requires_grad=True)
f(x).backward()
f(x).backward()   # "just to be sure": a second backward adds another 23
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_grad, expect_close

expect_grad("x.grad", f, 3.0, x.grad)
expect_close("x.grad", x.grad, 23.0)
# ANCHOR_END: check
