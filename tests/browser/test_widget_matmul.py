"""The matmul widget (docs/matmul.md) in a real headless Chromium, by pointer and by keyboard."""


import torch

from tests.browser.conftest import (
    clean, counts_read_wrong, fallback_without_javascript, serious_axe_violations, widget_helpers, widget_opener,
)

PAGE = "matmul/"
ROOT = "[data-widget=matmul]"

open_widget = widget_opener(PAGE, ROOT, ".mm__buttons")
state, live, action = widget_helpers(ROOT)


def torch_error(a_shape, b_shape):
    try:
        torch.zeros(*a_shape) @ torch.zeros(*b_shape)
    except RuntimeError as error:
        return f"{type(error).__name__}: {error}"
    raise AssertionError("torch multiplied them")


def test_stepping_by_pointer_shows_products_running_sums_and_finished_cells(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    s = state(page)
    assert (s["R"], s["K"], s["Cn"]) == (2, 3, 2)
    assert s["A"] == [[1, 2, 3], [4, 5, 6]] and s["B"] == [[7, 8], [9, 10], [11, 12]]
    assert page.locator(f"{ROOT} .mm__badge").inner_text() == "(2 × 3) @ (3 × 2) → (2 × 2)"
    A, B = torch.tensor(s["A"]), torch.tensor(s["B"])
    partial = torch.cumsum(A[0] * B[:, 0], 0).tolist()  # [7, 25, 58]

    for k in range(3):
        action(page, "step").click()
        s = state(page)
        assert s["step"] == k + 1
        assert (s["current"]["r"], s["current"]["c"], s["current"]["k"]) == (0, 0, k)
        assert s["current"]["product"] == (A[0, k] * B[k, 0]).item()
        assert s["C"][0][0] == partial[k]
        if k < 2:
            assert live(page) == ""  # no announcement for a single product
            assert (
                f"Running sum: {' + '.join(str(int(x)) for x in (A[0] * B[:, 0])[: k + 1])} = {partial[k]}"
                in page.locator(f"{ROOT} .mm__work").inner_text()
            )
    assert s["done"][0][0] is True
    assert live(page) == "C[0][0] = 58"
    assert "C[0][0] = 1×7 + 2×9 + 3×11 = 7 + 18 + 33 = 58" in page.locator(f"{ROOT} .mm__work").inner_text()
    # The current row of A and column of B are highlighted; the finished cell is filled.
    action(page, "step").click()
    assert page.locator(f"{ROOT} .mm-band").count() == 2
    assert page.locator(f"{ROOT} .mm-cell--pair").count() == 2
    assert page.locator(f"{ROOT} .mm-cell--done").count() == 1
    action(page, "back").click()
    assert state(page)["step"] == 3
    action(page, "finish").click()
    s = state(page)
    assert s["complete"] and s["C"] == (A @ B).tolist() == [[58, 64], [139, 154]]
    assert (
        live(page) == "All 4 cells done: C = [[58, 64], [139, 154]]."
    )  # Finish announces once, not per cell
    assert action(page, "step").get_attribute("aria-disabled") == "true"
    action(page, "step").click(force=True)  # aria-disabled: does nothing at the end
    assert state(page)["step"] == s["total"] == 12
    action(page, "reset").click()
    assert state(page)["step"] == 0 and state(page)["C"] == [[None, None], [None, None]]
    clean(watched, isolated_url)


def test_keyboard_only_shapes_steps_and_finish(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    rows = page.locator(f"{ROOT} select[data-shape=R]")
    rows.focus()
    page.keyboard.press("ArrowDown")  # 2 -> 3 rows
    shared = page.locator(f"{ROOT} select[data-shape=K]")
    shared.focus()
    page.keyboard.press("ArrowDown")  # 3 -> 4: A's columns and B's rows move together
    s = state(page)
    assert (s["R"], s["Ka"], s["Kb"], s["Cn"]) == (3, 4, 4, 2)
    assert len(s["A"]) == 3 and len(s["A"][0]) == 4 and len(s["B"]) == 4 and s["error"] is None
    assert page.locator(f"{ROOT} .mm__badge").inner_text() == "(3 × 4) @ (4 × 2) → (3 × 2)"
    assert "New shapes: (3 × 4) @ (4 × 2) → (3 × 2)." == live(page)

    step = action(page, "step")
    step.focus()
    for _ in range(4):
        page.keyboard.press("Enter")
    s = state(page)
    A, B = torch.tensor(s["A"]), torch.tensor(s["B"])
    C = A @ B
    assert s["step"] == 4 and s["done"][0][0] and s["C"][0][0] == C[0, 0].item()
    assert live(page) == f"C[0][0] = {C[0, 0].item()}"
    page.keyboard.press("Space")
    assert state(page)["C"][0][1] == A[0, 0].item() * B[0, 1].item()
    page.keyboard.press("Shift+Tab")  # Back
    page.keyboard.press("Enter")
    assert state(page)["step"] == 4
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # Finish
    assert page.evaluate("document.activeElement.dataset.action") == "finish"
    page.keyboard.press("Enter")
    s = state(page)
    assert s["complete"] and s["C"] == C.tolist()
    assert live(page) == f"All 6 cells done: C = {C.tolist()}."
    assert page.evaluate("document.activeElement.dataset.action") == "finish"  # focus is kept at the end
    clean(watched, isolated_url)


def test_every_partial_sum_matches_torch_for_other_shapes(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    for R, K, Cn in [(1, 1, 1), (4, 2, 3), (3, 4, 4), (1, 4, 1)]:
        page.locator(f"{ROOT} select[data-shape=R]").select_option(str(R))
        page.locator(f"{ROOT} select[data-shape=K]").select_option(str(K))
        page.locator(f"{ROOT} select[data-shape=Cn]").select_option(str(Cn))
        s = state(page)
        A, B = torch.tensor(s["A"]), torch.tensor(s["B"])
        assert A.shape == (R, K) and B.shape == (K, Cn) and s["total"] == R * K * Cn
        assert counts_read_wrong(page, ROOT) == []  # "1 product per cell, 1 cell" (issue 23)
        if (R, K, Cn) == (1, 1, 1):
            assert "(1 product per cell, 1 cell)" in page.locator(f"{ROOT} .mm__work").inner_text()
        expected = (A.unsqueeze(1) * B.T.unsqueeze(0)).cumsum(-1)  # [R, Cn, K] partial sums
        # Walk the first cell and the last cell product by product.
        action(page, "step").click()
        for k in range(K):
            if k:
                action(page, "step").click()
            assert state(page)["current"]["sum"] == expected[0, 0, k].item()
        if not state(page)["complete"]:  # a 1 x 1 x 1 product is done after one step
            action(page, "finish").click()
        s = state(page)
        assert s["C"] == (A @ B).tolist()
        assert s["current"]["sum"] == expected[-1, -1, -1].item()
        assert counts_read_wrong(page, ROOT) == []
    clean(watched, isolated_url)


def test_mismatch_mode_shows_torchs_error(watched, isolated_url):
    page = open_widget(watched, isolated_url)
    page.locator(f"{ROOT} input[data-mismatch]").click()
    page.locator(f"{ROOT} select[data-shape=Kb]").select_option("4")
    s = state(page)
    assert (s["R"], s["Ka"], s["Kb"], s["Cn"]) == (2, 3, 4, 2)
    expected = torch_error((2, 3), (4, 2))
    assert expected == "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x2)"
    assert s["error"] == expected
    assert page.locator(f"{ROOT} .mm__error").inner_text() == expected
    assert live(page) == expected
    assert s["C"] is None
    for name in ["step", "play", "finish"]:
        assert action(page, name).get_attribute("aria-disabled") == "true"
    action(page, "step").click(force=True)  # aria-disabled: does nothing
    assert state(page)["step"] == 0
    # By keyboard: make B's rows 3 again, and the product exists.
    page.locator(f"{ROOT} select[data-shape=Kb]").focus()
    page.keyboard.press("ArrowUp")
    s = state(page)
    assert s["error"] is None and s["Kb"] == 3 and page.locator(f"{ROOT} .mm__error").is_hidden()
    # Other mismatches, all compared with torch's own message.
    for Ka, Kb in [(1, 4), (4, 2)]:
        page.locator(f"{ROOT} select[data-shape=Ka]").select_option(str(Ka))
        page.locator(f"{ROOT} select[data-shape=Kb]").select_option(str(Kb))
        assert state(page)["error"] == torch_error((2, Ka), (Kb, 2))
        assert counts_read_wrong(page, ROOT) == []  # "A row of A has 1 entry" (issue 23)
    # Leaving the mode couples the inner lengths again.
    page.locator(f"{ROOT} input[data-mismatch]").focus()
    page.keyboard.press("Space")
    s = state(page)
    assert not s["mismatch"] and s["Ka"] == s["Kb"] == 4 and s["error"] is None
    clean(watched, isolated_url)


def test_play_steps_on_a_timer_and_jumps_to_the_end_with_reduced_motion(watched, isolated_url):
    page = open_widget(watched, isolated_url, reduced_motion="reduce")
    action(page, "play").click()
    s = state(page)
    assert s["complete"] and s["step"] == 12 and not s["playing"]
    assert live(page) == "All 4 cells done: C = [[58, 64], [139, 154]]."

    watched.page.clock.install()  # the page's timers on a clock this test can move on
    page = open_widget(watched, isolated_url, reduced_motion="no-preference")
    action(page, "play").click()
    assert state(page)["playing"] and action(page, "play").inner_text() == "Pause"
    page.wait_for_function(
        "() => JSON.parse(document.querySelector('[data-widget=matmul]').dataset.state).step >= 3",
    )
    assert live(page) == "C[0][0] = 58"
    action(page, "play").click()  # Pause
    paused = state(page)
    assert not paused["playing"] and action(page, "play").inner_text() == "Play"
    page.clock.run_for(10_000)  # every timer due in the next 10 s runs: none steps a paused widget
    assert state(page)["step"] == paused["step"]
    clean(watched, isolated_url)


def test_works_at_360_px_and_has_no_serious_axe_violations(watched, isolated_url):
    page = open_widget(watched, isolated_url, width=360)
    for shape, value in [("R", "4"), ("K", "4"), ("Cn", "4")]:
        page.locator(f"{ROOT} select[data-shape={shape}]").select_option(value)
    assert page.evaluate("document.querySelector('[data-widget=matmul]').scrollWidth") <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    action(page, "step").click()
    action(page, "finish").click()
    s = state(page)
    assert s["C"] == (torch.tensor(s["A"]) @ torch.tensor(s["B"])).tolist()
    page.mouse.move(0, 0)  # no hover styling (Material's hovered .md-button) during the check
    assert serious_axe_violations(page, ROOT) == []
    page.locator(f"{ROOT} input[data-mismatch]").click()
    page.locator(f"{ROOT} select[data-shape=Kb]").select_option("2")
    assert state(page)["error"] == torch_error((4, 4), (2, 4))
    page.mouse.move(0, 0)
    assert serious_axe_violations(page, ROOT) == []
    clean(watched, isolated_url)


def test_fallback_figure_without_javascript(browser, isolated_url):
    fallback_without_javascript(browser, isolated_url + PAGE, ROOT, ".mm")
