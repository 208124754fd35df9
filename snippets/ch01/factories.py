import torch

# ANCHOR: from_data
table = torch.tensor([[1, 2, 3],
                      [4, 5, 6]])
print(table)
assert table.shape == (2, 3) and table.dtype == torch.int64
# ANCHOR_END: from_data

# ANCHOR: filled
blank = torch.zeros(2, 3)
also_blank = torch.zeros((2, 3))          # a tuple works as well
unit = torch.ones(4)
half = torch.full((2, 2), 0.5)
like = torch.zeros_like(table)            # copies shape and dtype, not values

print(blank)
print(unit)
print(half)
print(like.shape, like.dtype)

assert blank.shape == also_blank.shape == (2, 3)
assert blank.dtype == torch.float32
assert unit.tolist() == [1.0, 1.0, 1.0, 1.0] and unit.dtype == torch.float32
assert half.shape == (2, 2) and half.dtype == torch.float32
# the fill value sets the dtype
assert torch.full((2, 2), 7).dtype == torch.int64
assert like.shape == (2, 3) and like.dtype == torch.int64 and like.sum() == 0
# ANCHOR_END: filled

# ANCHOR: ranges
print(torch.arange(5))
print(torch.arange(2, 11, 3))
print(torch.arange(0, 1, 0.25))

assert torch.arange(5).tolist() == [0, 1, 2, 3, 4]
assert torch.arange(5).dtype == torch.int64
assert torch.arange(2, 11, 3).tolist() == [2, 5, 8]
assert torch.arange(0, 1, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75]
assert torch.arange(0, 1, 0.25).dtype == torch.float32
# ANCHOR_END: ranges

# ANCHOR: random
torch.manual_seed(0)
first = torch.randn(2, 3)
torch.manual_seed(0)
second = torch.randn(2, 3)
third = torch.randn(2, 3)                 # no reseed: the stream moves on

print(first)
print(torch.equal(first, second), torch.equal(first, third))

assert first.shape == (2, 3) and first.dtype == torch.float32
assert torch.equal(first, second)
assert not torch.equal(first, third)
# ANCHOR_END: random
