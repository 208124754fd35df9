"""What search shows a reader: the words around a match, never a listing; and the authors'
build-status page, built and linked, is neither in the reader's navigation nor in search."""

import html
import json
import re

from bookproject import REPO, nav_pages

from .conftest import clean

WORD = "arange"  # in Chapter 1's prose and in its listings


def search_index(site):
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def listing_lines(page_html, word):
    """The lines of the page's listings (and their outputs) that hold ``word``."""
    blocks = re.findall(r'<div[^>]*class="[^"]*\bhighlight\b.*?</pre>', page_html, re.DOTALL)
    text = "\n".join(html.unescape(re.sub(r"<[^>]+>", "", block)) for block in blocks)
    return [line.strip() for line in text.splitlines() if word in line and len(line.strip()) > len(word)]


def test_the_search_index_holds_prose_not_listings(built_site):
    docs = search_index(built_site)
    with_code = [doc["location"] for doc in docs if "<pre" in doc["text"]]
    assert not with_code, f"code blocks in the search index: {with_code}"
    chapter = (built_site / "tensors" / "index.html").read_text(encoding="utf-8")
    lines = listing_lines(chapter, WORD)
    assert lines, f"no listing of Chapter 1 shows {WORD}"
    indexed = " ".join(html.unescape(doc["text"]) for doc in docs)
    assert not [line for line in lines if line in indexed], "a listing's line is in the search index"
    assert WORD in " ".join(doc["text"] for doc in docs if doc["location"].startswith("tensors/"))


def test_a_search_previews_prose_without_the_listing(watched, built_site, plain_url):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(plain_url + "faq/")
    page.wait_for_load_state("networkidle")
    page.keyboard.press("/")
    page.keyboard.type(WORD)
    page.locator(".md-search-result__item").first.wait_for()
    page.wait_for_function(  # the worker answers the whole word, not its first letters
        "word => [...document.querySelectorAll('.md-search-result mark')].some(m => m.textContent.includes(word))",
        arg=WORD,
    )
    results = page.locator(".md-search-result__list")
    previews = results.locator("article").evaluate_all(
        "articles => articles.map(a => [a.closest('a').getAttribute('href'), a.innerText])"
    )
    assert results.locator("pre").count() == 0, "a result shows a code block"
    chapter = [text for href, text in previews if "/tensors/" in href and WORD in text]
    assert chapter, f"no preview of Chapter 1 shows {WORD}: {previews}"
    lines = listing_lines((built_site / "tensors" / "index.html").read_text(encoding="utf-8"), WORD)
    shown = " ".join(text for _, text in previews)
    assert not [line for line in lines if line in shown], "a preview shows a listing's line"
    clean(watched, plain_url)


def test_the_build_status_page_is_built_and_linked_but_not_in_navigation_or_search(watched, built_site, plain_url):
    status = built_site / "build-status" / "index.html"
    assert status.is_file() and "<table>" in status.read_text(encoding="utf-8")
    assert not [doc["location"] for doc in search_index(built_site) if doc["location"].startswith("build-status/")]
    assert "build-status.md" not in [source for _, source, _ in nav_pages()]
    page = watched.page
    for url in ["", "remember/", "build-status/"]:
        page.goto(plain_url + url)
        in_nav = page.locator("nav.md-nav--primary a[href*='build-status'], nav.md-footer__inner a[href*='build-status']")
        assert in_nav.count() == 0, f"{url or 'home'}: the build-status page is in the reader's navigation"
    page.goto(plain_url)
    page.locator(".md-content a[href*='build-status']").first.click()  # the home page says where it is
    page.wait_for_url(re.compile(r".*/build-status/$"))
    assert page.locator(".md-content table tbody tr").count() > 50
    clean(watched, plain_url)
    for guide in ["README.md", "CONTRIBUTING.md"]:
        assert "build-status/" in (REPO / guide).read_text(encoding="utf-8"), guide
