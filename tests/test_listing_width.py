"""Every line of code the book shows fits its content column without scrolling sideways.

At 1280 px a listing's code box holds 80 characters of the monospace font (measured
in Chromium); 78 keeps a margin of two. The lines checked are the ones a page shows:
a snippet's lines without its header options and anchor markers (the engine's own
``shown_lines``), and the code of every inline ```pycell block without its
``#| raises:`` lines (taken off by the engine's own ``split_header``).
"""

from pathlib import Path

from bookengine.cells import split_header
from bookengine.directive import find_directives
from bookengine.snippet import parse_snippet

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
DOCS = ROOT / "docs"
MAX_WIDTH = 78


def shown_snippet_lines():
    """Yield (where, text) for each line that a page shows of a snippet file."""
    for path in sorted(SNIPPETS.rglob("*.py")):
        if "_lib" in path.relative_to(SNIPPETS).parts:
            continue  # helper modules imported by snippets, never shown on a page
        snippet = parse_snippet(path, SNIPPETS)
        for line_no, text in snippet.shown_lines:
            yield f"snippets/{snippet.rel}:{line_no}", text


def shown_cell_lines():
    """Yield (where, text) for each code line of each inline pycell block of each page."""
    for page in sorted(DOCS.rglob("*.md")):
        name = page.relative_to(ROOT).as_posix()
        directives, errors = find_directives(page.read_text(encoding="utf-8"), name)
        assert not errors, errors
        for directive in directives:
            if directive.kind != "cell" or directive.code is None:
                continue  # a cell read from a snippet file is checked with the snippets
            problems = []
            code, _ = split_header(directive.code, directive, problems)
            assert not problems, problems
            # the fence opens on directive.line; the header lines come next, then the code
            first = directive.line + 1 + len(directive.code.splitlines()) - len(code.splitlines())
            for offset, text in enumerate(code.splitlines()):
                yield f"{name}:{first + offset}", text


def test_the_book_has_listings_to_check():
    assert sum(1 for _ in shown_snippet_lines()) > 1000
    assert sum(1 for _ in shown_cell_lines()) > 50


def test_every_shown_line_fits_the_content_column():
    too_long = [
        f"{where} ({len(text)})"
        for where, text in (*shown_snippet_lines(), *shown_cell_lines())
        if len(text) > MAX_WIDTH
    ]
    heading = f"{len(too_long)} shown lines are longer than {MAX_WIDTH} characters:"
    assert not too_long, "\n".join([heading, *too_long])
