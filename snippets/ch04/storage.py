import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle
import torch

flat = torch.arange(6)
panels = [
    ("flat.view(2, 3)", flat.view(2, 3)),
    ("flat.view(3, 2)", flat.view(3, 2)),
    ("flat.view(2, 3).T", flat.view(2, 3).T),
]
# Every panel reads the same six slots; only shape and strides differ.
assert all(t.data_ptr() == flat.data_ptr() for _, t in panels)
assert [t.stride() for _, t in panels] == [(3, 1), (2, 1), (1, 3)]
assert [t.is_contiguous() for _, t in panels] == [True, True, False]

SIDE = 0.8
COLOURS = [f"C{k}" for k in range(6)]   # one colour per storage slot


def cell(ax, x, y, value):
    ax.add_patch(Rectangle((x, y), SIDE, SIDE, facecolor=COLOURS[value],
                           alpha=0.35, edgecolor=COLOURS[value], lw=2))
    ax.text(x + SIDE / 2, y + SIDE / 2, str(value),
            ha="center", va="center", fontsize=14)


fig, ax = plt.subplots(figsize=(10, 4.4))

# Top: the storage itself, one row of slots with their offsets.
GAP = 1.2
start = (3 * SIDE * 3 + 2 * GAP - 6 * SIDE) / 2
for k in range(6):
    cell(ax, start + k * SIDE, 4.0, k)
ax.text(start - 0.2, 4.0 + SIDE / 2, "storage",
        ha="right", va="center", fontsize=12)
ax.text(start + 6 * SIDE + 0.2, 4.0 + SIDE / 2,
        "offsets 0 to 5,\nread by all three",
        ha="left", va="center", fontsize=10)

# Below: three index grids over that storage.
for p, (name, t) in enumerate(panels):
    x0 = p * (SIDE * 3 + GAP)
    rows, cols = t.shape
    top = 3.2
    for i in range(rows):
        for j in range(cols):
            value = t[i, j].item()
            # the offset formula; storage holds 0..5
            assert value == i * t.stride()[0] + j * t.stride()[1]
            cell(ax, x0 + j * SIDE, top - (i + 1) * SIDE, value)
    note = "contiguous" if t.is_contiguous() else "not contiguous"
    ax.text(x0, top - 3 * SIDE - 0.25,
            f"{name}\nshape {list(t.shape)}, stride {t.stride()}\n{note}",
            ha="left", va="top", fontsize=11)
    print(f"{name:<18} shape {list(t.shape)}  stride {t.stride()}"
          f"  rows {t.tolist()}")

ax.set_xlim(-0.3, 3 * SIDE * 3 + 2 * GAP + 0.8)
ax.set_ylim(-0.7, 5.0)
ax.set_aspect("equal")
ax.axis("off")
fig.tight_layout()
