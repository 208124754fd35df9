"""The tape widget's numbers (browser/src/widgets/tape-math.js) against real torch.

The widget replays a recorded tape step by step and computes the check's relative
errors. Here the tapes are recorded under real torch (booktape/expression.py runs on
either), replayed by the JS module in one batch, and compared with torch computed
independently: x.grad from plain autograd on the expression (no shared
subexpressions, no tape code), every intermediate's gradient from retain_grad(), and
the relative errors from float64 tensors.
"""

import json
import math
import random
import re
import sys
from pathlib import Path

import torch

from tests.widgets_support import call_batch

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "browser" / "py"))
import booktape.expression as E  # noqa: E402
import booktorch  # noqa: E402

def _either(tensor_fn, float_fn):
    """torch's function on a tensor; on a plain number, Python's (a part without x is folded)."""
    return lambda v: tensor_fn(v) if isinstance(v, torch.Tensor) else float_fn(v)


FUNCTIONS = {"exp": _either(torch.exp, math.exp), "tanh": _either(torch.tanh, math.tanh),
             "sigmoid": _either(torch.sigmoid, lambda v: 1 / (1 + math.exp(-v))),
             "log": torch.log, "sqrt": torch.sqrt, "abs": torch.abs, "relu": torch.relu}
FIXED = ["x*x*x", "x*x", "x**2 + 3*x", "x*x + x*x", "x**3 - 4*x", "exp(x) / x", "3 / x", "-x**2", "x - x", "x", "x**x",
         "sigmoid(x) * tanh(x)", "(x + 1) * (x + 1) * (x + 1)", "sqrt(x*x + 1) - x", "2**x + x**0.5"]


def random_sources(count, seed=0):
    rng = random.Random(seed)

    def expr(depth):
        if depth == 0 or rng.random() < 0.25:
            return rng.choice(["x", "x", "2", "3", "0.5", "1.5"])
        kind = rng.random()
        if kind < 0.55:
            return f"({expr(depth - 1)} {rng.choice('+-*/')} {expr(depth - 1)})"
        if kind < 0.7:
            a = expr(depth - 1)
            return f"({a}) {rng.choice('+-*')} ({a})"  # a shared subexpression
        if kind < 0.8:
            return f"({expr(depth - 1)}) ** {rng.choice(['2', '3', '-1', '0.5'])}"
        if kind < 0.9:
            return f"-({expr(depth - 1)})"
        return f"{rng.choice(['exp', 'tanh', 'sigmoid'])}({expr(depth - 1)})"

    out = []
    while len(out) < count:
        s = expr(4)
        if "x" in s:
            out.append(s)
    return out


def plain_torch(source, x0):
    """x.grad and f(x) from torch alone: Python evaluates the text, torch records it."""
    x = torch.tensor(x0, requires_grad=True)
    y = eval(source, {"__builtins__": {}, **FUNCTIONS}, {"x": x})  # noqa: S307 - the test's own strings
    y.backward()
    return y.item(), x.grad.item()


def intermediate_grads(source, x0):
    """d f / d (each tape entry), by retain_grad() on the tensors the expression computed."""
    x = torch.tensor(x0, requires_grad=True)
    out, entries = E.evaluate(E.parse(source), x, torch)
    for _, t in entries[1:]:
        t.retain_grad()
    out.backward()
    return {label: (t.grad.item() if t.grad is not None else None) for label, t in entries}


def replay_all(items, limit=100_000):
    """replayAll in as few node calls as the argument-length limit allows."""
    results, batch, size = [], [], 0
    for item in items:
        n = len(json.dumps(item))
        if batch and size + n > limit:
            results += call_batch("replayAll", batch)
            batch, size = [], 0
        batch.append(item)
        size += n
    return results + (call_batch("replayAll", batch) if batch else [])


def num(v):
    """A number from the JS side's JSON (non-finite ones arrive as strings)."""
    return None if v is None else float(v)


def close(a, b, scale):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= 1e-5 * max(abs(a), abs(b)) + 1e-6 * scale


def test_the_replayed_walk_and_the_check_match_torch():
    xs = [2.0, -1.5, 0.75, 3.0]
    cases = [(s, x) for s in FIXED for x in (2.0,)] + [(s, xs[k % 4]) for k, s in enumerate(random_sources(120))]
    answers = [E.analyse(s, repr(x), torch) for s, x in cases]
    keep = [(case, a) for case, a in zip(cases, answers) if a["ok"]]
    assert len(keep) > 100
    results = replay_all([E._plain(a) for _, a in keep])
    for ((source, x0), a), got in zip(keep, results):
        value, grad = plain_torch(source, x0)
        scale = max([1.0] + [abs(n["value"]) for n in a["nodes"] if math.isfinite(n["value"])] + [abs(grad)])
        final = got["steps"][-1]
        # The walk ends with torch's x.grad, and x.grad only appears at the last step.
        xgrad = num(final["xGrad"])
        assert close(xgrad, grad, scale), (source, x0, xgrad, grad)
        assert all(s["xGrad"] is None for s in got["steps"][:-1]), source
        assert close(a["value"], value, scale), source
        # Every tape entry ends with torch's gradient of f with respect to it.
        by_label = intermediate_grads(source, x0)
        for node in a["nodes"]:
            if node["label"] in by_label and by_label[node["label"]] is not None:
                g = num(final["grad"][node["id"]])
                assert close(g, by_label[node["label"]], scale), (source, node["label"], g, by_label[node["label"]])
        # Step by step, the gradient at x only grows by the contributions sent to it.
        for before, after in zip(got["steps"], got["steps"][1:]):
            assert set(before["sent"]) <= set(after["sent"])
        # The check: relative error against x.grad, computed here in float64 tensors.
        g64 = torch.tensor(a["grad"], dtype=torch.float64)
        for i, row in enumerate(got["rows"]):
            f32 = torch.tensor(a["numeric"]["f32"][i], dtype=torch.float64)
            assert row["h"] == a["numeric"]["h"][i] == 10.0 ** E.H_EXPONENTS[i]
            if not (torch.isfinite(g64) and torch.isfinite(f32)):
                continue
            if g64 == 0:
                assert row["error"]["kind"] == "absolute" and num(row["error"]["value"]) == f32.abs().item()
            else:
                expected = ((f32 - g64).abs() / g64.abs()).item()
                assert row["error"]["kind"] == "relative"
                assert math.isclose(num(row["error"]["value"]), expected, rel_tol=1e-12, abs_tol=0), (source, i)


def test_float32_central_difference_shows_rounding_at_tiny_h_and_truncation_at_large_h():
    """x**3 at 2 (the page's table): float32 rounding wins at small h, truncation (h**2) at large h."""
    a = E.analyse("x**3", "2", torch)
    (got,) = call_batch("replayAll", [E._plain(a)])
    rows = {row["exponent"]: row for row in got["rows"]}
    assert rows[-7]["dominant"] == "rounding" and rows[-7]["error"]["value"] > 1e-2
    assert rows[0]["dominant"] == "truncation"
    assert math.isclose(rows[0]["f64"], 13.0)  # ((3)^3 - 1^3) / 2: the error is h**2 = 1
    assert math.isclose(rows[-1]["error64"]["value"], 0.01 / 12, rel_tol=1e-9)  # truncation h**2 / 12 relative
    best = got["rows"][got["best"]]
    assert -3 <= best["exponent"] <= -1.5  # the sweet spot between the two
    # The float32 numbers are torch's own float32 central differences.
    for row in got["rows"]:
        x, h = torch.tensor(2.0), torch.tensor(10.0 ** row["exponent"])
        expected = (((x + h) ** 3 - (x - h) ** 3) / (2 * h)).item()
        assert row["f32"] == expected


def widget_default(name):
    """A constant of tape-math.js (DEFAULT_SOURCE, DEFAULT_X), as the widget starts with it."""
    source = (Path(__file__).resolve().parents[2] / "browser" / "src" / "widgets" / "tape-math.js").read_text()
    return re.search(rf'^export const {name} = "([^"]*)";', source, re.M).group(1)


def test_the_widgets_default_function_shows_the_trade_off_under_torch_and_booktorch():
    """Issue 23: x*x (the old default) has an exact central difference for every h, so its check
    showed no truncation error. The default's float32 error falls, then rises, as h shrinks, and
    the browser's booktorch gives the same numbers as torch."""
    source, x = widget_default("DEFAULT_SOURCE"), widget_default("DEFAULT_X")
    assert (source, x) == ("x*x*x", "2")
    under = {name: E._plain(E.analyse(source, x, module)) for name, module in [("torch", torch), ("booktorch", booktorch)]}
    assert under["torch"]["numeric"] == under["booktorch"]["numeric"]
    got, old = call_batch("replayAll", [under["torch"], E._plain(E.analyse("x*x", x, torch))])
    errors = [num(row["error"]["value"]) for row in got["rows"]]  # smallest h first
    best = got["best"]
    assert got["tradeOff"]["kind"] == "tradeoff" and got["tradeOff"]["best"] == best
    assert errors[best:] == sorted(errors[best:]) and errors[-1] > 1000 * errors[best]  # falls as h shrinks to best
    assert errors[0] > 1000 * errors[best]  # and rises again below it
    assert got["rows"][-1]["dominant"] == "truncation" and got["rows"][0]["dominant"] == "rounding"
    # x*x: nothing to trade, its error is 0 at h = 1 and only grows as h shrinks.
    assert num(old["rows"][-1]["error"]["value"]) == 0 and old["tradeOff"]["kind"] == "rounding"
