"""Exercises: a task the reader edits, a checker, a hint and a worked solution.

An exercise file (snippets/chNN/ex_*.py) has the sections task, solution, wrong
and check, and a ``#| hint:`` line. At build time the engine proves the checker
right: the solution passes under torch and under booktorch, the deliberately
wrong answer fails under both with the same message, and the untouched task
fails with a CheckFailed message (never a crash) in the browser's module.
"""

from dataclasses import dataclass, field
from pathlib import Path

from .cache import cache_key
from .errors import BookError, Problem
from .snippet import parse_snippet
from .runner import task
from .teaching import BOOKTORCH_DIR

SECTIONS = ("task", "solution", "wrong", "check")
# What each implementation runs: (variant, must the check pass?). One child per
# implementation runs its variants one after another, each in a fresh namespace.
VARIANTS = {
    "torch": (("solution", True), ("wrong", False)),
    "booktorch": (("solution", True), ("wrong", False), ("task", False)),
}
FAILED = "bookcheck.CheckFailed"


@dataclass
class ExerciseRun:
    """The exercise's variants under one implementation (torch or booktorch)."""

    exercise: "Exercise"
    impl: str
    key: str | None = None
    result: dict | None = None
    cache_hit: bool = False

    @property
    def variants(self):
        return VARIANTS[self.impl]

    @property
    def rel(self):
        return f"{self.exercise.rel} ({self.impl})"

    @property
    def status(self):
        if self.result is None:
            return "invalid"
        return "failed" if any(p.kind == "run" for p in self.exercise.problems) else "ok"

    @property
    def task(self):
        code = self.exercise.code
        chunks = []
        for number, (variant, _) in enumerate(self.variants):
            chunks.append([1, code[variant], variant, number])  # the 4th item names the namespace
            chunks.append([1, code["check"], "check", number])
        return task(
            f"<exercise {self.exercise.rel}>", chunks, timeout=30.0, memory_mb=2048,
            sys_path=[BOOKTORCH_DIR],  # bookcheck (the checkers), for torch runs too
            impl=self.impl, booktorch_digest=self.exercise.booktorch_digest,
        )

    def outcomes(self):
        """[(variant, must_pass, code error, check error)] for each variant run."""
        chunks = self.result.get("chunks", [])
        errors = [chunk.get("error") for chunk in chunks] + [None] * (2 * len(self.variants))
        return [
            (variant, must_pass, errors[2 * n], errors[2 * n + 1])
            for n, (variant, must_pass) in enumerate(self.variants)
        ]


@dataclass
class Exercise:
    rel: str
    directive: object
    hint: str
    code: dict  # section -> code
    problems: list = field(default_factory=list)
    runs: list = field(default_factory=list)
    booktorch_digest: str | None = None

    def set_keys(self, fingerprint, teaching):
        """``teaching``: the booktorch and runner sources of this pass (teaching.snapshot())."""
        self.booktorch_digest = teaching.digest
        source = "\0".join(self.code[name] for name in SECTIONS)
        for run in self.runs:
            run.key = cache_key(source, teaching.booktorch_key, dict(fingerprint, mode="exercise", impl=run.impl))


def load_exercise(directive, snippets_dir):
    """Parse the file a ``{{ exercise ... }}`` directive names, or raise a Problem at the directive."""
    path = Path(snippets_dir) / directive.target
    if not Path(directive.target).name.startswith("ex_"):
        raise Problem(directive.page, directive.line, f"exercise files are named ex_*.py, not {directive.target}")
    if not path.is_file():
        raise Problem(directive.page, directive.line, f"no exercise file snippets/{directive.target}")
    try:
        snippet = parse_snippet(path, snippets_dir)
    except BookError as exc:
        raise Problem(exc.path, exc.line, exc.message) from None
    missing = [name for name in SECTIONS if name not in snippet.sections]
    if missing:
        raise Problem(f"snippets/{directive.target}", 0, f"an exercise needs the sections {', '.join(missing)}")
    if not snippet.hint:
        raise Problem(f"snippets/{directive.target}", 0, "an exercise needs a '#| hint: ...' line")
    code = {name: snippet.display_source(name) + "\n" for name in SECTIONS}
    exercise = Exercise(directive.target, directive, snippet.hint, code)
    exercise.runs = [ExerciseRun(exercise, impl) for impl in VARIANTS]
    return exercise


def verify_exercise(exercise):
    where = f"snippets/{exercise.rel}"
    problems = []
    messages = {}
    for run in exercise.runs:
        if run.result.get("status") in ("timeout", "crash"):
            detail = f"{run.result['detail']}\n{run.result.get('stderr', '')}".strip()
            problems.append(Problem(where, 0, f"under {run.impl}: {detail}"))
            continue
        for variant, must_pass, code_error, check_error in run.outcomes():
            label = f"the {variant} under {run.impl}"
            if code_error:
                problems.append(Problem(where, 0, f"{label} raised {code_error['type']}: {code_error['message']}"))
            elif must_pass and check_error:
                problems.append(Problem(where, 0, f"{label} fails its own check: {check_error['type']}: {check_error['message']}"))
            elif not must_pass and not check_error:
                problems.append(Problem(where, 0, f"{label} passes the check, so the check cannot tell right from wrong"))
            elif not must_pass and check_error["type"] != FAILED:
                problems.append(
                    Problem(where, 0, f"{label} makes the checker crash with {check_error['type']}: {check_error['message']} "
                                 "(a learner should get a CheckFailed message instead)")
                )
            elif check_error:
                messages.setdefault(variant, set()).add(check_error["message"])
    for variant, texts in messages.items():
        if len(texts) > 1:
            problems.append(Problem(where, 0, f"the check of the {variant} says different things under torch and booktorch: {sorted(texts)}"))
    return problems
