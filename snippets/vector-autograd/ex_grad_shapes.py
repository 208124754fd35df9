#| hint: A gradient belongs to one tensor and has exactly that tensor's shape: W.grad is shaped like W, whatever shape the output Y has. The bias is added to every row of Y, so its gradient collects one contribution per row into b's own shape.
# ANCHOR: task
import torch

W = torch.randn(4, 3, requires_grad=True)   # 4 outputs, 3 inputs
b = torch.randn(4, requires_grad=True)
X = torch.randn(10, 3)                      # 10 examples, one per row
Y = X @ W.T + b
loss = (Y ** 2).mean()

# Predict first, then run: replace each None with a tuple such as (2, 5)
y_shape = None
w_grad_shape = None
b_grad_shape = None

loss.backward()
# ANCHOR_END: task
# ANCHOR: solution
import torch

W = torch.randn(4, 3, requires_grad=True)
b = torch.randn(4, requires_grad=True)
X = torch.randn(10, 3)
Y = X @ W.T + b
loss = (Y ** 2).mean()

y_shape = (10, 4)
w_grad_shape = (4, 3)
b_grad_shape = (4,)

loss.backward()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

W = torch.randn(4, 3, requires_grad=True)
b = torch.randn(4, requires_grad=True)
X = torch.randn(10, 3)
Y = X @ W.T + b
loss = (Y ** 2).mean()

y_shape = (10, 4)
w_grad_shape = (10, 4)
b_grad_shape = (10, 4)

loss.backward()
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true

for name, value in [("y_shape", y_shape), ("w_grad_shape", w_grad_shape),
                    ("b_grad_shape", b_grad_shape)]:
    expect_true(isinstance(value, tuple),
                f"{name} should be a tuple such as (2, 5), not {value!r}.")
expect_true(y_shape == tuple(Y.shape),
            f"y_shape is {y_shape}, but X @ W.T is [10, 3] @ [3, 4]: "
            "rows from X, columns from W.T.")
expect_true(w_grad_shape != tuple(Y.shape),
            f"w_grad_shape {w_grad_shape} is the output's shape. A "
            "gradient has the shape of the tensor it belongs to: W is "
            "[4, 3].")
expect_true(w_grad_shape == tuple(W.grad.shape),
            f"w_grad_shape is {w_grad_shape}, but W.grad has W's shape.")
expect_true(b_grad_shape != tuple(Y.shape),
            f"b_grad_shape {b_grad_shape} is the output's shape. b is "
            "[4]: its gradient adds up the 10 rows' contributions.")
expect_true(b_grad_shape == tuple(b.grad.shape),
            f"b_grad_shape is {b_grad_shape}, but b.grad has b's shape.")
# ANCHOR_END: check
