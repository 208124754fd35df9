import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch

# ANCHOR: twice
x = torch.tensor(2.0, requires_grad=True)

seen = []
(x * x).backward()
seen.append(x.grad.item())
print("after one backward :", x.grad)

(x * x).backward()                 # a fresh forward pass, a second backward
seen.append(x.grad.item())
print("after two backwards:", x.grad)

x.grad.zero_()                     # wipe it in place
seen.append(x.grad.item())
print("after zero_()      :", x.grad)

(x * x).backward()
seen.append(x.grad.item())
print("after one more     :", x.grad)

assert seen == [4.0, 8.0, 0.0, 4.0]
# ANCHOR_END: twice

# ANCHOR: descent
def descend(zero_each_step, steps=40, lr=0.1):
    """Minimise (w - 3)^2 by gradient descent; return w after every step."""
    w = torch.tensor(0.0, requires_grad=True)
    history = [w.item()]
    for _ in range(steps):
        loss = (w - 3) ** 2
        loss.backward()            # adds d(loss)/dw into w.grad
        with torch.no_grad():
            w -= lr * w.grad       # the update must not be recorded
        if zero_each_step:
            w.grad.zero_()         # what optimizer.zero_grad() does
        history.append(w.item())
    return history


good = descend(zero_each_step=True)
bad = descend(zero_each_step=False)
print("zeroed     : w after steps 1-4 =", [round(v, 3) for v in good[1:5]],
      " final", round(good[-1], 4))
print("not zeroed : w after steps 1-4 =", [round(v, 3) for v in bad[1:5]],
      " final", round(bad[-1], 4))
print("not zeroed : w ranges over", round(min(bad[10:]), 2),
      "to", round(max(bad[10:]), 2), "after step 10")

# step 1 is identical: nothing piled up yet
assert good[1] == bad[1] and abs(good[1] - 0.6) < 1e-6
assert abs(good[2] - 1.08) < 1e-6 and abs(bad[2] - 1.68) < 1e-6
# zeroed: settles on the minimum
assert abs(good[-1] - 3) < 1e-3
# not zeroed: swings from below 0 to above 6
assert max(bad) > 6 and min(bad[10:]) < 0
# ANCHOR_END: descent

# Not shown on the page: two claims from the prose.
# 1. An optimizer's zero_grad() sets .grad to None by default;
#    set_to_none=False fills it with zeros instead.
p = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
opt = torch.optim.SGD([p], lr=0.1)
(p * p).sum().backward()
opt.zero_grad()
assert p.grad is None
(p * p).sum().backward()
opt.zero_grad(set_to_none=False)
assert torch.equal(p.grad, torch.zeros(2))
# 2. Halves of a batch, each loss scaled by one half, add up to the
#    gradient of the whole batch; unscaled, they give twice that.
torch.manual_seed(0)
X, Y = torch.randn(8, 3), torch.randn(8)
v = torch.zeros(3, requires_grad=True)
((X @ v - Y) ** 2).mean().backward()
whole = v.grad.clone()
for scale in (0.5, 1.0):
    v.grad = None
    for half in (slice(0, 4), slice(4, 8)):
        (scale * ((X[half] @ v - Y[half]) ** 2).mean()).backward()
    assert torch.allclose(v.grad, whole * (2 * scale))

# ANCHOR: figure
fig, ax = plt.subplots(figsize=(9, 3.6))
steps = range(len(good))
ax.axhline(3, color="C2", linestyle=":", linewidth=1.5,
           label="the minimum, w = 3")
ax.plot(steps, good, color="C0", linewidth=2, marker="o", markersize=3,
        label="w.grad zeroed every step")
ax.plot(steps, bad, color="C1", linewidth=2, marker="o", markersize=3,
        label="w.grad never zeroed")
ax.set_xlabel("training step")
ax.set_ylabel("w")
ax.set_title("Minimising (w - 3)² with learning rate 0.1")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=9,
          frameon=False)
fig.tight_layout()
# ANCHOR_END: figure
