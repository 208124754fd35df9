import math

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch
from torch import nn

# The page's cells, run again here so that every number the prose quotes
# is asserted. Not shown on the page except for the figure and the checks.
torch.manual_seed(0)
centres = torch.tensor([[0.0, 2.0], [-2.0, -1.0], [2.0, -1.0]])


def make_points(per_class):
    labels = torch.arange(3).repeat_interleave(per_class)
    points = centres[labels] + 0.9 * torch.randn(3 * per_class, 2)
    return points, labels


x_train, y_train = make_points(40)
x_test, y_test = make_points(20)


class Classifier(nn.Module):
    def __init__(self, hidden=16, p=0.3):
        super().__init__()
        self.layer1 = nn.Linear(2, hidden)
        self.drop = nn.Dropout(p)
        self.layer2 = nn.Linear(hidden, 3)

    def forward(self, x):
        h = torch.relu(self.layer1(x))
        return self.layer2(self.drop(h))


torch.manual_seed(1)
model = Classifier()
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batch_size = 16

# the page's loss cell: one forward pass on the training points, in training
# mode (its dropout draws random numbers, so it is repeated here)
first_loss = loss_fn(model(x_train), y_train).item()
with torch.inference_mode():
    model.eval()
    first_test = loss_fn(model(x_test), y_test).item()
assert abs(first_test - math.log(3)) < 0.15    # an untrained model guesses

step_losses, epoch_losses, test_losses = [], [], []
for epoch in range(15):
    model.train()
    order = torch.randperm(len(x_train))
    total = 0.0
    for start in range(0, len(x_train), batch_size):
        idx = order[start:start + batch_size]
        loss = loss_fn(model(x_train[idx]), y_train[idx])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        step_losses.append(loss.item())
        total += loss.item() * len(idx)
    epoch_losses.append(total / len(x_train))
    model.eval()
    with torch.inference_mode():
        test_losses.append(loss_fn(model(x_test), y_test).item())

assert len(step_losses) == 15 * 8          # 7 batches of 16, one of 8
assert abs(first_loss - 1.2094) < 1e-4          # the page's loss cell
assert abs(epoch_losses[0] - 0.9091) < 1e-4      # the loop cell's numbers
assert abs(epoch_losses[-1] - 0.1602) < 1e-4
assert epoch_losses[0] < math.log(3)
# not every epoch is better than the one before
assert any(b > a for a, b in zip(epoch_losses, epoch_losses[1:]))
# the test loss (eval mode) is below the training loss after every epoch
assert all(t < e for t, e in zip(test_losses, epoch_losses))
assert abs(test_losses[-1] - 0.0961) < 1e-4
# over the last five epochs the test loss stays near 0.10, never climbing
assert all(0.09 < t < 0.105 for t in test_losses[10:])
# after step 60 the batch losses stay between 0.017 and 0.34
assert 0.017 < min(step_losses[60:]) and max(step_losses[60:]) < 0.34
# ANCHOR: accuracy
model.eval()
with torch.inference_mode():
    predicted = model(x_test).argmax(1)
accuracy = (predicted == y_test).float().mean().item()
wrong = (predicted != y_test).nonzero().flatten()
print(f"test accuracy {accuracy:.4f}: {len(wrong)} of {len(y_test)} wrong")
print("wrong ones: points", wrong.tolist(), " true", y_test[wrong].tolist(),
      " predicted", predicted[wrong].tolist())

# the same points in training mode: Dropout is still switched on
model.train()
with torch.inference_mode():
    noisy = [(model(x_test).argmax(1) == y_test).float().mean().item()
             for _ in range(5)]
print("accuracy with dropout left on, 5 tries:",
      [round(a, 4) for a in noisy])

assert abs(accuracy - 58 / 60) < 1e-6
# the two mistakes lie far from their own cloud's centre (std 0.9)
far = (x_test[wrong] - centres[y_test[wrong]]).norm(dim=1)
assert far.min() > 1.5
assert len(set(noisy)) > 1                  # it changes from run to run
# ANCHOR_END: accuracy

# ANCHOR: figure
steps_per_epoch = len(step_losses) // len(epoch_losses)
epoch_ends = [steps_per_epoch * (e + 1) for e in range(len(epoch_losses))]
fig, ax = plt.subplots(figsize=(9, 3.8))
ax.plot(range(1, len(step_losses) + 1), step_losses, color="C0",
        linewidth=0.8, alpha=0.5, label="one mini-batch (train mode)")
ax.plot(epoch_ends, epoch_losses, color="C0", linewidth=2, marker="o",
        markersize=4, label="mean over the epoch (train mode)")
ax.plot(epoch_ends, test_losses, color="C1", linewidth=2, marker="s",
        markersize=4, label="test points (eval mode)")
ax.axhline(math.log(3), color="C2", linestyle=":", linewidth=1.5,
           label="ln 3: guessing among 3 classes")
ax.set_xlabel("optimizer step (8 per epoch)")
ax.set_ylabel("cross-entropy loss")
ax.set_ylim(0, 1.6)
ax.set_title("Three classes of points: Classifier, batches of 16, lr 0.1")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=9,
          frameon=False)
fig.tight_layout()
# ANCHOR_END: figure

print(f"batch losses: max {max(step_losses):.4f}, min {min(step_losses):.4f}")
print(f"test loss: first {first_test:.4f}, last {test_losses[-1]:.4f}")
# the batch loss goes up as well as down: the gradient is an estimate
rises = sum(b > a for a, b in zip(step_losses, step_losses[1:]))
print("steps after which the batch loss rose:", rises, "of",
      len(step_losses) - 1)
assert rises == 57
jump = max(abs(b - a) for a, b in zip(step_losses, step_losses[1:]))
assert abs(jump - 0.24) < 1e-3             # the largest step-to-step change
