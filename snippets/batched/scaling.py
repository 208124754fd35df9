import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch

# ANCHOR: measure
def measure(d, scaled, queries=2000, keys=16):
    """Softmax over the scores of random queries against random keys.

    Returns the spread of the scores, the mean largest weight, the mean
    size of the gradient that reaches the scores and of the one that
    reaches the queries, and the share of quiet keys: keys whose score
    gets under 1% of the largest score gradient of its row."""
    g = torch.Generator().manual_seed(d)
    q = torch.randn(queries, 1, d, generator=g).requires_grad_(True)
    k = torch.randn(queries, keys, d, generator=g)
    scores = (q @ k.mT).squeeze(1)                   # [queries, keys]
    if scaled:
        scores = scores / d**0.5
    scores.retain_grad()
    weights = torch.softmax(scores, dim=-1)
    upstream = torch.randn(queries, keys, generator=g)
    (weights * upstream).sum().backward()            # any loss will do
    size = scores.grad.abs()
    quiet = size < 0.01 * size.max(dim=-1, keepdim=True).values
    return (scores.std().item(), weights.max(dim=-1).values.mean().item(),
            scores.grad.norm(dim=-1).mean().item(),
            q.grad.norm(dim=-1).mean().item(), quiet.float().mean().item())


dims = [4, 16, 64, 256, 1024]
rows = {s: [measure(d, s) for d in dims] for s in (False, True)}
pair = f"{'raw':>9} {'/sqrt(d)':>9}"
print(f"{'':>6} {'std of scores':>19}  {'largest weight':>19}"
      f"  {'grad. to scores':>19}")
print(f"{'d':>6} {pair}  {pair}  {pair}")
for i, d in enumerate(dims):
    (s0, w0, g0, _, _), (s1, w1, g1, _, _) = rows[False][i], rows[True][i]
    print(f"{d:>6} {s0:>9.2f} {s1:>9.2f}  {w0:>9.3f} {w1:>9.3f}"
          f"  {g0:>9.4f} {g1:>9.4f}")
print()
print(f"{'':>6} {'grad. to queries':>19}  {'quiet keys':>19}")
print(f"{'d':>6} {pair}  {pair}")
for i, d in enumerate(dims):
    (*_, q0, z0), (*_, q1, z1) = rows[False][i], rows[True][i]
    print(f"{d:>6} {q0:>9.4f} {q1:>9.4f}  {z0:>9.3f} {z1:>9.3f}")
# ANCHOR_END: measure

raw, fixed = rows[False], rows[True]
# the raw spread grows like sqrt(d); scaled, it stays near 1
assert all(abs(raw[i][0] / d**0.5 - 1) < 0.05 for i, d in enumerate(dims))
assert all(abs(fixed[i][0] - 1) < 0.05 for i in range(len(dims)))
# raw: the softmax saturates, nearly all weight on one key ...
assert raw[-1][1] > 0.95 and raw[2][1] > 0.8
# ... scaled: the largest weight stays where it was for small d
assert all(0.2 < fixed[i][1] < 0.3 for i in range(len(dims)))
# the gradient that reaches the scores shrinks through a saturated softmax
assert 6 < fixed[-1][2] / raw[-1][2] < 7
assert all(0.27 < fixed[i][2] < 0.3 for i in range(len(dims)))
assert all(raw[i + 1][2] < raw[i][2] for i in range(len(dims) - 1))
# but the queries get MORE gradient without the scaling, not less:
# about 5 times as much at d = 1024
assert 4.5 < raw[-1][3] / fixed[-1][3] < 5
assert all(raw[i][3] > fixed[i][3] for i in range(len(dims)))
assert all(0.25 < fixed[i][3] < 0.3 for i in range(len(dims)))
# what saturation does: most keys' scores get next to no gradient
assert raw[-1][4] > 0.85 and raw[2][4] > 0.7
assert all(fixed[i][4] < 0.07 for i in range(len(dims)))

# ANCHOR: figure
fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6))
for scaled, colour, label in [(False, "C3", "scores as they are"),
                              (True, "C0", "scores / sqrt(d)")]:
    left.plot(dims, [r[1] for r in rows[scaled]], color=colour, marker="o",
              linewidth=2, label=label)
    right.plot(dims, [r[2] for r in rows[scaled]], color=colour,
               marker="o", linewidth=2, label=label)
for ax in (left, right):
    ax.set_xscale("log", base=2)
    ax.set_xticks(dims, labels=[str(d) for d in dims])
    ax.minorticks_off()
    ax.set_xlabel("d, the length of a query and a key")
left.axhline(1 / 16, color="C7", linestyle=":", linewidth=1.5)
left.text(4, 1 / 16 + 0.03, "1/16: all 16 keys equal", fontsize=8)
left.set_ylim(0, 1.05)
left.set_ylabel("largest softmax weight (mean)")
left.set_title("How peaked the weights are")
right.set_yscale("log")
right.set_yticks([0.04, 0.1, 0.2, 0.3],
               labels=["0.04", "0.1", "0.2", "0.3"])
right.minorticks_off()
right.set_ylabel("gradient reaching the scores")
right.set_title("How much a score can still learn")
left.legend(loc="center right", fontsize=8)
fig.tight_layout()
# ANCHOR_END: figure
