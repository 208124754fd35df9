import torch

# ANCHOR: basics
a = torch.tensor([2.0, -1.0, 3.0])
b = torch.tensor([4.0, 5.0, 0.5])

pairwise = a * b                 # multiply position by position...
print("a * b      :", pairwise)
print("sum        :", pairwise.sum())   # ...then add everything up
print("torch.dot  :", torch.dot(a, b))
print("a @ b      :", a @ b)

assert pairwise.tolist() == [8.0, -5.0, 1.5]
assert pairwise.sum().item() == torch.dot(a, b).item() == (a @ b).item()
assert (a @ b).item() == 4.5
assert (a @ b).shape == ()      # two vectors in, one number out
# ANCHOR_END: basics
