#| hint: Two calls of torch.autograd.grad. The first differentiates f(x) and must pass create_graph=True, so that its answer d1 is itself on a tape. The second differentiates d1 (not f(x) again) with respect to x.
# ANCHOR: task
import torch

def f(x):
    return x ** 3 - 2 * x

x = torch.tensor(1.5, requires_grad=True)
(d1,) = torch.autograd.grad(f(x), x, create_graph=True)   # f'(x)

# replace None: f''(x), the derivative of d1, with torch.autograd.grad
d2 = None
# ANCHOR_END: task
# ANCHOR: solution
import torch

def f(x):
    return x ** 3 - 2 * x

x = torch.tensor(1.5, requires_grad=True)
(d1,) = torch.autograd.grad(f(x), x, create_graph=True)

(d2,) = torch.autograd.grad(d1, x)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def f(x):
    return x ** 3 - 2 * x

x = torch.tensor(1.5, requires_grad=True)
(d1,) = torch.autograd.grad(f(x), x, create_graph=True)

(d2,) = torch.autograd.grad(f(x), x)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_close, expect_true

expect_true(d2 is not None, "d2 is None: replace it with a second call "
            "of torch.autograd.grad.")
expect_close("d1, f'(1.5) = 3x^2 - 2", d1, 4.75)
expect_true(abs(float(d2) - 4.75) > 1e-6,
            "d2 is f'(x) again: that call differentiated f(x) a second "
            "time. Differentiate d1 instead.")
expect_close("d2, f''(1.5) = 6x", d2, 9.0)
# ANCHOR_END: check
