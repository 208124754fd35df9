#| measures: time
#| uses: ch07/backward_gpu.py
import statistics
import time

import matplotlib.pyplot as plt
import torch
from measured import gpu_data
from torch import nn

# ANCHOR: measure
WIDTHS = [64, 128, 256, 512, 768, 1024]
BATCH = 128


def mlp(width):
    return nn.Sequential(nn.Linear(width, width), nn.ReLU(),
                         nn.Linear(width, width), nn.ReLU(),
                         nn.Linear(width, width))


def forward_backward_seconds(width, repeats):
    """Median seconds of the forward pass and of the backward pass."""
    model, x = mlp(width), torch.randn(BATCH, width)
    forward, backward = [], []
    for step in range(repeats + 2):          # the first two runs are warm-up
        model.zero_grad(set_to_none=True)
        start = time.perf_counter()
        loss = model(x).sum()                # forward: records a fresh graph
        middle = time.perf_counter()
        loss.backward()                      # backward: walks it once
        end = time.perf_counter()
        if step >= 2:
            forward.append(middle - start)
            backward.append(end - middle)
    return statistics.median(forward), statistics.median(backward)


cpu_forward, cpu_backward = [], []
for width in WIDTHS:
    f, b = forward_backward_seconds(width, repeats=7 if width >= 512 else 15)
    cpu_forward.append(f)
    cpu_backward.append(b)

print("batch:", BATCH, " widths:", WIDTHS)
print("matmul FLOPs per pass, forward : backward = 3 : 5 at every width")
# wider costs more
assert cpu_forward[-1] > cpu_forward[0] and cpu_backward[-1] > cpu_backward[0]
overall = sum(cpu_backward) / sum(cpu_forward)
# a backward pass costs a small constant number of forward passes
assert 0.5 < overall < 8
# ANCHOR_END: measure

# ANCHOR: figure
gpu = gpu_data("ch07/backward_gpu.py")
if gpu is None:
    print("GPU series: not measured yet, so the figure shows the CPU alone.")
else:
    print(f"GPU series: measured on {gpu['gpu']} "
          f"at {len(gpu['widths'])} widths.")

fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))


def ms(seconds):
    return [s * 1e3 for s in seconds]


left.loglog(WIDTHS, ms(cpu_forward), color="C0", marker="o",
            label="CPU forward")
left.loglog(WIDTHS, ms(cpu_backward), color="C1", marker="o",
            label="CPU backward")
right.semilogx(WIDTHS, [b / f for f, b in zip(cpu_forward, cpu_backward)],
               color="C0", marker="o", label="CPU")
if gpu is not None:
    left.loglog(gpu["widths"], ms(gpu["forward"]), color="C0", marker="s",
                linestyle="--", label="GPU forward")
    left.loglog(gpu["widths"], ms(gpu["backward"]), color="C1", marker="s",
                linestyle="--", label="GPU backward")
    gpu_ratio = [b / f for f, b in zip(gpu["forward"], gpu["backward"])]
    right.semilogx(gpu["widths"], gpu_ratio, color="C1", marker="s",
                   linestyle="--", label=f"GPU ({gpu['gpu']})")
right.axhline(5 / 3, color="C2", linestyle=":", label="FLOP ratio 5/3")
right.set_ylim(0, 4)
left.set_xlabel("layer width (batch of 128, three layers)")
left.set_ylabel("time (ms, median)")
left.set_title("Forward and backward pass")
right.set_xlabel("layer width")
right.set_ylabel("backward time / forward time")
right.set_title("How many forwards a backward costs")
for ax in (left, right):
    ax.set_xticks(WIDTHS, labels=[str(w) for w in WIDTHS])
    ax.set_xticks([], minor=True)
    ax.legend(fontsize=9)
fig.tight_layout()
# ANCHOR_END: figure
