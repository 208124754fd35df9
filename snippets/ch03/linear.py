import torch

# ANCHOR: by_hand
torch.manual_seed(0)
W = torch.randn(4, 3)    # row i holds output i's weight for each input
x = torch.randn(3)       # the input vector
b = torch.randn(4)       # an offset added to each output

y = W @ x + b
print("W", tuple(W.shape), "@ x", tuple(x.shape),
      "+ b", tuple(b.shape), "->", tuple(y.shape))
print("y =", y)

assert W.shape == (4, 3) and x.shape == (3,) and b.shape == (4,)
assert y.shape == (4,)
# output i is row i of W, dotted with x, plus b[i]
for i in range(4):
    assert torch.allclose(y[i], torch.dot(W[i], x) + b[i])
# ANCHOR_END: by_hand

# ANCHOR: module
layer = torch.nn.Linear(3, 4)          # in_features=3, out_features=4
print("layer.weight", tuple(layer.weight.shape),
      "| layer.bias", tuple(layer.bias.shape))
with torch.no_grad():                  # hand it our W and b
    layer.weight.copy_(W)
    layer.bias.copy_(b)
print("nn.Linear(x) =", layer(x).detach())
print("same as W @ x + b:", torch.allclose(layer(x), y))

assert layer.weight.shape == (4, 3) and layer.bias.shape == (4,)
assert torch.allclose(layer(x), y)
# ANCHOR_END: module

# ANCHOR: batch
X = torch.randn(5, 3)                  # 5 examples, one per row
# [5, 3] @ [3, 4] -> [5, 4], then + b on every row
Y = X @ W.T + b
print("X", tuple(X.shape), "@ W.T", tuple(W.T.shape),
      "+ b ->", tuple(Y.shape))
print("matches nn.Linear:", torch.allclose(layer(X), Y))
print("row 2 matches W @ X[2] + b:", torch.allclose(Y[2], W @ X[2] + b))
print("W.reshape(3, 4) is the same as W.T:",
      torch.equal(W.reshape(3, 4), W.T))

assert W.T.shape == (3, 4) and Y.shape == (5, 4)
assert torch.allclose(layer(X), Y)
assert torch.allclose(Y[2], W @ X[2] + b)
assert not torch.equal(W.reshape(3, 4), W.T)   # same shape, scrambled meaning
# ANCHOR_END: batch

# ANCHOR: vector_mismatch
message = None
try:
    W @ b   # [4, 3] @ [4]: the vector has the wrong length
except RuntimeError as err:
    message = str(err)
print("RuntimeError:", message)
assert message == "size mismatch, got input (4), mat (4x3), vec (4)"
# ANCHOR_END: vector_mismatch
