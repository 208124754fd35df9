"""The site's pyodide-lock.json: the packages the book serves, with their sha256.

Pyodide installs a package named in its lock file by fetching the file next to the
lock and checking its sha256 before it installs anything. The lock published with
the npm package lists Pyodide's whole distribution (357 packages the book does not
serve); the book's lock keeps that file's ``info`` (the runtime it is for) and lists
only what the site holds: the booktorch wheel. The lock is written as pyodide-build's
``pyodide lockfile add-wheels`` (pyodide-lock's) writes one, field for field, empty ``tool``
tables included: tests/test_pyodide_lock.py runs it (from .venv-pyodide, made by `make test`)
and compares.
"""

import hashlib
import json
import zipfile
from io import BytesIO
from pathlib import Path


def _top_level_imports(wheel_bytes):
    """The importable top-level names a wheel carries (packages and modules)."""
    names = set()
    with zipfile.ZipFile(BytesIO(wheel_bytes)) as archive:
        for path in archive.namelist():
            first = path.split("/", 1)[0]
            if first.endswith((".dist-info", ".data")):
                continue
            names.add(first[:-3] if first.endswith(".py") else first)
    return sorted(names)


def wheel_entry(name, version, file_name, wheel_bytes):
    return {
        "depends": [],
        "file_name": file_name,
        "imports": _top_level_imports(wheel_bytes),
        "install_dir": "site",
        "name": name,
        "package_type": "package",
        "sha256": hashlib.sha256(wheel_bytes).hexdigest(),
        "tool": {},
        "unvendored_tests": False,
        "version": version,
    }


def book_lock(pyodide_lock_path, name, version, file_name, wheel_bytes):
    """The JSON text of the book's lock: Pyodide's ``info``, and the one wheel."""
    info = json.loads(Path(pyodide_lock_path).read_text(encoding="utf-8"))["info"]
    lock = {"info": info, "packages": {name: wheel_entry(name, version, file_name, wheel_bytes)}, "tool": {}}
    return json.dumps(lock, indent=2, sort_keys=True) + "\n"
