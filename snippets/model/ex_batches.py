#| hint: Look at what indexes the points and what indexes the labels. A shuffled batch must take row idx[k] of both tensors, so that each point travels with its own label.
# ANCHOR: task
import torch

def make_batches(x, y, batch_size):
    """One epoch of shuffled (points, labels) batches."""
    order = torch.randperm(len(x))
    batches = []
    for start in range(0, len(x), batch_size):
        idx = order[start:start + batch_size]
        batches.append((x[idx], y[start:start + batch_size]))
    return batches
# ANCHOR_END: task
# ANCHOR: solution
import torch

def make_batches(x, y, batch_size):
    """One epoch of shuffled (points, labels) batches."""
    order = torch.randperm(len(x))
    batches = []
    for start in range(0, len(x), batch_size):
        idx = order[start:start + batch_size]
        batches.append((x[idx], y[idx]))
    return batches
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def make_batches(x, y, batch_size):
    """One epoch of shuffled (points, labels) batches."""
    batches = []
    for start in range(0, len(x), batch_size):
        idx = torch.randint(0, len(x), (batch_size,))
        batches.append((x[idx], y[idx]))
    return batches
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true

# Point i is the row [i, i] and its label is i % 3, so a batch can be read
torch.manual_seed(0)
x = torch.arange(10).float().unsqueeze(1).repeat(1, 2)
y = torch.arange(10) % 3
batches = make_batches(x, y, 4)
seen = []
for number, (xb, yb) in enumerate(batches):
    expect_true(len(xb) == len(yb),
                f"batch {number} has {len(xb)} points but {len(yb)} labels.")
    for point, label in zip(xb[:, 0].tolist(), yb.tolist()):
        expect_true(label == int(point) % 3,
                    f"batch {number} pairs point {int(point)} (class "
                    f"{int(point) % 3}) with label {label}: the labels were "
                    "not taken with the same shuffled indices as the points, "
                    "so the model is trained on the wrong answers.")
        seen.append(int(point))
expect_true(sorted(seen) == list(range(10)),
            f"over one epoch the batches hold points {sorted(seen)}; every "
            "point 0 to 9 should appear exactly once. Sampling indices at "
            "random (randint) repeats some and skips others; slice one "
            "randperm instead.")
expect_true(seen != list(range(10)),
            "the batches keep the data's own order: shuffle with "
            "torch.randperm so each epoch sees different batches.")
# ANCHOR_END: check
