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

# The exception: a 0-d CPU tensor is used like a plain Python number.
scaled = weights * torch.tensor(2.0)        # 0-d, on the CPU
print("times a 0-d CPU tensor:", scaled.device)
assert scaled.device.type == "cuda" and scaled.cpu().eq(2.0).all()
try:
    weights * torch.tensor([2.0])           # one element, but one axis
except Exception as err:
    one_axis = err
    print("times a [1] CPU tensor:", type(err).__name__ + ":", err)
else:
    raise AssertionError("a 1-d CPU tensor was expected to be refused")

DATA = {
    "message": str(mixed),
    "type": type(mixed).__name__,
    "operand_devices": [str(batch.device), str(weights.device)],
    "fixed_output_device": str(out.device),
    "zero_d_cpu_result_device": str(scaled.device),
    "one_axis_cpu_message": str(one_axis),
}
