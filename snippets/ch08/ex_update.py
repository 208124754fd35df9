#| hint: Each parameter moves by lr times its own gradient, in the direction that lowers the loss. Change w and b in place (with -=) so they stay the leaf tensors autograd knows.
# ANCHOR: task
import torch
x = torch.tensor([-2.0, -1.0, 0.0, 1.0])
y = torch.tensor([-5.0, -3.0, -1.0, 1.0])
w = torch.tensor(0.5, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
lr = 0.1

loss = ((w * x + b - y) ** 2).mean()
loss.backward()
with torch.no_grad():
    pass  # replace pass: one gradient-descent step for w and for b
print(w, b)
# ANCHOR_END: task
# ANCHOR: solution
import torch
x = torch.tensor([-2.0, -1.0, 0.0, 1.0])
y = torch.tensor([-5.0, -3.0, -1.0, 1.0])
w = torch.tensor(0.5, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
lr = 0.1

loss = ((w * x + b - y) ** 2).mean()
loss.backward()
with torch.no_grad():
    w -= lr * w.grad
    b -= lr * b.grad
print(w, b)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
x = torch.tensor([-2.0, -1.0, 0.0, 1.0])
y = torch.tensor([-5.0, -3.0, -1.0, 1.0])
w = torch.tensor(0.5, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
lr = 0.1

loss = ((w * x + b - y) ** 2).mean()
loss.backward()
with torch.no_grad():
    w = w - lr * w.grad
    b = b - lr * b.grad
print(w, b)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_close, expect_true

# errors pred - y = 4, 2.5, 1, -0.5, so w.grad = mean(2 * error * x) = -5.5
# and b.grad = mean(2 * error) = 3.5
expect_close("w after one step", w, 0.5 - 0.1 * -5.5)
expect_close("b after one step", b, 0.0 - 0.1 * 3.5)
expect_true(w.requires_grad and b.requires_grad,
            "The values are right, but w and b no longer require gradients: "
            "`w = w - ...` inside torch.no_grad() builds a new tensor with "
            "no tape, so the next step could not train it. "
            "Update the existing tensors in place with `-=`.")
# ANCHOR_END: check
