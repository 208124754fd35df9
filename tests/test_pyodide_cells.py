"""The book's cells in the runtime readers get: Pyodide's Python 3.14 with the booktorch wheel.

The build already proves that booktorch prints what torch prints, under this
machine's CPython. This runs the same cells under Pyodide itself (in Node) and
compares each one with the golden that real torch produced.
"""

import json
import subprocess
from pathlib import Path

from bookengine.engine import Book
from bookengine.wheel import build_wheel

ROOT = Path(__file__).resolve().parent.parent


def test_every_cell_prints_in_pyodide_what_torch_printed(tmp_path):
    book = Book(ROOT, cache_dir=str(tmp_path / "cache"))
    report = book.check(book.pages_on_disk(), paths=[], execute=False)
    assert report.programs, "the book has browser cells"
    programs = {page: [cell.code for cell in program.cells] for page, program in report.programs.items()}
    name, wheel = build_wheel(ROOT / "browser" / "py")
    (tmp_path / name).write_bytes(wheel)
    proc = subprocess.run(
        ["node", "browser/test/pyodide-cells.mjs", str(tmp_path / name)],
        input=json.dumps(programs), cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    results = json.loads(proc.stdout)
    compared = 0
    for page, program in report.programs.items():
        golden = (program.golden_path).read_text(encoding="utf-8")
        expected = golden.split("# cell ")[1:]
        for cell, text, want in zip(program.cells, results[page], expected, strict=True):
            want = want.split("\n", 1)[1]  # drop the "N" of the "# cell N" header
            assert text == want, f"{cell.where} ({cell.name}) prints differently in Pyodide:\n{text}\n---\n{want}"
            compared += 1
    assert compared >= 20


def test_a_restored_snapshot_is_verified_before_use(tmp_path):
    """The first edition's snapshot lacked every module not imported when it was made;
    the worker now imports them all first, and checks a restored state before use."""
    name, wheel = build_wheel(ROOT / "browser" / "py")
    (tmp_path / name).write_bytes(wheel)
    proc = subprocess.run(
        ["node", "browser/test/pyodide-snapshot.mjs", str(tmp_path / name)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    report = json.loads(proc.stdout)
    assert report["prepared"] == {"problem": None, "cell": "tensor(3.)"}
    old = report["first_edition"]
    assert old["problem"] == "this Python was not prepared by the book's runtime", old
    assert old["cell"] == "ModuleNotFoundError: No module named 'booktape'", old
    assert report["missing_module"]["problem"] == "the restored Python lacks booktape.expression", report
