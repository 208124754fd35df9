"""The site's pyodide-lock.json: Pyodide's own format, listing exactly what the site serves.

The browser checks the wheel against this lock's sha256 before installing it
(tests/browser/test_page_notebook.py serves a tampered wheel and sees it refused).
"""

import json
import shutil
import subprocess

import pytest

from bookproject import REPO


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


def _lockfile_tool():
    """pyodide-build's `pyodide lockfile add-wheels`, where a Python that runs it is present
    (pyodide-build for Pyodide 314 needs Python 3.12 or newer; the book's venv is 3.11)."""
    cli = shutil.which("pyodide")
    if not cli:
        return None
    probe = subprocess.run([cli, "lockfile", "add-wheels", "--help"], capture_output=True, text=True)
    return cli if probe.returncode == 0 else None


@pytest.mark.skipif(_lockfile_tool() is None, reason="no pyodide-build with `pyodide lockfile add-wheels` on PATH")
def test_the_lock_entry_is_what_pyodide_build_writes(built_site, tmp_path):
    entry = site_lock(built_site)["packages"]["booktorch"]
    out = tmp_path / "lock.json"
    proc = subprocess.run(
        [_lockfile_tool(), "lockfile", "add-wheels", "--input", str(REPO / "node_modules" / "pyodide" / "pyodide-lock.json"),
         "--output", str(out), str(built_site / "assets" / "pyodide" / entry["file_name"])],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    theirs = json.loads(out.read_text())["packages"]["booktorch"]
    for key in ("name", "version", "sha256", "imports", "depends", "install_dir", "package_type"):
        assert theirs[key] == entry[key], key
    assert theirs["file_name"].endswith(entry["file_name"])
