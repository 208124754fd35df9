"""Browser cells in a real headless Chromium, against the built book on 127.0.0.1."""

import json

import pytest

from .conftest import READY_MS, ROOT, answers_while_python_is_busy, cell, clean, flood_then_stop, run, set_code, wait_state

CHAPTER = "tensors/"


def test_a_cell_runs_and_matches_the_book(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    first = cell(page)
    expected = first.locator(".book-cell__expected").inner_text()
    assert first.locator(".book-cell__note").inner_text().count("torch 2.13")
    run(first)
    assert first.get_attribute("data-matches") == "true", first.locator(".book-cell__output").inner_text()
    assert first.locator(".book-cell__output").inner_text().strip() == expected.strip()
    assert "Same output as the book" in first.locator(".book-cell__verdict").inner_text()
    assert page.evaluate("crossOriginIsolated") is True
    clean(watched, isolated_url)


def test_an_edit_survives_a_reload_and_reset_restores_the_original(watched, plain_url):
    page = watched.page
    page.goto(plain_url + CHAPTER)
    first = cell(page)
    original = first.locator(".cm-content").inner_text()
    set_code(page, first, "print('edited by the reader')")
    page.reload()
    assert cell(page).locator(".cm-content").inner_text() == "print('edited by the reader')"
    cell(page).get_by_role("button", name="Reset").click()
    assert cell(page).locator(".cm-content").inner_text() == original
    page.reload()
    assert cell(page).locator(".cm-content").inner_text() == original
    clean(watched, plain_url)


@pytest.mark.parametrize("isolated", [True, False], ids=["isolated", "not-isolated"])
def test_stop_ends_an_infinite_loop(watched, isolated_url, plain_url, isolated):
    base = isolated_url if isolated else plain_url
    page = watched.page
    page.goto(base + CHAPTER)
    assert page.evaluate("crossOriginIsolated") is isolated
    first = cell(page)
    run(first)  # Python is up and the cell has run once
    # a loop that says now and then that it spins (the worker sends output with a write, at
    # most every 50 ms: output-stream.js), so the test knows Python is busy
    set_code(page, first, "n = 0\nwhile True:\n    n += 1\n    if n % 1_000_000 == 0:\n        print('spinning', n)")
    first.get_by_role("button", name="Run").click()
    page.wait_for_function("el => el.querySelector('.book-cell__output').textContent.includes('spinning')",
                           arg=first.element_handle(), timeout=READY_MS)
    answers_while_python_is_busy(page, cell(page, 1))  # Python spins in its worker, not on the page
    first.get_by_role("button", name="Stop").click()  # how fast it stops: bench/bench_cells.py
    wait_state(first, ["stopped"])
    # the next run works, and earlier cells' names are still defined after a restart
    first.get_by_role("button", name="Reset").click()
    run(first)
    assert first.get_attribute("data-matches") == "true"
    clean(watched, base)


def test_printed_html_is_shown_as_text_and_never_runs(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    first = cell(page)
    set_code(page, first, "print('<img src=x onerror=\"window.hacked=1\"><b>bold</b>')")
    run(first)
    output = first.locator(".book-cell__output")
    assert "<b>bold</b>" in output.inner_text()
    assert output.locator("b, img").count() == 0
    assert page.evaluate("window.hacked") is None
    assert first.get_attribute("data-matches") == "false"
    clean(watched, isolated_url)


def test_an_exception_shows_a_traceback(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    first = cell(page)
    set_code(page, first, "def f():\n    return 1 / 0\nf()")
    run(first)
    text = first.locator(".book-cell__output").inner_text()
    assert "Traceback (most recent call last)" in text
    assert 'File "cell 1", line 2, in f' in text
    assert text.rstrip().endswith("ZeroDivisionError: division by zero")
    assert first.get_attribute("data-state") == "error"
    clean(watched, isolated_url)


def test_a_page_without_cells_fetches_no_pyodide(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url)
    page.wait_for_load_state("networkidle")
    assert page.locator(".book-cell").count() == 0
    loaded = [u for u in watched.requests if "pyodide" in u or u.endswith("cells.js") or u.endswith(".whl")]
    assert not loaded, loaded
    clean(watched, isolated_url)


def test_cells_start_python_only_on_intent(watched, isolated_url):
    page = watched.page
    page.set_viewport_size({"width": 1000, "height": 500})
    page.goto(isolated_url + CHAPTER)
    page.wait_for_load_state("networkidle")
    if page.locator(".book-cell").first.bounding_box()["y"] > 2000:
        assert not [u for u in watched.requests if "pyodide" in u], "Pyodide loaded before any intent"
    cell(page).scroll_into_view_if_needed()
    # the worker fetches Pyodide (its requests reach page.on("request"), not the page's timeline)
    page.wait_for_function("() => performance.getEntriesByName('book-python-ready').length > 0", timeout=120_000)
    assert [u for u in watched.requests if "pyodide.asm.wasm" in u], watched.requests
    clean(watched, isolated_url)


def test_only_the_widgets_that_run_python_wait_for_intent(watched, isolated_url):
    """The loader reads the widgets' registry: a widget flagged ``python`` (the tape) starts
    Python on intent as a cell does; the others never do."""
    registry = json.loads((ROOT / "browser" / "src" / "widgets" / "registry.json").read_text())
    page = watched.page
    seen = set()
    for chapter in ("tensors/", "matrices/", "matmul/", "reshaping/", "autograd/"):
        page.goto(isolated_url + chapter)
        page.wait_for_selector("[data-widget][data-widget-mounted]", state="attached")
        for element in page.locator("[data-widget]").all():
            name = element.get_attribute("data-widget")
            seen.add(name)
            assert (element.get_attribute("data-intent-watched") == "true") == registry[name]["python"], name
    assert seen == set(registry)
    assert any(entry["python"] for entry in registry.values()) and not all(entry["python"] for entry in registry.values())
    clean(watched, isolated_url)


def test_instant_navigation_keeps_cells_working(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url)
    page.locator(f"a[href$='{CHAPTER}']").first.click()
    page.wait_for_url("**/" + CHAPTER)
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1  # no full reload
    first = cell(page)
    run(first)
    assert first.get_attribute("data-matches") == "true"
    clean(watched, isolated_url)


def test_keyboard_only_use_runs_a_cell(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    first = cell(page)
    for _ in range(400):  # Tab until the first cell's editor has focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('cm-content')"):
            break
    else:
        pytest.fail("Tab never reached a cell's editor")
    page.keyboard.press("Shift+Enter")
    wait_state(first, ["done", "error"])
    assert first.get_attribute("data-matches") == "true"
    page.keyboard.press("Escape")  # leaves the editor: no keyboard trap
    assert page.evaluate("document.activeElement.textContent") == "Run"
    page.keyboard.press("Enter")
    wait_state(first, ["done", "error"])
    assert first.get_attribute("data-matches") == "true"
    clean(watched, isolated_url)


def verdict(target):
    return target.locator(".book-cell__verdict").inner_text()


def output(target):
    return target.locator(".book-cell__output").inner_text()


@pytest.mark.parametrize("isolated", [True, False], ids=["isolated", "not-isolated"])
def test_a_print_flood_is_capped_and_stop_still_works(watched, isolated_url, plain_url, isolated):
    base = isolated_url if isolated else plain_url
    page = watched.page
    page.goto(base + CHAPTER)
    flood_then_stop(page, cell(page))
    clean(watched, base)


def test_output_states_are_honest(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    first = cell(page)
    page.wait_for_selector(".book-cell[data-mounted]")
    assert first.locator(".book-cell__output").is_hidden(), "an empty output box shows before any run"
    assert first.locator(".book-cell__verdict").is_hidden()
    # a syntax error is an error, named with its line, not "a different output"
    set_code(page, first, "x = 1\ny = (2 +\n")
    run(first)
    assert first.get_attribute("data-verdict") == "error"
    assert "SyntaxError on line 2" in verdict(first) and "below" in verdict(first), verdict(first)
    assert "SyntaxError" in first.locator(".book-cell__traceback").inner_text()
    # a bare last expression shows its value, as in a notebook
    set_code(page, first, "x = 6\nx * 7")
    run(first)
    assert output(first).strip() == "42"
    assert first.get_attribute("data-verdict") == "edited"
    # output without a final newline shows in its own run, not at the head of the next
    set_code(page, first, "print('no newline', end='')")
    run(first)
    assert output(first) == "no newline"
    # an edit marks the output and verdict as the old code's
    page.keyboard.insert_text("\n# changed")
    assert first.get_attribute("data-stale") == "true"
    assert verdict(first).startswith("Output of the code before your edit")
    # input() says it has no place in a cell
    set_code(page, first, "name = input('Your name? ')")
    run(first)
    assert "input() is not available in a browser cell" in output(first)
    # Reset clears output and verdict
    first.get_by_role("button", name="Reset").click()
    assert first.locator(".book-cell__output").is_hidden() and first.locator(".book-cell__verdict").is_hidden()
    clean(watched, isolated_url)


def test_an_exercise_clears_an_old_traceback(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    exercise = page.locator(".book-exercise").first
    page.wait_for_selector(".book-exercise[data-mounted]")
    set_code(page, exercise, "raise ValueError('not yet')")
    exercise.get_by_role("button", name="Check").click()
    page.wait_for_function("el => el.dataset.verdict === 'error'", arg=exercise.element_handle(), timeout=60_000)
    result = exercise.locator(".book-exercise__result").inner_text()
    assert "Your code raised ValueError on line 1" in result and "below" in result, result
    assert "ValueError: not yet" in exercise.locator(".book-cell__output").inner_text()
    solution = exercise.locator(".book-exercise__solution pre code").text_content()
    set_code(page, exercise, solution)
    exercise.get_by_role("button", name="Check").click()
    page.wait_for_function("el => el.dataset.verdict === 'correct'", arg=exercise.element_handle(), timeout=60_000)
    assert "Traceback" not in exercise.locator(".book-cell__output").text_content()
    set_code(page, exercise, "raise ValueError('again')")
    exercise.get_by_role("button", name="Check").click()
    page.wait_for_function("el => el.dataset.verdict === 'error'", arg=exercise.element_handle(), timeout=60_000)
    exercise.get_by_role("button", name="Reset").click()
    assert exercise.locator(".book-cell__output").is_hidden() and exercise.locator(".book-exercise__result").is_hidden()
    assert exercise.get_attribute("data-verdict") is None
    clean(watched, isolated_url)


def test_an_earlier_cell_that_runs_first_says_so_and_can_be_stopped(watched, isolated_url):
    page = watched.page
    page.goto(isolated_url + CHAPTER)
    first, second = cell(page, 0), cell(page, 1)
    set_code(page, first, "while True:\n    pass")
    page.reload()  # the edit persists; nothing of cell 1 has run in this visit
    assert "while True" in cell(page, 0).locator(".cm-content").inner_text()
    first, second = cell(page, 0), cell(page, 1)
    second.get_by_role("button", name="Run").click()
    page.wait_for_function("el => el.dataset.state === 'running'", arg=first.element_handle(), timeout=60_000)
    assert second.get_attribute("data-state") == "waiting"
    assert "Running cell 1 first" in second.locator(".book-cell__status").inner_text()
    second.get_by_role("button", name="Stop").click()
    wait_state(second, ["stopped"])  # how fast: bench/bench_cells.py
    assert first.get_attribute("data-state") == "stopped"
    assert "Stopped while cell 1 ran first" in second.locator(".book-cell__status").inner_text()
    first.get_by_role("button", name="Reset").click()
    run(second)
    assert second.get_attribute("data-matches") == "true", output(second)
    clean(watched, isolated_url)
