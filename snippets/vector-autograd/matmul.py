import torch

# ANCHOR: setup
torch.manual_seed(0)
W = torch.randn(3, 4, requires_grad=True)   # [out, in]
X = torch.randn(4, 5, requires_grad=True)   # [in, batch]: 5 columns
Y = W @ X                                   # [3, 5]

G = torch.randn(3, 5)      # stands for dL/dY, whatever L is
Y.backward(gradient=G)

print("W", tuple(W.shape), " X", tuple(X.shape), " Y", tuple(Y.shape))
print("W.grad", tuple(W.grad.shape), " X.grad", tuple(X.grad.shape))
# ANCHOR_END: setup

# ANCHOR: products
dW = G @ X.T                  # [3, 5] @ [5, 4] -> [3, 4]
dX = W.T @ G                  # [4, 3] @ [3, 5] -> [4, 5]
print("G @ X.T equals W.grad:", torch.allclose(dW, W.grad))
print("W.T @ G equals X.grad:", torch.allclose(dX, X.grad))
assert torch.allclose(dW, W.grad) and torch.allclose(dX, X.grad)
# ANCHOR_END: products

# ANCHOR: entry
# one entry: W[0, 1] meets X[1, k] in every column k of Y's row 0
k_sum = sum(G[0, k] * X[1, k] for k in range(5))
print("sum over k of G[0, k] * X[1, k]:", round(k_sum.item(), 4))
print("W.grad[0, 1]                   :", round(W.grad[0, 1].item(), 4))
assert torch.allclose(k_sum, W.grad[0, 1])
# ANCHOR_END: entry

# ANCHOR: other_orders
for name, make in [("X.T @ G", lambda: X.T @ G),
                   ("G @ X", lambda: G @ X),
                   ("X @ G.T", lambda: X @ G.T)]:
    try:
        print(f"{name:8}: shape {tuple(make().shape)}")
    except RuntimeError as err:
        print(f"{name:8}: RuntimeError: {err}")
print("X @ G.T is W.grad turned over:",
      torch.allclose(X @ G.T, W.grad.T))
assert torch.allclose(X @ G.T, W.grad.T)
# ANCHOR_END: other_orders

# ANCHOR: linear
torch.manual_seed(1)
layer = torch.nn.Linear(4, 3)          # weight [3, 4], bias [3]
batch = torch.randn(5, 4)              # 5 rows, one per example
out = layer(batch)                     # batch @ weight.T + bias: [5, 3]
G = torch.randn(5, 3)
out.backward(gradient=G)

print("weight.grad == G.T @ batch:",
      torch.allclose(layer.weight.grad, G.T @ batch))
print("bias.grad   == G.sum(0)   :",
      torch.allclose(layer.bias.grad, G.sum(0)))
print("bias.grad shape:", layer.bias.grad.shape)
assert torch.allclose(layer.weight.grad, G.T @ batch)
assert torch.allclose(layer.bias.grad, G.sum(0))
# ANCHOR_END: linear
