"""The kinds of directive a chapter can hold, one module each.

    {{ snippet ch01/shapes.py#reading alt="..." }}   kinds/snippet.py
    {{ widget ladder fallback="ch01/ladder.py" }}     kinds/widget.py
    {{ cell ch01/shape_cell.py }} and ```pycell       kinds/cell.py
    {{ exercise ch02/ex_rotate.py }}                  kinds/exercise.py

A kind module says everything about its kind:

    NAME        the word that opens the directive
    OPTIONS     the key="value" options it takes (alt may repeat; see directive.py)
    RUNS        what runs for it, in a phrase (the run types live in engine.py, cells.py,
                exercises.py: a new kind reuses one of them)
    read(directive, first)   fill in the directive from its first word; raise BookError
    finish(directive)        optional: check the directive once its options are read
    problems(directive, report)  optional: its embedding's problems, found with the runs;
                             make check and make build both report them (engine.py)
    render(directive, report, page)  its Markdown on the page (page: a Page, below)
    notebook(builder, state, directive, report)  optional: its companion-notebook cell
    status_rows(report, titles, today)  optional: its rows on the build-status page

Adding a kind is adding a module and naming it in MODULES.
"""

from dataclasses import dataclass
from typing import Callable

from . import cell, exercise, snippet, widget

MODULES = [snippet, widget, cell, exercise]
KINDS = {module.NAME: module for module in MODULES}


def register(module):
    """Add a kind (tests use this; the book's kinds are in MODULES)."""
    KINDS[module.NAME] = module


def unregister(name):
    KINDS.pop(name, None)


def hook(kind, name):
    """The kind's function ``name``, or None (an invalid directive has no kind)."""
    module = KINDS.get(kind)
    return getattr(module, name, None) if module else None


@dataclass
class Page:
    """What a kind's render gets to know of the page and the build."""

    src_uri: str  # the page, e.g. tensors.md
    execute: bool  # False: a build that shows sources only
    runtime_bytes: int | None  # what a first browser run downloads (None: no browser assets)
    add_file: Callable[[str, bytes], None]  # publish a generated file (a figure) once
