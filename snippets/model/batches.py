import torch

# ANCHOR: order
torch.manual_seed(3)
n, batch_size = 10, 4
for epoch in range(2):
    order = torch.randperm(n)         # 0..n-1, each once, shuffled
    batches = [order[s:s + batch_size] for s in range(0, n, batch_size)]
    print(f"epoch {epoch}:", [b.tolist() for b in batches])
    assert sorted(order.tolist()) == list(range(n))
    assert [len(b) for b in batches] == [4, 4, 2]
# ANCHOR_END: order

# ANCHOR: pairs
points = torch.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
labels = torch.tensor([0, 1, 2, 1])
idx = torch.tensor([2, 0])            # one batch of a shuffled order
print(points[idx], labels[idx])       # the same idx for both: pairs kept
assert points[idx].shape == (2, 2) and labels[idx].tolist() == [2, 0]
# ANCHOR_END: pairs
