#| device: cuda
import numpy as np
import torch

assert torch.cuda.is_available(), (
    "this example is measured on a machine with a CUDA GPU"
)
device = "cuda"

scores = torch.tensor([[0.5, 2.0], [1.5, -1.0]], device=device)
print("scores on", scores.device)

try:
    scores.numpy()         # NumPy can only read CPU memory
except Exception as err:   # whatever PyTorch raises, to print it
    refused = err
    print(type(err).__name__ + ":", err)
else:
    raise AssertionError(".numpy() on a CUDA tensor was expected to fail")

on_cpu = scores.cpu()      # a copy in CPU memory
arr = on_cpu.numpy()       # shares memory with on_cpu, not with scores
print("after .cpu():", on_cpu.device,
      "->", type(arr).__name__, arr.dtype, arr.shape)
print("on_cpu is scores:", on_cpu is scores,
      "| arr shares memory with on_cpu:",
      np.shares_memory(arr, on_cpu.numpy()))

assert on_cpu is not scores
assert scores.device.type == "cuda" and on_cpu.device.type == "cpu"
assert arr.tolist() == [[0.5, 2.0], [1.5, -1.0]]
assert np.shares_memory(arr, on_cpu.numpy())

DATA = {
    "message": str(refused),
    "type": type(refused).__name__,
    "cpu_copy_is_new_tensor": on_cpu is not scores,
}
