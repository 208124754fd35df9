"""``{{ snippet path[#section] [alt="..."]* [title="..."] }}``: a snippet file's source,
output and figures, run under torch at build time and checked against its golden."""

from ..embeds import embed_problems, figures_of, shown_chunks
from ..errors import BookError
from ..render import figure_uri, render_failure, render_measured, render_snippet

NAME = "snippet"
OPTIONS = {"alt", "title"}
RUNS = "the snippet file, in a forked child under torch (engine.Outcome); a cuda one is measured on a GPU"


def read(directive, first):
    target, _, section = first.partition("#")
    if not target.endswith(".py"):
        raise BookError(directive.page, directive.line, f"'{target}' is not a .py snippet path (relative to snippets/)")
    directive.target, directive.section = target, section or None


def problems(directive, report):
    return embed_problems(directive, report.outcomes.get(directive.target), report.executed)


def embedded(directive, report, page):
    """(failure Markdown, None), or (None, (snippet, outcome, figures shown)) once the
    figures are published: what a snippet or a widget directive shows of its snippet."""
    outcome = report.outcomes.get(directive.target)
    embed = report.embeds.get((directive.page, directive.line), [])
    if embed or outcome is None:
        return render_failure(embed), None
    snippet = outcome.snippet
    if snippet is None:
        return render_failure(outcome.problems), None  # it does not parse
    if not page.execute or snippet.device == "cuda":
        return None, (snippet, outcome, [])
    if outcome.result is None or any(p.kind == "run" for p in outcome.problems):
        return render_failure([p for p in outcome.problems if p.kind == "run"] or outcome.problems), None
    shown = figures_of(outcome.result, snippet, directive.section)
    for number, figure in shown:
        for variant in ("light", "dark"):
            page.add_file(figure_uri(snippet.rel, number, variant), figure[variant])
    return None, (snippet, outcome, shown)


def render(directive, report, page):
    failure, found = embedded(directive, report, page)
    if failure is not None:
        return failure
    snippet, outcome, _ = found
    if not page.execute:
        return render_snippet(directive, snippet, {"chunks": []}, page.src_uri)
    if snippet.device == "cuda":
        body = render_measured(directive, snippet, outcome.measurement)
        return (render_failure(outcome.problems) + "\n\n" + body) if outcome.problems else body
    golden = [p for p in outcome.problems if p.kind == "golden"]
    body = render_snippet(directive, snippet, outcome.result, page.src_uri)
    return (render_failure(golden) + "\n\n" + body) if golden else body


def notebook(builder, state, directive, report):
    outcome = report.outcomes.get(directive.target)
    if outcome is None or outcome.snippet is None:
        return
    snippet = outcome.snippet
    if snippet.device == "cuda":
        builder.markdown(f"This example needs a CUDA GPU; the notebook shows its code only:\n\n```python\n"
                         f"{snippet.display_source(directive.section)}\n```")
        return
    result = outcome.result
    if result is None:  # a build that runs nothing: the code alone
        builder.code(snippet.display_source(directive.section))
        return
    ran = len(result["chunks"])
    wanted = [i for i in shown_chunks(snippet, directive.section) if i < ran]
    if not wanted:
        return
    take, fresh = state.emit(snippet.rel, lambda i: snippet.chunks[i].code, wanted)
    source = "".join(_chunk_source(snippet, i) for i in take)
    if fresh:
        source = "fresh_start()  # as the book's build does before each example\n\n" + source
    stdout = "".join(result["chunks"][i]["out"] for i in take)
    # a figure of this machine's timings is not a verified output: the reader's run draws their own
    figures = [] if snippet.measures else [figure["light"] for i in take for figure in result["chunks"][i]["figures"]]
    error = result.get("error")
    raised = error and max(take) == ran - 1
    builder.code(source, stdout, figures, error=f"{error['type']}: {error['message']}" if raised else None)


def _chunk_source(snippet, index):
    """A chunk's code as the page would show it (no markers, no header)."""
    chunk = snippet.chunks[index]
    first = chunk.start_line
    last = first + chunk.code.count("\n") - 1
    lines = [text for number, text in snippet.shown_lines if first <= number <= last]
    body = "\n".join(lines).strip("\n")
    return body + "\n\n" if body else ""


def status_rows(report, titles, today):
    from ..status import pages_cell, provenance, seconds

    rows = []
    for rel, outcome in sorted(report.outcomes.items()):
        snippet = outcome.snippet
        rows.append([
            f"`{rel}`", pages_cell(outcome.embedded_at, titles), outcome.status,
            "—" if outcome.key is None or outcome.result is None else ("hit" if outcome.cache_hit else "miss"),
            outcome.golden_state, snippet.device if snippet else "—", provenance(outcome, today),
            seconds(outcome.result) if snippet is None or snippet.device != "cuda" else "—",
        ])
    return rows
