"""The client side of the warm parent: start it once, send batches, read results.

One ``WarmParent`` lives for the whole Python process, so ``mkdocs serve``
rebuilds reuse it and never re-import torch. It is started only when a snippet
actually has to run: a build served entirely from the cache starts nothing.
"""

import atexit
import json
import os
import subprocess
import sys
import threading

from .cpu_kernels import use_avx2_kernels


def task(path, chunks, *, timeout, memory_mb, sys_path, impl=None, booktorch_digest=None, fixed_figures=False):
    """One thing for the warm parent to run (child.py reads it): a snippet file's chunks, or,
    with ``impl`` (torch or booktorch), a page's cells or an exercise through the cell runner.
    ``chunks``: [start line, code] or [start line, code, file name (, namespace)]. ``fixed_figures``:
    figures keep the size the code gave them (see figures.svg_bytes)."""
    message = {"path": str(path), "chunks": chunks, "timeout": timeout, "memory_mb": memory_mb,
               "sys_path": [str(folder) for folder in sys_path]}
    if fixed_figures:
        message["fixed_figures"] = True
    if impl is not None:
        message.update(mode="cells", torch=impl, booktorch_digest=booktorch_digest)
    return message


class WarmParentError(RuntimeError):
    pass


class WarmParent:
    def __init__(self):
        self.process = None
        self.lock = threading.Lock()
        self.starts = 0
        self.ready = False

    def start(self):
        """Start the warm parent without waiting for it (serve pre-warms while the site builds)."""
        if self.process and self.process.poll() is None:
            return
        # no __pycache__ written next to the snippets' helper modules: --check writes nothing
        env = dict(os.environ, PYTHONUNBUFFERED="1", MPLBACKEND="Agg", PYTHONDONTWRITEBYTECODE="1")
        env.setdefault("OMP_NUM_THREADS", "1")
        use_avx2_kernels(env)  # the kernels booktorch follows, on any machine
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bookengine.zygote"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            env=env,
            start_new_session=True,  # Ctrl+C in a terminal reaches us, not it; we close it
        )
        self.starts += 1
        self.ready = False

    def _ensure_ready(self):
        self.start()
        if not self.ready:
            hello = self._read()
            if hello.get("op") != "ready":
                raise WarmParentError(f"the warm parent did not start: {hello}")
            self.ready = True

    def _read(self):
        line = self.process.stdout.readline()
        if not line:
            code = self.process.wait()
            raise WarmParentError(f"the warm parent exited unexpectedly (status {code}); see the log above")
        return json.loads(line)

    def run(self, tasks, jobs):
        """Yield (task_id, result) as each task finishes."""
        if not tasks:
            return
        with self.lock:
            self._ensure_ready()
            self.process.stdin.write(json.dumps({"op": "run", "tasks": tasks, "jobs": jobs}) + "\n")
            self.process.stdin.flush()
            while True:
                message = self._read()
                if message["op"] == "done":
                    return
                yield message["id"], message["result"]

    def close(self):
        if self.process and self.process.poll() is None:
            try:
                self.process.stdin.write(json.dumps({"op": "quit"}) + "\n")
                self.process.stdin.flush()
                self.process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
        self.process = None


_shared = None


def warm_parent():
    """The process-wide warm parent (kept across `mkdocs serve` rebuilds)."""
    global _shared
    if _shared is None:
        _shared = WarmParent()
        atexit.register(_shared.close)
    return _shared
