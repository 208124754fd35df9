import numpy as np
import torch

# ANCHOR: mapping
arrays = {
    "np.array([0.5, 1.5])": np.array([0.5, 1.5]),
    "np.zeros(2)": np.zeros(2),
    "np.array([0.5, 1.5], dtype=np.float32)":
        np.array([0.5, 1.5], dtype=np.float32),
    "np.array([3, 1])": np.array([3, 1]),
    "np.array([True, False])": np.array([True, False]),
}
print(f"{'NumPy array':<40}{'NumPy dtype':<13}tensor dtype")
for text, arr in arrays.items():
    print(f"{text:<40}{str(arr.dtype):<13}{torch.from_numpy(arr).dtype}")

print("torch.tensor([0.5, 1.5]) from a Python list:",
      torch.tensor([0.5, 1.5]).dtype)

expected = [torch.float64, torch.float64, torch.float32,
            torch.int64, torch.bool]
assert [torch.from_numpy(a).dtype for a in arrays.values()] == expected
assert torch.tensor([0.5, 1.5]).dtype == torch.float32
assert torch.tensor([3, 1]).dtype == torch.int64
assert torch.tensor([True, False]).dtype == torch.bool
# ANCHOR_END: mapping

# ANCHOR: fix
features = np.array([[0.5, 1.0, -2.0],
                     [1.5, 0.0,  4.0]])          # float64, as NumPy makes it
layer = torch.nn.Linear(3, 2)                    # weights are float32
print("weights:", layer.weight.dtype,
      "| features:", torch.from_numpy(features).dtype)

x = torch.from_numpy(features).float()           # convert once, at the border
out = layer(x)
print("x:", x.dtype, tuple(x.shape), "-> out:", out.dtype, tuple(out.shape))
print("x shares memory with the array:",
      np.shares_memory(features, x.numpy()))

assert layer.weight.dtype == torch.float32
assert x.dtype == torch.float32 and out.dtype == torch.float32
assert out.shape == (2, 2)
assert not np.shares_memory(features, x.numpy())   # a dtype change is a copy

counts = np.array([3, 1, 4], dtype=np.int32)     # 4 bytes per number
as_float = torch.from_numpy(counts).float()      # float32: 4 bytes as well
print("int32 -> float32, same width, shares memory:",
      np.shares_memory(counts, as_float.numpy()))
print("the array still holds", counts.tolist(), "as", counts.dtype)

assert counts.itemsize == as_float.element_size() == 4
assert not np.shares_memory(counts, as_float.numpy())
assert counts.dtype == np.int32 and counts.tolist() == [3, 1, 4]
# the same bytes read as float32 would not be 3.0: new numbers, new storage
assert torch.from_numpy(counts).view(torch.float32)[0].item() != 3.0
# ANCHOR_END: fix
