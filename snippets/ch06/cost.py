import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch

# ANCHOR: count
calls = {"forward": 0, "backward": 0}


def loss_fn(w):
    """A small loss over n parameters; every call is counted."""
    calls["forward"] += 1
    return (torch.sin(w) * w).sum() + (w[1:] * w[:-1]).sum()


def numeric_grad(w, h=1e-6):
    """Central differences: nudge one parameter at a time, both ways."""
    g = torch.zeros_like(w)
    for i in range(w.numel()):
        nudge = torch.zeros_like(w)
        nudge[i] = h
        g[i] = (loss_fn(w + nudge) - loss_fn(w - nudge)) / (2 * h)
    return g


def forward_grad(w, h=1e-6):
    """One-sided differences.

    One shared base evaluation, then one nudge per parameter.
    """
    base = loss_fn(w)
    g = torch.zeros_like(w)
    for i in range(w.numel()):
        nudge = torch.zeros_like(w)
        nudge[i] = h
        g[i] = (loss_fn(w + nudge) - base) / h
    return g


def autograd_grad(w):
    w = w.clone().requires_grad_(True)
    w.register_hook(lambda g: calls.update(backward=calls["backward"] + 1))
    loss_fn(w).backward()
    return w.grad


def cost(method, n):
    """Run `method` on n parameters.

    Returns (forward calls, backward passes, gradient).
    """
    torch.manual_seed(0)
    # float64 keeps the numeric gradient sharp
    w = torch.randn(n, dtype=torch.float64)
    calls.update(forward=0, backward=0)
    g = method(w)
    return calls["forward"], calls["backward"], g


n = 5
f_num, b_num, g_num = cost(numeric_grad, n)
f_fwd, b_fwd, g_fwd = cost(forward_grad, n)
f_ad, b_ad, g_ad = cost(autograd_grad, n)
print(f"n = {n}: central differences ran the loss {f_num} times, "
      f"{b_num} backward passes")
print(f"n = {n}: forward differences ran the loss {f_fwd} times, "
      f"{b_fwd} backward passes")
print(f"n = {n}: autograd ran the loss {f_ad} time, {b_ad} backward pass")
print("central differences agree with autograd to 1e-8:",
      torch.allclose(g_num, g_ad, atol=1e-8))

assert (f_num, b_num) == (2 * n, 0)
assert (f_fwd, b_fwd) == (n + 1, 0)
assert (f_ad, b_ad) == (1, 1)
assert torch.allclose(g_num, g_ad, atol=1e-8)
# one-sided: same gradient, less precise
assert torch.allclose(g_fwd, g_ad, atol=1e-4)
# ANCHOR_END: count

# ANCHOR: figure
sizes = [1, 3, 10, 30, 100, 300, 1000]
central_passes, forward_passes, autograd_passes = [], [], []
for n in sizes:
    f_num, b_num, g_num = cost(numeric_grad, n)
    f_fwd, b_fwd, _ = cost(forward_grad, n)
    f_ad, b_ad, g_ad = cost(autograd_grad, n)
    # same gradient at every size
    assert torch.allclose(g_num, g_ad, atol=1e-6)
    central_passes.append(f_num + b_num)
    forward_passes.append(f_fwd + b_fwd)
    autograd_passes.append(f_ad + b_ad)

print("n:                  ", sizes)
print("central differences:", central_passes)
print("forward differences:", forward_passes)
print("autograd:           ", autograd_passes)
assert central_passes == [2 * n for n in sizes]
assert forward_passes == [n + 1 for n in sizes]
assert autograd_passes == [2] * len(sizes)
assert central_passes[-1] == 2000

fig, ax = plt.subplots(figsize=(7, 4))
ax.loglog(sizes, central_passes, color="C1", marker="o", linewidth=2,
          label="central differences: 2n forward passes")
ax.loglog(sizes, forward_passes, color="C3", marker="s", markersize=4,
          linewidth=1.5, linestyle="--",
          label="forward differences: n + 1 forward passes")
ax.loglog(sizes, autograd_passes, color="C0", marker="o", linewidth=2,
          label="autograd: 1 forward + 1 backward")
ax.set_ylim(1, 5000)
ax.set_xticks([1, 10, 100, 1000], labels=["1", "10", "100", "1000"])
ax.set_yticks([1, 10, 100, 1000], labels=["1", "10", "100", "1000"])
ax.minorticks_off()
ax.set_xlabel("number of parameters n")
ax.set_ylabel("passes through the loss (counted)")
ax.set_title("Passes needed for one full gradient")
ax.legend(loc="upper left", fontsize=9)
fig.tight_layout()
# ANCHOR_END: figure
