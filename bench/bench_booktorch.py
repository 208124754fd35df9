#!/usr/bin/env python3
"""Time booktorch beside real torch in CPython, on the programs a reader of the book runs.

    .venv/bin/python bench/bench_booktorch.py [--rounds 5] [--baseline DIR] [--no-ops] [program ...]

Each program is a cell's source with ``torch`` bound to the module under test; its setup runs
once, untimed, and its ``run`` part is timed ``--rounds`` times under booktorch and under torch,
from one run of this script.  Reported: the median and the fastest round of each, and the ratio
of the medians; for a training loop, the time per step and what a 6000-step loop would take.
Then the overhead of single operations on small tensors (``OPS``), in microseconds per call.
WebAssembly in a browser is roughly 1.5-3x slower than CPython for booktorch, so a browser budget
of T seconds means about T/2 here.

``--baseline DIR`` also times the booktorch package found in DIR (an older copy, for example
``git archive HEAD~5 browser/py | tar -x -C /tmp/old``, then ``--baseline /tmp/old/browser/py``):
each side runs in a process of its own and their rounds alternate, so that a machine shared with
other work slows both alike; the table then gives before, after and their ratio.

Times are the CPU time of the process that runs the program (``time.process_time``; torch runs on
one thread), which a machine shared with other work disturbs less than the wall clock does; it
still inflates every figure. ``calibration`` (a 10-million-step Python loop, about 0.5 s on an idle
recent CPU, by the wall clock) is printed first to say how loaded this one was.
"""

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE_PY = ROOT / "browser" / "py"
LOOP_STEPS = 6000  # the tutorial loop a reader waited 14 minutes for (issue 25)
CLOCK = time.process_time

PROGRAMS = {
    # issue 10: a 64x64 float32 matmul, forward and backward
    "matmul_64": (
        """
torch.manual_seed(0)
a = torch.randn(64, 64, requires_grad=True)
b = torch.randn(64, 64, requires_grad=True)
""",
        """
a.grad = b.grad = None
(a @ b).sum().backward()
""",
    ),
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
    # issue 25: a tutorial's training loop (a small classifier, Adam, mini-batches of 16), 100 of its steps
    "tutorial_100_steps": (
        """
torch.manual_seed(0)
nn = torch.nn
points = torch.randn(256, 2)
labels = (points[:, 0] * points[:, 1] > 0).long() + (points[:, 0] > 1).long()
""",
        """
model = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 3))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
loss_fn = nn.CrossEntropyLoss()
for step in range(100):
    start = (step * 16) % 256
    xb, yb = points[start:start + 16], labels[start:start + 16]
    loss = loss_fn(model(xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
""",
    ),
    # issue 25: autograd by hand on small tensors (a line fitted to 20 points), 300 steps: per-op overhead
    "linreg_300_steps": (
        """
torch.manual_seed(0)
x = torch.linspace(-1, 1, 20)
y = 3 * x + 0.5 + 0.1 * torch.randn(20)
""",
        """
w = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(300):
    loss = ((w * x + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
        w.grad.zero_()
        b.grad.zero_()
""",
    ),
}
STEPS = {"sgd_200_steps": 200, "tutorial_100_steps": 100, "linreg_300_steps": 300}

# single operations on small tensors: the cost of a call (binding, dtype promotion, the elementwise
# loop, recording the node), in microseconds
OPS_SETUP = """
torch.manual_seed(0)
a = torch.randn(4)
b = torch.randn(4)
w = torch.randn(4, requires_grad=True)
m = torch.randn(4, 4)
"""
OPS = {
    "a + b": "a + b",
    "a * 2.0": "a * 2.0",
    "torch.add(a, b)": "torch.add(a, b)",
    "a.add(b)": "a.add(b)",
    "w * a (records)": "w * a",
    "a.exp()": "a.exp()",
    "w.exp() (records)": "w.exp()",
    "a.sum()": "a.sum()",
    "w.sum() (records)": "w.sum()",
    "m @ m": "m @ m",
    "a[1]": "a[1]",
    "a.view(2, 2)": "a.view(2, 2)",
    "torch.tensor([1.0, 2.0])": "torch.tensor([1.0, 2.0])",
    "torch.relu(a)": "torch.relu(a)",
    "(w * w).sum().backward()": "(w * w).sum().backward()",
}
OPS_CALLS = 2000  # calls per round


def calibration():
    start = time.perf_counter()
    s = 0
    for i in range(10_000_000):
        s += i
    return time.perf_counter() - start


def time_program(module, setup, body, rounds, clock=time.perf_counter):
    namespace = {"torch": module, "__name__": "__bench__"}
    exec(compile(setup, "<setup>", "exec"), namespace)
    code = compile(body, "<run>", "exec")
    times = []
    for _ in range(rounds):
        start = clock()
        exec(code, namespace)
        times.append(clock() - start)
    return times


def time_op(module, statement, rounds):
    """Seconds per call of ``statement``, one figure per round."""
    namespace = {"torch": module, "__name__": "__bench__"}
    exec(compile(OPS_SETUP, "<setup>", "exec"), namespace)
    loop = compile(f"for _ in range({OPS_CALLS}):\n    {statement}\n", "<op>", "exec")
    exec(loop, namespace)  # warm: torch's parser is made on a name's first call
    times = []
    for _ in range(rounds):
        start = CLOCK()
        exec(loop, namespace)
        times.append((CLOCK() - start) / OPS_CALLS)
    return times


# ------------------------------------------------------------------ a booktorch in a process of its own
def worker(path):
    """Answer requests on stdin (one JSON line each) with booktorch imported from ``path``."""
    sys.path.insert(0, path)
    import booktorch

    namespaces = {}
    for line in sys.stdin:
        request = json.loads(line)
        if request["kind"] == "program":
            setup, body = PROGRAMS[request["name"]]
            if request["name"] not in namespaces:
                namespace = {"torch": booktorch, "__name__": "__bench__"}
                exec(compile(setup, "<setup>", "exec"), namespace)
                namespaces[request["name"]] = (namespace, compile(body, "<run>", "exec"))
            namespace, code = namespaces[request["name"]]
            start = CLOCK()
            exec(code, namespace)
            times = [CLOCK() - start]
        else:
            times = time_op(booktorch, OPS[request["name"]], 1)
        print(json.dumps(times[0]), flush=True)


class Side:
    """A worker process timing the booktorch of one directory."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def time(self, kind, name):
        self.process.stdin.write(json.dumps({"kind": kind, "name": name}) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def alternate(sides, kind, name, rounds):
    """Each side's times, their rounds alternating (a, b, a, b...)."""
    times = [[] for _ in sides]
    for _ in range(rounds):
        for side, out in zip(sides, times):
            out.append(side.time(kind, name))
    return times


def _ms(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.1f} s"


def report_programs(names, rounds, sides, torch):
    if len(sides) == 2:
        print(f"{'program':<20} {'before median':>14} {'after median':>13} {'after/before':>13} {'torch':>10}"
              f" {'after/torch':>12}")
    else:
        print(f"{'program':<20} {'booktorch median':>17} {'(fastest)':>10} {'torch median':>13} {'(fastest)':>10}"
              f" {'ratio':>8}")
    loops = []
    for name in names:
        setup, body = PROGRAMS[name]
        measured = alternate(sides, "program", name, rounds)
        t = time_program(torch, setup, body, rounds, CLOCK)
        tm = statistics.median(t)
        medians = [statistics.median(m) for m in measured]
        if len(sides) == 2:
            before, after = medians
            print(f"{name:<20} {before:>12.3f} s {after:>11.3f} s {after / before:>12.2f}x {tm * 1000:>7.2f} ms"
                  f" {after / tm:>11.0f}x")
        else:
            b = measured[0]
            print(f"{name:<20} {medians[0]:>15.3f} s {min(b):>8.3f} s {tm * 1000:>10.2f} ms {min(t) * 1000:>7.2f} ms"
                  f" {medians[0] / tm:>7.0f}x")
        if name in STEPS:
            loops.append((name, [m / STEPS[name] for m in medians]))
    if loops:
        print(f"\nper training step, and a {LOOP_STEPS}-step loop at that rate (CPython; the browser is slower):")
        for name, per_step in loops:
            text = "  ->  ".join(f"{p * 1e3:.2f} ms/step, {_ms(p * LOOP_STEPS)}" for p in per_step)
            print(f"  {name:<20} {text}")


def report_ops(rounds, sides, torch):
    print(f"\nper call on small tensors (median of {rounds} rounds of {OPS_CALLS} calls):")
    header = "before us  after us  after/before" if len(sides) == 2 else "booktorch us"
    print(f"  {'operation':<28} {header}   torch us")
    for name, statement in OPS.items():
        medians = [statistics.median(m) * 1e6 for m in alternate(sides, "op", name, rounds)]
        torch_us = statistics.median(time_op(torch, statement, rounds)) * 1e6
        if len(sides) == 2:
            before, after = medians
            print(f"  {name:<28} {before:>9.1f} {after:>9.1f} {after / before:>12.2f}x {torch_us:>9.1f}")
        else:
            print(f"  {name:<28} {medians[0]:>12.1f} {torch_us:>10.1f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", metavar="DIR", help="a directory holding another booktorch package, timed beside")
    parser.add_argument("--no-ops", action="store_true", help="leave out the per-call table")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("programs", nargs="*", default=list(PROGRAMS))
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker)

    import torch

    torch.set_num_threads(1)
    print(f"calibration (10M-step loop): {calibration():.2f} s")
    sides = [Side(args.baseline)] if args.baseline else []
    sides.append(Side(HERE_PY))
    try:
        report_programs(args.programs, args.rounds, sides, torch)
        if not args.no_ops:
            report_ops(args.rounds, sides, torch)
    finally:
        for side in sides:
            side.close()


if __name__ == "__main__":
    main()
