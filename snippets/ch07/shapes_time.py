#| measures: time
import statistics
import time

import matplotlib.pyplot as plt
import torch

# ANCHOR: measure
SHAPES = [(1, 4096, 4096), (16, 1024, 1024), (64, 512, 512),
          (256, 256, 256), (1024, 16, 1024)]


def median_seconds(fn, *args, repeats=9):
    fn(*args)                               # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


seconds, intensity = [], []
for R, K, Cn in SHAPES:
    a, b = torch.randn(R, K), torch.randn(K, Cn)
    seconds.append(median_seconds(torch.matmul, a, b))
    # FLOPs per byte
    intensity.append(2 * R * K * Cn / (4 * (R * K + K * Cn + R * Cn)))

print("every shape does", f"{2 * 1 * 4096 * 4096:,}", "FLOPs")
assert all(2 * R * K * Cn == 33_554_432 for R, K, Cn in SHAPES)
# the skinny product (0.5 FLOPs per byte) is slower than the square one
# (42.67 FLOPs per byte)
assert seconds[0] > 2 * seconds[SHAPES.index((256, 256, 256))]
# ANCHOR_END: measure

# ANCHOR: figure
labels = [f"({R} x {K}) @ ({K} x {Cn})\n{i:.2f} FLOPs/byte"
          for (R, K, Cn), i in zip(SHAPES, intensity)]
fig, ax = plt.subplots(figsize=(8, 3.8))
ax.barh(range(len(SHAPES)), [s * 1e3 for s in seconds], color="C0")
ax.set_yticks(range(len(SHAPES)), labels=labels, fontsize=9)
ax.invert_yaxis()
ax.set_xlabel("time per product on the CPU (ms, median)")
ax.set_title("The same 33,554,432 FLOPs in five shapes")
fig.tight_layout()
# ANCHOR_END: figure
