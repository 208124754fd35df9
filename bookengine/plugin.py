"""The MkDocs plugin ``verified``: runs, verifies and embeds the book's snippets.

All runs happen in ``on_files``, as one parallel batch, before any page renders;
``on_page_markdown`` only substitutes what was prepared. In ``mkdocs build``
every problem is logged as an error, so ``--strict`` fails and lists them all;
in ``mkdocs serve`` problems are shown in the page and on the terminal through a
logger that strict mode does not count, so the server keeps serving.
"""

import logging
import os
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File

from .directive import find_directives, replace_directives
from .engine import Book, Problem
from .render import figure_uri, figures_of, render_failure, render_snippet, shown_chunks
from .runner import warm_parent
from .vendor import vendored_files

build_log = logging.getLogger("mkdocs.plugins.bookengine")  # counted by --strict
serve_log = logging.getLogger("bookengine.serve")  # shown, never counted


class VerifiedConfig(Config):
    snippets_dir = c.Type(str, default="snippets")
    cache_dir = c.Type(str, default=".cache/bookengine")
    jobs = c.Optional(c.Type(int))
    execute = c.Type(bool, default=True)  # False: show sources only (the benchmark's bare build)
    katex = c.Type(bool, default=True)  # publish the pinned KaTeX from node_modules


class VerifiedSnippetsPlugin(BasePlugin[VerifiedConfig]):
    def __init__(self):
        self.serving = False
        self.rendered = {}  # page src_uri -> [markdown per directive, in page order]

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
        return config

    def on_serve(self, server, *, config, builder):
        server.watch(str(self.book.snippets_dir))
        if self.config.execute:
            warm_parent().start()  # import torch now, so the author's first edit re-runs fast
        return server

    # ---- the build phase: everything runs here ------------------------------------
    def on_files(self, files, *, config):
        if self.config.katex:
            for file in vendored_files(config, self.book.root):
                files.append(file)
        pages = [(file, Path(file.abs_src_path)) for file in files.documentation_pages() if file.abs_src_path]
        per_page = {}
        problems = []
        for file, path in pages:
            display = self.book.display(path)
            directives, errors = find_directives(path.read_text(encoding="utf-8"), display)
            per_page[file.src_uri] = directives
            problems.extend(errors)
        directives = [d for found in per_page.values() for d in found]

        outcomes = self.book.prepare(self.book.snippet_files())
        if self.config.execute:
            seconds = self.book.run(outcomes)
            self.book.verify(outcomes, directives)
            ran = [o.rel for o in outcomes.values() if o.result is not None and not o.cache_hit]
            build_log.info(
                "verified %d snippet(s): %d from the cache, %d run in %.2f s%s",
                len(outcomes), len(outcomes) - len(ran), len(ran), seconds,
                f" ({', '.join(ran[:5])}{', ...' if len(ran) > 5 else ''})" if ran else "",
            )
        for outcome in outcomes.values():
            problems.extend(outcome.problems)

        self.rendered = {}
        for src_uri, found in per_page.items():
            self.rendered[src_uri] = [self._render(d, outcomes, src_uri, problems, files, config) for d in found]
        self._report(problems)
        return files

    def _render(self, directive, outcomes, src_uri, problems, files, config):
        outcome = outcomes.get(directive.target)
        if outcome is None:
            problem = Problem(directive.page, directive.line, f"no snippet file snippets/{directive.target}")
            problems.append(problem)
            return render_failure([problem])
        snippet = outcome.snippet
        if snippet is None:
            return render_failure(outcome.problems)
        if directive.section and directive.section not in snippet.sections:
            known = ", ".join(sorted(snippet.sections)) or "none"
            problem = Problem(
                directive.page, directive.line,
                f"snippets/{snippet.rel} has no section '{directive.section}' (sections: {known})",
            )
            problems.append(problem)
            return render_failure([problem])
        if not self.config.execute:
            return render_snippet(directive, snippet, {"chunks": []}, src_uri)
        run_problems = [p for p in outcome.problems if p.kind == "run"]
        if run_problems or outcome.result is None:
            return render_failure(run_problems or outcome.problems)
        if not any(index < len(outcome.result["chunks"]) for index in shown_chunks(snippet, directive.section)):
            problem = Problem(directive.page, directive.line, f"section '{directive.section}' never ran: the snippet raised before it")
            problems.append(problem)
            return render_failure([problem])
        shown = figures_of(outcome.result, snippet, directive.section)
        if len(shown) != len(directive.alts):
            problem = Problem(
                directive.page, directive.line,
                f"snippets/{snippet.rel}{'#' + directive.section if directive.section else ''} draws "
                f"{len(shown)} figure(s) but the directive gives {len(directive.alts)} alt text(s); "
                'add one alt="..." per figure, in drawing order',
            )
            problems.append(problem)
            return render_failure([problem])
        for number, figure in shown:
            for variant in ("light", "dark"):
                uri = figure_uri(snippet.rel, number, variant)
                if files.get_file_from_path(uri) is None:
                    files.append(File.generated(config, uri, content=figure[variant]))
        golden = [p for p in outcome.problems if p.kind == "golden"]
        body = render_snippet(directive, snippet, outcome.result, src_uri)
        return (render_failure(golden) + "\n\n" + body) if golden else body

    def _report(self, problems):
        seen = set()
        log = serve_log if self.serving else build_log
        for problem in problems:
            text = problem.location_message()
            if text not in seen:
                seen.add(text)
                log.error(text)
        if problems and self.serving:
            serve_log.warning("%d snippet problem(s); the pages show them; the server keeps running", len(seen))

    # ---- the page phase: substitute what on_files prepared -------------------------
    def on_page_markdown(self, markdown, *, page, config, files):
        prepared = iter(self.rendered.get(page.file.src_uri, []))
        return replace_directives(markdown, lambda _line: next(prepared))

