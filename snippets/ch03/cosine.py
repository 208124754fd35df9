import math

import torch

# ANCHOR: alignment
def cosine(a, b):
    """Dot product divided by both lengths.

    Only the angle between a and b is left.
    """
    return (a @ b) / (a.norm() * b.norm())


ref = torch.tensor([2.0, 1.0])
others = {
    "same way, 3x longer": torch.tensor([6.0, 3.0]),
    "at right angles":     torch.tensor([-1.0, 2.0]),
    "opposite way":        torch.tensor([-4.0, -2.0]),
    "somewhere between":   torch.tensor([1.0, 3.0]),
}
for name, v in others.items():
    print(f"{name:<20} dot = {(ref @ v).item():6.2f}"
          f"   cosine = {cosine(ref, v).item():6.3f}")

cos = {name: cosine(ref, v).item() for name, v in others.items()}
assert torch.equal(others["same way, 3x longer"], 3 * ref)
assert torch.equal(others["opposite way"], -2 * ref)
assert (ref @ others["same way, 3x longer"]).item() == 15.0
assert (ref @ others["opposite way"]).item() == -10.0
assert abs(cos["same way, 3x longer"] - 1) < 1e-6
assert abs(cos["at right angles"]) < 1e-6
assert abs(cos["opposite way"] + 1) < 1e-6
# 45 degrees apart
assert abs(cos["somewhere between"] - 1 / math.sqrt(2)) < 1e-6
# PyTorch's own function agrees
for v in others.values():
    by_pytorch = torch.nn.functional.cosine_similarity(ref, v, dim=0)
    assert torch.allclose(by_pytorch, cosine(ref, v))
# ANCHOR_END: alignment

# ANCHOR: figure
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

base = 20.0                          # the reference: 20° above the x-axis
angles = [0, 45, 90, 135, 180]       # how far each other vector turns from it
lengths = [1.6, 0.8, 1.2, 0.7, 1.0]  # differ on purpose: cosine ignores them


def arrow_at(degrees, length):
    rad = math.radians(base + degrees)
    return torch.tensor([math.cos(rad), math.sin(rad)]) * length


r = arrow_at(0, 1.0)
vectors = [arrow_at(a, l) for a, l in zip(angles, lengths)]
sims = [cosine(r, v).item() for v in vectors]
print("angle  cosine")
for a, s in zip(angles, sims):
    print(f"{a:>4}   {s:+.3f}")

expected = [1.0, math.sqrt(0.5), 0.0, -math.sqrt(0.5), -1.0]
assert all(abs(s - e) < 1e-6 for s, e in zip(sims, expected))

fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.6))
left.annotate("", xy=r.tolist(), xytext=(0, 0),
              arrowprops=dict(arrowstyle="-|>", color="C0", lw=5,
                              mutation_scale=22))
below = torch.tensor([math.sin(math.radians(base)),
                      -math.cos(math.radians(base))])
left.text(*(r * 0.6 + below * 0.2).tolist(), "reference", color="C0",
          ha="center", va="center", rotation=base, fontsize=11)
for i, (a, v, s) in enumerate(zip(angles, vectors, sims)):
    colour = f"C{i + 1}"
    left.annotate("", xy=v.tolist(), xytext=(0, 0),
                  arrowprops=dict(arrowstyle="-|>", color=colour, lw=2))
    tip = v / v.norm() * (v.norm() + 0.32)
    left.text(*tip.tolist(), f"{a}°\ncos = {s:+.2f}", color=colour,
              ha="center", va="center", fontsize=10)
left.set_xlim(-1.8, 2.0)
left.set_ylim(-0.9, 1.8)
left.set_aspect("equal")
left.axhline(0, lw=0.5, alpha=0.4)
left.axvline(0, lw=0.5, alpha=0.4)
left.set_title("cosine similarity with the reference")

curve_deg = torch.linspace(0, 180, 181)
curve_cos = torch.cos(torch.deg2rad(curve_deg))
right.plot(curve_deg.tolist(), curve_cos.tolist(), color="C0", lw=2)
for i, (a, s) in enumerate(zip(angles, sims)):
    right.plot([a], [s], "o", color=f"C{i + 1}", markersize=9)
right.axhline(0, lw=0.5, alpha=0.4)
right.set_xticks(angles)
right.set_yticks([-1, -0.5, 0, 0.5, 1])
right.set_xlabel("angle between the two vectors (degrees)")
right.set_ylabel("cosine similarity")
right.set_title("cosine falls from +1 to -1 as the angle opens")
fig.tight_layout()
# ANCHOR_END: figure
