import torch
from torch import nn

# ANCHOR: create
device = torch.device("cpu")      # whatever pick_device() returned

noise = torch.randn(4, 3, device=device)       # made where it is used
mask = torch.zeros(4, 3, dtype=torch.bool, device=device)
layer = nn.Linear(3, 2, device=device)         # modules take device= too
steps = torch.arange(4, device=device)
print([t.device.type for t in (noise, mask, layer.weight, steps)])

like = torch.zeros_like(noise)    # *_like copies device and dtype
fresh = noise.new_ones(2)         # new_* does too, with a new shape
print("zeros_like:", like.device, like.dtype,
      "| new_ones:", fresh.device, fresh.dtype, tuple(fresh.shape))

assert all(t.device == device for t in (noise, mask, layer.weight, steps))
assert like.device == noise.device and fresh.device == noise.device
# ANCHOR_END: create

# ANCHOR: two_steps
# Create-then-convert makes two tensors; creating with the right options
# makes one. The dtype shows it on any machine; a device works the same way,
# except that the second tensor is a copy sent over to the GPU.
first = torch.zeros(1000)
moved = first.to(torch.float64)
direct = torch.zeros(1000, dtype=torch.float64)
print("zeros(...).to(...):  two buffers:",
      first.data_ptr() != moved.data_ptr())
print("zeros(..., dtype=...): one tensor:", direct.dtype)

assert first.data_ptr() != moved.data_ptr() and moved.dtype == direct.dtype
# ANCHOR_END: two_steps
