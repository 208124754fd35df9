"""The whole book offline, in Chromium: after one visit to a static host (no COOP/COEP
headers), the book's service worker has precached every file; with the network cut,
every page, notebook and figure opens and cells run; a new build replaces the old copy."""

import json
import re
import shutil
import subprocess
import time

import pytest

from bookproject import REPO, nav_pages

from .conftest import READY_MS, cell, persistent_profile, run, serve

PRECACHED = re.compile(r'\{"revision":"?([^",}]*)"?,"url":"([^"]+)"\}')


def manifest(site):
    """{url: revision} of the site's service worker."""
    return {url: revision for revision, url in PRECACHED.findall((site / "book-sw.js").read_text(encoding="utf-8"))}


def eventually(page, script, arg=None, timeout=180):
    """Poll an async page function until it returns true (wait_for_function does not await)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"timed out waiting for: {script}"
        page.wait_for_timeout(500)


def wait_until_offline_ready(page, expected):
    """The page is controlled by the book's worker, isolated, and its cache holds every file."""
    page.wait_for_function("navigator.serviceWorker.controller !== null && crossOriginIsolated", timeout=READY_MS)
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


def test_every_page_opens_and_cells_run_offline_after_one_visit(playwright, static_copy, tmp_path):
    site, base = static_copy
    files = manifest(site)
    assert len(files) > 100 and "assets/pyodide/pyodide.asm.wasm" in files
    assert any(url.endswith(".whl") for url in files) and "notebooks/tensors/tensors.ipynb" in files
    context = persistent_profile(playwright, tmp_path / "profile")
    page = context.pages[0]
    page.goto(base + "tensors/")
    wait_until_offline_ready(page, len(files))
    run(cell(page))  # Python starts once, and saves its snapshot
    assert cell(page).get_attribute("data-matches") == "true"
    page.wait_for_timeout(3000)  # the snapshot is saved after Python is ready
    context.set_offline(True)
    opened = []
    for _, _, url in nav_pages():
        response = page.goto(base + url)
        assert response.status == 200, url
        assert page.locator(".md-content h1").count() == 1, url
        opened.append(url)
    assert page.goto(base + "notebooks/autograd/").status == 200
    for download in ["notebooks/tensors/tensors.ipynb", "manifest.webmanifest", "figures/ch02/squares-1-light.svg"]:
        assert page.evaluate("async (url) => (await fetch(url)).status", base + download) == 200, download
    missing = page.goto(base + "no-such-page/")
    assert missing.status == 404 and "404" in page.content()
    for chapter in ["tensors/", "autograd/"]:
        page.goto(base + chapter)
        first = cell(page)
        run(first)
        assert first.get_attribute("data-matches") == "true", (chapter, first.locator(".book-cell__output").inner_text())
    assert len(opened) == len(nav_pages())
    context.close()


def test_a_new_build_replaces_the_offline_copy(playwright, static_copy, tmp_path):
    site, base = static_copy
    context = persistent_profile(playwright, tmp_path / "profile")
    page = context.pages[0]
    page.goto(base + "tensors/")
    wait_until_offline_ready(page, len(manifest(site)))
    old = page.evaluate("caches.keys()")
    # a new build: one page changes, and the worker is written again for it
    chapter = site / "matrices" / "index.html"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace("</h1>", " (second edition)</h1>", 1), encoding="utf-8")
    proc = subprocess.run(["node", "browser/precache.mjs", str(site)], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    page.goto(base + "matrices/")  # a navigation checks for a new worker
    eventually(
        page,
        "async (old) => { const now = (await caches.keys()).filter(n => n.startsWith('book-offline-'));"
        " return now.length === 1 && !old.includes(now[0]); }",
        old,
    )
    page.reload()
    assert "(second edition)" in page.locator(".md-content h1").inner_text()
    context.close()


def test_the_web_app_manifest_is_linked_from_every_page(built_site):
    data = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert data["start_url"] == "./" and data["display"] == "standalone"
    assert (built_site / data["icons"][0]["src"]).is_file()
    for _, _, url in nav_pages():
        html = (built_site / url / "index.html").read_text(encoding="utf-8")
        depth = url.count("/")
        assert f'<link rel="manifest" href="{"../" * depth}manifest.webmanifest">' in html, url

