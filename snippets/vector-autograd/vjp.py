import torch

# ANCHOR: setup
M = torch.tensor([[1.0, 0.0, 2.0],
                  [0.0, 3.0, -1.0]])

def f(x):
    return M @ x ** 2            # 3 inputs -> 2 outputs

x0 = torch.tensor([1.0, 2.0, 3.0])
J = torch.autograd.functional.jacobian(f, x0)
print("f(x0):", f(x0))
print("J, one row per output, one column per input:", J, sep="\n")
print("J.shape:", J.shape)

assert J.shape == (2, 3)
# J[i, j] = M[i, j] * 2 x[j]
assert torch.equal(J, M * 2 * x0)
# ANCHOR_END: setup

# ANCHOR: vjp
v = torch.tensor([10.0, 1.0])    # one weight per output
x = x0.clone().requires_grad_(True)
f(x).backward(gradient=v)

print("x.grad:", x.grad)
print("v @ J :", v @ J)
assert torch.equal(x.grad, v @ J)
# ANCHOR_END: vjp

# ANCHOR: weighted_sum
# the same as backward from the scalar v[0] * y[0] + v[1] * y[1]
x.grad = None
y = f(x)
(v * y).sum().backward()
print("(v * y).sum() gives:", x.grad)
assert torch.equal(x.grad, v @ J)

# and a scalar output is the case v = 1
x.grad = None
z = f(x).sum()
z.backward()
summed = x.grad.clone()
x.grad = None
f(x).sum().backward(gradient=torch.tensor(1.0))
print("z.backward() and gradient=tensor(1.) agree:",
      torch.equal(summed, x.grad))
assert torch.equal(summed, x.grad)
assert torch.equal(summed, torch.ones(2) @ J)
# ANCHOR_END: weighted_sum

# ANCHOR: rows
# one-hot v picks one row of J: the gradient of one output alone
rows = []
y = f(x)
for i in range(2):
    x.grad = None
    one_hot = torch.zeros(2)
    one_hot[i] = 1.0
    y.backward(gradient=one_hot, retain_graph=True)
    rows.append(x.grad.clone())
print("row by row:", torch.stack(rows), sep="\n")
assert torch.equal(torch.stack(rows), J)
# ANCHOR_END: rows

# ANCHOR: wrong_shape
try:
    f(x).backward(gradient=torch.ones(3))   # shaped like x, not like y
except RuntimeError as err:
    print("RuntimeError:", err)
    message = str(err)
assert message.startswith("Mismatch in shape")
# ANCHOR_END: wrong_shape

# ANCHOR: size
# a Jacobian has (outputs x inputs) entries; backward never builds one
n = 1000
big = torch.autograd.functional.jacobian(torch.sin, torch.zeros(n))
print("Jacobian of sin on", n, "numbers:", big.shape,
      "=", big.numel(), "entries,", int((big != 0).sum()), "nonzero")
assert big.numel() == n * n and int((big != 0).sum()) == n
# ANCHOR_END: size
