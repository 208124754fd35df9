import torch

# ANCHOR: centre
# 5 flats, one per row: rooms, floor area in square metres, age in years
flats = torch.tensor([[3.0, 70.0, 12.0],
                      [2.0, 55.0, 30.0],
                      [4.0, 95.0, 5.0],
                      [1.0, 30.0, 40.0],
                      [5.0, 120.0, 18.0]])
means = torch.tensor([3.0, 74.0, 21.0])    # the average of each column
centred = flats - means                    # [5, 3] - [3]
print(tuple(flats.shape), "-", tuple(means.shape), "->",
      tuple(centred.shape))
print(centred)

assert torch.equal(means, flats.mean(dim=0))
assert centred.shape == (5, 3)
assert torch.equal(centred[4], flats[4] - means)  # every row, same means
assert centred.sum(dim=0).tolist() == [0.0, 0.0, 0.0]
# ANCHOR_END: centre

# ANCHOR: centre_stretch
seen = means.expand(5, 3)      # the means as the subtraction reads them
print(seen)
print("stride", seen.stride(), "| same storage as means:",
      seen.data_ptr() == means.data_ptr(), "|",
      seen.untyped_storage().nbytes(), "bytes")

assert seen.stride() == (0, 1)
assert seen.data_ptr() == means.data_ptr()
assert seen.untyped_storage().nbytes() == 3 * 4    # three float32 values
# ANCHOR_END: centre_stretch

# ANCHOR: grid
# An addition table: a column down the left side, a row across the top.
left = torch.tensor([[0], [10], [20]])      # shape [3, 1]
top = torch.tensor([[1, 2, 3, 4]])           # shape [1, 4]
table = left + top

print("left ", left.shape)
print("top  ", top.shape)
print("table", table.shape)
print(table)

assert left.shape == (3, 1) and top.shape == (1, 4)
assert table.shape == (3, 4)
assert table.tolist() == [[1, 2, 3, 4], [11, 12, 13, 14], [21, 22, 23, 24]]
# ANCHOR_END: grid

# ANCHOR: rules
def broadcast_by_hand(a, b):
    """The shape of a op b, or None when two lengths clash."""
    rank = max(len(a), len(b))
    # a missing leading axis counts as length 1
    a = [1] * (rank - len(a)) + list(a)
    b = [1] * (rank - len(b)) + list(b)
    out = []
    for m, n in zip(a, b):
        if m != n and 1 not in (m, n):
            return None                   # a clash, such as 3 against 4
        out.append(max(m, n))             # 1 is a wildcard: the other wins
    return out


for a, b in [((3, 1), (1, 4)), ((2, 3), (3,)),
             ((8, 1, 5), (4, 1)), ((4, 3), (4,))]:
    mine = broadcast_by_hand(a, b)
    try:
        real = list(torch.broadcast_shapes(a, b))
    except RuntimeError:
        real = None
    print(f"{list(a)} with {list(b)} -> {mine if mine else 'error'}")
    assert mine == real

assert broadcast_by_hand((3, 1), (1, 4)) == [3, 4]
assert broadcast_by_hand((2, 3), (3,)) == [2, 3]
assert broadcast_by_hand((8, 1, 5), (4, 1)) == [8, 4, 5]
assert broadcast_by_hand((4, 3), (4,)) is None
# ANCHOR_END: rules

# ANCHOR: nocopy
wide = left.expand(3, 4)   # the stretch broadcasting does, made visible
print(wide)
print("left.stride()", left.stride())
print("wide.stride()", wide.stride())
print("same storage: ", wide.data_ptr() == left.data_ptr())

assert wide.shape == (3, 4)
assert left.stride() == (1, 1)
assert wide.stride() == (1, 0)              # step 0 along the stretched axis
assert wide.data_ptr() == left.data_ptr()
assert wide.untyped_storage().nbytes() == 3 * 8   # still three int64 values
assert top.expand(3, 4).stride() == (0, 1)
# ANCHOR_END: nocopy
