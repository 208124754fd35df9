"""booktorch.install_as_torch(): ``import torch`` and every ``torch.*`` import resolve to booktorch's own
modules, and whatever booktorch or the browser lacks raises booktorch's "not available in the browser"
error, never ModuleNotFoundError or ImportError. Each check runs in a fresh interpreter, as a page's
worker does (Pyodide itself runs the same in tests/test_pyodide_cells.py)."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[2] / "browser" / "py"

RUNNER = textwrap.dedent("""
    import json, sys, traceback
    {before}
    import booktorch
    booktorch.install_as_torch()
    results = []
    for src in json.loads(sys.argv[1]):
        namespace = {{}}
        try:
            exec(src, namespace)
            results.append(["ok", namespace.get("out")])
        except BaseException as exc:
            results.append([type(exc).__name__, "".join(traceback.format_exception_only(type(exc), exc)).strip()])
    print(json.dumps(results))
""")


def run(sources, before=""):
    code = RUNNER.format(before=before)
    env = dict(os.environ, PYTHONPATH=str(PKG))
    proc = subprocess.run([sys.executable, "-c", code, json.dumps(sources)], capture_output=True, text=True,
                          env=env, check=True)
    return json.loads(proc.stdout)


SAME_MODULES = [
    "import torch, booktorch; out = torch is booktorch",
    "import torch.autograd, booktorch.autograd; out = torch.autograd is booktorch.autograd",
    "from torch.autograd import grad, backward; import booktorch; out = grad is booktorch.autograd.grad",
    "import torch.cuda; out = (torch.cuda.is_available(), torch.cuda.device_count())",
    "from torch.backends import mps; out = mps.is_available()",
    "import torch.backends.mps as m, booktorch.backends.mps; out = m is booktorch.backends.mps",
    "from torch import no_grad, float16; import booktorch; out = no_grad is booktorch.no_grad",
    "import sys, torch.autograd; out = sys.modules['torch.autograd'].__name__",
]


@pytest.mark.parametrize("before", ["", "import torch, torch.nn.functional  # real torch imported first"])
def test_torch_names_resolve_to_booktorch_modules(before):
    results = run(SAME_MODULES, before)
    assert [r[0] for r in results] == ["ok"] * len(SAME_MODULES), results
    assert [r[1] for r in results] == [True, True, True, [False, 0], False, True, True, "booktorch.autograd"]


MISSING = {
    "import torch.fft": "torch.fft",
    "from torch.utils.tensorboard import SummaryWriter": "torch.utils.tensorboard",
    "from torch.utils.data.dataset import Dataset": "torch.utils.data.dataset",
    "import torch.distributions.normal as N": "torch.distributions.normal",
    "from torch import fft": "torch.fft",
    "from torch.autograd import missing_name": "torch.autograd.missing_name",
    "from torch.cuda import amp": "torch.cuda.amp",
    "import torch; torch.fft": "torch.fft",
    "import numpy as np": "numpy",
    "import matplotlib.pyplot as plt": "matplotlib.pyplot",
    "from sklearn.datasets import make_moons": "sklearn.datasets",
    "import torchvision": "torchvision",
}


def test_what_booktorch_lacks_raises_booktorch_error():
    results = run(list(MISSING))
    for (src, name), (kind, text) in zip(MISSING.items(), results):
        assert kind == "NotInBrowserError", (src, text)
        assert text.startswith(f"booktorch.errors.NotInBrowserError: {name} is not available in the browser"), (
            src, text)


def test_real_torch_submodules_are_not_reachable_after_install():
    """In the build's child real torch is already imported; its torch.* entries must not leak through."""
    results = run(["import torch.sparse", "import torch.fft", "import torch; out = torch.__name__"],
                  before="import torch, torch.fft, torch.sparse")
    assert [r[0] for r in results] == ["NotInBrowserError", "NotInBrowserError", "ok"]
    assert results[2][1] == "booktorch"


def test_modules_already_imported_stay_importable():
    """A package that is really there (imported before) is not hidden: only absent ones are refused."""
    results = run(["import json; out = json.dumps([1])", "import math; out = math.pi > 3"], before="import json")
    assert results == [["ok", "[1]"], ["ok", True]]


def test_booktorch_errors_carry_no_did_you_mean():
    """Python 3.12+ appends "Did you mean: ...?" to an AttributeError whose ``name`` is set; booktorch's
    error keeps ``name`` None, so its message is the whole message."""
    results = run([
        "import torch\ntry:\n    torch.nee\nexcept AttributeError as e:\n    out = [e.name, hasattr(torch, 'nee')]",
        "import torch\ntry:\n    torch.ones(1).nee\nexcept AttributeError as e:\n    out = e.name",
    ])
    assert results == [["ok", [None, False]], ["ok", None]]


def test_refuse_chooses_the_packages_refused():
    results = run(["import booktorch; booktorch.install_as_torch(refuse=('csv',))\nimport csv",
                   "import booktorch; booktorch.install_as_torch(refuse=())\nimport csv; out = 1"])
    assert results[0][0] == "NotInBrowserError" and results[1] == ["ok", 1]


def test_install_is_idempotent():
    results = run(["import booktorch, sys; booktorch.install_as_torch(); booktorch.install_as_torch(); "
                   "out = sum(1 for f in sys.meta_path if type(f).__name__ == '_BrowserFinder')"])
    assert results == [["ok", 1]]


WITH_PLOTTING = "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot, numpy  # as the build's child has them"


def test_the_readers_imports_are_refused_even_where_the_process_has_them():
    """The build's child has numpy and matplotlib imported for itself; a cell's import of them is refused there
    too, with the browser's error, and the reader's functions are refused them when called."""
    results = run(["import numpy", "import matplotlib.pyplot as plt", "from matplotlib import pyplot",
                   "import numpy.linalg", "def f():\n    import numpy\nf()", "import json; out = json.dumps([1])"],
                  before=WITH_PLOTTING)
    assert [r[0] for r in results] == ["NotInBrowserError"] * 5 + ["ok"]
    names = ["numpy", "matplotlib.pyplot", "matplotlib", "numpy.linalg", "numpy"]
    for (_, text), name in zip(results, names):
        assert text.startswith(f"booktorch.errors.NotInBrowserError: {name} is not available in the browser"), text


def test_a_module_still_imports_what_it_needs():
    """matplotlib imports its backend the first time a figure is made: a module's own imports are not the reader's."""
    results = run(["import sys\nplt = sys.modules['matplotlib.pyplot']\nplt.figure()\nout = len(plt.get_fignums())"],
                  before=WITH_PLOTTING)
    assert results == [["ok", 1]]


def test_a_matplotlib_cell_gets_booktorchs_error_not_a_recursion_error():
    """A tester's cell plotted tensors: in the build's child, matplotlib (imported there) took booktorch's
    tensors for torch's, converted them to arrays of tensor objects and recursed in its unit converters."""
    cell = "import matplotlib.pyplot as plt\\nimport torch\\nplt.plot(torch.arange(3.), torch.arange(3.) ** 2)"
    results = run(["import bookcell\nnamespace = {'__name__': '__main__', '__file__': 'docs/page.md'}\n"
                   f"out = bookcell.run('{cell}', 'cell 1', namespace)[2]"], before=WITH_PLOTTING)
    assert results[0][0] == "ok"
    assert results[0][1].startswith("booktorch.errors.NotInBrowserError: matplotlib.pyplot is not available")


def test_numpy_conversions_name_what_is_missing():
    np = "import sys, torch\nnp = sys.modules['numpy']\n"
    results = run([np + "torch.tensor(np.zeros(2))", np + "torch.as_tensor(np.ones(3))", np + "torch.from_numpy(np.ones(1))",
                   "import torch\ntorch.ones(2).numpy()"], before=WITH_PLOTTING)
    assert [r[0] for r in results] == ["NotInBrowserError"] * 4
    for (_, text), name in zip(results, ["A tensor from NumPy's ndarray (torch.tensor, torch.as_tensor)"] * 2
                               + ["torch.from_numpy", "Tensor.numpy"]):
        assert text.startswith(f"booktorch.errors.NotInBrowserError: {name}"), text
