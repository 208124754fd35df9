"""The published site on a static host: a project sub-path, no special headers, a 404 page."""

import functools
import http.server
import socket
import threading

import pytest

from .conftest import Watched

PREFIX = "book"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """Like GitHub Pages: files under /PREFIX/, the site's 404.html for anything missing, no headers."""

    def translate_path(self, path):
        if not path.startswith(f"/{PREFIX}/"):
            return "/nonexistent"
        return super().translate_path(path[len(PREFIX) + 1 :])

    def send_error(self, code, message=None, explain=None):
        page = self.directory + "/404.html"
        if code != 404:
            return super().send_error(code, message, explain)
        with open(page, "rb") as handle:
            body = handle.read()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def static_host(built_book, tmp_path_factory):
    """The book built for https://HOST/book/ and served from there by a plain static server."""
    from bookproject import build_real_book, cache_copy

    port = free_port()
    base = f"http://127.0.0.1:{port}/{PREFIX}/"
    folder = tmp_path_factory.mktemp("published")
    site, _, _ = build_real_book(folder, "site", cache=cache_copy(built_book, folder), BOOK_SITE_URL=base)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(StaticHost, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield base
    server.shutdown()


def test_cells_work_under_a_sub_path_with_the_book_service_worker(browser, static_host):
    context = browser.new_context()  # service workers allowed, as for a reader
    page = context.new_page()
    watched = Watched(page)
    # the first page runs at once, not isolated (the page is never reloaded to come under the worker);
    # the next page loaded under the book's service worker is cross-origin isolated
    for chapter, isolated in [("tensors/", False), ("reshaping/", True)]:
        page.goto(static_host + chapter)
        assert page.evaluate("crossOriginIsolated") is isolated, chapter
        cell = page.locator(".book-cell").first
        cell.scroll_into_view_if_needed()
        cell.get_by_role("button", name="Run").click()
        page.wait_for_function(
            "el => ['done', 'error'].includes(el.dataset.state)", arg=cell.element_handle(), timeout=60_000
        )
        assert cell.get_attribute("data-matches") == "true"
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    outside = [u for u in watched.requests if not u.startswith(static_host) and not u.startswith("data:")]
    assert not outside, f"requests outside the site's sub-path: {outside}"
    assert not watched.errors, watched.errors
    context.close()


def test_every_page_loads_under_the_sub_path(browser, static_host):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    watched = Watched(page)
    failed = []
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    site_pages = ["", "tensors/", "matrices/", "matmul/", "reshaping/", "autograd/", "build-status/", "notebooks/tensors/"]
    for path in site_pages:
        page.goto(static_host + path)
        page.wait_for_load_state("networkidle")
        assert page.locator("h1").count() >= 1, path
    assert not failed, f"missing files: {failed}"
    assert not watched.errors, watched.errors
    context.close()


def test_a_missing_page_gets_the_books_404_page(browser, static_host):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    watched = Watched(page)
    css = []
    page.on("response", lambda r: r.url.endswith(".css") and css.append(r.status))
    response = page.goto(static_host + "no/such/chapter/")
    assert response.status == 404
    page.wait_for_load_state("networkidle")
    assert "404" in page.locator("h1").inner_text()
    assert css and all(status == 200 for status in css), "the 404 page's styles did not load"
    home = page.locator("a.md-header__button.md-logo").evaluate("a => a.href")
    assert home == static_host, "the 404 page's home link leaves the site's sub-path"
    assert not watched.foreign(static_host)
    context.close()
