"""`mkdocs serve`: an edit re-runs only the edited snippet, failures show in the page,
the server keeps serving, and stopping it leaves no warm parent behind."""

import re
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from bookproject import MKDOCS_YML_WITH_MATH, PYTHON, base_env

WAIT = 60.0


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as exc:
        return None, str(exc)


def wait_for(predicate, what, log=None, timeout=WAIT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    tail = log.read_text()[-4000:] if log and log.exists() else ""
    raise AssertionError(f"timed out waiting for {what}\n--- server log ---\n{tail}")


def children(pid):
    """(pid, cmdline) of the live, non-zombie direct children of ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        state, ppid = fields[0], int(fields[1])
        if ppid == pid and state != "Z":
            found.append((int(entry.name), cmdline))
    return found


def alive(pid):
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2 :].split()[0] != "Z"


def zygote_pids():
    proc = subprocess.run(["pgrep", "-f", "bookengine.zygote"], capture_output=True, text=True, check=False)
    return {int(pid) for pid in proc.stdout.split()}


@pytest.fixture
def server(project, tmp_path):
    project.snippet("s/one.py", 'print("one")\n', golden="one\n")
    project.snippet("s/two.py", 'print("two")\n', golden="two\n")
    project.page("# Home\n\n{{ snippet s/one.py }}\n\n{{ snippet s/two.py }}\n")
    port = free_port()
    log = tmp_path / "serve.log"
    handle = log.open("w")
    proc = subprocess.Popen(
        [PYTHON, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}", "-f", str(project.root / "mkdocs.yml")],
        cwd=project.root,
        env=base_env(PYTHONUNBUFFERED="1"),
        stdout=handle,
        stderr=subprocess.STDOUT,
    )
    try:
        yield project, proc, f"http://127.0.0.1:{port}/", log
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
        handle.close()


def verified_lines(log):
    return re.findall(r"verified \d+ snippet\(s\)[^\n]*", log.read_text())


def test_serve_reruns_the_edited_snippet_and_shows_failures(server):
    project, proc, url, log = server
    wait_for(lambda: fetch(url)[0] == 200 and "verified" in log.read_text(), "the first build", log)
    _, page = fetch(url)
    assert "one" in page and "two" in page and "snippet-failure" not in page
    seen = len(verified_lines(log))

    # The warm parent was started by the server.
    zygote = wait_for(
        lambda: [pid for pid, cmd in children(proc.pid) if "bookengine.zygote" in cmd], "the warm parent", log
    )[0]

    # An edit that changes nothing printed: only that snippet runs.
    project.snippet("s/one.py", '# reworded\nprint("one")\n')
    wait_for(lambda: len(verified_lines(log)) > seen, "a rebuild after the edit", log)
    line = verified_lines(log)[seen]
    # e.g. "verified 2 snippet(s): 1 from the cache, 1 run in 0.05 s (s/one.py)"
    assert re.search(
        r"verified 2 snippet\(s\)[^:]*: 1 (run\(s\) )?from the cache, 1 run in [\d.]+ s \(s/one\.py\)(;|$)", line
    ), line
    seen = len(verified_lines(log))

    # Now it raises: the page shows the failure box and the server keeps serving.
    project.snippet("s/one.py", 'x = 1\nraise RuntimeError("broken on purpose")\n')
    wait_for(lambda: len(verified_lines(log)) > seen, "a rebuild after the breaking edit", log)

    def failure_page():
        status, text = fetch(url)
        return text if status == 200 and "snippet-failure" in text else None

    page = wait_for(failure_page, "the failure box", log)
    assert "broken on purpose" in page
    assert "snippets/s/one.py:2" in page
    assert proc.poll() is None
    assert fetch(url)[0] == 200
    assert "s/one.py:2: unexpected RuntimeError: broken on purpose" in log.read_text()

    # The same warm parent served every rebuild.
    assert alive(zygote)
    grandchildren = [pid for pid, _ in children(zygote)]

    proc.terminate()
    proc.wait(timeout=15)
    wait_for(lambda: not alive(zygote), "the warm parent to exit", log, timeout=15)
    assert not any(alive(pid) for pid in grandchildren)
    assert zygote not in zygote_pids()


def test_serve_renders_math_with_one_katex_process_for_the_whole_session(project, tmp_path):
    project.write("mkdocs.yml", MKDOCS_YML_WITH_MATH)
    (project.root / "node_modules").symlink_to(Path(__file__).resolve().parents[1] / "node_modules")
    project.page("# Home\n\nFirst $a^2$.\n")
    port = free_port()
    log = tmp_path / "serve.log"
    url = f"http://127.0.0.1:{port}/"
    with log.open("w") as handle:
        proc = subprocess.Popen(
            [PYTHON, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}", "-f", str(project.root / "mkdocs.yml")],
            cwd=project.root, env=base_env(PYTHONUNBUFFERED="1"), stdout=handle, stderr=subprocess.STDOUT,
        )
        try:
            wait_for(lambda: fetch(url)[0] == 200 and "katex-mathml" in fetch(url)[1], "the first build", log)
            katex = wait_for(lambda: [pid for pid, cmd in children(proc.pid) if "katex" in cmd], "the KaTeX process", log)

            project.page("# Home\n\nFirst $a^2$, then $b_1$ and a broken $\\frac{1}{$.\n")
            page = wait_for(lambda: "katex-error" in fetch(url)[1] and fetch(url)[1], "the rebuilt page", log)
            assert page.count('<span class="katex">') == 2 and "\\frac{1}{</span>" in page
            assert "docs/index.md:3: KaTeX cannot render the formula $\\frac{1}{$" in log.read_text()
            assert "1 math problem(s); the pages show them; the server keeps running" in log.read_text()
            assert [pid for pid, cmd in children(proc.pid) if "katex" in cmd] == katex  # the same one
        finally:
            proc.terminate()
            proc.wait(timeout=15)
    wait_for(lambda: not alive(katex[0]), "the KaTeX process to exit", log, timeout=15)
