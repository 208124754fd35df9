import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import Polygon
import torch

matrices = [
    ("identity",        [[1.0, 0.0], [0.0, 1.0]]),
    ("stretch x by 2",  [[2.0, 0.0], [0.0, 1.0]]),
    ("shear",           [[1.0, 1.0], [0.0, 1.0]]),
    ("rotate 90°",      [[0.0, -1.0], [1.0, 0.0]]),
    ("mirror in y-axis", [[-1.0, 0.0], [0.0, 1.0]]),
    ("collapse",        [[2.0, 1.0], [1.0, 0.5]]),
]
# corners of the unit square, as columns
square = torch.tensor([[0.0, 1.0, 1.0, 0.0],
                       [0.0, 0.0, 1.0, 1.0]])
# A small letter F inside the square, so that turns and mirror images can
# be told apart.
F = 0.55 * torch.tensor(
    [[0.3, 0.6, 0.6, 1.0, 1.0,  0.6, 0.6, 1.2, 1.2,  0.3],
     [0.2, 0.2, 0.8, 0.8, 1.05, 1.05, 1.4, 1.4, 1.65, 1.65]])

# the theme's colours
INK, GRID = plt.rcParams["axes.edgecolor"], plt.rcParams["grid.color"]
fig, axes = plt.subplots(2, 3, figsize=(10, 4.4), sharex=True, sharey=True)
dets = []
for ax, (name, entries) in zip(axes.flat, matrices):
    M = torch.tensor(entries)
    det = torch.linalg.det(M).item()
    dets.append(det)
    # where we started
    ax.add_patch(Polygon(square.T.tolist(), closed=True, fill=False,
                         edgecolor=INK, lw=1, ls="--"))
    # where it lands
    ax.add_patch(Polygon((M @ square).T.tolist(), closed=True, facecolor="C2",
                         alpha=0.35, edgecolor="C2", lw=1.5))
    # and the F inside it
    ax.add_patch(Polygon((M @ F).T.tolist(), closed=True, facecolor="C3",
                         alpha=0.8, edgecolor="C3", lw=1))
    for col, colour in [(0, "C0"), (1, "C1")]:   # images of i-hat, j-hat
        ax.annotate("", xy=M[:, col].tolist(), xytext=(0, 0),
                    arrowprops=dict(arrowstyle="-|>", color=colour,
                                    lw=2, mutation_scale=14))
    ax.set_title(f"{name}\ndet = {det:g}")
    ax.set_xlim(-1.5, 3.3)
    ax.set_ylim(-0.5, 1.7)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for k in range(-1, 4):   # faint grid, 1 unit apart
        ax.axvline(k, lw=0.5, color=GRID, zorder=0)
    for k in range(0, 2):
        ax.axhline(k, lw=0.5, color=GRID, zorder=0)
fig.tight_layout()

assert dets == [1.0, 2.0, 1.0, 1.0, -1.0, 0.0]
for name, entries in matrices:
    (a, b), (c, d) = entries
    det = torch.linalg.det(torch.tensor(entries)).item()
    assert det == a * d - b * c, name
