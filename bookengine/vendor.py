"""Third-party browser assets served from the site itself (no CDN, works offline)."""

from pathlib import Path

from mkdocs.structure.files import File

KATEX_FILES = ("katex.min.js", "katex.min.css", "contrib/auto-render.min.js")


def vendored_files(config, root):
    """KaTeX from the pinned npm package, published under assets/katex/."""
    dist = Path(root) / "node_modules" / "katex" / "dist"
    if not dist.is_dir():
        raise FileNotFoundError(f"{dist} is missing: run `make setup` (npm ci) to install KaTeX")
    wanted = [dist / name for name in KATEX_FILES] + sorted((dist / "fonts").glob("*.woff2"))
    files = []
    for path in wanted:
        uri = "assets/katex/" + path.relative_to(dist).as_posix()
        files.append(File.generated(config, uri, abs_src_path=str(path)))
    return files
