#| measures: time
#| uses: ch07/matmul_gpu.py
import statistics
import time

import matplotlib.pyplot as plt
import torch
from measured import gpu_data

# ANCHOR: measure
SIZES = [32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024]


def median_seconds(fn, *args, repeats):
    """The median of `repeats` timed runs of fn(*args), after one warm-up."""
    fn(*args)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


cpu_seconds = []
for n in SIZES:
    a, b = torch.randn(n, n), torch.randn(n, n)
    repeats = 7 if n >= 512 else 25
    cpu_seconds.append(median_seconds(torch.matmul, a, b, repeats=repeats))

flops = [2 * n**3 for n in SIZES]
# achieved GFLOP/s
cpu_rate = [f / s / 1e9 for f, s in zip(flops, cpu_seconds)]
print("sizes n:", SIZES)
print(f"FLOPs from n = 32 to n = 1024: {flops[0]:,} -> {flops[-1]:,} "
      f"({flops[-1] // flops[0]:,}x)")

assert flops[0] == 65_536 and flops[-1] == 2_147_483_648
assert flops[-1] // flops[0] == 32_768
# more work, more time
assert cpu_seconds[SIZES.index(1024)] > cpu_seconds[SIZES.index(64)]
assert max(cpu_rate) > 1.5 * min(cpu_rate)   # the rate is far from constant
# ANCHOR_END: measure

# ANCHOR: figure
gpu = gpu_data("ch07/matmul_gpu.py")
if gpu is None:
    print("GPU series: not measured yet, so the figure shows the CPU alone.")
else:
    print(f"GPU series: measured on {gpu['gpu']} "
          f"at {len(gpu['sizes'])} sizes.")

fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
threads = torch.get_num_threads()
left.loglog(SIZES, [s * 1e3 for s in cpu_seconds], color="C0", marker="o",
            label=f"CPU ({threads} thread{'s' if threads > 1 else ''})")
# a line that grows exactly like the FLOP count (n cubed), pinned to the
# largest CPU point
scale = cpu_seconds[-1] * 1e3 / SIZES[-1] ** 3
left.loglog(SIZES, [scale * n**3 for n in SIZES], color="C2", linestyle=":",
            label="grows like n³ (the FLOP count)")
right.semilogx(SIZES, cpu_rate, color="C0", marker="o", label="CPU")
if gpu is not None:
    gpu_rate = [2 * n**3 / s / 1e9
                for n, s in zip(gpu["sizes"], gpu["seconds"])]
    left.loglog(gpu["sizes"], [s * 1e3 for s in gpu["seconds"]],
                color="C1", marker="s", linestyle="--",
                label=f"GPU ({gpu['gpu']})")
    right.semilogx(gpu["sizes"], gpu_rate, color="C1", marker="s",
                   linestyle="--", label="GPU")
    right.set_yscale("log")
left.set_xlabel("n (multiplying two n x n matrices)")
left.set_ylabel("time per product (ms, median)")
left.set_title("Time")
left.legend(fontsize=9)
right.set_xlabel("n")
right.set_ylabel("achieved GFLOP/s  (2n³ / time)")
right.set_title("Work done per second")
right.set_ylim(bottom=0 if gpu is None else None)
right.legend(fontsize=9)
for ax in (left, right):
    ax.set_xticks([32, 64, 128, 256, 512, 1024],
                  labels=["32", "64", "128", "256", "512", "1024"])
    ax.set_xticks([], minor=True)
fig.tight_layout()
# ANCHOR_END: figure
