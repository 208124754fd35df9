# The figure beside "The seed": backward(gradient=v) as a weighted sum of
# the rows of J, for f(x) = M @ x**2 at x = [1, 2, 3] and v = [10, 1].
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch

M = torch.tensor([[1.0, 0.0, 2.0],
                  [0.0, 3.0, -1.0]])
x0 = torch.tensor([1.0, 2.0, 3.0])
J = torch.autograd.functional.jacobian(lambda x: M @ x ** 2, x0)
v = torch.tensor([10.0, 1.0])
x = x0.clone().requires_grad_(True)
(M @ x ** 2).backward(gradient=v)
weighted = v.unsqueeze(1) * J               # row i scaled by v[i]
print("J:", J.tolist())
print("rows scaled by v:", weighted.tolist())
print("their sum:", weighted.sum(0).tolist(), " x.grad:", x.grad.tolist())
assert torch.equal(weighted.sum(0), x.grad)

fig, ax = plt.subplots(figsize=(8.4, 3.4))
ax.set_xlim(-2.2, 7.6)
ax.set_ylim(-1.9, 2.2)
ax.axis("off")


def cell(cx, cy, text, colour, bold=False):
    ax.add_patch(plt.Rectangle((cx - 0.45, cy - 0.35), 0.9, 0.7,
                               facecolor=colour, alpha=0.15,
                               edgecolor=colour))
    ax.text(cx, cy, text, ha="center", va="center", fontsize=11,
            fontweight="bold" if bold else "normal")


ax.text(1.0, 1.75, "J: one row per output", ha="center", fontsize=11)
ax.text(5.6, 1.75, "each row times its v", ha="center", fontsize=11)
for i in range(2):
    y = 1.0 - i * 0.9
    cell(-1.5, y, f"v[{i}] = {v[i].item():g}", "C1")
    for j in range(3):
        cell(j, y, f"{J[i, j].item():g}", "C0")
        cell(4.6 + j, y, f"{weighted[i, j].item():g}", "C2")
for j in range(3):
    cell(4.6 + j, -1.3, f"{x.grad[j].item():g}", "C3", bold=True)
ax.plot([4.1, 7.1], [-0.75, -0.75], color="black", lw=1)
ax.text(3.95, -1.3, "x.grad = v @ J", ha="right", va="center",
        fontsize=11, fontweight="bold")
ax.annotate("", xy=(4.05, 0.55), xytext=(2.6, 0.55),
            arrowprops=dict(arrowstyle="-|>", color="gray"))
fig.tight_layout()
