#| hint: backward(gradient=v) computes v @ J, a mix of the rows of J weighted by v. To get one row alone, give that row weight 1 and every other row weight 0; rows are counted from 0.
# ANCHOR: task
import torch

M = torch.tensor([[1.0, 0.0, 2.0],
                  [0.0, 3.0, -1.0]])
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = M @ x ** 2                      # two outputs, y[0] and y[1]

# change v so that x.grad becomes the gradient of y[1] alone
v = torch.tensor([1.0, 1.0])
y.backward(gradient=v)
print(x.grad)
# ANCHOR_END: task
# ANCHOR: solution
import torch

M = torch.tensor([[1.0, 0.0, 2.0],
                  [0.0, 3.0, -1.0]])
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = M @ x ** 2

v = torch.tensor([0.0, 1.0])
y.backward(gradient=v)
print(x.grad)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

M = torch.tensor([[1.0, 0.0, 2.0],
                  [0.0, 3.0, -1.0]])
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = M @ x ** 2

v = torch.tensor([1.0, 0.0])
y.backward(gradient=v)
print(x.grad)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_close, expect_true

row0 = (2 * M[0] * x.detach()).tolist()   # d y[0] / dx
row1 = (2 * M[1] * x.detach()).tolist()   # d y[1] / dx
got = x.grad.tolist()
expect_true(got != [a + b for a, b in zip(row0, row1)],
            "x.grad is the gradient of y[0] + y[1]: with v all ones, "
            "every output's row of J is added in.")
expect_true(got != row0,
            "x.grad is the gradient of y[0]: v weights the outputs by "
            "position, and y[1] is at position 1.")
expect_close("x.grad (the gradient of y[1])", x.grad, row1)
# ANCHOR_END: check
