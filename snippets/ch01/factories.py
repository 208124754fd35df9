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
print(torch.arange(1, 1.3, 0.1))      # rounding lets the end value in
print(torch.linspace(1, 1.3, 4))      # say how many instead

assert torch.arange(5).tolist() == [0, 1, 2, 3, 4]
assert torch.arange(5).dtype == torch.int64
assert torch.arange(2, 11, 3).tolist() == [2, 5, 8]
assert torch.arange(0, 1, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75]
assert torch.arange(0, 1, 0.25).dtype == torch.float32
# (1.3 - 1) / 0.1 is 3.0000000000000004 in floating point: 4 steps, not 3
assert (1.3 - 1) / 0.1 > 3
assert torch.arange(1, 1.3, 0.1).numel() == 4
assert abs(torch.arange(1, 1.3, 0.1)[-1].item() - 1.3) < 1e-6
assert torch.linspace(1, 1.3, 4).numel() == 4
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

# ANCHOR: init
torch.manual_seed(0)
layer = torch.nn.Linear(768, 3)           # 768 inputs, 3 outputs
bound = 1 / 768**0.5                      # 1 / sqrt(number of inputs)
w = layer.weight
print(f"1/sqrt(768)     = {bound:.4f}")
print(f"nn.Linear weight: {w.min().item():+.4f} to {w.max().item():+.4f}")
z = torch.randn(3, 768)                   # the same shape, standard normal
print(f"torch.randn     : {z.min().item():+.4f} to {z.max().item():+.4f}")

inputs = torch.randn(100, 768)            # 100 inputs of typical size, 1
with torch.no_grad():
    spread, spread_randn = layer(inputs).std(), (inputs @ z.T).std()
print(f"std of the outputs: {spread:.2f}, or {spread_randn:.1f} "
      f"with randn weights")

assert w.shape == (3, 768)
assert w.abs().max().item() <= bound              # never outside the bound
assert w.abs().max().item() > 0.99 * bound        # and it reaches the edges
assert layer.bias.abs().max().item() <= bound     # the bias too
# a uniform spread: its standard deviation is bound / sqrt(3), not 1
assert abs(w.std().item() - bound / 3**0.5) < 0.001
assert z.abs().max().item() > 50 * bound          # randn spreads far wider
assert round(bound, 4) == 0.0361 and z.abs().max().item() > 3
assert round(spread.item(), 2) == 0.57
assert round(spread_randn.item(), 1) == 25.1
# ANCHOR_END: init
