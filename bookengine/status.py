"""The build-status page: every snippet, cell program and exercise of this build."""

import datetime


# For the book's authors: built and linked from README.md and CONTRIBUTING.md, but not in the
# reader's navigation (mkdocs.yml's not_in_nav) nor in the search index (its front matter).
INTRO = """---
search:
  exclude: true
---

# Build status

Every example in this book is run and checked when the site is built. This page is
written by that build: one row per snippet, per page of browser cells and per
exercise, with what happened to it this time. A snippet marked *cuda* needs a GPU:
it is measured once on a GPU machine and its data is committed with where and when
it was measured; the age is counted from the day of this build.

| snippet | chapter | status | cache | golden | device | provenance | run time |
|---------|---------|--------|-------|--------|--------|------------|----------|
"""


def pages_cell(directives, pages):
    return ", ".join(sorted({f"[{pages.get(d.page, d.page)}]({link(d.page)})" for d in directives})) or "—"


def link(page):
    return page.split("/", 1)[-1]  # docs/tensors.md -> tensors.md, relative to this page


def seconds(result):
    return f"{result['seconds']:.2f} s" if result and "seconds" in result else "—"


def provenance(outcome, today):
    snippet = outcome.snippet
    if snippet is None or snippet.device != "cuda":
        return "—"
    if outcome.measurement is None:
        return "not measured yet"
    p = outcome.measurement["provenance"]
    try:
        days = (today - datetime.date.fromisoformat(p["date"])).days
        age = f"{days} day{'s' if days != 1 else ''} old"
    except (KeyError, ValueError):
        age = "undated"
    return f"{p.get('gpu')}, torch {p.get('torch')}, {p.get('date')} ({age})"


def status_page(report, titles, today=None):
    """Markdown for the page; ``titles`` maps docs/x.md to the page's title."""
    today = today or datetime.date.today()
    if not report.executed:
        return INTRO.split("| snippet |")[0] + "This build showed the sources only: nothing was run.\n"
    from .kinds import MODULES  # (the kinds' rows use this module's helpers)

    rows = [row for kind in MODULES if hasattr(kind, "status_rows") for row in kind.status_rows(report, titles, today)]
    body = "\n".join("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows)
    return INTRO + body + "\n"
