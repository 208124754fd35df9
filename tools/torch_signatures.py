"""Write booktorch's table of torch's argument-parser signatures, from the pinned torch.

    .venv/bin/python tools/torch_signatures.py          # rewrite browser/py/booktorch/torch_signatures.py
    .venv/bin/python tools/torch_signatures.py --check  # exit 1 when the committed table is stale

torch's Python bindings parse their arguments with the signature strings that torchgen
writes from ``native_functions.yaml`` and ``deprecated.yaml`` (``gen_python_functions.py``,
both shipped in the torch wheel). This runs that generator into a temporary folder and
keeps, of every ``PythonArgParser``, the strings of the names booktorch provides: Tensor
methods, and the functions of ``torch``, ``torch.linalg`` and ``torch.nn.functional`` (those it binds
in C++: ``F.linear``, ``F.gelu``...). booktorch's port of torch's parser (``booktorch/signatures.py``,
put in front of each implementation by ``booktorch/binding.py``) reads them, so a call is accepted,
converted and refused as torch's own parser does it. The table is committed (Pyodide has no torchgen);
``tests/teaching/test_signature_table.py`` fails when it is stale.
"""

import argparse
import ast
import inspect
import re
import sys
import tempfile
from pathlib import Path
from types import BuiltinFunctionType, FunctionType

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "browser" / "py" / "booktorch" / "torch_signatures.py"
# The generated files, and the booktorch namespace whose names each one binds.
SOURCES = {"python_variable_methods.cpp": "Tensor", "python_torch_functionsEverything.cpp": "torch",
           "python_linalg_functions.cpp": "torch.linalg", "python_nn_functions.cpp": "torch.nn.functional"}
_PARSER = re.compile(r"static PythonArgParser parser\(\{(.*?)\}(?:, /\*traceable=\*/\w+)?\);", re.S)
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_NO_ARGUMENTS = re.compile(r'\{"(\w+)", [^,]+, METH_NOARGS')


def generated_parsers(folder):
    """{where: {binding name: (signature, ...)}} from torchgen's output in ``folder``."""
    out = {}
    for file, where in SOURCES.items():
        table = out.setdefault(where, {})
        for block in _PARSER.findall((Path(folder) / file).read_text()):
            signatures = tuple(ast.literal_eval(f'"{s}"') for s in _STRING.findall(block))  # C escapes
            name = signatures[0].partition("(")[0]
            if name in table:
                raise SystemExit(f"{file}: two parsers named {name}")
            table[name] = signatures
    methods = (Path(folder) / "python_variable_methods.cpp").read_text()
    out["no arguments"] = set(_NO_ARGUMENTS.findall(methods))
    return out


def run_torchgen(folder):
    import torchgen
    from torchgen.packaged.autograd import gen_python_functions

    packaged = Path(torchgen.__file__).parent / "packaged"
    native = packaged / "ATen" / "native"
    gen_python_functions.gen(str(folder), str(native / "native_functions.yaml"), str(native / "tags.yaml"),
                             str(packaged / "autograd" / "deprecated.yaml"), str(packaged / "autograd" / "templates"))


def booktorch_names():
    """{where: set of names} that booktorch provides (Tensor methods; torch and torch.linalg functions)."""
    sys.path.insert(0, str(ROOT / "browser" / "py"))
    import booktorch
    from booktorch import registry

    spaces = registry.namespaces()
    own = {n for n, v in vars(booktorch.Tensor).items()  # size(), item()...
           if isinstance(v, FunctionType) and not n.startswith("_")}
    return {"Tensor": set(registry.tensor_methods()) | own,
            "torch": {n for n in vars(booktorch) if callable(getattr(booktorch, n))},
            "torch.linalg": {n for n in vars(spaces["torch.linalg"]) if callable(getattr(spaces["torch.linalg"], n))},
            "torch.nn.functional": {n for n in vars(spaces["torch.nn.functional"])
                                    if callable(getattr(spaces["torch.nn.functional"], n)) and not n.startswith("_")}}


def linalg_binding(name):
    """torch.linalg.det is bound as linalg_det."""
    return "linalg_" + name


def bound_by_python(where, name):
    """Whether torch's own binding of ``name`` is Python code (``Tensor.split`` in torch/_tensor.py,
    ``torch.norm`` in torch/functional.py): its parser is not the one a call meets."""
    import torch

    owner = {"Tensor": torch.Tensor, "torch": torch, "torch.linalg": torch.linalg,
             "torch.nn.functional": torch.nn.functional}[where]
    obj = inspect.getattr_static(owner, name, None)
    return isinstance(obj, (FunctionType, staticmethod, classmethod, property))


# Parsers that torch writes by hand (torch/csrc/autograd/python_torch_functions_manual.cpp, which the wheel
# does not ship), for the names booktorch provides; the parity tests compare their errors with torch's.
MANUAL = {
    "nonzero": ("nonzero(Tensor input, *, bool as_tuple=False, Tensor out=None)",),
    "numel": ("numel(Tensor input)",),
}


# Python functions of torch that hand their arguments to C++ parsers of other names
# (torch.unique calls torch._unique2, or torch.unique_dim when given a dim)
UNDER_OTHER_NAMES = {
    ("torch.nn.functional", "cross_entropy"): ("cross_entropy_loss",),
    ("torch.nn.functional", "hardtanh"): ("hardtanh", "hardtanh_"),
    ("torch.nn.functional", "leaky_relu"): ("leaky_relu", "leaky_relu_"),
    ("torch.nn.functional", "relu6"): ("relu6", "relu6_"),
    ("torch.nn.functional", "max_pool2d_with_indices"): ("max_pool2d_with_indices",),
    ("torch.nn.functional", "nll_loss"): ("nll_loss_nd",),
    ("torch", "unique"): ("_unique2", "unique_dim"),
}


def takes_no_arguments(function):
    """Whether a builtin torch function takes nothing (METH_NOARGS), by the error Python gives it."""
    try:
        function(booktorch_probe=1)
    except TypeError as e:
        return str(e).endswith("takes no keyword arguments")
    except Exception:
        return False
    return False


def table_text():
    import torch

    with tempfile.TemporaryDirectory() as folder:
        run_torchgen(folder)
        parsers = generated_parsers(folder)
    provided = booktorch_names()
    lines = [f'"""torch {torch.__version__.split("+")[0]}\'s argument-parser signatures for the names booktorch '
             "provides.", "",
             "Written by tools/torch_signatures.py from torchgen's output; do not edit by hand. Read by",
             "booktorch/surface.py and booktorch/binding.py (the parser is booktorch/signatures.py).", '"""', ""]
    for where, variable in (("Tensor", "METHODS"), ("torch", "FUNCTIONS"), ("torch.linalg", "LINALG"),
                            ("torch.nn.functional", "NN_FUNCTIONAL")):
        lines.append(f"{variable} = {{")
        for name in sorted(provided[where]):
            binding = linalg_binding(name) if where == "torch.linalg" else name
            signatures = parsers[where].get(binding)
            # Tensor.__and__ turns its parser's TypeError into NotImplemented: Python's operator error
            if signatures and not bound_by_python(where, name) and not name.startswith("__"):
                lines.append(f"    {name!r}: (")
                lines.extend(f"        {s!r}," for s in signatures)
                lines.append("    ),")
        lines.append("}")
    # Tensor methods that take nothing but self (METH_NOARGS): Python's own errors for anything more
    quiet = sorted(n for n in parsers["no arguments"] & provided["Tensor"]
                   if not n.startswith("__") and not bound_by_python("Tensor", n))
    lines.append("NO_ARGUMENTS = frozenset({")
    lines.extend(f"    {n!r}," for n in quiet)
    lines.append("})")
    # torch functions bound by hand: a few parsers, and functions that take nothing
    lines.append("MANUAL = {")
    for name in sorted(MANUAL.keys() & provided["torch"]):
        lines.append(f"    {name!r}: {MANUAL[name]!r},")
    lines.append("}")
    builtins = sorted(n for n in provided["torch"] - parsers["torch"].keys()
                      if isinstance(getattr(torch, n, None), BuiltinFunctionType))
    lines.append("NO_ARGUMENT_FUNCTIONS = frozenset({")
    lines.extend(f"    {n!r}," for n in builtins if takes_no_arguments(getattr(torch, n)))
    lines.append("})")
    # Tensor methods that torch writes in Python (torch/_tensor.py): Python names them Tensor.<name>
    python = sorted(n for n in provided["Tensor"] if not n.startswith("__") and bound_by_python("Tensor", n)
                    and isinstance(inspect.getattr_static(torch.Tensor, n), FunctionType))
    lines.append("PYTHON_METHODS = frozenset({")
    lines.extend(f"    {n!r}," for n in python)
    lines.append("})")
    # the C++ parsers under torch's Python code (Tensor.split calls torch._VF.split, Tensor.unflatten calls
    # TensorBase.unflatten): booktorch's Python code of the same name calls them as torch's does
    lines.append("UNDER_PYTHON = {")
    for where in ("Tensor", "torch"):
        for name in sorted(provided[where]):
            if bound_by_python(where, name) and name in parsers[where] and not name.startswith("__"):
                lines.append(f"    ({where!r}, {name!r}): {parsers[where][name]!r},")
    for (where, python_name), bindings in sorted(UNDER_OTHER_NAMES.items()):
        if python_name in provided[where]:
            for binding in bindings:
                lines.append(f"    ({where!r}, {binding!r}): {parsers[where][binding]!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the committed table is stale")
    options = parser.parse_args()
    text = table_text()
    if options.check:
        if not TABLE.is_file() or TABLE.read_text() != text:
            print(f"{TABLE.relative_to(ROOT)} is stale: run .venv/bin/python tools/torch_signatures.py")
            return 1
        print(f"{TABLE.relative_to(ROOT)} is up to date")
        return 0
    TABLE.write_text(text)
    print(f"wrote {TABLE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
