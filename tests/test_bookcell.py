"""How the browser's worker runs Python for the book (browser/py/bookcell): the cells'
runner and the widgets' call, which carries arguments and value as JSON."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "browser" / "py"))
import bookcell  # noqa: E402


def test_a_call_returns_the_functions_value_as_json():
    value, error = bookcell.call("json", "loads", json.dumps(['{"a": [1, 2.5, null, true, "é"]}']))
    assert error is None
    assert json.loads(value) == {"a": [1, 2.5, None, True, "é"]}


def test_a_call_that_raises_is_reported_as_a_run_is():
    value, error = bookcell.call("booktape.expression", "parse_x", json.dumps(["two"]))
    assert value is None
    kind, traceback, last, line = error
    assert kind == "ExpressionError"
    assert last == "booktape.expression.ExpressionError: x must be a number, like 2 or -1.5\n"
    assert traceback.startswith("Traceback (most recent call last):\n") and 'expression.py", line' in traceback
    assert traceback.endswith(last) and isinstance(line, int)


def test_a_call_says_what_is_missing_or_not_json():
    assert bookcell.call("booktape.nothing", "f", "[]")[1][2] == "ModuleNotFoundError: No module named 'booktape.nothing'\n"
    assert bookcell.call("booktape.expression", "nothing", "[]")[1][0] == "AttributeError"
    value, error = bookcell.call("math", "sqrt", json.dumps([-1.0]))
    assert (value, error[2]) == (None, "ValueError: math domain error\n")
    value, error = bookcell.call("builtins", "float", json.dumps(["nan"]))  # JSON has no NaN
    assert value is None and error[2].startswith("ValueError: Out of range float values are not JSON compliant")
