import numpy as np
import torch

# 1. Tensors: print the shape first; labels are int64, data float32
x = torch.zeros(8, 3, 768)
labels = torch.tensor([0, 2, 1])
print("1  shape", list(x.shape), "| labels", labels.dtype, "| data", x.dtype)
assert x.shape == (8, 3, 768)
assert labels.dtype == torch.int64 and x.dtype == torch.float32

# 2. Matrices: column 0 is where i-hat lands; det is the area scale
R = torch.tensor([[0.0, -1.0], [1.0, 0.0]])
lands = R @ torch.tensor([1.0, 0.0])
det = R[0, 0] * R[1, 1] - R[0, 1] * R[1, 0]
print("2  R @ i-hat", lands.tolist(), "| det", det.item())
assert lands.tolist() == R[:, 0].tolist() == [0.0, 1.0] and det.item() == 1.0

# 3. Matrix products: (2 x 3) @ (3 x 2) -> 2 x 2, each cell one dot product
A = torch.tensor([[1, 2, 3], [4, 5, 6]])
B = torch.tensor([[7, 8], [9, 10], [11, 12]])
C = A @ B
print("3  C[0][0]", C[0, 0].item(), "| C shape", list(C.shape))
assert C[0, 0].item() == 1 * 7 + 2 * 9 + 3 * 11 == 58 and C.shape == (2, 2)

# 4. Reshaping: a view shares memory; size-1 axes stretch
flat = torch.arange(6)
grid = flat.view(2, 3)
table = torch.ones(3, 1) + torch.ones(1, 4)
print("4  view shares memory", grid.data_ptr() == flat.data_ptr(),
      "| [3, 1] + [1, 4] ->", list(table.shape))
assert grid.data_ptr() == flat.data_ptr() and table.shape == (3, 4)

# 5. NumPy: from_numpy shares memory, and NumPy floats are 64-bit
arr = np.array([1.0, 2.0])
t = torch.from_numpy(arr)
arr[0] = 9.0
print("5  tensor sees the write", t[0].item(), "| dtype", t.dtype)
assert t[0].item() == 9.0 and t.dtype == torch.float64

# 6. Autograd: d/dw (w**2 + 3w) at w = 2 is 2w + 3
w = torch.tensor(2.0, requires_grad=True)
(w**2 + 3 * w).backward()
print("6  gradient", w.grad.item())
assert w.grad.item() == 7.0

# 7. Cost: an (R x K) @ (K x Cn) product takes 2 * R * K * Cn FLOPs
(rows, inner), cols = A.shape, B.shape[1]
print("7  FLOPs of A @ B", 2 * rows * inner * cols)
assert 2 * rows * inner * cols == 24

# 8. Training: forward, loss, backward, a step against the gradient, clear it
p = torch.tensor(0.0, requires_grad=True)
loss = (p - 3) ** 2
loss.backward()
with torch.no_grad():
    p -= 0.1 * p.grad              # what optimizer.step() does, with lr = 0.1
p.grad.zero_()                     # ready for the next backward
print("8  one step on (p - 3)**2 from 0:", round(p.item(), 4),
      "| grad now", p.grad.item())
assert abs(p.item() - 0.6) < 1e-6 and p.grad.item() == 0.0
