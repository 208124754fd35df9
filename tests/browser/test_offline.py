"""The book offline, in Chromium, from a static host (no COOP/COEP headers): one visit keeps
what reading needs (every page and figure, the search index), and nothing else; Python is
kept once a cell has run, a notebook once it has been opened; with the network cut, every
page opens, cells run, and a notebook never opened says why it is missing. A new build
replaces the old copy but keeps the Python it did not change."""

import json
import re
import shutil
import subprocess

import pytest

from bookproject import REPO, nav_pages, service_worker_files

from .conftest import READY_MS, cell, eventually, persistent_profile, run, serve

ON_DEMAND = re.compile(r"^(assets/pyodide/|notebooks/|assets/javascripts/lunr/)")


def manifest(site):
    """{url: revision} of every file the site's service worker lists."""
    return service_worker_files(site)


def reading(site):
    """The files kept on the first visit: all but Python, the notebooks and unused search languages."""
    return {url: rev for url, rev in manifest(site).items() if not ON_DEMAND.match(url)}


KEPT_URLS = "async () => (await (await caches.open('book-on-demand')).keys()).map((r) => r.url)"


def wait_until_reading_is_kept(page, expected):
    """The page is controlled by the book's worker, and its reading cache holds every file."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
    eventually(
        page,
        """async (expected) => {
            const names = (await caches.keys()).filter((n) => n.startsWith('book-offline-'));
            return names.length === 1 && (await (await caches.open(names[0])).keys()).length >= expected;
        }""",
        expected,
    )


@pytest.fixture
def static_copy(built_site, tmp_path):
    """A copy of the built site on a static host that sends no special headers."""
    site = tmp_path / "static"
    shutil.copytree(built_site, site)
    base, stop = serve(site, {})
    yield site, base
    stop()


def test_the_service_worker_lists_python_and_notebooks_apart(built_site):
    files = manifest(built_site)
    assert len(files) > 100 and "assets/pyodide/pyodide.asm.wasm" in files
    assert any(url.endswith(".whl") for url in files) and "notebooks/tensors/tensors.ipynb" in files
    source = (built_site / "book-sw.js").read_text(encoding="utf-8")
    # two lists: the reading list first, then the on-demand list, which holds all the rest
    split = min(source.index(f'"url":"{url}"') for url in files if ON_DEMAND.match(url))
    for url in files:
        at = source.index(f'"url":"{url}"')
        assert (at >= split) == bool(ON_DEMAND.match(url)), url


def test_one_visit_keeps_reading_offline_python_once_run_and_notebooks_once_opened(playwright, static_copy, tmp_path):
    site, base = static_copy
    context = persistent_profile(playwright, tmp_path / "profile")
    page = context.pages[0]
    fetched = []
    context.on("requestfinished", lambda request: fetched.append(request.url))
    page.goto(base)  # the home page: no cells
    page.evaluate("() => { window.bookSameDocument = true; }")
    wait_until_reading_is_kept(page, len(reading(site)))
    assert page.evaluate("window.bookSameDocument") is True, "the page reloaded itself"
    assert not [u for u in fetched if "/assets/pyodide/" in u or "/notebooks/" in u], "fetched before any intent"
    # offline: every page of the book opens, with its figures and the search index
    context.set_offline(True)
    for _, _, url in nav_pages():
        response = page.goto(base + url)
        assert response.status == 200, url
        assert page.locator(".md-content h1").count() == 1, url
    for download in ["search/search_index.json", "manifest.webmanifest", "figures/ch02/squares-1-light.svg"]:
        assert page.evaluate("async (url) => (await fetch(url)).status", base + download) == 200, download
    missing = page.goto(base + "no-such-page/")
    assert missing.status == 404 and "404" in page.content()
    # a notebook never opened, and Python never downloaded: each says why, nothing breaks
    response = page.goto(base + "notebooks/autograd/")
    assert response.status == 503 and "Not saved for offline reading" in page.content()
    page.goto(base + "tensors/")
    first = cell(page)
    first.scroll_into_view_if_needed()
    first.get_by_role("button", name="Run").click()
    page.wait_for_function("el => el.dataset.state === 'failed'", arg=first.element_handle(), timeout=READY_MS)
    assert "offline and has no copy of Python yet" in first.locator(".book-cell__status").inner_text()
    # online again: a cell runs (Python is downloaded and kept), a notebook is opened
    context.set_offline(False)
    page.goto(base + "tensors/")
    run(cell(page))
    assert cell(page).get_attribute("data-matches") == "true"
    eventually(page, KEPT_URLS.replace("map((r) => r.url)", "some((r) => r.url.includes('pyodide.asm.wasm'))"))
    assert page.goto(base + "notebooks/autograd/").status == 200
    # offline again: cells run, on a page Python never ran on too; the opened notebook opens
    context.set_offline(True)
    for chapter in ["tensors/", "autograd/"]:
        page.goto(base + chapter)
        run(cell(page))
        assert cell(page).get_attribute("data-matches") == "true", (chapter, cell(page).locator(".book-cell__output").inner_text())
    assert page.goto(base + "notebooks/autograd/").status == 200
    context.close()


def test_a_page_loaded_under_the_worker_is_isolated_and_stop_interrupts(playwright, static_copy, tmp_path):
    """The first page is not reloaded to come under the worker; the next page load is, and is
    cross-origin isolated (Stop then interrupts Python instead of restarting it)."""
    site, base = static_copy
    context = persistent_profile(playwright, tmp_path / "profile")
    page = context.pages[0]
    page.goto(base + "tensors/")
    assert page.evaluate("crossOriginIsolated") is False
    wait_until_reading_is_kept(page, len(reading(site)))
    page.goto(base + "reshaping/")
    assert page.evaluate("crossOriginIsolated") is True
    context.close()


def test_a_new_build_replaces_the_offline_copy_and_keeps_unchanged_python(playwright, static_copy, tmp_path):
    site, base = static_copy
    context = persistent_profile(playwright, tmp_path / "profile")
    page = context.pages[0]
    page.goto(base + "tensors/")
    wait_until_reading_is_kept(page, len(reading(site)))
    run(cell(page))
    eventually(page, KEPT_URLS.replace("map((r) => r.url)", "some((r) => r.url.includes('pyodide.asm.wasm'))"))
    kept = page.evaluate(KEPT_URLS)
    old = page.evaluate("caches.keys()")
    # a new build: one page changes, and the worker is written again for it
    chapter = site / "matrices" / "index.html"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace("</h1>", " (second edition)</h1>", 1), encoding="utf-8")
    proc = subprocess.run(["node", "browser/precache.mjs", str(site)], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["onDemand"]["count"] > 5
    page.goto(base + "matrices/")  # a navigation checks for a new worker
    eventually(
        page,
        "async (old) => { const now = (await caches.keys()).filter(n => n.startsWith('book-offline-'));"
        " return now.length === 1 && !old.includes(now[0]); }",
        old,
    )
    page.reload()
    assert "(second edition)" in page.locator(".md-content h1").inner_text()
    assert sorted(page.evaluate(KEPT_URLS)) == sorted(kept), "a new build dropped the Python it did not change"
    context.close()


def test_the_web_app_manifest_is_linked_from_every_page(built_site):
    data = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert data["start_url"] == "./" and data["display"] == "standalone"
    assert (built_site / data["icons"][0]["src"]).is_file()
    for _, _, url in nav_pages():
        html = (built_site / url / "index.html").read_text(encoding="utf-8")
        depth = url.count("/")
        assert f'<link rel="manifest" href="{"../" * depth}manifest.webmanifest">' in html, url


def test_python_that_cannot_be_fetched_says_the_site_is_out_of_reach(browser, plain_url):
    """The worker's navigator.onLine can still say online when the network is gone (here
    nothing is emulated: the requests for Python just fail); the cell says why it cannot run."""
    context = browser.new_context(service_workers="block")
    context.route(re.compile(r".*/assets/pyodide/.*"), lambda route: route.abort("internetdisconnected"))
    page = context.new_page()
    page.goto(plain_url + "tensors/")
    first = cell(page)
    first.scroll_into_view_if_needed()
    first.get_by_role("button", name="Run").click()
    page.wait_for_function("el => el.dataset.state === 'failed'", arg=first.element_handle(), timeout=READY_MS)
    assert page.evaluate("navigator.onLine") is True
    assert "offline and has no copy of Python yet" in first.locator(".book-cell__status").inner_text()
    context.close()
