"""booktorch's parity programs under Pyodide itself (its Python 3.14, in Node), against booktorch
under this machine's CPython, which tests/teaching proves prints what torch prints: so the
browser prints what torch prints for every dtype and every spelling of the API, not only for
the book's own cells (tests/test_pyodide_cells.py)."""

import io
import json
import re
import subprocess
import sys
import traceback
import warnings
from contextlib import redirect_stdout
from pathlib import Path

from bookengine.wheel import build_wheel

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "teaching"))
sys.path.insert(0, str(ROOT / "browser" / "py"))

import booktorch  # noqa: E402
from test_surface_coverage import parity_programs  # noqa: E402

SAMPLE = ("test_parity_dtypes", "test_parity_api", "test_parity_unit", "test_parity_random", "test_parity_factories",
          "test_parity_indexing", "test_parity_join", "test_parity_autograd", "test_parity_linalg",
          "test_parity_math", "test_parity_math_reductions", "test_parity_softmax", "test_parity_nn",
          "test_parity_optim", "test_parity_einsum", "test_parity_arguments", "test_parity_data",
          "test_parity_sampling", "test_parity_nn_lookup", "test_parity_legacy", "test_parity_serialization",
          "test_parity_last_bits", "test_parity_conv", "test_parity_math_more", "test_parity_nn_utils",
          "test_parity_broadcast_views")


# Pyodide's Python (3.13+) appends a suggestion to the TypeError of a Python function called with a
# misspelt keyword ("got an unexpected keyword argument 'keepdims'. Did you mean 'keepdim'?"), as it
# does for torch's own Python functions there (Tensor.norm, torch.split...); the book's CPython 3.11 does not.
_SUGGESTION = re.compile(r"(unexpected keyword argument '\w+')\. Did you mean '\w+'\?")


def _cpython(source):
    """What browser/test/pyodide-cells.mjs's run_cell returns, under CPython."""
    out = io.StringIO()
    namespace = {"__name__": "__main__", "torch": booktorch}
    with redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exec(compile(source, "cell 1", "exec"), namespace)
        except BaseException as exc:  # noqa: BLE001 - compared like the cell runner does
            out.write("".join(traceback.format_exception_only(type(exc), exc)))
    return out.getvalue()


def test_parity_programs_print_the_same_in_pyodide(tmp_path):
    programs = {name: source for name, source in parity_programs() if name.split("::")[0] in SAMPLE}
    assert len(programs) > 150
    name, wheel = build_wheel(ROOT / "browser" / "py")
    (tmp_path / name).write_bytes(wheel)
    # each program is a page of one cell; in the browser the program imports torch itself
    pages = {page: ["import torch\n" + source] for page, source in programs.items()}
    (tmp_path / "pages.json").write_text(json.dumps(pages), encoding="utf-8")
    with open(tmp_path / "pages.json", encoding="utf-8") as stdin:  # a file, not a pipe: node reads it whole
        proc = subprocess.run(["node", "browser/test/pyodide-cells.mjs", str(tmp_path / name)], stdin=stdin,
                              cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    results = json.loads(proc.stdout)
    default = booktorch.get_default_dtype()
    differing = []
    for page, source in programs.items():
        expected = _cpython(source)
        booktorch.set_default_dtype(default)
        booktorch.set_printoptions(profile="default")
        if _SUGGESTION.sub(r"\1", results[page][0]) != expected:
            differing.append(f"{page}:\n--- pyodide\n{results[page][0][-1500:]}\n--- cpython\n{expected[-1500:]}")
    assert not differing, f"{len(differing)} programs print differently in Pyodide:\n" + "\n".join(differing[:3])
