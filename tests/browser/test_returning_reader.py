"""The book as a returning reader uses it: one persistent Chromium profile for the whole
module, the site at its own URL (so Material's instant navigation is on), and every
cell and every exercise's solution on every page that has them, on a first visit and
again after the reader comes back: by a reload (Python restored from its saved
snapshot), by instant navigation or by Back."""

import pytest

from bookproject import nav_pages

from .conftest import (FINISHED, READY_MS, Watched, arrive, at, clean, flood_then_stop, follow_link, leave, persistent_profile,
                       run, set_code, wait_state)

SCENARIOS = ["first visit", "reload", "instant navigation", "back"]


def pages_with_cells(site):
    found = []
    for _, _, url in nav_pages():
        html = (site / url / "index.html").read_text(encoding="utf-8")
        if 'class="book-cell"' in html or 'class="book-exercise"' in html:
            found.append(url)
    return found


@pytest.fixture(scope="module")
def reader(playwright, tmp_path_factory):
    context = persistent_profile(playwright, tmp_path_factory.mktemp("reader-profile"))
    page = context.pages[0] if context.pages else context.new_page()
    yield Watched(page)
    context.close()


def python_restored(page):
    """Whether this page's Python came from the saved snapshot (None: not started)."""
    return page.evaluate(
        "() => { const m = performance.getEntriesByName('book-python-ready').at(-1); return m ? m.detail.restored : null; }"
    )


def tape_ready(page):
    page.locator("[data-widget='tape']").scroll_into_view_if_needed()
    page.wait_for_function(
        "() => JSON.parse(document.querySelector(\"[data-widget='tape']\").dataset.state || '{}').status === 'ready'",
        timeout=READY_MS,
    )


def run_every_cell(page, all_at_once):
    """Run the page's cells: one by one, or by running the last one (the others then run
    first, each in its own place). Every one must print what the book printed."""
    cells = page.locator(".book-cell")
    count = cells.count()
    targets = [count - 1] if all_at_once else range(count)
    for index in targets:
        target = cells.nth(index)
        target.scroll_into_view_if_needed()
        target.get_by_role("button", name="Run").click()
        wait_state(target, FINISHED)
    for index in range(count):
        target = cells.nth(index)
        assert target.get_attribute("data-state") in ("done", "error"), f"cell {index + 1} did not run"
        assert target.get_attribute("data-matches") == "true", (
            f"cell {index + 1}: {target.locator('.book-cell__verdict').inner_text()}\n"
            + target.locator(".book-cell__output").inner_text()
        )
    return count


def check_every_solution(page):
    exercises = page.locator(".book-exercise")
    for index in range(exercises.count()):
        exercise = exercises.nth(index)
        exercise.scroll_into_view_if_needed()
        solution = exercise.locator(".book-exercise__solution pre code").text_content()
        if exercise.locator(".cm-content").inner_text().strip() != solution.strip():
            set_code(page, exercise, solution)
        exercise.get_by_role("button", name="Check").click()
        page.wait_for_function(
            "el => el.dataset.verdict && el.dataset.state === 'idle'", arg=exercise.element_handle(), timeout=READY_MS
        )
        result = exercise.locator(".book-exercise__result").inner_text()
        assert exercise.get_attribute("data-verdict") == "correct", f"exercise {index + 1}: {result}"
        assert exercise.locator(".book-cell__output").is_hidden() or "Traceback" not in exercise.locator(
            ".book-cell__output"
        ).inner_text()
    return exercises.count()


# The pages in two halves, each with a reader of its own: make test runs them side by side
# (tests/work_groups.py: SPREAD_OVER_WORKERS).
HALVES = [pytest.param(half, id=f"half-{half}") for half in (0, 1)]


@pytest.fixture(scope="module")
def readers(playwright, tmp_path_factory):
    """One persistent profile per half of the pages, made when the half first runs."""
    made = {}

    def reader_for(half):
        if half not in made:
            context = persistent_profile(playwright, tmp_path_factory.mktemp(f"reader-profile-{half}"))
            made[half] = (context, Watched(context.pages[0] if context.pages else context.new_page()))
        return made[half][1]

    yield reader_for
    for context, _ in made.values():
        context.close()


def by_reload(page, url, neighbour):
    """Reload the page: Python comes back from the saved snapshot (checked once it has run)."""
    page.reload()


def by_instant_navigation(page, url, neighbour):
    """Arrive from another page by instant navigation."""
    page.goto(neighbour)
    assert follow_link(page, url), "instant navigation reloaded the page"


def by_back(page, url, neighbour):
    """Follow a link away, then Back."""
    follow_link(page, neighbour)
    leave(page)
    page.go_back()
    at(page, url)
    assert arrive(page), "Back reloaded the page"


RETURNS = {"reload": by_reload, "instant navigation": by_instant_navigation, "back": by_back}


@pytest.mark.parametrize("half", HALVES)
def test_every_cell_and_solution_works_for_a_returning_reader(readers, isolated_url, own_site, half):
    """Every page's cells and solutions on a first visit (Python from scratch on the very
    first page); on every other page, again after the reader comes back one way, the ways
    taken in turn: each of them on at least one page of each half."""
    reader = readers(half)
    page = reader.page
    every = pages_with_cells(own_site[1])
    assert len(every) >= 12, every
    chapters = every[half::2]
    ran = {scenario: 0 for scenario in SCENARIOS}
    returns = list(RETURNS)
    for number, chapter in enumerate(chapters):
        url, neighbour = isolated_url + chapter, isolated_url + (chapters[number - 1] if number else "")
        page.goto(url)
        ran["first visit"] += run_every_cell(page, all_at_once=False) + check_every_solution(page)
        if number == 0:
            assert python_restored(page) is False
        tape = page.locator("[data-widget='tape']").count() > 0  # the tape widget must run on a restored Python
        if number % 2 and not tape:
            continue  # (every other page: the ways back are the same on every page)
        way = "reload" if tape else returns[number // 2 % len(returns)]
        RETURNS[way](page, url, neighbour)
        ran[way] += run_every_cell(page, all_at_once=way != "back") + check_every_solution(page)
        if way == "reload":
            assert python_restored(page) is True, "the reload did not restore the saved Python"
            if tape:
                tape_ready(page)
    assert ran["first visit"] >= 20 and all(ran[way] >= 1 for way in RETURNS), ran
    clean(reader, isolated_url)


def test_a_returning_reader_floods_a_cell_and_stops_it(reader, isolated_url):
    page = reader.page
    page.goto(isolated_url + "reshaping/")
    flood_then_stop(page, page.locator(".book-cell").first)
    clean(reader, isolated_url)


def test_a_returning_reader_finds_an_edit_after_a_reload(reader, isolated_url):
    page = reader.page
    page.goto(isolated_url + "matmul/")
    target = page.locator(".book-cell").nth(1)
    set_code(page, target, "print('my own product')")
    page.reload()
    target = page.locator(".book-cell").nth(1)
    page.wait_for_selector(".book-cell[data-mounted]")
    assert target.locator(".cm-content").inner_text() == "print('my own product')"
    assert target.get_attribute("data-edited") == "true"
    run(target)
    assert target.locator(".book-cell__output").inner_text().strip() == "my own product"
    assert target.get_attribute("data-verdict") == "edited"
    target.get_by_role("button", name="Reset").click()
    page.reload()
    target = page.locator(".book-cell").nth(1)
    page.wait_for_selector(".book-cell[data-mounted]")
    run(target)
    assert target.get_attribute("data-matches") == "true"
    clean(reader, isolated_url)
