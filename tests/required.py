"""What a test does when a tool it needs is not on the machine.

On an author's machine the test skips and says what to install. Under CI (the CI variable
set, as .ci/run and GitHub set it) it fails instead: a run that skipped the browser or the
pyodide-build check would pass without having tested them.
"""

import os

import pytest


def on_ci():
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing(what, how):
    """Stop the test: ``what`` is missing, ``how`` says how to get it."""
    message = f"{what} is missing: {how}"
    if on_ci():
        pytest.fail(f"{message} (under CI every test must run)", pytrace=False)
    pytest.skip(message)
