import torch

# ANCHOR: cat
monday = torch.ones(2, 3)                 # 2 readings of 3 sensors
tuesday = torch.full((4, 3), 2.0)         # 4 readings of the same sensors
week = torch.cat([monday, tuesday], dim=0)
print("cat dim=0:", tuple(monday.shape), "+", tuple(tuesday.shape),
      "->", tuple(week.shape))

extra = torch.zeros(2, 5)                 # 5 more sensors, same 2 readings
wide = torch.cat([monday, extra], dim=1)
print("cat dim=1:", tuple(monday.shape), "+", tuple(extra.shape),
      "->", tuple(wide.shape))

assert week.shape == (6, 3) and wide.shape == (2, 8)
assert torch.equal(week[2:], tuesday)     # the pieces, in order
# ANCHOR_END: cat

# ANCHOR: stack
a = torch.tensor([1, 2, 3])
b = torch.tensor([4, 5, 6])
print("cat   :", tuple(torch.cat([a, b]).shape), torch.cat([a, b]))
for d in (0, 1):
    s = torch.stack([a, b], dim=d)
    print(f"stack dim={d}:", tuple(s.shape), s.tolist())

assert torch.cat([a, b]).shape == (6,)
assert torch.stack([a, b]).shape == (2, 3)
assert torch.stack([a, b], dim=1).shape == (3, 2)
# stack is unsqueeze, then cat along the new axis
for d in (0, 1):
    assert torch.equal(torch.stack([a, b], dim=d),
                       torch.cat([a.unsqueeze(d), b.unsqueeze(d)], dim=d))
# ANCHOR_END: stack

# ANCHOR: batch
torch.manual_seed(0)
images = [torch.randn(3, 32, 32) for _ in range(16)]   # one at a time
batch = torch.stack(images)                            # a new axis in front
print("16 x", tuple(images[0].shape), "stacked:", tuple(batch.shape))
print("the same, cat:", tuple(torch.cat(images).shape))

assert batch.shape == (16, 3, 32, 32)
assert torch.cat(images).shape == (48, 32, 32)
assert torch.equal(batch[7], images[7])
# ANCHOR_END: batch

# ANCHOR: errors
said = {}
for name, join in [("cat", lambda: torch.cat([monday, extra], dim=0)),
                   ("stack", lambda: torch.stack([monday, tuesday]))]:
    try:
        join()
    except RuntimeError as err:
        said[name] = str(err)
        print(f"{name}: RuntimeError: {err}")

assert said["cat"].startswith("Sizes of tensors must match except in "
                              "dimension 0. Expected size 3 but got size 5")
assert said["stack"] == ("stack expects each tensor to be equal size, but "
                         "got [2, 3] at entry 0 and [4, 3] at entry 1")
# ANCHOR_END: errors

# ANCHOR: copy
stacked = torch.stack([a, b])
monday[0, 0] = 100.0                      # change two of the pieces...
a[0] = 100
print("week[0, 0]:", week[0, 0].item(), "| stacked[0, 0]:",
      stacked[0, 0].item())               # ...the joined tensors keep 1
assert week[0, 0].item() == 1.0 and wide[0, 0].item() == 1.0
assert stacked[0, 0].item() == 1
# ANCHOR_END: copy
