#| hint: Evaluate f a step h to the right and a step h to the left of x. The rise between them is spread over a run of 2h, not h.
# ANCHOR: task
def central(f, x, h=0.001):
    return None  # replace None: the central-difference estimate of f'(x)
# ANCHOR_END: task
# ANCHOR: solution
def central(f, x, h=0.001):
    return (f(x + h) - f(x - h)) / (2 * h)
# ANCHOR_END: solution
# ANCHOR: wrong
def central(f, x, h=0.001):
    return (f(x + h) - f(x - h)) / h
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_close

expect_close("central(x * x, at 2.0)", central(lambda x: x * x, 2.0), 4.0)
expect_close("central(x**2 + 3*x, at 2.0)",
             central(lambda x: x**2 + 3 * x, 2.0), 7.0)
expect_close("central(x**3, at 1.0)", central(lambda x: x**3, 1.0), 3.0)
# ANCHOR_END: check
