"""How the build runs torch: AVX2 kernels on any machine (bookengine/cpu_kernels.py), and a warm
parent that forks with one thread (bookengine/zygote.py)."""

import os

from bookengine.cpu_kernels import AVX2_KERNELS, use_avx2_kernels
from bookengine.runner import WarmParent, task


def test_the_warm_parents_children_run_the_avx2_kernels(tmp_path, monkeypatch):
    for name in AVX2_KERNELS:  # the tests' own process sets them (conftest.py): the runner must too
        monkeypatch.delenv(name, raising=False)
    code = "import torch\nprint(torch.backends.cpu.get_cpu_capability())\n"
    parent = WarmParent()
    try:
        message = task(tmp_path / "probe.py", [[1, code]], timeout=60, memory_mb=4096, sys_path=[tmp_path])
        message["id"] = "probe"
        results = dict(parent.run([message], jobs=1))
    finally:
        parent.close()
    assert results["probe"]["error"] is None, results
    assert results["probe"]["chunks"][0]["out"] == "AVX2\n", results


def test_a_variable_already_set_is_kept():
    environ = use_avx2_kernels({"ATEN_CPU_CAPABILITY": "default"})
    assert environ == {"ATEN_CPU_CAPABILITY": "default", "ONEDNN_MAX_CPU_ISA": "AVX2"}


def test_the_warm_parent_has_one_thread_when_it_forks(monkeypatch):
    """Its warm-up runs torch operations (a seed, a tensor printed): none may start a thread pool, or
    forked children could hang.  (With OMP_NUM_THREADS above 1, numpy's OpenBLAS starts its own
    threads when imported; it re-creates them in a forked child itself.)"""
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)  # the runner's own default then: 1
    parent = WarmParent()
    try:
        parent._ensure_ready()
        threads = os.listdir(f"/proc/{parent.process.pid}/task")
    finally:
        parent.close()
    assert len(threads) == 1, threads
