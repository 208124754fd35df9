"""A reader's first visit and a long session, in Chromium: a fresh profile, the site at its own
URL (instant navigation on), served as a static host serves it (no COOP/COEP headers) where the
first visit is the point, then the same reader coming back.

- The page never reloads itself: a shared link and the scroll position survive the first
  visit, and a run does not wait for a reload.
- A long output stays in a box of bounded height, cut between lines, saying how many lines
  were left out; outputs scroll sideways instead of wrapping numbers.
- An edited cell says so after a reload, and offers Reset; a later cell that misses a name an
  earlier cell's book code defines says which cell and why.
- A cell the reader stopped never runs again by itself; a waiting cell says what Python is
  busy with; a loop left running on another page does not block the next page.
"""

import subprocess

import pytest

from bookproject import REPO

from .conftest import (
    FINISHED, READY_MS, arrive, cell, follow_link, leave, persistent_profile, run, set_code, wait_state,
)

CHAPTER = "tensors/"
SHARED_CODE = "shape = (2, 3)\nprint('shared', shape)"


def share_hash(cell_number, code):
    """The #share= fragment the page's Copy link makes (lz-string, as browser/src/share.js)."""
    script = "process.stdout.write(require('lz-string').compressToEncodedURIComponent(process.argv[1]))"
    packed = subprocess.run(["node", "-e", script, code], cwd=REPO, capture_output=True, text=True, check=True).stdout
    return f"#share={cell_number}.{packed}"


@pytest.fixture
def first_timer(playwright, tmp_path):
    """A reader who has never opened the book: an empty profile, a static host."""
    context = persistent_profile(playwright, tmp_path / "profile", static_host=True)
    page = context.pages[0]
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def mark_document(page):
    page.evaluate("() => { window.bookSameDocument = true; }")


def same_document(page):
    return page.evaluate("window.bookSameDocument === true")


def settled(page):
    """The first visit's work is done: the offline worker controls the page, every cell and
    widget has mounted, and Python, if it started, is ready."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
    page.wait_for_function(
        """() => [...document.querySelectorAll('.book-cell, .book-exercise')].every((el) => el.dataset.mounted)
            && [...document.querySelectorAll('[data-widget]')].every((el) => el.dataset.widgetMounted)""",
        timeout=READY_MS,
    )
    page.wait_for_function(
        "() => performance.getEntriesByName('book-python-ready').length >= performance.getEntriesByName('book-python-start').length",
        timeout=READY_MS,
    )


def in_view(page, locator):
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] < height and box["y"] + box["height"] > 0


# ---- 1. the first visit never reloads the page ------------------------------------------


def test_a_shared_link_survives_a_first_visit_and_runs_without_a_reload(first_timer, isolated_url):
    page = first_timer
    page.goto(isolated_url + CHAPTER + share_hash(2, SHARED_CODE))
    mark_document(page)
    shared = page.locator(".book-cell[data-shared='true']")
    shared.wait_for()
    settled(page)
    assert same_document(page), "the page reloaded itself on the first visit"
    assert page.evaluate("crossOriginIsolated") is False  # a static host: no headers until the worker's next page
    assert shared.get_attribute("data-cell") == "2"
    assert shared.locator(".cm-content").inner_text() == SHARED_CODE
    assert in_view(page, shared), "the shared cell is not where the reader landed"
    note = page.locator(".book-page-tools__python").inner_text()  # Python came with the cells in view
    assert "kept in this browser" in note and "offline" in note, note
    run(shared)
    assert shared.locator(".book-cell__output").inner_text().strip() == "shared (2, 3)"
    assert same_document(page)


@pytest.mark.parametrize("fragment", ["#what-to-take-away", "#exercises"])
def test_the_scroll_position_survives_the_first_visit_and_a_reload(first_timer, isolated_url, fragment):
    """The heading the reader opened the page at stays where it was while the page's cells,
    widgets and Python arrive; after a reload, the browser's restored position holds too."""
    page = first_timer
    heading = page.locator(fragment)

    def where():
        return round(heading.bounding_box()["y"])

    page.goto(isolated_url + CHAPTER + fragment)
    mark_document(page)
    landed = where()
    assert 0 <= landed < 200, landed
    settled(page)
    assert same_document(page)
    assert abs(where() - landed) <= 2, (landed, where())
    # a returning reader: the reload puts the heading back in view, and it stays there
    page.reload()
    page.wait_for_load_state()
    back = where()
    assert 0 <= back < page.viewport_size["height"], back
    settled(page)
    assert abs(where() - back) <= 2, (back, where())


def test_runs_do_not_wait_for_the_page_and_the_next_page_is_isolated(first_timer, isolated_url):
    page = first_timer
    page.goto(isolated_url + CHAPTER + "#try-it-in-your-browser")
    mark_document(page)
    first = cell(page)
    run(first)
    assert first.get_attribute("data-matches") == "true"
    assert same_document(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
    page.goto(isolated_url + "reshaping/")  # a page load under the worker: isolated, Stop interrupts
    assert page.evaluate("crossOriginIsolated") is True


# ---- 2. long outputs --------------------------------------------------------------------


def test_a_long_output_is_a_bounded_box_cut_between_lines(first_timer, isolated_url):
    page = first_timer
    page.goto(isolated_url + CHAPTER + "#try-it-in-your-browser")
    first = cell(page)
    set_code(page, first, "print(1)")
    run(first)
    page_height = page.evaluate("document.documentElement.scrollHeight")  # with a one-line output
    set_code(page, first, "for i in range(1, 100_001):\n    print(i)")
    run(first)
    output = first.locator(".book-cell__output")
    box = output.bounding_box()
    assert box["height"] <= 0.8 * page.viewport_size["height"], box
    assert page.evaluate("document.documentElement.scrollHeight") - page_height < 1.5 * box["height"]
    assert output.evaluate("el => el.scrollHeight > el.clientHeight") and output.get_attribute("tabindex") == "0"
    text = output.text_content()
    note = first.locator(".book-cell__cut").text_content()
    head, _, tail = text.partition(note)
    first_lines = [int(line) for line in head.splitlines() if line]
    last_lines = [int(line) for line in tail.splitlines() if line]
    assert first_lines == list(range(1, len(first_lines) + 1))
    assert last_lines == list(range(100_001 - len(last_lines), 100_001)), last_lines[:3]
    left_out = 100_000 - len(first_lines) - len(last_lines)
    assert f"{left_out:,} lines left out" in note, note
    assert first.get_attribute("data-matches") == "false"  # a cut output is never "the same as the book"


@pytest.mark.parametrize("width", [390, 1280])
def test_outputs_scroll_sideways_and_never_split_a_number(browser, isolated_url, width):
    context = browser.new_context(viewport={"width": width, "height": 844}, service_workers="block")
    page = context.new_page()
    found = 0
    for chapter in ("tensors/", "batched/", "cost/"):
        page.goto(isolated_url + chapter)
        blocks = page.evaluate(
            """() => [...document.querySelectorAll('.book-output pre > code, .book-cell__expected > code')].map((el) => ({
                whiteSpace: getComputedStyle(el).whiteSpace,
                wide: el.scrollWidth > el.clientWidth + 1,
                scrolls: ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
                lines: el.textContent.replace(/\\n$/, '').split('\\n').length,
                rendered: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
            }))"""
        )
        for block in blocks:
            assert block["whiteSpace"] == "pre" and block["scrolls"], block
        wide = [b for b in blocks if b["wide"]]
        found += len(wide)
        # a wide block shows each printed line on one line of the page (its scroll bar aside)
        assert all(b["rendered"] <= b["lines"] + 1 for b in wide), wide
    if width == 390:
        assert found > 0, "no output is wider than a phone: this test checks nothing there"
    context.close()


# ---- 3. edits are visible ---------------------------------------------------------------


def test_an_edited_cell_says_so_after_a_reload_and_reset_takes_it_back(first_timer, isolated_url):
    page = first_timer
    page.goto(isolated_url + CHAPTER + "#try-it-in-your-browser")
    second = cell(page, 1)
    label = second.locator(".book-cell__label").inner_text()
    set_code(page, second, "print('my version')")
    page.reload()
    second = cell(page, 1)
    page.wait_for_selector(".book-cell[data-mounted]")
    note = second.locator(".book-cell__edited")
    assert note.is_visible() and "Edited" in note.inner_text(), "an edited cell looks like the book's"
    assert "not your edit" in second.locator(".book-cell__label").inner_text()
    assert cell(page, 0).locator(".book-cell__edited").count() == 0
    second.get_by_role("button", name="Reset").click()
    assert second.locator(".book-cell__edited").count() == 0
    assert second.locator(".book-cell__label").inner_text() == label


def test_a_missing_name_names_the_earlier_cell_that_should_define_it(first_timer, isolated_url):
    page = first_timer
    page.goto(isolated_url + CHAPTER + "#try-it-in-your-browser")
    first, second = cell(page, 0), cell(page, 1)
    assert "x = torch.zeros" in first.locator(".cm-content").inner_text()  # the book's cell 1 defines x
    set_code(page, first, "import torch")  # the reader's edit no longer does
    set_code(page, second, "print(x.shape)")
    run(second)
    why = second.locator(".book-cell__why")
    assert second.get_attribute("data-verdict") == "error"
    # the cell has finished; the explanation follows once Python has read the earlier cells' names
    why.wait_for(state="visible", timeout=READY_MS)
    assert "Cell 1 defines x in the book's code, but your edit of it no longer does" in why.inner_text(), why.inner_text()
    assert why.locator("a").get_attribute("href") == "#" + first.get_attribute("id")
    # a cell the reader stopped: never run again by itself, and named as the reason
    set_code(page, first, "import torch\nwhile True:\n    pass\nx = torch.zeros(2)")
    first.get_by_role("button", name="Run").click()
    wait_state(first, ["running"])
    first.get_by_role("button", name="Stop").click()
    wait_state(first, ["stopped"])
    page.evaluate(
        """el => { window.bookRanAgain = false; new MutationObserver(() => {
            if (el.dataset.state === 'running') window.bookRanAgain = true; }).observe(el, { attributes: true }); }""",
        first.element_handle(),
    )
    run(second)
    assert page.evaluate("window.bookRanAgain") is False, "the stopped cell ran again by itself"
    assert first.get_attribute("data-run") == "stopped"
    page.wait_for_function("el => el.textContent.includes('you stopped it before it finished')",
                           arg=second.locator(".book-cell__why").element_handle(), timeout=READY_MS)
    # Reset brings the book's code back, and with it the usual order: cell 1 runs first again
    first.get_by_role("button", name="Reset").click()
    second.get_by_role("button", name="Reset").click()
    run(second)
    assert second.get_attribute("data-matches") == "true"
    assert first.get_attribute("data-state") == "done"


# ---- 4. one loop does not block everything ----------------------------------------------


def test_a_waiting_cell_says_what_python_is_busy_with(first_timer, isolated_url):
    page = first_timer
    page.goto(isolated_url + CHAPTER + "#try-it-in-your-browser")
    first, second, third = cell(page, 0), cell(page, 1), cell(page, 2)
    run(first)
    set_code(page, first, "import torch\nwhile True:\n    pass")
    first.get_by_role("button", name="Run").click()
    wait_state(first, ["running"])
    run_button = third.get_by_role("button", name="Run")
    run_button.click()  # cell 2 has not run: it runs first, once Python is free
    page.wait_for_function(
        "el => el.querySelector('.book-cell__status').textContent.includes('busy with cell 1')",
        arg=second.element_handle(), timeout=READY_MS,
    )
    assert "Running cell 2 first" in third.locator(".book-cell__status").inner_text()
    first.get_by_role("button", name="Stop").click()
    for target in (second, third):
        wait_state(target, FINISHED)
        assert target.get_attribute("data-matches") == "true", target.locator(".book-cell__output").inner_text()
    # after a run, the toolbar says once that the cell ran, and how long it took
    toolbar = third.locator(".book-cell__toolbar").inner_text()
    assert toolbar.count("Ran") == 1 and " s" in toolbar, toolbar


@pytest.mark.parametrize("static_host", [False, True], ids=["isolated", "static-host"])
def test_a_loop_left_running_on_another_page_does_not_block_the_next(playwright, isolated_url, tmp_path, static_host):
    context = persistent_profile(playwright, tmp_path / "profile", static_host=static_host)
    page = context.pages[0]
    page.goto(isolated_url + CHAPTER + "#try-it-in-your-browser")
    assert page.evaluate("crossOriginIsolated") is not static_host
    first = cell(page)
    run(first)
    set_code(page, first, "while True:\n    pass")
    first.get_by_role("button", name="Run").click()
    wait_state(first, ["running"])
    assert follow_link(page, isolated_url + "reshaping/"), "the navigation reloaded the page"
    arrived = cell(page)
    run(arrived)
    assert arrived.get_attribute("data-matches") == "true", arrived.locator(".book-cell__output").inner_text()
    # and back: the page left behind starts a fresh visit, its edited loop not running
    leave(page)
    page.go_back()
    assert arrive(page)
    assert cell(page).get_attribute("data-state") == "idle"
    assert cell(page).get_attribute("data-edited") == "true"
    context.close()


def test_a_reader_saving_data_downloads_python_only_when_they_reach_for_a_cell(browser, isolated_url):
    context = browser.new_context(service_workers="block")
    context.add_init_script("Object.defineProperty(navigator, 'connection', { value: { saveData: true } });")
    page = context.new_page()
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(isolated_url + CHAPTER + "#try-it-in-your-browser")  # cells in view
    page.wait_for_function("() => [...document.querySelectorAll('.book-cell')].every((el) => el.dataset.mounted)")
    assert page.evaluate("performance.getEntriesByName('book-python-start').length") == 0
    assert not [u for u in fetched if "/pyodide/" in u], "Python downloaded for a cell merely in view"
    run(cell(page))  # reaching for the cell is intent
    assert cell(page).get_attribute("data-matches") == "true"
    context.close()
