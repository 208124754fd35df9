"""Putting booktorch's declared surface in place, once every module of the package is imported.

:mod:`booktorch.registry` only collects what each module declares (methods, functions, exports,
namespaces) and imports nothing of booktorch but its errors.  This module, which
``booktorch/__init__.py`` runs last, puts it all in place: :func:`import_all` imports every
module, and :func:`finish` puts torch's argument parser (:mod:`booktorch.binding`) in front of each
method and function torch binds in C++, sets the methods on Tensor and fills every namespace.
Names a namespace lacks raise booktorch's "not available in the browser" error
(:func:`booktorch.errors.unsupported`).
"""

import importlib
import os
import sys
from types import FunctionType, ModuleType

from . import registry
from . import torch_signatures as table
from .binding import bind, no_arguments
from .errors import unsupported
from .tensor import Tensor


def import_all(path, prefix):
    """Import every module and package under the directory ``path`` (package name ``prefix``), in name order."""
    for entry in sorted(os.listdir(path)):
        full = os.path.join(path, entry)
        if entry.endswith(".py") and entry != "__init__.py":
            importlib.import_module(prefix + entry[:-3])
        elif os.path.isfile(os.path.join(full, "__init__.py")):
            importlib.import_module(prefix + entry)
            import_all(full, prefix + entry + ".")


def _checked(fn, name):
    """``function(..., tensor_input=True)``: a first argument that is not a tensor raises torch's TypeError."""

    def checked(input, *args, **kwargs):
        if not isinstance(input, Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
        return fn(input, *args, **kwargs)

    checked.__dict__.update(fn.__dict__)  # what fn is marked with (binding.parsed) stays visible
    checked.__name__ = name
    checked.__qualname__ = name
    checked.__wrapped__ = fn
    return checked


def _behind_torchs_parser(methods, functions):
    """Every method and function whose torch binding parses its arguments in C++ gets that parser
    (booktorch/torch_signatures.py) in front: torch's errors for the calls torch refuses. Methods that
    torch writes in Python are named as Python names them (``Tensor.split() got an unexpected ...``)."""
    for name, value in vars(Tensor).items():  # the methods the Tensor class defines itself (size, item...)
        if isinstance(value, FunctionType) and name not in methods and not name.startswith("_"):
            methods[name] = value
    not_yet = registry.not_yet_names()

    def ours(name):
        return isinstance(methods.get(name), FunctionType) and name not in not_yet

    for name, signatures in table.METHODS.items():
        if ours(name):
            methods[name] = bind(methods[name], signatures, False)
    for name in table.NO_ARGUMENTS:
        if ours(name):
            methods[name] = no_arguments(methods[name], f"TensorBase.{name}")
    for name in table.PYTHON_METHODS:
        if ours(name):  # each has a function of its own (torch.split is another: Python names it split())
            methods[name].__qualname__ = f"Tensor.{name}"
    torch_functions = dict(table.FUNCTIONS, **table.MANUAL)
    for namespace, signature_table in (("torch", torch_functions), ("torch.linalg", table.LINALG),
                                       ("torch.nn.functional", table.NN_FUNCTIONAL)):
        provided = functions.get(namespace, {})
        for name, signatures in signature_table.items():
            if callable(provided.get(name)) and not isinstance(provided[name], type):
                takes_out = (namespace, name) in registry._takes_out
                provided[name] = bind(provided[name], signatures, True, takes_out, namespace)
    provided = functions.get("torch", {})
    for name in table.NO_ARGUMENT_FUNCTIONS:
        if name in provided:
            provided[name] = no_arguments(provided[name], f"torch.{name}", bound=False)


def _missing(where):
    def __getattr__(name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        raise unsupported(f"{where}.{name}")

    return __getattr__


def finish():
    """Install the declared methods on Tensor and fill every namespace (once, at import)."""
    methods, functions, namespaces = registry._methods, registry._functions, registry._namespaces
    for namespace, name in registry._tensor_input:
        functions[namespace][name] = _checked(functions[namespace][name], name)
    _behind_torchs_parser(methods, functions)
    for name, fn in methods.items():
        setattr(Tensor, name, fn)
    internal = {m for m in sys.modules if m.startswith(registry.TORCH_PACKAGE + ".")} - set(namespaces.values())
    for where, module_name in namespaces.items():
        module = sys.modules[module_name]
        for attr, value in list(vars(module).items()):
            # the import system sets booktorch.tensor = <module booktorch.tensor>; torch.tensor is a function
            if isinstance(value, ModuleType) and value.__name__ in internal:
                delattr(module, attr)
        for name, obj in functions.get(where, {}).items():
            setattr(module, name, obj)
        if "__getattr__" not in vars(module):
            module.__getattr__ = _missing(where)
        if not hasattr(module, "__path__"):
            # a namespace is a package to the import system, so that ``from torch.x import missing``
            # asks for the submodule torch.x.missing and gets booktorch's error (see booktorch.imports)
            module.__path__ = []
    unknown = set(functions) - set(namespaces)
    if unknown:
        raise RuntimeError(f"functions declared for namespaces no module provides: {sorted(unknown)}")
