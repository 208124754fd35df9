"""The browser's teaching module (booktorch): where it lives, and a digest of its source.

The warm parent imports booktorch once, like torch, and remembers the digest of
the source it imported. A child whose task names another digest (booktorch was
edited while `mkdocs serve` kept the parent warm) imports it afresh instead.
"""

import hashlib
import sys
from pathlib import Path

BOOKTORCH_DIR = Path(__file__).resolve().parent.parent / "browser" / "py"
preloaded_digest = None  # set in the warm parent by preload()


def sources():
    """{path: text} of every booktorch source file."""
    return {path: path.read_text(encoding="utf-8") for path in sorted((BOOKTORCH_DIR / "booktorch").rglob("*.py"))}


def digest(files=None):
    files = sources() if files is None else files
    hasher = hashlib.sha256()
    for path, text in sorted(files.items()):
        hasher.update(f"{Path(path).relative_to(BOOKTORCH_DIR)}\0{text}\0".encode())
    return hasher.hexdigest()


def preload():
    """In the warm parent: import booktorch once, so no child pays for it."""
    global preloaded_digest
    if not (BOOKTORCH_DIR / "booktorch").is_dir():
        return
    sys.path.insert(0, str(BOOKTORCH_DIR))
    current = digest()
    import booktorch  # noqa: F401
    import booktorch.check  # noqa: F401

    preloaded_digest = current


def ensure_current(wanted):
    """In a child: drop the preloaded booktorch if its source is not the one the task wants."""
    if wanted and wanted != preloaded_digest:
        for name in [n for n in sys.modules if n == "booktorch" or n.startswith("booktorch.")]:
            del sys.modules[name]
