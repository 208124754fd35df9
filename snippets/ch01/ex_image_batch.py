#| hint: Write the lengths in the order [batch, channels, height, width], outermost axis first. For the count, one tensor method multiplies the lengths for you.
# ANCHOR: task
import torch
# replace None: zeros for 5 colour (RGB) thumbnails, 4 pixels high, 6 wide
images = None
# replace None: how many numbers images holds, asked of the tensor itself
count = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
images = torch.zeros(5, 3, 4, 6)
count = images.numel()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
images = torch.zeros(5, 4, 6, 3)
count = images.numel()
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_shape, expect_close
expect_shape("images", images, (5, 3, 4, 6))
expect_shape("images[0] (one whole thumbnail)", images[0], (3, 4, 6))
expect_close("count (the number of stored values)", count, 360)
# ANCHOR_END: check
