"""booktorch features with no torch counterpart to compare against: the "not available in the
browser" errors, and the package itself (pure Python 3.11 syntax, standard-library imports only,
a py3-none-any wheel). The tape widget's view of the graph is tested in tests/widgets/test_tape_trace.py."""

import ast
import compileall
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import booktorch as torch

PKG = Path(__file__).resolve().parents[2] / "browser" / "py"


# ------------------------------------------------------------------ grad_fn
def test_grad_fn_api():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * x
    assert y.grad_fn.name() == "MulBackward0"
    assert repr(y.grad_fn).startswith("<MulBackward0 object at 0x")
    (acc, _), (acc2, _) = y.grad_fn.next_functions
    assert acc is acc2 and acc.variable is x and acc.name() == "torch::autograd::AccumulateGrad"
    assert str(y.grad_fn._saved_self) == str(x)


# ------------------------------------------------------------------ outside the subset
@pytest.mark.parametrize(
    "src, name",
    [
        ("torch.poisson(torch.ones(2))", "torch.poisson"),
        ("torch.ones(2).exponential_()", "Tensor.exponential_"),
        ("torch.fft", "torch.fft"),
        ("torch.complex64", "torch.complex64"),
        ("torch.ones(2, 2).pinverse()", "Tensor.pinverse"),
        ("torch.erfinv(torch.ones(2))", "torch.erfinv"),
        ("torch.inverse(torch.eye(2), out=torch.empty(2, 2))", "torch.inverse(..., out=...)"),
        ("torch.logit(torch.ones(2))", "torch.logit"),
        ("torch.polygamma(2, torch.ones(2))", "torch.polygamma with n=2"),
        ("torch.logaddexp(torch.ones(2, requires_grad=True), torch.ones(2)).sum().backward()",
         "The gradient of torch.logaddexp"),
        ("torch.sinc(torch.ones(2, requires_grad=True)).sum().backward()", "The gradient of torch.sinc"),
        # convolutions outside the oneDNN kernels booktorch reproduces (booktorch/nn/conv_ops.py)
        ("torch.conv2d(torch.ones(1, 1, 5, 5), torch.ones(1, 1, 3, 3))", "conv2d of one small image"),
        ("torch.nn.functional.conv2d(torch.ones(2, 4, 5, 5), torch.ones(4, 2, 3, 3), groups=2)", "conv2d with groups > 1"),
        ("torch.conv2d(torch.ones(2, 1, 5, 5).double(), torch.ones(1, 1, 3, 3).double())",
         "conv2d on torch.float64 tensors"),
        ("torch.conv2d(torch.ones(2, 1, 5, 5), torch.ones(1, 1, 3, 3), padding=3)", "conv2d with this padding and size"),
        ("torch.conv2d(torch.ones(16, 2, 5, 5), torch.ones(1, 2, 1, 1), stride=2)", "conv2d with a 1x1 kernel"),
        ("torch.conv2d(torch.ones(2, 1, 5, 5), torch.ones(1, 1, 2, 2), padding='same')",
         "conv2d with padding='same' and an even kernel length"),
        ("torch.conv2d(torch.ones(2, 1, 5, 5, requires_grad=True), torch.ones(1, 1, 3, 3), stride=2).sum().backward()",
         "The gradient of a strided conv2d with respect to its input"),
        ("torch.conv2d(torch.ones(2, 1, 7, 7), torch.ones(1, 1, 3, 3, requires_grad=True), dilation=2).sum().backward()",
         "The gradients of conv2d with respect to its weight and bias"),
        ("torch.nn.Conv2d(1, 1, 3, padding=1, padding_mode='reflect')(torch.ones(2, 1, 4, 4))",
         "Conv2d with padding_mode='reflect'"),
        ("torch.autograd.grad(torch.conv2d((x := torch.ones(2, 1, 4, 4, requires_grad=True)), torch.ones(1, 1, 3, 3))"
         ".sum(), x, create_graph=True)", "Second derivatives through conv2d"),
        ("torch.ones(2).to('meta')", "tensors on the 'meta' device"),
        ("torch.ones(2).numpy()", "Tensor.numpy"),
        ("torch.linalg.det(torch.ones(2, 2, requires_grad=True)).backward()",
         "The gradient of torch.linalg.det at a singular matrix"),
        # out= where booktorch does not write into it, once torch's parser has accepted the call
        ("torch.addcmul(torch.ones(2), torch.ones(2), torch.ones(2), out=torch.ones(2))", "torch.addcmul(..., out=...)"),
        ("torch.max(torch.ones(2), torch.ones(2), out=torch.ones(2))", "torch.max(..., out=...)"),
        ("torch.nn.functional.linear(torch.ones(2), torch.ones(3, 2), out=torch.ones(3))",
         "torch.nn.functional.linear(..., out=...)"),
        ("torch.linalg.det(torch.ones(2, 2), out=torch.ones(()))", "torch.linalg.det(..., out=...)"),
        ("torch.cumsum(torch.ones(2), 0, out=torch.ones(2))", "torch.cumsum(..., out=...)"),
        ("torch.linalg.vector_norm(torch.ones(2), out=torch.ones(()))", "torch.linalg.vector_norm(..., out=...)"),
        # CPU torch cannot run these (its error lists C++ kernel registrations)
        ("torch.mm(torch.ones(2, 2), torch.ones(2, 2), torch.float32)", "torch.mm(..., out_dtype)"),
        ("torch.linalg.matrix_rank(torch.ones(2, 2, 2), atol=torch.ones(2))",
         "torch.linalg.matrix_rank with a tolerance tensor of more than one element"),
    ],
)
def test_unsupported_features_say_so(src, name):
    with pytest.raises(NotImplementedError) as info:
        eval(src, {"torch": torch})
    msg = str(info.value)
    assert msg.startswith(name) and "is not available in the browser" in msg


def test_manual_seed_is_accepted():
    torch.manual_seed(0)
    assert torch.initial_seed() == 0


# ------------------------------------------------------------------ the package
def _sources():
    return sorted((PKG / "booktorch").rglob("*.py"))


def test_sources_compile_with_python_311_syntax():
    assert compileall.compile_dir(str(PKG / "booktorch"), quiet=1, force=True, legacy=False, workers=1)
    for path in _sources():
        ast.parse(path.read_text(encoding="utf-8"), filename=str(path), feature_version=(3, 11))


def test_only_standard_library_imports():
    stdlib = set(sys.stdlib_module_names)
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative import inside booktorch
                    continue
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in stdlib, f"{path.name} imports {name}"


def test_pyproject_describes_a_pure_python_wheel(tmp_path):
    meta = tomllib.loads((PKG / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["name"] == "booktorch" and meta["project"]["version"] == "0.1.0"
    assert meta["project"].get("dependencies", []) == []
    # build it with the project's own in-memory wheel builder when available, else setuptools
    try:
        from bookengine.wheel import build_wheel
    except ImportError:
        build_wheel = None
    if build_wheel is not None:
        name, data = build_wheel(PKG)
        wheel = tmp_path / name
        wheel.write_bytes(data)
    else:  # pragma: no cover - bookengine is installed in the project venv
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
             str(PKG), "-w", str(tmp_path)],
            check=True, capture_output=True,
        )
        wheel = next(tmp_path.glob("*.whl"))
    assert wheel.name == "booktorch-0.1.0-py3-none-any.whl"
    names = zipfile.ZipFile(wheel).namelist()
    assert "booktorch/__init__.py" in names and "booktorch/ops/linalg.py" in names
    assert "booktape/expression.py" in names  # the tape widget's Python travels in the same wheel


def test_import_under_plain_interpreter_without_torch(tmp_path):
    """booktorch must import and work where torch does not exist (as in Pyodide)."""
    code = (
        "import sys; sys.modules['torch'] = None\n"
        "import booktorch as torch\n"
        "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
        "(x @ x).sum().backward()\n"
        "print(x.grad)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(PKG))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout == "tensor([[ 7., 11.],\n        [ 9., 13.]])\n"
