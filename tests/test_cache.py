"""The content-addressed run cache: keys, hits, misses, and corrupt entries."""

import json
import re

import pytest
from bookproject import base_env, parse_table

import bookengine
import bookengine.cache as cache_module
from bookengine.cache import RunCache, cache_key, environment_fingerprint

# ---- unit: cache_key ----------------------------------------------------------------------


@pytest.fixture
def fingerprint():
    return environment_fingerprint()


def test_fingerprint_fields(fingerprint):
    assert set(fingerprint) == {"engine", "python", "torch", "matplotlib", "device"}
    assert fingerprint["engine"] == bookengine.ENGINE_VERSION
    assert fingerprint["torch"] != "absent"
    assert fingerprint["device"] == "cpu"


def test_key_is_stable(fingerprint):
    modules = {"/a/_lib/x.py": "X = 1\n", "/a/_lib/y.py": "Y = 2\n"}
    reordered = dict(reversed(list(modules.items())))
    assert cache_key("print(1)\n", modules, fingerprint) == cache_key(
        "print(1)\n", reordered, dict(fingerprint)
    )


def test_key_changes_with_the_source(fingerprint):
    assert cache_key("print(1)\n", {}, fingerprint) != cache_key("print(2)\n", {}, fingerprint)


def test_key_changes_with_a_local_module(fingerprint):
    base = cache_key("import h\n", {"/p/h.py": "X = 1\n"}, fingerprint)
    assert base != cache_key("import h\n", {"/p/h.py": "X = 2\n"}, fingerprint)
    assert base != cache_key("import h\n", {}, fingerprint)
    assert base != cache_key("import h\n", {"/p/g.py": "X = 1\n"}, fingerprint)


@pytest.mark.parametrize("field", ["engine", "python", "torch", "matplotlib", "device"])
def test_key_changes_with_each_fingerprint_field(fingerprint, field):
    changed = dict(fingerprint, **{field: "something-else"})
    assert cache_key("x = 1\n", {}, fingerprint) != cache_key("x = 1\n", {}, changed)


def test_engine_version_reaches_the_key(monkeypatch, fingerprint):
    before = cache_key("x = 1\n", {}, environment_fingerprint())
    monkeypatch.setattr(cache_module, "ENGINE_VERSION", bookengine.ENGINE_VERSION + "-next")
    after_fp = environment_fingerprint()
    assert after_fp["engine"] == bookengine.ENGINE_VERSION + "-next"
    assert cache_key("x = 1\n", {}, after_fp) != before


def test_torch_version_reaches_the_key(monkeypatch):
    before = environment_fingerprint()
    real = cache_module.metadata.version

    def fake_version(name):
        return "0.0.0-fake" if name == "torch" else real(name)

    monkeypatch.setattr(cache_module.metadata, "version", fake_version)
    after = environment_fingerprint()
    assert after["torch"] == "0.0.0-fake"
    assert cache_key("x = 1\n", {}, before) != cache_key("x = 1\n", {}, after)


def test_book_keys_follow_the_fingerprint(tmp_path, monkeypatch):
    from bookengine.engine import Book

    snippets = tmp_path / "snippets" / "c"
    snippets.mkdir(parents=True)
    (snippets / "a.py").write_text("print(1)\n")
    key = Book(tmp_path).prepare([snippets / "a.py"])["c/a.py"].key
    assert Book(tmp_path).prepare([snippets / "a.py"])["c/a.py"].key == key
    monkeypatch.setattr(cache_module, "ENGINE_VERSION", "changed")
    assert Book(tmp_path).prepare([snippets / "a.py"])["c/a.py"].key != key


# ---- unit: RunCache -----------------------------------------------------------------------

KEY = "ab" + "0" * 62
RESULT = {"status": "ok", "chunks": [{"out": "hello\n", "figures": []}], "error": None, "seconds": 0.1}


def test_get_missing_is_none(tmp_path):
    assert RunCache(tmp_path / "c").get(KEY) is None


def test_put_then_get(tmp_path):
    cache = RunCache(tmp_path / "c")
    cache.put(KEY, RESULT)
    assert cache.get(KEY) == RESULT
    files = sorted(p.relative_to(tmp_path).as_posix() for p in (tmp_path / "c").rglob("*") if p.is_file())
    assert files == [f"c/ab/{KEY}.json"]  # no temporary file left behind


def test_a_cache_is_empty_until_a_run_is_put(tmp_path):
    cache = RunCache(tmp_path / "c")
    assert cache.is_empty()  # the folder does not exist yet
    (tmp_path / "c" / "ab").mkdir(parents=True)
    assert cache.is_empty()  # a folder, no entry
    cache.put(KEY, RESULT)
    assert not cache.is_empty()


def test_put_overwrites(tmp_path):
    cache = RunCache(tmp_path / "c")
    cache.put(KEY, RESULT)
    cache.put(KEY, dict(RESULT, seconds=2.0))
    assert cache.get(KEY)["seconds"] == 2.0


def entry_path(tmp_path):
    return tmp_path / "c" / "ab" / f"{KEY}.json"


def test_digest_mismatch_is_discarded(tmp_path):
    cache = RunCache(tmp_path / "c")
    cache.put(KEY, RESULT)
    path = entry_path(tmp_path)
    entry = json.loads(path.read_text())
    entry["payload"] = entry["payload"].replace("hello", "hellO")
    path.write_text(json.dumps(entry))
    assert cache.get(KEY) is None
    assert not path.exists()


def test_truncated_entry_is_discarded(tmp_path):
    cache = RunCache(tmp_path / "c")
    cache.put(KEY, RESULT)
    path = entry_path(tmp_path)
    path.write_bytes(path.read_bytes()[:40])
    assert cache.get(KEY) is None
    assert not path.exists()


def test_entry_for_another_key_is_discarded(tmp_path):
    cache = RunCache(tmp_path / "c")
    other = "ab" + "1" * 62
    cache.put(other, RESULT)
    entry_path(tmp_path).write_text((tmp_path / "c" / "ab" / f"{other}.json").read_text())
    assert cache.get(KEY) is None
    assert cache.get(other) == RESULT


def test_entry_without_payload_is_discarded(tmp_path):
    cache = RunCache(tmp_path / "c")
    path = entry_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"key": KEY, "digest": "x"}))
    assert cache.get(KEY) is None
    assert not path.exists()


# ---- end to end through build_figures.py --------------------------------------------------

LEDGER_CODE = """
import os
with open(os.environ["BOOK_TEST_LEDGER"], "a") as ledger:
    ledger.write("{name}\\n")
print("{name}")
"""


@pytest.fixture(scope="module")
def cached(module_project_factory, tmp_path_factory):
    """Runs of one project in order; each snippet notes every execution in a ledger outside it."""
    project = module_project_factory("cache")
    ledger = tmp_path_factory.mktemp("ledger") / "ledger.txt"
    ledger.write_text("")
    env = base_env(BOOK_TEST_LEDGER=str(ledger))
    project.snippet("c/one.py", LEDGER_CODE.format(name="one"))
    project.snippet(
        "c/two.py",
        "from _lib.helper import shout\n" + LEDGER_CODE.format(name="two") + "print(shout('two'))\n",
    )
    project.snippet("c/three.py", LEDGER_CODE.format(name="three"))
    project.snippet("_lib/helper.py", "def shout(text):\n    return text.upper()\n")
    project.page("# Home\n\n{{ snippet c/one.py }}\n\n{{ snippet c/two.py }}\n\n{{ snippet c/three.py }}\n")

    runs = []

    def step(name):
        mark = len(ledger.read_text().split())
        flags = ("--update",) if name == "first" else ()
        result = project.build_figures(*flags, env=env)
        ran = ledger.read_text().split()[mark:]
        runs.append((name, result, sorted(ran)))

    step("first")
    step("again")
    project.snippet("c/one.py", "# an edit that changes nothing printed\n" + LEDGER_CODE.format(name="one"))
    step("edit-snippet")
    project.snippet("_lib/helper.py", "def shout(text):\n    '''Louder.'''\n    return text.upper()\n")
    step("edit-helper")
    three = project.cache_entry("c/three.py")
    three.write_bytes(three.read_bytes()[: len(three.read_bytes()) // 2])  # truncated
    one = project.cache_entry("c/one.py")
    entry = json.loads(one.read_text())
    payload = entry["payload"]
    position = payload.index('"one')
    entry["payload"] = payload[: position + 1] + "0" + payload[position + 2 :]  # one flipped character
    one.write_text(json.dumps(entry))
    step("corrupt")
    step("after-corrupt")
    return {name: (result, ran) for name, result, ran in runs}


def cache_column(result):
    return {rel: row.cache for rel, row in parse_table(result.stdout).items()}


def test_first_run_misses_and_runs_everything(cached):
    result, ran = cached["first"]
    assert result.returncode == 0, result
    assert cache_column(result) == {"c/one.py": "miss", "c/two.py": "miss", "c/three.py": "miss"}
    assert ran == ["one", "three", "two"]


def test_second_run_is_all_hits_and_runs_nothing(cached):
    result, ran = cached["again"]
    assert result.returncode == 0, result
    assert cache_column(result) == {"c/one.py": "hit", "c/two.py": "hit", "c/three.py": "hit"}
    assert ran == []  # (how much faster that is: bench/bench_build.py's noop build)


def test_editing_a_snippet_reruns_only_it(cached):
    result, ran = cached["edit-snippet"]
    assert result.returncode == 0, result
    assert cache_column(result) == {"c/one.py": "miss", "c/two.py": "hit", "c/three.py": "hit"}
    assert ran == ["one"]


def test_editing_a_local_module_reruns_its_importers(cached):
    result, ran = cached["edit-helper"]
    assert result.returncode == 0, result
    assert cache_column(result) == {"c/one.py": "hit", "c/two.py": "miss", "c/three.py": "hit"}
    assert ran == ["two"]


def test_corrupt_entries_are_discarded_and_rerun(cached):
    result, ran = cached["corrupt"]
    assert result.returncode == 0, result
    assert cache_column(result) == {"c/one.py": "miss", "c/two.py": "hit", "c/three.py": "miss"}
    assert ran == ["one", "three"]
    assert re.search(r"\n3 snippet\(s\),.* 0 problem\(s\)", result.stdout), result


def test_rerun_entries_are_cached_again(cached):
    result, ran = cached["after-corrupt"]
    assert result.returncode == 0, result
    assert set(cache_column(result).values()) == {"hit"}
    assert ran == []
