"""How the browser's worker runs Python for the book (browser/py/bookcell): the cells'
runner and the widgets' call, which carries arguments and value as JSON."""

import json
import sys
import types
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


class LineBufferedStdout:
    """Like the browser's sys.stdout: text reaches the page only when a line ends or on flush."""

    def __init__(self):
        self.buffer, self.sent = "", []

    def write(self, text):
        self.buffer += text
        if "\n" in self.buffer:
            self.flush()
        return len(text)

    def flush(self):
        if self.buffer:
            self.sent.append(self.buffer)
        self.buffer = ""


def test_a_run_sends_its_last_piece_even_without_a_newline(monkeypatch):
    stdout = LineBufferedStdout()
    monkeypatch.setattr(sys, "stdout", stdout)
    assert bookcell.run('print("a")\nprint(1, end="")', "<cell 1>", {}) is None
    assert stdout.sent == ["a\n", "1"] and stdout.buffer == ""
    # a line cut short by an exception (as Stop's KeyboardInterrupt cuts one) goes with its run
    error = bookcell.run('print("half", end="")\nraise KeyboardInterrupt', "<cell 1>", {})
    assert error[0] == "KeyboardInterrupt" and stdout.sent[-1] == "half"


def test_what_a_call_prints_does_not_wait_for_the_next_run(monkeypatch):
    stdout = LineBufferedStdout()
    monkeypatch.setattr(sys, "stdout", stdout)
    printer = types.ModuleType("printer")
    printer.say = lambda text: print(text, end="")
    monkeypatch.setitem(sys.modules, "printer", printer)
    assert bookcell.call("printer", "say", json.dumps(["no newline"])) == ("null", None)
    assert stdout.buffer == ""


def test_defined_names_are_what_a_cell_binds_in_the_page_namespace():
    code = "\n".join([
        "import torch, numpy.linalg", "from os import path as p", "x = 1", "y += 1", "(a, [b, *c]) = 1, [2, 3]",
        "for i in range(3):", "    inner = i", "def f(arg):", "    local = arg", "class C:", "    attr = 1",
        "with open('f') as fh:", "    pass", "try:", "    pass", "except OSError as err:", "    pass",
        "if (w := 3):", "    pass", "[q for q in range(2)]", "square = lambda t: t * t",
    ])
    found = bookcell.defined_names([code, "x = (", ""])
    assert found[0] == sorted(["torch", "numpy", "p", "x", "y", "a", "b", "c", "i", "inner", "f", "C", "fh", "err", "w",
                               "square"])
    assert found[1] is None  # cannot be parsed
    assert found[2] == []
    # the names a cell's NameError can be about, as the worker passes them: JSON both ways
    value, error = bookcell.call("bookcell", "defined_names", json.dumps([["t = torch.ones(2)"]]))
    assert error is None and json.loads(value) == [["t"]]
