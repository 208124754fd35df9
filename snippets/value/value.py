# ANCHOR: start
import math

class Value:
    """One number, plus a record of the numbers it was made from."""

    def __init__(self, data, inputs=()):
        self.data = float(data)
        self.grad = 0.0
        # pairs (input, local derivative d self / d input)
        self.inputs = inputs

    def __repr__(self):
        return f"Value({self.data:g}, grad={self.grad:g})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        # d(a + b)/da = 1 and d(a + b)/db = 1
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        # d(a * b)/da = b and d(a * b)/db = a
        return Value(self.data * other.data,
                     ((self, other.data), (other, self.data)))
# ANCHOR_END: start

# ANCHOR: record
a = Value(2.0)
b = Value(5.0)
c = a * b + a
print("c:", c)
print("c was made from:", [(v, local) for v, local in c.inputs])
product = c.inputs[0][0]
print("the product was made from:", list(product.inputs))
assert c.data == 12.0
assert [local for _, local in product.inputs] == [5.0, 2.0]
# ANCHOR_END: record

# ANCHOR: naive
def naive_backward(node):
    """Pass the gradient down every edge at once, and recurse."""
    for inp, local in node.inputs:
        inp.grad += local * node.grad
        naive_backward(inp)

x = Value(2.0)
u = x * x                          # 4, and du/dx = 2x = 4
y = u + u                          # 8, and dy/dx = 4x = 8
y.grad = 1.0
naive_backward(y)
print("naive x.grad:", x.grad, "  (should be 8)")
assert x.grad == 12.0
# ANCHOR_END: naive

# ANCHOR: backward
def backward(self):
    # 1. Count the users of every node: the edges that lead into it.
    users = {}
    stack, seen = [self], {self}
    while stack:
        node = stack.pop()
        for inp, _ in node.inputs:
            users[inp] = users.get(inp, 0) + 1
            if inp not in seen:
                seen.add(inp)
                stack.append(inp)
    # 2. Walk down from the output. A node passes its gradient on
    #    only once every one of its users has paid in.
    self.grad = 1.0
    ready = [self]
    while ready:
        node = ready.pop()
        for inp, local in node.inputs:
            inp.grad += local * node.grad      # the chain rule
            users[inp] -= 1
            if users[inp] == 0:
                ready.append(inp)

Value.backward = backward
# ANCHOR_END: backward

# ANCHOR: diamond
x = Value(2.0)
u = x * x
y = u + u
y.backward()
print("x.grad:", x.grad, " u.grad:", u.grad)
assert x.grad == 8.0 and u.grad == 2.0
# ANCHOR_END: diamond

# ANCHOR: twice
import torch

y.backward()                       # walk the same graph a second time
print("Value, second walk: x.grad:", x.grad, " u.grad:", u.grad)

t = torch.tensor(2.0, requires_grad=True)
s = t * t
z = s + s
z.backward(retain_graph=True)      # keep the saved tensors for a 2nd walk
z.backward()
print("torch, second walk: x.grad:", t.grad.item(),
      " u keeps a grad:", s.retains_grad)
assert x.grad == 24.0 and u.grad == 4.0
assert t.grad.item() == 16.0 and not s.is_leaf and not s.retains_grad
# ANCHOR_END: twice

# ANCHOR: zero_grad
def zero_grad(self):
    """Set grad to 0 on this node and on every node it was made from."""
    stack, seen = [self], {self}
    while stack:
        node = stack.pop()
        node.grad = 0.0
        for inp, _ in node.inputs:
            if inp not in seen:
                seen.add(inp)
                stack.append(inp)

Value.zero_grad = zero_grad

y.zero_grad()
y.backward()
print("cleared, then walked: x.grad:", x.grad, " u.grad:", u.grad)
assert x.grad == 8.0 and u.grad == 2.0
# ANCHOR_END: zero_grad

# ANCHOR: more_ops
def power(self, k):                # k is a plain number
    return Value(self.data ** k, ((self, k * self.data ** (k - 1)),))

def tanh(self):
    t = math.tanh(self.data)
    return Value(t, ((self, 1 - t * t),))

def neg(self):
    return self * -1

def sub(self, other):
    return self + (-other)

def radd(self, other):             # 3 + v
    return self + other

def rmul(self, other):             # 3 * v
    return self * other

Value.__pow__ = power
Value.tanh = tanh
Value.__neg__ = neg
Value.__sub__ = sub
Value.__radd__ = radd
Value.__rmul__ = rmul
# ANCHOR_END: more_ops

# ANCHOR: neuron
import torch

def neuron(x1, x2, w1, w2, b):
    out = (w1 * x1 + w2 * x2 + b).tanh()
    return (out - 0.5) ** 2

start = dict(x1=1.5, x2=-2.0, w1=0.8, w2=0.3, b=0.1)
mine = {k: Value(v) for k, v in start.items()}
loss = neuron(**mine)
loss.backward()

theirs = {k: torch.tensor(v, dtype=torch.float64, requires_grad=True)
          for k, v in start.items()}
ref = neuron(**theirs)
ref.backward()

print(f"loss: Value {loss.data:.6f}   torch {ref.item():.6f}")
for k in start:
    print(f"d loss / d {k:2}: Value {mine[k].grad:+.6f}"
          f"   torch {theirs[k].grad.item():+.6f}")
assert all(abs(mine[k].grad - theirs[k].grad.item()) < 1e-12
           for k in start)
# ANCHOR_END: neuron

# ANCHOR: mlp
import random

def layer(inputs, weights, biases):
    """Output j is tanh(biases[j] + the sum of weights[j][i] * inputs[i])."""
    outputs = []
    for row, bias in zip(weights, biases):
        total = bias
        for w, v in zip(row, inputs):
            total = total + w * v
        outputs.append(total.tanh())
    return outputs

rng = random.Random(1)              # Python's own generator: no torch here
sizes = [2, 4, 1]                   # 2 inputs, 4 hidden units, 1 output
net = [([[Value(rng.uniform(-1, 1)) for _ in range(n_in)]
         for _ in range(n_out)],
        [Value(0.0) for _ in range(n_out)])
       for n_in, n_out in zip(sizes, sizes[1:])]
params = [v for weights, biases in net
          for v in [w for row in weights for w in row] + biases]

def graph_nodes(out):
    found, stack = {out}, [out]
    while stack:
        for inp, _ in stack.pop().inputs:
            if inp not in found:
                found.add(inp)
                stack.append(inp)
    return found

def predict(point):
    values = list(point)
    for weights, biases in net:
        values = layer(values, weights, biases)
    return values[0]

# +1 where the two coordinates have the same sign: no straight line
# separates the +1 corners from the -1 corners
points = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
targets = [1, -1, -1, 1]
print("parameters:", len(params))

losses = []
for step in range(30):
    loss = Value(0.0)
    for point, target in zip(points, targets):
        loss = loss + (predict(point) - target) ** 2
    loss.zero_grad()                # clear every node, parameters included
    loss.backward()
    for p in params:
        p.data -= 0.1 * p.grad      # one step of gradient descent
    losses.append(loss.data)
    if step % 5 == 0 or step == 29:
        print(f"step {step:2d}  loss {loss.data:.4f}")

outputs = [predict(point).data for point in points]
print("outputs:", [round(o, 2) for o in outputs], " targets:", targets)
print("nodes in one step's graph:", len(graph_nodes(loss)))
assert len(params) == 2 * 4 + 4 + 4 * 1 + 1 == 17
assert round(losses[0], 2) == 4.08 and round(losses[-1], 2) == 0.10
assert all(o * t > 0.8 for o, t in zip(outputs, targets))
assert len(graph_nodes(loss)) == 182
# ANCHOR_END: mlp
