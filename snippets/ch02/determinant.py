import math

import torch

# ANCHOR: formula
def det2(M):
    """The 2 x 2 determinant from the four entries: m00*m11 - m01*m10."""
    return (M[0, 0] * M[1, 1] - M[0, 1] * M[1, 0]).item()


def signed_area(M):
    """Signed area of where the unit square lands (shoelace formula)."""
    # the square's 4 corners as columns: 0, i-hat, i-hat + j-hat, j-hat
    corners = M @ torch.tensor([[0.0, 1.0, 1.0, 0.0],
                                [0.0, 0.0, 1.0, 1.0]])
    x, y = corners
    return 0.5 * (x * y.roll(-1) - x.roll(-1) * y).sum().item()


examples = {
    "stretch x by 2": torch.tensor([[2.0, 0.0], [0.0, 1.0]]),
    "shear":          torch.tensor([[1.0, 1.0], [0.0, 1.0]]),
    "rotate 90":      torch.tensor([[0.0, -1.0], [1.0, 0.0]]),
    "mirror":         torch.tensor([[-1.0, 0.0], [0.0, 1.0]]),
    "collapse":       torch.tensor([[2.0, 1.0], [1.0, 0.5]]),
}
print(f"{'matrix':<15}{'by hand':>9}{'linalg.det':>12}{'area':>7}")
for name, M in examples.items():
    print(f"{name:<15}{det2(M):>9.1f}"
          f"{torch.linalg.det(M).item():>12.1f}{signed_area(M):>7.1f}")

expected = {"stretch x by 2": 2.0, "shear": 1.0, "rotate 90": 1.0,
            "mirror": -1.0, "collapse": 0.0}
for name, M in examples.items():
    assert (det2(M) == torch.linalg.det(M).item() == signed_area(M)
            == expected[name]), name

# Not just the quarter turn: a rotation by any angle keeps area.
for degrees in range(0, 360, 15):
    t = math.radians(degrees)
    turn = torch.tensor([[math.cos(t), -math.sin(t)],
                         [math.sin(t),  math.cos(t)]])
    assert abs(det2(turn) - 1.0) < 1e-6, degrees
# ANCHOR_END: formula

# ANCHOR: collapse
S = examples["collapse"]
print("columns:", S[:, 0].tolist(), "and", S[:, 1].tolist())
print("det:", torch.linalg.det(S).item())
rotation = examples["rotate 90"]
print("rank of S:", torch.linalg.matrix_rank(S).item(),
      "| rank of the rotation:", torch.linalg.matrix_rank(rotation).item())

a = torch.tensor([1.0, 0.0])
b = torch.tensor([0.0, 2.0])
print(a.tolist(), "->", (S @ a).tolist())
print(b.tolist(), "->", (S @ b).tolist())

assert torch.equal(S[:, 0], 2 * S[:, 1])   # the columns are parallel
assert torch.linalg.det(S).item() == 0.0
assert torch.linalg.matrix_rank(S).item() == 1
assert torch.linalg.matrix_rank(rotation).item() == 2
assert torch.equal(S @ a, S @ b) and (S @ a).tolist() == [2.0, 1.0]
# every output lies on the line y = x / 2
for v in ([1.0, 0.0], [0.0, 1.0], [3.0, -7.0], [-2.5, 4.0]):
    out = S @ torch.tensor(v)
    assert out[1] == out[0] / 2
# ANCHOR_END: collapse

# ANCHOR: weights
# A layer y = W @ x with 3 inputs and 3 outputs.
# Column k is where input k's unit vector lands.
W = torch.tensor([[1.0,  0.0,  1.0],
                  [2.0,  1.0,  3.0],
                  [0.0, -1.0, -1.0]])
print("column 2 == column 0 + column 1:",
      torch.equal(W[:, 2], W[:, 0] + W[:, 1]))
print("det:", torch.linalg.det(W).item(),
      "| rank:", torch.linalg.matrix_rank(W).item(), "of 3")

x1 = torch.tensor([1.0, 1.0, 0.0])
x2 = torch.tensor([0.0, 0.0, 1.0])
print(x1.tolist(), "->", (W @ x1).tolist())
print(x2.tolist(), "->", (W @ x2).tolist())

assert torch.equal(W[:, 2], W[:, 0] + W[:, 1])
assert torch.linalg.det(W).item() == 0.0
assert torch.linalg.matrix_rank(W).item() == 2
assert torch.equal(W @ x1, W @ x2) and (W @ x1).tolist() == [1.0, 3.0, -1.0]
# ANCHOR_END: weights

