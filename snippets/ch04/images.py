import torch

# ANCHOR: channels_first
values = torch.arange(12)
picture = values.view(1, 3, 2, 2)      # 1 picture, 3 colour planes of 2 x 2

print(picture.shape)
print("red plane:", picture[0, 0].tolist())
print("pixel (0, 0), all channels:", picture[0, :, 0, 0].tolist())

assert picture.shape == (1, 3, 2, 2)
assert picture[0, 0].tolist() == [[0, 1], [2, 3]]
assert picture[0, :, 0, 0].tolist() == [0, 4, 8]
# ANCHOR_END: channels_first

# ANCHOR: channels_last
# the axes become [batch, height, width, channels]
last = picture.permute(0, 2, 3, 1)

print(last.shape)
print("pixel (0, 0), all channels:", last[0, 0, 0].tolist())
print("strides", picture.stride(), "->", last.stride())
print("same buffer:", last.data_ptr() == picture.data_ptr(),
      "| contiguous:", last.is_contiguous())

assert last.shape == (1, 2, 2, 3)
assert last[0, 0, 0].tolist() == [0, 4, 8]
assert picture.stride() == (12, 4, 2, 1) and last.stride() == (12, 2, 1, 4)
assert last.data_ptr() == picture.data_ptr() and not last.is_contiguous()

packed = last.contiguous()             # the layout an image library expects
print("memory after .contiguous():", packed.view(-1).tolist())
assert packed.view(-1).tolist() == [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]

cut = picture.reshape(1, 2, 2, 3)      # the right shape, but not a reordering
print("reshape instead, pixel (0, 0):", cut[0, 0, 0].tolist())
assert cut.shape == last.shape and cut[0, 0, 0].tolist() == [0, 1, 2]
assert not torch.equal(cut, last)
# ANCHOR_END: channels_last

# ANCHOR: squeeze
column = values.unsqueeze(1)           # a new axis of length 1 at position 1
row = values.unsqueeze(0)              # ...or at position 0
back = column.squeeze()                # drop every length-1 axis

print(values.shape, "->", column.shape, "and", row.shape)
print(column.shape, "->", back.shape)
print("no copies:", column.data_ptr() == row.data_ptr() == values.data_ptr())

assert column.shape == (12, 1) and row.shape == (1, 12)
assert back.shape == (12,) and torch.equal(back, values)
assert column.data_ptr() == row.data_ptr() == values.data_ptr()

# squeeze() with no argument drops the batch axis too, which is rarely wanted:
print(picture.squeeze().shape, "vs", picture.squeeze(0).shape,
      "vs", picture.squeeze(1).shape)
assert picture.squeeze().shape == (3, 2, 2)
assert picture.squeeze(0).shape == (3, 2, 2)
# axis 1 has length 3: left alone
assert picture.squeeze(1).shape == (1, 3, 2, 2)
single = torch.zeros(1, 3, 1, 4)
print(single.shape, "->", single.squeeze().shape,
      "or", single.squeeze(2).shape)
assert single.squeeze().shape == (3, 4)
assert single.squeeze(2).shape == (1, 3, 4)
# ANCHOR_END: squeeze
