import torch

# ANCHOR: shapes
W = torch.tensor([[0.5, -1.0, 2.0],
                  [1.5, 0.0, -0.5]], requires_grad=True)   # [2, 3]
b = torch.tensor([0.1, -0.2], requires_grad=True)        # [2]
x = torch.tensor([1.0, 2.0, 3.0])                        # data: [3]

y = W @ x + b                  # [2]
loss = (y ** 2).sum()          # one number
loss.backward()

print("y        :", y)
print("loss     :", loss)
print("W.grad   :", W.grad, sep="\n")
print("b.grad   :", b.grad)
print("shapes   :", W.grad.shape, b.grad.shape)

assert W.grad.shape == W.shape and b.grad.shape == b.shape
# ANCHOR_END: shapes

# ANCHOR: one_entry
# W.grad[1, 2] says how fast the loss moves when W[1, 2] alone moves
def loss_at(w12):
    W64 = W.detach().double().clone()
    W64[1, 2] = w12
    out = W64 @ x.double() + b.detach().double()
    return (out ** 2).sum().item()

h = 1e-4
w12 = W[1, 2].item()
slope = (loss_at(w12 + h) - loss_at(w12 - h)) / (2 * h)
print("W.grad[1, 2]      :", round(W.grad[1, 2].item(), 6))
print("central difference:", round(slope, 6))

assert abs(slope - W.grad[1, 2].item()) < 1e-3
# ANCHOR_END: one_entry

# ANCHOR: formula
# each row of W.grad is 2 * y[i] times the input x
by_hand = 2 * y.detach().unsqueeze(1) * x       # [2, 1] * [3] -> [2, 3]
print("2 y[i] x[j]:", by_hand, sep="\n")
print("same as W.grad:", torch.allclose(by_hand, W.grad))
assert torch.allclose(by_hand, W.grad)
assert torch.allclose(b.grad, 2 * y.detach())
# ANCHOR_END: formula
