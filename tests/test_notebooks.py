"""Companion notebooks: every chapter has one, and executing it offline prints what the book verified."""

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from bookengine.notebook import expected_outputs

ROOT = Path(__file__).resolve().parent.parent


def chapters_with_examples():
    from bookengine.directive import find_directives

    found = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        directives, _ = find_directives(page.read_text(encoding="utf-8"), page.name)
        if any(d.kind in ("snippet", "cell") for d in directives):
            found.append(page.stem)
    return found


CHAPTERS = chapters_with_examples()


def test_every_chapter_offers_its_notebook(built_book):
    site = built_book[0]
    for stem in CHAPTERS:
        assert (site / "notebooks" / stem / f"{stem}.ipynb").is_file(), f"no downloadable notebook for {stem}"
        assert (site / "notebooks" / stem / "index.html").is_file(), f"notebook of {stem} not rendered"
        chapter = (site / stem / "index.html").read_text(encoding="utf-8")
        assert f'href="../notebooks/{stem}/{stem}.ipynb" download' in chapter
        assert 'href="../notebooks/' + stem + '/"' in chapter
        rendered = (site / "notebooks" / stem / "index.html").read_text(encoding="utf-8")
        assert "cdnjs" not in rendered, "the rendered notebook asks a CDN for scripts"


def test_notebooks_are_deterministic_json(built_book):
    site = built_book[0]
    for stem in CHAPTERS:
        notebook = json.loads((site / "notebooks" / stem / f"{stem}.ipynb").read_text(encoding="utf-8"))
        nbformat.validate(nbformat.from_dict(notebook))
        assert [cell["id"] for cell in notebook["cells"]] == [f"cell-{n}" for n in range(1, len(notebook["cells"]) + 1)]


@pytest.mark.parametrize("stem", CHAPTERS)
def test_notebook_executes_offline_and_matches_the_book(built_book, stem, tmp_path):
    source = built_book[0] / "notebooks" / stem / f"{stem}.ipynb"
    notebook = nbformat.read(source, as_version=4)
    expected = expected_outputs(json.loads(source.read_text(encoding="utf-8")))
    client = NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    executed = expected_outputs(json.loads(nbformat.writes(notebook)))
    assert len(executed) == len(expected)
    for (code, want_out, want_error), (_, got_out, got_error) in zip(expected, executed):
        assert got_out == want_out, f"{stem}: this cell printed something else than the book:\n{code}"
        assert got_error == want_error, f"{stem}: this cell raised {got_error}, the book says {want_error}:\n{code}"


def test_every_notebook_heading_has_an_example_under_it(built_book):
    """Headings whose examples the notebook does not carry (a page's exercises) are left
    out, so the notebook's contents list no empty sections."""
    from bookengine.notebook import HEADING

    for stem in CHAPTERS:
        cells = json.loads((built_book[0] / "notebooks" / stem / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
        for index, cell in enumerate(cells):
            heading = HEADING.match("".join(cell["source"])) if cell["cell_type"] == "markdown" else None
            if heading is None or len(heading.group(1)) == 1:
                continue
            level, below = len(heading.group(1)), []
            for later in cells[index + 1:]:
                other = HEADING.match("".join(later["source"])) if later["cell_type"] == "markdown" else None
                if other and len(other.group(1)) <= level:
                    break
                below.append(later["cell_type"])
            assert "code" in below, f"{stem}: the heading {heading.group(0)!r} has no example under it"
            assert "$" not in heading.group(2) and "`" not in heading.group(2), heading.group(0)
