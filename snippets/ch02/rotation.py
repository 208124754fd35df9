import math

import matplotlib
matplotlib.use("Agg")
import torch

# ANCHOR: build
# The goal: turn the whole plane a quarter turn to the left.
# Only two decisions are needed: where the two unit arrows end up.
x_arrow_to = torch.tensor([0.0, 1.0])    # pointed right, now points up
y_arrow_to = torch.tensor([-1.0, 0.0])   # pointed up, now points left
R = torch.stack([x_arrow_to, y_arrow_to], dim=1)   # written in as columns
print(R)

v = torch.tensor([3.0, 4.0])
w = R @ v
angle = lambda u: math.degrees(math.atan2(u[1].item(), u[0].item()))
print(f"v = {v.tolist()} at {angle(v):.2f} degrees, length {v.norm():.1f}")
print(f"R @ v = {w.tolist()} at {angle(w):.2f} degrees, "
      f"length {w.norm():.1f}")

assert R.tolist() == [[0.0, -1.0], [1.0, 0.0]]
assert w.tolist() == [-4.0, 3.0]
assert abs((angle(w) - angle(v)) - 90.0) < 1e-9
assert v.norm().item() == w.norm().item() == 5.0
# ANCHOR_END: build

# ANCHOR: recognise
col0, col1 = R[:, 0], R[:, 1]
print("lengths:", col0.norm().item(), col1.norm().item(),
      "| col0 . col1 =", (col0 @ col1).item())

# The same recipe for any angle: the x-arrow goes to (cos, sin), and the
# y-arrow to the same thing turned a quarter further.
def turn_by(degrees):
    t = math.radians(degrees)
    return torch.tensor([[math.cos(t), -math.sin(t)],
                         [math.sin(t),  math.cos(t)]])

three_small = turn_by(30) @ turn_by(30) @ turn_by(30)
print("three 30-degree turns:",
      (three_small.round(decimals=4) + 0.0).tolist())   # + 0.0: no -0.0
print("R @ R =", (R @ R).tolist())
print("four quarter turns give the identity:",
      torch.equal(R @ R @ R @ R, torch.eye(2)))

assert col0.norm() == col1.norm() == 1.0 and (col0 @ col1).item() == 0.0
assert torch.allclose(three_small, R, atol=1e-6)
assert torch.allclose(turn_by(90), R, atol=1e-7)
assert torch.equal(R @ R, -torch.eye(2))
assert torch.equal(R @ R @ R @ R, torch.eye(2))
# ANCHOR_END: recognise

# Not shown: a mirror passes the same column test; only det's sign differs.
mirror = torch.tensor([[-1.0, 0.0], [0.0, 1.0]])
assert mirror[:, 0].norm() == mirror[:, 1].norm() == 1.0
assert (mirror[:, 0] @ mirror[:, 1]).item() == 0.0
assert torch.linalg.det(mirror).item() == -1.0
assert torch.linalg.det(R).item() == 1.0

# ANCHOR: figure
import matplotlib.pyplot as plt
from matplotlib.patches import Arc, Polygon

# A letter F, corners listed as the columns of a 2 x 10 matrix
# (x on top, y below).
F = torch.tensor([[0.3, 0.6, 0.6, 1.0, 1.0,  0.6, 0.6, 1.2, 1.2,  0.3],
                  [0.2, 0.2, 0.8, 0.8, 1.05, 1.05, 1.4, 1.4, 1.65, 1.65]])
I = torch.eye(2)

fig, axes = plt.subplots(1, 2, figsize=(9, 3.9))
for ax, A, title in [(axes[0], I, "before: the identity"),
                     (axes[1], R, "after: R = [[0, -1], [1, 0]]")]:
    shape = A @ F                   # move every corner at once
    ax.add_patch(Polygon(shape.T.tolist(), closed=True, facecolor="C2",
                         alpha=0.35, edgecolor="C2", lw=1.5))
    for col, colour, label in [(0, "C0", "î"), (1, "C1", "ĵ")]:
        tip = A[:, col].tolist()    # where the basis vector lands
        ax.annotate("", xy=tip, xytext=(0, 0),
                    arrowprops=dict(arrowstyle="-|>", color=colour,
                                    lw=2.5, mutation_scale=18))
        ax.text(tip[0] * 1.25, tip[1] * 1.25, label, color=colour,
                fontsize=16, ha="center", va="center")
    # the x- and y-axes
    ax.axhline(0, lw=0.8, color=plt.rcParams["axes.edgecolor"])
    ax.axvline(0, lw=0.8, color=plt.rcParams["axes.edgecolor"])
    ax.set_xlim(-2, 2)
    ax.set_ylim(-1, 2)
    ax.set_aspect("equal")
    ax.grid(True, lw=0.4, alpha=0.5)
    ax.set_title(title)
# The quarter turn itself: an arc from the old i-hat direction to the new one.
axes[1].add_patch(Arc((0, 0), 0.9, 0.9, theta1=0, theta2=90,
                      color="C3", lw=1.5, ls="--"))
axes[1].text(0.5, 0.5, "90°", color="C3", fontsize=12)
fig.tight_layout()

moved = R @ F
assert moved.shape == F.shape == (2, 10)
# (x, y) -> (-y, x)
assert torch.equal(moved[0], -F[1]) and torch.equal(moved[1], F[0])
# ANCHOR_END: figure
