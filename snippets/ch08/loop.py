import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch
from torch import nn

# ANCHOR: data
torch.manual_seed(0)
x = torch.rand(64, 1) * 4 - 2            # 64 inputs, spread over [-2, 2)
noise = 0.2 * torch.randn(64, 1)         # small Gaussian wobble, std 0.2
y = 2 * x - 1 + noise                    # the rule the model has to find

print("x", tuple(x.shape), " y", tuple(y.shape))
for i in range(3):
    print(f"x = {x[i].item():+.3f}   2x - 1 = {2 * x[i].item() - 1:+.3f}"
          f"   y = {y[i].item():+.3f}")

assert x.shape == (64, 1) and y.shape == (64, 1)
assert x.min() >= -2 and x.max() < 2
assert abs(x[0].item() - (-0.015)) < 1e-3
assert abs(y[0].item() - (-1.144)) < 1e-3
# ANCHOR_END: data

# ANCHOR: model
torch.manual_seed(1)                     # fixed starting weights
model = nn.Linear(1, 1)                  # one input feature, one output

for name, p in model.named_parameters():
    print(f"{name:6s} shape {tuple(p.shape)}  value {p.item():+.4f}"
          f"  requires_grad {p.requires_grad}  grad {p.grad}")

assert model.weight.shape == (1, 1) and model.bias.shape == (1,)
assert abs(model.weight.item() - 0.5153) < 1e-4
assert abs(model.bias.item() - (-0.4414)) < 1e-4
assert model.weight.requires_grad and model.bias.grad is None
# ANCHOR_END: model

# ANCHOR: loss
loss_fn = nn.MSELoss()
pred = model(x)   # x @ weight.T + bias, one prediction per row
loss = loss_fn(pred, y)
by_hand = ((pred - y) ** 2).mean()

print("pred", tuple(pred.shape))
print("loss   ", loss)
print("by hand", by_hand)

assert pred.shape == (64, 1) and loss.shape == ()
assert abs(loss.item() - by_hand.item()) < 1e-6
assert abs(loss.item() - 3.4029) < 1e-4
assert loss.grad_fn.name() == "MseLossBackward0"
# ANCHOR_END: loss

# ANCHOR: optimizer
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

group = optimizer.param_groups[0]
print("learning rate:", group["lr"])
print("parameters it manages:", [tuple(p.shape) for p in group["params"]])
print("the model's own weight?", group["params"][0] is model.weight)

assert group["lr"] == 0.1 and len(group["params"]) == 2
assert group["params"][0] is model.weight and group["params"][1] is model.bias
# ANCHOR_END: optimizer

# ANCHOR: one_step
w_before, b_before = model.weight.item(), model.bias.item()

optimizer.zero_grad()
print("after zero_grad():  weight.grad", model.weight.grad,
      " bias.grad", model.bias.grad)
assert model.weight.grad is None and model.bias.grad is None

loss.backward()
g_w, g_b = model.weight.grad.item(), model.bias.grad.item()
print(f"after backward():   weight.grad {g_w:+.4f}  bias.grad {g_b:+.4f}")

optimizer.step()
print(f"after step():       "
      f"weight {w_before:+.4f} -> {model.weight.item():+.4f}"
      f"   bias {b_before:+.4f} -> {model.bias.item():+.4f}")

# the gradient is the calculus answer:
# d/dw mean((w x + b - y)^2) = mean(2 (pred - y) x)
r = (pred - y).detach()
assert abs(g_w - (2 * r * x).mean().item()) < 1e-5
assert abs(g_b - (2 * r).mean().item()) < 1e-5
assert abs(g_w - (-3.9773)) < 1e-4 and abs(g_b - 1.4656) < 1e-4
# step() moved each parameter against its gradient by lr * grad,
# and nothing else
assert abs(model.weight.item() - (w_before - 0.1 * g_w)) < 1e-6
assert abs(model.bias.item() - (b_before - 0.1 * g_b)) < 1e-6
# ANCHOR_END: one_step

# ANCHOR: pileup
# Step 2 without optimizer.zero_grad(): backward adds onto step 1's gradient
loss = loss_fn(model(x), y)
loss.backward()
piled_w, piled_b = model.weight.grad.item(), model.bias.grad.item()

# Step 2 done properly: clear first, then backward
optimizer.zero_grad()
print("after zero_grad()         weight.grad", model.weight.grad,
      " bias.grad", model.bias.grad)
assert model.weight.grad is None and model.bias.grad is None
loss = loss_fn(model(x), y)
loss.backward()
fresh_w, fresh_b = model.weight.grad.item(), model.bias.grad.item()

print(f"step 1 gradient           weight {g_w:+.4f}  bias {g_b:+.4f}")
print(f"step 2, zeroed first      weight {fresh_w:+.4f}  bias {fresh_b:+.4f}")
print(f"step 2, not zeroed        weight {piled_w:+.4f}  bias {piled_b:+.4f}")

assert abs(piled_w - (g_w + fresh_w)) < 1e-5
assert abs(piled_b - (g_b + fresh_b)) < 1e-5
assert abs(fresh_w - (-2.9124)) < 1e-4 and abs(fresh_b - 1.0779) < 1e-4
assert abs(piled_w - (-6.8898)) < 1e-4 and abs(piled_b - 2.5435) < 1e-4
# ANCHOR_END: pileup

# ANCHOR: train
def train(steps=60, lr=0.1, zero_grad=True):
    torch.manual_seed(1)                 # the same starting weights as above
    model = nn.Linear(1, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    loss_fn = nn.MSELoss()
    losses = []
    for step in range(steps):
        pred = model(x)             # 1. forward: predictions, and a new tape
        loss = loss_fn(pred, y)     # 2. one number that scores them
        if zero_grad:
            optimizer.zero_grad()   # 3. clear last step's gradients
        loss.backward()             # 4. walk the tape: fills each .grad
        optimizer.step()            # 5. move each parameter against its grad
        losses.append(loss.item())
    return model, losses


model, losses = train()
for step in [0, 1, 2, 5, 10, 20, 40, 59]:
    print(f"step {step:2d}   loss {losses[step]:.4f}")
print(f"learned  weight {model.weight.item():.4f}"
      f"   bias {model.bias.item():.4f}")

assert abs(losses[0] - 3.4029) < 1e-4   # the loss we computed by hand
# falls at every step for 30 steps
assert all(a > b for a, b in zip(losses[:30], losses[1:30]))
# and after that only float32 rounding moves it, by less than 1e-7
assert all(abs(b - a) < 1e-7 for a, b in zip(losses[29:], losses[30:]))
assert abs(model.weight.item() - 2) < 1e-3
assert abs(model.bias.item() - (-1)) < 5e-3
assert abs(model.bias.item() - (-0.9976)) < 1e-4
assert abs(losses[-1] - 0.0428) < 1e-4
assert abs(losses[-1] - 0.2 ** 2) < 0.005   # the noise's variance
# ANCHOR_END: train

# Not shown on the page: the learned line is the least-squares best line
# for these 64 points.
design = torch.cat([x, torch.ones_like(x)], 1)
best = torch.linalg.lstsq(design, y).solution.flatten()
assert abs(best[0].item() - model.weight.item()) < 1e-3
assert abs(best[1].item() - model.bias.item()) < 1e-3

# ANCHOR: nozero
model_nz, losses_nz = train(zero_grad=False)
late = losses_nz[30:]
print(f"zeroed       final loss {losses[-1]:.4f}")
print(f"not zeroed   final loss {losses_nz[-1]:.4f}")
print(f"not zeroed   steps 30-59: loss from {min(late):.4f} "
      f"to {max(late):.4f}, mean {sum(late) / len(late):.4f}")
print(f"not zeroed   weight {model_nz.weight.item():.4f}"
      f"   bias {model_nz.bias.item():.4f}")

# the first update used one fresh gradient in both
assert losses_nz[0] == losses[0] and losses_nz[1] == losses[1]
assert abs(losses_nz[-1] - 3.3369) < 1e-4 and losses_nz[-1] > 50 * losses[-1]
# never comes near the zeroed run's final loss, at any step
assert min(late) > 5 * losses[-1] and min(losses_nz) > 5 * losses[-1]
# and is more than 40 times worse on average
assert sum(late) / len(late) > 40 * losses[-1]
# it swings back above the loss it started from
assert max(late) > losses[0]
assert abs(min(late) - 0.2290) < 1e-4 and abs(max(late) - 3.4548) < 1e-4
# back near its starting value, 0.5153
assert abs(model_nz.weight.item() - 0.4924) < 1e-4
# ANCHOR_END: nozero

# ANCHOR: figure
fig, ax = plt.subplots(figsize=(9, 3.8))
steps = range(len(losses))
ax.plot(steps, losses, color="C0", linewidth=2, marker="o", markersize=3,
        label="optimizer.zero_grad() every step")
ax.plot(steps, losses_nz, color="C1", linewidth=2, marker="o", markersize=3,
        label="zero_grad() forgotten")
ax.axhline(0.2 ** 2, color="C2", linestyle=":", linewidth=1.5,
           label="noise variance 0.04")
ax.set_yscale("log")
ax.set_xlabel("training step")
ax.set_ylabel("MSE loss (log scale)")
ax.set_title("Fitting y = 2x - 1 with nn.Linear and SGD, learning rate 0.1")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=9,
          frameon=False)
fig.tight_layout()
# ANCHOR_END: figure

# ANCHOR: evaluate
new_x = torch.tensor([[0.0], [1.0], [3.0]])
with torch.inference_mode():
    guess = model(new_x)
print(guess)
print("requires_grad:", guess.requires_grad, " grad_fn:", guess.grad_fn)

truth = 2 * new_x - 1
assert guess.shape == (3, 1)
assert not guess.requires_grad and guess.grad_fn is None
assert (guess - truth).abs().max() < 0.005
# ANCHOR_END: evaluate

# ANCHOR: compare
x = torch.tensor([-2.0, -1.0, 0.0, 1.0])
y = torch.tensor([-5.0, -3.0, -1.0, 1.0])    # exactly 2x - 1
lr, steps = 0.1, 30

# By hand: two scalar tensors, the MSE written out, the update under no_grad
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
hand_losses = []
for step in range(steps):
    loss = ((w * x + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()
    b.grad.zero_()
    hand_losses.append(loss.item())

# With the library: the same start (both parameters 0),
# the same data as a column
model = nn.Linear(1, 1)
with torch.no_grad():
    model.weight.zero_()
    model.bias.zero_()
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=lr)
lib_losses = []
for step in range(steps):
    loss = loss_fn(model(x.unsqueeze(1)), y.unsqueeze(1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    lib_losses.append(loss.item())

print(f"by hand : w {w.item():.4f}   b {b.item():.4f}"
      f"   first loss {hand_losses[0]:.4f}")
print(f"library : w {model.weight.item():.4f}   b {model.bias.item():.4f}"
      f"   first loss {lib_losses[0]:.4f}")
gap = max(abs(p - q) for p, q in zip(hand_losses, lib_losses))
print("all 30 losses agree to within 1e-6:", gap < 1e-6)

assert gap < 1e-6
assert abs(w.item() - model.weight.item()) < 1e-5
assert abs(b.item() - model.bias.item()) < 1e-5
assert hand_losses[0] == 9.0 and abs(hand_losses[5] - 0.1069) < 1e-4
assert abs(w.item() - 2) < 5e-3 and abs(b.item() + 1) < 5e-3
assert abs(w.item() - 1.9988) < 1e-4 and abs(b.item() - (-1.0020)) < 1e-4
# ANCHOR_END: compare

# Not shown on the page: the numbers the page's cells print, checked here too.
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
loss = ((w * x + b - y) ** 2).mean()
loss.backward()
assert loss.item() == 9.0 and w.grad.item() == -7.0 and b.grad.item() == 4.0
assert [round(v, 4) for v in hand_losses[::5]] == [
    9.0, 0.1069, 0.0026, 0.0003, 0.0001, 0.0
]


def hand_run(lr, steps=30):
    w = torch.tensor(0.0, requires_grad=True)
    b = torch.tensor(0.0, requires_grad=True)
    losses = []
    for _ in range(steps):
        loss = ((w * x + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
        losses.append(loss.item())
    return losses


# The page suggests lr = 0.6 (too large: the loss grows) and lr = 0.01
# (too small: still far off after 30 steps).
assert hand_run(0.6)[-1] > 100 * hand_run(0.6)[0]
assert hand_run(0.01)[-1] > 1.0
