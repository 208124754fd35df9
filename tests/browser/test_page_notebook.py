"""The page as a notebook, in Chromium: share a cell by link (also on the page shown), Run all
and stale marks, Reset page, Download my notebook, what a first run costs, browsers that
cannot run the cells, a worker that dies mid-run, and a wheel that does not match its lock."""

import json
import re

import nbformat

from .conftest import READY_MS, cell, clean, eventually, run, set_code, wait_state

CHAPTER = "tensors/"


def tools(page):
    return page.locator(".book-page-tools")


def own_code(page, number):
    return page.evaluate(
        "n => Object.entries(localStorage).find(([k]) => k.endsWith('#cell ' + n))?.[1] ?? null", number
    )


def test_a_shared_link_round_trip(watched, isolated_url):
    page = watched.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(isolated_url + CHAPTER)
    second = cell(page, 1)
    page.wait_for_selector(".book-page-tools")
    set_code(page, second, "print('my own edit')")
    shared_code = "shape = (2, 3)\nprint('shared', shape)"
    set_code(page, second, shared_code)
    second.get_by_role("button", name="Copy link").click()
    page.wait_for_function("el => el.textContent.startsWith('Link copied')", arg=second.locator(".book-cell__status").element_handle())
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(isolated_url + CHAPTER + "#share=2."), link
    set_code(page, second, "print('my own edit')")  # the reader's saved edit, before opening the link
    page.goto("about:blank")
    page.goto(link)
    second = cell(page, 1)
    page.wait_for_selector(".book-cell[data-shared='true']")
    assert second.locator(".cm-content").inner_text() == shared_code
    assert "Someone else's code" in second.locator(".book-cell__shared").inner_text()
    assert second.get_attribute("data-state") == "idle", "a shared link's code ran by itself"
    assert second.locator(".book-cell__output").is_hidden()
    assert own_code(page, 2) == "print('my own edit')", "the shared code overwrote the reader's edit"
    second.get_by_role("button", name="Back to my code").click()
    assert second.locator(".cm-content").inner_text() == "print('my own edit')"
    assert "#share=" not in page.evaluate("location.href")  # decided: a reload does not bring it back
    # the same link again, on the page already shown: only the address's fragment changes, as when
    # a reader pastes it into the address bar (no new page load)
    page.evaluate("() => { window.bookSameDocument = true; }")
    page.evaluate("url => { location.href = url; }", link)
    second = cell(page, 1)
    page.wait_for_selector(".book-cell[data-shared='true']")
    assert page.evaluate("window.bookSameDocument") is True
    second.get_by_role("button", name="Keep it as my edit").click()
    assert own_code(page, 2) == shared_code
    assert "#share=" not in page.evaluate("location.href")
    page.reload()
    assert cell(page, 1).locator(".cm-content").inner_text() == shared_code
    run(cell(page, 1))
    assert cell(page, 1).locator(".book-cell__output").inner_text().strip() == "shared (2, 3)"
    clean(watched, isolated_url)


def test_a_link_for_the_page_shown_survives_materials_swap_of_the_page(watched, isolated_url):
    """A fragment change makes Material's instant navigation fetch the page and swap its content in,
    and its section tracking rewrites the address before the new cells mount: the shared code must
    still reach the new cell (it was lost, and the round trip above failed now and then)."""
    page = watched.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(isolated_url + CHAPTER)
    second = cell(page, 1)
    page.wait_for_selector(".book-page-tools")
    shared_code = "shape = (4, 1)\nprint('swapped', shape)"
    set_code(page, second, shared_code)
    second.get_by_role("button", name="Copy link").click()
    page.wait_for_function("el => el.textContent.startsWith('Link copied')", arg=second.locator(".book-cell__status").element_handle())
    link = page.evaluate("navigator.clipboard.readText()")
    second.get_by_role("button", name="Reset").click()
    page.evaluate("() => { window.bookSameDocument = true; document.querySelector('.md-content').dataset.before = 'swap'; }")
    page.evaluate("url => { location.href = url; }", link)
    # the content shown now is the page Material fetched again, and its cell shows the link's code
    page.wait_for_selector(".md-content:not([data-before]) .book-cell[data-shared='true'] .book-cell__shared")
    assert page.evaluate("window.bookSameDocument") is True
    second = cell(page, 1)
    assert second.locator(".cm-content").inner_text() == shared_code
    second.get_by_role("button", name="Keep it as my edit").click()
    assert own_code(page, 2) == shared_code
    page.reload()
    assert cell(page, 1).locator(".cm-content").inner_text() == shared_code
    assert cell(page, 1).get_attribute("data-shared") is None
    clean(watched, isolated_url)


def test_a_hostile_hash_gets_a_message_and_the_usual_code(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    original = cell(page, 1).locator(".cm-content").inner_text()
    cases = {
        "#share=2.@@@not-lz-string@@@": "could not be read",
        "#share=2." + "A" * 20_000: "too long",
        "#share=x.abc": "does not say which cell",
        "#share=99.A4JwlgdgLgFAjASiA": "but this page has",
    }
    for hash_, message in cases.items():
        page.goto("about:blank")
        page.goto(isolated_url + CHAPTER + hash_)
        page.wait_for_selector(".book-page-tools")
        shown = page.locator(".book-cell__link-problem, .book-page-tools__status").all_inner_texts()
        assert any(message in text for text in shown), (hash_[:40], shown)
        assert cell(page, 1).locator(".cm-content").inner_text() == original
        assert page.locator(".book-cell[data-shared]").count() == 0
        assert page.evaluate("window.hacked") is None
    clean(watched, isolated_url)


def test_run_all_runs_in_order_and_marks_stale_cells(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    page.wait_for_selector(".book-page-tools")
    page.evaluate(
        """() => { window.bookOrder = [];
            for (const el of document.querySelectorAll('.book-cell')) new MutationObserver(() => {
                if (el.dataset.state === 'running') window.bookOrder.push(Number(el.dataset.cell));
            }).observe(el, { attributes: true, attributeFilter: ['data-state'] }); }"""
    )
    count = page.locator(".book-cell").count()
    assert all(cell(page, n).get_attribute("data-run") == "not-run" for n in range(count))
    tools(page).get_by_role("button", name="Run all cells").click()
    page.wait_for_function(
        "n => document.querySelector('.book-page-tools__status').textContent.startsWith('Ran ' + n)", arg=count,
        timeout=READY_MS,
    )
    assert page.evaluate("window.bookOrder") == list(range(1, count + 1))
    assert all(cell(page, n).get_attribute("data-run") == "ran" for n in range(count))
    assert all(cell(page, n).get_attribute("data-matches") == "true" for n in range(count))
    set_code(page, cell(page, 0), "x = 1")  # an earlier cell changes
    assert cell(page, 0).get_attribute("data-run") == "ran"
    assert all(cell(page, n).get_attribute("data-run") == "stale" for n in range(1, count))
    assert "Stale" in cell(page, 1).locator(".book-cell__run-state").inner_text()
    run(cell(page, 2))
    assert cell(page, 2).get_attribute("data-run") == "ran"
    assert cell(page, 1).get_attribute("data-run") == "stale"
    clean(watched, isolated_url)


def test_reset_page_asks_once_and_hides_solutions_again(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    page.wait_for_selector(".book-page-tools")
    first, exercise = cell(page, 0), page.locator(".book-exercise").first
    original = first.locator(".cm-content").inner_text()
    set_code(page, first, "answer = 42\nprint(answer)")
    run(first)
    set_code(page, cell(page, 1), "print(answer)")
    exercise.locator("summary", has_text="Hint").click()
    exercise.locator("summary", has_text="Worked solution").click()
    assert exercise.locator(".book-exercise__solution pre").is_visible()
    tools(page).get_by_role("button", name="Reset page…").click()
    tools(page).get_by_role("button", name="Cancel").click()
    assert first.locator(".cm-content").inner_text() == "answer = 42\nprint(answer)", "Cancel reset something"
    assert "Nothing was reset" in tools(page).locator(".book-page-tools__status").inner_text()
    tools(page).get_by_role("button", name="Reset page…").click()
    tools(page).get_by_role("button", name="Yes, reset the page").click()
    assert first.locator(".cm-content").inner_text() == original
    assert cell(page, 1).locator(".cm-content").inner_text() != "print(answer)"
    assert first.locator(".book-cell__output").is_hidden() and first.get_attribute("data-run") == "not-run"
    assert exercise.locator("details[open]").count() == 0, "a revealed solution stayed open"
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('book-cell:')).length") == 0
    # the namespace is forgotten: a cell that reads `answer` no longer finds it
    set_code(page, cell(page, 1), "print('answer' in dir())")
    run(cell(page, 1))
    assert cell(page, 1).locator(".book-cell__output").inner_text().strip() == "False"
    clean(watched, isolated_url)


def test_download_my_notebook_is_a_valid_ipynb(watched, isolated_url, tmp_path):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    page.wait_for_selector(".book-page-tools")
    set_code(page, cell(page, 0), "print('edited first cell')")
    run(cell(page, 0))
    set_code(page, cell(page, 1), "1 / 0")
    run(cell(page, 1))
    with page.expect_download() as info:
        tools(page).get_by_role("button", name="Download my notebook").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name == "tensors-my-cells.ipynb"
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert len(code) == page.locator(".book-cell").count()
    assert code[0].source == "print('edited first cell')"
    assert code[0].outputs[0]["text"] == "edited first cell\n"
    error = code[1].outputs[-1]
    assert error["output_type"] == "error" and error["ename"] == "ZeroDivisionError"
    assert all(not c.outputs for c in code[2:]), "cells that never ran have outputs"
    clean(watched, isolated_url)


def test_a_page_says_once_what_the_first_run_downloads_until_python_is_kept(watched, isolated_url, own_site):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    note = tools(page).locator(".book-page-tools__python")
    page.wait_for_function("el => !el.hidden", arg=note.element_handle())
    text = note.inner_text()
    assert "once" in text and "offline" not in text, text  # service workers blocked: nothing kept offline
    megabytes = float(re.search(r"([\d.]+) MB", text).group(1))
    site = own_site[1]
    published = sum(p.stat().st_size for p in (site / "assets" / "pyodide").iterdir()) + (
        site / "assets" / "book" / "cell-worker.js"
    ).stat().st_size
    assert abs(megabytes - published / 1e6) < 0.06, (text, published)
    assert page.locator(".book-cell__cost").count() == 0, "each cell repeats the download note"
    assert page.get_by_text("MB, once").count() == 1, "the download is announced more than once"
    run(cell(page, 0))
    assert "downloaded" in note.inner_text() and "offline" not in note.inner_text(), note.inner_text()
    # what the page and its Python worker fetched of the runtime: no more than the note said
    runtime = [r for r in watched.finished if re.search(r"/assets/pyodide/|cell-worker", r.url)]
    fetched = sum(r.sizes()["responseBodySize"] for r in runtime)
    assert any("pyodide.asm.wasm" in r.url for r in runtime), [r.url for r in runtime]
    assert fetched <= published * 1.01, (fetched, published)
    # Python is in this browser now (its saved state): the next page says nothing of a download
    eventually(page, "async () => (await (await caches.open('book-python-snapshots')).keys()).length > 0")
    page.goto(isolated_url + "reshaping/")
    page.wait_for_selector(".book-page-tools")
    cell(page).scroll_into_view_if_needed()  # intent: Python starts, from this browser's copy
    page.wait_for_function("() => performance.getEntriesByName('book-python-ready').length > 0", timeout=READY_MS)
    assert tools(page).locator(".book-page-tools__python").is_hidden()
    assert page.get_by_text("MB, once").count() == 0
    clean(watched, isolated_url)


def test_a_browser_that_cannot_run_cells_keeps_the_book_readable(browser, isolated_url):
    for missing, reason in [("Worker", "no Web Workers"), ("WebAssembly", "no WebAssembly")]:
        context = browser.new_context()
        context.add_init_script(f"delete window.{missing};")
        page = context.new_page()
        page.goto(isolated_url + CHAPTER)
        page.wait_for_selector(".book-cell[data-state='unavailable']")
        first = cell(page, 0)
        assert reason in first.locator(".book-cell__unavailable").inner_text()
        assert first.locator(".book-cell__expected").is_visible()
        assert first.locator(".book-cell__source").is_visible(), "the book's code is not shown"
        assert page.locator(".cm-editor").count() == 0
        context.close()


def test_a_worker_that_dies_mid_run_is_reported_and_restarted(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    first = cell(page, 0)
    run(first)
    set_code(page, first, "import ctypes\nctypes.string_at(0xfffffff0, 64)  # reads outside memory")
    run(first)
    assert "Python stopped unexpectedly" in first.locator(".book-cell__verdict").inner_text()
    assert first.get_attribute("data-state") == "error"
    first.get_by_role("button", name="Reset").click()
    run(first)
    assert first.get_attribute("data-matches") == "true", first.locator(".book-cell__output").inner_text()
    # Pyodide logs the crash itself: expected here, and nothing else may be logged
    crash = ("memory access out of bounds", "fatal error", "Fatal Python error")
    watched.errors = [e for e in watched.errors if not any(word in e for word in crash)]
    clean(watched, isolated_url)


def test_a_wheel_that_does_not_match_its_lock_is_refused(watched, isolated_url, own_site):
    page = watched.page
    lock = json.loads((own_site[1] / "assets" / "pyodide" / "pyodide-lock.json").read_text())
    entry = lock["packages"]["booktorch"]
    wheel = (own_site[1] / "assets" / "pyodide" / entry["file_name"]).read_bytes()
    tampered = wheel[:-1] + bytes([wheel[-1] ^ 1])
    page.route(re.compile(r".*\.whl$"), lambda route: route.fulfill(body=tampered, content_type="application/zip"))
    page.goto(isolated_url + CHAPTER)
    first = cell(page, 0)
    first.get_by_role("button", name="Run").click()
    wait_state(first, ["failed"])
    assert "does not match its sha256 in pyodide-lock.json" in first.locator(".book-cell__status").inner_text()
    watched.errors = [e for e in watched.errors if "integrity" not in e.lower()]
    clean(watched, isolated_url)
