"""axe-core finds no serious or critical violation on any page of the book, light or dark."""

import pytest

from .conftest import serious_axe_violations

PAGES = [
    "", "tensors/", "matrices/", "matmul/", "reshaping/", "devices/", "autograd/", "cost/",
    "training/", "faq/", "remember/", "build-status/", "notebooks/tensors/", "notebooks/autograd/",
]
# the widget pages in both colour schemes; the rest in the default one
DARK = ["tensors/", "matrices/", "matmul/", "reshaping/", "autograd/", "notebooks/tensors/"]
CASES = [(path, "light") for path in PAGES] + [(path, "dark") for path in DARK]


@pytest.mark.parametrize(("path", "scheme"), CASES, ids=[f"{p or 'home'}-{s}" for p, s in CASES])
def test_no_serious_accessibility_violations(browser, isolated_url, path, scheme):
    context = browser.new_context(color_scheme=scheme, service_workers="block")
    page = context.new_page()
    page.goto(isolated_url + path)
    page.wait_for_load_state("networkidle")
    page.wait_for_function("!document.querySelector('[data-widget]:not([data-state])')")  # widgets mounted
    violations = serious_axe_violations(page)
    context.close()
    assert violations == [], violations
