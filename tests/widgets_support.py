"""Helpers for tests that compare a widget's pure math module with torch."""

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def call_js(module, name, *args):
    """Call ``name(*args)`` exported by browser/src/widgets/<module>.js in node; return its JSON result."""
    proc = subprocess.run(
        ["node", "browser/test/call.mjs", f"browser/src/widgets/{module}.js", name, json.dumps(list(args))],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)
