# The static figure behind the matmul widget (what a reader without script
# sees): the worked example laid out as B above C and A to the left of C, so
# that row 0 of A and column 0 of B meet in C[0][0].
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle
import torch

A = torch.tensor([[1, 2, 3],
                  [4, 5, 6]])
B = torch.tensor([[7, 8],
                  [9, 10],
                  [11, 12]])
C = A @ B
R, K = A.shape
Cn = B.shape[1]
assert (R, K, Cn) == (2, 3, 2) and C.shape == (R, Cn)
assert C.tolist() == [[58, 64], [139, 154]]
products = (A[0] * B[:, 0]).tolist()
assert products == [7, 18, 33]
assert torch.cumsum(A[0] * B[:, 0], 0).tolist() == [7, 25, 58]

GAP = 0.6
fig, ax = plt.subplots(figsize=(6.4, 4.4))


def block(x0, y0, M, highlight=None, fills=None):
    """Draw matrix M, top-left corner at (x0, y0); y grows downwards."""
    rows, cols = M.shape
    for r in range(rows):
        for c in range(cols):
            face = "none"
            if fills is not None:
                face = fills(r, c)
            if face != "none":
                ax.add_patch(Rectangle((x0 + c, y0 + r), 1, 1, facecolor=face,
                                       alpha=0.4, edgecolor="none"))
            ax.add_patch(Rectangle((x0 + c, y0 + r), 1, 1, fill=False,
                                   edgecolor="C7", lw=1))
            ax.text(x0 + c + 0.5, y0 + r + 0.5, str(M[r, c].item()),
                    ha="center", va="center", fontsize=13)
    if highlight is not None:
        x, y, w, h = highlight
        ax.add_patch(Rectangle((x0 + x - 0.06, y0 + y - 0.06),
                               w + 0.12, h + 0.12,
                               fill=False, edgecolor="C0", lw=2.5))


xA, yA = 0, K + GAP            # A below-left
xB, yB = K + GAP, 0            # B above-right
block(xA, yA, A, highlight=(0, 0, K, 1))                 # row 0 of A
block(xB, yB, B, highlight=(0, 0, 1, K))                 # column 0 of B
block(xB, yA, C, fills=lambda r, c: "C2" if (r, c) == (0, 0) else "none")
ax.text(xA + K / 2, yA - 0.25, "A (2×3)", ha="center", va="bottom")
ax.text(xB + Cn / 2, yB - 0.25, "B (3×2)", ha="center", va="bottom")
ax.text(xA + K / 2, yB + K / 2, "C = A @ B", ha="center", va="center",
        fontsize=13, fontweight="bold")
ax.text(xB + Cn + 0.3, yA + 0.5,
        "C[0][0] = 1·7 + 2·9 + 3·11\n= 7 + 18 + 33 = 58",
        ha="left", va="center", fontsize=11, color="C0")
ax.set_xlim(-0.2, xB + Cn + 4.6)
ax.set_ylim(yA + R + 0.2, -0.7)
ax.set_aspect("equal")
ax.axis("off")
fig.tight_layout()
