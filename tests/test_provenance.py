"""GPU pre-renders: committed data with provenance, staleness, the CPU-only state, the status page."""

import datetime
import json
import shutil
from pathlib import Path

import pytest

from bookengine.engine import Book
from bookengine.measure import read_measurement, write_measurement

GPU_SNIPPET = """\
#| device: cuda
import torch

x = torch.ones(256, 256, device="cuda")
DATA = {"sizes": [64, 128], "seconds": [0.001, 0.002]}
print("measured on", torch.cuda.get_device_name())
"""

DRAWING = """\
#| uses: g/speed_gpu.py
import matplotlib.pyplot as plt
from measured import gpu_data

gpu = gpu_data("g/speed_gpu.py")
fig, ax = plt.subplots(figsize=(3, 2))
ax.plot([64, 128], [0.01, 0.04], color="C0", label="CPU")
if gpu is None:
    print("GPU series: not measured yet, so the figure shows the CPU alone.")
else:
    ax.plot(gpu["sizes"], gpu["seconds"], color="C1", label="GPU")
    print("GPU series: measured on", len(gpu["sizes"]), "sizes.")
ax.legend()
"""

PAGE = """\
# Speed

{{ snippet g/speed_gpu.py }}

{{ snippet g/speed.py alt="Time against size: the CPU line, and the GPU line when measured" }}
"""


@pytest.fixture
def gpu_project(project):
    helper = Path(__file__).resolve().parent.parent / "snippets" / "_lib" / "measured.py"
    project.write("snippets/_lib/measured.py", helper.read_text(encoding="utf-8"))
    project.snippet("g/speed_gpu.py", GPU_SNIPPET)
    project.snippet("g/speed.py", DRAWING)
    project.page(PAGE)
    return project


def measure_by_hand(project, when=datetime.date(2026, 11, 1)):
    """What `build_figures.py --device cuda` writes, with the run's result made up here
    (this machine has no GPU); the provenance hashes are the real ones."""
    book = Book(project.root)
    outcome = book.prepare([book.snippets_dir / "g/speed_gpu.py"])["g/speed_gpu.py"]
    result = {
        "chunks": [{"out": "measured on Test GPU 80GB\n", "figures": []}],
        "data": {"sizes": [64, 128], "seconds": [0.001, 0.002]},
        "environment": {"torch": "2.13.0+cu130", "cuda": "13.0", "gpu": "Test GPU 80GB"},
        "seconds": 1.5,
    }
    return write_measurement(outcome.snippet, outcome.modules, result, "0123456789abcdef", today=when)


def test_unmeasured_gpu_snippet_shows_the_cpu_series_and_says_so_in_one_line(gpu_project):
    assert gpu_project.build_figures("--update").returncode == 0
    result = gpu_project.mkdocs_build()
    assert result.returncode == 0, result
    html = gpu_project.site("index.html").read_text(encoding="utf-8")
    assert "has not been measured on one yet" in html
    assert "GPU series: not measured yet, so the figure shows the CPU alone." in html
    status = gpu_project.site("build-status/index.html").read_text(encoding="utf-8")
    assert "not measured yet" in status


def test_measured_data_is_shown_with_its_provenance_and_redraws_the_figure(gpu_project):
    assert gpu_project.build_figures("--update").returncode == 0
    assert gpu_project.mkdocs_build().returncode == 0
    first_svg = gpu_project.site("figures/g/speed-1-light.svg").read_bytes()
    measure_by_hand(gpu_project)
    # the drawing's key covers the committed data, so it re-runs; its golden moves
    stale = gpu_project.mkdocs_build()
    assert stale.returncode == 1 and "snippets/g/speed.out" in stale.output
    assert gpu_project.build_figures("--update").returncode == 0
    result = gpu_project.mkdocs_build()
    assert result.returncode == 0, result
    html = gpu_project.site("index.html").read_text(encoding="utf-8")
    assert "measured on Test GPU 80GB" in html
    assert "Measured on Test GPU 80GB with torch 2.13.0+cu130 and CUDA 13.0, on 2026-11-01, at commit 0123456789ab." in html
    assert "GPU series: measured on 2 sizes." in html
    assert gpu_project.site("figures/g/speed-1-light.svg").read_bytes() != first_svg
    status = gpu_project.site("build-status/index.html").read_text(encoding="utf-8")
    assert "Test GPU 80GB, torch 2.13.0+cu130, 2026-11-01" in status and "measured" in status


def test_figures_are_reproduced_byte_for_byte_from_committed_data(gpu_project):
    measure_by_hand(gpu_project)
    assert gpu_project.build_figures("--update").returncode == 0
    svgs = []
    for _ in range(2):
        shutil.rmtree(gpu_project.cache_dir, ignore_errors=True)  # a clean build each time
        assert gpu_project.mkdocs_build().returncode == 0
        svgs.append([gpu_project.site(f"figures/g/speed-1-{v}.svg").read_bytes() for v in ("light", "dark")])
    assert svgs[0] == svgs[1]


def test_a_changed_gpu_snippet_makes_its_data_stale_and_the_strict_build_names_it(gpu_project):
    measure_by_hand(gpu_project)
    assert gpu_project.build_figures("--update").returncode == 0
    assert gpu_project.mkdocs_build().returncode == 0
    path = gpu_project.path("snippets/g/speed_gpu.py")
    path.write_text(path.read_text() + "print('one more line')\n")
    result = gpu_project.mkdocs_build()
    assert result.returncode == 1
    assert "snippets/g/speed_gpu.py" in result.output and "stale" in result.output
    assert "--device cuda --only g/speed_gpu.py" in result.output
    check = gpu_project.build_figures()
    assert check.returncode == 1 and "stale" in check.output
    lenient = gpu_project.mkdocs_build(strict=False)
    status = gpu_project.site("build-status/index.html").read_text(encoding="utf-8")
    assert lenient.returncode == 0 and ">stale<" in status


def test_a_change_to_a_module_the_gpu_snippet_imports_also_makes_it_stale(gpu_project):
    gpu_project.write("snippets/g/gpu_helper.py", "SIZE = 256\n")
    gpu_project.snippet("g/speed_gpu.py", "import gpu_helper\n" + GPU_SNIPPET.replace("#| device: cuda\n", ""))
    path = gpu_project.path("snippets/g/speed_gpu.py")
    path.write_text("#| device: cuda\n" + path.read_text())
    measure_by_hand(gpu_project)
    book = Book(gpu_project.root)
    outcome = book.prepare([book.snippets_dir / "g/speed_gpu.py"])["g/speed_gpu.py"]
    assert read_measurement(outcome.snippet, outcome.modules)[1] is None
    gpu_project.write("snippets/g/gpu_helper.py", "SIZE = 512\n")
    outcome = book.prepare([book.snippets_dir / "g/speed_gpu.py"])["g/speed_gpu.py"]
    assert "module" in read_measurement(outcome.snippet, outcome.modules)[1]


def test_the_data_file_records_provenance(gpu_project):
    path = measure_by_hand(gpu_project)
    record = json.loads(path.read_text())
    provenance = record["provenance"]
    assert record["data"] == {"sizes": [64, 128], "seconds": [0.001, 0.002]}
    for key in ("snippet_sha256", "modules_sha256", "torch", "cuda", "gpu", "date", "commit", "seconds"):
        assert key in provenance
    assert provenance["modules_sha256"] == {}


def test_measuring_needs_a_gpu(gpu_project):
    result = gpu_project.build_figures("--device", "cuda")
    assert result.returncode == 2
    assert "needs a machine where torch sees a CUDA GPU" in result.output
