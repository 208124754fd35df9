import copy

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch
from torch import nn

# ANCHOR: split
torch.manual_seed(0)
centres = torch.tensor([[0.0, 2.0], [-2.0, -1.0], [2.0, -1.0]])
labels = torch.arange(3).repeat_interleave(30)          # 30 per class
points = centres[labels] + 1.8 * torch.randn(90, 2)    # wide, overlapping

order = torch.randperm(90)                  # shuffle once, then cut
train_idx, val_idx = order[:45], order[45:]
x_train, y_train = points[train_idx], labels[train_idx]
x_val, y_val = points[val_idx], labels[val_idx]
print("train", tuple(x_train.shape), "per class", y_train.bincount().tolist())
print("val  ", tuple(x_val.shape), "per class", y_val.bincount().tolist())

assert len(set(train_idx.tolist()) & set(val_idx.tolist())) == 0
assert len(x_train) == len(x_val) == 45
# ANCHOR_END: split

# ANCHOR: train
torch.manual_seed(1)
model = nn.Sequential(nn.Linear(2, 64), nn.ReLU(),
                      nn.Linear(64, 64), nn.ReLU(),
                      nn.Linear(64, 3))               # 4,547 parameters
optimizer = torch.optim.Adam(model.parameters(), lr=0.002)
loss_fn = nn.CrossEntropyLoss()

history, best_loss = [], float("inf")
for epoch in range(200):
    model.train()
    loss = loss_fn(model(x_train), y_train)        # all 45 at once
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    model.eval()
    with torch.inference_mode():
        val_loss = loss_fn(model(x_val), y_val).item()
    history.append((loss.item(), val_loss))
    if val_loss < best_loss:                       # remember the best
        best_loss, best_epoch = val_loss, epoch
        best_state = copy.deepcopy(model.state_dict())
    if epoch % 40 == 0 or epoch == 199:
        print(f"epoch {epoch:3d}  train {loss.item():.3f}"
              f"  validation {val_loss:.3f}")
print(f"lowest validation loss {best_loss:.3f} after epoch {best_epoch}")
# ANCHOR_END: train

train_losses = [t for t, _ in history]
val_losses = [v for _, v in history]
assert sum(p.numel() for p in model.parameters()) == 4547
assert train_losses[-1] < 0.1 < 0.5 < val_losses[-1]       # the gap
assert all(b < a for a, b in zip(train_losses, train_losses[1:]))
assert best_epoch == 16 and round(best_loss, 3) == 0.586
# before it, the validation loss falls with the training loss
assert all(b < a for a, b in zip(val_losses[:best_epoch + 1],
                                 val_losses[1:best_epoch + 1]))
# after its best epoch the validation loss climbs for good
assert all(v > best_loss for v in val_losses[best_epoch + 1:])
assert val_losses[-1] > 2 * best_loss and round(val_losses[-1], 3) == 1.467


# ANCHOR: restore
def accuracy(x, y):
    with torch.inference_mode():
        return (model(x).argmax(1) == y).float().mean().item()


print(f"after 200 epochs: train {accuracy(x_train, y_train):.3f}"
      f"  validation {accuracy(x_val, y_val):.3f}")
assert round(accuracy(x_train, y_train), 3) == 0.956      # 43 of 45
assert round(accuracy(x_val, y_val), 3) == 0.756          # 34 of 45
model.load_state_dict(best_state)                  # back to epoch 16
print(f"epoch {best_epoch} restored: train {accuracy(x_train, y_train):.3f}"
      f"  validation {accuracy(x_val, y_val):.3f}"
      f"  loss {loss_fn(model(x_val), y_val).item():.3f}")
# ANCHOR_END: restore

assert abs(loss_fn(model(x_val), y_val).item() - best_loss) < 1e-6
assert round(accuracy(x_train, y_train), 3) == 0.867
assert round(accuracy(x_val, y_val), 3) == 0.778 == round(35 / 45, 3)

# ANCHOR: figure
fig, ax = plt.subplots(figsize=(7, 3.8))
ax.plot(train_losses, color="C0", linewidth=2, label="training loss (45)")
ax.plot(val_losses, color="C1", linewidth=2,
        label="validation loss (45 held back)")
ax.axvline(best_epoch, color="C7", linestyle=":", linewidth=1.5)
ax.text(best_epoch + 3, 1.6, f"lowest validation\nloss: epoch {best_epoch}",
        fontsize=9)
ax.set_xlabel("epoch (one full-batch step each)")
ax.set_ylabel("cross-entropy loss")
ax.set_ylim(0, max(val_losses) * 1.05)
ax.legend(loc="upper left")
fig.tight_layout()
# ANCHOR_END: figure
