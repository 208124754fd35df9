"""GPU pre-renders: what a snippet measured once on a GPU, committed with provenance.

A snippet with ``#| device: cuda`` never runs in a normal build (the build
machines have no GPU). ``build_figures.py --device cuda`` runs it on a machine
with CUDA and writes ``<name>.data.json`` beside it: the snippet's ``DATA``
value, what it printed, and where and from what it was measured. Every build
reads that file back, and a file whose snippet (or the local modules it
imports) changed since it was measured is stale: the build says so by name.
Figures are drawn by ordinary CPU snippets that declare ``#| uses: chNN/x.py``
and read the data with ``snippets/_lib/measured.py``.
"""

import datetime
import hashlib
import json
import subprocess

SCHEMA = 1


def data_path(snippet):
    """Where a GPU snippet's measurement is committed: ``name.data.json`` beside ``name.py``
    (``snippet``: a Snippet or the path of its file)."""
    path = getattr(snippet, "path", snippet)
    return path.with_name(path.stem + ".data.json")


def _sha(text):
    return hashlib.sha256(text.encode()).hexdigest()


def fingerprint(snippet, modules):
    """Hashes that tie a measurement to the code that produced it."""
    return {
        "snippet_sha256": _sha(snippet.source),
        "modules_sha256": {path.name: _sha(text) for path, text in sorted(modules.items(), key=lambda kv: kv[0].name)},
    }


def read_measurement(snippet, modules):
    """(record or None, why it is stale or None)."""
    path = data_path(snippet)
    if not path.exists():
        return None, None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        provenance = record["provenance"]
    except (ValueError, KeyError, TypeError) as exc:
        return None, f"{path.name} cannot be read ({exc}); measure it again"
    now = fingerprint(snippet, modules)
    if provenance.get("snippet_sha256") != now["snippet_sha256"]:
        return record, "the snippet changed since it was measured"
    if provenance.get("modules_sha256") != now["modules_sha256"]:
        return record, "a local module it imports changed since it was measured"
    return record, None


def git_commit(root):
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=root, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    if commit.returncode != 0:
        return "unknown"
    return commit.stdout.strip() + ("+uncommitted changes" if dirty.stdout.strip() else "")


def write_measurement(snippet, modules, result, commit, today=None):
    """Write the committed record of one GPU run; return its path."""
    environment = result.get("environment") or {}
    record = {
        "schema": SCHEMA,
        "snippet": f"snippets/{snippet.rel}",
        "data": result.get("data"),
        "output": "".join(chunk["out"] for chunk in result.get("chunks", [])),
        "provenance": {
            **fingerprint(snippet, modules),
            "torch": environment.get("torch"),
            "cuda": environment.get("cuda"),
            "gpu": environment.get("gpu"),
            "date": (today or datetime.date.today()).isoformat(),
            "commit": commit,
            "seconds": round(result.get("seconds", 0.0), 2),
        },
    }
    path = data_path(snippet)
    path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def provenance_line(record):
    p = record["provenance"]
    return (
        f"Measured on {p.get('gpu') or 'an unnamed GPU'} with torch {p.get('torch')} and CUDA {p.get('cuda')}, "
        f"on {p.get('date')}, at commit {str(p.get('commit'))[:12]}."
    )


def as_result(record):
    """A measurement shaped like a run result, so pages render it like any output."""
    return {
        "status": "ok",
        "chunks": [{"out": record.get("output", ""), "figures": []}],
        "error": None,
        "dropped": 0,
        "stderr": "",
        "seconds": record["provenance"].get("seconds", 0.0),
        "peak_mb": 0.0,
    }
