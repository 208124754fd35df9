#!/usr/bin/env python3
"""Benchmark the browser cells in Debian's headless Chromium, from one run.

    .venv/bin/python bench/bench_cells.py [--rounds 5] [--site site]

Builds nothing: it serves an already built site (`make build`) on 127.0.0.1 with
the COOP/COEP headers `mkdocs serve` sends, and measures with a persistent browser
profile:

  cold ready      navigation to "Python ready" with an empty profile (median of rounds)
  warm ready      the same with the profile's HTTP cache and Python snapshot warm (each
                  warm round first proves the restored Python runs every cell of the
                  page as the book printed it; a broken warm state stops the benchmark)
  click->output   a click on Run to the cell's output, once Python is ready
  bytes           transferred before any interaction, on a page with cells and one without
  long tasks      the longest main-thread task from navigation to Python ready

Targets: zero Pyodide bytes on pages without cells; click->output <= 150 ms once
ready; warm navigation to ready <= 2.0 s; no main-thread task over 200 ms.
"""

import argparse
import functools
import http.server
import json
import statistics
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
CELLS_PAGE = "tensors/#try-it-in-your-browser"  # the cells are in view: intent at once
PLAIN_PAGE = "build-status/"
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
  .observe({ type: "longtask", buffered: true });
"""


class Isolated(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *args):
        pass


def serve(site):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Isolated, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def ready_time(page, base):
    page.add_init_script(LONG_TASKS)
    page.goto(base + CELLS_PAGE)
    page.wait_for_function("performance.getEntriesByName('book-python-ready').length > 0", timeout=180_000)
    ready = page.evaluate("performance.getEntriesByName('book-python-ready')[0].startTime")
    longest = page.evaluate("Math.max(0, ...window.__longTasks)")
    return ready / 1000, longest


def click_to_output(page):
    return page.evaluate(
        """async () => {
            const cell = document.querySelector('.book-cell');
            const run = [...cell.querySelectorAll('button')].find(b => b.textContent === 'Run');
            const done = new Promise(resolve => new MutationObserver((_, observer) => {
                if (['done', 'error'].includes(cell.dataset.state)) { observer.disconnect(); resolve(); }
            }).observe(cell, { attributes: true }));
            const started = performance.now();
            run.click();
            await done;
            return performance.now() - started;
        }"""
    )


def verify_page_cells(page):
    """Before a warm time counts: Python came from the saved snapshot, and every cell of
    the page prints what the book printed (running the last cell runs the others first)."""
    restored = page.evaluate("performance.getEntriesByName('book-python-ready').at(-1).detail.restored")
    verdicts = page.evaluate(
        """async () => {
            const cells = [...document.querySelectorAll('.book-cell')];
            const last = cells.at(-1);
            const finished = () => cells.every(c => ['done', 'error', 'stopped', 'failed'].includes(c.dataset.state));
            [...last.querySelectorAll('button')].find(b => b.textContent === 'Run').click();
            while (!finished()) await new Promise(resolve => setTimeout(resolve, 50));
            return cells.map(c => c.dataset.matches === 'true' ? 'same' : c.querySelector('.book-cell__verdict').textContent);
        }"""
    )
    wrong = [f"cell {n}: {v}" for n, v in enumerate(verdicts, start=1) if v != "same"]
    if not restored or wrong:
        raise SystemExit(f"the warm state is not usable (restored: {restored}): {'; '.join(wrong) or 'not restored'}")
    return len(verdicts)


def transferred(page, base, path):
    page.goto(base + path)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    entries = page.evaluate(
        "performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".map(e => [e.name, e.transferSize || e.encodedBodySize || 0])"
    )
    total = sum(size for _, size in entries)
    pyodide = sum(size for name, size in entries if "/pyodide/" in name or name.endswith(".whl"))
    return total, pyodide


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args()
    if not (args.site / "assets" / "book" / "cells.js").exists():
        raise SystemExit(f"no built site with cells at {args.site}: run `make build` first")
    from playwright.sync_api import sync_playwright

    server, base = serve(args.site)
    cold, warm, clicks, longest = [], [], [], []
    with sync_playwright() as playwright:
        launch = functools.partial(playwright.chromium.launch_persistent_context,
                                   executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for _ in range(args.rounds):  # cold: a new profile each time
            with tempfile.TemporaryDirectory() as profile:
                context = launch(profile)
                page = context.new_page()
                seconds, long_task = ready_time(page, base)
                cold.append(seconds)
                longest.append(long_task)
                context.close()
        with tempfile.TemporaryDirectory() as profile:
            context = launch(profile)
            page = context.new_page()
            ready_time(page, base)
            page.wait_for_timeout(5000)  # the first visit saves Python's snapshot after ready
            page.close()
            for _ in range(args.rounds):
                page = context.new_page()
                seconds, long_task = ready_time(page, base)
                warm.append(seconds)
                longest.append(long_task)
                verify_page_cells(page)  # also compiles the cells' code paths
                click_to_output(page)
                clicks.extend(click_to_output(page) for _ in range(3))
                page.close()
            context.close()
        with tempfile.TemporaryDirectory() as profile:  # the page itself, without cells: a baseline
            context = launch(profile)
            plain_longest = []
            for _ in range(args.rounds):
                page = context.new_page()
                page.add_init_script(LONG_TASKS)
                page.goto(base + PLAIN_PAGE)
                page.wait_for_load_state("networkidle")
                plain_longest.append(page.evaluate("Math.max(0, ...window.__longTasks)"))
                page.close()
            context.close()
        with tempfile.TemporaryDirectory() as profile:
            context = launch(profile)
            page = context.new_page()
            with_cells = transferred(page, base, "tensors/")
            without_cells = transferred(context.new_page(), base, PLAIN_PAGE)
            context.close()
    server.shutdown()

    results = {
        "cold ready s": statistics.median(cold),
        "warm ready s": statistics.median(warm),
        "click to output ms": statistics.median(clicks),
        "longest start-up task ms": max(longest),
        "longest task, page without cells ms": max(plain_longest),
        "bytes, page with cells": with_cells[0],
        "Pyodide bytes, page with cells": with_cells[1],
        "bytes, page without cells": without_cells[0],
        "Pyodide bytes, page without cells": without_cells[1],
    }
    for name, value in results.items():
        print(f"{name:<36}{value:>14,.3f}" if isinstance(value, float) else f"{name:<36}{value:>14,}")
    checks = [
        ("zero Pyodide bytes without cells", without_cells[1] == 0),
        ("click to output <= 150 ms", results["click to output ms"] <= 150),
        ("warm ready <= 2.0 s", results["warm ready s"] <= 2.0),
        ("no main-thread task > 200 ms", results["longest start-up task ms"] <= 200),
    ]
    print()
    for label, ok in checks:
        print(f"{'PASS' if ok else 'MISS'}  {label}")
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "cells.json").write_text(json.dumps({"cold": cold, "warm": warm, "clicks": clicks, "longest": longest, **results}, indent=1))


if __name__ == "__main__":
    main()
