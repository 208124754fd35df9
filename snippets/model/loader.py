import torch
from torch.utils.data import DataLoader, TensorDataset

# ANCHOR: dataset
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

# ANCHOR: loader
torch.manual_seed(3)
loader = DataLoader(data, batch_size=4, shuffle=True)
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
