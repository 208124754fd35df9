"""``{{ widget name fallback="path[#section]" alt="..." }}``: an interactive widget, with
the figure its fallback snippet draws for readers without JavaScript.

The widgets are listed in browser/src/widgets/registry.json (name -> whether it runs
Python), which the browser's bundle and loader read too."""

import json
from pathlib import Path

from ..errors import BookError
from ..render import render_widget
from . import snippet

NAME = "widget"
OPTIONS = {"fallback", "alt"}
RUNS = "its fallback snippet, as a snippet directive runs it"
REGISTRY = Path(__file__).resolve().parents[2] / "browser" / "src" / "widgets" / "registry.json"
WIDGETS = json.loads(REGISTRY.read_text(encoding="utf-8"))


def read(directive, first):
    if first not in WIDGETS:
        raise BookError(directive.page, directive.line, f"unknown widget '{first}' (known: {', '.join(sorted(WIDGETS))})")
    directive.widget = first


def finish(directive):
    if not directive.fallback:
        raise BookError(directive.page, directive.line,
                        'a widget needs fallback="chNN/file.py[#section]": the figure shown without script')


problems = snippet.problems


def render(directive, report, page):
    failure, found = snippet.embedded(directive, report, page)
    if failure is not None:
        return failure
    source, _, shown = found
    if not page.execute or source.device == "cuda":
        return snippet.render(directive, report, page)  # its snippet's listing or measurement
    return render_widget(directive, source, shown, page.src_uri)
