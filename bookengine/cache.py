"""Content-addressed cache of snippet runs, kept under ``.cache/bookengine``.

The key covers everything that can change a run's result: the snippet's source,
the local modules it imports, the Python, torch and matplotlib versions, the
device class and the engine's version. Each entry stores a digest of its payload;
an entry that fails to parse or to match its digest is deleted and re-run.
"""

import hashlib
import json
import logging
import os
import platform
from importlib import metadata
from pathlib import Path

from . import ENGINE_VERSION

log = logging.getLogger("mkdocs.plugins.bookengine")


def environment_fingerprint(device="cpu"):
    def version(name):
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "absent"

    return {
        "engine": ENGINE_VERSION,
        "python": platform.python_version(),
        "torch": version("torch"),
        "matplotlib": version("matplotlib"),
        "device": device,
    }


def cache_key(snippet_source, local_modules, fingerprint):
    """``local_modules`` maps module path -> text; only the text and file name count."""
    digest = hashlib.sha256()
    digest.update(json.dumps(fingerprint, sort_keys=True).encode())
    digest.update(b"\0snippet\0" + snippet_source.encode())
    for path in sorted(local_modules, key=lambda p: Path(p).name):
        digest.update(b"\0module\0" + Path(path).name.encode() + b"\0" + local_modules[path].encode())
    return digest.hexdigest()


def _payload_digest(payload_text):
    return hashlib.sha256(payload_text.encode()).hexdigest()


class RunCache:
    def __init__(self, directory):
        self.directory = Path(directory)

    def is_empty(self):
        """Whether no run has been cached yet (a clean build: every snippet will run)."""
        return next(self.directory.glob("*/*.json"), None) is None

    def _path(self, key):
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key):
        path = self._path(key)
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:
            return self._discard(path, f"unreadable ({exc})")
        try:
            entry = json.loads(raw)
            payload_text = entry["payload"]
            if entry.get("key") != key or entry.get("digest") != _payload_digest(payload_text):
                return self._discard(path, "digest mismatch")
            return json.loads(payload_text)
        except (ValueError, KeyError, TypeError):
            return self._discard(path, "not valid JSON (truncated?)")

    def _discard(self, path, why):
        log.info("cache entry %s is corrupt (%s): discarded, the snippet re-runs", path.name, why)
        try:
            path.unlink()
        except OSError:
            pass
        return None

    def put(self, key, result):
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        payload_text = json.dumps(result, sort_keys=True)
        entry = {"key": key, "digest": _payload_digest(payload_text), "payload": payload_text}
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(entry), encoding="utf-8")
        os.replace(tmp, path)  # atomic: a reader never sees half an entry
