"""The browser worker's Python side: get everything ready, prove a restored state works.

The worker keeps a memory snapshot of a started Python. A snapshot holds the
modules that were imported when it was made, but not the installed files (those
live in the browser's in-memory file system, which starts empty), so a module
first imported after a restore would be missing. :func:`prepare` imports every
module the book's wheel installed before the snapshot is made and remembers
their names; :func:`verify` checks that a restored state holds them all, and
runs, before the reader uses it.
"""

import importlib
import importlib.metadata
import sys

DISTRIBUTION = "booktorch"  # the wheel: booktorch, bookcell, bookcheck and the widgets' modules
_SMOKE_TEST = "import torch\nassert (torch.tensor([1.0, 2.0]) * 2).sum().item() == 6.0\n"
PREPARED = None  # the modules prepare() imported; kept in the snapshot


def installed_modules(distribution=DISTRIBUTION):
    """The dotted names of the Python modules a distribution installed, packages first."""
    names = []
    for path in importlib.metadata.files(distribution) or ():
        parts = path.parts
        if path.suffix != ".py" or parts[0].endswith(".dist-info"):
            continue
        parts = [*parts[:-1], path.stem] if path.stem != "__init__" else list(parts[:-1])
        names.append(".".join(parts))
    return sorted(names, key=lambda name: (name.count("."), name))


def prepare():
    """Import every module of the installed wheel, with booktorch standing in for torch."""
    global PREPARED
    import booktorch

    booktorch.install_as_torch()
    names = installed_modules()
    for name in names:
        importlib.import_module(name)
    PREPARED = names


def verify():
    """None when this (restored) Python can run the book's cells, else what is wrong."""
    if not PREPARED:
        return "this Python was not prepared by the book's runtime"
    missing = [name for name in PREPARED if name not in sys.modules]
    if missing:
        return "the restored Python lacks " + ", ".join(missing)
    try:
        exec(compile(_SMOKE_TEST, "<runtime check>", "exec"), {"__name__": "__main__"})  # noqa: S102
    except BaseException as exc:  # noqa: BLE001 - any failure means: rebuild from scratch
        return f"the restored Python cannot run a cell: {type(exc).__name__}: {exc}"
    return None
