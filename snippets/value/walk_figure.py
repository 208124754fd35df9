# The figure beside "The order of the walk": y = u + u with u = x * x at
# x = 2, walked twice. Left, the naive walk: u passes on each share as it
# arrives, and its running total goes down again. Right, the counted walk:
# u waits for both shares, then passes its total on once.
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import FancyBboxPatch

X = 2.0
LOCAL_U_X = X              # x * x: each edge carries the other operand, x


def naive():
    """Deposits into x, as the naive recursive walk makes them."""
    u_grad, deposits = 0.0, []
    for _ in range(2):             # y's two edges into u
        u_grad += 1.0
        deposits += [LOCAL_U_X * u_grad] * 2   # u recurses at once
    return u_grad, deposits


def counted():
    u_grad = 1.0 + 1.0             # both shares in before u moves
    return u_grad, [LOCAL_U_X * u_grad] * 2


naive_u, naive_x = naive()
counted_u, counted_x = counted()
print("naive  : u.grad", naive_u, " deposits into x", naive_x,
      " x.grad", sum(naive_x))
print("counted: u.grad", counted_u, " deposits into x", counted_x,
      " x.grad", sum(counted_x))
assert sum(naive_x) == 12.0 and sum(counted_x) == 8.0 == 4 * X

fig, axes = plt.subplots(1, 2, figsize=(9, 4.2))
panels = [
    (axes[0], "Naive: pass each share on at once", naive_x, "C3"),
    (axes[1], "Counted: wait for every user", counted_x, "C0"),
]
for ax, title, deposits, colour in panels:
    for y, label in [(3.2, "y = u + u"), (1.9, "u = x · x"), (0.6, "x = 2")]:
        ax.add_patch(FancyBboxPatch((0.3, y - 0.3), 1.6, 0.6,
                                    boxstyle="round,pad=0.02",
                                    facecolor=colour, alpha=0.15,
                                    edgecolor=colour, lw=1.5))
        ax.text(1.1, y, label, ha="center", va="center", fontsize=11,
                family="monospace")
    for start, end in [(2.9, 2.2), (1.6, 0.9)]:
        for dx in (-0.25, 0.25):
            ax.annotate("", xy=(1.1 + dx, end), xytext=(1.1 + dx, start),
                        arrowprops=dict(arrowstyle="-|>", color=colour))
    ax.text(2.1, 2.55, "1 and 1 into u", fontsize=10, va="center")
    steps = " + ".join(f"{d:g}" for d in deposits)
    ax.text(2.1, 1.25, f"into x: {steps}", fontsize=10, va="center")
    ax.text(2.1, 0.6, f"x.grad = {sum(deposits):g}", fontsize=11,
            va="center", fontweight="bold", color=colour)
    ax.set_title(title, fontsize=11)
    ax.set_xlim(0, 5.2)
    ax.set_ylim(0.1, 3.7)
    ax.axis("off")
fig.suptitle("y = 2x², so dy/dx = 4x = 8 at x = 2", fontsize=12)
fig.tight_layout()
