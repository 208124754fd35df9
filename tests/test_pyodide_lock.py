"""The site's pyodide-lock.json: Pyodide's own format, listing exactly what the site serves.

The browser checks the wheel against this lock's sha256 before installing it
(tests/browser/test_page_notebook.py serves a tampered wheel and sees it refused).
"""

import json
import subprocess

import pytest

from bookproject import REPO
from required import missing


@pytest.fixture
def built_site(built_book):
    return built_book[0]


def site_lock(site):
    return json.loads((site / "assets" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))


def test_the_lock_lists_the_wheel_the_site_serves_with_its_sha256(built_site):
    import hashlib

    lock = site_lock(built_site)
    upstream = json.loads((REPO / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["info"] == upstream["info"], "the lock is for another Pyodide than the one the site serves"
    assert list(lock["packages"]) == ["booktorch"], "the lock lists packages the site does not serve"
    entry = lock["packages"]["booktorch"]
    wheel = built_site / "assets" / "pyodide" / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    assert entry["imports"] == ["bookcell", "bookcheck", "booktape", "booktorch"]
    assert set(entry) >= {"name", "version", "file_name", "install_dir", "sha256", "package_type", "imports", "depends"}
    # what the site serves next to Pyodide is Pyodide's files, the lock and that one wheel
    served = sorted(p.name for p in (built_site / "assets" / "pyodide").iterdir())
    assert [name for name in served if name.endswith(".whl")] == [entry["file_name"]]


PYODIDE_CLI = REPO / ".venv-pyodide" / "bin" / "pyodide"  # pyodide-build's venv (Python 3.12+), made by `make test`


def test_the_lock_is_what_pyodide_build_writes(built_site, tmp_path):
    """pyodide-build's own `pyodide lockfile add-wheels`, given Pyodide's lock and the site's
    wheel, writes the site's lock (bookengine/pyodide_lock.py) field for field, apart from the
    357 packages of Pyodide's distribution the site does not serve."""
    if not PYODIDE_CLI.exists():
        missing("pyodide-build (.venv-pyodide)", "`make test` makes it with a Python 3.12 or newer "
                "(tools/python312.sh says what it looked for)")
    lock = site_lock(built_site)
    wheel = built_site / "assets" / "pyodide" / lock["packages"]["booktorch"]["file_name"]
    out = tmp_path / "lock.json"
    proc = subprocess.run(
        [str(PYODIDE_CLI), "lockfile", "add-wheels", "--input", str(REPO / "node_modules" / "pyodide" / "pyodide-lock.json"),
         "--output", str(out), str(wheel)],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    theirs = json.loads(out.read_text())
    assert len(theirs["packages"]) > 300, "pyodide-build kept Pyodide's own packages"
    assert lock == dict(theirs, packages={"booktorch": theirs["packages"]["booktorch"]})
