"""Fixtures for tests in a real headless Chromium (Debian's) against the built book."""

import functools
import http.server
import json
import re
import socket
import threading
import time
from pathlib import Path

import pytest
from required import missing

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync",
]
ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}


@pytest.fixture(scope="session", autouse=True)
def chromium_installed():
    """Every test here drives Debian's Chromium: without it each one skips, or under CI fails."""
    if not Path(CHROMIUM).exists():
        missing(f"Debian's Chromium ({CHROMIUM})", "apt-get install chromium (.ci/run installs it)")


@pytest.fixture(scope="session")
def built_site(built_book):
    """The real book, built once (strict) for every test of the session."""
    return built_book[0]


# A browser context that sends this header sees the site as a static host serves it (GitHub
# Pages): without the server's extra headers (COOP/COEP), at the same URL.
STATIC_HOST = {"X-Book-Static-Host": "1"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extra_headers = {}

    def end_headers(self):
        if not self.headers.get("X-Book-Static-Host"):
            for name, value in self.extra_headers.items():
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, *args):
        pass


def free_port():
    """A port nobody listens on now (for a site that must know its own URL before it is built)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(directory, headers, prefix="", port=0):
    """Serve ``directory`` on 127.0.0.1 (optionally under a sub-path); return (base URL, stop)."""
    handler_class = type("Handler", (SiteHandler,), {"extra_headers": headers})
    root = directory
    if prefix:
        root = directory.parent / "mount"
        (root / prefix).parent.mkdir(parents=True, exist_ok=True)
        if not (root / prefix).exists():
            (root / prefix).symlink_to(directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler_class, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/{prefix + '/' if prefix else ''}"
    return base, server.shutdown


@pytest.fixture(scope="session")
def own_site(built_book, tmp_path_factory):
    """The book built for the address it is served at (port, site), as a reader gets it:
    Material turns instant navigation on only where the site's URL is the page's own."""
    from bookproject import build_real_book, cache_copy

    port = free_port()
    folder = tmp_path_factory.mktemp("own-url")
    site, _, _ = build_real_book(
        folder, "site", cache=cache_copy(built_book, folder), BOOK_SITE_URL=f"http://127.0.0.1:{port}/"
    )
    return port, site


@pytest.fixture(scope="session")
def isolated_url(own_site):
    """The book at its own URL (instant navigation on), cross-origin isolated."""
    port, site = own_site
    base, stop = serve(site, ISOLATION, port=port)
    yield base
    stop()


@pytest.fixture(scope="session")
def plain_url(built_site):
    base, stop = serve(built_site, {})
    yield base
    stop()


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def persistent_profile(playwright, folder, static_host=False, **options):
    """A Chromium whose profile (Cache API, localStorage...) lives in ``folder``, as every
    real reader's does: what one test leaves there, the next one finds. With ``static_host``,
    the site is served to it as a static host serves it (no COOP/COEP headers)."""
    return playwright.chromium.launch_persistent_context(
        str(folder), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 1280, "height": 900}, extra_http_headers=STATIC_HOST if static_host else None, **options,
    )


def clean(watched, base):
    """No request left 127.0.0.1 and nothing was logged as an error."""
    assert not watched.foreign(base), f"requests to other hosts: {watched.foreign(base)}"
    assert not watched.errors, f"console errors: {watched.errors}"


def open_widget_page(watched, url, root, ready, width=1100, reduced_motion="reduce"):
    """Open ``url`` at ``width`` px, wait until the widget ``root`` is live (``ready`` shown), scroll to it."""
    page = watched.page
    page.set_viewport_size({"width": width, "height": 900})
    page.emulate_media(reduced_motion=reduced_motion)
    page.goto(url)
    page.wait_for_selector(f"{root}.book-widget--live {ready}")
    page.locator(root).scroll_into_view_if_needed()
    return page


def widget_opener(path, root, ready):
    """open_widget(watched, base, width=1100, reduced_motion="reduce"): open_widget_page for the
    widget ``root`` on page ``path``, live once ``ready`` shows."""
    def open_widget(watched, base, width=1100, reduced_motion="reduce"):
        return open_widget_page(watched, base + path, root, ready, width, reduced_motion)
    return open_widget


def widget_helpers(root):
    """state(page), live(page) and action(page, name) for the widget ``root``: its state as a
    dict, what its live region announced, and its control with that data-action."""
    def state(page):
        return widget_state(page, root)

    def live(page):
        return announcements(page, root)

    def action(page, name):
        return page.locator(f"{root} [data-action={name}]")
    return state, live, action


def fallback_without_javascript(browser, url, root, live):
    """With script off, the widget ``root`` shows its static figure (alt text on every image)
    and none of its live UI (``live``). Returns the images' alt texts."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(url)
    widget = page.locator(root)
    images = widget.locator(".book-widget__fallback img")
    alts = [images.nth(k).get_attribute("alt") for k in range(images.count())]
    visible = any(images.nth(k).is_visible() for k in range(images.count()))
    live_parts = widget.locator(live).count()
    state = widget.get_attribute("data-state")
    context.close()
    assert alts and all(alts), f"fallback images and their alt texts: {alts}"
    assert visible, "the fallback figure is hidden"
    assert live_parts == 0 and state is None, "live widget parts without JavaScript"
    return alts


def widget_state(page, root):
    """A widget's published state (its data-state JSON)."""
    return json.loads(page.locator(root).get_attribute("data-state"))


def announcements(page, root):
    """What a widget's polite live region says now."""
    return page.locator(f"{root} .book-widget__live").inner_text()


# A count of one with a plural noun: "1 elements" (issue 23). "1,000 elements" and "0.1 steps" are fine.
ONE_WITH_PLURAL = re.compile(r"(?<![\d.,])1 (elements|bytes|values|entries|tape entries|cells|products|steps|axes)\b")


def counts_read_wrong(page, root):
    """Every "1 <plural>" a reader can meet in the widget ``root``: its text on screen, its
    drawings' titles and descriptions, its aria labels and value texts, its live region."""
    text = page.evaluate(
        """(selector) => {
            const root = document.querySelector(selector);
            const attributes = ["aria-label", "aria-valuetext"].flatMap((name) =>
                [...root.querySelectorAll(`[${name}]`)].map((el) => el.getAttribute(name)));
            const drawn = [...root.querySelectorAll("title, desc, text")].map((el) => el.textContent);
            return [root.innerText, root.querySelector(".book-widget__live")?.textContent ?? "", ...attributes, ...drawn].join("\\n");
        }""",
        root,
    )
    return ONE_WITH_PLURAL.findall(text)


class Watched:
    """A page whose requests and console errors are recorded."""

    def __init__(self, page):
        self.page = page
        self.requests = []
        self.finished = []  # completed requests, the workers' included (request.sizes() tells their bytes)
        self.errors = []
        self.not_found = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("requestfinished", lambda request: self.finished.append(request))
        page.on("response", lambda response: response.status == 404 and self.not_found.append(response.url))
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def foreign(self, base):
        host = base.split("/")[2]
        return sorted({u for u in self.requests if not u.startswith("data:") and u.split("/")[2] != host})


@pytest.fixture
def watched(browser):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    watched = Watched(page)
    yield watched
    context.close()


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def serious_axe_violations(page, selector=None):
    """axe-core's serious or critical violations on the page (or inside ``selector``)."""
    page.add_script_tag(path=str(AXE))
    context = selector or "document"
    violations = page.evaluate(
        f"""async () => {{
            const context = {context if selector is None else f"document.querySelector({selector!r})"};
            const result = await axe.run(context, {{ resultTypes: ["violations"] }});
            return result.violations
                .filter(v => v.impact === "serious" || v.impact === "critical")
                .map(v => ({{ id: v.id, impact: v.impact, help: v.help,
                              nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ")) }}));
        }}"""
    )
    return violations


# ---- cells and exercises, used as a reader uses them
READY_MS = 60_000  # a cold Pyodide start on a loaded 2-core machine
FINISHED = ["done", "error", "stopped", "failed"]


def cell(page, index=0):
    return page.locator(".book-cell").nth(index)


def wait_state(locator, states, timeout=READY_MS):
    locator.page.wait_for_function(
        "([el, states]) => states.includes(el.dataset.state)",
        arg=[locator.element_handle(), states],
        timeout=timeout,
    )


def set_code(page, target, code):
    """Replace a cell's code by typing, as a reader would."""
    editor = target.locator(".cm-content")
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)  # as a paste: no auto-indent on top of the code's own


def run(target):
    target.get_by_role("button", name="Run").click()
    wait_state(target, FINISHED)


def eventually(page, script, arg=None, timeout=180):
    """Poll an async page function until it returns true (wait_for_function takes a Promise
    for a true value: it does not wait for what the Promise gives)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"timed out waiting for: {script}"
        page.wait_for_timeout(250)


def python_starts(page):
    """How many times this page has started a Python worker."""
    return page.evaluate("performance.getEntriesByName('book-python-start').length")


def answers_while_python_is_busy(page, other):
    """While Python is busy in its worker, the page still answers the reader: typing into the
    cell ``other`` shows the text there, and its Reset brings the book's code back. (Were
    Python on the page's main thread, neither would happen until it stopped. How long the main
    thread waits meanwhile is measured in bench/bench_cells.py, not asserted here.)"""
    editor = other.locator(".cm-content")
    book_code = editor.inner_text()
    typed = "print('typed while Python was busy')"
    set_code(page, other, typed)
    page.wait_for_function("([el, text]) => el.innerText === text", arg=[editor.element_handle(), typed])
    other.get_by_role("button", name="Reset").click()
    page.wait_for_function("([el, text]) => el.innerText === text", arg=[editor.element_handle(), book_code])


# The last number a cell's output shows (printed one a line), or 0.
LAST_NUMBER = """el => {
    const numbers = el.querySelector('.book-cell__output').textContent.split('\\n').filter((line) => /^\\d+$/.test(line));
    return numbers.length ? Number(numbers[numbers.length - 1]) : 0;
}"""


def flood_then_stop(page, target):
    """Run the page's first cell (``target``) with code that prints without end: the page
    answers the reader meanwhile, the output keeps its head and its latest tail with a note
    between, Stop ends it, and a normal run follows."""
    run(target)
    set_code(page, target, "i = 0\nwhile True:\n    i += 1\n    print(i)")
    target.get_by_role("button", name="Run").click()
    wait_state(target, ["running"])
    page.wait_for_function("el => el.querySelector('.book-cell__cut').textContent.includes('left out here')",
                           arg=target.element_handle(), timeout=READY_MS)
    # it keeps printing past the cut, and the tail follows: the last number shown doubles
    past = page.evaluate(LAST_NUMBER, target.element_handle())
    page.wait_for_function(f"([el, past]) => ({LAST_NUMBER})(el) >= 2 * past", arg=[target.element_handle(), past],
                           timeout=READY_MS)
    answers_while_python_is_busy(page, cell(page, 1))
    output = target.locator(".book-cell__output")
    text = output.inner_text()
    assert text.startswith("1\n2\n3\n") and len(text) < 70_000, len(text)
    starts = python_starts(page)
    target.get_by_role("button", name="Stop").click()
    wait_state(target, ["stopped"])  # how fast: bench/bench_cells.py measures it
    if page.evaluate("crossOriginIsolated"):  # Stop interrupts Python: the same worker goes on
        assert python_starts(page) == starts, "Stop ended the worker instead of interrupting Python"
    else:  # Stop can only end the worker: a new one starts
        assert python_starts(page) == starts + 1
    assert output.inner_text().rstrip().endswith("Stopped.")
    # the tail is the last lines printed: consecutive numbers just before Stop
    tail = [int(line) for line in output.inner_text().splitlines() if line.isdigit()][-5:]
    assert tail == list(range(tail[0], tail[0] + 5)), tail
    target.get_by_role("button", name="Reset").click()
    run(target)
    assert target.get_attribute("data-matches") == "true"


# ---- moving between pages as a reader does, with Material's instant navigation
# A click on the navigation's link to ``url``, again until Material takes it: it intercepts a
# link once it has read the sitemap, a moment after a full load. A click it did not take is
# cancelled here, after Material has seen it, so it loads nothing; the 500th goes through (a
# full load, which arrive() reports). Resolves once a click was taken.
CLICK_UNTIL_TAKEN = """url => new Promise((done) => {
    const link = [...document.querySelectorAll("a.md-nav__link")].find((a) => a.href === url);
    let tries = 0;
    const click = () => {
        tries += 1;
        window.addEventListener("click", (event) => {
            if (event.defaultPrevented || tries >= 500) return done();
            event.preventDefault();
            setTimeout(click, 20);
        }, { once: true });
        link.click();
    };
    window.bookSameDocument = true;
    click();
})"""


def follow_link(page, url):
    """Click the navigation's link to ``url`` and wait until its page has replaced this one,
    leaving a mark that only a full load would wipe: True when none happened."""
    page.wait_for_function("performance.getEntriesByType('resource').some((e) => e.name.endsWith('/sitemap.xml'))")
    leave(page)
    page.evaluate(CLICK_UNTIL_TAKEN, url)
    at(page, url)
    return arrive(page)


def at(page, url):
    """Wait until the page shows ``url`` (navigation.tracking may have added a #section)."""
    page.wait_for_url(lambda now: now.split("#")[0] == url, wait_until="commit")


def leave(page):
    """Mark the cells on the page now, so that arriving can tell them from the next page's.
    (The address changes before Material swaps the content: a cell found in between is
    the old page's, and is detached a moment later.)"""
    page.evaluate(
        "() => document.querySelectorAll('.book-cell, .book-exercise')"
        ".forEach((el) => el.setAttribute('data-book-left', ''))"
    )


def arrive(page):
    """Wait until the old page's cells are gone and the new page's have mounted; True when
    no full load happened on the way."""
    page.wait_for_function(
        """() => !document.querySelector("[data-book-left]")
            && document.querySelector(".book-cell[data-mounted], .book-exercise[data-mounted]")"""
    )
    return page.evaluate("window.bookSameDocument === true")
