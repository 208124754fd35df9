"""A kind of directive is one module (bookengine/kinds/): the directive's reader, the
check, the page, the notebook and the status page all go through it, so a new kind
needs nothing else. Shown here with a kind made up for the test."""

import types

import pytest

from bookengine import kinds
from bookengine.directive import find_directives, replace_directives
from bookengine.engine import Book
from bookengine.errors import BookError, Problem
from bookengine.notebook import chapter_notebook
from bookengine.plugin import VerifiedSnippetsPlugin
from bookengine.status import status_page

PAGE = """# A page

{{ aside "Shapes are read from the left" title="Remember" }}

Text between.

{{ aside "no title" }}
"""


def aside_kind():
    """An aside: a note box, from the directive alone (it runs nothing)."""
    module = types.ModuleType("aside")
    module.NAME, module.OPTIONS, module.RUNS = "aside", {"title"}, "nothing"

    def read(directive, first):
        directive.options["text"] = first

    def finish(directive):
        if directive.title == "":
            raise BookError(directive.page, directive.line, "an aside's title must not be empty")

    def problems(directive, report):
        return [] if directive.title else [Problem(directive.page, directive.line, "an aside without a title")]

    def render(directive, report, page):
        return f'!!! note "{directive.title or "Note"}"\n    {directive.options["text"]}'

    module.read, module.finish, module.problems, module.render = read, finish, problems, render
    return module


@pytest.fixture
def aside():
    kinds.register(aside_kind())
    yield
    kinds.unregister("aside")


def render_page(book, report, text):
    plugin = types.SimpleNamespace(config=types.SimpleNamespace(execute=report.executed), runtime_bytes=None)
    found = report.by_page()["docs/a.md"]
    files = types.SimpleNamespace(get_file_from_path=lambda uri: None, append=lambda file: None)
    rendered = [VerifiedSnippetsPlugin._render(plugin, d, report, "a.md", files, None) for d in found]
    return replace_directives(text, lambda ordinal: rendered[ordinal])


def test_a_new_kind_is_read_checked_and_rendered_through_its_module(aside, tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "snippets").mkdir()
    book = Book(tmp_path)
    report = book.check([("docs/a.md", PAGE)], execute=False, use_cache=False, write_cache=False)
    assert [(d.kind, d.title, d.options) for d in report.directives] == [
        ("aside", "Remember", {"text": "Shapes are read from the left"}),
        ("aside", None, {"text": "no title"}),
    ]
    assert [p.location_message() for p in report.problems()] == ["docs/a.md:7: an aside without a title"]
    page = render_page(book, report, PAGE)
    assert '!!! note "Remember"\n    Shapes are read from the left' in page
    assert '!!! note "Note"\n    no title' in page and "{{" not in page
    # no notebook hook: no notebook cell; no status hook: no status row
    notebook = chapter_notebook("docs/a.md", PAGE, report.directives, report, "../a/")
    assert not any("Shapes are read" in "".join(cell["source"]) for cell in notebook["cells"])
    report.executed = True  # (as if it had run: the table has a row per run, and an aside runs nothing)
    assert status_page(report, {"docs/a.md": "A page"}).endswith("|----------|\n\n")


def test_a_new_kind_gets_the_shared_checks_of_a_directive(aside):
    _, errors = find_directives('{{ aside "x" colour="red" }}\n', "docs/a.md")
    assert [e.message for e in errors] == ["unknown option 'colour' for aside (known: title)"]
    _, errors = find_directives('{{ aside "x" title="" }}\n', "docs/a.md")
    assert [e.message for e in errors] == ["an aside's title must not be empty"]
    _, errors = find_directives('Some text {{ aside "x" }}\n', "docs/a.md")
    assert [e.message for e in errors][0].startswith("a directive must stand alone on its line")
    directives, _ = find_directives('```\n{{ aside "shown as syntax" }}\n```\n', "docs/a.md")
    assert directives == []


def test_without_its_module_the_words_are_plain_text():
    directives, errors = find_directives('{{ aside "x" }}\n', "docs/a.md")
    assert (directives, errors) == ([], [])


def test_every_kind_of_the_book_declares_what_it_needs():
    for name, module in kinds.KINDS.items():
        assert module.NAME == name
        assert isinstance(module.OPTIONS, set) and module.RUNS
        assert callable(module.read) and callable(module.render), name
    assert set(kinds.KINDS) == {"snippet", "widget", "cell", "exercise"}
