"""make test's scheduling (tests/work_groups.py): a module's tests run on one worker, so that its
module-scoped fixtures are made once; the tests of SPREAD_OVER_WORKERS may run on any."""

from types import SimpleNamespace

from work_groups import SPREAD_OVER_WORKERS, pytest_xdist_make_scheduler, work_group


def test_a_module_is_one_group():
    assert work_group("tests/browser/test_widget_reading.py::test_x[tape-dark]") == "tests/browser/test_widget_reading.py"
    assert work_group("tests/test_cache.py::test_put_then_get") == "tests/test_cache.py"


def test_a_spread_test_is_a_group_of_its_own():
    one = "tests/browser/test_cells.py::test_a_cell_runs_and_matches_the_book"
    assert work_group(one) == one
    half = "tests/browser/test_returning_reader.py::test_every_cell_and_solution_works_for_a_returning_reader[half-1]"
    assert work_group(half) == half
    other = "tests/browser/test_returning_reader.py::test_a_returning_reader_floods_a_cell_and_stops_it"
    assert work_group(other) == "tests/browser/test_returning_reader.py"  # shares the module's reader
    assert all(prefix.startswith("tests/") for prefix in SPREAD_OVER_WORKERS)


def test_the_scheduler_hands_out_the_groups_in_collection_order():
    option = SimpleNamespace(loadscopereorder=True)
    config = SimpleNamespace(option=option, getvalue=lambda name: {"dist": "loadgroup", "tx": ["2*popen"]}[name])
    scheduler = pytest_xdist_make_scheduler(config, log=None)
    assert scheduler._split_scope("tests/test_cache.py::test_put_then_get") == "tests/test_cache.py"
    assert option.loadscopereorder is False
    other = SimpleNamespace(option=option, getvalue=lambda name: "load")
    assert pytest_xdist_make_scheduler(other, log=None) is None  # other modes are xdist's own
