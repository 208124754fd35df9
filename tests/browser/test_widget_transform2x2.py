"""The transform2x2 widget (docs/matrices.md) in a real headless Chromium, by pointer and by keyboard."""


import pytest
import torch

from tests.browser.conftest import clean, fallback_without_javascript, serious_axe_violations, widget_helpers

PAGE = "matrices/"
ROOT = "[data-widget=transform2x2]"


# Material's navigation.tracking rewrites the address's hash (history.replaceState) a moment
# after the page scrolls. A test that writes its own hash first lets that happen: it counts
# the page's scrolls and Material's hash rewrites, and waits for the rewrite a scroll brings.
TRACKING = """
window.bookScrolls = 0;
window.bookTracked = 0;
addEventListener("scroll", () => { window.bookScrolls += 1; }, { passive: true });
const replace = history.replaceState.bind(history);
history.replaceState = (state, title, url) => {
  if (!String(url ?? "").includes("#m=")) window.bookTracked += 1;  // not the widget's own state
  return replace(state, title, url);
};
"""


def settle_tracking(page):
    """Once the page has scrolled, wait for Material to rewrite the hash for it (it always does:
    the hash the page opened with is no heading's); a page that never scrolled has nothing to wait for."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    if page.evaluate("window.bookScrolls") > 0:
        page.wait_for_function("() => window.bookTracked > 0")

state, live, _ = widget_helpers(ROOT)


def open_widget(watched, base, hash_="", width=1100, reduced_motion="reduce", scroll=True, settle=False):
    page = watched.page
    page.set_viewport_size({"width": width, "height": 900})
    page.emulate_media(reduced_motion=reduced_motion)
    page.add_init_script(TRACKING)
    page.goto(base + PAGE + hash_)
    page.wait_for_selector(f"{ROOT}.book-widget--live [data-handle=i]")
    if scroll:
        page.locator(ROOT).scroll_into_view_if_needed()
    if settle:  # let Material's tracking rewrite the hash now, not after the widget writes its own
        settle_tracking(page)
    return page


def in_view(page, selector):
    return page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; }",
        selector,
    )


def handle(page, name):
    return page.locator(f"{ROOT} [data-handle={name}]")


def client_point(page, x, y):
    """Where the plane's point (x, y) is on the screen, at the scale the view has now."""
    return page.evaluate(
        """([x, y]) => {
            const root = document.querySelector("[data-widget=transform2x2]");
            const unit = JSON.parse(root.dataset.state).view.unit;  // SVG units per unit of the plane
            const p = new DOMPoint(x * unit, -y * unit).matrixTransform(root.querySelector("svg").getScreenCTM());
            return [p.x, p.y];
        }""",
        [x, y],
    )


# What the drawing shows against its viewBox: the parts that reach outside it, and how far
# the farthest drawn point reaches, as a fraction of the half-width (the picture is not a speck).
GEOMETRY = """(root) => {
    const svg = document.querySelector(`${root} svg.t2x2__svg`);
    const [x0, y0, w, h] = svg.getAttribute("viewBox").trim().split(/[\\s,]+/).map(Number);
    const inside = (x, y) => x >= x0 - 0.5 && x <= x0 + w + 0.5 && y >= y0 - 0.5 && y <= y0 + h + 0.5;
    const outside = [];
    let reach = 0;
    const corners = (b) => [[b.x, b.y], [b.x + b.width, b.y + b.height]];
    for (const el of svg.querySelectorAll(".t2x2-square, .t2x2-f, .t2x2-vec, .t2x2-label, .t2x2-tick")) {
        if (getComputedStyle(el).display === "none") continue;
        const box = el.getBBox();
        if (!corners(box).every(([x, y]) => inside(x, y))) outside.push(el.getAttribute("class"));
        if (!el.matches(".t2x2-label, .t2x2-tick")) for (const [x, y] of corners(box)) reach = Math.max(reach, Math.abs(x), Math.abs(y));
    }
    for (const g of svg.querySelectorAll("[data-handle]")) {
        const [, x, y] = /translate\\(([^,]+),([^)]+)\\)/.exec(g.getAttribute("transform"));
        if (!inside(Number(x), Number(y))) outside.push(`handle ${g.dataset.handle}`);
    }
    return { outside, reach: reach / (w / 2), viewBox: [x0, y0, w, h] };
}"""


def geometry(page):
    return page.evaluate(GEOMETRY, ROOT)


def drag(page, name, x, y):
    box = handle(page, name).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    tx, ty = client_point(page, x, y)
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()


def displayed(locator):
    """Drawn (a horizontal line has no height, so Playwright's is_visible() says no)."""
    return locator.evaluate("el => getComputedStyle(el).display !== 'none'")


def entry(page, row, col):
    return page.locator(f"{ROOT} input[data-entry='{2 * row + col}']")


def torch_numbers(matrix, v):
    M = torch.tensor(matrix, dtype=torch.float64).reshape(2, 2)
    return (
        torch.linalg.det(M).item(),
        (M @ torch.tensor(v, dtype=torch.float64)).tolist(),
        torch.linalg.matrix_rank(M).item(),
    )


def check_against_torch(s):
    det, mv, rank = torch_numbers(s["shown"], s["v"])
    assert s["det"] == pytest.approx(det, abs=1e-9)
    assert s["mv"] == pytest.approx(mv, abs=1e-9)
    assert s["rank"] == rank


def test_starts_at_the_books_matrix_and_pointer_drags_move_columns_and_probe(watched, isolated_url):
    page = open_widget(watched, isolated_url, settle=True)
    s = state(page)
    assert s["matrix"] == [2, -1, 1, 1] and s["det"] == 3 and s["v"] == [1, 2] and s["mv"] == [0, 3]
    assert not page.evaluate("location.hash").startswith("#m=")  # loading the page writes no state to the URL

    drag(page, "i", 3, 0)  # i-hat's tip: column 0 of M
    s = state(page)
    assert s["matrix"] == [3, -1, 0, 1], s["matrix"]
    assert [entry(page, 0, 0).input_value(), entry(page, 1, 0).input_value()] == ["3", "0"]  # inputs follow
    assert handle(page, "i").get_attribute("aria-valuetext") == "x 3, y 0"
    check_against_torch(s)

    drag(page, "v", 2, -1)  # the probe v
    s = state(page)
    assert s["v"] == [2, -1] and s["mv"] == [7, -1]
    check_against_torch(s)
    assert page.evaluate("location.hash") == "#m=3,-1,0,1&v=2,-1"

    drag(page, "j", -3, 0)  # j-hat onto the far side of i-hat's line: the plane flips
    s = state(page)
    assert s["matrix"] == [3, -3, 0, 0] and s["rank"] == 1 and s["collapse"] == "line"  # both on the x-axis
    assert "Not invertible" in live(page)
    assert displayed(page.locator(f"{ROOT} line.t2x2-collapse"))
    drag(page, "j", -1, -2)
    s = state(page)
    assert s["det"] == -6 and s["orientation"] == "clockwise"
    assert "orientation flipped" in live(page)
    assert page.locator(f"{ROOT} .t2x2-arc").get_attribute("class").count("t2x2-arc--flipped") == 1
    check_against_torch(s)
    clean(watched, isolated_url)


def test_keyboard_moves_handles_and_typed_entries_stay_in_sync(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    i = handle(page, "i")
    assert i.get_attribute("role") == "slider" and i.get_attribute("tabindex") == "0"
    i.focus()
    for key in ["ArrowRight", "ArrowRight", "ArrowUp"]:
        page.keyboard.press(key)
    s = state(page)
    assert s["matrix"] == [2.2, -1, 1.1, 1]
    assert entry(page, 0, 0).input_value() == "2.2" and entry(page, 1, 0).input_value() == "1.1"
    assert i.get_attribute("aria-valuetext") == "x 2.2, y 1.1"
    page.keyboard.press("Shift+ArrowDown")  # coarse: a whole unit
    assert state(page)["matrix"] == [2.2, -1, 0.1, 1]
    check_against_torch(state(page))

    handle(page, "v").focus()
    page.keyboard.press("Shift+ArrowLeft")
    assert state(page)["v"] == [0, 2]

    # Typing an entry moves the handle; the inputs are real labelled number fields.
    entry(page, 1, 0).fill("-0.5")
    s = state(page)
    assert s["matrix"] == [2.2, -1, -0.5, 1]
    assert i.get_attribute("aria-valuetext") == "x 2.2, y \u22120.5"
    check_against_torch(s)

    # Reach det = 0 by typing: [[1, 2], [2, 4]], then the zero matrix, then back.
    for (r, c), value in zip([(0, 0), (0, 1), (1, 0), (1, 1)], ["1", "2", "2", "4"]):
        entry(page, r, c).fill(value)
    s = state(page)
    assert s["det"] == 0 and s["rank"] == 1 and not s["invertible"]
    assert s["along"] == [2, 4] and s["direction"] == pytest.approx([1 / 5**0.5, 2 / 5**0.5])
    assert "Not invertible" in page.locator(f"{ROOT} .t2x2__status").inner_text()
    assert "collapses onto the line through the origin and (2, 4)" in live(page)
    for r, c in [(0, 0), (0, 1), (1, 0), (1, 1)]:
        entry(page, r, c).fill("0")
    s = state(page)
    assert s["rank"] == 0 and s["collapse"] == "point"
    assert displayed(page.locator(f"{ROOT} circle.t2x2-collapse"))
    assert "every point lands on the origin" in live(page)
    entry(page, 0, 0).fill("1")
    entry(page, 1, 1).fill("-1")
    s = state(page)
    assert s["det"] == -1 and s["orientation"] == "clockwise"
    assert "invertible again" in live(page)
    clean(watched, isolated_url)


def test_presets_and_the_identity_to_m_slider(watched, isolated_url):
    page = open_widget(watched, isolated_url)  # reduced motion: presets jump to the end state
    page.locator(f"{ROOT} [data-preset=singular]").click()
    s = state(page)
    assert s["matrix"] == [2, 1, 1, 0.5] and s["t"] == 1 and s["rank"] == 1
    assert live(page).startswith("Singular: M = [[2, 1], [1, 0.5]], det = 0. Not invertible")
    page.locator(f"{ROOT} [data-preset=rotation]").focus()
    page.keyboard.press("Enter")
    s = state(page)
    assert s["matrix"] == [0, -1, 1, 0] and s["det"] == 1 and s["orientation"] == "counter-clockwise"
    assert "Rotate 90°" in live(page)

    page.locator(f"{ROOT} [data-preset=reflection]").click()
    slider = page.locator(f"{ROOT} input[type=range]")
    slider.focus()
    page.keyboard.press("Home")
    s = state(page)
    assert s["t"] == 0 and s["shown"] == [1, 0, 0, 1] and s["matrix"] == [-1, 0, 0, 1]
    for _ in range(50):  # halfway, the mirror squashes the plane onto the y-axis
        page.keyboard.press("ArrowRight")
    s = state(page)
    assert s["t"] == 0.5 and s["shown"] == [0, 0, 0, 1] and s["rank"] == 1
    assert (
        torch.linalg.matrix_rank(torch.lerp(torch.eye(2), torch.tensor([[-1.0, 0], [0, 1]]), 0.5)).item() == 1
    )
    page.keyboard.press("End")
    assert state(page)["sign"] == -1
    # Pointer on the slider: a click near its left end.
    box = slider.bounding_box()
    page.mouse.click(box["x"] + 0.1 * box["width"], box["y"] + box["height"] / 2)
    s = state(page)
    assert 0 < s["t"] < 0.3 and s["sign"] == 1
    check_against_torch(s)
    # Dragging a handle shows M itself again (t = 1).
    handle(page, "i").focus()
    page.keyboard.press("ArrowLeft")
    assert state(page)["t"] == 1 and state(page)["matrix"] == [-1.1, 0, 0, 1]
    clean(watched, isolated_url)


def test_presets_morph_when_motion_is_allowed(watched, isolated_url):
    page = open_widget(watched, isolated_url, reduced_motion="no-preference")
    page.evaluate(  # record every published t, whatever the machine's speed
        """() => {
            const root = document.querySelector("[data-widget=transform2x2]");
            window.seenT = [];
            new MutationObserver(() => window.seenT.push(JSON.parse(root.dataset.state).t))
                .observe(root, { attributes: true, attributeFilter: ["data-state"] });
        }"""
    )
    page.locator(f"{ROOT} [data-preset=shear]").click()
    page.wait_for_function(
        "() => JSON.parse(document.querySelector('[data-widget=transform2x2]').dataset.state).t === 1"
    )
    seen = page.evaluate("window.seenT")
    assert seen[0] == 0 and seen[-1] == 1  # from the identity to M
    assert any(0 < t < 1 for t in seen) and seen == sorted(seen)
    s = state(page)
    assert s["matrix"] == [1, 1, 0, 1] and s["det"] == 1
    assert "Shear" in live(page)
    clean(watched, isolated_url)


def test_state_lives_in_the_url_hash_without_breaking_heading_anchors(watched, isolated_url):
    page = open_widget(watched, isolated_url, "#m=0,1,1,0&v=2,1", scroll=False)
    s = state(page)
    assert (
        s["matrix"] == [0, 1, 1, 0]
        and s["v"] == [2, 1]
        and s["det"] == -1
        and s["orientation"] == "clockwise"
    )
    page.wait_for_function(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; }",
        arg=ROOT,
    )
    settle_tracking(page)
    handle(page, "j").focus()
    page.keyboard.press("ArrowUp")
    page.wait_for_function("() => location.hash === '#m=0,1,1,0.1&v=2,1'")
    page.reload()
    page.wait_for_selector(f"{ROOT}.book-widget--live [data-handle=i]")
    assert state(page)["matrix"] == [0, 1, 1, 0.1]

    # A heading anchor is Material's: it is not read, and the page still scrolls to that heading.
    anchor = "#the-determinant-how-much-area-changes"
    page.goto("about:blank")  # a real load, not a same-page hash change
    page = open_widget(watched, isolated_url, anchor, scroll=False)
    assert state(page)["matrix"] == [2, -1, 1, 1]
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert in_view(page, anchor) and not in_view(page, ROOT)  # the widget, live, moved nothing
    assert page.evaluate("location.hash") == anchor
    clean(watched, isolated_url)


def test_works_at_360_px_and_has_no_serious_axe_violations(watched, isolated_url):
    page = open_widget(watched, isolated_url, width=360)
    widget = page.locator(ROOT)
    assert widget.bounding_box()["width"] <= 360
    assert page.evaluate("document.querySelector('[data-widget=transform2x2]').scrollWidth") <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    drag(page, "i", 1, 1)
    assert state(page)["matrix"][::2] == [1, 1]
    handle(page, "j").focus()
    page.keyboard.press("Shift+ArrowRight")
    assert state(page)["matrix"] == [1, 0, 1, 1]
    page.locator(f"{ROOT} [data-preset=scale]").click()
    assert state(page)["det"] == 4
    page.mouse.move(0, 0)  # no hover styling (Material's hovered .md-button) during the check
    assert serious_axe_violations(page, ROOT) == []
    clean(watched, isolated_url)


def test_fallback_figure_without_javascript(browser, isolated_url):
    fallback_without_javascript(browser, isolated_url + PAGE, ROOT, ".t2x2")


def problem_line(page):
    return page.locator(f"{ROOT} [data-readout=problem]")


def type_entry(page, row, col, text):
    """Focus an entry and type into it as a reader does (select what is there, then type)."""
    entry(page, row, col).focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def test_large_entries_zoom_the_view_out_and_nothing_typed_is_changed_silently(watched, isolated_url):
    """Issue 23: a typed 9 became 4 without a word, and large entries pushed the picture off the drawing."""
    page = open_widget(watched, isolated_url)
    s = state(page)
    assert s["view"] == {"half": 4.5, "step": 1, "lines": 4, "unit": 40, "base": True}  # the book's M: as before
    assert geometry(page)["outside"] == []
    assert page.locator(f"{ROOT} [data-readout=scale]").inner_text() == "Grid lines 1 apart, axes from \u22124.5 to 4.5."

    type_entry(page, 0, 0, "9")
    s = state(page)
    assert s["matrix"] == [9, -1, 1, 1] and s["problems"] == []  # taken as typed
    assert entry(page, 0, 0).input_value() == "9"
    page.keyboard.press("Tab")  # leaving the field (its change event) keeps 9 too
    assert entry(page, 0, 0).input_value() == "9" and state(page)["matrix"][0] == 9
    check_against_torch(state(page))
    s = state(page)
    assert (s["view"]["half"], s["view"]["step"], s["view"]["base"]) == (11, 2, False)
    g = geometry(page)
    assert g["outside"] == [] and g["reach"] > 0.5, g
    scale = "Zoomed out to keep M's picture in view: grid lines 2 apart, axes from \u221211 to 11."
    assert page.locator(f"{ROOT} [data-readout=scale]").inner_text() == scale
    assert scale in live(page)
    assert page.locator(f"{ROOT} .t2x2-tick").all_text_contents() == ["10", "10"]  # the last grid line of each axis
    assert scale in page.locator(f"{ROOT} svg desc").text_content()

    # Every entry large, and the probe moved by keys: still all in view; keys go past the old limit of 4.
    for (r, c), value in zip([(0, 1), (1, 0), (1, 1)], ["-25", "30", "60"]):
        type_entry(page, r, c, value)
    handle(page, "i").focus()
    page.keyboard.press("Shift+ArrowRight")
    s = state(page)
    assert s["matrix"] == [10, -25, 30, 60] and s["t"] == 1
    handle(page, "v").focus()
    for _ in range(3):
        page.keyboard.press("Shift+ArrowUp")
    s = state(page)
    assert s["v"] == [1, 5] and s["mv"] == [-115, 330]
    check_against_torch(s)
    g = geometry(page)
    assert g["outside"] == [] and g["reach"] > 0.5, g
    assert s["view"]["step"] == 50 and s["view"]["half"] >= 330 * 1.15

    # Out of range: M keeps its entry, the field keeps what was typed, and a message says so.
    type_entry(page, 1, 1, "1000")
    s = state(page)
    assert s["matrix"] == [10, -25, 30, 60]
    message = (
        "M[1, 1]: 1000 is outside the range this widget draws, \u2212100 to 100. "
        "M keeps M[1, 1] = 60 until you type a number from \u2212100 to 100."
    )
    assert s["problems"] == [{"entry": 3, "message": message}]
    assert problem_line(page).is_visible() and problem_line(page).inner_text() == message
    assert live(page) == message
    field = entry(page, 1, 1)
    assert field.get_attribute("aria-invalid") is not None
    assert field.get_attribute("aria-describedby") == problem_line(page).get_attribute("id")
    page.keyboard.press("Tab")
    assert field.input_value() == "1000" and problem_line(page).is_visible()  # not replaced on leaving
    field.focus()
    page.keyboard.press("Escape")  # puts M's own entry back
    assert field.input_value() == "60" and state(page)["problems"] == [] and problem_line(page).is_hidden()
    assert field.get_attribute("aria-invalid") is None and live(page) == "M[1, 1] = 60 again."

    # Half-typed or empty: nothing is said while typing; leaving the field says what M kept.
    type_entry(page, 0, 1, "-")
    assert state(page)["problems"] == [] and state(page)["matrix"][1] == -25
    page.keyboard.press("Tab")
    s = state(page)
    assert s["matrix"][1] == -25 and s["problems"][0]["entry"] == 1
    assert "not a number" in s["problems"][0]["message"] and "M keeps M[0, 1] = \u221225" in live(page)
    type_entry(page, 0, 1, "-2")  # a number in range clears it
    assert state(page)["problems"] == [] and state(page)["matrix"][1] == -2

    # Back to small numbers: the view zooms back in.
    page.locator(f"{ROOT} [data-preset=identity]").click()
    s = state(page)
    assert s["matrix"] == [1, 0, 0, 1] and s["view"]["base"] is False  # v = (1, 5) still needs room
    handle(page, "v").focus()
    for _ in range(3):
        page.keyboard.press("Shift+ArrowDown")
    assert state(page)["view"] == {"half": 4.5, "step": 1, "lines": 4, "unit": 40, "base": True}
    assert geometry(page)["outside"] == []
    clean(watched, isolated_url)


def test_a_link_the_widget_cannot_read_is_said_so(watched, isolated_url):
    page = open_widget(watched, isolated_url, "#m=1000,0,0,1", scroll=False)
    s = state(page)
    assert s["matrix"] == [2, -1, 1, 1]  # not clamped to something the link did not say
    assert s["notice"].startswith("The link's matrix (#m=1000,0,0,1) could not be read")
    assert "\u2212100 to 100" in problem_line(page).inner_text()
    handle(page, "i").focus()
    page.keyboard.press("ArrowRight")  # the reader moves on: the notice goes
    assert state(page)["notice"] is None and problem_line(page).is_hidden()
    clean(watched, isolated_url)
