"""The strides widget (docs/reshaping.md) in a real headless Chromium, by pointer and by keyboard.
After each step the widget's shape, stride, offset, contiguity and values are checked against
torch running the code the widget shows."""


import torch

from tests.browser.conftest import clean, fallback_without_javascript, serious_axe_violations, widget_helpers, widget_opener

PAGE = "reshaping/"
ROOT = "[data-widget=strides]"
SPANS = (
    "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension "
    "spans across two contiguous subspaces). Use .reshape(...) instead."
)

open_widget = widget_opener(PAGE, ROOT, ".st__ops")
state, live, _ = widget_helpers(ROOT)


def matches_torch(s, writes=(), earlier=()):
    """Run the code the widget shows in torch, with the writes made through y (writes) and
    those made before y's code took its present form (earlier: x's flat slot, value)."""
    scope = {"torch": torch}
    exec(s["code"][0], scope)
    for slot, value in earlier:
        scope["x"].view(-1)[slot] = value
    exec(s["code"][1], scope)
    x, y = scope["x"], scope["y"]
    for index, value in writes:
        y[tuple(index)] = value
    assert s["shape"] == list(y.shape)
    assert s["stride"] == list(y.stride())
    assert s["offset"] == y.storage_offset()
    assert s["contiguous"] == y.is_contiguous()
    assert s["values"] == y.reshape(-1).tolist()
    assert s["xValues"] == x.reshape(-1).tolist()
    assert s["sharesStorage"] == (y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())


def apply(page, op, text):
    page.locator(f"{ROOT} [data-input={op}]").fill(text)
    page.locator(f"{ROOT} [data-action={op}]").click()


def cell(page, flat):
    return page.locator(f"{ROOT} .st-cell--y[data-flat='{flat}']")


def test_by_pointer_operations_errors_hover_and_writes(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    s = state(page)
    assert (s["shape"], s["stride"], s["offset"], s["contiguous"]) == ([2, 3], [3, 1], 0, True)
    matches_torch(s)

    page.locator(f"{ROOT} [data-action=transpose]").click()
    s = state(page)
    assert s["code"][1] == "y = x.transpose(0, 1)"
    assert (s["stride"], s["contiguous"]) == ([1, 3], False)
    matches_torch(s)
    assert "not contiguous" in live(page)

    # Hover a cell: its storage position, the slot and the x cell that share it light up.
    cell(page, 1).hover()  # y[0, 1]
    s = state(page)
    assert s["focus"] == {"index": [0, 1], "position": 3, "formula": "0 + 0·1 + 1·3 = 3"}
    assert page.locator(f"{ROOT} .st-slot--on").get_attribute("data-slot") == "3"
    assert page.locator(f"{ROOT} .st-cell--x.st-cell--on").get_attribute("data-flat") == "3"
    assert "0 + 0·1 + 1·3 = 3" in page.locator(f"{ROOT} [data-readout=probe]").inner_text()
    page.mouse.move(0, 0)
    assert state(page)["focus"] is None

    # A view that cannot work: torch's message; y is unchanged.
    apply(page, "view", "[6]")
    s = state(page)
    assert s["error"] == SPANS and s["stride"] == [1, 3]
    assert SPANS in page.locator(f"{ROOT} [data-readout=error]").inner_text()
    assert "fails" in live(page)

    # contiguous() copies: a new storage strip, in y's reading order; then view works.
    page.locator(f"{ROOT} [data-action=contiguous]").click()
    s = state(page)
    assert (s["sharesStorage"], s["stride"], s["yStorage"]) == (False, [2, 1], [0, 3, 1, 4, 2, 5])
    matches_torch(s)
    assert page.locator(f"{ROOT} .st-slot").count() == 12  # two strips now
    apply(page, "view", "[6]")
    s = state(page)
    assert (s["error"], s["shape"]) == (None, [6])
    matches_torch(s)

    # Reset, the count error, a stepped slice, permute.
    page.locator(f"{ROOT} [data-action=reset]").click()
    apply(page, "view", "[3, 3]")
    assert state(page)["error"] == "RuntimeError: shape '[3, 3]' is invalid for input of size 6"
    apply(page, "index", "[:, ::2]")
    s = state(page)
    assert (s["shape"], s["stride"], s["positions"]) == ([2, 2], [3, 2], [0, 2, 3, 5])
    matches_torch(s)
    assert page.locator(f"{ROOT} .st-slot--unread").count() == 2  # slots 1 and 4
    apply(page, "index", "[1:, 1:]")
    s = state(page)
    assert (s["shape"], s["offset"]) == ([1, 1], 5)
    matches_torch(s)
    page.locator(f"{ROOT} [data-action=reset]").click()
    apply(page, "permute", "[1, 0]")
    matches_torch(state(page))

    # expand gives stride 0; writing through one cell changes the storage, x and every cell that reads it.
    page.locator(f"{ROOT} [data-action=reset]").click()
    apply(page, "view", "[6, 1]")
    apply(page, "expand", "[6, 4]")
    s = state(page)
    assert (s["shape"], s["stride"]) == ([6, 4], [1, 0])
    matches_torch(s)
    cell(page, 2 * 4 + 3).click()  # y[2, 3]
    assert state(page)["selected"] == [2, 3]
    page.locator(f"{ROOT} [data-input=value]").fill("50")
    page.locator(f"{ROOT} [data-action=write]").click()
    s = state(page)
    assert s["storage"][2] == 50 and s["xValues"][2] == 50
    assert s["values"][8:12] == [50, 50, 50, 50]
    matches_torch(s, writes=[([2, 3], 50)])
    assert page.locator(f"{ROOT} .st-cell--x").nth(2).text_content() == "50"  # the base grid shows it
    assert page.locator(f"{ROOT} .st-slot[data-slot='2']").text_content().startswith("50")
    assert "x sees it too" in live(page)
    clean(watched, isolated_url)


def test_by_keyboard_cells_writes_and_operations(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    page.locator(f"{ROOT} .st-cell--y[tabindex='0']").focus()
    assert state(page)["focus"]["index"] == [0, 0]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    s = state(page)
    assert s["focus"] == {"index": [1, 1], "position": 4, "formula": "0 + 1·3 + 1·1 = 4"}
    page.keyboard.press("End")
    assert state(page)["focus"]["index"] == [1, 2]
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")

    # Enter selects the cell and moves to the value box; Enter writes; Escape goes back.
    page.keyboard.press("Enter")
    assert state(page)["selected"] == [0, 1]
    assert page.evaluate("document.activeElement.dataset.input") == "value"
    page.keyboard.type("-7")
    page.keyboard.press("Enter")
    s = state(page)
    assert s["storage"][1] == -7 and s["xValues"][1] == -7
    page.keyboard.press("Control+A")
    page.keyboard.type("2.5")
    page.keyboard.press("Enter")
    assert "whole number" in state(page)["error"]
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.dataset.flat") == "1"

    # Operations from the keyboard: type + Enter in the boxes, Enter / Space on the buttons.
    page.locator(f"{ROOT} [data-input=view]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("[3, -1]")
    page.keyboard.press("Enter")
    s = state(page)
    assert s["code"][1] == "y = x.view(3, -1)"
    matches_torch(s, earlier=[(1, -7)])
    page.locator(f"{ROOT} [data-action=transpose]").focus()
    page.keyboard.press("Enter")
    s = state(page)
    assert s["stride"] == [1, 2]
    page.keyboard.press("Tab")  # to contiguous()
    page.keyboard.press("Space")
    s = state(page)
    assert s["sharesStorage"] is False
    matches_torch(s, earlier=[(1, -7)])
    # writing into the copy leaves x alone
    page.locator(f"{ROOT} .st-cell--y[tabindex='0']").focus()
    page.keyboard.press("Enter")
    page.keyboard.type("9")
    page.keyboard.press("Enter")
    s = state(page)
    assert s["values"][0] == 9 and s["xValues"][0] == 0
    assert "x is unchanged" in live(page)
    page.locator(f"{ROOT} [data-action=undo]").focus()
    page.keyboard.press("Enter")
    assert state(page)["code"][1] == "y = x.view(3, -1).transpose(0, 1)"

    # The expand error and the slice errors, by keyboard.
    page.locator(f"{ROOT} [data-input=expand]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("[3, 4]")
    page.keyboard.press("Enter")
    try:
        torch.arange(6).view(3, -1).transpose(0, 1).expand(3, 4)
    except RuntimeError as exc:
        expected = f"RuntimeError: {exc}"
    assert state(page)["error"] == expected
    assert expected.startswith("RuntimeError: The expanded size of the tensor (4) must match the existing size (3)")
    page.locator(f"{ROOT} [data-input=index]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("[:, ::-1]")
    page.keyboard.press("Enter")
    assert state(page)["error"] == "ValueError: step must be greater than zero"

    # Storage positions as labels (a checkbox), and another base tensor (a select).
    page.locator(f"{ROOT} [data-input=positions]").focus()
    page.keyboard.press("Space")
    assert state(page)["labels"] == "positions"
    assert page.locator(f"{ROOT} .st-cell--y").first.text_content() == "@0"
    page.locator(f"{ROOT} [data-input=base]").focus()
    page.keyboard.press("ArrowDown")
    s = state(page)
    assert s["code"] == ["x = torch.arange(12).view(3, 4)", "y = x"]
    page.locator(f"{ROOT} [data-input=permute]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("[1, 0]")
    page.keyboard.press("Enter")
    page.locator(f"{ROOT} [data-input=index]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("[1:, ::3]")
    page.keyboard.press("Enter")
    s = state(page)
    assert s["code"][1] == "y = x.permute(1, 0)[1:, ::3]"
    matches_torch(s)
    clean(watched, isolated_url)


def test_axe_and_a_narrow_screen(watched, isolated_url):
    page = open_widget(watched, isolated_url, width=360)
    page_wide = serious_axe_violations(page)
    assert [v for v in page_wide if any("st" in n.split("[")[0] or "strides" in n for n in v["nodes"])] == []
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    for selector in [f"{ROOT} .st__svg", f"{ROOT} .st__ops", f"{ROOT} [data-action=contiguous]"]:
        b = page.locator(selector).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360, selector
    page.locator(f"{ROOT} [data-action=transpose]").click()
    cell(page, 4).click()
    assert state(page)["selected"] == [2, 0]
    page.locator(f"{ROOT} [data-input=value]").fill("11")
    page.locator(f"{ROOT} [data-input=value]").press("Enter")
    assert state(page)["storage"][2] == 11
    assert serious_axe_violations(page, ROOT) == []
    clean(watched, isolated_url)


def test_without_javascript_the_fallback_figure_shows(browser, isolated_url):
    alts = fallback_without_javascript(browser, isolated_url + PAGE, ROOT, ".st")
    assert "storage strip" in alts[0]
