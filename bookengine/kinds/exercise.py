"""``{{ exercise path }}``: an exercise the reader solves in the browser; its solution
and its checks run at build time, under torch and under booktorch."""

from ..render import render_exercise, render_failure
from . import snippet

NAME = "exercise"
OPTIONS = set()
RUNS = "its solution and each check, under torch and under booktorch (exercises.Exercise)"

read = snippet.read


def render(directive, report, page):
    exercise = report.exercises.get(directive.target)
    if exercise is None:
        return render_failure([p for p in report.directive_errors if p.line == directive.line and p.path == directive.page])
    run_problems = [p for p in exercise.problems if p.kind == "run"]
    if run_problems and page.execute:
        return render_failure(run_problems)
    return render_exercise(exercise, page.runtime_bytes)


def status_rows(report, titles, today):
    from ..status import link

    rows = []
    for rel, exercise in sorted(report.exercises.items()):
        runs = exercise.runs
        status = "failed" if exercise.problems else ("ok" if all(run.result for run in runs) else "invalid")
        total = sum(run.result.get("seconds", 0.0) for run in runs if run.result)
        page = exercise.directive.page
        rows.append([
            f"exercise `{rel}`", f"[{titles.get(page, page)}]({link(page)})",
            status, f"{sum(run.cache_hit for run in runs)} of {len(runs)} hit", "checked, no golden",
            "cpu (torch and booktorch)", "—", f"{total:.2f} s",
        ])
    return rows
