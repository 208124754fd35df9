#| hint: For the first value, add up what every use of x deposits: x * x deposits x twice, 2 * x deposits 2. For the second, remember that backward() adds into x.grad and nothing here clears it.
# ANCHOR: task
import torch
x = torch.tensor(3.0, requires_grad=True)

y = x * x + 2 * x
y.backward()
first = None    # replace None: your prediction of x.grad now

z = 4 * x
z.backward()
second = None   # replace None: your prediction of x.grad now
# ANCHOR_END: task
# ANCHOR: solution
import torch
x = torch.tensor(3.0, requires_grad=True)

y = x * x + 2 * x
y.backward()
first = 8.0     # 3 + 3 from x * x, plus 2 from 2 * x: 2x + 2 at x = 3

z = 4 * x
z.backward()
second = 12.0   # z's gradient, 4, is added onto the 8 already there
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
x = torch.tensor(3.0, requires_grad=True)

y = x * x + 2 * x
y.backward()
first = 8.0

z = 4 * x
z.backward()
second = 4.0
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true

expect_true(first is not None and second is not None,
            "replace both None placeholders with numbers.")
expect_true(first != 5,
            "first is not 5: x * x sends x = 3 down each of its two edges, "
            "so it deposits 3 twice, not 3 once.")
expect_true(first != 6 and first != 2,
            f"first is not {first}: x.grad collects every use of x, both "
            "the product x * x (3 + 3) and the 2 * x (2).")
expect_true(first == 8, f"first should be 8 (2x + 2 at x = 3), not {first}.")
expect_true(second != 4,
            "second is not 4: backward() adds z's gradient, 4, into x.grad, "
            "and nothing cleared the 8 left by y's backward.")
expect_true(second == 12,
            f"second should be 8 + 4 = 12, not {second}.")
expect_true(x.grad.item() == second,
            "your numbers are right, but x.grad does not agree: did the "
            "code above them change?")
# ANCHOR_END: check
