import textwrap
import warnings

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch

# ANCHOR: bug
# A model's outputs come as a column: one row per example, one output.
pred = torch.tensor([[2.5], [3.5], [6.0], [8.5]])    # [4, 1]
target = torch.tensor([2.0, 4.0, 6.0, 8.0])          # [4]

diff = pred - target                                 # [4, 1] - [4]
print("pred", tuple(pred.shape), "- target", tuple(target.shape),
      "->", tuple(diff.shape))
print(diff)
loss = (diff ** 2).mean()
print("loss:", loss)

assert diff.shape == (4, 4)                   # 16 differences, not 4
assert torch.equal(diff[1, 3], pred[1, 0] - target[3])   # 3.5 - 8.0
assert loss.item() == 10.4375
# ANCHOR_END: bug

# ANCHOR: fix
right = pred.squeeze(1) - target                     # [4] - [4]
print("pred.squeeze(1) - target:", right, tuple(right.shape))
print("loss:", (right ** 2).mean())
print("diagonal of the [4, 4]  :", torch.diagonal(diff))

assert right.shape == (4,) and (right ** 2).mean().item() == 0.1875
assert loss.item() / (right ** 2).mean().item() > 50
assert torch.equal(torch.diagonal(diff), right)   # the right 4, in there
assert torch.equal(pred - target.unsqueeze(1), right.unsqueeze(1))
# ANCHOR_END: fix

# ANCHOR: library
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    built_in = torch.nn.functional.mse_loss(pred, target)
print("mse_loss:", built_in)
print("warning :", textwrap.fill(str(caught[0].message), 68,
                                 subsequent_indent=" " * 10))

assert built_in.item() == loss.item()       # the same wrong number
assert "different to the input size" in str(caught[0].message)
# ANCHOR_END: library

# ANCHOR: guard
def mse(pred, target):
    assert pred.shape == target.shape, (
        f"pred {tuple(pred.shape)} and target {tuple(target.shape)} differ")
    return ((pred - target) ** 2).mean()


try:
    mse(pred, target)
except AssertionError as err:
    print("AssertionError:", err)
    message = str(err)
print("mse(pred.squeeze(1), target):", mse(pred.squeeze(1), target))

assert message == "pred (4, 1) and target (4,) differ"
# ANCHOR_END: guard

# ANCHOR: train
torch.manual_seed(0)
x = torch.linspace(0, 1, 32).unsqueeze(1)          # [32, 1] inputs
y = 3 * x.squeeze(1) + 1 + 0.1 * torch.randn(32)   # [32] targets


def fit(broken):
    model = torch.nn.Linear(1, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    losses = []
    for _ in range(500):
        out = model(x)                              # [32, 1]
        if not broken:
            out = out.squeeze(1)                    # [32]
        loss = ((out - y) ** 2).mean()
        losses.append(loss.item())
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model, losses


(good, _), (bad, bad_losses) = fit(broken=False), fit(broken=True)
design = torch.cat([x, torch.ones(32, 1)], dim=1)   # [32, 2]
line = torch.linalg.lstsq(design, y.unsqueeze(1)).solution.squeeze(1)
for name, m in [("fixed ", good), ("broken", bad)]:
    print(f"{name}: slope {m.weight.item():.3f}, "
          f"intercept {m.bias.item():.3f}")
print(f"mean of the targets: {y.mean().item():.3f}")
print(f"least-squares line : slope {line[0].item():.3f}, "
      f"intercept {line[1].item():.3f}")
print(f"broken run's loss  : {bad_losses[0]:.3f} at step 1, "
      f"{bad_losses[-1]:.3f} at step 500")

assert abs(good.weight.item() - 3) < 0.15
assert abs(good.weight.item() - line[0].item()) < 1e-3
assert abs(good.bias.item() - line[1].item()) < 1e-3
assert bad_losses[-1] < bad_losses[0]      # its loss went down too
assert abs(good.bias.item() - 1) < 0.1
assert abs(bad.weight.item()) < 0.01                # a flat line ...
assert abs(bad.bias.item() - y.mean().item()) < 0.01   # ... at the mean
# ANCHOR_END: train

# ANCHOR: figure
fig, ax = plt.subplots(figsize=(7, 3.8))
with torch.no_grad():
    ax.scatter(x.squeeze(1), y, color="C1", s=14, label="data")
    ax.plot(x.squeeze(1), good(x).squeeze(1), color="C0", linewidth=2,
            label="loss on [32] - [32]: slope 3.1")
    ax.plot(x.squeeze(1), bad(x).squeeze(1), color="C3", linewidth=2,
            linestyle="--", label="loss on [32, 1] - [32]: flat")
ax.set_xlabel("x")
ax.set_ylabel("y")
ax.set_title("The same model, trained with two mean-squared errors")
ax.legend(loc="upper left", fontsize=9)
fig.tight_layout()
# ANCHOR_END: figure
