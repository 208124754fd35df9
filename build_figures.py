#!/usr/bin/env python3
"""Run, verify and update the book's snippets from the command line.

    python build_figures.py              run (using the cache) and verify every snippet
    python build_figures.py --check      run everything afresh and verify; writes nothing
    python build_figures.py --update     run and rewrite the golden .out files
    python build_figures.py --only 'ch01/*' --jobs 2
    python build_figures.py --device cuda   on a GPU machine: measure the `#| device: cuda`
                                            snippets and write their .data.json with provenance

Exit status 1 when any snippet fails or its output differs from its golden.
"""

import argparse
import fnmatch
import subprocess
import sys
from pathlib import Path

from bookengine.engine import Book
from bookengine.errors import Problem

ROOT = Path(__file__).resolve().parent


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="run every snippet afresh and verify; write nothing")
    mode.add_argument("--update", action="store_true", help="rewrite goldens from this run")
    parser.add_argument("--only", metavar="GLOB", help="only snippets whose path matches, e.g. 'ch01/*'")
    parser.add_argument("--jobs", type=int, metavar="N", help="snippets run at once (default: the core count)")
    parser.add_argument(
        "--device", choices=["cpu", "cuda"], default="cpu",
        help="cuda: measure the GPU snippets on this machine and write their data (needs CUDA)",
    )
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def select(book, pattern):
    paths = book.snippet_files()
    if pattern:
        rel = lambda path: path.relative_to(book.snippets_dir).as_posix()  # noqa: E731
        paths = [p for p in paths if fnmatch.fnmatch(rel(p), pattern) or fnmatch.fnmatch(rel(p), pattern + ".py")]
    return paths


def progress_bar(total):
    from tqdm import tqdm

    bar = tqdm(total=total, unit="snippet", file=sys.stderr, dynamic_ncols=True, leave=False, disable=None)

    def advance(outcome):
        bar.set_postfix_str(outcome.rel, refresh=False)
        bar.update(1)

    return bar, advance


def table(outcomes):
    rows = [("snippet", "status", "seconds", "peak MB", "cache")]
    for outcome in outcomes:
        result = outcome.result or {}
        rows.append(
            (
                outcome.rel,
                outcome.status,
                f"{result['seconds']:.2f}" if "seconds" in result else "-",
                f"{result['peak_mb']:.0f}" if "peak_mb" in result else "-",
                "-" if outcome.result is None else ("hit" if outcome.cache_hit else "miss"),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for index, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(width) if i < 2 else cell.rjust(width) for i, (cell, width) in enumerate(zip(row, widths))))
        if index == 0:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)


def main(argv=None):
    args = parse_args(argv)
    book = Book(args.root, jobs=args.jobs)
    if args.device == "cuda":
        return measure_on_gpu(book, args)
    paths = select(book, args.only)
    if not paths and args.only:
        print(f"no snippet matches {args.only!r}", file=sys.stderr)
        return 1
    pages = list(book.pages_on_disk()) if not args.only else []
    bar, advance = progress_bar(None)  # cell programs add runs beyond the snippet files
    fresh = args.check
    report = book.check(pages, paths=paths, use_cache=not fresh, write_cache=not fresh, progress=advance)
    bar.close()
    if args.update:
        for path in book.update_goldens(report):
            print(f"updated {book.display(path)}")

    print(table(sorted(report.runs(), key=lambda run: run.rel)))
    problems = report.problems()
    if not args.only:
        problems += [Problem(book.display(p), 0, "golden without a snippet or page of cells") for p in book.orphan_goldens(report)]
    for problem in problems:
        print(f"\nERROR {problem.location_message()}")
    print(f"\n{len(report.outcomes)} snippet(s), {len(report.programs)} page(s) of cells, {len(problems)} problem(s)")
    return 1 if problems else 0


def cuda_available():
    """Asked in a separate process: this one must not initialise CUDA before the warm parent forks."""
    probe = "import torch; print(torch.cuda.is_available())"
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    return proc.stdout.strip() == "True"


def measure_on_gpu(book, args):
    if not cuda_available():
        print("--device cuda needs a machine where torch sees a CUDA GPU; this one has none.", file=sys.stderr)
        return 2
    outcomes = book.prepare(select(book, args.only))
    bar, advance = progress_bar(None)
    written = book.measure(outcomes, progress=advance)
    bar.close()
    measured = [o for o in outcomes.values() if o.snippet is not None and o.snippet.device == "cuda"]
    print(table(sorted(measured, key=lambda o: o.rel)))
    for path in written:
        print(f"wrote {book.display(path)}")
    problems = [p for o in measured for p in o.problems]
    for problem in problems:
        print(f"\nERROR {problem.location_message()}")
    return 1 if problems or not measured else 0


if __name__ == "__main__":
    sys.exit(main())
