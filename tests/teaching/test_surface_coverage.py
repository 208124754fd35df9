"""Every public name booktorch offers is exercised by a parity program, so that nothing (like
``Tensor.device`` once) goes untested against real torch.

The surface, listed from booktorch itself (nothing to keep up to date here):

- every public name of every torch namespace booktorch provides (``torch``, ``torch.autograd``,
  ``torch.cuda``, ... and, once they exist, ``torch.nn``, ``torch.optim``: any module that calls
  ``booktorch.registry.namespace(__name__)``);
- every public method and property of ``torch.Tensor``, its operators and Python protocols
  (``__add__``, ``__getitem__``, ``__len__``, ``__bool__``, ``__repr__``...);
- every public method and property defined by a class those namespaces export
  (``torch.device.type``, ``torch.Size.numel``, ``nn.Module.parameters``...).

The parity programs are the ``CELLS`` dicts (name -> source) of every ``tests/teaching/test_parity_*.py``
module, each run after the module's ``PRELUDE`` string if it has one, exactly as its own test runs it
under torch and under booktorch.  Here each program runs once more under booktorch with every name
of the surface instrumented, and a name counts as exercised only when a program's own code calls it
(a function or method), reads it (a property, a dtype, a class), or applies it as an operator: a call
made inside booktorch (one op using another) does not count.

To cover your area, add a ``tests/teaching/test_parity_<area>.py`` with a ``CELLS`` dict whose
programs print what the names do (values, dtypes, strides, errors) and a ``test_cell`` that runs each
with ``parity.assert_same``; this test finds it.  Names with no torch counterpart to compare against
are listed in ``BOOKTORCH_ONLY`` below, each with the test that covers it; Tensor operators declared
with ``registry.not_yet`` (outside the subset so far, they raise booktorch's error) are not surface.
"""

import importlib
import io
import sys
import sysconfig
import types
import warnings
from contextlib import redirect_stdout
from pathlib import Path

import booktorch
from booktorch import registry

HERE = Path(__file__).resolve().parent
_STDLIB = sysconfig.get_paths()["stdlib"]

# booktorch's own API, tested in test_install_as_torch.py / test_booktorch_only.py
BOOKTORCH_ONLY = {"torch.install_as_torch"}

_PROTOCOLS = {
    "__len__", "__iter__", "__float__", "__int__", "__index__", "__bool__", "__complex__", "__format__",
    "__deepcopy__",
}


def parity_programs():
    """(name, source) of every deterministic parity program."""
    programs = []
    for path in sorted(HERE.glob("test_parity_*.py")):
        module = importlib.import_module(path.stem)
        cells = getattr(module, "CELLS", None)
        if not cells:
            continue
        prelude = getattr(module, "PRELUDE", "")
        programs.extend((f"{path.stem}::{name}", prelude + src.strip() + "\n") for name, src in cells.items())
    return programs


def _own_attributes(cls):
    """Public methods and properties defined by ``cls`` itself (and its booktorch bases)."""
    out = {}
    for klass in reversed(cls.__mro__):
        if klass is object or not klass.__module__.startswith(("torch", "booktorch")):
            continue
        for name, value in vars(klass).items():
            if name.startswith("_"):
                continue
            if isinstance(value, (types.FunctionType, property, staticmethod, classmethod, types.MemberDescriptorType)):
                out[name] = klass
    return out


def surface():
    """{qualified name: (owner, attribute)} of everything public."""
    names = {}
    exported_classes = {}
    for where, module in registry.namespaces().items():
        for name in dir(module):
            if name.startswith("_"):
                continue
            value = getattr(module, name)
            if isinstance(value, types.ModuleType):
                continue  # a namespace of its own
            names[f"{where}.{name}"] = (module, name)
            if isinstance(value, type) and value.__module__.startswith(("torch", "booktorch")):
                exported_classes.setdefault(value, f"{where}.{name}")
    tensor = booktorch.Tensor
    for name in dir(tensor):
        if not name.startswith("_"):
            names[f"Tensor.{name}"] = (tensor, name)
    for name in set(registry.tensor_methods()) | _PROTOCOLS:
        if name.startswith("__"):
            names[f"Tensor.{name}"] = (tensor, name)
    for name in registry.not_yet_names():  # they only raise booktorch's error (test_booktorch_only.py)
        names.pop(f"Tensor.{name}", None)
    listed = set()
    for cls, qualified in exported_classes.items():
        if cls is tensor:
            continue
        for name, owner in _own_attributes(cls).items():
            # an inherited method is one name, listed under the class that defines it (nn.Linear.parameters
            # is nn.Module.parameters): under that class's exported name, or this one's for a private base
            if (owner is not cls and owner in exported_classes) or (owner, name) in listed:
                continue
            listed.add((owner, name))
            names[f"{qualified}.{name}"] = (owner, name)
    return names


class _Recorder:
    """Swaps every surface name for a stand-in that notes use by a program's own code (a frame
    compiled from "<cell>"), and puts everything back afterwards."""

    def __init__(self, names):
        self.names = names
        self.used = set()
        self._undo = []

    def _from_cell(self, depth):
        """Whether the caller is a program's code, possibly through the standard library (copy.deepcopy
        calling ``__deepcopy__``), but not through booktorch."""
        frame = sys._getframe(depth)
        while frame is not None and frame.f_code.co_filename.startswith(_STDLIB):
            frame = frame.f_back
        return frame is not None and frame.f_code.co_filename == "<cell>"

    def _function(self, qualified, fn):
        recorder = self

        def recorded(*args, **kwargs):
            if recorder._from_cell(2):
                recorder.used.add(qualified)
            return fn(*args, **kwargs)

        recorded.__name__ = getattr(fn, "__name__", "recorded")
        recorded.__wrapped__ = fn
        return recorded

    def _property(self, qualified, prop):
        recorder = self

        def getter(obj):
            if recorder._from_cell(2):
                recorder.used.add(qualified)
            return prop.__get__(obj, type(obj))

        setter = (lambda obj, value: prop.__set__(obj, value)) if hasattr(prop, "__set__") else None
        deleter = (lambda obj: prop.__delete__(obj)) if hasattr(prop, "__delete__") else None
        return property(getter, setter, deleter)

    def __enter__(self):
        by_module = {}
        for qualified, (owner, name) in self.names.items():
            if isinstance(owner, types.ModuleType):
                by_module.setdefault(owner, {})[name] = qualified
                continue
            original = owner.__dict__.get(name)
            if original is None:  # inherited from a booktorch base: instrument it there
                continue
            if isinstance(original, (property, types.MemberDescriptorType)):
                replacement = self._property(qualified, original)
            elif isinstance(original, (staticmethod, classmethod)):
                replacement = type(original)(self._function(qualified, original.__func__))
            elif callable(original):
                replacement = self._function(qualified, original)
            else:
                continue
            setattr(owner, name, replacement)
            self._undo.append((owner, name, original))
        for module, attrs in by_module.items():
            self._instrument_module(module, attrs)
        return self

    def _instrument_module(self, module, attrs):
        recorder = self
        for name, qualified in attrs.items():
            value = module.__dict__.get(name)
            if isinstance(value, types.FunctionType):
                setattr(module, name, self._function(qualified, value))
                self._undo.append((module, name, value))

        class RecordingModule(type(module)):
            def __getattribute__(self, name):
                qualified = attrs.get(name)
                if qualified is not None and recorder._from_cell(2):
                    if not isinstance(types.ModuleType.__getattribute__(self, "__dict__").get(name), types.FunctionType):
                        recorder.used.add(qualified)  # data and classes count when read
                return super().__getattribute__(name)

        previous = module.__class__
        module.__class__ = RecordingModule
        self._undo.append((module, "__class__", previous))

    def __exit__(self, *exc):
        for owner, name, original in reversed(self._undo):
            setattr(owner, name, original)
        return False


def _run(source):
    namespace = {"torch": booktorch, "__name__": "__cell__"}
    with redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exec(compile(source, "<cell>", "exec"), namespace)
        except Exception:  # noqa: BLE001 - the program's own test compares errors; here only use counts
            pass


def test_every_public_name_is_exercised_by_a_parity_program():
    names = surface()
    programs = parity_programs()
    assert len(programs) > 100 and len(names) > 200
    default = booktorch.get_default_dtype()
    with _Recorder(names) as recorder:
        for _, source in programs:
            _run(source)
            booktorch.set_default_dtype(default)
            booktorch.set_printoptions(profile="default")
    missing = sorted(set(names) - recorder.used - BOOKTORCH_ONLY)
    assert not missing, (
        f"{len(missing)} public names are not exercised by any parity program "
        "(add programs to a tests/teaching/test_parity_*.py CELLS dict):\n  " + "\n  ".join(missing)
    )


def test_the_recorder_sees_only_a_programs_own_use():
    """A name used inside booktorch (``sum`` calls ``to_dtype``, printing calls ``tolist``) is not counted."""
    names = surface()
    with _Recorder(names) as recorder:
        _run("x = torch.ones(2, dtype=torch.int8)\ny = x.sum()\n")
    assert {"torch.ones", "torch.int8", "Tensor.sum"} <= recorder.used
    assert "Tensor.to" not in recorder.used and "Tensor.tolist" not in recorder.used
    assert "Tensor.__repr__" not in recorder.used
    with _Recorder(names) as recorder:
        _run("print(torch.ones(2) + 1)\n")
    assert {"Tensor.__add__", "Tensor.__repr__"} <= recorder.used or {"Tensor.__add__", "Tensor.__str__"} <= recorder.used
    assert booktorch.ones.__name__ == "ones"  # everything is put back
