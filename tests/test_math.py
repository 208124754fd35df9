"""Math rendered while the book is built: KaTeX's HTML and MathML in the page, as arithmatex
marked it (inline or display), every page's formulas in one request to one node process, and
a formula KaTeX refuses failing the strict build with its page, line and TeX named."""

import json
import re
from pathlib import Path

import pytest
from bookproject import MKDOCS_YML_WITH_MATH

from bookengine.math import Formula, KatexRenderer, render_page_math

ROOT = Path(__file__).resolve().parent.parent

GOOD = r"""
# Good

Inline $a_i + b_i$ and \(x < y\), then a display:

$$
\sum_{k=0}^{K-1} A_{rk} B_{kc}
$$

## Why $h$ matters
"""

BAD = r"""
# Bad

A fine formula, $x^2$.

Here the brace is never closed: $\frac{1}{2$ and so on.

$$
\unknownmacro{x}
$$
"""


@pytest.fixture(scope="module")
def math_book(module_project_factory):
    """The project built strict (it fails) and not strict: (project, strict build, other build)."""
    project = module_project_factory("math")
    project.write("mkdocs.yml", MKDOCS_YML_WITH_MATH)
    (project.root / "node_modules").symlink_to(ROOT / "node_modules")  # the book's pinned KaTeX
    project.page(GOOD, name="index.md")
    project.page(BAD, name="bad.md")
    return project, project.mkdocs_build(strict=True), project.mkdocs_build(strict=False)


def article(project, rel):
    page = project.site(rel).read_text(encoding="utf-8")
    return page, page[page.index("<article") : page.index("</article>")]


def test_a_tex_error_fails_the_strict_build_naming_page_line_and_formula(math_book):
    _, build, _ = math_book
    assert build.returncode != 0, build
    assert "docs/bad.md:5: KaTeX cannot render the formula $\\frac{1}{2$: Unexpected end of input in a macro argument" in build.output, build
    assert "docs/bad.md:8: KaTeX cannot render the formula $$\\unknownmacro{x}$$: Undefined control sequence: \\unknownmacro" in build.output, build
    assert "docs/index.md" not in build.output and "x^2" not in build.output, build


def test_without_strict_the_page_shows_the_refused_tex_in_red(math_book):
    project, _, build = math_book
    assert build.returncode == 0, build
    assert build.output.count("KaTeX cannot render") == 2, build
    _, page = article(project, "bad/index.html")
    refused = re.findall(r'<span class="katex-error" title="[^"]+" style="color:#cc0000">([^<]*)</span>', page)
    assert refused == ["\\frac{1}{2", "\\unknownmacro{x}"]
    assert page.count('<span class="katex">') == 1  # x^2 is rendered all the same


def test_inline_and_display_math_as_arithmatex_marked_them(math_book):
    project, _, _ = math_book
    whole, page = article(project, "index.html")
    assert page.count('<span class="arithmatex"><span class="katex">') == 3  # two in the text, one in a heading
    assert page.count('<div class="arithmatex"><span class="katex-display"><span class="katex">') == 1
    assert page.count("katex-display") == 1 and page.count('class="katex-mathml"') == 4
    assert '<annotation encoding="application/x-tex">x &lt; y</annotation>' in page  # TeX unescaped, then escaped once
    assert "\\(" not in page and "\\[" not in page and "$" not in page
    toc = re.search(r'<nav class="md-nav md-nav--secondary".*?</nav>', whole, re.DOTALL).group(0)
    assert re.search(r'Why <span class="katex">.*?<annotation encoding="application/x-tex">h</annotation>', toc)


def test_every_formula_of_a_page_in_one_request_to_one_process_and_cached(monkeypatch):
    renderer = KatexRenderer(ROOT)
    requests = []
    ask = renderer._ask
    monkeypatch.setattr(renderer, "_ask", lambda request: requests.append(request) or ask(request))
    page = '<p><span class="arithmatex">\\(a\\)</span> <span class="arithmatex">\\(b\\)</span> <span class="arithmatex">\\(a\\)</span></p>'
    try:
        first, errors = render_page_math(page, renderer, "")
        process = renderer._node
        again, _ = render_page_math(page + '<div class="arithmatex">\\[\nc\n\\]</div>', renderer, "")
        assert renderer._node is process
    finally:
        renderer.close()
    assert errors == [] and first.count('class="katex"') == 3
    assert requests == [[["a", False], ["b", False]], [["c", True]]]  # a repeated or known formula is not asked again
    assert again.startswith(first[: -len("</p>")])
    assert renderer.cache[Formula("a", False)].html in first


def test_two_renderers_give_the_same_bytes():
    formulas = [Formula(r"\begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}", True), Formula(r"\frac{\partial y}{\partial x}", False)]
    results = []
    for _ in range(2):
        renderer = KatexRenderer(ROOT)
        try:
            results.append([rendered.html for rendered in renderer.render(formulas)])
        finally:
            renderer.close()
    assert results[0] == results[1] and all(results[0])


def test_notebook_pages_have_no_math_left_for_a_script(built_book):
    """mkdocs-jupyter leaves a Markdown cell's $...$ as it is, for MathJax, whose CDN script the
    plugin removes; the companion notebooks' Markdown cells hold no math (headings are plain
    words), so their pages need no math script either."""
    site = built_book[0]
    notebooks = sorted(site.glob("notebooks/*/*.ipynb"))
    assert notebooks
    for path in notebooks:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
        assert not re.search(r"\$|\\\(|\\\[", text), f"{path.name}: math in a Markdown cell"
