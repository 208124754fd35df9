"""`build_figures.py --check` (make check) and `mkdocs build` (make build) read their
problems from the same pass over the book, so a tree that one refuses the other refuses
too, with the same messages at the same places. Fed here with embeddings that are each
wrong in their own way: the kind of problem the build once found while rendering, which
the check never saw."""

import re

import pytest

PLOT = """
import matplotlib.pyplot as plt
# ANCHOR: two
for k in (1, 2):
    plt.figure()
    plt.plot([0, 1], [0, k])
    plt.show()
# ANCHOR_END: two
"""

RAISES_EARLY = """
#| raises: ValueError: too early
print("first")
raise ValueError("too early")
# ANCHOR: after
print("never printed")
# ANCHOR_END: after
"""

PAGE = """
# Broken embeddings

{{ snippet e/missing.py }}

{{ snippet e/ok.py#nosuch }}

{{ snippet e/plot.py#two alt="only one alt text for two figures, said here" }}

{{ snippet e/raises_early.py#after }}

{{ widget ladder fallback="e/ok.py" alt="a widget whose still figure draws nothing" }}

{{ snippet e/ok.py }}
"""


def problems_in(output, prefix):
    """{(location, first line of the message)} of every ERROR line."""
    found = set()
    for line in output.splitlines():
        match = re.match(prefix + r"((?:docs|snippets)/[^:\s]+(?::\d+)?): (.*)$", line)
        if match:
            found.add((match.group(1), match.group(2).strip()))
    return found


@pytest.fixture(scope="module")
def broken(module_project_factory):
    project = module_project_factory("broken-embeds")
    project.snippet("e/ok.py", 'print("fine")\n', golden="fine\n")
    project.snippet("e/plot.py", PLOT, golden="")
    project.snippet("e/raises_early.py", RAISES_EARLY)
    project.page(PAGE, name="broken.md")
    project.build_figures("--update")  # the goldens are right: only the embeddings are wrong
    return project, project.build_figures("--check"), project.mkdocs_build()


def test_check_and_build_report_the_same_problems(broken):
    _, check, build = broken
    assert check.returncode == 1 and build.returncode != 0, (check, build)
    from_check = problems_in(check.output, r"^ERROR ")
    from_build = problems_in(build.output, r"^ERROR\s+-\s+")
    assert from_check == from_build, (sorted(from_check ^ from_build), check, build)
    messages = "\n".join(message for _, message in from_check)
    for expected in (
        "no snippet file snippets/e/missing.py",
        "snippets/e/ok.py has no section 'nosuch' (sections: none)",
        "snippets/e/plot.py#two draws 2 figure(s) but the directive gives 1 alt text(s)",
        "section 'after' never ran: the snippet raised before it",
        "snippets/e/ok.py draws 0 figure(s) but the directive gives 1 alt text(s)",
    ):
        assert expected in messages, (expected, messages)
    assert len(from_check) == 5, sorted(from_check)


def test_each_problem_shows_on_the_page_where_it_is(broken):
    project, _, _ = broken
    project.mkdocs_build(strict=False)
    page = project.site("broken/index.html").read_text(encoding="utf-8")
    assert page.count('class="snippet-failure"') == 5, page
