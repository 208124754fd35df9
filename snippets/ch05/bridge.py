import numpy as np
import torch

# ANCHOR: share
# an array that came from some NumPy code
readings = np.array([0.5, 1.5, 2.5, 3.5])
t = torch.from_numpy(readings)                 # a tensor over the SAME memory
print(t)
print("same buffer:", np.shares_memory(readings, t.numpy()),
      "| same address:", t.data_ptr() == readings.ctypes.data)

readings[0] = 100.0            # a write on the NumPy side ...
print("tensor sees it:", t)

t[3] = -7.0                    # ... and a write on the PyTorch side
print("array sees it: ", readings)

assert np.shares_memory(readings, t.numpy())
assert t.data_ptr() == readings.ctypes.data
assert t[0].item() == 100.0 and readings[3] == -7.0
assert t.tolist() == readings.tolist() == [100.0, 1.5, 2.5, -7.0]
# ANCHOR_END: share

# ANCHOR: numpy_side
counts = torch.zeros(3)
arr = counts.numpy()           # a CPU tensor as a NumPy array: no copy either
counts += 1                    # an in-place update on the tensor
arr[2] = 9.0                   # and a write through the array
print("tensor:", counts)
print("array: ", arr, arr.dtype)
print("same buffer:", np.shares_memory(arr, counts.numpy()))

assert np.shares_memory(arr, counts.numpy())
assert counts.tolist() == [1.0, 1.0, 9.0] and arr.tolist() == [1.0, 1.0, 9.0]
assert arr.dtype == np.float32
# ANCHOR_END: numpy_side

# ANCHOR: copy
source = np.array([1.0, 2.0, 3.0])
copied = torch.tensor(source)          # always copies
shared = torch.as_tensor(source)       # shares when it can (same dtype, CPU)
source[1] = 50.0
print("torch.tensor:   ", copied,
      "| shares:", np.shares_memory(source, copied.numpy()))
print("torch.as_tensor:", shared,
      "| shares:", np.shares_memory(source, shared.numpy()))

assert copied.tolist() == [1.0, 2.0, 3.0]
assert shared.tolist() == [1.0, 50.0, 3.0]
assert not np.shares_memory(source, copied.numpy())
assert np.shares_memory(source, shared.numpy())

mine = torch.from_numpy(source).clone()   # from_numpy, then an explicit copy
source[1] = 2.0
print("from_numpy + clone:", mine,
      "| shares:", np.shares_memory(source, mine.numpy()))
assert mine[1].item() == 50.0 and not np.shares_memory(source, mine.numpy())
# ANCHOR_END: copy
