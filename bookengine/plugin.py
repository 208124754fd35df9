"""The MkDocs plugin ``verified``: runs, verifies and embeds the book's snippets and cells.

``on_files`` plans the build and starts every run in a thread (background.py), the
first page's runs first; ``on_page_markdown`` waits only for what its own page shows,
so mkdocs renders the early chapters, and their notebooks, while later ones still
run. KaTeX renders each page's math as the page is written (math.py). In ``mkdocs build`` every problem is logged
as an error, so ``--strict`` fails and lists them all;
in ``mkdocs serve`` problems are shown in the page and on the terminal through a
logger that strict mode does not count, so the server keeps serving.
"""

import logging
import os
import posixpath
import re
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files

from .directive import replace_directives
from .engine import Book
from .errors import BookError
from .kinds import KINDS, Page, hook
from .math import KatexRenderer, page_formulas, render_page_math, render_title_math, title_formulas
from .render import render_failure
from .notebook import chapter_notebook, notebook_json
from .offline import MANIFEST, manifest_link, web_manifest, write_service_worker
from .runner import warm_parent
from .search_text import prose_only
from .background import BackgroundCheck
from .build_date import commit_date
from .status import status_page
from .vendor import browser_files, katex_files, runtime_bytes

build_log = logging.getLogger("mkdocs.plugins.bookengine")  # counted by --strict
serve_log = logging.getLogger("bookengine.serve")  # shown, never counted
STATUS_PAGE = "build-status.md"
# nbconvert's page template loads MathJax (and Mermaid, when a notebook has diagrams) from a
# CDN; the book's notebooks have neither, and the site never asks another host for anything.
CDN_SCRIPT = re.compile(r"<script\b[^>]*>(?:(?!</script>).)*?cdnjs\.cloudflare\.com.*?</script>", re.DOTALL)
CDN_SCRIPT_SRC = re.compile(r'<script src="https://cdnjs\.cloudflare\.com/[^"]*">\s*</script>')
HEADING = re.compile(r'<h[1-6] id="([^"]+)"[^>]*>(.*?)</h[1-6]>', re.DOTALL)
ISOLATION_HEADERS = [("Cross-Origin-Opener-Policy", "same-origin"), ("Cross-Origin-Embedder-Policy", "require-corp")]


class VerifiedConfig(Config):
    snippets_dir = c.Type(str, default="snippets")
    cache_dir = c.Type(str, default=".cache/bookengine")
    jobs = c.Optional(c.Type(int))
    execute = c.Type(bool, default=True)  # False: show sources only (the benchmark's bare build)
    assets = c.Type(bool, default=True)  # publish KaTeX, Pyodide and the cell bundles
    isolate = c.Type(bool, default=True)  # `mkdocs serve` sends COOP/COEP headers


class VerifiedSnippetsPlugin(BasePlugin[VerifiedConfig]):
    def __init__(self):
        self.serving = False
        self.notebooks = {}  # chapter src_uri -> its notebook's src_uri
        self.math = None  # the KaTeX renderer: one node process per build or serve session
        self.build_date = None  # the commit's date, given to every page (build_date.py)

    def on_startup(self, *, command, dirty):
        self.serving = command == "serve"
        if self.serving and not serve_log.handlers:
            handler = logging.StreamHandler()
            handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
            serve_log.addHandler(handler)
            serve_log.propagate = False

    def on_config(self, config):
        root = Path(config.config_file_path).resolve().parent
        self.book = Book(
            root,
            docs_dir=config.docs_dir,
            snippets_dir=self.config.snippets_dir,
            cache_dir=os.environ.get("BOOKENGINE_CACHE_DIR") or self.config.cache_dir,
            jobs=self.config.jobs,
        )
        self.build_date = commit_date(root)
        if self.config.execute and self.book.cache.is_empty():
            warm_parent().start()  # every snippet will run: import torch while mkdocs reads the pages
        if self.math is None:  # `mkdocs serve` reloads the config on every rebuild; keep the process
            self.math = KatexRenderer(root)
        return config

    def on_shutdown(self):
        if self.math is not None:
            self.math.close()
            self.math = None

    def on_serve(self, server, *, config, builder):
        server.watch(str(self.book.snippets_dir))
        if self.config.isolate:
            _send_isolation_headers(server)
        if self.config.execute:
            warm_parent().start()  # import torch now, so the author's first edit re-runs fast
        return server

    # ---- the build phase: plan in on_files, run in a thread, render page by page ----------
    def on_files(self, files, *, config):
        self.runtime_bytes = None  # what a first run downloads, said once on a page with cells
        if self.config.assets:
            browser = browser_files(config, self.book.root)
            for file in katex_files(config, self.book.root) + browser:
                files.append(file)
            self.runtime_bytes = runtime_bytes(browser)
            files.append(File.generated(config, MANIFEST, content=web_manifest(config)))
        pages = {}
        for file in files.documentation_pages():
            if file.abs_src_path:
                path = Path(file.abs_src_path)
                pages[self.book.display(path)] = (file.src_uri, path.read_text(encoding="utf-8"))
        self.pages = pages
        self.display_of = {src_uri: display for display, (src_uri, _) in pages.items()}
        self.report = self.book.plan(((display, text) for display, (_, text) in pages.items()), execute=self.config.execute)
        self.finished = False
        self.check = BackgroundCheck(self.book, self.report, self.config.execute)
        status = File.generated(config, STATUS_PAGE, content="")  # written once every run is verified
        files.append(status)
        return _in_render_order(files, self._add_notebooks(pages, files, config), status)

    def _add_notebooks(self, pages, files, config):
        """A companion notebook per chapter, rendered by mkdocs-jupyter (which runs after us);
        each is written once its chapter is verified. Without execution (the
        benchmark's bare build) they hold the code without outputs. Returns chapter src_uri ->
        its notebook's File."""
        self.notebooks, self.notebook_files, self.notebooks_written, added = {}, {}, set(), {}
        # an ordinary File whose source folder is in the cache: mkdocs-jupyter wraps only those
        source_dir = self.book.cache.directory / "notebook-pages"
        by_page = self.report.by_page()
        for display, (src_uri, _) in pages.items():
            if not any(hook(d.kind, "notebook") for d in by_page.get(display, [])):
                continue
            uri = f"notebooks/{posixpath.splitext(src_uri)[0]}.ipynb"
            added[src_uri] = File(uri, str(source_dir), config.site_dir, config.use_directory_urls)
            files.append(added[src_uri])
            self.notebooks[src_uri] = uri
            self.notebook_files[src_uri] = source_dir / uri
        return added

    def _write_notebook(self, src_uri):
        """Write the chapter's notebook once the chapter is ready: before mkdocs-jupyter reads
        it (it comes right after the chapter) or mkdocs copies it (without mkdocs-jupyter)."""
        uri = self.notebooks.get(src_uri)
        if uri is None or uri in self.notebooks_written:
            return
        display = self.display_of[src_uri]
        self.check.wait(display)
        stem = posixpath.splitext(src_uri)[0]
        # the notebook page is served at notebooks/<stem>/, the chapter at <stem>/
        back = posixpath.relpath(f"{stem}/", f"notebooks/{stem}/") + "/"
        found = [d for d in self.report.by_page().get(display, []) if hook(d.kind, "notebook")]
        text = _without_front_matter(self.pages[display][1])
        content = notebook_json(chapter_notebook(display, text, found, self.report, back))
        path = self.notebook_files[src_uri]
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != content:
            # whole or not at all: another build on the same cache may be reading it
            tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            tmp.write_text(content, encoding="utf-8")
            os.replace(tmp, path)
        self.notebooks_written.add(uri)

    def on_pre_page(self, page, *, config, files):
        """Every page is dated by the commit, not the day (build_date.py); the status page is
        written once every run is verified."""
        if self.build_date is not None:
            page.update_date = self.build_date
        if page.file.src_uri == STATUS_PAGE:
            self._finish()
            titles = {display: _title(text, display) for display, (_, text) in self.pages.items()}
            page.file.content_string = status_page(self.report, titles)
        return page

    def on_env(self, env, *, config, files):
        self._finish()  # every page is read by now; the problems are logged before any is written
        return env

    def on_build_error(self, *, error):
        check = getattr(self, "check", None)
        if check is not None:
            check.done.wait()  # the runs hold the warm parent: let them end before a rebuild

    def _finish(self):
        if self.finished:
            return
        self.check.wait()
        self.finished = True
        for src_uri in self.notebooks:  # (a chapter mkdocs did not read, say)
            self._write_notebook(src_uri)
        if self.config.execute:
            self._log_runs(self.report)
        self._report(self.report.problems())

    def _log_runs(self, report):
        runs = [run for run in report.runs() if run.key is not None]  # GPU snippets never run here
        ran = [run.rel for run in runs if run.result is not None and not run.cache_hit]
        gpu = [o for o in report.outcomes.values() if o.snippet is not None and o.snippet.device == "cuda"]
        build_log.info(
            "verified %d snippet(s) and %d page(s) of cells: %d run(s) from the cache, %d run in %.2f s%s; "
            "%d GPU snippet(s), %d of them measured",
            len(report.outcomes), len(report.programs), sum(run.cache_hit for run in runs), len(ran), report.seconds,
            f" ({', '.join(ran[:5])}{', ...' if len(ran) > 5 else ''})" if ran else "",
            len(gpu), sum(o.measurement is not None for o in gpu),
        )

    def _render(self, directive, report, src_uri, files, config):
        if directive.kind == "invalid":
            return render_failure([directive.error])  # already among the report's problems

        def add_file(uri, content):
            if files.get_file_from_path(uri) is None:
                files.append(File.generated(config, uri, content=content))

        page = Page(src_uri, self.config.execute, self.runtime_bytes, add_file)
        return KINDS[directive.kind].render(directive, report, page)

    def _report(self, problems, what="snippet"):
        seen = set()
        log = serve_log if self.serving else build_log
        for problem in problems:
            text = problem.location_message()
            if text not in seen:
                seen.add(text)
                log.error(text)
        if problems and self.serving:
            serve_log.warning("%d %s problem(s); the pages show them; the server keeps running", len(seen), what)

    # ---- the page phase: render each page's directives once its runs are verified ------
    def on_page_markdown(self, markdown, *, page, config, files):
        display = self.display_of.get(page.file.src_uri)
        if display is not None:  # a chapter, not a notebook or the status page
            self.check.wait(display)  # its runs are verified; later pages may still be running
            self._write_notebook(page.file.src_uri)
        prepared = [self._render(d, self.report, page.file.src_uri, files, config) for d in self.report.by_page().get(display, [])]
        markdown = replace_directives(markdown, lambda ordinal: prepared[ordinal])
        notebook = self.notebooks.get(page.file.src_uri)
        if notebook:
            markdown = _with_notebook_links(markdown, page, notebook)
        return markdown

    def on_page_content(self, html, *, page, config, files):
        if page.file.src_uri.startswith("notebooks/"):
            html = CDN_SCRIPT.sub("", CDN_SCRIPT_SRC.sub("", html))
            # the chapter itself is what search should find, not its notebook's copy
            page.meta["search"] = {"exclude": True}
            return html
        html = prose_only(html)  # search previews show the words around a match, never a listing
        with_math = {anchor for anchor, inner in HEADING.findall(html) if 'class="arithmatex"' in inner}
        entries = [item for item in _toc_items(page.toc) if item.id in with_math]
        # every formula of the page and of its table of contents in one request; on_post_page,
        # which puts the page's into the page, finds them rendered
        self.math.render(page_formulas(html) + [f for item in entries for f in title_formulas(item.title)])
        for item in entries:
            item.title = render_title_math(item.title, self.math)
        return html

    def on_post_page(self, output, *, page, config):
        """The page's formulas rendered by KaTeX, here rather than in on_page_content so that
        the search index keeps their TeX (Material indexes the content before the page is
        written); one whose TeX KaTeX refuses is reported like any other problem of the book.
        A notebook page's Markdown cells hold no math (notebook.plain_heading)."""
        if page.file.src_uri.startswith("notebooks/"):
            return output.replace("</head>", manifest_link(page.url) + "\n</head>", 1) if self.config.assets else output
        source = Path(page.file.abs_src_path).read_text(encoding="utf-8") if page.file.abs_src_path else ""
        output, errors = render_page_math(output, self.math, source)
        where = self.book.display(page.file.abs_src_path) if page.file.abs_src_path else page.file.src_uri
        self._report([
            BookError(where, error.line, f"KaTeX cannot render the formula {_written(error.formula)}: {error.message}")
            for error in errors
        ], what="math")
        if self.config.assets:
            output = output.replace("</head>", manifest_link(page.url) + "\n</head>", 1)
        return output

    @event_priority(-100)  # last: after mkdocs-jupyter has copied the notebooks' downloads
    def on_post_build(self, *, config):
        if self.config.assets:
            write_service_worker(config.site_dir, self.book.root, serving=self.serving)


def _send_isolation_headers(server):
    """Make `mkdocs serve` pages cross-origin isolated, so Stop can interrupt Python."""
    serve = server.serve_request

    def isolated(environ, start_response):
        def start(status, headers, exc_info=None):
            return start_response(status, list(headers) + ISOLATION_HEADERS, exc_info)

        return serve(environ, start)

    server.set_app(isolated)


def _toc_items(items):
    for item in items:
        yield item
        yield from _toc_items(item.children)


def _written(formula):
    return f"$${formula.tex}$$" if formula.display else f"${formula.tex}$"


def _in_render_order(files, notebooks, status):
    """The files with each chapter's notebook right after it and the status page last:
    mkdocs reads the pages in this order, so a notebook is rendered while later
    chapters still run, and the status page once everything has."""
    placed = set(id(f) for f in notebooks.values()) | {id(status)}
    ordered = []
    for file in files:
        if id(file) in placed:
            continue
        ordered.append(file)
        if file.src_uri in notebooks:
            ordered.append(notebooks[file.src_uri])
    return Files(ordered + [status])


def _title(markdown, fallback):
    for line in markdown.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return fallback


def _without_front_matter(markdown):
    if markdown.startswith("---\n"):
        end = markdown.find("\n---\n", 4)
        if end != -1:
            return "\n" * markdown[: end + 5].count("\n") + markdown[end + 5 :]  # keeps line numbers
    return markdown


def _with_notebook_links(markdown, page, notebook):
    """Under the chapter's title: read the companion notebook here, or download it (the offline
    worker keeps a notebook once opened, not before: browser/src/book-sw.js)."""
    stem = posixpath.splitext(posixpath.basename(notebook))[0]
    raw = f"{posixpath.splitext(notebook)[0]}/{stem}.ipynb"  # mkdocs-jupyter copies the source there
    href = posixpath.relpath(raw, posixpath.dirname(page.url + "index.html") or ".")
    relative = posixpath.relpath(notebook, posixpath.dirname(page.file.src_uri) or ".")
    line = (
        f'<p class="book-notebook" markdown>Companion notebook: every example of this '
        f'chapter in page order, with its verified output. [Read it here]({relative}) or '
        f'<a href="{href}" download>download {stem}.ipynb</a>. It is fetched only when you open it, '
        "then kept in this browser for offline reading.</p>"
    )
    lines = markdown.split("\n")
    for index, text in enumerate(lines):
        if text.startswith("# "):
            lines.insert(index + 1, "\n" + line + "\n")
            return "\n".join(lines)
    return line + "\n\n" + markdown
