import math

import numpy as np
import torch

# 1. Tensors: print the shape first; labels are int64, data float32
x = torch.zeros(8, 3, 768)
labels = torch.tensor([0, 2, 1])
print(" 1  shape", list(x.shape), "| labels", labels.dtype, "| data", x.dtype)
assert x.shape == (8, 3, 768)
assert labels.dtype == torch.int64 and x.dtype == torch.float32

# 2. Matrices: column 0 is where i-hat lands; det is the area scale
R = torch.tensor([[0.0, -1.0], [1.0, 0.0]])
lands = R @ torch.tensor([1.0, 0.0])
det = R[0, 0] * R[1, 1] - R[0, 1] * R[1, 0]
print(" 2  R @ i-hat", lands.tolist(), "| det", det.item())
assert lands.tolist() == R[:, 0].tolist() == [0.0, 1.0] and det.item() == 1.0

# 3. Matrix products: (2 x 3) @ (3 x 2) -> 2 x 2, each cell one dot product
A = torch.tensor([[1, 2, 3], [4, 5, 6]])
B = torch.tensor([[7, 8], [9, 10], [11, 12]])
C = A @ B
print(" 3  C[0][0]", C[0, 0].item(), "| C shape", list(C.shape))
assert C[0, 0].item() == 1 * 7 + 2 * 9 + 3 * 11 == 58 and C.shape == (2, 2)

# 4. Reshaping: a view shares memory; size-1 axes stretch with stride 0
flat = torch.arange(6)
grid = flat.view(2, 3)
column = torch.ones(3, 1)
table = column + torch.ones(1, 4)
print(" 4  view shares memory", grid.data_ptr() == flat.data_ptr(),
      "| [3, 1] + [1, 4] ->", list(table.shape),
      "| stride", column.expand(3, 4).stride())
assert grid.data_ptr() == flat.data_ptr() and table.shape == (3, 4)
assert column.expand(3, 4).stride() == (1, 0)

# 5. Reductions: dim= removes that axis; [N, 1] - [N] is [N, N]
week = torch.ones(3, 4)
pred, target = torch.zeros(5, 1), torch.zeros(5)
print(" 5  sum(dim=0)", list(week.sum(dim=0).shape),
      "| keepdim", list(week.sum(dim=1, keepdim=True).shape),
      "| [5, 1] - [5] ->", list((pred - target).shape))
assert week.sum(dim=0).shape == (4,) and (pred - target).shape == (5, 5)

# 6. Batched matmul: the last two axes multiply, the rest are a batch
Q = K = torch.zeros(2, 4, 6, 8)             # [batch, heads, tokens, d]
print(" 6  Q @ K.mT ->", list((Q @ K.mT).shape))
assert (Q @ K.mT).shape == (2, 4, 6, 6)

# 7. NumPy: from_numpy shares memory, and NumPy floats are 64-bit
arr = np.array([1.0, 2.0])
t = torch.from_numpy(arr)
arr[0] = 9.0
print(" 7  tensor sees the write", t[0].item(), "| dtype", t.dtype)
assert t[0].item() == 9.0 and t.dtype == torch.float64

# 8. Autograd: d/dw (w**2 + 3w) at w = 2 is 2w + 3
w = torch.tensor(2.0, requires_grad=True)
(w**2 + 3 * w).backward()
print(" 8  gradient", w.grad.item())
assert w.grad.item() == 7.0

# 9. Gradients of matrices: .grad has the parameter's shape
W = torch.ones(2, 3, requires_grad=True)
(W @ torch.ones(3)).sum().backward()
print(" 9  W", list(W.shape), "-> W.grad", list(W.grad.shape))
assert W.grad.shape == W.shape

# 10. Steering: detach() keeps the value and stops the gradient
a = torch.tensor(3.0, requires_grad=True)
(a * a.detach()).backward()            # only the first factor is followed
print("10  d/da of a * a.detach() at 3:", a.grad.item())
assert a.grad.item() == 3.0

# 11. Your own autograd: a node passes on its total only when every user
# has paid in. y = u + u with u = x * x at x = 2: u collects 1 + 1, then
# sends 2 * x per edge of x * x.
x_val = 2.0
grad_u = 1.0 + 1.0
grad_x = grad_u * x_val + grad_u * x_val
print("11  y = 2x**2 at 2: dy/dx", grad_x)
assert grad_x == 4 * x_val == 8.0

# 12. Cost: an (R x K) @ (K x Cn) product takes 2 * R * K * Cn FLOPs
(rows, inner), cols = A.shape, B.shape[1]
print("12  FLOPs of A @ B", 2 * rows * inner * cols)
assert 2 * rows * inner * cols == 24

# 13. Training: forward, loss, backward, a step against the gradient, clear
p = torch.tensor(0.0, requires_grad=True)
loss = (p - 3) ** 2
loss.backward()
with torch.no_grad():
    p -= 0.1 * p.grad              # what optimizer.step() does, with lr = 0.1
p.grad.zero_()                     # ready for the next backward
print("13  one step on (p - 3)**2 from 0:", round(p.item(), 4),
      "| grad now", p.grad.item())
assert abs(p.item() - 0.6) < 1e-6 and p.grad.item() == 0.0

# 14. nn.Module: a model that scores every class the same costs ln C
scores = torch.zeros(4, 3)                  # 4 examples, 3 classes
guess = torch.nn.CrossEntropyLoss()(scores, torch.tensor([0, 2, 1, 1]))
print(f"14  cross-entropy of a blind guess, 3 classes: {guess.item():.4f}")
assert abs(guess.item() - math.log(3)) < 1e-6
