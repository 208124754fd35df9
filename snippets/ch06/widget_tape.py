# The still picture behind the tape widget (what a reader without script
# sees): the recorded graph of y = x * x at x = 2, every node with its value
# and gradient, the two edges from x to the multiply each carrying 2, and
# x.grad = 2 + 2 = 4.
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch
import torch

x = torch.tensor(2.0, requires_grad=True)
square = x * x
square.retain_grad()
mul = square.grad_fn
acc = mul.next_functions[0][0]
assert mul.name() == "MulBackward0" and type(acc).__name__ == "AccumulateGrad"
# both edges lead to x
assert mul.next_functions[0][0] is mul.next_functions[1][0]
with torch.no_grad():
    sent = [s.item() for s in mul(torch.tensor(1.0))]  # one gradient per edge
square.backward()
assert sent == [2.0, 2.0]
assert x.grad.item() == 4.0 and square.grad.item() == 1.0

print("tape (forward order):")
print("  1. x = 2.0          leaf, AccumulateGrad")
print(f"  2. x * x = {square.item()}      {mul.name()}")
print("backward, in reverse tape order:")
print(f"  step 1: {mul.name()} receives {square.grad.item()}, "
      f"sends {sent[0]} and {sent[1]} to x")
print(f"  step 2: grad[x] += {sent[1]}  ->  "
      f"{sent[0]} + {sent[1]} = {sent[0] + sent[1]}")
print(f"  step 3: x.grad = {x.grad.item()}")

fig, ax = plt.subplots(figsize=(8.6, 4.6))
W, H = 2.6, 1.25


def node(cx, cy, lines, colour, round_):
    ax.add_patch(FancyBboxPatch(
        (cx - W / 2, cy - H / 2), W, H,
        boxstyle=f"round,pad=0.02,rounding_size={round_}",
        facecolor=colour, alpha=0.18, edgecolor=colour, lw=2,
    ))
    for k, (text, weight) in enumerate(lines):
        ax.text(cx, cy + 0.42 - k * 0.28, text, ha="center", va="center",
                fontsize=11, fontweight=weight, family="monospace")


X, TOP, BOTTOM = 2.2, 3.6, 0.9
mul_lines = [("#2  x * x", "bold"),
             (mul.name(), "normal"),
             (f"value {square.item():g}", "normal"),
             (f"grad {square.grad.item():g}", "bold")]
x_lines = [("#1  x", "bold"),
           ("leaf (AccumulateGrad)", "normal"),
           (f"value {x.item():g}", "normal"),
           (f"grad {sent[0]:g} + {sent[1]:g} = {x.grad.item():g}", "bold")]
node(X, TOP, mul_lines, "C0", 0.1)
node(X, BOTTOM, x_lines, "C1", 0.4)
for side, value in zip((-1, 1), sent):
    start = (X + side * 0.35, BOTTOM + H / 2)
    end = (X + side * 0.45, TOP - H / 2)
    ax.add_patch(FancyArrowPatch(start, end,
                                 connectionstyle=f"arc3,rad={0.35 * side}",
                                 arrowstyle="-|>", mutation_scale=14,
                                 color="C2", lw=2))
    ax.text(X + side * 0.95, (TOP + BOTTOM) / 2, f"sends {value:g}",
            ha="center", va="center", fontsize=11,
            color="C2", fontweight="bold")

ax.text(4.1, 4.05, "Tape (forward order)", fontsize=12, fontweight="bold")
ax.text(4.1, 3.6, "1. x = 2            leaf", fontsize=11, family="monospace")
ax.text(4.1, 3.25, f"2. x * x = {square.item():g}        {mul.name()}",
        fontsize=11, family="monospace")
ax.text(4.1, 2.6, "Backward, in reverse tape order",
        fontsize=12, fontweight="bold")
total = x.grad.item()
walk = [
    f"step 1: entry 2 receives {square.grad.item():g},",
    f"        local {sent[0]:g} × {square.grad.item():g} down each edge",
    f"step 2: grad[x] += {sent[1]:g}:  {sent[0]:g} + {sent[1]:g} = {total:g}",
    f"step 3: x.grad = {total:g}",
]
for k, text in enumerate(walk):
    ax.text(4.1, 2.15 - k * 0.35, text, fontsize=11, family="monospace")

ax.set_xlim(0.5, 9.4)
ax.set_ylim(0.05, 4.4)
ax.set_aspect("equal")
ax.axis("off")
