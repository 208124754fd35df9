#| hint: Only a leaf, a tensor you created yourself, keeps its .grad. Check x.is_leaf: .to(...) called on a tensor that requires a gradient is an operation, recorded on the tape, and its result is not a leaf. Give torch.tensor the dtype at creation instead.
# ANCHOR: task
import torch

def f(x):
    return x**3 - 4 * x

# f'(3) is wanted in x.grad, computed in float64
x = torch.tensor(3.0, requires_grad=True).to(torch.float64)
y = f(x)
y.backward()
# ANCHOR_END: task
# ANCHOR: solution
import torch

def f(x):
    return x**3 - 4 * x

x = torch.tensor(3.0, dtype=torch.float64, requires_grad=True)
y = f(x)
y.backward()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def f(x):
    return x**3 - 4 * x

x = torch.tensor(3.0, dtype=torch.float64, requires_grad=True)
y = f(x)
y.backward()
y = f(x)
y.backward()          # a second walk, "to make sure"
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_close, expect_true

expect_true(x.is_leaf,
            f"x is not a leaf: it was made by an operation "
            f"({type(x.grad_fn).__name__}), so backward passed its gradient "
            "through x to the tensor before it and kept none on x. "
            ".to(torch.float64) after requires_grad=True is such an "
            "operation; create x with dtype=torch.float64 instead.")
expect_true(x.dtype == torch.float64,
            f"x is {x.dtype}; the gradient should be computed in float64.")
expect_true(x.grad is not None,
            "x.grad is None: call backward() on f(x).")
expect_true(abs(x.grad.item() - 46.0) > 1e-9,
            "x.grad is 46, twice f'(3) = 23: backward ran twice and the "
            "second walk added to the first.")
expect_close("x.grad, f'(3) = 3 * 3**2 - 4", x.grad, 23.0)
# ANCHOR_END: check
