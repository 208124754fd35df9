#| device: cuda
import statistics
import time

import torch

# the CPU figure's sizes
SIZES = [32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024]
device = "cuda"


def median_seconds(fn, *args, repeats=15, calls=20):
    """Seconds per call of fn(*args) on the GPU: warm up, then time batches.

    A GPU runs work asynchronously: fn(*args) returns as soon as the work is
    queued. So the clock is read only after torch.cuda.synchronize() has
    waited for the GPU to finish.
    """
    for _ in range(3):
        fn(*args)
    torch.cuda.synchronize()
    per_call = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            fn(*args)
        torch.cuda.synchronize()
        per_call.append((time.perf_counter() - start) / calls)
    return statistics.median(per_call)


seconds = []
for n in SIZES:
    a = torch.randn(n, n, device=device)
    b = torch.randn(n, n, device=device)
    seconds.append(median_seconds(torch.matmul, a, b))

print(torch.cuda.get_device_name(),
      "| float32 matmul precision:", torch.get_float32_matmul_precision())
print(f"{'n':>6} {'microseconds':>13} {'GFLOP/s':>10}")
for n, s in zip(SIZES, seconds):
    print(f"{n:>6} {s * 1e6:>13.1f} {2 * n**3 / s / 1e9:>10.0f}")

DATA = {
    "sizes": SIZES,
    "seconds": seconds,
    "gpu": torch.cuda.get_device_name(),
    "float32_matmul_precision": torch.get_float32_matmul_precision(),
}
