"""Fixtures for the engine's tests: throw-away book projects (see bookproject.py), and the
test tiers.

Every test gets one tier, from what it needs (no test file has to say it):

- ``browser``: drives Chromium (everything under tests/browser/);
- ``build``: builds a book, the real one or a fixture project (it uses such a fixture);
- ``slow``: runs Pyodide in Node, or is marked ``slow`` by hand;
- ``unit``: everything else (engine units, booktorch parity, widget math, lint).

``make test-fast`` runs the unit tier (an author's loop); ``make test`` runs them all.
"""

import json
import os
from pathlib import Path

import pytest
from bookengine.cpu_kernels import use_avx2_kernels
from bookproject import Project
from work_groups import pytest_xdist_make_scheduler  # noqa: F401  (make test's scheduler: a hook)
from filelock import FileLock

BUILDS = {"project", "module_project_factory", "built_book", "built_site", "own_site", "two_builds"}
SLOW_FILES = {"test_pyodide_cells.py", "test_pyodide_parity.py"}
TIERS = ("unit", "build", "browser", "slow")


def pytest_configure(config):
    use_avx2_kernels()  # before a test module imports torch: the kernels the build runs and booktorch follows
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


def once_per_run(tmp_path_factory, name, make):
    """``make(folder)`` once per test run, even with the run spread over pytest-xdist's workers:
    the first worker to get here makes it, the others wait for it and read its (JSON) result."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return make(tmp_path_factory.mktemp(name))
    shared = tmp_path_factory.getbasetemp().parent  # the same folder for every worker of this run
    result = shared / f"{name}.json"
    with FileLock(str(shared / f"{name}.lock")):
        if not result.is_file():
            folder = shared / name
            folder.mkdir()
            result.write_text(json.dumps(make(folder)))
        return json.loads(result.read_text())


@pytest.fixture(scope="session")
def built_book(tmp_path_factory):
    """The real book, built once per test run: strict, with an empty cache of its own.
    Nothing may write into it (a build that starts from its cache copies it: bookproject.cache_copy).

    Returns (site folder, build log, cache folder).
    """
    from bookproject import build_real_book

    def build(folder):
        site, log, cache = build_real_book(folder, "first")
        return [str(site), log, str(cache)]

    site, log, cache = once_per_run(tmp_path_factory, "book", build)
    return Path(site), log, Path(cache)

