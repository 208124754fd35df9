"""Coverage: every concept the book must teach has a page that teaches it with executed code.

concepts.yml keeps the full list of ids and what each one's page must hold; each
chapter's front matter lists the ids it covers.
"""

from pathlib import Path

import pytest
import yaml

from bookengine.directive import find_directives
from bookengine.snippet import parse_snippet

ROOT = Path(__file__).resolve().parent.parent
CONCEPTS = yaml.safe_load((ROOT / "concepts.yml").read_text(encoding="utf-8"))


def front_matter(text):
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text[4 : text.index("\n---\n", 4)]) or {}


def pages():
    found = {}
    for path in sorted((ROOT / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        directives, errors = find_directives(text, path.name)
        assert not errors, errors
        found[path.relative_to(ROOT / "docs").as_posix()] = (front_matter(text).get("concepts") or [], directives)
    return found


PAGES = pages()


def holdings(directives):
    """What a page holds, in the vocabulary of concepts.yml's `needs`."""
    held = set()
    for directive in directives:
        if directive.kind == "cell":
            held.add("cell")
        elif directive.kind == "widget":
            held.add(f"widget:{directive.widget}")
        elif directive.kind == "snippet":
            snippet = parse_snippet(ROOT / "snippets" / directive.target, ROOT / "snippets")
            if snippet.device == "cuda":
                held.add("gpu")
            else:
                held.add("executed")
            if directive.alts:
                held.add("figure")
    return held


def test_every_listed_id_is_a_known_concept():
    for page, (ids, _) in PAGES.items():
        unknown = set(ids) - set(CONCEPTS)
        assert not unknown, f"docs/{page} lists unknown concept ids {sorted(unknown)}"


@pytest.mark.parametrize("concept", sorted(CONCEPTS))
def test_concept_has_a_page_with_executed_code_and_its_extras(concept):
    owners = [page for page, (ids, _) in PAGES.items() if concept in ids]
    assert owners, f"no chapter lists {concept} ({CONCEPTS[concept]['name']}) in its front matter"
    held = set().union(*(holdings(PAGES[page][1]) for page in owners))
    assert "executed" in held, f"{concept}: no page of {owners} embeds an executed snippet"
    missing = set(CONCEPTS[concept]["needs"]) - held
    assert not missing, f"{concept}: the pages {owners} lack {sorted(missing)}"
