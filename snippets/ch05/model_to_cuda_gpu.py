#| device: cuda
import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
assert device == "cuda", (
    "this example is measured on a machine with a CUDA GPU"
)

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2))
batch = torch.randn(4, 3)
print("before: parameters on", {str(p.device) for p in model.parameters()},
      "| batch on", batch.device)

# a module moves in place and returns itself
moved_model = model.to(device)
# a tensor: .to returns a NEW tensor on the GPU
moved_batch = batch.to(device)
print("after:  parameters on", {str(p.device) for p in model.parameters()},
      "| moved batch on", moved_batch.device)
print("model.to(device) is model:", moved_model is model)
print("the original batch is still on", batch.device)

out = model(moved_batch)
print("output on", out.device, "with shape", tuple(out.shape))

result = out.detach().cpu().numpy()   # back to the CPU for NumPy or plotting
print("back on the CPU:", type(result).__name__, result.dtype, result.shape)

assert moved_model is model
assert all(p.device.type == "cuda" for p in model.parameters())
assert moved_batch is not batch and batch.device.type == "cpu"
assert moved_batch.device.type == "cuda"
assert out.device.type == "cuda" and out.shape == (4, 2)
assert result.shape == (4, 2)

DATA = {
    "parameter_devices": sorted({str(p.device) for p in model.parameters()}),
    "batch_device_after_to": str(moved_batch.device),
    "original_batch_device": str(batch.device),
    "output_device": str(out.device),
    "module_to_returns_itself": moved_model is model,
    "gpu": torch.cuda.get_device_name(),
}
