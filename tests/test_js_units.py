"""The browser side's unit tests (node's test runner), run as part of `make test`."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_node_unit_tests_pass():
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "browser" / "test").glob("*.test.mjs"))
    assert tests, "no browser/test/*.test.mjs found"
    proc = subprocess.run(["node", "--test", *tests], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
