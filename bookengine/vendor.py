"""Browser assets served from the site itself: no CDN, works offline once loaded.

KaTeX's CSS and fonts and Pyodide come from the pinned npm packages in node_modules/, the cell
bundles from browser/dist/ (built by `make` with esbuild), the teaching module
as a wheel built here (beside Pyodide, listed with its sha256 in the site's own
pyodide-lock.json, see pyodide_lock.py), and the book's icon. The service worker is
written after the build (offline.py).
"""

from pathlib import Path

from mkdocs.structure.files import File

from .pyodide_lock import book_lock
from .wheel import build_wheel, wheel_project

KATEX_FILES = ("katex.min.css",)  # and its fonts; the math itself is rendered at build time (math.py)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK = "pyodide-lock.json"
WORKER = "cell-worker.js"
OFFLINE_WORKER = "book-sw.js"  # published at the site's root by offline.py, with its precache list
BUNDLES = ("loader.js", "cells.js", "widgets.js", "widgets.css", "cell-worker.js")  # plus shared chunk-*.js


def _need(path, what):
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: run `make setup` to install {what}")
    return path


def katex_files(config, root):
    """KaTeX's CSS and fonts from the pinned npm package, published under assets/katex/."""
    dist = _need(Path(root) / "node_modules" / "katex" / "dist", "KaTeX (npm ci)")
    wanted = [dist / name for name in KATEX_FILES] + sorted((dist / "fonts").glob("*.woff2"))
    return [_file(config, "assets/katex/" + path.relative_to(dist).as_posix(), path) for path in wanted]


def browser_files(config, root):
    """Pyodide, the cell bundles, the teaching-module wheel and the book's icon."""
    root = Path(root)
    pyodide = _need(root / "node_modules" / "pyodide", "Pyodide (npm ci)")
    dist = _need(root / "browser" / "dist", "the cell bundles (npm run build)")
    files = [_file(config, f"assets/pyodide/{name}", _need(pyodide / name, "Pyodide")) for name in PYODIDE_FILES]
    for name in BUNDLES:
        _need(dist / name, "the cell and widget bundles")
    published = [*dist.glob("*.js"), dist / "widgets.css"]  # the widgets' CSS, loaded by the widget bundle
    files += [_file(config, f"assets/book/{path.name}", path) for path in sorted(published) if path.name != OFFLINE_WORKER]
    project = root / "browser" / "py"
    wheel_name, wheel = build_wheel(project)
    package, version = wheel_project(project)
    lock = book_lock(pyodide / LOCK, package, version, wheel_name, wheel)
    files.append(File.generated(config, f"assets/pyodide/{wheel_name}", content=wheel))
    files.append(File.generated(config, f"assets/pyodide/{LOCK}", content=lock))
    files.append(_file(config, "assets/book/icon.svg", root / "browser" / "assets" / "icon.svg"))
    return files


def runtime_bytes(files):
    """What a reader's first run downloads: Pyodide, the lock, the wheel and the worker."""
    wanted = {f"assets/pyodide/{name}" for name in (*PYODIDE_FILES, LOCK)} | {f"assets/book/{WORKER}"}
    total = 0
    for file in files:
        if file.src_uri in wanted or (file.src_uri.startswith("assets/pyodide/") and file.src_uri.endswith(".whl")):
            total += len(file.content_bytes)
    return total


def _file(config, uri, path):
    return File.generated(config, uri, abs_src_path=str(path))
