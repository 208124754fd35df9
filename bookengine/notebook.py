"""Companion notebooks: each chapter's examples in page order, with the verified outputs.

A notebook holds the page's headings as Markdown cells and, for each snippet
directive and browser cell in page order, a code cell with the output the build
verified. Snippet code the page does not show (an import above the first
section, say) is put in the first cell that needs it, so the notebook runs from
top to bottom in one kernel and prints what the book printed. Each snippet starts
from the same seeds the build uses. Written as plain JSON (nbformat 4) with
stable cell ids, so the same book gives the same bytes.
"""

import functools
import json
import re

from .child import SEED
from .kinds import hook

HEADING = re.compile(r"^(#{1,4})\s+(.+?)\s*#*\s*$")
SETUP = f"""\
# The book runs every example in a fresh process, seeded with {SEED} and using one
# thread. fresh_start() puts this notebook's kernel in the same state.
import random

import numpy
import torch

torch.set_num_threads(1)


def fresh_start():
    random.seed({SEED})
    numpy.random.seed({SEED})
    torch.manual_seed({SEED})
"""


def _lines(text):
    return text.splitlines(keepends=True)


def plain_heading(text):
    """A heading's words without Markdown: the notebook page's table of contents shows
    its headings' source text ("How small should $h$ be?" would show the dollars)."""
    text = re.sub(r"\s*\{[^}]*\}\s*$", "", text)  # an attribute list: { #id }
    return re.sub(r"\$([^$]+)\$|`([^`]+)`", lambda m: m.group(1) or m.group(2), text)


def drop_empty_sections(cells):
    """Leave out each heading that no example follows before the next heading of its
    level or above (a page's "Exercises", say: exercises are not in notebooks)."""
    kept = []
    code_follows = [False] * 7  # by level: a code cell comes before that level's next heading
    for cell in reversed(cells):
        heading = HEADING.match("".join(cell["source"])) if cell["cell_type"] == "markdown" else None
        if heading is None:
            kept.append(cell)
            if cell["cell_type"] == "code":
                code_follows = [True] * 7
            continue
        level = len(heading.group(1))
        if level == 1 or code_follows[level]:
            kept.append(cell)
        for deeper in range(level, 7):
            code_follows[deeper] = False
    return kept[::-1]


class _Builder:
    def __init__(self):
        self.cells = []

    def markdown(self, text):
        self.cells.append({"cell_type": "markdown", "metadata": {}, "source": _lines(text)})

    def code(self, source, stdout="", figures=(), error=None):
        outputs = []
        if stdout:
            outputs.append({"name": "stdout", "output_type": "stream", "text": _lines(stdout)})
        for svg in figures:
            outputs.append({"output_type": "display_data", "metadata": {}, "data": {"image/svg+xml": _lines(svg), "text/plain": ["<Figure>"]}})
        metadata = {}
        if error:
            name, _, value = error.partition(": ")
            # Jupyter names an error by its class alone (torch._C._LinAlgError -> _LinAlgError)
            outputs.append({"output_type": "error", "ename": name.rsplit(".", 1)[-1], "evalue": value, "traceback": [error]})
            metadata["tags"] = ["raises-exception"]  # nbclient expects it and goes on
        self.cells.append({"cell_type": "code", "execution_count": None, "metadata": metadata, "outputs": outputs, "source": _lines(source.rstrip("\n"))})

    def notebook(self, title):
        self.cells = drop_empty_sections(self.cells)
        for number, cell in enumerate(self.cells, start=1):
            cell["id"] = f"cell-{number}"
        return {
            "cells": self.cells,
            "metadata": {
                "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
                "title": title,
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }


def chapter_notebook(page, markdown, directives, report, chapter_url):
    """The notebook (as a dict) for one page; ``directives`` are the page's, in order."""
    builder = _Builder()
    state = _Namespaces()
    by_line = {d.line: d for d in directives}
    title = page
    builder.code(SETUP)
    measured = _measured_setup(directives, report)
    if measured:
        builder.code(measured)
    for number, text in enumerate(markdown.splitlines(), start=1):
        heading = HEADING.match(text)
        directive = by_line.get(number)
        if heading and directive is None:
            if len(heading.group(1)) == 1:
                title = heading.group(2)
                builder.markdown(f"# {title}\n\nThe examples of [this chapter]({chapter_url}), in page order, "
                                 "with the output the book verified when it was built.")
            else:
                builder.markdown(f"{heading.group(1)} {plain_heading(heading.group(2))}")
        elif directive is not None and hook(directive.kind, "notebook"):
            hook(directive.kind, "notebook")(builder, state, directive, report)
    return builder.notebook(title)


def _measured_setup(directives, report):
    """A stand-in for snippets/_lib/measured.py holding the committed GPU data the page's
    figures draw, so a downloaded notebook runs on its own."""
    used = sorted({
        name
        for d in directives if d.kind == "snippet" and d.target in report.outcomes
        for name in (report.outcomes[d.target].snippet.uses if report.outcomes[d.target].snippet else ())
    })
    if not used:
        return None
    data = {}
    for name in used:
        outcome = report.outcomes.get(name)
        record = outcome.measurement if outcome else None
        data[name] = record["data"] if record else None
    return (
        "# The data the book's GPU snippets measured (None: not measured yet). In the book's\n"
        "# repository `measured.gpu_data` reads it from the committed .data.json files.\n"
        "import sys\nimport types\n\n"
        f"GPU_DATA = {json.dumps(data, indent=1, sort_keys=True).replace('null', 'None')}\n"
        "measured = types.ModuleType(\"measured\")\n"
        "measured.gpu_data = GPU_DATA.get\n"
        "sys.modules[\"measured\"] = measured\n"
    )


class _Namespaces:
    """The book runs each snippet, and each page's browser cells, in a namespace of its own;
    a notebook has one. This tracks which names each source's cells bind, so that when
    cells in between rebound a name a source reads, the source's earlier code runs again."""

    def __init__(self):
        self.done = {}  # source -> chunk indexes in the notebook
        self.dirty = {}  # source -> names other sources bound since its last cell

    def emit(self, source, code_of, wanted, rerunnable=lambda i: True):
        """(chunks of ``source`` the next cell holds, whether that cell starts the source afresh)."""
        before = self.done.setdefault(source, set())
        new = [i for i in range(max(wanted) + 1) if i not in before]
        reads = set().union(set(), *(_names(code_of(i))[1] for i in new))
        again = bool(before) and bool(reads & self.dirty.get(source, set()))
        take = sorted({i for i in before if rerunnable(i)} | set(new)) if again else new
        before.update(new)
        bound = set().union(set(), *(_names(code_of(i))[0] for i in take))
        for other in self.dirty:
            self.dirty[other] |= bound
        self.dirty[source] = set()
        return take, again or len(before) == len(new)


@functools.lru_cache(maxsize=4096)  # `mkdocs serve` asks again for the same code on every rebuild
def _names(code):
    """(names bound, names read) at the top level of some code, as frozensets."""
    import ast

    try:
        tree = ast.parse(code)
    except SyntaxError:
        return frozenset(), frozenset()
    bound, read = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (bound if isinstance(node.ctx, ast.Store) else read).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return frozenset(bound), frozenset(read)


def notebook_json(notebook):
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _printed(output):
    """Text an output shows as printed: a stream to stdout, or the value of a cell's
    last bare expression (Jupyter's execute_result; the book prints its repr)."""
    if output.get("name") == "stdout":
        return "".join(output["text"])
    if output["output_type"] == "execute_result":
        return "".join(output["data"].get("text/plain", "")) + "\n"
    return ""


def expected_outputs(notebook):
    """[(cell source, stdout, error)] of a notebook's code cells, to compare an execution with."""
    found = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        stdout = "".join(_printed(o) for o in cell["outputs"])
        error = next((f"{o['ename']}: {o['evalue']}" for o in cell["outputs"] if o["output_type"] == "error"), None)
        found.append(("".join(cell["source"]), stdout, error))
    return found
