"""Throw-away book projects for the engine's tests (helpers; fixtures in conftest.py).

Each fixture project is a tiny MkDocs site in a temporary directory: its own
mkdocs.yml, docs/, snippets/ and (because the default cache_dir is relative to
the project root) its own .cache/bookengine. The engine is exercised the way an
author uses it: ``build_figures.py --root <project>`` and ``mkdocs build`` run as
subprocesses.
"""

import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
BUILD_FIGURES = REPO / "build_figures.py"


MKDOCS_YML = """\
site_name: Fixture book
strict: true
theme:
  name: material
  font: false
plugins:
  - verified:
      assets: false
markdown_extensions:
  - attr_list
  - md_in_html
  - pymdownx.superfences
  - pymdownx.highlight
  - admonition
"""

# A fixture book with math: its project needs node_modules (the book's pinned KaTeX) beside it.
MKDOCS_YML_WITH_MATH = MKDOCS_YML + "  - pymdownx.arithmatex:\n      generic: true\n"

TABLE_HEADER = re.compile(r"^snippet\s+status\s+seconds\s+peak MB\s+cache\s*$")


def base_env(**extra):
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.update(extra)
    return env


@dataclass(repr=False)
class Result:
    args: list
    returncode: int
    stdout: str
    stderr: str
    elapsed: float

    @property
    def output(self):
        return self.stdout + self.stderr

    def __repr__(self):  # shown by pytest when an assertion about it fails
        return f"$ {' '.join(map(str, self.args))}\n(exit {self.returncode}, {self.elapsed:.1f} s)\n{self.output}"

    __str__ = __repr__


@dataclass
class Row:
    status: str
    seconds: str
    peak_mb: str
    cache: str


def parse_table(output):
    """The closing table of build_figures.py as {snippet: Row}."""
    lines = output.splitlines()
    for index, line in enumerate(lines):  # noqa: B007 - index is read after the loop
        if TABLE_HEADER.match(line):
            break
    else:
        raise AssertionError(f"no closing table in:\n{output}")
    rows = {}
    for line in lines[index + 2 :]:
        if not line.strip():
            break
        rel, status, seconds, peak, cache = line.split()
        rows[rel] = Row(status, seconds, peak, cache)
    return rows


def run_command(args, cwd, env=None, timeout=180):
    started = time.perf_counter()
    proc = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env or base_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    return Result(args, proc.returncode, proc.stdout, proc.stderr, time.perf_counter() - started)


class Project:
    """A fixture book project rooted at ``root``."""

    def __init__(self, root, index="# Home\n\nA fixture page.\n"):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.write("mkdocs.yml", MKDOCS_YML)
        self.write("docs/index.md", index)
        (self.root / "snippets").mkdir(exist_ok=True)

    # ---- files ---------------------------------------------------------------------
    def path(self, rel):
        return self.root / rel

    def write(self, rel, text):
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def snippet(self, rel, code, golden=None):
        """Write snippets/<rel> (dedented); with ``golden``, its .out beside it."""
        path = self.write(f"snippets/{rel}", textwrap.dedent(code).lstrip("\n"))
        if golden is not None:
            path.with_suffix(".out").write_text(golden, encoding="utf-8")
        return path

    def golden(self, rel):
        return self.root / "snippets" / (rel[:-3] + ".out")

    def page(self, text, name="index.md"):
        return self.write(f"docs/{name}", textwrap.dedent(text).lstrip("\n"))

    def site(self, rel=""):
        return self.root / "site" / rel

    @property
    def cache_dir(self):
        return self.root / ".cache" / "bookengine"

    def cache_entries(self):
        return sorted(self.cache_dir.rglob("*.json")) if self.cache_dir.is_dir() else []

    def cache_entry(self, rel):
        """The cache file the engine would use for snippet ``rel`` now."""
        from bookengine.engine import Book

        book = Book(self.root)
        outcome = book.prepare([book.snippets_dir / rel])[rel]
        return self.cache_dir / outcome.key[:2] / f"{outcome.key}.json"

    def snapshot(self):
        """Every file and folder in the tree with its size and mtime (nothing excluded)."""
        listing = {}
        for dirpath, dirnames, filenames in os.walk(self.root):
            for name in dirnames + filenames:
                path = Path(dirpath, name)
                st = path.lstat()
                listing[path.relative_to(self.root).as_posix()] = (st.st_mode, st.st_size, st.st_mtime_ns)
        return listing

    # ---- commands ------------------------------------------------------------------
    def build_figures(self, *flags, env=None, timeout=180):
        return run_command(
            [PYTHON, BUILD_FIGURES, "--root", self.root, *flags], cwd=REPO, env=env, timeout=timeout
        )

    def mkdocs_build(self, strict=True, env=None, timeout=180):
        args = [PYTHON, "-m", "mkdocs", "build", "-f", self.root / "mkdocs.yml", "--strict" if strict else "--no-strict"]
        return run_command(args, cwd=self.root, env=env, timeout=timeout)


def build_real_book(tmp, name, cache=None, **env_vars):
    """A strict build of the repository's own book into tmp/name; a clean one unless given a cache."""
    cache = cache or tmp / f"{name}-cache"
    ((site, log),) = build_real_books_at_once(tmp, [name], cache, **env_vars)
    return site, log, cache


def build_real_books_at_once(tmp, names, cache, **env_vars):
    """Strict builds of the repository's own book into tmp/<name> for each of ``names``, all
    started at the same moment and all on the one run cache ``cache``. Returns [(site, log)]."""
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", BOOKENGINE_CACHE_DIR=str(cache), **env_vars)
    builds = []
    try:
        for name in names:
            log = tmp / f"{name}.log"  # a file, not a pipe: no build waits for a reader
            command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(root / "mkdocs.yml"),
                       "-d", str(tmp / name)]
            with log.open("w", encoding="utf-8") as out:
                builds.append((name, log, subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=out)))
        for _, _, proc in builds:
            proc.wait(timeout=900)
    finally:
        for _, _, proc in builds:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    results = []
    for name, log, proc in builds:
        text = log.read_text(encoding="utf-8")
        assert proc.returncode == 0, f"the build into {name} failed (exit {proc.returncode}):\n{text[-20000:]}"
        results.append((tmp / name, text))
    return results


def cache_copy(built_book, folder):
    """A copy of the built book's run cache, for a build that should start warm: the test
    workers that run at the same time never write into one cache."""
    return Path(shutil.copytree(built_book[2], Path(folder) / "cache"))


def nav_pages(root=None):
    """[(title, source file, URL path)] of the book's navigation, in order (mkdocs.yml)."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # !ENV and friends
    config = yaml.load((Path(root or REPO) / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    pages = []
    for entry in config["nav"]:
        ((title, source),) = entry.items()
        url = "" if source == "index.md" else source[: -len(".md")] + "/"
        pages.append((title, source, url))
    return pages


SW_ENTRY = re.compile(r'\{"url":"([^"]+)","revision":(?:"([^"]*)"|null)\}')


def service_worker_files(site):
    """{url: revision} of every file the site's offline worker lists (browser/precache.mjs
    writes both its lists as JSON: what reading needs, then what is kept on demand)."""
    return dict(SW_ENTRY.findall((Path(site) / "book-sw.js").read_text(encoding="utf-8")))
