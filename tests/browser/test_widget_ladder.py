"""The rank-ladder widget (docs/tensors.md) in a real headless Chromium, by pointer and by keyboard."""


import torch

from tests.browser.conftest import (
    clean, counts_read_wrong, fallback_without_javascript, serious_axe_violations, widget_helpers, widget_opener,
)

PAGE = "tensors/"
ROOT = "[data-widget=ladder]"

open_widget = widget_opener(PAGE, ROOT, ".lad__slider")
state, live, _ = widget_helpers(ROOT)


def torch_bytes(shape, dtype):
    t = torch.empty(shape, dtype=getattr(torch, dtype), device="meta")
    return str(t.numel()), str(t.numel() * t.element_size())


def test_by_pointer_ranks_shapes_dtypes_and_axes(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    s = state(page)
    assert (s["rank"], s["shape"], s["names"]) == (3, [2, 3, 4], ["batch", "token", "feature"])
    assert (s["numel"], s["bytes"]) == torch_bytes([2, 3, 4], "float32")

    page.locator(f"{ROOT} [data-action=rank-up]").click()
    s = state(page)
    assert (s["rank"], s["shape"], s["names"]) == (4, [2, 3, 3, 4], ["batch", "channels", "height", "width"])
    assert live(page).startswith("Rank 4, row of stacks: shape [2, 3, 3, 4], 72 elements, 288 bytes")
    assert page.locator(f"{ROOT} [data-action=rank-up]").is_disabled()

    page.locator(f"{ROOT} .lad__rung[data-rank='0']").click()  # a click on a rung of the slider
    s = state(page)
    assert (s["rank"], s["shape"], s["numel"], s["bytes"]) == (0, [], "1", "4")
    assert page.locator(f"{ROOT} .lad-dot").count() == 1
    page.locator(f"{ROOT} .lad__rung[data-rank='2']").click()
    assert state(page)["shape"] == [3, 4]

    # Type a shape; long axes are drawn shortened, the numbers stay real.
    page.locator(f"{ROOT} [data-input=shape]").fill("[8, 3, 768]")
    page.locator(f"{ROOT} [data-action=apply-shape]").click()
    s = state(page)
    assert (s["rank"], s["shape"], s["names"]) == (3, [8, 3, 768], ["batch", "token", "feature"])
    assert (s["numel"], s["bytes"]) == torch_bytes([8, 3, 768], "float32")
    assert page.locator(f"{ROOT} .lad-ellipsis").count() > 0
    assert "18,432" in page.locator(f"{ROOT} [data-readout=numel]").inner_text()
    for dtype in ["float16", "bool", "int64", "float32"]:
        page.locator(f"{ROOT} [data-input=dtype]").select_option(dtype)
        s = state(page)
        assert (s["numel"], s["bytes"]) == torch_bytes([8, 3, 768], dtype), dtype
        assert s["elementSize"] == torch.empty(0, dtype=getattr(torch, dtype)).element_size()
    assert live(page).startswith("float32: 4 bytes per element, 73,728 bytes")

    # Hover an axis in the drawing, then in the shape readout.
    page.locator(f"{ROOT} svg .lad-axis[data-axis='2']").hover()
    s = state(page)
    assert (s["axis"], s["expression"], s["sliceShape"]) == (2, "x[b, t, :]", [768])
    assert page.locator(f"{ROOT} .lad-cell--hl").count() == 6  # the capped row of the front grid
    assert "x[b, t, :]" in page.locator(f"{ROOT} [data-readout=slice]").inner_text()
    page.locator(f"{ROOT} .lad__shape .lad__axis[data-axis='0']").hover()
    s = state(page)
    assert (s["axis"], s["expression"], s["sliceShape"]) == (0, "x[:, t, f]", [8])
    page.mouse.move(0, 0)
    assert state(page)["axis"] is None
    # A click pins the axis.
    page.locator(f"{ROOT} svg .lad-axis[data-axis='1']").click()
    page.mouse.move(0, 0)
    s = state(page)
    assert (s["pinned"], s["expression"]) == (1, "x[b, :, f]")

    # Bad input: a clear message, the drawing keeps the last good shape.
    page.locator(f"{ROOT} [data-input=shape]").fill("[8, x]")
    page.locator(f"{ROOT} [data-action=apply-shape]").click()
    s = state(page)
    assert s["shape"] == [8, 3, 768] and "'x' is not a whole number" in s["error"]
    assert page.locator(f"{ROOT} .lad__error").is_visible()
    assert page.locator(f"{ROOT} [data-input=shape]").get_attribute("aria-invalid") == "true"
    assert "'x' is not a whole number" in live(page)
    page.locator(f"{ROOT} [data-input=shape]").fill("[1, 2, 3, 4, 5]")
    page.locator(f"{ROOT} [data-action=apply-shape]").click()
    assert "ranks 0 to 4" in state(page)["error"]
    clean(watched, isolated_url)


def test_by_keyboard_slider_inputs_names_and_axes(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    slider = page.locator(f"{ROOT} [role=slider]")
    slider.focus()
    page.keyboard.press("ArrowLeft")
    assert state(page)["rank"] == 2
    assert slider.get_attribute("aria-valuenow") == "2"
    assert slider.get_attribute("aria-valuetext") == "rank 2, matrix"
    page.keyboard.press("End")
    assert state(page)["rank"] == 4
    page.keyboard.press("Home")
    assert state(page)["rank"] == 0
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert state(page)["shape"] == [2, 3, 4]
    assert live(page).startswith("Rank 3, stack of matrices")

    # Tab from the slider reaches "Rank up", then the shape input; type a shape and press Enter.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.input") == "shape"
    page.keyboard.press("Control+A")
    page.keyboard.type("(16, 3, 32, 32)")
    page.keyboard.press("Enter")
    s = state(page)
    assert (s["shape"], s["names"]) == ([16, 3, 32, 32], ["batch", "channels", "height", "width"])
    assert (s["numel"], s["bytes"]) == torch_bytes([16, 3, 32, 32], "float32")

    # Rename an axis by keyboard.
    name = page.locator(f"{ROOT} [data-name-axis='0']")
    name.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("image")
    page.keyboard.press("Enter")
    assert state(page)["names"] == ["image", "channels", "height", "width"]
    name.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("2nd")
    page.keyboard.press("Enter")
    assert "must be a word" in state(page)["error"]
    assert state(page)["names"] == ["image", "channels", "height", "width"]
    page.keyboard.press("Control+A")
    page.keyboard.type("image")
    page.keyboard.press("Enter")

    # Focus the axes (readout buttons and drawing labels are in the tab order).
    page.locator(f"{ROOT} .lad__shape .lad__axis[data-axis='3']").focus()
    s = state(page)
    assert (s["axis"], s["expression"], s["sliceShape"]) == (3, "x[i, c, h, :]", [32])
    page.keyboard.press("Shift+Tab")
    s = state(page)
    assert (s["axis"], s["expression"]) == (2, "x[i, c, :, w]")
    page.keyboard.press("Enter")
    assert state(page)["pinned"] == 2
    drawn = page.locator(f"{ROOT} svg .lad-axis[data-axis='1']")
    drawn.focus()
    s = state(page)
    assert (s["axis"], s["expression"], s["sliceShape"]) == (1, "x[i, :, h, w]", [3])
    page.keyboard.press("Enter")
    assert drawn.get_attribute("aria-pressed") == "true"
    page.keyboard.press("Space")
    assert drawn.get_attribute("aria-pressed") == "false"

    # dtype by keyboard
    page.locator(f"{ROOT} [data-input=dtype]").focus()
    page.keyboard.press("ArrowDown")  # float32 -> int64
    s = state(page)
    assert (s["dtype"], s["bytes"]) == ("int64", torch_bytes([16, 3, 32, 32], "int64")[1])
    clean(watched, isolated_url)


def test_one_of_a_thing_is_singular_everywhere_by_keyboard(watched, isolated_url):
    """Issue 23: "1 elements". One element, byte or value reads singular on screen, in the
    drawing's description, in aria labels and in the live region."""
    page = open_widget(watched, isolated_url)
    page.locator(f"{ROOT} [role=slider]").focus()
    page.keyboard.press("Home")  # rank 0: one number
    assert live(page) == "Rank 0, scalar: shape [], 1 element, 4 bytes as float32."
    assert counts_read_wrong(page, ROOT) == []

    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.input") == "shape"
    page.keyboard.press("Control+A")
    page.keyboard.type("[1, 1]")
    page.keyboard.press("Enter")
    assert live(page) == "Shape [1, 1]: rank 2, 1 element, 4 bytes as float32."
    assert "1 element, 4 bytes as float32" in page.locator(f"{ROOT} svg desc").text_content()
    page.keyboard.press("Tab")  # Apply shape
    page.keyboard.press("Tab")  # dtype
    assert page.evaluate("document.activeElement.dataset.input") == "dtype"
    for _ in range(3):  # float32 -> int64 -> float16 -> bool
        page.keyboard.press("ArrowDown")
    assert state(page)["dtype"] == "bool"
    assert live(page) == "bool: 1 byte per element, 1 byte in all."
    page.locator(f"{ROOT} .lad__shape .lad__axis[data-axis='1']").focus()
    assert page.locator(f"{ROOT} [data-readout=slice]").inner_text().endswith("shape [1], 1 value.")
    assert counts_read_wrong(page, ROOT) == []

    page.locator(f"{ROOT} [data-input=shape]").fill("[3, 2]")  # and many stay plural
    page.locator(f"{ROOT} [data-input=shape]").press("Enter")
    assert live(page) == "Shape [3, 2]: rank 2, 6 elements, 6 bytes as bool."
    clean(watched, isolated_url)


def mine(violations):
    """The violations with a node inside this widget (the page's other content is not its business)."""
    return [v for v in violations if any("lad" in node or "data-widget" in node for node in v["nodes"])]


def test_axe_and_a_narrow_screen(watched, isolated_url):
    page = open_widget(watched, isolated_url, width=360)
    # the whole page: nothing serious inside this widget (the theme's own findings are not its business)
    assert mine(serious_axe_violations(page)) == []
    box = page.locator(ROOT).bounding_box()
    assert box["width"] <= 360
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    for selector in [f"{ROOT} .lad__slider", f"{ROOT} svg", f"{ROOT} [data-action=rank-up]"]:
        b = page.locator(selector).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360, selector
    page.locator(f"{ROOT} [data-action=rank-up]").click()
    assert state(page)["rank"] == 4
    page.locator(f"{ROOT} svg .lad-axis[data-axis='0']").click()
    assert state(page)["pinned"] == 0
    page.locator(f"{ROOT} [role=slider]").focus()
    page.keyboard.press("ArrowLeft")
    assert state(page)["rank"] == 3
    assert serious_axe_violations(page, ROOT) == []
    clean(watched, isolated_url)


def test_without_javascript_the_fallback_figure_shows(browser, isolated_url):
    alts = fallback_without_javascript(browser, isolated_url + PAGE, ROOT, ".lad")
    assert "rank ladder" in alts[0].lower()
