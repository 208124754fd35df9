"""Every page of the built book in Chromium: only its own host, KaTeX, navigation, search."""

import json
import re

from .conftest import Watched

KATEX_SCRIPT = re.compile(r"katex(\.min)?\.m?js|auto-render")


def all_pages(site):
    return sorted(p.relative_to(site).parent.as_posix() for p in site.rglob("index.html"))


def test_every_page_loads_only_from_its_own_host(browser, built_site, isolated_url):
    """Every page, notebooks included: no request to another host, no console error, and
    no request for KaTeX's JavaScript (the math is rendered at build time), only its CSS."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    watched = Watched(page)
    for path in all_pages(built_site):
        page.goto(isolated_url + ("" if path == "." else path + "/"))
        page.wait_for_load_state("networkidle")
        if path == "tensors":
            assert page.locator(".katex").count() > 0, "KaTeX rendered no math on the chapter"
    context.close()
    assert len({u for u in watched.requests if u.endswith("/")}) > 20, "every page, notebooks included, was visited"
    assert not watched.foreign(isolated_url), f"requests to other hosts: {watched.foreign(isolated_url)}"
    assert not watched.errors, f"console errors: {watched.errors}"
    assert not [u for u in watched.requests if KATEX_SCRIPT.search(u)]
    assert [u for u in watched.requests if "/assets/katex/katex.min.css" in u], "KaTeX's CSS is still served"


CHAPTERS = {
    "tensors": ["rank", "dtype", "arange"],
    "matrices": ["determinant", "rotation"],
    "matmul": ["argmax", "cosine"],
    "reshaping": ["broadcasting", "contiguous", "stride"],
    "indexing": ["keepdim", "stack", "mask"],
    "batched": ["einsum", "attention", "causal"],
    "devices": ["from_numpy", "device"],
    "autograd": ["backward", "inference_mode"],
    "cost": ["bandwidth", "backward"],
    "training": ["optimizer", "zero_grad"],
    "faq": ["requires_grad"],
    "remember": ["shape"],
}


def test_search_finds_every_chapter_by_its_key_terms(built_site):
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    for chapter, terms in CHAPTERS.items():
        entries = [doc for doc in index["docs"] if doc["location"].startswith(f"{chapter}/")]
        assert entries, f"{chapter} is not in the search index"
        text = " ".join(f"{doc['title']} {doc['text']}" for doc in entries).lower()
        for term in terms:
            assert term.lower() in text, f"searching '{term}' would not find {chapter}"


def test_chapters_have_previous_next_links_and_a_table_of_contents(browser, isolated_url):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    for chapter in ["tensors", "matrices", "matmul", "reshaping", "devices", "autograd", "cost", "training"]:
        page.goto(f"{isolated_url}{chapter}/")
        assert page.locator("nav.md-footer__inner a.md-footer__link--prev").count() == 1, chapter
        assert page.locator("nav.md-footer__inner a.md-footer__link--next").count() == 1, chapter
        assert page.locator("nav.md-nav--secondary a.md-nav__link").count() >= 3, f"{chapter}: no table of contents"
    context.close()


def url_settled(page, quiet_ms=1500):
    """Wait until the URL has not changed for ``quiet_ms``. After instant navigation,
    navigation tracking rewrites the URL's #section a moment later, and Material closes
    the search it finds open when the URL changes."""
    page.evaluate(
        """quiet => new Promise((resolve) => {
            let last = location.href, since = performance.now();
            const timer = setInterval(() => {
                if (location.href !== last) [last, since] = [location.href, performance.now()];
                else if (performance.now() - since >= quiet) { clearInterval(timer); resolve(); }
            }, 50);
        })""",
        quiet_ms,
    )


def test_search_index_loads_when_the_reader_opens_search(browser, isolated_url):
    """No page downloads the search index (the whole book's text) until the reader opens
    search; then search finds what it always found, from the keyboard or from a ?q= link."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    watched = Watched(page)
    index = lambda: [u for u in watched.requests if u.endswith("/search/search_index.json")]  # noqa: E731
    page.goto(isolated_url + "faq/")
    page.wait_for_load_state("networkidle")
    page.locator("nav.md-footer__inner a.md-footer__link--next").click()  # instant navigation
    page.wait_for_url(lambda url: url.split("#")[0].endswith("/remember/"))
    page.wait_for_load_state("networkidle")
    url_settled(page)
    assert index() == [], "the search index was downloaded before anyone searched"
    page.keyboard.press("/")
    page.keyboard.type("broadcasting")
    results = page.locator(".md-search-result__item:visible")  # (a page's further matches are folded away)
    results.first.wait_for()
    assert "reshaping/" in " ".join(results.locator("a").evaluate_all("links => links.map(a => a.href)"))
    assert len(index()) == 1
    page.goto(isolated_url + "?q=contiguous")
    page.locator(".md-search-result__item:visible").first.wait_for()
    context.close()
    assert not watched.errors, f"console errors: {watched.errors}"
