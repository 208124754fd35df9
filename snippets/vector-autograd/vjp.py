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
jac = torch.autograd.functional.jacobian
n = 1000
J_sin = jac(torch.sin, torch.zeros(n))
print("sin on", n, "numbers:", tuple(J_sin.shape), "=", J_sin.numel(),
      "entries,", int((J_sin != 0).sum()), "nonzero")

torch.manual_seed(0)
W, x = torch.randn(50, 100), torch.randn(100)
J_x = jac(lambda x: W @ x, x)                    # d(W @ x) / dx
J_W = jac(lambda W: W @ x, W)                    # d(W @ x) / dW
print("W @ x, by x:", tuple(J_x.shape), "=", J_x.numel(), "entries,",
      int((J_x != 0).sum()), "nonzero; J equals W:", torch.equal(J_x, W))
print("W @ x, by W:", tuple(J_W.shape), "=", J_W.numel(), "entries,",
      int((J_W != 0).sum()), "nonzero")
assert J_sin.numel() == n * n and int((J_sin != 0).sum()) == n
assert torch.equal(J_x, W) and int((J_x != 0).sum()) == J_x.numel() == 5000
assert J_W.shape == (50, 50, 100) and int((J_W != 0).sum()) == 50 * 100
# ANCHOR_END: size

# Not shown: the two shortcuts, v @ W for x and the outer product for W.
v = torch.randn(50)
Wt = W.clone().requires_grad_(True)
xt = x.clone().requires_grad_(True)
(Wt @ xt).backward(gradient=v)
assert torch.allclose(xt.grad, v @ W) and torch.allclose(xt.grad, v @ J_x)
assert torch.allclose(Wt.grad, torch.outer(v, x))
assert torch.allclose(Wt.grad, torch.einsum("i,ijk->jk", v, J_W))
