"""The browser's teaching module (booktorch), the cell runner (bookcell) and the exercises'
checkers (bookcheck): where they live, and a digest of their source.

The warm parent imports booktorch once, like torch, and remembers the digest of
the source it imported. A child whose task names another digest (booktorch was
edited while `mkdocs serve` kept the parent warm) imports it afresh instead.
"""

import hashlib
import sys
from dataclasses import dataclass
from pathlib import Path

BOOKTORCH_DIR = Path(__file__).resolve().parent.parent / "browser" / "py"
CELL_RUNNER = "bookcell"  # runs a cell, in the browser and at build time (under torch too)
CHECKERS = "bookcheck"  # the exercises' checks import it, under torch and under booktorch
preloaded_digest = None  # set in the warm parent by preload()


def _package_sources(package):
    return {path: path.read_text(encoding="utf-8") for path in sorted((BOOKTORCH_DIR / package).rglob("*.py"))}


def runner_sources():
    """{path: text} of the cell runner: part of every cell run's cache key, torch's included."""
    return _package_sources(CELL_RUNNER)


def sources():
    """{path: text} of every source file a booktorch run of a cell or an exercise imports."""
    return {**_package_sources("booktorch"), **_package_sources(CHECKERS), **runner_sources()}


def digest(files=None):
    files = sources() if files is None else files
    hasher = hashlib.sha256()
    for path, text in sorted(files.items()):
        hasher.update(f"{Path(path).relative_to(BOOKTORCH_DIR)}\0{text}\0".encode())
    return hasher.hexdigest()


@dataclass(frozen=True)
class Snapshot:
    """The teaching sources as one pass over the book read them (once, for every page), as the
    cache keys take them: digested once, not hashed again for every key."""

    booktorch_key: dict  # {name: digest} of booktorch's and the runner's sources: a booktorch run's key input
    runner_key: dict  # {name: digest} of the runner's sources alone: a torch run's key input
    digest: str  # of booktorch's and the runner's sources (the warm parent's preloaded_digest)


def snapshot():
    files = sources()
    runner = {path: text for path, text in files.items() if CELL_RUNNER in Path(path).parts}
    everything = digest(files)
    return Snapshot({"teaching sources": everything}, {"cell runner sources": digest(runner)}, everything)


def preload():
    """In the warm parent: import booktorch once, so no child pays for it."""
    global preloaded_digest
    if not (BOOKTORCH_DIR / "booktorch").is_dir():
        return
    sys.path.insert(0, str(BOOKTORCH_DIR))
    current = digest()
    import bookcell  # noqa: F401
    import bookcheck  # noqa: F401
    import booktorch  # noqa: F401

    preloaded_digest = current


def ensure_current(wanted):
    """In a child: drop the preloaded booktorch if its source is not the one the task wants."""
    if wanted and wanted != preloaded_digest:
        stale = ("booktorch", CHECKERS, CELL_RUNNER)
        for name in [n for n in sys.modules if n.split(".")[0] in stale]:
            del sys.modules[name]
