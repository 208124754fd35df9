"""Reading the book: listings that fit the column, figures a phone can enlarge, editors
whose wrapped lines keep their indentation, captions and notebook contents without
the author's bookkeeping. Page lists come from the navigation."""

import re

import pytest

from bookproject import nav_pages

from .conftest import clean, set_code

PAGES = [url for _, _, url in nav_pages()]


def test_listings_fit_the_content_column_at_1280_px(watched, isolated_url):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    scrolling, total = [], 0
    for url in PAGES:
        page.goto(isolated_url + url)
        found = page.evaluate(
            """() => [...document.querySelectorAll('.md-content pre > code')]
                .filter((code) => code.offsetParent !== null)
                .map((code) => [code.scrollWidth > code.clientWidth + 1,
                                code.closest('.highlight')?.querySelector('.filename')?.textContent || '',
                                code.textContent.split('\\n').reduce((a, b) => (b.length > a.length ? b : a), '')])"""
        )
        total += len(found)
        scrolling += [f"{url}: {title}: {longest!r}" for wide, title, longest in found if wide]
    assert total > 200
    assert not scrolling, f"{len(scrolling)} of {total} listings scroll sideways:\n" + "\n".join(scrolling)
    clean(watched, isolated_url)


def test_captions_name_the_file_not_its_sections(built_site):
    for url in PAGES:
        html = (built_site / url / "index.html").read_text(encoding="utf-8")
        captions = re.findall(r'<span class="filename">([^<]*)</span>', html)
        assert not [c for c in captions if "·" in c], (url, captions)


def test_a_figure_opens_full_size_on_a_phone(watched, isolated_url):
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(isolated_url + "matrices/")
    link = page.locator(".snippet a.book-figure:visible").first
    shown = link.locator("img").bounding_box()
    target = link.get_attribute("href")
    assert target.endswith("-light.svg#only-light"), target
    assert page.locator(".snippet a.book-figure[href$='#only-dark']:visible").count() == 0  # no invisible links
    link.click()
    page.wait_for_url(re.compile(r".*\.svg#only-light$"))
    width = page.evaluate("document.documentElement.getBoundingClientRect().width")
    assert width >= 1.4 * shown["width"], (width, shown)
    clean(watched, isolated_url)


def test_a_wrapped_editor_line_is_indented_past_its_own_indentation(watched, isolated_url):
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(isolated_url + "tensors/")
    cell = page.locator(".book-cell").first
    page.wait_for_selector(".book-cell[data-mounted]")
    set_code(page, cell, "for i in range(2):\n    total = " + " + ".join(f"value_{k}" for k in range(30)) + "\nprint(i)")
    lines = page.evaluate(
        """(cell) => [...cell.querySelectorAll('.cm-line')].map((line) => {
            const range = document.createRange();
            range.selectNodeContents(line);
            return [...range.getClientRects()].map((r) => Math.round(r.left));
        })""",
        cell.element_handle(),
    )
    header, body, last = lines
    assert len(body) > 2 and len(set(body)) >= 2, "the long line did not wrap"
    body_text_left = page.evaluate(
        """(cell) => { const line = cell.querySelectorAll('.cm-line')[1]; const range = document.createRange();
            const text = line.firstChild.firstChild || line.firstChild; const at = text.textContent.search(/\\S/);
            range.setStart(text, at); range.setEnd(text, at + 1); return Math.round(range.getBoundingClientRect().left); }""",
        cell.element_handle(),
    )
    continuation = min(left for left in body if left > min(body))
    assert continuation > body_text_left, (body, body_text_left)  # never looks dedented
    clean(watched, isolated_url)


@pytest.mark.parametrize("url", [url for url in PAGES if url not in ("", "build-status/")])
def test_a_notebook_contents_list_shows_words_not_markup(built_site, url):
    html = (built_site / "notebooks" / url / "index.html").read_text(encoding="utf-8")
    toc = html[html.index('md-nav--secondary'):]
    toc = toc[: toc.index("</nav>\n")] if "</nav>\n" in toc else toc
    entries = [re.sub(r"\s+", " ", e).strip() for e in re.findall(r'<span class="md-ellipsis">(.*?)</span>', toc, re.S)]
    assert entries, url
    assert not [e for e in entries if "$" in e or "`" in e or re.search(r" ,|\( ?\)", e)], entries
