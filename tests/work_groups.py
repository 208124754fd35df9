"""How make test shares the tests among pytest-xdist's workers (tests/conftest.py installs the hook).

A module's tests run on one worker, so that its module-scoped fixtures are made once; the tests
of SPREAD_OVER_WORKERS may run on any.
"""

import pytest


# Tests that share no module-scoped fixture with their neighbours: each may run on any worker.
SPREAD_OVER_WORKERS = (
    "tests/browser/test_cells.py::",  # each test has its own browser context
    "tests/browser/test_page_notebook.py::",
    "tests/browser/test_returning_reader.py::test_every_cell_and_solution_works_for_a_returning_reader[",  # a reader per half
)


def work_group(nodeid):
    """The tests that run on one worker together: a module, so that its module-scoped fixtures
    are made once, or a single test of SPREAD_OVER_WORKERS."""
    return nodeid if nodeid.startswith(SPREAD_OVER_WORKERS) else nodeid.split("::")[0]


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """With ``--dist loadgroup`` (make test), hand out work_group()s in collection order (the
    browser tests, the longest, first). Not xdist's own loadgroup: its xdist_group marks set
    ``item._nodeid``, which pytest 9 no longer reads, so they group nothing."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByWorkGroup(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return work_group(nodeid)

    config.option.loadscopereorder = False  # xdist would sort the groups by their number of tests
    return ByWorkGroup(config, log)
