"""The build engine shared by the MkDocs plugin and build_figures.py.

``Book`` finds the pages' directives and the snippets, runs what the cache does
not hold in the warm parent, and verifies every run: expected errors, crashes,
timeouts and golden outputs. It writes nothing in the tree unless asked to
update goldens.
"""

import time
from dataclasses import dataclass, field
from pathlib import Path

from .cache import RunCache, cache_key, environment_fingerprint
from .cells import build_programs, verify_program
from .exercises import load_exercise, verify_exercise
from .directive import find_directives
from .kinds import hook
from .errors import BookError, Problem
from .golden import compare, output_text, read_golden
from .page_waits import PageWaits
from .measure import as_result, data_path, git_commit, read_measurement, write_measurement
from .runner import task, warm_parent
from .snippet import local_module_closure, parse_snippet
from .teaching import snapshot

EXERCISE_PREFIX = "ex_"  # snippets/chNN/ex_*.py are exercises, checked by bookengine.exercises
UNCACHEABLE_ERRORS = {"MemoryError", "KeyboardInterrupt", "OutOfMemoryError"}


@dataclass
class Outcome:
    """One snippet's run and its verdict."""

    snippet: object  # Snippet, or None when the file could not be parsed
    rel: str
    key: str | None = None
    result: dict | None = None
    cache_hit: bool = False
    problems: list = field(default_factory=list)  # BookError
    embedded_at: list = field(default_factory=list)  # Directive
    measurement: dict | None = None  # a GPU snippet's committed record
    modules: dict = field(default_factory=dict)  # local modules it imports: path -> text
    golden_state: str = "—"  # matches, differs or missing, once verified

    @property
    def status(self):
        """ok, failed, timeout, crash, stale (golden drift) or invalid (not runnable)."""
        if self.snippet is not None and self.snippet.device == "cuda":
            if self.measurement is None:
                return "not measured"
            return "stale" if self.problems else "measured"
        if self.result is None:
            return "invalid"
        kinds = {problem.kind for problem in self.problems}
        if "run" in kinds:
            return self.result["status"] if self.result["status"] in ("timeout", "crash") else "failed"
        return "stale" if "golden" in kinds else "ok"

    @property
    def task(self):
        """What the warm parent needs to run this snippet."""
        snippet = self.snippet
        return task(
            snippet.path, [[chunk.start_line, chunk.code] for chunk in snippet.chunks],
            timeout=snippet.timeout, memory_mb=snippet.memory_mb,
            sys_path=import_folders(snippet.path, snippet.path.parents[len(Path(snippet.rel).parts) - 1]),
            fixed_figures=snippet.measures,  # a timing figure's page must not change with its numbers
        )

    @property
    def ran_ok(self):
        """The run itself behaved as declared (goldens aside)."""
        return self.result is not None and not any(p.kind == "run" for p in self.problems)


@dataclass
class Report:
    """Everything one pass over the book found: directives, snippet runs, cell programs."""

    directives: list
    directive_errors: list
    outcomes: dict  # snippet rel -> Outcome
    programs: dict  # page -> CellProgram
    exercises: dict  # exercise rel -> Exercise
    embeds: dict = field(default_factory=dict)  # (page, line) -> problems of a snippet or widget directive
    seconds: float = 0.0
    executed: bool = False  # False: a build that shows sources only (nothing ran)
    _by_page: tuple | None = field(default=None, repr=False, compare=False)

    def problems(self):
        found = list(self.directive_errors)
        for outcome in self.outcomes.values():
            found += outcome.problems
        for program in self.programs.values():
            found += program.problems
        for exercise in self.exercises.values():
            found += exercise.problems
        for problems in self.embeds.values():
            found += problems
        return found

    def by_page(self):
        """page -> its directives, in page order (made once: a build asks for it per page)."""
        if self._by_page is None or self._by_page[0] != len(self.directives):
            found = {}
            for directive in self.directives:
                found.setdefault(directive.page, []).append(directive)
            self._by_page = (len(self.directives), found)
        return self._by_page[1]

    def owners(self, page):
        """The snippet outcomes, cell program and exercises that a page's directives show."""
        found = {}
        for directive in self.by_page().get(page, []):
            for owner in (self.outcomes.get(directive.target), self.exercises.get(directive.target)):
                if owner is not None:
                    found[id(owner)] = owner
        program = self.programs.get(page)
        if program is not None:
            found[id(program)] = program
        return list(found.values())

    def add_embeds(self, page=None):
        """The problems of the page's embeddings (a snippet directive's alt texts, its
        section), found once what they embed is verified; with None, every page's."""
        for directive in self.by_page().get(page, []) if page is not None else self.directives:
            problems = hook(directive.kind, "problems")
            if problems:
                self.embeds[(directive.page, directive.line)] = problems(directive, self)

    def runs(self):
        runs = list(self.outcomes.values())
        runs += [run for program in self.programs.values() for run in program.runs]
        runs += [run for exercise in self.exercises.values() for run in exercise.runs]
        return runs


class Book:
    def __init__(self, root, docs_dir="docs", snippets_dir="snippets", cache_dir=".cache/bookengine", jobs=None):
        self.root = Path(root).resolve()
        self.docs_dir = (self.root / docs_dir).resolve()
        self.snippets_dir = (self.root / snippets_dir).resolve()
        self.cache = RunCache(self.root / cache_dir)
        self.jobs = jobs
        self.fingerprint = environment_fingerprint()

    # ---- discovery -------------------------------------------------------------
    def display(self, path):
        try:
            return Path(path).resolve().relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def snippet_files(self):
        files = []
        for path in sorted(self.snippets_dir.rglob("*.py")):
            parts = path.relative_to(self.snippets_dir).parts
            if not any(part.startswith(("_", ".")) for part in parts) and not path.name.startswith(EXERCISE_PREFIX):
                files.append(path)
        return files

    def page_directives(self, pages):
        """``pages`` is an iterable of (display_path, markdown). Returns (directives, errors)."""
        directives, errors = [], []
        for display, markdown in pages:
            found, bad = find_directives(markdown, display)
            directives.extend(found)
            errors.extend(bad)
        return directives, errors

    def pages_on_disk(self):
        for path in sorted(self.docs_dir.rglob("*.md")):
            yield self.display(path), path.read_text(encoding="utf-8")

    # ---- one whole pass ----------------------------------------------------------
    def check(self, pages, paths=None, execute=True, use_cache=True, write_cache=True, progress=None):
        """Find, run and verify everything the pages embed (and every snippet file)."""
        report = self.plan(pages, paths, execute)
        if execute:
            self.execute(report, use_cache, write_cache, progress)
        else:
            report.add_embeds()
        return report

    def plan(self, pages, paths=None, execute=True):
        """What check finds before anything runs: the directives, the snippets, the pages'
        cell programs and the exercises, each with its cache key."""
        directives, errors = self.page_directives(pages)
        errors = [Problem(e.path, e.line, e.message) for e in errors]
        outcomes = self.prepare(self.snippet_files() if paths is None else paths)
        for directive in directives:
            outcome = outcomes.get(directive.target)
            if outcome is not None:
                outcome.embedded_at.append(directive)
        programs = build_programs(directives, self.snippets_dir, self._file_cell)
        teaching = snapshot()  # booktorch's sources, read once for every page and exercise
        for program in programs.values():
            program.set_keys(self.fingerprint, teaching)
        exercises = {}
        for directive in directives:
            if directive.kind == "exercise" and directive.target not in exercises:
                try:
                    exercise = load_exercise(directive, self.snippets_dir)
                except Problem as problem:
                    errors.append(problem)
                    continue
                exercise.set_keys(self.fingerprint, teaching)
                exercises[directive.target] = exercise
        report = Report(directives, errors, outcomes, programs, exercises)
        report.executed = execute
        return report

    def execute(self, report, use_cache=True, write_cache=True, progress=None, page_ready=None):
        """Run and verify what the report plans, the first page's runs first. Each page is
        passed to ``page_ready`` as soon as everything it embeds is verified, so that the
        plugin can render it while later pages still run."""
        waits = PageWaits(report, {
            **{id(o): self._verify_outcome for o in report.outcomes.values()},
            **{id(p): _verify_program for p in report.programs.values()},
            **{id(e): _verify_exercise for e in report.exercises.values()},
        }, page_ready)

        def finished(run):
            if progress:
                progress(run)
            waits.finished(run)

        report.seconds = self.run(waits.runs_in_page_order(), use_cache, write_cache, finished)
        waits.finish()

    def _file_cell(self, directive):
        """(code, raises) of a cell embedded from a snippet file."""
        try:
            snippet = parse_snippet(self.snippets_dir / directive.target, self.snippets_dir)
        except BookError as exc:
            raise Problem(directive.page, directive.line, exc.location_message()) from None
        if directive.section and directive.section not in snippet.sections:
            raise Problem(directive.page, directive.line, f"snippets/{directive.target} has no section '{directive.section}'")
        raises = snippet.raises if directive.section is None else None
        return snippet.display_source(directive.section) + "\n", raises

    # ---- running ---------------------------------------------------------------
    def prepare(self, paths):
        """Parse snippet files into Outcomes with cache keys (nothing runs yet)."""
        outcomes = {}
        for path in paths:
            rel = path.relative_to(self.snippets_dir).as_posix()
            outcome = Outcome(snippet=None, rel=rel)
            try:
                snippet = parse_snippet(path, self.snippets_dir)
            except BookError as exc:
                outcome.problems.append(Problem(exc.path, exc.line, exc.message))
            else:
                outcome.snippet = snippet
                modules = local_module_closure(snippet.source, import_folders(path, self.snippets_dir))
                if snippet.device == "cuda":
                    self._read_measurement(outcome, modules)
                else:
                    for used in snippet.uses:  # the committed GPU data it draws is part of its key
                        data = data_path(self.snippets_dir / used)
                        modules[data] = data.read_text(encoding="utf-8") if data.exists() else "absent"
                    outcome.key = cache_key(snippet.source, modules, self.fingerprint)
                outcome.modules = modules
            outcomes[rel] = outcome
        return outcomes

    def _read_measurement(self, outcome, modules):
        record, stale = read_measurement(outcome.snippet, modules)
        outcome.measurement = record
        if record is not None:
            outcome.result = as_result(record)
        if stale:
            outcome.problems.append(
                Problem(
                    f"snippets/{outcome.snippet.rel}", 0,
                    f"its GPU data is stale: {stale}; measure it again on a GPU machine with "
                    f"`python build_figures.py --device cuda --only {outcome.rel}` and commit the .data.json",
                )
            )

    def measure(self, outcomes, progress=None):
        """Run the GPU snippets (on a machine with CUDA) and write their data with provenance."""
        runs = [o for o in outcomes.values() if o.snippet is not None and o.snippet.device == "cuda"]
        for run in runs:
            run.key = "measure"  # never looked up: measuring always runs afresh
        tasks = [dict(run.task, id=number, collect=True) for number, run in enumerate(runs)]
        written = []
        commit = git_commit(self.root)
        for task_id, result in warm_parent().run(tasks, self.jobs):
            run = runs[task_id]
            run.result = _relative_paths(result, self.root)
            run.problems = self._run_problems(run)
            if not run.problems:
                written.append(write_measurement(run.snippet, run.modules, result, commit))
                run.measurement, run.problems = read_measurement(run.snippet, run.modules)[0], []
            if progress:
                progress(run)
        return written

    def run(self, runs, use_cache=True, write_cache=True, progress=None):
        """Fill each run's result, from the cache or by running it; return seconds spent running.

        A run is anything with ``key``, ``task``, ``result``, ``cache_hit`` and ``rel``:
        a snippet's Outcome, or one side (torch or browser) of a page's cell program.
        """
        to_run = []
        for run in runs:
            if run.key is None:
                continue
            cached = self.cache.get(run.key) if use_cache else None
            if cached is not None:
                run.result, run.cache_hit = cached, True
                if progress:
                    progress(run)
            else:
                to_run.append(run)
        tasks = [dict(run.task, id=number) for number, run in enumerate(to_run)]
        started = time.perf_counter()
        for task_id, result in warm_parent().run(tasks, self.jobs):
            run = to_run[task_id]
            run.result = _relative_paths(result, self.root)
            if write_cache and _cacheable(result):
                self.cache.put(run.key, result)
            if progress:
                progress(run)
        return time.perf_counter() - started if tasks else 0.0

    # ---- verifying -------------------------------------------------------------
    def _verify_outcome(self, outcome):
        """Record the problems of a snippet's run: expected errors, crashes, goldens."""
        if outcome.snippet is not None and outcome.snippet.device == "cuda":
            return  # checked against its provenance when prepared
        if outcome.result is not None:
            outcome.problems.extend(self._run_problems(outcome))
            if not outcome.problems:
                outcome.problems.extend(self._golden_problems(outcome))

    def _run_problems(self, outcome):
        snippet, result = outcome.snippet, outcome.result
        where = f"snippets/{snippet.rel}"
        status = result["status"]
        if status in ("timeout", "crash"):
            line = result.get("line")
            detail = result["detail"]
            tail = _tail(result.get("stderr", ""))
            return [Problem(where, line, detail + (f"\n{tail}" if tail else ""))]
        error, expected = result.get("error"), snippet.raises
        if error and not expected:
            return [Problem(where, error["line"], f"unexpected {error['type']}: {error['message']}\n{error['traceback']}")]
        if expected and not error:
            return [Problem(where, 0, f"expected it to raise {expected.text()}, but it raised nothing")]
        if expected and (error["type"], error["message"]) != (expected.type_name, expected.message):
            return [
                Problem(
                    where,
                    error["line"],
                    f"raised {error['type']}: {error['message']}\n  but it declares: {expected.text()}",
                )
            ]
        return []

    def _golden_problems(self, outcome):
        golden_name = f"snippets/{outcome.snippet.rel[:-3]}.out"
        state, diff = compare(outcome.snippet.golden_path, output_text(outcome.result), golden_name)
        outcome.golden_state = state
        pages = ", ".join(d.where for d in outcome.embedded_at) or "no page"
        if state == "missing":
            return [Problem(golden_name, 0, f"no golden output (embedded at {pages}); run `python build_figures.py --update` and review it", kind="golden")]
        if state == "differs":
            return [Problem(golden_name, 0, f"output differs from the golden (embedded at {pages}):\n{diff}", kind="golden")]
        return []

    def update_goldens(self, report):
        """Rewrite goldens for runs that behaved as declared; return the paths written."""
        written = []
        for outcome in report.outcomes.values():
            if not outcome.ran_ok or outcome.snippet.device == "cuda":
                continue
            if _write_if_changed(outcome.snippet.golden_path, output_text(outcome.result)):
                written.append(outcome.snippet.golden_path)
            outcome.problems = [p for p in outcome.problems if p.kind != "golden"]
        for program in report.programs.values():
            if program.torch.result is None or any(p.kind != "golden" for p in program.problems):
                continue
            program.golden_path.parent.mkdir(parents=True, exist_ok=True)
            if _write_if_changed(program.golden_path, program.golden_text()):
                written.append(program.golden_path)
            program.problems = []
        return written

    def orphan_goldens(self, report):
        """Goldens that nothing produces any more: a deleted snippet or page of cells."""
        cell_goldens = {program.golden_path for program in report.programs.values()}
        orphans = []
        for path in sorted(self.snippets_dir.rglob("*.out")):
            in_cells = path.parent == self.snippets_dir / "cells"
            if (in_cells and path not in cell_goldens) or (not in_cells and not path.with_suffix(".py").exists()):
                orphans.append(path)
        return orphans


def _verify_program(program):
    if program.torch.result and program.browser.result and not program.problems:
        program.problems += verify_program(program)


def _verify_exercise(exercise):
    if all(run.result for run in exercise.runs):
        exercise.problems += verify_exercise(exercise)


def _write_if_changed(path, text):
    if read_golden(path) == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def import_folders(snippet_path, snippets_dir):
    """Where a snippet's own imports are found: beside it, the snippets folder, and _lib/ (shared helpers)."""
    return [Path(snippet_path).parent, Path(snippets_dir), Path(snippets_dir) / "_lib"]


def _relative_paths(result, root):
    """Tracebacks name files relative to the project, as every other message does."""
    prefix = f"{root}/"
    error = result.get("error")
    if error:
        error["traceback"] = error["traceback"].replace(prefix, "")
    if result.get("stderr"):
        result["stderr"] = result["stderr"].replace(prefix, "")
    return result


def _cacheable(result):
    if result["status"] not in ("ok", "error"):
        return False
    error = result.get("error")
    return not (error and error["type"] in UNCACHEABLE_ERRORS)


def _tail(text, lines=12):
    kept = [line for line in text.strip().splitlines() if line.strip()]
    return "\n".join(kept[-lines:])
