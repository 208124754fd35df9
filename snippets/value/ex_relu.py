#| hint: relu(x) is x where x > 0 and 0 elsewhere. Its slope is the slope of whichever piece x is on: 1 on the rising piece, 0 on the flat piece. Like torch, use 0 at exactly x = 0.
# ANCHOR: task
class Value:
    def __init__(self, data, inputs=()):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs     # pairs (input, local derivative)

    def relu(self):
        local = None             # replace None: d relu(x) / dx here
        return Value(max(self.data, 0.0), ((self, local),))

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

    def relu(self):
        local = 1.0 if self.data > 0 else 0.0
        return Value(max(self.data, 0.0), ((self, local),))

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

    def relu(self):
        local = max(self.data, 0.0)
        return Value(max(self.data, 0.0), ((self, local),))

    def backward(self):
        self.grad = 1.0
        for inp, local in self.inputs:
            inp.grad += local * self.grad
# ANCHOR_END: wrong
# ANCHOR: check
import torch
from bookcheck import expect_close, expect_true

for start in (2.5, -1.5, 0.0):
    v = Value(start)
    out = v.relu()
    expect_true(out.inputs[0][1] is not None,
                "relu's local derivative is still None: replace it.")
    out.backward()
    t = torch.tensor(start, requires_grad=True)
    torch.relu(t).backward()
    expect_true(start <= 0 or v.grad != start,
                f"at x = {start:g} your gradient is {v.grad:g}, the value "
                "of relu(x) itself; the slope of relu there is 1.")
    expect_close(f"Value({start:g}).relu() then backward: grad",
                 v.grad, t.grad.item())
# ANCHOR_END: check
