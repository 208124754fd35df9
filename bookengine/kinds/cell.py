"""``{{ cell path[#section] }}`` or a fenced ```pycell block: a browser cell, which the
reader edits and runs in Pyodide. A page's cells share one namespace, in page order."""

from ..render import render_cell, render_failure
from . import snippet

NAME = "cell"
OPTIONS = set()
RUNS = "the page's cells as one program, under torch and under booktorch (cells.CellProgram)"

read = snippet.read  # a snippet file (and section) the cell's code comes from


def _cell(directive, report):
    program = report.programs.get(directive.page)
    found = next((c for c in program.cells if c.line == directive.line), None) if program else None
    return program, found


def render(directive, report, page):
    program, cell = _cell(directive, report)
    if cell is None:
        return render_failure([p for p in program.problems if p.line == directive.line] if program else [])
    mine = [p for p in program.problems if p.line in (cell.line, 0) and p.kind == "run"]
    if mine and page.execute:
        return render_failure(mine)
    expected = program.expected_output(cell) if page.execute else ""
    return render_cell(cell, expected, page.runtime_bytes)


def notebook(builder, state, directive, report):
    program, cell = _cell(directive, report)
    if cell is None:
        return
    if not program.torch.result:  # a build that runs nothing: the code alone
        builder.code(cell.code)
        return
    chunks = program.torch.result["chunks"]
    # an earlier cell that raised on purpose is not run again: it would stop this one
    take, _ = state.emit(
        "browser cells", lambda i: program.cells[i].code, [cell.number - 1], lambda i: not chunks[i].get("error")
    )
    source = "".join(program.cells[i].code.rstrip("\n") + "\n\n" for i in take).rstrip("\n")
    stdout = "".join(chunks[i]["out"] for i in take)
    errors = [chunks[i].get("error") for i in take]
    last = errors[-1]
    builder.code(source, stdout, error=f"{last['type']}: {last['message']}" if last else None)


def status_rows(report, titles, today):
    from ..status import link, seconds

    rows = []
    for page, program in sorted(report.programs.items()):
        runs = program.runs
        status = next((run.status for run in runs if run.status != "ok"), "ok")
        rows.append([
            f"cells of `{page}` ({len(program.cells)})", f"[{titles.get(page, page)}]({link(page)})", status,
            " / ".join("hit" if run.cache_hit else "miss" for run in runs), program.golden_state,
            "cpu (torch and booktorch)", "—", " + ".join(seconds(run.result) for run in runs),
        ])
    return rows
