#!/usr/bin/env python3
"""Benchmark the book's build, from one run, as ratios to a bare build.

    .venv/bin/python bench/bench_build.py [--rounds 5]

Everything runs on a throw-away copy of docs/ and snippets/, so the tree is never
touched. Measured, each as the median of --rounds runs:

  bare         mkdocs build, same pages, nothing executed (the plugin's execute: false)
  clean        mkdocs build with an empty cache: starts the warm parent, runs every snippet
  noop         mkdocs build again with a warm cache: executes nothing
  edit-one     in one long-lived process, as in `mkdocs serve`: edit one snippet, rebuild
  bare-serve   the bare build in that same process, the baseline for edit-one
  markdown-exec  the same snippets as markdown-exec blocks, executed in-process on every build
  timeouts     how long past its `#| timeout:` a snippet that never ends runs (the table's
               seconds, from `build_figures.py --check`): one the child's own timer stops, and
               one that cancels that timer, so the warm parent has to kill it

Targets (DEVELOPERS' issue): noop <= 1.15 x bare; clean <= bare + one torch+matplotlib import
(~3 s) + the snippets' compute spread over the cores; edit-one <= bare-serve + that snippet's
compute + 0.3 s; a snippet stopped at most 4 s past its timeout, one the parent kills at most 7 s.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EDITED = "ch01/shapes.py"
ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")


class ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml with its `!ENV [NAME, default]` tags read as their defaults."""


ConfigLoader.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])


def make_workspace():
    work = Path(tempfile.mkdtemp(prefix="book-bench-"))
    shutil.copytree(ROOT / "docs", work / "docs")
    shutil.copytree(ROOT / "snippets", work / "snippets")
    (work / "node_modules").symlink_to(ROOT / "node_modules")
    (work / "browser").symlink_to(ROOT / "browser")  # the bundles and the teaching module
    (work / "overrides").symlink_to(ROOT / "overrides")  # the theme's custom_dir
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=ConfigLoader)  # noqa: S506
    write_config(work / "mkdocs.yml", config, execute=True)
    write_config(work / "bare.yml", config, execute=False)
    exec_config = dict(config, docs_dir="docs-exec")
    exec_config["plugins"] = ["search", "markdown-exec"]
    exec_config["strict"] = False  # expected-error snippets raise inside markdown-exec
    (work / "exec.yml").write_text(yaml.safe_dump(exec_config))
    write_markdown_exec_docs(work)
    return work


def write_config(path, config, execute):
    """The book's config; the bare build keeps its own mkdocs-jupyter cache, since that plugin
    evicts every entry a build did not use and the two kinds of build make different notebooks."""
    def plugin(entry):
        if entry == "verified":
            return {"verified": {"execute": execute}}
        if isinstance(entry, dict) and "mkdocs-jupyter" in entry:
            return {"mkdocs-jupyter": dict(entry["mkdocs-jupyter"], cache_dir=".jupyter-cache" if execute else ".jupyter-cache-bare")}
        return entry

    config = dict(config, plugins=[plugin(entry) for entry in config["plugins"]])
    path.write_text(yaml.safe_dump(config))


def write_markdown_exec_docs(work):
    """The same pages, each snippet executed once by markdown-exec where first embedded.

    Browser cells become plain code blocks; exercises and widgets are left out (markdown-exec
    has nothing like them), so this baseline does a little less work than the real build.
    """
    sys.path.insert(0, str(ROOT))
    from bookengine.directive import find_directives, replace_directives
    from bookengine.snippet import parse_snippet

    shutil.copytree(work / "docs", work / "docs-exec")
    done = set()
    for page in sorted((work / "docs-exec").rglob("*.md")):
        text = page.read_text()
        directives, _ = find_directives(text, page.name)

        def render(ordinal, directives=directives):
            directive = directives[ordinal]
            if directive.kind == "cell" and directive.code is not None:
                return "```python\n" + directive.code + "```"
            if directive.kind != "snippet":
                return ""
            snippet = parse_snippet(work / "snippets" / directive.target, work / "snippets")
            if directive.target in done or snippet.device == "cuda":
                return "```python\n" + snippet.display_source(directive.section) + "\n```"
            done.add(directive.target)
            return '```python exec="on" source="above" result="text"\n' + snippet.source + "\n```"

        page.write_text(replace_directives(text, render))


def timed_build(work, config, cache):
    env = dict(ENV, BOOKENGINE_CACHE_DIR=str(cache))
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(work / config), "-d", str(work / "site")],
        cwd=work, env=env, capture_output=True, text=True,
    )
    seconds = time.perf_counter() - started
    if proc.returncode != 0:
        sys.exit(f"{config} build failed:\n{proc.stderr[-3000:]}")
    return seconds


SERVE_LOOP = r"""
import json, sys, time
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config
from bookengine.runner import warm_parent

work, rounds, edited = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]

def rebuild(name):
    config = load_config(str(work / name), site_dir=str(work / "site-serve"))
    config.plugins.on_startup(command="serve", dirty=False)
    started = time.perf_counter()
    build(config)
    return time.perf_counter() - started

rebuild("mkdocs.yml")  # the author's first build: warm parent started, cache filled
snippet = work / "snippets" / edited
original = snippet.read_text()
edit, bare = [], []
for i in range(rounds):
    bare.append(rebuild("bare.yml"))
    snippet.write_text(original + f"# edit {i}\n")
    started = time.perf_counter()
    build_time = rebuild("mkdocs.yml")
    edit.append(build_time)
snippet.write_text(original)
print(json.dumps({"edit": edit, "bare": bare, "starts": warm_parent().starts}))
"""


def serve_like(work, rounds):
    env = dict(ENV, BOOKENGINE_CACHE_DIR=str(work / "cache-serve"))
    proc = subprocess.run(
        [sys.executable, "-c", SERVE_LOOP, str(work), str(rounds), EDITED],
        cwd=work, env=env, capture_output=True, text=True,
    )
    if proc.returncode != 0:
        sys.exit(f"serve loop failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


TIMEOUTS = {  # snippet -> (its source, its timeout, the target: seconds past the timeout)
    "t/hang.py": ("#| timeout: 2\nn = 0\nwhile True:\n    n += 1\n", 2, 4.0),
    "t/stubborn.py": ("#| timeout: 1\nimport faulthandler\nfaulthandler.cancel_dump_traceback_later()\n"
                      "while True:\n    pass\n", 1, 7.0),
}


def timeout_overruns():
    """{snippet: seconds it ran past its timeout} for TIMEOUTS, from one `build_figures.py --check`."""
    with tempfile.TemporaryDirectory(prefix="book-bench-timeouts-") as folder:
        for rel, (source, _, _) in TIMEOUTS.items():
            path = Path(folder) / "snippets" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(source)
        proc = subprocess.run([sys.executable, str(ROOT / "build_figures.py"), "--root", folder, "--check"],
                              cwd=ROOT, env=ENV, capture_output=True, text=True)
    rows = {line.split()[0]: line.split() for line in proc.stdout.splitlines() if line.split()[:1] and line.split()[0] in TIMEOUTS}
    if set(rows) != set(TIMEOUTS) or any(row[1] != "timeout" for row in rows.values()):
        sys.exit(f"the timeout snippets did not time out:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    return {rel: float(rows[rel][2]) - TIMEOUTS[rel][1] for rel in TIMEOUTS}


def snippet_compute(work):
    """Seconds each run's child took (snippets, both sides of every page's cells, every
    exercise check), from one fresh pass through the engine."""
    sys.path.insert(0, str(ROOT))
    from bookengine.engine import Book

    book = Book(work, cache_dir="cache-compute")
    report = book.check(book.pages_on_disk(), use_cache=False, write_cache=False)
    return {run.rel: run.result["seconds"] for run in report.runs() if run.result is not None and run.key}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    work = make_workspace()
    try:
        rounds = args.rounds
        samples = {"bare": [], "clean": [], "noop": [], "markdown-exec": []}
        for i in range(rounds):  # interleaved, so machine noise hits every variant alike
            # clean and bare both start cold: no run cache, no rendered-notebook cache
            shutil.rmtree(work / ".jupyter-cache-bare", ignore_errors=True)
            samples["bare"].append(timed_build(work, "bare.yml", work / f"cache-bare-{i}"))
            shutil.rmtree(work / "cache", ignore_errors=True)
            shutil.rmtree(work / ".jupyter-cache", ignore_errors=True)
            samples["clean"].append(timed_build(work, "mkdocs.yml", work / "cache"))
            samples["noop"].append(timed_build(work, "mkdocs.yml", work / "cache"))
            samples["markdown-exec"].append(timed_build(work, "exec.yml", work / "cache-unused"))
        serve = serve_like(work, rounds)
        samples["edit-one"], samples["bare-serve"] = serve["edit"], serve["bare"]
        compute = snippet_compute(work)
        overruns = [timeout_overruns() for _ in range(rounds)]
    finally:
        shutil.rmtree(work, ignore_errors=True)

    median = {name: statistics.median(values) for name, values in samples.items()}
    cores = os.cpu_count() or 1
    print(f"{len(compute)} runs (snippets, cells, exercise checks), {rounds} rounds, {cores} cores; medians in seconds\n")
    print(f"{'build':<14}{'median s':>10}{'x bare':>9}")
    for name in ("bare", "clean", "noop", "edit-one", "bare-serve", "markdown-exec"):
        base = median["bare-serve"] if name in ("edit-one", "bare-serve") else median["bare"]
        print(f"{name:<14}{median[name]:>10.3f}{median[name] / base:>9.2f}")
    spread = sum(compute.values()) / cores
    checks = [
        ("noop <= 1.15 x bare", median["noop"] <= 1.15 * median["bare"],
         f"{median['noop']:.3f} vs {1.15 * median['bare']:.3f}"),
        ("clean <= bare + 3 s + compute/cores", median["clean"] <= median["bare"] + 3.0 + spread,
         f"{median['clean']:.3f} vs {median['bare'] + 3.0 + spread:.3f}"),
        ("edit-one <= bare-serve + compute + 0.3 s",
         median["edit-one"] <= median["bare-serve"] + compute[EDITED] + 0.3,
         f"{median['edit-one']:.3f} vs {median['bare-serve'] + compute[EDITED] + 0.3:.3f}"),
    ]
    overrun = {rel: statistics.median(run[rel] for run in overruns) for rel in TIMEOUTS}
    checks += [(f"{rel} stopped <= {target:.0f} s past its {limit} s timeout", overrun[rel] <= target,
                f"{overrun[rel]:.2f} s past") for rel, (_, limit, target) in TIMEOUTS.items()]
    print(f"\nwarm parent starts in the serve loop: {serve['starts']} (1 = torch imported once)")
    print(f"edited snippet {EDITED}: {compute[EDITED]:.3f} s of compute; all {len(compute)} runs: {sum(compute.values()):.3f} s")
    for label, ok, detail in checks:
        print(f"{'PASS' if ok else 'MISS'}  {label}: {detail}")
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / "build.json").write_text(json.dumps({"samples": samples, "median": median, "compute": compute, "timeout overruns": overruns}, indent=1))


if __name__ == "__main__":
    main()
