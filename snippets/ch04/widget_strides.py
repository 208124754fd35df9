import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import FancyArrowPatch, Rectangle
import torch

# The still picture behind the strides widget: one storage strip, read by a
# [2, 3] view in storage order and by its transpose in a hopping order.
x = torch.arange(6).view(2, 3)
y = x.transpose(0, 1)
assert x.stride() == (3, 1) and y.stride() == (1, 3)
assert y.data_ptr() == x.data_ptr() and not y.is_contiguous()


def reading_order(t):
    """Storage positions in the order print() reads t.

    Each is offset + sum(index * stride).
    """
    rows, cols = t.shape
    return [t.storage_offset() + i * t.stride(0) + j * t.stride(1)
            for i in range(rows) for j in range(cols)]


order_x, order_y = reading_order(x), reading_order(y)
assert order_x == [0, 1, 2, 3, 4, 5] and order_y == [0, 3, 1, 4, 2, 5]
# storage holds 0..5, so values are positions
assert y.flatten().tolist() == order_y
print("x", list(x.shape), "stride", x.stride(), "reads", order_x)
print("y = x.transpose(0, 1)", list(y.shape), "stride", y.stride(),
      "reads", order_y)

SIDE = 0.8
fig, ax = plt.subplots(figsize=(10, 5.2))


def grid(t, x0, y0, colour, title):
    rows, cols = t.shape
    for i in range(rows):
        for j in range(cols):
            ax.add_patch(Rectangle((x0 + j * SIDE, y0 - (i + 1) * SIDE),
                                   SIDE, SIDE, facecolor=colour, alpha=0.3,
                                   edgecolor=colour, lw=2))
            ax.text(x0 + (j + 0.5) * SIDE, y0 - (i + 0.5) * SIDE,
                    str(t[i, j].item()), ha="center", va="center",
                    fontsize=13)
    ax.text(x0, y0 + 0.15, title, ha="left", va="bottom", fontsize=11)


grid(x, 0.3, 5.0, "C0", f"x = arange(6).view(2, 3)\nstride {x.stride()}")
grid(y, 5.2, 5.0, "C1",
     f"y = x.transpose(0, 1)\nstride {y.stride()}, not contiguous")

# The storage strip, with its positions.
STRIP_X, STRIP_Y = 1.6, 1.0
for k in range(6):
    ax.add_patch(Rectangle((STRIP_X + k * SIDE, STRIP_Y), SIDE, SIDE,
                           facecolor="none", edgecolor="C2", lw=2))
    ax.text(STRIP_X + (k + 0.5) * SIDE, STRIP_Y + SIDE / 2, str(k),
            ha="center", va="center", fontsize=13)
    ax.text(STRIP_X + (k + 0.5) * SIDE, STRIP_Y - 0.2, f"@{k}",
            ha="center", va="top", fontsize=9)
ax.text(STRIP_X - 0.2, STRIP_Y + SIDE / 2, "storage",
        ha="right", va="center", fontsize=12)


def hops(order, colour, above, label):
    """Arcs from each storage position to the next one read."""
    y_edge = STRIP_Y + SIDE if above else STRIP_Y - 0.45
    for a, b in zip(order, order[1:]):
        start = (STRIP_X + (a + 0.5) * SIDE, y_edge)
        end = (STRIP_X + (b + 0.5) * SIDE, y_edge)
        bend = -0.5 if (b > a) == above else 0.5
        ax.add_patch(FancyArrowPatch(start, end,
                                     connectionstyle=f"arc3,rad={bend}",
                                     arrowstyle="-|>", mutation_scale=12,
                                     color=colour, lw=1.5))
    ax.text(STRIP_X + 6 * SIDE + 0.3, y_edge + (0.35 if above else -0.35),
            label, ha="left", va="center", fontsize=10)


hops(order_y, "C1", True, "y reads 0, 3, 1, 4, 2, 5:\nhops of +3 and -2")
hops(order_x, "C0", False, "x reads 0 to 5 in order:\nsteps of +1")

ax.set_xlim(-0.2, 10.4)
ax.set_ylim(-0.9, 6.0)
ax.set_aspect("equal")
ax.axis("off")
