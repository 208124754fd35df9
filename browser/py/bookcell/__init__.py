"""How one browser cell runs: the same code in the reader's browser and at build time.

A cell runs like a notebook cell: its statements run in the page's namespace, and
when the last statement is a bare expression its value is shown (``repr``, unless
it is None), so ``x.shape`` on the last line prints ``torch.Size([2, 3])``. The build
runs every page's cells through :func:`execute` under real torch and under
booktorch, and the browser's worker runs them through :func:`run`, so what the
page promises and what the reader gets are made the same way. A widget that asks
Python for an answer goes through :func:`call`.

This module imports only the standard library: the build's torch run uses it too.
"""

import ast
import builtins
import importlib
import json
import sys
import traceback

INPUT_MESSAGE = (
    "input() is not available in a browser cell: a cell cannot stop and wait for typing. "
    "Write the value into the code instead, for example  n = 5"
)


def _no_input(prompt=""):
    raise NotImplementedError(INPUT_MESSAGE)


def _split(code, name):
    """(compiled body, compiled last expression or None) of a cell's code."""
    tree = ast.parse(code, name, "exec")
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    body = compile(tree, name, "exec")
    return body, (compile(last, name, "eval") if last is not None else None)


def execute(code, name, namespace):
    """Run ``code`` (file name ``name`` in tracebacks) in ``namespace``; show a final
    expression's value as a notebook does. Exceptions propagate to the caller."""
    body, last = _split(code, name)
    namespace.setdefault("__builtins__", builtins)
    namespace["input"] = _no_input
    exec(body, namespace)  # noqa: S102 - running the reader's cell is the point
    if last is not None:
        value = eval(last, namespace)  # noqa: S307 - the cell's own last line
        if value is not None:
            print(repr(value))


def describe(exc, name):
    """What the reader sees of an exception: (type name, traceback text, last line, cell line).

    Only the cell's own frames are kept (booktorch's insides are not the reader's
    code); a SyntaxError shows Python's caret under the cell's own line.
    """
    frames = [frame for frame in traceback.extract_tb(exc.__traceback__) if frame.filename == name]
    last = "".join(traceback.format_exception_only(type(exc), exc))
    text = ("Traceback (most recent call last):\n" + "".join(traceback.format_list(frames))) if frames else ""
    if isinstance(exc, SyntaxError) and exc.filename == name:
        line = exc.lineno
    else:
        line = frames[-1].lineno if frames else None
    return type(exc).__name__, text + last, last, line


def flush_output():
    """Send what sys.stdout and sys.stderr still hold. The browser's streams are line
    buffered: without this, a run's last piece without a newline (``print(x, end="")``,
    or a line cut short by Stop) would come out at the head of the next run."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001, S110 - a stream that cannot flush has nothing to send
            pass


def run(code, name, namespace):
    """Run a cell for the browser's worker: None, or (type, traceback, last line, line)."""
    try:
        execute(code, name, namespace)
    except BaseException as exc:  # noqa: BLE001 - the reader sees whatever their code raised
        return describe(exc, name)
    finally:
        flush_output()
    return None


def call(module, name, arguments_json):
    """Call ``module.name(*arguments)`` for the browser's worker, the arguments and the
    value as JSON text: (value JSON, None), or (None, (type, traceback, last line, line))
    when it raises or its value is not JSON (only the module's own frames are kept)."""
    try:
        function = getattr(importlib.import_module(module), name)
        return json.dumps(function(*json.loads(arguments_json)), allow_nan=False), None
    except BaseException as exc:  # noqa: BLE001 - the widget reports whatever Python raised
        return None, describe(exc, getattr(sys.modules.get(module), "__file__", None))
    finally:
        flush_output()  # what a call prints is not kept, and must not reach the next run


def _bound_at_top(tree):
    """The names a module's statements bind in its own namespace (not inside functions,
    classes, lambdas or comprehensions, which have namespaces of their own)."""
    names = set()
    scopes = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)

    def visit(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            return
        if isinstance(node, scopes):
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    names.discard("*")
    return names


def defined_names(codes):
    """For each code in ``codes``: the sorted names it defines at its top level, or None
    when it cannot be parsed. The browser asks this to tell the reader which earlier
    cell should have defined a name that a later cell found missing."""
    found = []
    for code in codes:
        try:
            found.append(sorted(_bound_at_top(ast.parse(code))))
        except SyntaxError:
            found.append(None)
    return found
