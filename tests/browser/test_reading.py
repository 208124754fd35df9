"""Reading the book: listings that fit the column, figures a phone can enlarge, editors
whose wrapped lines keep their indentation, captions and notebook contents without
the author's bookkeeping. Page lists come from the navigation."""

import re

import pytest

from bookproject import nav_pages

from .conftest import clean, set_code

PAGES = [url for _, _, url in nav_pages()]


def test_listings_fit_the_content_column_at_1280_px(watched, isolated_url):
    """Source listings fit as written (what code printed keeps its lines and may scroll:
    test_first_visit.py)."""
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    scrolling, total = [], 0
    for url in PAGES:
        page.goto(isolated_url + url)
        found = page.evaluate(
            """() => [...document.querySelectorAll('.md-content pre > code')]
                .filter((code) => code.offsetParent !== null && !code.closest('.book-output, .book-cell__expected'))
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
    link = page.locator(".snippet a.book-figure[href$='#only-light']").first
    link.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=link.locator("img").element_handle())
    shown = link.locator("img").bounding_box()
    target = link.get_attribute("href")
    assert target.endswith("-light.svg#only-light"), target
    assert page.locator(".snippet a.book-figure[href$='#only-dark']:visible").count() == 0  # no invisible links
    link.click()
    page.wait_for_url(re.compile(r".*\.svg#only-light$"))
    width = page.evaluate("document.documentElement.getBoundingClientRect().width")
    assert width >= 1.4 * shown["width"], (width, shown)
    # a bare SVG has no <link rel=icon>: Chromium asks for /favicon.ico, which the book has not
    watched.errors = [e for e in watched.errors if "404" not in e or not missing_only_favicon(watched)]
    clean(watched, isolated_url)


def missing_only_favicon(watched):
    return all(url.endswith("/favicon.ico") for url in watched.not_found)


def test_a_wrapped_editor_line_is_indented_past_its_own_indentation(watched, isolated_url):
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(isolated_url + "tensors/")
    cell = page.locator(".book-cell").first
    page.wait_for_selector(".book-cell[data-mounted]")
    set_code(page, cell, "for i in range(2):\n    total = " + " + ".join(f"value_{k}" for k in range(30)) + "\nprint(i)")
    # each visual row of the long line: (top, leftmost x of its text)
    rows = page.evaluate(
        """(cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell.querySelectorAll('.cm-line')[1]);
            const rows = new Map();
            for (const r of range.getClientRects()) {
                const top = Math.round(r.top);
                rows.set(top, Math.min(rows.get(top) ?? Infinity, Math.round(r.left)));
            }
            return [...rows.entries()].sort((a, b) => a[0] - b[0]);
        }""",
        cell.element_handle(),
    )
    assert len(rows) >= 2, f"the long line did not wrap: {rows}"
    body_text_left = page.evaluate(
        """(cell) => { const line = cell.querySelectorAll('.cm-line')[1]; const range = document.createRange();
            const text = line.firstChild.firstChild || line.firstChild; const at = text.textContent.search(/\\S/);
            range.setStart(text, at); range.setEnd(text, at + 1); return Math.round(range.getBoundingClientRect().left); }""",
        cell.element_handle(),
    )
    continuations = [left for _, left in rows[1:]]
    assert min(continuations) > body_text_left, (rows, body_text_left)  # never looks dedented
    clean(watched, isolated_url)


@pytest.mark.parametrize("url", [url for url in PAGES if url not in ("", "build-status/")])
def test_a_notebook_contents_list_shows_words_not_markup(built_site, url):
    html = (built_site / "notebooks" / url / "index.html").read_text(encoding="utf-8")
    toc = html[html.index('md-nav--secondary'):]
    toc = toc[: toc.index("</nav>\n")] if "</nav>\n" in toc else toc
    entries = [re.sub(r"\s+", " ", e).strip() for e in re.findall(r'<span class="md-ellipsis">(.*?)</span>', toc, re.S)]
    assert entries, url
    assert not [e for e in entries if "$" in e or "`" in e or re.search(r" ,|\( \)", e)], entries
