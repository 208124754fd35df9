"""The build's snippets run torch's AVX2 kernels on any machine (bookengine/cpu_kernels.py)."""

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
