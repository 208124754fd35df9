import matplotlib.pyplot as plt
import numpy as np
import torch

# ANCHOR: detach
torch.manual_seed(0)
w = torch.tensor(1.5, requires_grad=True)   # a "trained" slope and intercept
b = torch.tensor(-0.5, requires_grad=True)
xs = torch.linspace(-2, 2, 9)
pred = w * xs + b                           # on the tape: requires grad
targets = 1.5 * xs - 0.5 + 0.3 * torch.randn(9)

# off the tape, into CPU memory, into NumPy
ys = pred.detach().cpu().numpy()
print("pred:", pred.requires_grad, pred.device,
      "| ys:", type(ys).__name__, ys.dtype, ys.shape)
print("shares memory with pred:", ys.ctypes.data == pred.data_ptr())

assert pred.requires_grad and not pred.detach().requires_grad
assert isinstance(ys, np.ndarray)
assert ys.dtype == np.float32 and ys.shape == (9,)
# detach and cpu (on a CPU tensor) copy nothing
assert ys.ctypes.data == pred.data_ptr()

fig, ax = plt.subplots(figsize=(5, 3.2))
ax.scatter(xs.numpy(), targets.numpy(), color="C1", label="targets", zorder=3)
ax.plot(xs.numpy(), ys, color="C0", label="model: 1.5x - 0.5")
ax.set_xlabel("x")
ax.set_ylabel("y")
ax.legend()
fig.tight_layout()
# ANCHOR_END: detach
