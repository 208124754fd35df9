import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import Circle, Rectangle
import torch

# One tensor per rung; each adds a new axis in front of the previous shape.
rungs = [
    ("scalar", torch.zeros(())),
    ("vector", torch.zeros(4)),
    ("matrix", torch.zeros(3, 4)),
    ("one colour image\n[channels, height, width]", torch.zeros(3, 3, 4)),
    ("image batch\n[batch, channels, height, width]",
     torch.zeros(2, 3, 3, 4)),
]
assert [t.ndim for _, t in rungs] == [0, 1, 2, 3, 4]
assert [tuple(t.shape) for _, t in rungs] == [
    (), (4,), (3, 4), (3, 3, 4), (2, 3, 3, 4)
]
assert all(upper.shape[1:] == lower.shape
           for (_, lower), (_, upper) in zip(rungs, rungs[1:]))

CELL, SHIFT = 0.5, 0.28   # cell size and the offset between stacked layers
CHANNEL_COLOURS = ["C0", "C1", "C2"]


def grid(ax, x, y, rows, cols, colour, z=1):
    """Draw a rows x cols block of cells, lower-left corner at (x, y)."""
    width, height = cols * CELL, rows * CELL
    ax.add_patch(Rectangle((x, y), width, height, facecolor=colour,
                           edgecolor="none", zorder=z))
    # white lines between cells, never around the block
    for c in range(1, cols):
        ax.plot([x + c * CELL] * 2, [y, y + height],
                color="white", lw=1.5, zorder=z)
    for r in range(1, rows):
        ax.plot([x, x + width], [y + r * CELL] * 2,
                color="white", lw=1.5, zorder=z)


def stack(ax, x, y, shape):
    """Draw a [layers, rows, cols] block: layer 0 in front, others behind."""
    layers, rows, cols = shape
    for k in reversed(range(layers)):
        grid(ax, x + k * SHIFT, y + k * SHIFT, rows, cols,
             CHANNEL_COLOURS[k], z=layers - k)
    return cols * CELL + (layers - 1) * SHIFT


fig, ax = plt.subplots(figsize=(12, 3.2))
x = 0.0
for name, t in rungs:
    shape = tuple(t.shape)
    if t.ndim == 0:
        ax.add_patch(Circle((x + CELL / 2, CELL * 1.5), CELL / 2.5,
                            facecolor="C0"))
        width = CELL
    elif t.ndim == 1:
        grid(ax, x, CELL, 1, shape[0], "C0")
        width = shape[0] * CELL
    elif t.ndim == 2:
        grid(ax, x, 0, *shape, "C0")
        width = shape[1] * CELL
    elif t.ndim == 3:
        width = stack(ax, x, 0, shape)
    else:
        width = 0.0
        for b in range(shape[0]):
            gap = CELL if b < shape[0] - 1 else 0
            width += stack(ax, x + width, 0, shape[1:]) + gap
    label = f"rank {t.ndim}: {name}\nshape {list(shape)}"
    ax.text(x + width / 2, -0.35, label, ha="center", va="top", fontsize=12)
    print(f"rank {t.ndim}  shape {list(shape)}")
    x += width + 1.2

ax.set_xlim(-0.4, x - 0.8)
ax.set_ylim(-1.5, 2.2)
ax.set_aspect("equal")
ax.axis("off")
fig.tight_layout()
