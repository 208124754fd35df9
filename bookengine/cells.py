"""Browser cells at build time: every page's cells form one program, run twice.

The reader's browser runs cells in one namespace per page, in page order, on the
teaching module (booktorch) under Pyodide. So the build runs each page's cells
the same way, once under real torch and once under booktorch: the torch run is
what the page shows before the reader runs anything, and any difference between
the two fails the build. The torch run is also checked against a golden,
``snippets/cells/<page>.out``, like every snippet.
"""

from dataclasses import dataclass, field
from pathlib import Path

from .cache import cache_key
from .errors import BookError, Problem
from .golden import compare, golden_diff
from .snippet import HEADER, ExpectedError, expected_error
from .runner import task
from .teaching import BOOKTORCH_DIR



@dataclass
class Cell:
    page: str
    line: int
    number: int  # 1-based, in page order
    code: str  # what the reader sees, edits and runs
    raises: ExpectedError | None = None

    @property
    def name(self):
        """The cell's file name in tracebacks, in the build and in the browser."""
        return f"cell {self.number}"

    @property
    def where(self):
        return f"{self.page}:{self.line}"


@dataclass
class ProgramRun:
    """One side of a page's cell program: under torch or under booktorch."""

    program: "CellProgram"
    impl: str  # torch | booktorch
    key: str | None = None
    result: dict | None = None
    cache_hit: bool = False

    @property
    def rel(self):
        return f"cells/{self.program.stem} ({self.impl})"

    @property
    def status(self):
        if self.result is None:
            return "invalid"
        if self.result.get("status") in ("timeout", "crash"):
            return self.result["status"]
        kinds = {problem.kind for problem in self.program.problems}
        return "failed" if "run" in kinds else "stale" if "golden" in kinds else "ok"

    @property
    def task(self):
        return task(
            f"<cells of {self.program.page}>", [[1, cell.code, cell.name] for cell in self.program.cells],
            timeout=60.0, memory_mb=4096, sys_path=[BOOKTORCH_DIR] if self.impl == "booktorch" else [],
            impl=self.impl, booktorch_digest=self.program.booktorch_digest,
        )


@dataclass
class CellProgram:
    page: str  # docs/tensors.md
    stem: str  # tensors
    golden_path: Path
    cells: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    booktorch_digest: str | None = None
    golden_state: str = "—"  # matches, differs or missing, once verified

    def __post_init__(self):
        self.torch = ProgramRun(self, "torch")
        self.browser = ProgramRun(self, "booktorch")

    @property
    def runs(self):
        return [self.torch, self.browser]

    def source(self):
        return "".join(f"# {cell.name}\n{cell.code}" for cell in self.cells)

    def set_keys(self, fingerprint, teaching):
        """``teaching``: the booktorch and runner sources of this pass (teaching.snapshot())."""
        self.booktorch_digest = teaching.digest
        self.torch.key = cache_key(self.source(), teaching.runner_key, dict(fingerprint, mode="cells", impl="torch"))
        self.browser.key = cache_key(self.source(), teaching.booktorch_key, dict(fingerprint, mode="cells", impl="booktorch"))

    def expected_output(self, cell):
        """The torch run's text for one cell: what the page promises the reader."""
        chunks = (self.torch.result or {}).get("chunks", [])
        return chunk_text(chunks[cell.number - 1]) if cell.number <= len(chunks) else ""

    def golden_text(self):
        chunks = self.torch.result["chunks"]
        return "".join(f"# {cell.name}\n{chunk_text(chunk)}" for cell, chunk in zip(self.cells, chunks))


def chunk_text(chunk):
    error = chunk.get("error")
    return chunk["out"] + (f"{error['type']}: {error['message']}\n" if error else "")


def split_header(code, where, problems):
    """Take ``#| raises: ...`` lines off the top of a cell's code."""
    lines = code.splitlines(keepends=True)
    raises = None
    while lines and HEADER.match(lines[0].rstrip("\n")):
        key, value = HEADER.match(lines[0].rstrip("\n")).groups()
        declared = expected_error(value) if key == "raises" else None
        if declared is None:
            problems.append(Problem(where.page, where.line, "a cell takes only '#| raises: Type: exact message'"))
        else:
            raises = declared
        lines.pop(0)
    return "".join(lines), raises


def build_programs(directives, snippets_dir, cells_source):
    """Group cell directives by page into programs. ``cells_source(directive)`` gives
    (code, raises) for a file cell, or raises a BookError."""
    programs = {}
    for directive in directives:
        if directive.kind != "cell":
            continue
        program = programs.get(directive.page)
        if program is None:
            stem = Path(directive.page).with_suffix("").as_posix().split("/", 1)[-1]
            golden = Path(snippets_dir) / "cells" / f"{stem}.out"
            program = programs[directive.page] = CellProgram(directive.page, stem, golden)
        number = len(program.cells) + 1
        if directive.code is not None:
            code, raises = split_header(directive.code, directive, program.problems)
        else:
            try:
                code, raises = cells_source(directive)
            except BookError as exc:
                program.problems.append(exc)
                continue
        program.cells.append(Cell(directive.page, directive.line, number, code, raises))
    return programs


def verify_program(program):
    """Every cell: declared errors, torch/booktorch parity; then the page's golden."""
    problems = []
    torch_chunks = program.torch.result["chunks"]
    browser_chunks = program.browser.result["chunks"]
    for cell, torch_chunk, browser_chunk in zip(program.cells, torch_chunks, browser_chunks):
        problems += _declared(cell, torch_chunk.get("error"))
        expected, actual = chunk_text(torch_chunk), chunk_text(browser_chunk)
        if expected != actual:
            diff = golden_diff(expected, actual, f"{cell.name} under torch vs booktorch")
            problems.append(
                Problem(cell.page, cell.line, f"{cell.name} prints differently in the browser's teaching module:\n{diff}")
            )
    for run in program.runs:
        if run.result.get("status") in ("timeout", "crash"):
            detail = f"{run.result['detail']}\n{run.result.get('stderr', '')}".strip()
            problems.append(Problem(program.page, 0, f"the cells under {run.impl} {detail}"))
    if problems:
        return problems
    name = f"snippets/cells/{program.stem}.out"
    program.golden_state, diff = compare(program.golden_path, program.golden_text(), name)
    if program.golden_state == "missing":
        return [Problem(name, 0, f"no golden output for the cells of {program.page}; run `python build_figures.py --update`", kind="golden")]
    if program.golden_state == "differs":
        return [Problem(name, 0, f"the cells of {program.page} print something else than the golden:\n{diff}", kind="golden")]
    return []


def _declared(cell, error):
    expected = cell.raises
    if error and not expected:
        return [Problem(cell.page, cell.line, f"{cell.name} raised {error['type']}: {error['message']}\n{error['traceback']}")]
    if expected and not error:
        return [Problem(cell.page, cell.line, f"{cell.name} should raise {expected.text()}, but raised nothing")]
    if expected and (error["type"], error["message"]) != (expected.type_name, expected.message):
        return [Problem(cell.page, cell.line, f"{cell.name} raised {error['type']}: {error['message']}\n  but it declares: {expected.text()}")]
    return []
