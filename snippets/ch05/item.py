import torch

# ANCHOR: item
loss = torch.tensor(0.25)          # a 0-dim tensor, as a loss usually is
value = loss.item()
print(loss, "->", value, type(value).__name__)

count = torch.tensor([[3]])        # shape [1, 1]: still one element
print(count.shape, "->", count.item(), type(count.item()).__name__)

third = torch.tensor(0.1)          # 0.1 stored as float32 ...
print(third, "->", third.item())   # ... comes out as the nearest float32

assert value == 0.25 and type(value) is float
assert count.shape == (1, 1)
assert count.item() == 3 and type(count.item()) is int
assert third.item() == 0.10000000149011612 and third.item() != 0.1
# ANCHOR_END: item

# ANCHOR: tolist
scores = torch.tensor([[0.5, 2.0, -1.0],
                       [3.0, 0.25, 1.0]])
rows = scores.tolist()
print(rows, type(rows).__name__, type(rows[0]).__name__,
      type(rows[0][0]).__name__)
print("argmax(1):", scores.argmax(1).tolist())
print("0-dim .tolist():", torch.tensor(7).tolist())

assert rows == [[0.5, 2.0, -1.0], [3.0, 0.25, 1.0]]
assert type(rows[0][0]) is float
assert scores.argmax(1).tolist() == [1, 0]
assert torch.tensor(7).tolist() == 7
# ANCHOR_END: tolist
