#| hint: The estimate subtracts f(2 - h) from f(2 + h), two numbers that agree in almost every digit, then divides by 2h. In float32 each holds about 7 significant digits, so with h = 1e-5 the rounding left in the difference is blown up enormously. Compute in float64 (dtype=torch.float64 for xs), or use a larger h such as 1e-2; but not too large, since the estimate is then off by h squared.
# ANCHOR: task
import torch

def f(x):
    return x**3

x0 = 2.0
x = torch.tensor(x0, requires_grad=True)
f(x).backward()                       # autograd: 3 * 2**2 = 12

h = 1e-5
xs = torch.tensor([x0 - h, x0 + h])   # the two points of the estimate
numeric = ((f(xs[1]) - f(xs[0])) / (2 * h)).item()
agree = abs(numeric - x.grad.item()) < 1e-3
print(f"autograd {x.grad.item()}  numeric {numeric:.6f}  agree {agree}")
# ANCHOR_END: task
# ANCHOR: solution
import torch

def f(x):
    return x**3

x0 = 2.0
x = torch.tensor(x0, requires_grad=True)
f(x).backward()

h = 1e-5
xs = torch.tensor([x0 - h, x0 + h], dtype=torch.float64)
numeric = ((f(xs[1]) - f(xs[0])) / (2 * h)).item()
agree = abs(numeric - x.grad.item()) < 1e-3
print(f"autograd {x.grad.item()}  numeric {numeric:.6f}  agree {agree}")
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def f(x):
    return x**3

x0 = 2.0
x = torch.tensor(x0, requires_grad=True)
f(x).backward()

h = 0.1
xs = torch.tensor([x0 - h, x0 + h])
numeric = ((f(xs[1]) - f(xs[0])) / (2 * h)).item()
agree = abs(numeric - x.grad.item()) < 1e-3
print(f"autograd {x.grad.item()}  numeric {numeric:.6f}  agree {agree}")
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true

expect_true(abs(x.grad.item() - 12.0) < 1e-6,
            f"x.grad is {x.grad.item()}; autograd's answer, 12, was right "
            "all along: leave that part alone.")
error = abs(numeric - 12.0)
if error >= 1e-3:
    if h >= 0.03:
        why = (f"h = {h:g} is too wide: for x**3 the estimate is 12 + h**2, "
               f"off by {h * h:g}, so the slope is measured over too long a "
               "stretch of the curve")
    elif xs.dtype == torch.float32:
        why = (f"in float32, f(2 + h) and f(2 - h) keep about 7 digits, and "
               f"their difference divided by 2h = {2 * h:g} magnifies the "
               "rounding: compute xs in float64, or widen h")
    else:
        why = "the two points are not x0 - h and x0 + h"
    expect_true(False, f"the estimate is {numeric:.6f}, off by {error:.2g}: "
                f"{why}.")
expect_true(agree, "numeric is close to 12, yet agree is False: compare it "
            "with x.grad as the last lines do.")
# ANCHOR_END: check
