#!/usr/bin/env python3
"""Time booktorch beside real torch in CPython, on the programs a reader of the book runs.

    .venv/bin/python bench/bench_booktorch.py [--rounds 5] [program ...]

Each program is a cell's source with ``torch`` bound to the module under test; its setup runs
once, untimed, and its ``run`` part is timed ``--rounds`` times under booktorch and under torch,
from one run of this script.  Reported: the median and the fastest round of each, and the ratio
of the medians.  WebAssembly in a browser is roughly 1.5-3x slower than CPython for booktorch,
so a browser budget of T seconds means about T/2 here.

A machine shared with other work inflates every figure; ``calibration`` (a 10-million-step Python
loop, about 0.5 s on an idle recent CPU) is printed first to say how loaded this one was.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "browser" / "py"))

PROGRAMS = {
    # issue 10: 200 steps of full-batch SGD on 64 points, at most 1.5 s in the browser
    "sgd_200_steps": (
        """
torch.manual_seed(0)
nn = torch.nn
x = torch.randn(64, 2)
y = x[:, :1] * x[:, 1:]
""",
        """
model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loss_fn = nn.MSELoss()
for _ in range(200):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
""",
    ),
    # issue 10: one forward and backward of an MNIST-sized classifier on a batch of 32
    "mnist_mlp_step": (
        """
torch.manual_seed(0)
nn = torch.nn
model = nn.Sequential(nn.Linear(784, 64), nn.ReLU(), nn.Linear(64, 10))
x = torch.rand(32, 784)
y = torch.randint(0, 10, (32,))
loss_fn = nn.CrossEntropyLoss()
""",
        """
model.zero_grad()
loss = loss_fn(model(x), y)
loss.backward()
""",
    ),
}


def calibration():
    start = time.perf_counter()
    s = 0
    for i in range(10_000_000):
        s += i
    return time.perf_counter() - start


def time_program(module, setup, body, rounds):
    namespace = {"torch": module, "__name__": "__bench__"}
    exec(compile(setup, "<setup>", "exec"), namespace)
    code = compile(body, "<run>", "exec")
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        exec(code, namespace)
        times.append(time.perf_counter() - start)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("programs", nargs="*", default=list(PROGRAMS))
    args = parser.parse_args()

    import booktorch
    import torch

    torch.set_num_threads(1)
    print(f"calibration (10M-step loop): {calibration():.2f} s")
    print(f"{'program':<18} {'booktorch median':>17} {'(fastest)':>10} {'torch median':>13} {'(fastest)':>10} {'ratio':>8}")
    for name in args.programs:
        setup, body = PROGRAMS[name]
        b = time_program(booktorch, setup, body, args.rounds)
        t = time_program(torch, setup, body, args.rounds)
        bm, tm = statistics.median(b), statistics.median(t)
        print(f"{name:<18} {bm:>15.3f} s {min(b):>8.3f} s {tm * 1000:>10.2f} ms {min(t) * 1000:>7.2f} ms {bm / tm:>7.0f}x")


if __name__ == "__main__":
    main()
