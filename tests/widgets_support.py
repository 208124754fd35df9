"""Helpers for tests that compare a widget's pure math module with torch."""

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def call_js(module, name, *args):
    """Call ``name(*args)`` exported by browser/src/widgets/<module>.js in node; return its JSON result."""
    return _call(f"browser/src/widgets/{module}.js", name, args)


def call_batch(name, *args):
    """Call ``name(*args)`` of browser/test/widget-batches.mjs (many cases of a widget's
    math in one node process); return its JSON result."""
    return _call("browser/test/widget-batches.mjs", name, args)


def _call(path, name, args):
    proc = subprocess.run(
        ["node", "browser/test/call.mjs", path, name, json.dumps(list(args))],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)
