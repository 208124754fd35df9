"""A reproducible pure-Python wheel of the teaching module, built in memory.

Pyodide installs it by URL. Fixed timestamps and sorted entries make the bytes
identical on every build, so two clean builds of the site are identical too.
The wheel carries every top-level package that ``[tool.setuptools.packages.find]
include`` names in pyproject.toml (booktorch, booktape, bookcell, bookcheck), with all their modules.
"""

import base64
import hashlib
import io
import tomllib
import zipfile
from pathlib import Path

FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def _record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def wheel_project(project_dir):
    """(name, version) of the package described by project_dir/pyproject.toml."""
    meta = tomllib.loads((Path(project_dir) / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return meta["name"], meta["version"]


def packages(config):
    """The top-level packages pyproject.toml names (``include = ["booktorch", "booktorch.*", ...]``)."""
    include = config.get("tool", {}).get("setuptools", {}).get("packages", {}).get("find", {}).get("include")
    if include is None:
        return [config["project"]["name"]]
    return sorted({pattern.split(".")[0].rstrip("*") for pattern in include})


def build_wheel(project_dir):
    """Return (file name, bytes) of the wheel for the packages described by pyproject.toml."""
    project_dir = Path(project_dir)
    config = tomllib.loads((project_dir / "pyproject.toml").read_text(encoding="utf-8"))
    meta = config["project"]
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    entries = []
    for package in packages(config):
        for path in sorted((project_dir / package).rglob("*.py")):
            entries.append((path.relative_to(project_dir).as_posix(), path.read_bytes()))
    entries.append((f"{dist_info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()))
    entries.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: bookengine\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in entries)
    entries.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in entries:
            info = zipfile.ZipInfo(path, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return f"{name}-{version}-py3-none-any.whl", buffer.getvalue()
