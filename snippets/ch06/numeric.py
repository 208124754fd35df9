import torch


def central(f, x, h):
    """Slope of f at x from two nearby evaluations, one on each side."""
    return (f(x + h) - f(x - h)) / (2 * h)


# ANCHOR: square
def square(x):
    return x * x


x = torch.tensor(2.0, requires_grad=True)
square(x).backward()

numeric = central(square, 2.0, h=1e-3)      # plain Python floats (float64)
print("autograd          :", x.grad)
print("central difference:", f"{numeric:.6f}")
print("2x at x = 2       :", 2 * 2.0)

assert x.grad.item() == 4.0
assert abs(numeric - 4.0) < 1e-9
# ANCHOR_END: square

# ANCHOR: poly
def poly(x):
    return x**2 + 3 * x


x = torch.tensor(2.0, requires_grad=True)
poly(x).backward()

numeric = central(poly, 2.0, h=1e-3)
print("autograd          :", x.grad)
print("central difference:", f"{numeric:.6f}")
print("2x + 3 at x = 2   :", 2 * 2.0 + 3)

assert x.grad.item() == 7.0
assert abs(numeric - 7.0) < 1e-9
# ANCHOR_END: poly

# ANCHOR: step
def cube(x):
    return x**3                              # slope 3x^2 = 12 at x = 2


print(f"{'h':>7}  {'error, float64':>15}  {'error, float32':>15}")
errors = {}
for h in [1e-1, 1e-2, 1e-3, 1e-4, 1e-5]:
    e64 = central(cube, 2.0, h) - 12.0
    e32 = central(cube, torch.tensor(2.0), torch.tensor(h)).item() - 12.0
    errors[h] = (abs(e64), abs(e32))
    print(f"{h:>7g}  {e64:>15.2e}  {e32:>15.2e}")

# float64: smaller h, better
assert errors[1e-1][0] > errors[1e-3][0] > errors[1e-5][0]
# exact arithmetic gives an error of h^2 for x^3; float64 matches it to
# 0.1% down to h = 1e-4, and at 1e-5 rounding shows: about 2 h^2
assert all(abs(errors[h][0] / (h * h) - 1) < 1e-3
           for h in [1e-1, 1e-2, 1e-3, 1e-4])
assert 2 < errors[1e-5][0] / 1e-10 < 2.2 and errors[1e-5][0] < 1e-9
# float32: best at h = 0.01 ...
assert min(errors, key=lambda h: errors[h][1]) == 1e-2
# ... and at 1e-5 worse than at the widest step, h = 0.1
assert errors[1e-5][1] > errors[1e-1][1]
assert round(errors[1e-5][1], 4) == 0.0163
assert round(errors[1e-1][1], 5) == 0.00999
# ANCHOR_END: step

# The tape widget's note on x*x (docs/autograd.md): its central difference has
# no truncation error at all, (x+h)^2 - (x-h)^2 = 4xh exactly, for every h, so
# in float32 only rounding is left (the widget's default, x*x*x, has both).
from fractions import Fraction  # noqa: E402

for h in [Fraction(1, 10**k) for k in (0, 1, 3, 7)]:
    assert central(square, Fraction(2), h) == 4
    assert central(cube, Fraction(2), h) == 12 + h * h
assert central(square, torch.tensor(2.0), torch.tensor(1e-5)).item() != 4.0
