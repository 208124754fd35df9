"""The build-status page: every snippet, cell program and exercise of this build."""

import datetime


INTRO = """# Build status

Every example in this book is run and checked when the site is built. This page is
written by that build: one row per snippet, per page of browser cells and per
exercise, with what happened to it this time. A snippet marked *cuda* needs a GPU:
it is measured once on a GPU machine and its data is committed with where and when
it was measured; the age is counted from the day of this build.

| snippet | chapter | status | cache | golden | device | provenance | run time |
|---------|---------|--------|-------|--------|--------|------------|----------|
"""


def _pages(directives, pages):
    return ", ".join(sorted({f"[{pages.get(d.page, d.page)}]({_link(d.page)})" for d in directives})) or "—"


def _link(page):
    return page.split("/", 1)[-1]  # docs/tensors.md -> tensors.md, relative to this page


def _seconds(result):
    return f"{result['seconds']:.2f} s" if result and "seconds" in result else "—"


def _provenance(outcome, today):
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
    rows = []
    for rel, outcome in sorted(report.outcomes.items()):
        snippet = outcome.snippet
        rows.append([
            f"`{rel}`", _pages(outcome.embedded_at, titles), outcome.status,
            "—" if outcome.key is None or outcome.result is None else ("hit" if outcome.cache_hit else "miss"),
            outcome.golden_state, snippet.device if snippet else "—", _provenance(outcome, today),
            _seconds(outcome.result) if snippet is None or snippet.device != "cuda" else "—",
        ])
    for page, program in sorted(report.programs.items()):
        runs = program.runs
        status = next((run.status for run in runs if run.status != "ok"), "ok")
        rows.append([
            f"cells of `{page}` ({len(program.cells)})", f"[{titles.get(page, page)}]({_link(page)})", status,
            " / ".join("hit" if run.cache_hit else "miss" for run in runs), program.golden_state,
            "cpu (torch and booktorch)", "—", " + ".join(_seconds(run.result) for run in runs),
        ])
    for rel, exercise in sorted(report.exercises.items()):
        runs = exercise.runs
        status = "failed" if exercise.problems else ("ok" if all(run.result for run in runs) else "invalid")
        total = sum(run.result.get("seconds", 0.0) for run in runs if run.result)
        rows.append([
            f"exercise `{rel}`", f"[{titles.get(exercise.directive.page, exercise.directive.page)}]({_link(exercise.directive.page)})",
            status, f"{sum(run.cache_hit for run in runs)} of {len(runs)} hit", "checked, no golden",
            "cpu (torch and booktorch)", "—", f"{total:.2f} s",
        ])
    body = "\n".join("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows)
    return INTRO + body + "\n"
