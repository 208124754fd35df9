#| device: cuda
import statistics
import time

import torch
from torch import nn

WIDTHS = [64, 128, 256, 512, 768, 1024]     # the CPU figure's widths
BATCH = 128
device = "cuda"


def mlp(width):
    return nn.Sequential(nn.Linear(width, width), nn.ReLU(),
                         nn.Linear(width, width), nn.ReLU(),
                         nn.Linear(width, width))


def forward_backward_seconds(width, repeats=25):
    """Median seconds of the forward and of the backward pass on the GPU.

    The GPU works asynchronously, so each clock reading waits for it with
    torch.cuda.synchronize(); otherwise we would time only the queueing.
    """
    model, x = mlp(width).to(device), torch.randn(BATCH, width, device=device)
    forward, backward = [], []
    for step in range(repeats + 3):   # the first three runs are warm-up
        model.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        start = time.perf_counter()
        loss = model(x).sum()
        torch.cuda.synchronize()
        middle = time.perf_counter()
        loss.backward()
        torch.cuda.synchronize()
        end = time.perf_counter()
        if step >= 3:
            forward.append(middle - start)
            backward.append(end - middle)
    return statistics.median(forward), statistics.median(backward)


forward, backward = [], []
for width in WIDTHS:
    f, b = forward_backward_seconds(width)
    forward.append(f)
    backward.append(b)

print(torch.cuda.get_device_name(), "| batch", BATCH)
print(f"{'width':>6} {'forward us':>11} {'backward us':>12} {'ratio':>6}")
for width, f, b in zip(WIDTHS, forward, backward):
    print(f"{width:>6} {f * 1e6:>11.1f} {b * 1e6:>12.1f} {b / f:>6.2f}")

DATA = {
    "widths": WIDTHS,
    "batch": BATCH,
    "forward": forward,
    "backward": backward,
    "gpu": torch.cuda.get_device_name(),
}
