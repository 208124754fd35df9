#| hint: A view or reshape to [2, 2, 2, 3] gives the right shape but re-reads memory in the old order. You need to reorder the axes themselves: batch stays first, channels move to the end.
# ANCHOR: task
import torch
batch = torch.arange(24).view(2, 3, 2, 2)   # [batch, channels, height, width]
# replace None: the same images as [batch, height, width, channels]
last = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
batch = torch.arange(24).view(2, 3, 2, 2)
last = batch.permute(0, 2, 3, 1)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
batch = torch.arange(24).view(2, 3, 2, 2)
last = batch.reshape(2, 2, 2, 3)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_close
expect_shape("last", last, (2, 2, 2, 3))
expect_close("last[0, 0, 0] (the channels of image 0's top-left pixel)",
             last[0, 0, 0], [0, 4, 8])
expect_close("last[1, 1, 0] (the channels of image 1's bottom-left pixel)",
             last[1, 1, 0], [14, 18, 22])
# ANCHOR_END: check
