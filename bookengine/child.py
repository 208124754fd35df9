"""What runs inside a forked child: one snippet, chunk by chunk, captured.

The child starts as a copy of the warm parent (torch and matplotlib imported),
resets seeds, runs each chunk in one fresh globals dict, captures stdout and
figures per chunk, and writes its result as JSON to ``result_path``.
"""

import faulthandler
import json
import os
import random
import resource
import sys
import traceback

from .capture import BoundedWriter
from .figures import capture_open_figures
from .teaching import ensure_current

SEED = 0


def run_child(task, result_path, trace_path):
    """Never returns: the child always leaves through os._exit."""
    code = 0
    try:
        _isolate(task, trace_path)
        result = execute(task)
        tmp = result_path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(result, handle)
        os.rename(tmp, result_path)
    except BaseException:  # noqa: BLE001 - the child must report, never escape into the parent's loop
        traceback.print_exc()
        code = 70
    finally:
        os._exit(code)


def _isolate(task, trace_path):
    os.setpgid(0, 0)  # its own process group: a kill reaches anything it spawned
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)  # stray C-level prints must not reach the parent's protocol pipe
    trace = os.open(trace_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(trace, 2)
    faulthandler.enable(file=trace, all_threads=False)
    faulthandler.dump_traceback_later(task["timeout"], exit=True, file=trace)
    limit = _address_space_now() + task["memory_mb"] * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.dont_write_bytecode = True  # --check writes nothing in the tree, not even __pycache__
    os.chdir(task["workdir"])
    sys.path[:0] = task["sys_path"]
    sys.argv = [task["path"]]


def _address_space_now():
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _reset_seeds():
    import numpy
    import torch

    random.seed(SEED)
    numpy.random.seed(SEED)
    torch.manual_seed(SEED)
    torch.set_num_threads(1)  # deterministic sums; parallel snippets share the cores


def execute(task):
    """Run the task's chunks in order.

    A snippet stops at its first exception. A cell program ("mode": "cells") goes on,
    as a reader's page does: each chunk records its own error.
    """
    _reset_seeds()
    ensure_current(task.get("booktorch_digest"))
    if task.get("torch") == "booktorch":  # a browser cell program: the teaching module stands in
        import booktorch

        booktorch.install_as_torch()  # torch.nn, torch.autograd...; what the browser lacks is refused
    path = task["path"]
    cells = task.get("mode") == "cells"
    if cells:
        import bookcell as cell_runner  # on sys.path since the warm parent's preload()
    stdout = BoundedWriter()
    stderr = BoundedWriter(limit=8000)
    sys.stdout, sys.stderr = stdout, stderr
    namespaces = {}  # a chunk's optional 4th item names its namespace (an exercise's variants)
    chunks, error = [], None
    for start_line, code, *rest in task["chunks"]:
        filename = rest[0] if rest else path
        namespace = namespaces.setdefault(
            rest[1] if len(rest) > 1 else None,
            {"__name__": "__main__", "__file__": path, "__builtins__": __builtins__},
        )
        begin = stdout.position()
        chunk_error = None
        try:
            if cells:  # as the reader's browser runs a cell: a last bare expression shows its value
                cell_runner.execute(code, filename, namespace)
            else:
                compiled = compile("\n" * (start_line - 1) + code, filename, "exec")
                exec(compiled, namespace)  # noqa: S102 - running the book's own snippets is the point
        except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt count as failures too
            chunk_error = _describe(exc, filename)
        sys.stdout.flush()
        chunk = {"out": stdout.getvalue()[begin:], "figures": capture_open_figures(tight=not task.get("fixed_figures"))}
        if cells:
            chunk["error"] = chunk_error
        elif chunk_error:
            error = chunk_error
        chunks.append(chunk)
        if error:
            break
    result = {"chunks": chunks, "error": error}
    if task.get("collect") and not error:
        result.update(_collected(namespace))
    return {
        **result,
        "dropped": stdout.dropped,
        "stderr": stderr.getvalue(),
    }


def _collected(namespace):
    """A measuring run's DATA and the machine it ran on (CUDA is touched only here, in the child)."""
    import json

    import torch

    data = namespace.get("DATA")
    try:
        json.dumps(data)
    except (TypeError, ValueError) as exc:
        data = None
        error = {"type": "TypeError", "message": f"DATA must be JSON-serialisable: {exc}", "line": None, "traceback": ""}
        return {"error": error}
    cuda = torch.cuda.is_available()
    return {
        "data": data,
        "environment": {
            "torch": torch.__version__,
            "cuda": torch.version.cuda,
            "gpu": torch.cuda.get_device_name() if cuda else None,
        },
    }


def _describe(exc, path):
    frames = traceback.extract_tb(exc.__traceback__)
    line = next((f.lineno for f in reversed(frames) if f.filename == path), None)
    kept = [f for f in frames if f.filename != __file__]
    text = "".join(traceback.format_list(kept)) + "".join(traceback.format_exception_only(exc))
    kind = type(exc)
    # Named as Python's own traceback names it: RuntimeError, torch._C._LinAlgError
    qualified = kind.__qualname__ if kind.__module__ in ("builtins", "__main__") else f"{kind.__module__}.{kind.__qualname__}"
    return {
        "type": qualified,
        "message": str(exc),
        "line": line,
        "traceback": "Traceback (most recent call last):\n" + text,
    }
