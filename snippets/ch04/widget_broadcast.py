import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle
import torch

# The still picture behind the broadcasting widget: [3, 1] + [1, 4] -> [3, 4].
left = torch.tensor([[0], [10], [20]])    # shape [3, 1]
top = torch.tensor([[1, 2, 3, 4]])         # shape [1, 4]
table = left + top

wide_left = left.expand(3, 4)   # what broadcasting reads, made visible
wide_top = top.expand(3, 4)
assert table.shape == (3, 4)
# stretched axes: stride 0
assert wide_left.stride() == (1, 0) and wide_top.stride() == (0, 1)
assert torch.equal(table, wide_left + wide_top)

print("left ", list(left.shape), "read with stride", wide_left.stride())
print("top  ", list(top.shape), "read with stride", wide_top.stride())
print("table", list(table.shape))

SIDE = 0.8


def block(ax, x0, t, real_rows, real_cols, colour, title):
    """Draw a 3 x 4 block.

    Cells of the real tensor are solid, stretched copies dashed.
    """
    rows, cols = t.shape
    for i in range(rows):
        for j in range(cols):
            real = i < real_rows and j < real_cols
            ax.add_patch(Rectangle(
                (x0 + j * SIDE, -(i + 1) * SIDE), SIDE, SIDE,
                facecolor=colour if real else "none",
                alpha=0.35 if real else 1,
                edgecolor=colour,
                lw=2 if real else 1.2,
                ls="-" if real else "--",
            ))
            ax.text(x0 + (j + 0.5) * SIDE, -(i + 0.5) * SIDE,
                    str(t[i, j].item()), ha="center", va="center",
                    fontsize=12, alpha=1 if real else 0.55)
    ax.text(x0, 0.35, title, ha="left", va="bottom", fontsize=12)


fig, ax = plt.subplots(figsize=(11, 3.4))
block(ax, 0.0, wide_left, 3, 1, "C0", "left [3, 1]")
ax.text(0.0, -3 * SIDE - 0.35,
        "dashed: copies read with\nstride 0 along the columns",
        ha="left", va="top", fontsize=10)
ax.text(4 * SIDE + 0.45, -1.5 * SIDE, "+",
        ha="center", va="center", fontsize=20)
block(ax, 4 * SIDE + 0.9, wide_top, 1, 4, "C1", "top [1, 4]")
ax.text(4 * SIDE + 0.9, -3 * SIDE - 0.35,
        "dashed: copies read with\nstride 0 along the rows",
        ha="left", va="top", fontsize=10)
ax.text(8 * SIDE + 1.35, -1.5 * SIDE, "=",
        ha="center", va="center", fontsize=20)
block(ax, 8 * SIDE + 1.8, table, 3, 4, "C2", "left + top: [3, 4]")

ax.set_xlim(-0.2, 12 * SIDE + 2.0)
ax.set_ylim(-3 * SIDE - 1.3, 0.9)
ax.set_aspect("equal")
ax.axis("off")
