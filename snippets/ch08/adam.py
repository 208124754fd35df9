import torch
from torch import nn

torch.manual_seed(0)                     # the chapter's 64 noisy points
x = torch.rand(64, 1) * 4 - 2
y = 2 * x - 1 + 0.2 * torch.randn(64, 1)

# ANCHOR: first_step
torch.manual_seed(1)                     # the chapter's starting weights
model = nn.Linear(1, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)

before = [p.item() for p in model.parameters()]
loss = nn.functional.mse_loss(model(x), y)
optimizer.zero_grad()
loss.backward()
optimizer.step()
for name, p, old in zip(["weight", "bias"], model.parameters(), before):
    print(f"{name:6s} grad {p.grad.item():+.4f}"
          f"   moved {p.item() - old:+.4f}")
print("Adam keeps for each parameter:", sorted(optimizer.state[model.bias]))

for p, old in zip(model.parameters(), before):
    moved = p.item() - old
    assert abs(abs(moved) - 0.1) < 1e-6            # lr, whatever the grad
    assert (moved > 0) == (p.grad.item() < 0)      # against the gradient
assert sorted(optimizer.state[model.bias]) == ["exp_avg", "exp_avg_sq",
                                               "step"]
# ANCHOR_END: first_step

# ANCHOR: scales
hundredths = x * 100                     # the same inputs, other units


def fit(make_optimizer, steps=200):
    torch.manual_seed(1)
    model = nn.Linear(1, 1)
    optimizer = make_optimizer(model.parameters())
    for step in range(steps):
        loss = nn.functional.mse_loss(model(hundredths), y)
        optimizer.zero_grad()
        loss.backward()
        if step == 0:
            sizes = (model.weight.grad.abs().item(),
                     model.bias.grad.abs().item())
        optimizer.step()
    return loss.item(), model.weight.item() * 100, model.bias.item(), sizes


for name, make in [("SGD,  lr 1e-4", lambda p: torch.optim.SGD(p, lr=1e-4)),
                   ("SGD,  lr 5e-5", lambda p: torch.optim.SGD(p, lr=5e-5)),
                   ("Adam, lr 0.03", lambda p: torch.optim.Adam(p, lr=0.03))]:
    loss, slope, intercept, (g_w, g_b) = fit(make)
    print(f"{name}: loss {loss:8.4f}  slope {slope:+.4f}"
          f"  intercept {intercept:+.4f}")
print(f"first gradients: weight {g_w:.1f}, bias {g_b:.2f}")
# ANCHOR_END: scales

runs = {lr: fit(lambda p, lr=lr: torch.optim.SGD(p, lr=lr))
        for lr in (1e-4, 5e-5)}
adam = fit(lambda p: torch.optim.Adam(p, lr=0.03))
assert runs[1e-4][0] != runs[1e-4][0] or runs[1e-4][0] > 1e6   # blew up
assert 0.3 < runs[5e-5][0] < 0.4                   # stable, but stuck...
assert abs(runs[5e-5][2] - (-0.4414)) < 0.02       # ...the bias barely moved
assert abs(adam[0] - 0.0428) < 1e-4                # the noise floor
assert abs(adam[1] - 2) < 0.01 and abs(adam[2] + 1) < 0.01
assert 1000 < g_w / g_b < 1500                     # over a thousandfold

# Not shown: on the chapter's own inputs, where the two gradients are close
# in size (3.98 and 1.47), SGD at lr 0.1 does at least as well in 60 steps.
def fit_plain(make_optimizer, steps=60):
    torch.manual_seed(1)
    model = nn.Linear(1, 1)
    optimizer = make_optimizer(model.parameters())
    for step in range(steps):
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item()


sgd_loss = fit_plain(lambda p: torch.optim.SGD(p, lr=0.1))
adam_loss = fit_plain(lambda p: torch.optim.Adam(p, lr=0.1))
assert abs(sgd_loss - 0.0428) < 1e-4 and sgd_loss <= adam_loss
