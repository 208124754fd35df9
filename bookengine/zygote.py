"""The warm parent: imports torch and matplotlib once, then forks a child per snippet.

Run as ``python -m bookengine.zygote``. It speaks JSON lines: it reads a batch of
tasks on stdin, runs up to ``jobs`` children at once, and answers one line per
task as each finishes. It stays single-threaded so that forking is safe: the only
torch operations it runs are a seed and a tiny tensor printed (serial at any thread
setting), so no thread pool exists before a fork.

What a child first touches it copies from this process (copy-on-write), so the warm
parent does the first-call work every snippet repeats (seeding, printing a tensor)
once, and freezes its objects out of the garbage collector: a child's full collection
then walks only what the child made, not the whole of torch and matplotlib.
"""

import gc
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time

POLL_SECONDS = 0.001  # how soon a finished child is noticed
KILL_GRACE_SECONDS = 3.0  # after the child's own faulthandler timeout has had its chance


def warm_up():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy  # noqa: F401
    import torch
    import torch._dynamo  # noqa: F401  (the first optimizer a process makes imports it: seconds per child)

    from .figures import apply_style, svg_bytes
    from .teaching import preload

    preload()

    apply_style()
    fig, ax = plt.subplots()  # load fonts and the SVG backend once, shared by every child
    ax.set_title("warm-up 0123456789")
    svg_bytes(fig)
    plt.close(fig)

    torch.manual_seed(0)
    repr(torch.arange(6.0).reshape(2, 3) / 3)  # the tensor printer's first call; 6 elements: serial

    gc.freeze()


def main():
    protocol = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    os.dup2(2, 1)  # anything printed by accident goes to stderr, not into the protocol
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in `mkdocs serve`: the client closes us
    warm_up()
    protocol.write(json.dumps({"op": "ready", "pid": os.getpid()}) + "\n")
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") == "run":
            run_batch(request["tasks"], request.get("jobs") or os.cpu_count() or 1, protocol)
        elif request.get("op") == "quit":
            break


def run_batch(tasks, jobs, protocol):
    from .child import run_child

    scratch = tempfile.mkdtemp(prefix="bookengine-")
    pending = list(tasks)
    running = {}  # pid -> (task, started, result_path, trace_path)
    try:
        while pending or running:
            while pending and len(running) < jobs:
                task = pending.pop(0)
                result_path = os.path.join(scratch, f"{task['id']}.json")
                trace_path = os.path.join(scratch, f"{task['id']}.trace")
                task["workdir"] = tempfile.mkdtemp(dir=scratch)
                pid = os.fork()
                if pid == 0:
                    run_child(task, result_path, trace_path)
                running[pid] = (task, time.perf_counter(), result_path, trace_path)
            pid, status, usage = os.wait4(-1, os.WNOHANG)
            if pid == 0:
                _kill_overdue(running)
                time.sleep(POLL_SECONDS)
                continue
            if pid not in running:
                continue
            task, started, result_path, trace_path = running.pop(pid)
            _kill_group(pid)  # anything the snippet spawned dies with it
            outcome = collect(task, status, usage, time.perf_counter() - started, result_path, trace_path)
            protocol.write(json.dumps({"op": "result", "id": task["id"], "result": outcome}) + "\n")
    finally:
        for pid in running:
            _kill_group(pid)
        shutil.rmtree(scratch, ignore_errors=True)
    protocol.write(json.dumps({"op": "done"}) + "\n")


def _kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _kill_overdue(running):
    now = time.perf_counter()
    for pid, (task, started, _, _) in running.items():
        if now - started > task["timeout"] + KILL_GRACE_SECONDS:
            task["hard_killed"] = True
            _kill_group(pid)


def collect(task, status, usage, seconds, result_path, trace_path):
    """Turn a finished child into a result dict, whatever way it ended."""
    peak_mb = usage.ru_maxrss / 1024
    trace = _read(trace_path)
    base = {"seconds": seconds, "peak_mb": peak_mb}
    if os.path.exists(result_path):
        try:
            with open(result_path, encoding="utf-8") as handle:
                result = json.load(handle)
            result.update(base, status="error" if result["error"] else "ok")
            return result
        except (OSError, ValueError):
            pass
    line = _snippet_line(trace, task["path"])
    if "Timeout (" in trace or task.get("hard_killed"):
        detail = f"timed out after {task['timeout']:g} s and was killed"
        status_name = "timeout"
    elif os.WIFSIGNALED(status):
        name = signal.Signals(os.WTERMSIG(status)).name
        detail = f"crashed: killed by {name}"
        status_name = "crash"
    else:
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
        detail = f"exited with status {code} before finishing (os._exit or a crash in native code)"
        status_name = "crash"
    return dict(base, status=status_name, detail=detail, line=line, chunks=[], error=None,
                dropped=0, stderr=_readable_trace(trace)[-4000:])


def _read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return ""


def _readable_trace(trace):
    """A faulthandler dump without the engine's own frames and the module list."""
    engine_dir = os.path.dirname(os.path.abspath(__file__))
    kept = []
    for line in trace.splitlines():
        if line.startswith("Extension modules:") or "<frozen " in line or engine_dir in line:
            continue
        kept.append(line)
    return "\n".join(kept)


def _snippet_line(trace, path):
    """The innermost line of the snippet in a faulthandler dump (most recent call first)."""
    match = re.search(r'File "' + re.escape(path) + r'", line (\d+)', trace)
    return int(match.group(1)) if match else None


if __name__ == "__main__":
    main()
