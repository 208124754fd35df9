"""The one-line snippet directive: parsing, errors with page:line, and the build's view of it."""

import json
import re

import pytest

from bookengine.directive import find_directives, parse_body, replace_directives
from bookengine.kinds.widget import REGISTRY as WIDGET_REGISTRY
from bookengine.errors import BookError

PAGE = "docs/chapter.md"


def only(markdown):
    directives, errors = find_directives(markdown, PAGE)
    assert errors == [], [str(e) for e in errors]
    assert len(directives) == 1
    return directives[0]


def one_error(markdown):
    directives, errors = find_directives(markdown, PAGE)
    assert len(errors) == 1, [str(e) for e in errors]
    # an unreadable directive stays in page order as an "invalid" placeholder carrying its error
    assert [d.kind for d in directives] in ([], ["invalid"])
    assert all(d.error is errors[0] for d in directives)
    return errors[0]


# ---- well-formed directives ----------------------------------------------------------


def test_whole_file():
    d = only("# Title\n\nSome prose.\n\n{{ snippet ch01/shapes.py }}\n\nMore prose.\n")
    assert d.target == "ch01/shapes.py"
    assert d.section is None
    assert d.alts == []
    assert d.title is None
    assert d.page == PAGE
    assert d.line == 5
    assert d.where == "docs/chapter.md:5"


def test_section():
    d = only("{{ snippet ch01/shapes.py#reading }}\n")
    assert (d.target, d.section, d.line) == ("ch01/shapes.py", "reading", 1)


def test_spacing_is_free():
    d = only("text\n\n{{snippet ch01/a.py#s}}   \n")
    assert (d.target, d.section, d.line) == ("ch01/a.py", "s", 3)


def test_alt_repeated_in_order():
    d = only(
        '{{ snippet ch01/ladder.py#draw alt="Five shapes, from a dot (rank 0) to stacks" alt="Second one" }}\n'
    )
    assert d.section == "draw"
    assert d.alts == ["Five shapes, from a dot (rank 0) to stacks", "Second one"]


def test_alt_with_single_quotes_and_escaped_quote():
    d = only("""{{ snippet a/b.py alt='It says "hi"' alt="a \\"quoted\\" word" }}\n""")
    assert d.alts == ['It says "hi"', 'a "quoted" word']


def test_title():
    d = only('{{ snippet ch01/shapes.py title="Reading a shape" }}\n')
    assert d.title == "Reading a shape"
    assert d.alts == []


def test_several_directives_keep_their_lines():
    md = "{{ snippet a/one.py }}\n\n{{ snippet a/two.py#x }}\n\n\n{{ snippet a/three.py }}\n"
    directives, errors = find_directives(md, PAGE)
    assert errors == []
    assert [(d.target, d.line) for d in directives] == [("a/one.py", 1), ("a/two.py", 3), ("a/three.py", 6)]


def test_parse_body_directly():
    d = parse_body(' a/b.py#sec alt="x" title="T" ', "docs/p.md", 7)
    assert (d.page, d.line, d.target, d.section, d.alts, d.title) == (
        "docs/p.md",
        7,
        "a/b.py",
        "sec",
        ["x"],
        "T",
    )


# ---- errors name the page line -------------------------------------------------------


def test_unknown_option():
    err = one_error('# T\n\n{{ snippet a/b.py colour="red" }}\n')
    assert isinstance(err, BookError)
    assert (err.path, err.line) == (PAGE, 3)
    assert "unknown option 'colour'" in err.message
    assert "alt" in err.message and "title" in err.message  # lists the known ones
    assert str(err).startswith("docs/chapter.md:3: ")


def test_option_without_equals():
    err = one_error("\n{{ snippet a/b.py alt }}\n")
    assert (err.path, err.line) == (PAGE, 2)
    assert "key=" in err.message


def test_empty_alt():
    err = one_error('x\ny\n{{ snippet a/b.py alt="   " }}\n')
    assert err.line == 3
    assert "alt" in err.message and "empty" in err.message


def test_bad_quoting():
    err = one_error('\n\n\n{{ snippet a/b.py alt="never closed }}\n')
    assert err.line == 4
    assert "cannot read" in err.message


def test_not_a_py_path():
    err = one_error("{{ snippet ch01/shapes.txt }}\n")
    assert err.line == 1
    assert "'ch01/shapes.txt' is not a .py snippet path" in err.message


def test_no_file_named():
    err = one_error("{{ snippet }}\n")
    assert "names no file" in err.message


def test_title_twice():
    err = one_error('{{ snippet a/b.py title="x" title="y" }}\n')
    assert "title" in err.message and "twice" in err.message


@pytest.mark.parametrize(
    "line",
    [
        "See {{ snippet a/b.py }} for the code.",
        "{{ snippet a/b.py }} trailing words",
        "- {{ snippet a/b.py }}",
    ],
)
def test_directive_not_alone_on_its_line(line):
    err = one_error(f"# T\n\n{line}\n")
    assert (err.path, err.line) == (PAGE, 3)
    assert "alone on its line" in err.message


def test_every_error_of_a_page_is_reported_and_good_ones_kept():
    md = (
        "{{ snippet a/ok.py }}\n"  # 1
        '{{ snippet a/b.py bogus="1" }}\n'  # 2
        "{{ snippet a/b.md }}\n"  # 3
        "{{ snippet a/ok2.py#s }}\n"  # 4
        "inline {{ snippet a/b.py }}\n"  # 5
    )
    directives, errors = find_directives(md, PAGE)
    assert [d.line for d in directives if d.kind != "invalid"] == [1, 4]
    assert [(d.line, d.kind) for d in directives] == [(1, "snippet"), (2, "invalid"), (3, "invalid"), (4, "snippet")]
    assert [e.line for e in errors] == [2, 3, 5]


# ---- fenced code is never a directive ------------------------------------------------


def test_directives_inside_fences_are_ignored():
    md = (
        "# Syntax\n"  # 1
        "```markdown\n"  # 2
        "{{ snippet ch01/shapes.py }}\n"  # 3
        "```\n"  # 4
        "~~~\n"  # 5
        "{{ snippet ch01/shapes.py#reading }}\n"  # 6
        "{{ snippet broken.txt }}\n"  # 7  (an error if it were read)
        "~~~\n"  # 8
        "````text\n"  # 9
        "```python\n"  # 10 a shorter fence does not close the outer one
        "{{ snippet inner.py }}\n"  # 11
        "```\n"  # 12
        "inline {{ snippet x.py }}\n"  # 13
        "````\n"  # 14
        "\n"  # 15
        "{{ snippet ch01/real.py }}\n"  # 16
    )
    directives, errors = find_directives(md, PAGE)
    assert errors == [], [str(e) for e in errors]
    assert [(d.target, d.line) for d in directives] == [("ch01/real.py", 16)]


def test_replace_directives_only_outside_fences():
    md = "a\n{{ snippet x.py }}\n```\n{{ snippet y.py }}\n```\n{{ snippet z.py }}\n"
    calls = []

    def render(_where):
        calls.append(_where)
        return f"<RENDERED {len(calls)}>"

    out = replace_directives(md, render)
    assert out == "a\n<RENDERED 1>\n```\n{{ snippet y.py }}\n```\n<RENDERED 2>\n"
    assert len(calls) == 2


# ---- through `mkdocs build --strict` --------------------------------------------------

SECTIONED = """
print("setup")
# ANCHOR: alpha
print("a")
# ANCHOR_END: alpha
# ANCHOR: beta
print("b")
# ANCHOR_END: beta
"""

FIGURE = """
import matplotlib.pyplot as plt

# ANCHOR: draw
fig, ax = plt.subplots(figsize=(2, 2))
ax.plot([0, 1], [0, 1], color="C0")
# ANCHOR_END: draw
"""


@pytest.fixture(scope="module")
def bad_page_build(module_project_factory):
    project = module_project_factory("directive-e2e")
    project.snippet("t/sec.py", SECTIONED, golden="setup\na\nb\n")
    project.snippet("t/fig.py", FIGURE, golden="")
    project.page(
        """
        # Home

        Intro.

        {{ snippet t/nosuch.py }}

        {{ snippet t/sec.py#nope }}

        {{ snippet t/fig.py#draw }}

        {{ snippet t/sec.py#alpha }}
        """
    )
    return project.mkdocs_build(strict=True)


def test_build_fails_on_bad_directives(bad_page_build):
    assert bad_page_build.returncode == 1, bad_page_build


def test_build_names_missing_snippet(bad_page_build):
    assert "docs/index.md:5: no snippet file snippets/t/nosuch.py" in bad_page_build.output, bad_page_build


def test_build_names_bad_section_and_lists_known(bad_page_build):
    out = bad_page_build.output
    match = re.search(r"docs/index\.md:7: .*no section 'nope'.*", out)
    assert match, bad_page_build
    assert "alpha" in match.group(0) and "beta" in match.group(0)


def test_build_names_alt_count_mismatch(bad_page_build):
    out = bad_page_build.output
    match = re.search(r"docs/index\.md:9: .*draws 1 figure\(s\) but the directive gives 0 alt", out)
    assert match, bad_page_build


def test_build_does_not_blame_the_good_directive(bad_page_build):
    assert "docs/index.md:11" not in bad_page_build.output, bad_page_build


def test_build_reports_malformed_directive_cleanly(project):
    """A directive line with a bad option is an error at its page line, not a crash of the build."""
    project.snippet("t/ok.py", 'print("ok")\n', golden="ok\n")
    project.page(
        """
        # Home

        {{ snippet t/ok.py bogus="1" }}

        {{ snippet t/ok.py }}
        """
    )
    result = project.mkdocs_build(strict=True)
    assert result.returncode == 1, result
    assert "docs/index.md:3: unknown option 'bogus'" in result.output, result
    assert "Traceback" not in result.output and "StopIteration" not in result.output, result


# ---- widgets ---------------------------------------------------------------------------


def registry():
    return json.loads(WIDGET_REGISTRY.read_text(encoding="utf-8"))


def test_a_widget_directive_names_a_widget_and_its_fallback_figure():
    d = only('{{ widget tape fallback="ch06/tape.py#draw" alt="The tape of y = x * x" }}\n')
    assert (d.kind, d.widget, d.target, d.section, d.alts) == ("widget", "tape", "ch06/tape.py", "draw", ["The tape of y = x * x"])


def test_an_unknown_widget_is_refused_with_the_names_of_the_registry():
    error = one_error('{{ widget ladders fallback="ch01/ladder.py" }}\n')
    assert f"unknown widget 'ladders' (known: {', '.join(sorted(registry()))})" in str(error)
    assert "tape" in str(error)


def test_every_widget_of_the_registry_has_its_module_and_its_css():
    """browser/src/widgets/registry.json is the one list: the engine, the widget bundle
    (browser/build.mjs) and the loader read it; each widget is <name>.js with <name>.css."""
    folder = WIDGET_REGISTRY.parent
    assert registry(), "no widgets registered"
    for name, entry in registry().items():
        assert entry == {"python": entry["python"]} and isinstance(entry["python"], bool), name
        module = (folder / f"{name}.js").read_text(encoding="utf-8")
        assert "export function mount(root)" in module, name
        assert f'import "./{name}.css";' in module, name
        assert (folder / f"{name}.css").is_file(), name
