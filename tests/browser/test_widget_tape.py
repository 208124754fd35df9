"""The tape widget (docs/autograd.md) in a real headless Chromium: Python (booktorch in
Pyodide) records the tape, and the reader walks it backwards by pointer and by keyboard."""


import pytest
import torch

from tests.browser.conftest import clean, fallback_without_javascript, serious_axe_violations, widget_helpers

PAGE = "autograd/"
ROOT = "[data-widget=tape]"
READY_MS = 90_000  # a cold Pyodide start on a loaded 2-core machine

state, live, action = widget_helpers(ROOT)


def wait_for(page, condition, timeout=10_000):
    """Wait until the widget's published state satisfies a JS condition on `s`."""
    page.wait_for_function(
        f"() => {{ const s = JSON.parse(document.querySelector('{ROOT}').dataset.state || '{{}}'); return {condition}; }}",
        timeout=timeout,
    )


def node(s, label):
    return next(n for n in s["nodes"] if n["label"] == label)


def svg_text(page, node_id):
    """The lines of a node's box in the graph, joined by " | "."""
    texts = page.locator(f"{ROOT} .tape-node[data-node={node_id}] text").all_text_contents()
    return " | ".join(texts)


def torch_grad(source, x0):
    x = torch.tensor(x0, requires_grad=True)
    eval(source, {"__builtins__": {}}, {"x": x}).backward()  # noqa: S307 - the test's own strings
    return x.grad.item()


def test_python_starts_on_intent_and_the_walk_works_by_pointer(watched, isolated_url):
    page = watched.page
    page.set_viewport_size({"width": 1100, "height": 900})
    page.emulate_media(reduced_motion="reduce")
    page.goto(isolated_url + PAGE)
    page.wait_for_selector(f"{ROOT}.book-widget--live .tape__form")
    page.wait_for_load_state("networkidle")
    far = page.locator(ROOT).bounding_box()["y"] > 2 * 900
    if far:  # nothing else on the page near the top starts Python
        assert state(page)["status"] == "waiting"
        assert "Python starts when" in page.locator(f"{ROOT} .tape__status").inner_text()
    page.locator(ROOT).scroll_into_view_if_needed()
    wait_for(page, "s.status === 'loading' || s.status === 'ready'", timeout=15_000)
    if state(page)["status"] == "loading":
        assert "Starting Python" in page.locator(f"{ROOT} .tape__status").inner_text()
        assert page.locator(f"{ROOT} .tape__live").is_hidden()
    wait_for(page, "s.status === 'ready'", timeout=READY_MS)
    s = state(page)
    # x**3 at 2, the chapter's step-size table, written so that x is used three times.
    assert (s["source"], s["x"], s["value"], s["result"], s["step"], s["total"]) == ("x*x*x", 2.0, 8.0, 12.0, 0, 5)
    assert [(n["label"], n["op"], n["inputs"]) for n in s["nodes"]] == [
        ("x", "AccumulateGrad", []), ("x * x", "MulBackward0", ["n0", "n0"]),  # x is one node, used twice here
        ("x * x * x", "MulBackward0", ["n1", "n0"])]  # and once more here
    assert live(page) == "Recorded 3 tape entries for f(x) = x * x * x at x = 2: f(x) = 8. Press Step to walk the tape backwards."
    assert page.locator(f"{ROOT} .tape__list li").all_inner_texts()[0].startswith("x = 2")
    assert page.locator(f"{ROOT} .tape-edge").count() == 4
    assert "grad ?" in svg_text(page, "n0")

    action(page, "step").click()
    s = state(page)
    assert s["step"] == 1 and s["current"]["kind"] == "node" and s["current"]["op"] == "MulBackward0"
    assert [(i["local"], i["contribution"]) for i in s["current"]["inputs"]] == [(2.0, 2.0), (4.0, 4.0)]
    assert node(s, "x")["grad"] == 4.0 and node(s, "x * x")["grad"] == 2.0 and s["xGrad"] is None
    assert live(page) == "Step 1 of 5: MulBackward0 (x * x * x) receives 1 and sends 2 and 4."
    work = page.locator(f"{ROOT} .tape__work").inner_text()
    assert "local 2 × upstream 1 = 2" in work and "local 4 × upstream 1 = 4" in work
    assert page.locator(f"{ROOT} .tape-edge--active").count() == 2
    assert page.locator(f"{ROOT} .tape-pill__text").all_text_contents() == ["2", "4"]

    action(page, "step").click()
    s = state(page)
    assert live(page) == "Step 2 of 5: MulBackward0 (x * x) receives 2 and sends 4 and 4."
    assert "(use 2)" in page.locator(f"{ROOT} .tape__work").inner_text()
    action(page, "step").click()
    s = state(page)
    assert s["current"]["kind"] == "buffer" and (s["current"]["before"], s["current"]["add"], s["current"]["after"]) == (4, 4, 8)
    assert "grad 4 + 4 = 8" in svg_text(page, "n0")  # the += when x is reached again
    assert live(page) == "Step 3 of 5: grad[x] += 4, now 8."
    action(page, "step").click()
    assert "grad 4 + 4 + 4 = 12" in svg_text(page, "n0")
    assert live(page) == "Step 4 of 5: grad[x] += 4, now 12."

    action(page, "step").click()
    s = state(page)
    assert s["xGrad"] == 12.0 == torch_grad("x*x*x", 2.0)
    assert live(page) == "Step 5 of 5: x.grad = 12. Done: x.grad = 12."
    assert action(page, "step").get_attribute("aria-disabled") == "true"
    action(page, "step").click(force=True)  # does nothing at the end
    assert state(page)["step"] == 5
    action(page, "back").click()
    assert state(page)["step"] == 4 and state(page)["xGrad"] is None
    assert "(1 step to go)" in page.locator(f"{ROOT} [data-readout=result]").inner_text()  # one, singular
    action(page, "reset").click()
    assert state(page)["step"] == 0
    assert live(page) == "Back at the start: x * x * x has gradient 1."
    action(page, "play").click()  # reduced motion: straight to the end
    assert state(page)["xGrad"] == 12.0 and live(page) == "Finished: x.grad = 12."

    # Another expression, by pointer: an example button.
    page.locator(f"{ROOT} [data-example='x**2 + 3*x']").click()
    wait_for(page, "s.status === 'ready' && s.source === 'x**2 + 3*x'")
    s = state(page)
    assert [n["op"] for n in s["nodes"]] == ["AccumulateGrad", "PowBackward0", "MulBackward0", "AddBackward0"]
    action(page, "finish").click()
    s = state(page)
    assert s["xGrad"] == 7.0 == torch_grad("x**2 + 3*x", 2.0)
    assert live(page) == "Finished: x.grad = 7."
    assert "grad 3 + 4 = 7" in svg_text(page, "n0")

    # The h slider by pointer: the far left end is h = 1e-7, where float32 rounding wins.
    default = state(page)["numeric"]
    assert state(page)["hExponent"] == -3 and default["error"] < 1e-3
    slider = page.locator(f"{ROOT} input[data-input=h]")
    box = slider.bounding_box()
    page.mouse.click(box["x"] + 2, box["y"] + box["height"] / 2)
    s = state(page)
    assert s["hIndex"] == 0 and s["h"] == 1e-7
    assert s["numeric"]["error"] > 0.01 and s["numeric"]["dominant"] == "rounding"
    x, h = torch.tensor(2.0), torch.tensor(1e-7)
    f = lambda t: t**2 + 3 * t  # noqa: E731
    assert s["numeric"]["f32"] == ((f(x + h) - f(x - h)) / (2 * h)).item()  # torch's own float32 difference
    assert abs(s["numeric"]["error"] - abs(s["numeric"]["f32"] - 7) / 7) < 1e-12
    assert "h = 1e-7" in slider.get_attribute("aria-valuetext")
    assert serious_axe_violations(page, ROOT) == []
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")  # Material's dark scheme
    assert serious_axe_violations(page, ROOT) == []
    clean(watched, isolated_url)


H_EXPONENTS = [k / 4 for k in range(-28, 1)]  # the widget's steps: h = 10**e, e = -7, -6.75, ..., 0


def test_the_default_function_shows_the_trade_off_in_h(watched, isolated_url):
    """Issue 23: the default was x*x, whose central difference is exact for every h, so the check
    could not show truncation error shrinking with h while rounding error grows. x**3 shows both."""
    page = watched.page
    page.set_viewport_size({"width": 1100, "height": 900})
    page.emulate_media(reduced_motion="reduce")
    page.goto(isolated_url + PAGE)
    page.wait_for_selector(f"{ROOT}.book-widget--live .tape__form")
    page.locator(f"{ROOT} input[data-input=f]").focus()  # focus is intent: Python starts
    wait_for(page, "s.status === 'ready'", timeout=READY_MS)
    s = state(page)
    assert s["source"] == "x*x*x" and s["result"] == 12.0
    curve = s["curve"]  # the check at every h, smallest h first
    assert [p["exponent"] for p in curve] == H_EXPONENTS

    # The same float32 central differences, from torch itself.
    x = torch.tensor(2.0)
    errors = []
    for e in H_EXPONENTS:
        h = torch.tensor(10.0**e)
        slope = (((x + h) * (x + h) * (x + h) - (x - h) * (x - h) * (x - h)) / (2 * h)).item()
        errors.append(abs(slope - 12.0) / 12.0)
    assert [p["error"] for p in curve] == pytest.approx(errors, rel=1e-12, abs=0)
    best = min(range(len(errors)), key=errors.__getitem__)

    # As h shrinks from 1, the error first falls (truncation, h**2 / 12), then rises (rounding).
    trade = s["tradeOff"]
    assert (trade["kind"], trade["best"]) == ("tradeoff", best) and 0 < best < len(curve) - 1
    falling = [p["error"] for p in curve[best:]]
    assert falling == sorted(falling) and falling[-1] > 1000 * falling[0]
    assert curve[0]["error"] > 1000 * curve[best]["error"]  # rising again below the best h
    assert curve[-1]["dominant"] == "truncation" and curve[0]["dominant"] == "rounding"
    truncation = [p["truncationError"] for p in curve[best:]]
    assert truncation == sorted(truncation)
    assert truncation[-1] == pytest.approx(1 / 12)  # (3**3 - 1**3) / 2 = 13 against 12
    shown = page.locator(f"{ROOT} [data-readout=tradeoff]").inner_text()
    assert shown == trade["text"] and shown.startswith("The float32 error is smallest at h = ")
    assert "lose to truncation" in shown and "lose to rounding" in shown
    assert trade["text"] in page.locator(f"{ROOT} .tape__chart-svg desc").text_content()
    assert page.locator(f"{ROOT} polyline.tape-chart__line--truncation").count() == 1

    # By keyboard, the slider walks through both regimes, and the live region names each.
    slider = page.locator(f"{ROOT} input[data-input=h]")
    slider.focus()
    page.keyboard.press("End")
    s = state(page)
    assert s["h"] == 1 and s["numeric"]["dominant"] == "truncation"
    assert live(page).startswith("At h = 1 truncation error dominates")
    assert "Truncation error dominates" in page.locator(f"{ROOT} [data-readout=verdict]").inner_text()
    page.keyboard.press("Home")
    s = state(page)
    assert s["h"] == 1e-7 and s["numeric"]["dominant"] == "rounding"
    assert live(page).startswith("At h = 1e-7 rounding error dominates")
    for _ in range(best):
        page.keyboard.press("ArrowRight")
    s = state(page)
    assert s["hIndex"] == best and s["numeric"]["error"] == curve[best]["error"]
    clean(watched, isolated_url)


def test_keyboard_only_at_360_px_with_a_parse_error_and_the_h_slider(watched, isolated_url):
    page = watched.page
    page.set_viewport_size({"width": 360, "height": 800})
    page.emulate_media(reduced_motion="no-preference")
    page.goto(isolated_url + PAGE)
    page.wait_for_selector(f"{ROOT}.book-widget--live .tape__form")
    field = page.locator(f"{ROOT} input[data-input=f]")
    field.focus()  # focus is intent: Python starts
    page.keyboard.press("Control+A")
    page.keyboard.type("x +* 2")
    page.keyboard.press("Enter")
    wait_for(page, "s.status === 'error'", timeout=READY_MS)
    s = state(page)
    assert s["error"]["column"] == 3 and s["error"]["kind"] == "SyntaxError"
    assert page.locator(f"{ROOT} .tape__caret").inner_text() == "x +* 2\n   ^"  # the caret under '*'
    assert "'*' needs a number, x or '(' on its left (column 4)" in page.locator(f"{ROOT} .tape__error").inner_text()
    assert live(page) == "SyntaxError: '*' needs a number, x or '(' on its left (column 4)"
    assert field.get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.dataset.input") == "f"  # focus stays in the field
    assert serious_axe_violations(page, ROOT) == []

    page.keyboard.press("Control+A")
    page.keyboard.type("x*x + x*x")
    page.keyboard.press("Tab")  # to x
    assert page.evaluate("document.activeElement.dataset.input") == "x"
    page.keyboard.press("Control+A")
    page.keyboard.type("1.5")
    page.keyboard.press("Enter")
    wait_for(page, "s.status === 'ready' && s.source === 'x*x + x*x'")
    s = state(page)
    assert field.get_attribute("aria-invalid") == "false"
    assert s["x"] == 1.5 and [n["label"] for n in s["nodes"]] == ["x", "x * x", "x * x + x * x"]  # x*x once
    assert s["total"] == 5

    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "draw"  # the form is in tab order
    step = action(page, "step")
    step.focus()
    page.keyboard.press("Enter")  # AddBackward0 sends 1 twice into x*x
    page.keyboard.press("Enter")  # grad[x * x] += 1
    s = state(page)
    assert s["current"]["kind"] == "buffer" and s["current"]["after"] == 2.0
    assert live(page) == "Step 2 of 5: grad[x * x] += 1, now 2."
    page.keyboard.press("Space")  # MulBackward0 receives 2, sends 3 and 3
    assert live(page) == "Step 3 of 5: MulBackward0 (x * x) receives 2 and sends 3 and 3."
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    s = state(page)
    assert s["xGrad"] == 6.0 == torch_grad("x*x + x*x", 1.5)
    assert live(page) == "Step 5 of 5: x.grad = 6. Done: x.grad = 6."
    assert page.evaluate("document.activeElement.dataset.action") == "step"  # focus kept
    page.keyboard.press("Shift+Tab")  # Back
    page.keyboard.press("Enter")
    assert state(page)["step"] == 4

    # Play on a timer (no reduced motion): it walks to the end by itself.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # Play
    page.keyboard.press("Enter")
    wait_for(page, "s.step === 5 && !s.playing")

    # The h slider by keyboard.
    slider = page.locator(f"{ROOT} input[data-input=h]")
    slider.focus()
    before = state(page)
    assert before["hExponent"] == -3
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    s = state(page)
    assert s["hExponent"] == -2.5 and s["numeric"]["f32"] != before["numeric"]["f32"]
    page.keyboard.press("End")
    s = state(page)
    assert s["h"] == 1 and s["numeric"]["error"] == 0  # a quadratic: exact central difference at any h
    assert s["tradeOff"]["kind"] == "rounding"  # nothing to trade: the widget says the largest h is best
    assert "no truncation error to trade against" in page.locator(f"{ROOT} [data-readout=tradeoff]").inner_text()
    page.keyboard.press("Home")
    s = state(page)
    assert s["h"] == 1e-7 and s["numeric"]["error"] > 1e-3 and s["numeric"]["dominant"] == "rounding"
    assert "relative error" in slider.get_attribute("aria-valuetext")
    assert live(page).startswith("At h = 1e-7 rounding error dominates")

    # Still fits at 360 px.
    assert page.evaluate(f"document.querySelector('{ROOT}').scrollWidth") <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.locator(f"{ROOT} .tape__svg").bounding_box()["width"] <= 360
    assert serious_axe_violations(page, ROOT) == []
    clean(watched, isolated_url)


def test_fallback_figure_without_javascript(browser, isolated_url):
    alts = fallback_without_javascript(browser, isolated_url + PAGE, ROOT, ".tape")
    assert all("x * x" in alt for alt in alts)
