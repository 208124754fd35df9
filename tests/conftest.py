"""Fixtures for the engine's tests: throw-away book projects (see bookproject.py), and the
test tiers.

Every test gets one tier, from what it needs (no test file has to say it):

- ``browser``: drives Chromium (everything under tests/browser/);
- ``build``: builds a book, the real one or a fixture project (it uses such a fixture);
- ``slow``: runs Pyodide in Node, or is marked ``slow`` by hand;
- ``unit``: everything else (engine units, booktorch parity, widget math, lint).

``make test-fast`` runs the unit tier (an author's loop); ``make test`` runs them all.
"""

from pathlib import Path

import pytest
from bookproject import Project

BUILDS = {"project", "module_project_factory", "built_book", "built_site", "own_site", "two_builds"}
SLOW_FILES = {"test_pyodide_cells.py", "test_pyodide_parity.py"}
TIERS = ("unit", "build", "browser", "slow")


def pytest_configure(config):
    for tier in TIERS:
        config.addinivalue_line("markers", f"{tier}: a test of the {tier} tier (set by tests/conftest.py)")


def tier_of(item):
    path = Path(str(item.fspath))
    if "browser" in path.parts:
        return "browser"
    if item.get_closest_marker("slow") or path.name in SLOW_FILES:
        return "slow"
    if BUILDS & set(getattr(item, "fixturenames", ())):
        return "build"
    return "unit"


def pytest_collection_modifyitems(config, items):
    for item in items:
        item.add_marker(getattr(pytest.mark, tier_of(item)))


@pytest.fixture
def project(tmp_path):
    """A fresh fixture project for one test."""
    return Project(tmp_path / "book")


@pytest.fixture(scope="module")
def module_project_factory(tmp_path_factory):
    def make(name="book", **kwargs):
        return Project(tmp_path_factory.mktemp(name) / "book", **kwargs)

    return make


@pytest.fixture(scope="session")
def built_book(tmp_path_factory):
    """The real book, built once per test session: strict, with an empty cache of its own.

    Returns (site folder, build log, cache folder).
    """
    from bookproject import build_real_book

    tmp = tmp_path_factory.mktemp("book")
    return build_real_book(tmp, "first")
