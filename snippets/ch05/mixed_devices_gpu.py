#| device: cuda
import torch

assert torch.cuda.is_available(), (
    "this example is measured on a machine with a CUDA GPU"
)
device = "cuda"

weights = torch.ones(3, 2, device=device)   # made on the GPU
batch = torch.ones(4, 3)                    # on the CPU: no .to(device)
print("weights on", weights.device, "| batch on", batch.device)

try:
    batch @ weights
except Exception as err:   # whatever PyTorch raises, to print it
    mixed = err
    print(type(err).__name__ + ":", err)
else:
    raise AssertionError(
        "a CPU tensor times a CUDA tensor was expected to fail")

out = batch.to(device) @ weights   # the fix: move the operand first
print("after moving the batch:", out.device, tuple(out.shape))
assert out.device.type == "cuda" and out.shape == (4, 2)
assert out.cpu().tolist() == [[3.0, 3.0]] * 4

DATA = {
    "message": str(mixed),
    "type": type(mixed).__name__,
    "operand_devices": [str(batch.device), str(weights.device)],
    "fixed_output_device": str(out.device),
}
