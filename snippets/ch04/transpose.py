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

# ANCHOR: view_ok
column = flipped.view(3, 2, 1)       # add an axis of length 1
print(column.shape, column.stride(),
      "same buffer:", column.data_ptr() == grid.data_ptr())

cols = torch.arange(12).view(3, 4).T   # [4, 3], strides (1, 4)
pairs = cols.view(2, 2, 3)             # cut axis 0 into 2 x 2
print(cols.is_contiguous(), pairs.shape, pairs.stride(),
      "same buffer:", pairs.data_ptr() == cols.data_ptr())

assert not flipped.is_contiguous() and not cols.is_contiguous()
assert column.stride() == (1, 3, 3) and column.data_ptr() == grid.data_ptr()
assert cols.stride() == (1, 4) and pairs.stride() == (2, 1, 4)
assert pairs.data_ptr() == cols.data_ptr()
assert torch.equal(pairs.reshape(4, 3), cols)
# ANCHOR_END: view_ok

# ANCHOR: reshape
line = flipped.reshape(6)            # a view is impossible, so reshape copies
print(line)
print("copied:", line.data_ptr() != flipped.data_ptr())

again = grid.reshape(3, 2)           # a contiguous input: reshape just views
print("copied:", again.data_ptr() != grid.data_ptr())
stood = flipped.reshape(3, 2, 1)     # not contiguous, but a view will do
print("copied:", stood.data_ptr() != flipped.data_ptr())

assert line.tolist() == [0, 3, 1, 4, 2, 5]
assert line.data_ptr() != flipped.data_ptr()
assert again.data_ptr() == grid.data_ptr()
assert stood.data_ptr() == flipped.data_ptr()
# ANCHOR_END: reshape

# Not shown on the page: the two kinds of view that never need a copy, on
# tensors that are not contiguous. Cutting one axis into two works for every
# axis and every factor pair; so do unsqueeze and squeeze.
base = torch.arange(2 * 3 * 4 * 6).view(2, 3, 4, 6)
for order in ([3, 1, 0, 2], [2, 0, 3, 1], [1, 3, 2, 0]):
    t = base.permute(*order)
    assert not t.is_contiguous()
    for axis, n in enumerate(t.shape):
        for a in range(1, n + 1):
            if n % a == 0:
                cut = [*t.shape[:axis], a, n // a, *t.shape[axis + 1:]]
                v = t.view(*cut)
                assert v.data_ptr() == t.data_ptr()
                assert torch.equal(v, t.reshape(cut))
        for d in range(t.dim() + 1):
            assert t.unsqueeze(d).data_ptr() == t.data_ptr()
            assert t.unsqueeze(d).squeeze(d).data_ptr() == t.data_ptr()
    try:                                   # merging the first two axes
        t.view(t.shape[0] * t.shape[1], *t.shape[2:])
        merged = True
    except RuntimeError:
        merged = False
    assert merged == (t.stride(0) == t.stride(1) * t.shape[1])
