# ANCHOR: dataset
import torch
from torch.utils.data import DataLoader, TensorDataset

points = torch.arange(20.0).view(10, 2)    # point i is [2i, 2i + 1]
labels = torch.arange(10) % 3              # and its label is i % 3
data = TensorDataset(points, labels)       # row i of each, as a pair
print("examples:", len(data), "| data[4]:", data[4])

try:
    TensorDataset(points, labels[:9])      # one label short
except AssertionError as err:
    print("AssertionError:", err)

assert len(data) == 10
assert torch.equal(data[4][0], points[4]) and data[4][1].item() == 4 % 3
# ANCHOR_END: dataset

before = torch.get_rng_state()  # not shown: the global generator stays put

# ANCHOR: loader
shuffler = torch.Generator().manual_seed(3)   # the loader's own randomness
loader = DataLoader(data, batch_size=4, shuffle=True, generator=shuffler)
print("batches per epoch:", len(loader))
for epoch in range(2):
    seen = []
    for xb, yb in loader:                  # a fresh shuffle every epoch
        ids = (xb[:, 0] / 2).long()        # which points this batch holds
        assert torch.equal(yb, ids % 3)    # each point kept its label
        seen += ids.tolist()
        print(f"epoch {epoch}: points {ids.tolist()}",
              tuple(xb.shape), tuple(yb.shape))
    assert sorted(seen) == list(range(10))  # every point once per epoch

assert len(loader) == 3
# ANCHOR_END: loader

# Not shown: the global generator did not move, and each epoch's order is a
# randperm drawn from the loader's generator, after the 64-bit seed it draws
# for worker processes (RandomSampler then draws a second randperm, for the
# empty remainder of num_samples // n).
assert torch.equal(torch.get_rng_state(), before)
again = DataLoader(data, batch_size=4, shuffle=True,
                   generator=torch.Generator().manual_seed(3))
check = torch.Generator().manual_seed(3)
for epoch in range(2):
    order = [i for xb, _ in again for i in (xb[:, 0] / 2).long().tolist()]
    torch.empty((), dtype=torch.int64).random_(generator=check)
    assert order == torch.randperm(10, generator=check).tolist()
    torch.randperm(10, generator=check)
assert order == seen  # the second epoch printed above
