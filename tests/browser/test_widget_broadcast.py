"""The broadcasting widget (docs/reshaping.md) in a real headless Chromium, by pointer and by keyboard."""


import torch

from tests.browser.conftest import clean, fallback_without_javascript, serious_axe_violations, widget_helpers, widget_opener

PAGE = "reshaping/"
ROOT = "[data-widget=broadcast]"

open_widget = widget_opener(PAGE, ROOT, ".bc__presets")
state, live, _ = widget_helpers(ROOT)


def torch_add(a, b):
    try:
        return list((torch.zeros(a) + torch.zeros(b)).shape), None
    except RuntimeError as exc:
        return None, str(exc)


def test_by_pointer_presets_typed_shapes_and_hover(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    s = state(page)
    assert (s["a"], s["b"], s["result"]) == ([3, 1], [1, 4], [3, 4])
    assert s["verdicts"] == ["stretch-b", "stretch-a"]
    assert (s["strideA"], s["strideB"]) == ([1, 0], [0, 1])
    assert page.locator(f"{ROOT} .bc-cell--copy").count() == 3 * 3 + 2 * 4  # the dashed copies
    assert "stride 0" in page.locator(f"{ROOT} .bc__svg").nth(1).text_content()

    page.locator(f"{ROOT} [data-preset='1']").click()  # [8, 1, 5] + [4, 1]
    s = state(page)
    assert (s["a"], s["b"], s["result"]) == ([8, 1, 5], [4, 1], torch_add([8, 1, 5], [4, 1])[0])
    assert s["ghosts"] == {"a": [False, False, False], "b": [True, False, False]}
    assert page.locator(f"{ROOT} .bc-len--ghost").count() == 1  # b's missing axis 0, dashed
    assert s["strideB"] == list(torch.zeros(4, 1).expand(8, 4, 5).stride())
    assert live(page) == "[8, 1, 5] + [4, 1] broadcasts to [8, 4, 5]."

    page.locator(f"{ROOT} [data-preset='2']").click()  # [2, 3] + [3]
    assert state(page)["result"] == [2, 3]
    page.locator(f"{ROOT} [data-preset='3']").click()  # fails
    s = state(page)
    expected = torch_add([4, 3], [4])[1]
    assert expected == "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"
    assert (s["ok"], s["result"], s["error"]) == (False, None, expected)
    assert f"RuntimeError: {expected}" in page.locator(f"{ROOT} [data-readout=outcome]").inner_text()
    assert expected in live(page)
    assert page.locator(f"{ROOT} .bc-nothing").count() == 1

    # Typed shapes; two bad axes: torch reports the rightmost.
    page.locator(f"{ROOT} [data-input=a]").fill("[2, 3, 1]")
    page.locator(f"{ROOT} [data-input=b]").fill("[4, 5, 1]")
    page.locator(f"{ROOT} [data-action=apply]").click()
    s = state(page)
    assert s["error"] == torch_add([2, 3, 1], [4, 5, 1])[1]
    assert s["verdicts"] == ["error", "error", "equal"]

    # Hovering an axis column highlights its sentence.
    page.locator(f"{ROOT} .bc-col[data-axis='1']").hover()
    assert page.locator(f"{ROOT} .bc__axes li.bc--hover").get_attribute("data-axis") == "1"
    page.mouse.move(0, 0)
    assert page.locator(f"{ROOT} .bc__axes li.bc--hover").count() == 0
    clean(watched, isolated_url)


def test_by_keyboard_inputs_presets_and_errors(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    page.locator(f"{ROOT} [data-input=a]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("[5, 1, 3]")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.input") == "b"
    page.keyboard.press("Control+A")
    page.keyboard.type("4, 1")
    page.keyboard.press("Enter")
    s = state(page)
    assert s["result"] == torch_add([5, 1, 3], [4, 1])[0] == [5, 4, 3]
    assert s["ghosts"]["b"] == [True, False, False]

    # Tab on to the Broadcast button and the presets; Enter presses them.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "apply"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.preset") == "3"
    page.keyboard.press("Enter")
    assert state(page)["error"] == torch_add([4, 3], [4])[1]
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Space")
    assert state(page)["result"] == [2, 3]

    # A bad shape: a clear message, the last good pair stays.
    page.locator(f"{ROOT} [data-input=b]").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("[2, x]")
    page.keyboard.press("Enter")
    s = state(page)
    assert "Shape of b" in s["inputError"] and "'x' is not a whole number" in s["inputError"]
    assert (s["a"], s["b"]) == ([2, 3], [3])
    assert page.locator(f"{ROOT} [data-input=b]").get_attribute("aria-invalid") is not None
    assert page.locator(f"{ROOT} .bc__input-error").is_visible()
    assert "'x' is not a whole number" in live(page)

    # More pairs typed by keyboard, each checked against torch.
    for a, b in [([3], [4]), ([1], [0]), ([6, 1, 4, 1], [7, 1, 5]), ([], [2, 2]), ([2, 1, 3], [2, 4, 3]), ([0, 3], [1])]:
        page.locator(f"{ROOT} [data-input=a]").focus()
        page.keyboard.press("Control+A")
        page.keyboard.type(str(a))
        page.locator(f"{ROOT} [data-input=b]").focus()
        page.keyboard.press("Control+A")
        page.keyboard.type(str(b))
        page.keyboard.press("Enter")
        s = state(page)
        assert (s["result"], s["error"]) == torch_add(a, b), (a, b)
    clean(watched, isolated_url)


def test_axe_and_a_narrow_screen(watched, isolated_url):
    page = open_widget(watched, isolated_url, width=360)
    # the whole page: nothing serious inside this widget (the theme's own findings are not its business)
    page_wide = serious_axe_violations(page)
    assert [v for v in page_wide if any("bc" in n or "broadcast" in n for n in v["nodes"])] == []
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    for selector in [f"{ROOT} .bc__presets", f"{ROOT} .bc__svg >> nth=0", f"{ROOT} .bc__svg >> nth=1", f"{ROOT} [data-input=b]"]:
        b = page.locator(selector).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360, selector
    page.locator(f"{ROOT} [data-preset='1']").click()
    assert state(page)["result"] == [8, 4, 5]
    page.locator(f"{ROOT} [data-preset='3']").focus()
    page.keyboard.press("Enter")
    assert state(page)["ok"] is False
    assert serious_axe_violations(page, ROOT) == []
    clean(watched, isolated_url)


def test_without_javascript_the_fallback_figure_shows(browser, isolated_url):
    alts = fallback_without_javascript(browser, isolated_url + PAGE, ROOT, ".bc")
    assert "[3, 1]" in alts[0] or "(3, 1)" in alts[0]
