"""The tape widget's Python side: parse f(x), evaluate it once per shared subexpression,
record its tape and check the gradient with central differences.

Pure Python, and torch-agnostic: every function that touches tensors takes the torch
module as a parameter (``torch=None`` means booktorch), so the tests run the same code
under real torch and under booktorch.  It lives outside the booktorch package so that
editing the widget does not change booktorch's digest (which keys every cell's cache).

The expression language is Python's arithmetic on one variable ``x``: numbers,
``+ - * / **``, unary ``+``/``-``, parentheses and the functions in
:data:`FUNCTIONS`.  A small hand-written parser (not :mod:`ast`) reads it, so every
error names the column (0-based, in characters) of the offending character whatever
the Python version.  Precedence and associativity are Python's: ``-x**2`` is
``-(x**2)``, ``2**-x`` is ``2**(-x)``, ``2**3**2`` is ``2**(3**2)``.

Evaluation (:func:`evaluate`) walks the tree with a memo keyed on each
subexpression's structure (common-subexpression elimination): ``x*x + x*x`` computes
``x*x`` once and uses that tensor twice, and ``x`` itself is a single leaf.
Subexpressions without ``x`` are folded to Python floats, as Python would compute
them before torch ever sees them (``(1 + 2) * x`` is ``3.0 * x``).

:func:`analyse` returns plain data (see its docstring); :func:`widget_answer` is what
the widget asks for in the browser (the worker's ``call`` message, which carries values
as JSON): the same data with non-finite floats written as the strings ``"inf"``,
``"-inf"`` and ``"nan"``, which JSON has no numbers for.
"""

import math

import booktorch

from . import tape

FUNCTIONS = ("exp", "log", "sqrt", "tanh", "sigmoid", "abs", "relu")
MAX_SOURCE = 200  # characters
MAX_NODES = 40  # tape entries
H_EXPONENTS = tuple(k / 4 for k in range(-28, 1))  # h = 10**e for e = -7, -6.75, ..., 0
DEFAULT_H_INDEX = H_EXPONENTS.index(-3.0)


class ExpressionError(Exception):
    """A problem with the reader's input. ``column`` is 0-based (characters) or None."""

    def __init__(self, message, column=None, field="f", kind="SyntaxError"):
        super().__init__(message)
        self.message = message
        self.column = column
        self.field = field
        self.kind = kind

    def to_dict(self):
        return {"kind": self.kind, "message": self.message, "column": self.column, "field": self.field}


# ------------------------------------------------------------------ tokens
def _tokens(source):
    """(kind, text, column) for each token; kind is num, name, op or end."""
    out = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if c in " \t":
            i += 1
            continue
        if c.isdigit() or (c == "." and i + 1 < n and source[i + 1].isdigit()):
            j = i
            while j < n and source[j].isdigit():
                j += 1
            if j < n and source[j] == ".":
                j += 1
                while j < n and source[j].isdigit():
                    j += 1
            if j < n and source[j] in "eE":
                k = j + 1
                if k < n and source[k] in "+-":
                    k += 1
                if k < n and source[k].isdigit():
                    while k < n and source[k].isdigit():
                        k += 1
                    j = k
                else:
                    raise ExpressionError("a number's exponent needs digits, as in 1e-3", k if k < n else n)
            text = source[i:j]
            if j < n and (source[j].isalpha() or source[j] == "_"):
                raise ExpressionError(
                    f"a number cannot be followed directly by a name: write {text} * {source[j]}"
                    if source[j].isalpha() else "unexpected character after a number", j)
            out.append(("num", text, i))
            i = j
            continue
        if c.isalpha() or c == "_":
            j = i
            while j < n and (source[j].isalnum() or source[j] == "_"):
                j += 1
            out.append(("name", source[i:j], i))
            i = j
            continue
        if source.startswith("**", i):
            out.append(("op", "**", i))
            i += 2
            continue
        if c in "+-*/()":
            if c == "/" and source.startswith("//", i):
                raise ExpressionError("// (floor division) is not allowed: use / for division", i)
            out.append(("op", c, i))
            i += 1
            continue
        if c == ".":
            if out and out[-1][:2] == ("name", "torch"):
                raise ExpressionError("write exp(x) instead of torch.exp(x): the functions need no prefix", out[-1][2])
            raise ExpressionError("'.' is only allowed in numbers: write exp(x) rather than x.exp()", i)
        if c == "^":
            raise ExpressionError("^ is not a power in Python: write x**2 for x squared", i)
        if c == ",":
            raise ExpressionError("a comma is not allowed: use a point for decimals (2.5) and one argument per function", i)
        if c in "%@&|<>=!~[]{}":
            raise ExpressionError(f"{c!r} is not allowed: only + - * / ** and parentheses", i)
        raise ExpressionError(f"unexpected character {c!r}", i)
    out.append(("end", "", n))
    return out


# ------------------------------------------------------------------ tree
class Node:
    """A parsed subexpression. kind: num, x, neg, pos, bin, call. ``col`` is where its
    operator (or first character) sits, for error messages."""

    __slots__ = ("kind", "op", "args", "value", "text", "col")

    def __init__(self, kind, col, op=None, args=(), value=None, text=None):
        self.kind, self.col, self.op, self.args, self.value, self.text = kind, col, op, tuple(args), value, text

    def shape(self):
        """A structure-only form (no positions), comparable with Python's ast."""
        if self.kind == "num":
            return ("num", self.value)
        if self.kind == "x":
            return ("x",)
        if self.kind == "call":
            return ("call", self.op, self.args[0].shape())
        return (self.kind, self.op) + tuple(a.shape() for a in self.args)


class _Parser:
    def __init__(self, source):
        self.source = source
        self.toks = _tokens(source)
        self.i = 0

    def peek(self):
        return self.toks[self.i]

    def take(self):
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def parse(self):
        if self.peek()[0] == "end":
            raise ExpressionError("type an expression in x, for example x*x", 0)
        node = self.expr()
        kind, text, col = self.peek()
        if kind != "end":
            if text == ")":
                raise ExpressionError("unmatched ')'", col)
            raise ExpressionError(f"expected an operator (+ - * / **) before {text!r}", col)
        return node

    def expr(self):
        node = self.term()
        while self.peek()[0] == "op" and self.peek()[1] in "+-":
            _, op, col = self.take()
            node = Node("bin", col, op, (node, self.term()))
        return node

    def term(self):
        node = self.factor()
        while self.peek()[0] == "op" and self.peek()[1] in ("*", "/"):
            _, op, col = self.take()
            node = Node("bin", col, op, (node, self.factor()))
        return node

    def factor(self):
        kind, text, col = self.peek()
        if kind == "op" and text in "+-":
            self.take()
            return Node("neg" if text == "-" else "pos", col, text, (self.factor(),))
        return self.power()

    def power(self):
        node = self.atom()
        if self.peek()[0] == "op" and self.peek()[1] == "**":
            _, _, col = self.take()
            node = Node("bin", col, "**", (node, self.factor()))
        return node

    def atom(self):
        kind, text, col = self.take()
        if kind == "num":
            return Node("num", col, value=float(text), text=text)
        if kind == "name":
            if text == "x":
                if self.peek()[1] == "(":
                    raise ExpressionError("x is a number, not a function: write x * (...)", self.peek()[2])
                return Node("x", col)
            if text in FUNCTIONS:
                if self.peek()[1] != "(":
                    raise ExpressionError(f"{text} needs parentheses: {text}(x)", self.peek()[2])
                self.take()
                if self.peek()[1] == ")":
                    raise ExpressionError(f"{text}() needs an argument, as in {text}(x)", self.peek()[2])
                arg = self.expr()
                k, t, c = self.peek()
                if t == ")" and k == "op":
                    self.take()
                    return Node("call", col, text, (arg,))
                if k == "end":
                    raise ExpressionError("'(' was never closed", self._open_col(col))
                raise ExpressionError(f"expected ')' to close {text}(", c)
            if text == "torch":
                raise ExpressionError("write exp(x) instead of torch.exp(x): the functions need no prefix", col)
            known = ", ".join(FUNCTIONS)
            raise ExpressionError(f"unknown name {text!r}: the variable is x and the functions are {known}", col)
        if kind == "op" and text == "(":
            if self.peek()[1] == ")":
                raise ExpressionError("empty parentheses", self.peek()[2])
            inner = self.expr()
            k, t, c = self.peek()
            if k == "op" and t == ")":
                self.take()
                return inner
            if k == "end":
                raise ExpressionError("'(' was never closed", col)
            raise ExpressionError(f"expected ')' or an operator before {t!r}", c)
        if kind == "end":
            raise ExpressionError("the expression ends too early: a number, x or '(' is missing", col)
        if text == ")":
            raise ExpressionError("unmatched ')'" if self._depth() <= 0 else "a number, x or '(' is missing before ')'", col)
        if text == "**" or text in "*/":
            raise ExpressionError(f"{text!r} needs a number, x or '(' on its left", col)
        raise ExpressionError(f"unexpected {text!r}", col)

    def _open_col(self, col):
        k = self.source.find("(", col)
        return col if k < 0 else k

    def _depth(self):
        depth = 0
        for kind, text, _ in self.toks[: self.i - 1]:
            if kind == "op":
                depth += (text == "(") - (text == ")")
        return depth


def parse(source):
    """The tree of ``source``; raises :class:`ExpressionError` with the column of the problem."""
    if not isinstance(source, str):
        raise ExpressionError("the expression must be text")
    if "\n" in source or "\r" in source:
        raise ExpressionError("the expression must fit on one line", source.find("\n") if "\n" in source else source.find("\r"))
    if len(source) > MAX_SOURCE:
        raise ExpressionError(f"the expression is longer than {MAX_SOURCE} characters", MAX_SOURCE)
    return _Parser(source).parse()


# ------------------------------------------------------------------ labels
_PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "neg": 3, "pos": 3, "**": 4}


def _num_text(v):
    if v != v:
        return "nan"
    if v in (math.inf, -math.inf):
        return "inf" if v > 0 else "-inf"
    if v.is_integer() and abs(v) < 1e16:
        return str(int(v))
    return repr(v)


def _label(kind, op, parts):
    """Text and precedence of a node built from the labels ``parts`` (each (text, prec))."""
    if kind == "neg" or kind == "pos":
        (t, p), = parts
        return (("-" if kind == "neg" else "+") + (t if p >= 3 else f"({t})"), 3)
    if kind == "call":
        return (f"{op}({parts[0][0]})", 5)
    (lt, lp), (rt, rp) = parts
    p = _PREC[op]
    if op == "**":
        left = lt if lp > p else f"({lt})"
        right = rt if rp >= 3 else f"({rt})"
        return (f"{left} ** {right}", p)
    left = lt if lp >= p else f"({lt})"
    right = rt if rp > p else f"({rt})"
    return (f"{left} {op} {right}", p)


# ------------------------------------------------------------------ evaluation
def _fold(kind, op, values, col):
    """Python-float arithmetic for a subexpression without x (as Python computes it)."""
    try:
        if kind == "neg":
            return -values[0]
        if kind == "pos":
            return values[0]
        if kind == "call":
            v = values[0]
            if op == "exp":
                return math.exp(v)
            if op == "log":
                return math.log(v)
            if op == "sqrt":
                return math.sqrt(v)
            if op == "tanh":
                return math.tanh(v)
            if op == "sigmoid":
                return 1.0 / (1.0 + math.exp(-v))
            if op == "abs":
                return abs(v)
            if op == "relu":
                return v if v > 0 else 0.0
        a, b = values
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":
            return a / b
        if op == "**":
            r = a ** b
            if isinstance(r, complex):
                raise ValueError("a negative number to a fractional power is complex")
            return r
    except ZeroDivisionError:
        raise ExpressionError("division by zero in a constant part (Python raises ZeroDivisionError)", col,
                              kind="ZeroDivisionError") from None
    except OverflowError:
        raise ExpressionError("a constant part is too large for a float (OverflowError)", col, kind="OverflowError") from None
    except ValueError as e:
        raise ExpressionError(f"{e} in a constant part", col, kind="ValueError") from None
    raise AssertionError((kind, op))


def evaluate(tree, x, torch, memo=None):
    """Evaluate ``tree`` at the tensor ``x``, computing each distinct subexpression once.

    Returns ``(result, entries)``: ``result`` is a tensor (or a float when the
    expression has no x) and ``entries`` lists ``(label, tensor)`` for every distinct
    tensor-valued subexpression in the order it was computed (x first).
    """
    memo = {} if memo is None else memo
    entries = []

    def visit(node):
        """(key, value, label); value is a tensor or a float."""
        if node.kind == "num":
            return ("num", node.value), node.value, (_num_text(node.value), 5)
        if node.kind == "x":
            key = ("x",)
            if key not in memo:
                memo[key] = x
                entries.append(("x", x))
            return key, memo[key], ("x", 5)
        if node.kind == "pos":  # +t is t itself (torch returns the same tensor)
            key, value, label = visit(node.args[0])
            if isinstance(value, float):
                return ("num", value), value, (_num_text(value), 5)
            return key, value, label
        parts = [visit(a) for a in node.args]
        values = [p[1] for p in parts]
        if all(isinstance(v, float) for v in values):
            v = _fold(node.kind, node.op, values, node.col)
            return ("num", v), v, (_num_text(v), 5)
        key = (node.kind, node.op) + tuple(p[0] for p in parts)
        label = _label(node.kind, node.op, [p[2] for p in parts])
        if key not in memo:
            memo[key] = _apply(node.kind, node.op, values, torch)
            entries.append((label[0], memo[key]))
        return key, memo[key], label

    _, value, _ = visit(tree)
    return value, entries


def _apply(kind, op, values, torch):
    if kind == "neg":
        return -values[0]
    if kind == "call":
        return getattr(torch, op)(values[0])
    a, b = values
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        if isinstance(b, float) and b == 0.0:
            # booktorch's DivBackward0.local divides by a Python-number divisor itself and
            # raises ZeroDivisionError for 0; a 0-d tensor divisor records the same
            # DivBackward0 (its edge is None, as for a number) and the same values.
            b = torch.tensor(b)
        return a / b
    return a ** b


def evaluate_float(tree, x):
    """``f(x)`` in Python floats (float64); inf or nan where Python would raise."""

    def visit(node):
        if node.kind == "num":
            return node.value
        if node.kind == "x":
            return x
        values = [visit(a) for a in node.args]
        try:
            r = _fold(node.kind, node.op, values, node.col)
        except ExpressionError as e:
            if e.kind == "ZeroDivisionError":
                a = values[0]
                return math.nan if a == 0 or a != a else math.copysign(math.inf, a)
            if e.kind == "OverflowError":
                return math.inf
            return math.nan
        return r

    return float(visit(tree))


# ------------------------------------------------------------------ the tape
def _module(torch):
    return booktorch if torch is None else torch


def _scalar(v):
    """A number from a tensor, a trace value dict or a number (None stays None)."""
    if v is None:
        return None
    if isinstance(v, dict):
        v = v["value"]
    if hasattr(v, "item"):
        v = v.item()
    while isinstance(v, list):
        v = v[0]
    return float(v)


def record_tape(output, names, torch):
    """The graph behind ``output`` and its backward steps (runs ``output.backward()``).

    Under booktorch this is ``booktape.tape.trace``, the teaching module's recorded
    tape. Real torch has no such function, so the same dict is put together from
    ``grad_fn`` hooks (:func:`_torch_trace`); the tests compare the two.
    """
    if torch is booktorch:
        return tape.trace(output, names=names, backward=True)
    return _torch_trace(output, names, torch)


def _torch_trace(output, names, torch):
    """Real torch: the nodes in creation order (``_sequence_nr``), and the backward steps
    in the order the engine runs them (node hooks), with the input buffers' ``+=``
    replayed in delivery order, as booktorch's engine reports them."""
    is_acc = lambda f: type(f).__name__ == "AccumulateGrad"  # noqa: E731
    leaf, leaf_label = next((t, label) for label, t in names.items() if t.grad_fn is None)
    labels = {t.grad_fn: label for label, t in names.items() if t.grad_fn is not None}
    values = {t.grad_fn: _scalar(t.detach()) for t in names.values() if t.grad_fn is not None}
    fn = output.grad_fn
    seen, stack = set(), [fn] if fn is not None else []
    while stack:
        f = stack.pop()
        if f not in seen:
            seen.add(f)
            stack.extend(nxt for nxt, _ in f.next_functions if nxt is not None)

    ids, nodes = {}, []

    def ensure(f):
        if f not in ids:
            for nxt, _ in f.next_functions:
                if nxt is not None:
                    ensure(nxt)
            ids[f] = f"n{len(ids)}"
            if is_acc(f):
                nodes.append({"id": ids[f], "kind": "leaf", "op": "AccumulateGrad", "label": leaf_label,
                              "value": _scalar(f.variable), "inputs": []})
            else:
                value = values.get(f)
                if value is None and f.name() == "ReciprocalBackward0":  # inside 3 / x: not a named result
                    value = _scalar(f._saved_result)
                nodes.append({"id": ids[f], "kind": "op", "op": f.name(), "label": labels.get(f), "value": value,
                              "inputs": [None if nxt is None else {"node": ensure(nxt)} for nxt, _ in f.next_functions]})
        return ids[f]

    ops = sorted((f for f in seen if not is_acc(f)), key=lambda f: f._sequence_nr())
    for f in ops:
        ensure(f)
    steps = []
    if fn is None:  # f(x) = x: the output is the leaf itself
        nodes.append({"id": "n0", "kind": "leaf", "op": "AccumulateGrad", "label": leaf_label,
                      "value": _scalar(leaf), "inputs": []})
        output.backward()
        steps.append({"kind": "accumulate", "node": "n0", "label": leaf_label, "incoming": 1.0, "before": None,
                      "after": _scalar(leaf.grad), "text": f"{leaf_label}.grad = incoming"})
        return {"nodes": nodes, "output": "n0", "backward": steps}
    out_id = ensure(fn)

    # Local derivatives: each node called on a gradient of 1, before the backward pass.
    local = {}
    with torch.no_grad():
        for f in ops:
            sent = f(torch.ones(()))
            local[f] = [None if g is None else _scalar(g) for g in (sent if isinstance(sent, tuple) else (sent,))]

    buffers = {}

    def deliver(f, g):
        old = buffers.get(f)
        if old is None:
            buffers[f] = g
            return
        buffers[f] = old + g
        steps.append({"kind": "buffer", "node": ids[f], "before": _scalar(old), "add": _scalar(g),
                      "after": _scalar(buffers[f]), "text": f"grad[{labels.get(f) or ids[f]}] += contribution"})

    def node_hook(f):
        def hook(grad_inputs, grad_outputs):
            edges = [(nxt, grad_inputs[i], i) for i, (nxt, _) in enumerate(f.next_functions) if nxt is not None]
            steps.append({"kind": "node", "node": ids[f], "op": f.name(), "grad_output": _scalar(grad_outputs[0]),
                          "inputs": [{"to": ids[nxt], "formula": None, "local": local[f][i], "contribution": _scalar(g)}
                                     for nxt, g, i in edges]})
            for nxt, g, _ in edges:
                deliver(nxt, g)

        return hook

    def accumulate_hook(grad_outputs):
        steps.append({"kind": "accumulate", "node": ids[acc], "label": leaf_label, "incoming": _scalar(grad_outputs[0]),
                      "before": None, "after": None, "text": f"{leaf_label}.grad = incoming"})

    acc = next(f for f in ids if is_acc(f))
    handles = [acc.register_prehook(accumulate_hook)] + [f.register_hook(node_hook(f)) for f in ops]
    try:
        output.backward()
    finally:
        for handle in handles:
            handle.remove()
    for step in steps:
        if step["kind"] == "accumulate":
            step["after"] = _scalar(leaf.grad)
    return {"nodes": nodes, "output": out_id, "backward": steps}


def _flat_node(node):
    return {
        "id": node["id"],
        "kind": node["kind"],
        "op": node["op"],
        "label": node.get("label"),
        "value": _scalar(node.get("value")),
        "inputs": [None if i is None else i["node"] for i in node.get("inputs", [])],
        "formulas": list(node.get("formulas", [])),
    }


def _flat_step(step):
    s = {"kind": step["kind"], "node": step["node"]}
    if step["kind"] == "node":
        s["op"] = step["op"]
        s["grad_output"] = _scalar(step["grad_output"])
        s["inputs"] = [
            {"to": i["to"], "formula": i.get("formula"), "local": _scalar(i.get("local")),
             "contribution": _scalar(i.get("contribution"))}
            for i in step["inputs"]
        ]
    elif step["kind"] == "buffer":
        s.update(before=_scalar(step["before"]), add=_scalar(step["add"]), after=_scalar(step["after"]))
    else:
        s.update(incoming=_scalar(step["incoming"]), before=_scalar(step.get("before")),
                 after=_scalar(step["after"]), label=step.get("label"))
    return s


def _short(op):
    for suffix in ("Backward0", "Backward1", "Backward2"):
        if op.endswith(suffix):
            return op[: -len(suffix)].lower()
    return op


def _fill_labels(nodes):
    """Label the tape entries the expression did not name (the reciprocal inside 3 / x)."""
    by_id = {n["id"]: n for n in nodes}
    for n in nodes:
        if n["label"] is None:
            args = [by_id[i]["label"] or i for i in n["inputs"] if i is not None]
            if n["op"] == "ReciprocalBackward0" and len(args) == 1:
                inner = args[0]
                n["label"] = f"1 / {inner}" if inner.replace("_", "").isalnum() else f"1 / ({inner})"
            else:
                n["label"] = f"{_short(n['op'])}({', '.join(args)})"


# ------------------------------------------------------------------ central differences
def central_f32(tree, x0, h, torch):
    """(f(x + h) - f(x - h)) / (2h) with float32 tensors, as the page's table computes it."""
    x = torch.tensor(x0)
    ht = torch.tensor(h)
    with torch.no_grad():
        up, _ = evaluate(tree, x + ht, torch)
        down, _ = evaluate(tree, x - ht, torch)
        return _scalar((up - down) / (2 * ht))


def _or_nan(fn, *args):
    try:
        return fn(*args)
    except Exception:  # noqa: BLE001 - one point of the check without a value: leave a gap, not a failure
        return math.nan


def central_f64(tree, x0, h):
    """The same difference in Python floats (float64)."""
    up = evaluate_float(tree, x0 + h)
    down = evaluate_float(tree, x0 - h)
    try:
        return (up - down) / (2 * h)
    except (OverflowError, ZeroDivisionError):
        return math.nan


def parse_x(text):
    """The value of x typed by the reader (a finite number that float32 can hold)."""
    if isinstance(text, (int, float)):
        value = float(text)
    else:
        t = str(text).strip()
        try:
            value = float(t)
        except ValueError:
            raise ExpressionError("x must be a number, like 2 or -1.5", None, field="x", kind="ValueError") from None
    if not math.isfinite(value):
        raise ExpressionError("x must be a finite number", None, field="x", kind="ValueError")
    if abs(value) > 3.4e38:
        raise ExpressionError("x is too large for float32 (at most about 3.4e38)", None, field="x", kind="ValueError")
    return value


def analyse(source, x_text, torch=None, numeric=True):
    """Everything the widget shows, as plain data::

        {"ok": True, "source", "label" (f(x) normalised), "x" (float32 value),
         "value" (f(x)), "grad" (x.grad),
         "nodes": [{"id", "kind", "op", "label", "value", "inputs": [id or None], "formulas"}],
         "output": id,
         "steps": [backward steps, see booktape.tape, scalars as numbers],
         "numeric": {"exponents": [...], "h": [...], "f32": [...], "f64": [...], "default": index}}

    or ``{"ok": False, "error": {"kind", "message", "column", "field"}}``.
    """
    torch = _module(torch)
    try:
        tree = parse(source)
        x0 = parse_x(x_text)
        x = torch.tensor(x0, requires_grad=True)
        output, entries = evaluate(tree, x, torch)
        if isinstance(output, float):
            raise ExpressionError(
                f"f(x) does not use x (it is the constant {_num_text(output)}), so there is no tape to record",
                None, kind="ValueError")
        if len(entries) > MAX_NODES:
            raise ExpressionError(f"the expression needs {len(entries)} tape entries; the widget draws at most {MAX_NODES}",
                                  None, kind="ValueError")
        names = {label: t for label, t in entries}
        traced = record_tape(output, names, torch)
    except ExpressionError as e:
        return {"ok": False, "source": source, "error": e.to_dict()}
    except Exception as e:  # noqa: BLE001 - a gap in the teaching module: say so instead of failing
        message = f"the tape could not be recorded ({type(e).__name__}: {e})"
        return {"ok": False, "source": source, "error": {"kind": "RuntimeError", "message": message,
                                                          "column": None, "field": "f"}}
    nodes = [_flat_node(n) for n in traced["nodes"]]
    _fill_labels(nodes)
    steps = [_flat_step(s) for s in traced["backward"]]
    x32 = _scalar(x.detach())
    result = {
        "ok": True,
        "source": source,
        "label": entries[-1][0] if entries else "x",
        "x": x32,
        "value": _scalar(output.detach()),
        "grad": _scalar(x.grad),
        "nodes": nodes,
        "output": traced["output"],
        "steps": steps,
    }
    if numeric:
        hs = [10.0 ** e for e in H_EXPONENTS]
        result["numeric"] = {
            "exponents": list(H_EXPONENTS),
            "h": hs,
            "f32": [_or_nan(central_f32, tree, x32, h, torch) for h in hs],
            "f64": [_or_nan(central_f64, tree, x32, h) for h in hs],
            "default": DEFAULT_H_INDEX,
        }
    return result


def _plain(value):
    """JSON-safe: non-finite floats become the strings "inf", "-inf", "nan"."""
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if value != value else ("inf" if value > 0 else "-inf")
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def widget_answer(source, x_text, torch=None):
    """What the widget shows for f(x) = ``source`` at x = ``x_text``: ``analyse``, JSON-safe."""
    return _plain(analyse(source, x_text, torch))
