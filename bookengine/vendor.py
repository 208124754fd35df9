"""Browser assets served from the site itself: no CDN, works offline once loaded.

KaTeX's CSS and fonts and Pyodide come from the pinned npm packages in node_modules/, the cell
bundles from browser/dist/ (built by `make` with esbuild), the teaching module
as a wheel built here, and the service worker that gives static hosts
cross-origin isolation from the pinned coi-serviceworker package.
"""

from pathlib import Path

from mkdocs.structure.files import File

from .wheel import build_wheel

KATEX_FILES = ("katex.min.css",)  # and its fonts; the math itself is rendered at build time (math.py)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
BUNDLES = ("loader.js", "cells.js", "widgets.js", "cell-worker.js")  # plus shared chunk-*.js


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
    """Pyodide, the cell bundles, the teaching-module wheel and the isolation service worker."""
    root = Path(root)
    pyodide = _need(root / "node_modules" / "pyodide", "Pyodide (npm ci)")
    dist = _need(root / "browser" / "dist", "the cell bundles (npm run build)")
    coi = _need(root / "node_modules" / "coi-serviceworker" / "coi-serviceworker.min.js", "coi-serviceworker (npm ci)")
    files = [_file(config, f"assets/pyodide/{name}", _need(pyodide / name, "Pyodide")) for name in PYODIDE_FILES]
    for name in BUNDLES:
        _need(dist / name, "the cell and widget bundles")
    files += [_file(config, f"assets/book/{path.name}", path) for path in sorted(dist.glob("*.js"))]
    name, content = build_wheel(root / "browser" / "py")
    files.append(File.generated(config, f"assets/book/{name}", content=content))
    files.append(_file(config, "coi-serviceworker.js", coi))
    return files


def _file(config, uri, path):
    return File.generated(config, uri, abs_src_path=str(path))
