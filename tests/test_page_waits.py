"""A page is ready to render once what it shows is verified, while later pages still run
(engine.Book.execute, page_waits.py, background.py)."""

import time

import pytest
from bookengine.background import BackgroundCheck
from bookengine.engine import Book
from bookengine.plugin import _in_render_order
from mkdocs.structure.files import File

PAGES = [
    ("docs/first.md", "# First\n\n{{ snippet quick.py }}\n"),
    ("docs/second.md", "# Second\n\n{{ snippet slow.py }}\n\n{{ snippet quick.py }}\n"),
    ("docs/prose.md", "# Prose\n\nNothing runs here.\n"),
]


def book_with_runs(project):
    # slow.py sorts first, so in file order it would run first; page order puts quick.py first
    project.snippet("aa_unshown.py", "print('on no page')\n", golden="on no page\n")
    project.snippet("quick.py", "print('quick')\n", golden="quick\n")
    project.snippet("slow.py", "import time\ntime.sleep(1.5)\nprint('slow')\n", golden="slow\n")
    return Book(project.root, jobs=1)


def test_a_page_is_ready_when_its_own_runs_are_verified_not_the_books(project):
    book = book_with_runs(project)
    report = book.plan(PAGES)
    seen = []

    def page_ready(page):  # what was back, and verified, when each page was released
        seen.append((page, {rel: (o.result is not None, o.golden_state) for rel, o in report.outcomes.items()}))

    book.execute(report, use_cache=False, write_cache=False, page_ready=page_ready)
    assert [page for page, _ in seen] == ["docs/first.md", "docs/second.md"]  # prose.md waits for nothing
    _, at_first = seen[0]
    assert at_first["quick.py"] == (True, "matches")  # verified against its golden already
    assert at_first["slow.py"] == (False, "—")  # still to run: the page did not wait for it
    _, at_second = seen[1]
    assert at_second["slow.py"] == (True, "matches")
    assert report.problems() == []


def test_runs_go_in_page_order_and_what_no_page_shows_goes_last(project):
    from bookengine.page_waits import PageWaits

    book = book_with_runs(project)
    report = book.plan(PAGES)
    waits = PageWaits(report, {id(o): lambda o: None for o in report.outcomes.values()})
    assert [run.rel for run in waits.runs_in_page_order()] == ["quick.py", "slow.py", "aa_unshown.py"]


def test_embedding_problems_are_listed_in_page_order_whichever_page_was_ready_first(project):
    project.snippet("quick.py", "print('quick')\n", golden="quick\n")
    project.snippet("slow.py", "import time\ntime.sleep(1)\nprint('slow')\n", golden="slow\n")
    book = Book(project.root, jobs=1)
    pages = [  # the first page waits for slow.py; the second is ready first
        ("docs/a.md", "# A\n\n{{ snippet slow.py#nowhere }}\n"),
        ("docs/b.md", "# B\n\n{{ snippet quick.py#absent }}\n"),
    ]
    ran = book.check(pages, use_cache=False, write_cache=False)
    shown = book.check(pages, execute=False)
    expected = [
        "docs/a.md:3: snippets/slow.py has no section 'nowhere' (sections: none)",
        "docs/b.md:3: snippets/quick.py has no section 'absent' (sections: none)",
    ]
    assert [p.location_message() for p in ran.problems()] == expected
    assert [p.location_message() for p in shown.problems()] == expected


class Failing:
    def execute(self, report, page_ready=None):
        time.sleep(0.2)
        raise RuntimeError("the warm parent exited unexpectedly (status 9)")


def test_what_stops_the_runs_is_raised_where_a_page_waits(project):
    project.snippet("quick.py", "print('quick')\n", golden="quick\n")
    report = Book(project.root).plan(PAGES[:1])
    check = BackgroundCheck(Failing(), report, execute=True)
    with pytest.raises(RuntimeError, match="exited unexpectedly"):
        check.wait("docs/first.md")
    with pytest.raises(RuntimeError, match="exited unexpectedly"):
        check.wait()


def test_a_build_that_shows_sources_has_every_page_ready_at_once(project):
    project.snippet("quick.py", "print('quick')\n", golden="quick\n")
    report = Book(project.root).plan(PAGES[:1], execute=False)
    check = BackgroundCheck(None, report, execute=False)
    assert check.done.is_set() and all(event.is_set() for event in check.ready.values())
    assert (("docs/first.md", 3) in report.embeds) and report.problems() == []


def test_each_notebook_is_read_right_after_its_chapter_and_the_status_page_last(tmp_path):
    def page(uri, folder="docs"):
        return File(uri, str(tmp_path / folder), str(tmp_path / "site"), True)

    chapters = [page("a.md"), page("b.md"), page("c.md")]
    notebooks = {"a.md": page("notebooks/a.ipynb", "cache"), "c.md": page("notebooks/c.ipynb", "cache")}
    status = page("build-status.md", "gen")
    files = [*chapters, page("javascripts/x.js"), notebooks["a.md"], status, notebooks["c.md"]]
    ordered = _in_render_order(files, notebooks, status)
    assert [f.src_uri for f in ordered] == [
        "a.md", "notebooks/a.ipynb", "b.md", "c.md", "notebooks/c.ipynb", "javascripts/x.js", "build-status.md",
    ]
