import torch
from torch import nn

# ANCHOR: pick
device = "cuda" if torch.cuda.is_available() else "cpu"
# the one place the choice is made; the lines below only refer to it
print("device:", device)

torch.manual_seed(0)
model = nn.Linear(3, 2).to(device)          # a module moves in place
batch = torch.randn(4, 3).to(device)        # a tensor: keep the moved result
out = model(batch)

print("weight on", model.weight.device, "| batch on", batch.device,
      "| out on", out.device)
print("out:", tuple(out.shape), out.dtype)

assert device in ("cuda", "cpu")
assert (device == "cuda") == torch.cuda.is_available()
assert (model.weight.device.type == batch.device.type
        == out.device.type == device)
assert out.shape == (4, 2)
# ANCHOR_END: pick

# ANCHOR: returns
# Changing the dtype follows the same rules as changing the device, and can
# be shown on any machine.
x = torch.ones(2, 3)
x.to(torch.float64)              # result thrown away: x is unchanged
print("x after x.to(...) alone:", x.dtype)
x = x.to(torch.float64)          # assigned: now x is the converted tensor
print("x after x = x.to(...):  ", x.dtype)

layer = nn.Linear(3, 2)
same = layer.to(torch.float64)   # a module converts itself and returns itself
print("layer.to(...) is layer:", same is layer,
      "| weight:", layer.weight.dtype)

already = torch.ones(3)
print("to a device it is already on:", already.to("cpu") is already,
      "| .cpu():", already.cpu() is already)

assert x.dtype == torch.float64
assert same is layer and layer.weight.dtype == torch.float64
assert already.to("cpu") is already and already.cpu() is already
# ANCHOR_END: returns
