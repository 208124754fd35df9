#| hint: Look at what happens at a node that two edges lead into, such as x in x * x. Each edge brings its own share of the gradient; what should happen to the share that arrived first when the second one comes?
# ANCHOR: task
class Value:
    def __init__(self, data, inputs=()):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs     # pairs (input, local derivative)

    def __add__(self, other):
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)))

    def __mul__(self, other):
        return Value(self.data * other.data,
                     ((self, other.data), (other, self.data)))

    def backward(self):
        users = {}
        stack, seen = [self], {self}
        while stack:
            node = stack.pop()
            for inp, _ in node.inputs:
                users[inp] = users.get(inp, 0) + 1
                if inp not in seen:
                    seen.add(inp)
                    stack.append(inp)
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            for inp, local in node.inputs:
                inp.grad = local * node.grad
                users[inp] -= 1
                if users[inp] == 0:
                    ready.append(inp)

# one bug: x * x + x at x = 3 should give x.grad = 2x + 1 = 7
x = Value(3.0)
y = x * x + x
y.backward()
print(x.grad)
# ANCHOR_END: task
# ANCHOR: solution
class Value:
    def __init__(self, data, inputs=()):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs

    def __add__(self, other):
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)))

    def __mul__(self, other):
        return Value(self.data * other.data,
                     ((self, other.data), (other, self.data)))

    def backward(self):
        users = {}
        stack, seen = [self], {self}
        while stack:
            node = stack.pop()
            for inp, _ in node.inputs:
                users[inp] = users.get(inp, 0) + 1
                if inp not in seen:
                    seen.add(inp)
                    stack.append(inp)
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            for inp, local in node.inputs:
                inp.grad += local * node.grad
                users[inp] -= 1
                if users[inp] == 0:
                    ready.append(inp)

x = Value(3.0)
y = x * x + x
y.backward()
print(x.grad)
# ANCHOR_END: solution
# ANCHOR: wrong
class Value:
    def __init__(self, data, inputs=()):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs

    def __add__(self, other):
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)))

    def __mul__(self, other):
        return Value(self.data * other.data,
                     ((self, other.data), (other, self.data)))

    def backward(self):
        users = {}
        stack, seen = [self], {self}
        while stack:
            node = stack.pop()
            for inp, _ in node.inputs:
                users[inp] = users.get(inp, 0) + 1
                if inp not in seen:
                    seen.add(inp)
                    stack.append(inp)
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            for inp, local in node.inputs:
                inp.grad += local * node.grad
                ready.append(inp)

x = Value(3.0)
y = x * x + x
y.backward()
print(x.grad)
# ANCHOR_END: wrong
# ANCHOR: check
import torch
from bookcheck import expect_true


def judge(label, got, want):
    expect_true(got <= want + 1e-9,
                f"{label}: x.grad is {got:g}, more than torch's {want:g}. "
                "A node passed its gradient on before all of its users "
                "had paid in, so some shares went down twice.")
    expect_true(got >= want - 1e-9,
                f"{label}: x.grad is {got:g}, less than torch's {want:g}. "
                "An edge into x replaced what earlier edges had paid in: "
                "deposits must add up.")


t = torch.tensor(3.0, requires_grad=True)
(t * t + t).backward()
judge("x * x + x at 3", x.grad, t.grad.item())

a = Value(2.0)
u = a * a                      # u is used twice below
(u + u).backward()
t = torch.tensor(2.0, requires_grad=True)
s = t * t
(s + s).backward()
judge("u + u with u = x * x, at 2", a.grad, t.grad.item())
# ANCHOR_END: check
