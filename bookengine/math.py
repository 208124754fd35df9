"""The book's math, rendered at build time with KaTeX, so pages load no KaTeX JavaScript.

pymdownx.arithmatex (generic mode) leaves TeX in the page's HTML, escaped:
``<span class="arithmatex">\\(...\\)</span>`` inline and ``<div class="arithmatex">\\[...\\]</div>``
for display math. ``render_page_math`` replaces each element's TeX with KaTeX's HTML and
MathML (the element itself stays, so the book's CSS for it still applies); the KaTeX CSS
and fonts are still published (vendor.py). Formulas show with JavaScript off, and screen
readers get the MathML.

The pinned npm ``katex`` package renders them, in one long-lived ``node`` process per build
(or per ``mkdocs serve`` session) that takes every new formula of a page in one request;
formulas already rendered come from a cache keyed by their text. KaTeX's output depends
only on the formula and the options, so two builds give the same bytes.
"""

import html
import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

ARITHMATEX = re.compile(r'<(span|div) class="arithmatex">(.*?)</\1>', re.DOTALL)
TITLE_MATH = re.compile(r"\\\((.+?)\\\)")  # a heading's inline math in its table-of-contents entry
DELIMITERS = {False: ("\\(", "\\)"), True: ("\\[", "\\]")}
# Reads one JSON line per page, [[tex, display], ...]; writes one line, [{html} or {error}, ...].
# throwOnError: a syntax error or an unknown macro is an error, not red TeX on the page;
# strict "error": so is input LaTeX itself would refuse (Unicode text in math mode, say).
NODE_SCRIPT = r"""
const katex = require(process.argv[1]);
const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const answers = JSON.parse(line).map(([tex, display]) => {
    try {
      return { html: katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: "error" }) };
    } catch (error) {
      if (!(error instanceof katex.ParseError)) return { error: String(error) };
      const at = error.position === undefined ? "" : ` (at character ${error.position + 1})`;
      return { error: error.rawMessage + at };  // .message underlines the place with combining marks
    }
  });
  process.stdout.write(JSON.stringify(answers) + "\n");
});
"""


@dataclass(frozen=True)
class Formula:
    tex: str
    display: bool


@dataclass(frozen=True)
class Rendered:
    html: str = ""
    error: str = ""  # KaTeX's message when the TeX is wrong


@dataclass(frozen=True)
class MathError:
    """A formula KaTeX refused, with where it is: ``line`` is 0 when it cannot be found."""

    formula: Formula
    message: str
    line: int


class KatexRenderer:
    """One ``node`` process with the book's pinned KaTeX, started at the first formula."""

    def __init__(self, root):
        self.katex = (Path(root) / "node_modules" / "katex").resolve()  # require() needs it absolute
        self.cache = {}  # Formula -> Rendered
        self._node = None

    def render(self, formulas):
        """Rendered for each of ``formulas``, in order: one request for all not yet cached."""
        missing = [formula for formula in dict.fromkeys(formulas) if formula not in self.cache]
        if missing:
            answers = self._ask([[formula.tex, formula.display] for formula in missing])
            for formula, answer in zip(missing, answers, strict=True):
                self.cache[formula] = Rendered(**answer)
        return [self.cache[formula] for formula in formulas]

    def _ask(self, request):
        node = self._started()
        node.stdin.write(json.dumps(request) + "\n")
        node.stdin.flush()
        answer = node.stdout.readline()
        if not answer:
            self._node = None
            node.wait(timeout=10)
            raise RuntimeError(f"the KaTeX process (node) stopped: {node.stderr.read().strip()}")
        return json.loads(answer)

    def _started(self):
        if self._node is None:
            if not (self.katex / "package.json").exists():
                raise FileNotFoundError(f"{self.katex} is missing: run `make setup` to install KaTeX (npm ci)")
            self._node = subprocess.Popen(
                ["node", "-e", NODE_SCRIPT, str(self.katex)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8",
            )
        return self._node

    def close(self):
        if self._node is not None:
            node, self._node = self._node, None
            node.stdin.close()
            node.wait(timeout=10)
            node.stdout.close()
            node.stderr.close()


def page_formulas(page_html):
    return [_formula(match) for match in ARITHMATEX.finditer(page_html)]


def title_formulas(title):
    return [Formula(html.unescape(tex), False) for tex in TITLE_MATH.findall(title)]


def render_page_math(page_html, renderer, source=""):
    """The page with every arithmatex formula rendered, and the formulas KaTeX refused (they
    stay as TeX, marked as KaTeX marks its errors). ``source`` (the page's Markdown) locates them."""
    matches = list(ARITHMATEX.finditer(page_html))
    if not matches:
        return page_html, []
    formulas = page_formulas(page_html)
    results = renderer.render(formulas)
    errors = [MathError(f, r.error, _line_of(f, source)) for f, r in zip(formulas, results, strict=True) if r.error]
    pieces, end = [], 0
    for match, formula, result in zip(matches, formulas, results, strict=True):
        tag = match.group(1)
        body = result.html or (
            f'<span class="katex-error" title="{html.escape(result.error)}" style="color:#cc0000">{html.escape(formula.tex)}</span>'
        )
        pieces += [page_html[end : match.start()], f'<{tag} class="arithmatex">{body}</{tag}>']
        end = match.end()
    pieces.append(page_html[end:])
    return "".join(pieces), errors


def render_title_math(title, renderer):
    """A table-of-contents entry's text (escaped, with arithmatex's inline ``\\(...\\)``) with
    its formulas rendered; the headings themselves are rendered with the page."""
    parts = TITLE_MATH.split(title)
    if len(parts) == 1:
        return title
    results = renderer.render(title_formulas(title))
    if any(result.error for result in results):
        return title  # the heading's own formula reports it
    parts[1::2] = [result.html for result in results]
    return "".join(parts)


def _formula(match):
    display = match.group(1) == "div"
    tex = html.unescape(match.group(2)).strip()
    left, right = DELIMITERS[display]
    if tex.startswith(left) and tex.endswith(right):
        tex = tex[len(left) : -len(right)].strip()
    return Formula(tex, display)


def _line_of(formula, source):
    """The line of ``source`` where the formula is written, or 0."""
    first = formula.tex.splitlines()[0].strip() if formula.tex else ""
    written = [f"${formula.tex}$", f"\\({formula.tex}\\)"] if not formula.display else []
    for needle in [*written, first]:
        at = source.find(needle) if needle else -1
        if at != -1:
            return source.count("\n", 0, at) + 1
    return 0
