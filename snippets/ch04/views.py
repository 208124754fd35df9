import torch

# ANCHOR: two_views
flat = torch.arange(6)          # storage: 0 1 2 3 4 5
wide = flat.view(2, 3)          # read it as 2 rows of 3
tall = flat.view(3, 2)          # read it as 3 rows of 2

print(wide)
print(tall)
print("strides:", flat.stride(), wide.stride(), tall.stride())
print("one buffer:", flat.data_ptr() == wide.data_ptr() == tall.data_ptr())

assert wide.tolist() == [[0, 1, 2], [3, 4, 5]]
assert tall.tolist() == [[0, 1], [2, 3], [4, 5]]
assert (flat.stride(), wide.stride(), tall.stride()) == ((1,), (3, 1), (2, 1))
assert flat.data_ptr() == wide.data_ptr() == tall.data_ptr()
assert wide.untyped_storage().nbytes() == 6 * 8   # six int64 values, no more
# ANCHOR_END: two_views

# ANCHOR: address
# Where does wide[1, 2] live? offset = row * stride[0] + col * stride[1]
row, col = 1, 2
offset = row * wide.stride()[0] + col * wide.stride()[1]
print(f"wide[{row}, {col}] sits at offset {offset}: "
      f"value {flat[offset].item()}")

assert offset == 5 and wide[1, 2].item() == flat[5].item() == 5
# The same offset rule, checked for every element of both views:
for view in (wide, tall):
    s0, s1 = view.stride()
    for i in range(view.shape[0]):
        for j in range(view.shape[1]):
            assert view[i, j].item() == flat[i * s0 + j * s1].item()
# ANCHOR_END: address

# ANCHOR: write
wide[0, 1] = 100                # write through one view...
print(tall)                     # ...and the other one sees it
print(flat)

assert tall[0, 1].item() == 100 and flat[1].item() == 100
assert tall.tolist() == [[0, 100], [2, 3], [4, 5]]
own = wide.clone()              # an independent copy of its own
own[0, 0] = -1
assert own.data_ptr() != wide.data_ptr() and wide[0, 0].item() == 0
# ANCHOR_END: write
