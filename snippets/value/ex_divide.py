#| hint: For q = a / b, moving a by a little moves q by that much divided by b, so dq/da = 1 / b. Moving b the other way: dq/db = -a / b². Put those two numbers next to their inputs.
# ANCHOR: task
class Value:
    def __init__(self, data, inputs=()):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs     # pairs (input, local derivative)

    def __truediv__(self, other):
        a, b = self.data, other.data
        # replace the two None: d(a / b)/da and d(a / b)/db
        return Value(a / b, ((self, None), (other, None)))

    def backward(self):          # enough for one operation
        self.grad = 1.0
        for inp, local in self.inputs:
            inp.grad += local * self.grad
# ANCHOR_END: task
# ANCHOR: solution
class Value:
    def __init__(self, data, inputs=()):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs

    def __truediv__(self, other):
        a, b = self.data, other.data
        return Value(a / b, ((self, 1 / b), (other, -a / b ** 2)))

    def backward(self):
        self.grad = 1.0
        for inp, local in self.inputs:
            inp.grad += local * self.grad
# ANCHOR_END: solution
# ANCHOR: wrong
class Value:
    def __init__(self, data, inputs=()):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs

    def __truediv__(self, other):
        a, b = self.data, other.data
        return Value(a / b, ((self, 1 / b), (other, a / b ** 2)))

    def backward(self):
        self.grad = 1.0
        for inp, local in self.inputs:
            inp.grad += local * self.grad
# ANCHOR_END: wrong
# ANCHOR: check
import torch
from bookcheck import expect_close, expect_true

a, b = Value(3.0), Value(4.0)
q = a / b
expect_close("(a / b).data", q.data, 0.75)
for _, local in q.inputs:
    expect_true(local is not None,
                "a local derivative is still None: replace both.")
q.backward()

ta = torch.tensor(3.0, dtype=torch.float64, requires_grad=True)
tb = torch.tensor(4.0, dtype=torch.float64, requires_grad=True)
(ta / tb).backward()
expect_close("a.grad (torch's is 1 / b)", a.grad, ta.grad.item())
expect_true(b.grad * tb.grad.item() > 0,
            f"b.grad is {b.grad:g} but torch says {tb.grad.item():g}: a "
            "larger b makes a / b smaller, so the slope is negative.")
expect_close("b.grad (torch's is -a / b**2)", b.grad, tb.grad.item())
# ANCHOR_END: check
