"""Reading snippet files: header options, sections, chunks, errors at snippets/x.py:line."""

import textwrap
import traceback

import pytest

from bookengine.errors import BookError
from bookengine.snippet import DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT, local_module_closure, parse_snippet


@pytest.fixture
def root(tmp_path):
    path = tmp_path / "snippets"
    path.mkdir()
    return path


def write(root, rel, code):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(code).lstrip("\n"), encoding="utf-8")
    return path


def parse(root, code, rel="t/x.py"):
    return parse_snippet(write(root, rel, code), root)


def parse_error(root, code, rel="t/x.py"):
    with pytest.raises(BookError) as info:
        parse(root, code, rel)
    return info.value


# ---- header options -------------------------------------------------------------------


def test_defaults(root):
    s = parse(root, "print(1)\n")
    assert s.rel == "t/x.py"
    assert s.timeout == DEFAULT_TIMEOUT
    assert s.memory_mb == DEFAULT_MEMORY_MB
    assert s.raises is None
    assert s.sections == {}
    assert s.golden_path == root / "t" / "x.out"


def test_header_options(root):
    s = parse(
        root,
        """
        #| timeout: 2.5
        #| memory: 512M
        #| raises: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x2)
        import torch
        """,
    )
    assert s.timeout == 2.5
    assert s.memory_mb == 512
    assert s.raises.type_name == "RuntimeError"
    assert s.raises.message == "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x2)"
    assert s.raises.text() == "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x2)"


def test_memory_in_gigabytes(root):
    assert parse(root, "#| memory: 8G\nx = 1\n").memory_mb == 8192


def test_raises_message_may_contain_colons(root):
    s = parse(root, "#| raises: KeyError: 'a: b'\nraise KeyError('a: b')\n")
    assert (s.raises.type_name, s.raises.message) == ("KeyError", "'a: b'")


def test_unknown_option(root):
    err = parse_error(root, "#| timeout: 5\n#| colour: red\nx = 1\n")
    assert (err.path, err.line) == ("snippets/t/x.py", 2)
    assert "unknown option 'colour'" in err.message
    assert str(err).startswith("snippets/t/x.py:2: ")


@pytest.mark.parametrize(
    "header, words",
    [
        ("#| timeout: soon", "timeout"),
        ("#| timeout: -1", "positive"),
        ("#| memory: lots", "memory"),
        ("#| raises: no colon here", "raises"),
    ],
)
def test_bad_option_values(root, header, words):
    err = parse_error(root, f"#| timeout: 5\n{header}\nx = 1\n")
    assert (err.path, err.line) == ("snippets/t/x.py", 2)
    assert words in err.message


# ---- sections and what the page shows ---------------------------------------------------

SECTIONED = """
#| timeout: 5
import math

# ANCHOR: area
r = 2.0
area = math.pi * r * r
# ANCHOR_END: area
print(round(area, 2))
# ANCHOR: outer
a = 1
# ANCHOR: inner
b = 2
# ANCHOR_END: inner
# ANCHOR_END: outer
"""


def test_sections_and_display_source(root):
    s = parse(root, SECTIONED)
    assert s.sections == {"area": (5, 6), "inner": (12, 12), "outer": (10, 13)}
    whole = s.display_source()
    assert whole == "import math\n\nr = 2.0\narea = math.pi * r * r\nprint(round(area, 2))\na = 1\nb = 2"
    assert "#|" not in whole and "ANCHOR" not in whole
    assert s.display_source("area") == "r = 2.0\narea = math.pi * r * r"
    assert s.display_source("outer") == "a = 1\nb = 2"
    assert s.display_source("inner") == "b = 2"


def test_chunks_keep_real_line_numbers(root):
    s = parse(root, SECTIONED)
    summary = [(c.start_line, c.code, tuple(sorted(c.sections))) for c in s.chunks]
    assert summary == [
        (2, "import math\n\n", ()),
        (5, "r = 2.0\narea = math.pi * r * r\n", ("area",)),
        (8, "print(round(area, 2))\n", ()),
        (10, "a = 1\n", ("outer",)),
        (12, "b = 2\n", ("inner", "outer")),
    ]
    for chunk in s.chunks:  # each line of a chunk is the file's line with the same number
        lines = s.source.splitlines()
        for offset, text in enumerate(chunk.code.splitlines()):
            assert lines[chunk.start_line - 1 + offset] == text


def test_chunk_tracebacks_name_the_files_real_line(root):
    s = parse(
        root,
        """
        x = 1
        # ANCHOR: boom
        y = 2
        raise ValueError("here")
        # ANCHOR_END: boom
        """,
    )
    namespace = {}
    with pytest.raises(ValueError) as info:
        for chunk in s.chunks:  # the way the child runs them
            exec(compile("\n" * (chunk.start_line - 1) + chunk.code, str(s.path), "exec"), namespace)  # noqa: S102
    frame = traceback.extract_tb(info.tb)[-1]
    assert (frame.filename, frame.lineno) == (str(s.path), 4)


def test_unclosed_section(root):
    err = parse_error(root, "x = 1\n# ANCHOR: open\ny = 2\n")
    assert (err.path, err.line) == ("snippets/t/x.py", 2)
    assert "'open'" in err.message and "ANCHOR_END" in err.message


def test_end_without_anchor(root):
    err = parse_error(root, "x = 1\n\n# ANCHOR_END: nope\n")
    assert err.line == 3
    assert "nope" in err.message


def test_section_opened_twice(root):
    err = parse_error(root, "# ANCHOR: a\n# ANCHOR_END: a\n# ANCHOR: a\nx = 1\n# ANCHOR_END: a\n")
    assert err.line == 3
    assert "twice" in err.message


def test_indented_anchor(root):
    err = parse_error(
        root,
        """
        def f():
            # ANCHOR: inner
            return 1
            # ANCHOR_END: inner
        """,
    )
    assert (err.path, err.line) == ("snippets/t/x.py", 2)
    assert "column 0" in err.message


def test_syntax_error_reports_the_files_line(root):
    err = parse_error(
        root,
        """
        #| timeout: 3
        import math
        # ANCHOR: s
        x = 1
        def broken(:
            pass
        # ANCHOR_END: s
        """,
    )
    assert (err.path, err.line) == ("snippets/t/x.py", 5)
    assert "SyntaxError" in err.message


def test_syntax_error_in_a_later_chunk(root):
    err = parse_error(root, "a = 1\n# ANCHOR: s\nb = 2\n# ANCHOR_END: s\n\n\nc = = 3\n")
    assert err.line == 7


def test_anchor_splitting_a_block_is_an_error_at_a_real_line(root):
    err = parse_error(
        root,
        """
        for i in range(3):
        # ANCHOR: body
            print(i)
        # ANCHOR_END: body
        """,
    )
    assert err.path == "snippets/t/x.py"
    assert err.line in (1, 2, 3)


# ---- local modules --------------------------------------------------------------------


def test_local_module_closure_finds_lib_and_neighbours_transitively(root):
    write(root, "_lib/__init__.py", "")
    write(root, "_lib/helper.py", "from _lib import deep\nimport math\n\ndef f():\n    return deep.g()\n")
    write(root, "_lib/deep.py", "import _lib.deeper\n\ndef g():\n    return 1\n")
    write(root, "_lib/deeper.py", "X = 1\n")
    write(root, "_lib/unused.py", "Y = 2\n")
    write(root, "t/_util.py", "Z = 3\n")
    snippet = write(root, "t/x.py", "import torch\nimport _util\nfrom _lib.helper import f\nprint(f())\n")
    found = local_module_closure(snippet.read_text(), [snippet.parent, root])
    names = sorted(p.relative_to(root).as_posix() for p in found)
    assert names == ["_lib/__init__.py", "_lib/deep.py", "_lib/deeper.py", "_lib/helper.py", "t/_util.py"]
    assert found[root / "_lib" / "deeper.py"] == "X = 1\n"  # maps path -> text


def test_local_module_closure_follows_relative_imports(root):
    """A helper package importing its sibling with `from .deep import g` depends on it too."""
    write(root, "_lib/__init__.py", "")
    write(root, "_lib/helper.py", "from .deep import g\n\ndef f():\n    return g()\n")
    write(root, "_lib/deep.py", "def g():\n    return 1\n")
    snippet = write(root, "t/x.py", "from _lib.helper import f\n")
    found = local_module_closure(snippet.read_text(), [snippet.parent, root])
    assert root / "_lib" / "deep.py" in found


def test_local_module_closure_ignores_stdlib_and_unparsable(root):
    assert local_module_closure("import os, json\nfrom pathlib import Path\n", [root]) == {}
    assert local_module_closure("def broken(:\n", [root]) == {}
