"""Every way a snippet can fail is caught, located and reported, and the build survives it.

One project holds many failing snippets; it is checked once with
``build_figures.py --check`` and built once with ``mkdocs build --strict``, and
each test reads its own failure out of those runs. A second project exercises
``--update``, ``--check``, ``--only``, goldens and what the tools write.
"""

import html
import re
import shutil
import time

import pytest
from bookproject import base_env, parse_table

FAILING = {
    "t/unexpected.py": """
        x = 1
        y = 2
        raise ValueError("boom")
        """,
    "t/wrongerr.py": """
        #| raises: ValueError: the declared message
        x = 1
        raise ValueError("the actual message")
        """,
    "t/noraise.py": """
        #| raises: KeyError: 'missing'
        x = {"present": 1}
        print(x["present"])
        """,
    "t/hang.py": """
        #| timeout: 2
        n = 0
        while True:
            n += 1
        """,
    "t/stubborn.py": """
        #| timeout: 1
        import faulthandler
        faulthandler.cancel_dump_traceback_later()  # the child's own timer is gone: the parent must kill it
        while True:
            pass
        """,
    "t/segv.py": """
        import ctypes
        print("before")
        ctypes.string_at(0)
        """,
    "t/exit3.py": """
        import os
        print("leaving")
        os._exit(3)
        """,
    "t/memory.py": """
        #| memory: 256M
        data = bytes(768 * 1024 * 1024)
        print(len(data))
        """,
}


SEEDS = """
import random

import matplotlib
import numpy
import torch

# Seeds are reset to 0 in every fresh process; torch uses one thread; matplotlib draws with Agg.
assert random.random() == random.Random(0).random()
assert numpy.random.rand() == numpy.random.RandomState(0).rand()
assert torch.equal(torch.rand(3), torch.rand(3, generator=torch.Generator().manual_seed(0)))
assert torch.get_num_threads() == 1
assert matplotlib.get_backend().lower() == "agg"
print("seeded")
"""

SPAWNER = """
import subprocess

child = subprocess.Popen(["sleep", "60"])
with open({pid_file!r}, "a") as handle:
    handle.write(f"{{child.pid}}\\n")
print("spawned")
"""


@pytest.fixture(scope="module")
def failing(module_project_factory):
    project = module_project_factory("failing")
    for rel, code in FAILING.items():
        project.snippet(rel, code)
    # Snippets that must still run fine in the same batch, after the failures.
    project.snippet("t/good.py", 'print("still fine")\n', golden="still fine\n")
    project.snippet(
        "t/bigalloc.py", "data = bytes(768 * 1024 * 1024)\nprint(len(data))\n", golden="805306368\n"
    )
    project.snippet("t/nogolden.py", 'print("no golden yet")\n')
    project.snippet("t/seeds.py", SEEDS, golden="seeded\n")
    project.write("snippets/t/gone.out", "a golden whose snippet was deleted\n")
    pid_file = project.root.parent / "spawned.pid"
    project.snippet("t/spawner.py", SPAWNER.format(pid_file=str(pid_file)), golden="spawned\n")
    project.page(
        """
        # Home

        {{ snippet t/good.py }}

        {{ snippet t/unexpected.py }}

        {{ snippet t/nogolden.py }}
        """
    )
    check = project.build_figures("--check")
    build = project.mkdocs_build(strict=True)
    spawned = [int(pid) for pid in pid_file.read_text().split()] if pid_file.exists() else []
    # A strict build that fails still writes the pages: failures show in them.
    build.page = project.site("index.html").read_text() if project.site("index.html").exists() else ""
    return project, check, build, spawned


@pytest.fixture(scope="module")
def check(failing):
    return failing[1]


@pytest.fixture(scope="module")
def build(failing):
    return failing[2]


@pytest.fixture(scope="module", params=["check", "build"])
def report(request, failing):
    """The output of either tool: both must report the same failures."""
    return failing[1] if request.param == "check" else failing[2]


def test_unexpected_exception(report):
    assert "snippets/t/unexpected.py:3: unexpected ValueError: boom" in report.output, report


def test_unexpected_exception_traceback_is_relative(check):
    assert 'File "snippets/t/unexpected.py", line 3' in check.output, check


def test_wrong_expected_error_shows_both_messages(report):
    out = report.output
    assert "snippets/t/wrongerr.py:3: raised ValueError: the actual message" in out, report
    assert "declares: ValueError: the declared message" in out, report


def test_expected_error_not_raised(report):
    out = report.output
    assert re.search(
        r"snippets/t/noraise\.py: expected it to raise KeyError: 'missing', but it raised nothing", out
    ), report


def test_timeout(report):
    match = re.search(r"snippets/t/hang\.py:(\d+): timed out after 2 s", report.output)
    assert match, report
    assert int(match.group(1)) in (3, 4)  # a line inside the loop


def test_timeout_when_the_child_cannot_stop_itself(report):
    assert "snippets/t/stubborn.py: timed out after 1 s and was killed" in report.output, report


def test_a_timed_out_snippet_ran_until_its_timeout_and_is_marked_in_the_table(check):
    """Both ran to their limit (and were stopped: the check finished). How soon after the limit
    each was stopped is speed, measured by bench/bench_build.py (timeouts), not asserted here."""
    rows = parse_table(check.stdout)
    for rel, limit in (("t/hang.py", 2), ("t/stubborn.py", 1)):
        assert rows[rel].status == "timeout", check
        assert float(rows[rel].seconds) >= limit, check


def test_sigsegv(report):
    assert "snippets/t/segv.py:3: crashed: killed by SIGSEGV" in report.output, report


def test_os_exit(report):
    assert re.search(r"snippets/t/exit3\.py(:\d+)?: exited with status 3", report.output), report


def test_memory_limit(report):
    out = report.output
    assert re.search(r"snippets/t/memory\.py:2: unexpected MemoryError", out), report


def test_memory_limit_is_the_snippets_own(check):
    """The same allocation passes under the default limit: the header option is what stopped it."""
    rows = parse_table(check.stdout)
    assert rows["t/memory.py"].status == "failed"
    assert rows["t/bigalloc.py"].status == "ok", check


def test_missing_golden(report):
    assert re.search(
        r"snippets/t/nogolden\.out: no golden output \(embedded at docs/index\.md:7\)", report.output
    ), report


def test_every_failure_reported_in_one_run(report):
    out = report.output
    for rel in FAILING:
        assert f"snippets/{rel}" in out, (rel, report)
    assert "snippets/t/nogolden.out" in out
    assert not re.search(r"snippets/t/(good|bigalloc|seeds|spawner)\.(py|out)", out), report
    assert report.returncode == 1, report


def test_orphan_golden(check):
    assert "snippets/t/gone.out: golden without a snippet" in check.output, check


def test_check_table_statuses(check):
    rows = parse_table(check.stdout)
    statuses = {rel: row.status for rel, row in rows.items()}
    assert statuses == {
        "t/bigalloc.py": "ok",
        "t/exit3.py": "crash",
        "t/good.py": "ok",
        "t/hang.py": "timeout",
        "t/memory.py": "failed",
        "t/nogolden.py": "stale",
        "t/noraise.py": "failed",
        "t/seeds.py": "ok",
        "t/segv.py": "crash",
        "t/spawner.py": "ok",
        "t/stubborn.py": "timeout",
        "t/unexpected.py": "failed",
        "t/wrongerr.py": "failed",
    }
    assert re.search(rf"\n{len(rows)} snippet\(s\),.* 10 problem\(s\)", check.stdout), check


def test_check_uses_no_cache(check):
    rows = parse_table(check.stdout)
    assert {row.cache for row in rows.values()} == {"miss"}


def test_seeds_threads_and_backend(check):
    assert parse_table(check.stdout)["t/seeds.py"].status == "ok", check


def test_processes_a_snippet_spawns_die_with_it(failing):
    spawned = failing[3]
    assert len(spawned) == 2  # one per run: --check and the build
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(pid) for pid in spawned):
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in spawned)


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as handle:
            stat = handle.read()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2 :].split()[0] != "Z" and "sleep" in stat


def test_build_aborts_in_strict_mode(build):
    assert build.returncode == 1, build
    assert "strict mode" in build.output


def test_failure_box_on_the_page(build):
    page = build.page
    assert 'class="snippet-failure"' in page
    assert "snippets/t/unexpected.py:3: unexpected ValueError: boom" in html.unescape(page)
    assert (
        page.count('class="snippet-failure"') == 2
    )  # t/unexpected.py, and the missing golden of t/nogolden.py


# ---- a project that passes: --update, --check, --only, stale goldens -----------------

ONE = """
from _lib.helper import answer

# ANCHOR: show
print(answer())
# ANCHOR_END: show
"""

TWO = """
#| raises: ValueError: invalid literal for int() with base 10: 'x'
print("parsing")
int("x")
"""

BIG = """
for i in range(100000):
    print("line", i)
"""

HELPER = """
def answer():
    return 42
"""


def no_bytecode_env():
    """Python's default: bytecode caches are written unless something says otherwise."""
    env = base_env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


@pytest.fixture(scope="module")
def passing(module_project_factory):
    project = module_project_factory("passing")
    project.snippet("a/one.py", ONE)
    project.snippet("a/two.py", TWO)
    project.snippet("b/big.py", BIG)
    project.snippet("_lib/helper.py", HELPER)
    project.page(
        """
        # Home

        {{ snippet a/one.py#show }}

        {{ snippet a/two.py }}
        """
    )
    project.page("# Big\n\n{{ snippet b/big.py }}\n", name="big.md")
    runs = {}
    env = no_bytecode_env()
    runs["update"] = project.build_figures("--update", env=env)
    runs["goldens"] = {rel: project.golden(rel).read_text() for rel in ("a/one.py", "a/two.py", "b/big.py")}
    # `--check` must leave the tree exactly as it finds it. (Byte-code caches that
    # the update run may have left behind are removed first, so that nothing hides
    # a write by `--check` itself.)
    for pycache in list(project.root.rglob("__pycache__")):
        shutil.rmtree(pycache)
    runs["before"] = project.snapshot()
    runs["check"] = project.build_figures("--check", env=env)
    runs["after"] = project.snapshot()
    runs["only"] = project.build_figures("--only", "a/*", env=env)
    runs["build"] = project.mkdocs_build(strict=True)
    runs["big_html"] = (
        project.site("big/index.html").read_text() if project.site("big/index.html").exists() else ""
    )
    runs["index_html"] = project.site("index.html").read_text() if project.site("index.html").exists() else ""
    golden = project.golden("a/one.py")
    golden.write_text("41\n")
    runs["stale"] = project.build_figures("--check", env=env)
    runs["stale_build"] = project.mkdocs_build(strict=True)
    return project, runs


def test_check_writes_nothing_in_the_project(passing):
    _, runs = passing
    before, after = runs["before"], runs["after"]
    added = sorted(set(after) - set(before))
    changed = sorted(k for k in before if k in after and before[k] != after[k])
    assert (added, changed) == ([], []), runs["check"]


def test_update_writes_goldens(passing):
    _, runs = passing
    update = runs["update"]
    assert update.returncode == 0, update
    for rel in ("a/one.py", "a/two.py", "b/big.py"):
        assert f"updated snippets/{rel[:-3]}.out" in update.stdout
    assert runs["goldens"]["a/one.py"] == "42\n"
    assert runs["goldens"]["a/two.py"] == "parsing\nValueError: invalid literal for int() with base 10: 'x'\n"


def test_check_after_update_passes(passing):
    _, runs = passing
    check = runs["check"]
    assert check.returncode == 0, check
    assert re.search(r"\n3 snippet\(s\),.* 0 problem\(s\)", check.stdout), check
    assert {row.status for row in parse_table(check.stdout).values()} == {"ok"}


def test_closing_table_columns(passing):
    _, runs = passing
    header = next(line for line in runs["check"].stdout.splitlines() if line.startswith("snippet"))
    assert re.split(r"\s{2,}", header.strip()) == ["snippet", "status", "seconds", "peak MB", "cache"]
    row = parse_table(runs["check"].stdout)["a/one.py"]
    assert float(row.seconds) >= 0 and float(row.peak_mb) > 0 and row.cache == "miss"


def test_only_restricts(passing):
    _, runs = passing
    only = runs["only"]
    assert only.returncode == 0, only
    assert sorted(parse_table(only.stdout)) == ["a/one.py", "a/two.py"]
    assert "b/big" not in only.stdout


def test_only_matching_nothing_fails(project):
    project.snippet("a/x.py", "print(1)\n", golden="1\n")
    result = project.build_figures("--only", "zzz/*")
    assert result.returncode == 1
    assert "no snippet matches" in result.output


def test_oversized_output_is_cut_visibly_and_bounded(passing):
    _, runs = passing
    golden = runs["goldens"]["b/big.py"]
    assert golden.startswith("line 0\nline 1\n")
    assert "[output cut:" in golden
    assert len(golden) < 25_000


def test_oversized_output_page(passing):
    _, runs = passing
    assert runs["build"].returncode == 0, runs["build"]
    page = runs["big_html"]
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert "[output cut:" in text
    assert "line 99999" not in text
    assert len(page) < 400_000  # the page carries the cut output, not 1.3 MB of it


def test_page_shows_code_output_and_expected_error_without_markers(passing):
    _, runs = passing
    page = runs["index_html"]
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert "print(answer())" in text and "42" in text
    assert "from _lib.helper import answer" not in text  # only the #show section
    assert "ValueError: invalid literal for int() with base 10: 'x'" in text
    assert "#|" not in text and "ANCHOR" not in text
    assert "snippet-failure" not in page


def test_stale_golden_fails_with_diff(passing):
    _, runs = passing
    for result in (runs["stale"], runs["stale_build"]):
        out = result.output
        assert result.returncode == 1, result
        assert "snippets/a/one.out" in out and "docs/index.md:3" in out, result
        assert "--- snippets/a/one.out" in out and "+++ snippets/a/one.out" in out, result
        assert "\n-41" in out and "\n+42" in out, result


def test_stale_golden_only_blames_that_snippet(passing):
    _, runs = passing
    rows = parse_table(runs["stale"].stdout)
    assert rows["a/one.py"].status == "stale"
    assert rows["a/two.py"].status == rows["b/big.py"].status == "ok"
