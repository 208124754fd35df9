import torch

# ANCHOR: strides
grid = torch.arange(6).view(2, 3)
flipped = grid.transpose(0, 1)       # same as grid.permute(1, 0) or grid.T

print(flipped)
print("shape  ", grid.shape, "->", flipped.shape)
print("strides", grid.stride(), "->", flipped.stride())
print("same buffer:", flipped.data_ptr() == grid.data_ptr())
print("contiguous: ", grid.is_contiguous(), "->", flipped.is_contiguous())

assert flipped.tolist() == [[0, 3], [1, 4], [2, 5]]
assert flipped.shape == (3, 2)
assert grid.stride() == (3, 1) and flipped.stride() == (1, 3)
assert flipped.data_ptr() == grid.data_ptr()
assert grid.is_contiguous() and not flipped.is_contiguous()
assert torch.equal(flipped, grid.permute(1, 0))
assert torch.equal(flipped, grid.T)
assert grid.permute(1, 0).stride() == (1, 3)
# Memory still holds 0..5 in the original order: nothing moved.
assert torch.equal(grid.view(-1), torch.arange(6))
# ANCHOR_END: strides

# ANCHOR: contiguous
packed = flipped.contiguous()        # the bytes rearranged in a new buffer

print(packed)
print("strides", flipped.stride(), "->", packed.stride())
print("new buffer:", packed.data_ptr() != flipped.data_ptr())
print("contiguous:", packed.is_contiguous())
print("memory now:", packed.view(-1))

assert torch.equal(packed, flipped)              # same values, same shape...
assert packed.stride() == (2, 1)                 # ...row-major strides
assert packed.data_ptr() != flipped.data_ptr()   # ...in fresh memory
assert packed.view(-1).tolist() == [0, 3, 1, 4, 2, 5]
assert grid.contiguous() is grid                 # already packed: no copy
# ANCHOR_END: contiguous

# ANCHOR: reshape
line = flipped.reshape(6)            # a view is impossible, so reshape copies
print(line)
print("copied:", line.data_ptr() != flipped.data_ptr())

again = grid.reshape(3, 2)           # a contiguous input: reshape just views
print("copied:", again.data_ptr() != grid.data_ptr())

assert line.tolist() == [0, 3, 1, 4, 2, 5]
assert line.data_ptr() != flipped.data_ptr()
assert again.data_ptr() == grid.data_ptr()
# ANCHOR_END: reshape
