import torch

# ANCHOR: record
x = torch.tensor(2.0, requires_grad=True)   # a leaf: made by us, not by an op
y = x * x                                   # this multiply goes on the tape

print("y          :", y)
print("y.grad_fn  :", y.grad_fn.name())
print("x.grad_fn  :", x.grad_fn)
print("x.is_leaf  :", x.is_leaf)
print("y.is_leaf  :", y.is_leaf)

assert y.item() == 4.0 and y.requires_grad
assert y.grad_fn.name() == "MulBackward0"
assert x.is_leaf and not y.is_leaf and x.grad_fn is None
# ANCHOR_END: record

# ANCHOR: edges
# one (node, slot) pair per input of the multiply
edges = y.grad_fn.next_functions
print("inputs of MulBackward0:",
      [(type(node).__name__, slot) for node, slot in edges])

(left, _), (right, _) = edges
print("same node both times:", left is right)
print("it feeds x:", left.variable is x)

assert len(edges) == 2 and type(left).__name__ == "AccumulateGrad"
assert left is right and left.variable is x
# ANCHOR_END: edges

# ANCHOR: saved
node = y.grad_fn
print("saved self :", node._saved_self)
print("saved other:", node._saved_other)
assert node._saved_self.item() == 2.0 and node._saved_other.item() == 2.0
# ANCHOR_END: saved

# ANCHOR: poly
def show(node, depth=0):
    """Print the tape under `node`, one recorded operation per line."""
    if node is None:   # an input that needs no gradient (a constant)
        print("    " * depth + "(constant: no gradient needed)")
        return
    name = type(node).__name__
    if name == "AccumulateGrad":
        value = node.variable.item()
        print("    " * depth + f"AccumulateGrad -> leaf {value}")
        return
    print("    " * depth + name)
    for child, _ in node.next_functions:
        show(child, depth + 1)


x = torch.tensor(2.0, requires_grad=True)
z = x**2 + 3 * x
print("z =", z)
show(z.grad_fn)

add = z.grad_fn
power, times = (node for node, _ in add.next_functions)
print("PowBackward0 saved x =", power._saved_self.item(),
      "and exponent", power._saved_exponent)
print("MulBackward0 saved the constant", times._saved_other.item())

assert z.item() == 10.0 and add.name() == "AddBackward0"
assert power.name() == "PowBackward0" and power._saved_exponent == 2
assert times.name() == "MulBackward0" and times._saved_other.item() == 3
assert times.next_functions[1][0] is None
# ANCHOR_END: poly
