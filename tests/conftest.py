"""Fixtures for the engine's tests: throw-away book projects (see bookproject.py)."""

import pytest
from bookproject import Project


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
