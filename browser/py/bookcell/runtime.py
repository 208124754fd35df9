"""The browser worker's Python side: get everything ready, prove a restored state works.

The worker keeps a memory snapshot of a started Python. A snapshot holds the
modules that were imported when it was made, but not the files of the wheel
(those live in the browser's in-memory file system, which starts empty), so a
module first imported after a restore would be missing. :func:`prepare` imports
every module the wheel carries before the snapshot is made, and :func:`verify`
checks that a restored state holds them all, and runs, before the reader uses it.
"""

import importlib
import io
import sys
import zipfile

_SMOKE_TEST = "import torch\nassert (torch.tensor([1.0, 2.0]) * 2).sum().item() == 6.0\n"


def wheel_modules(wheel):
    """The dotted names of the Python modules in the wheel's bytes, packages first."""
    names = []
    with zipfile.ZipFile(io.BytesIO(bytes(wheel))) as archive:
        for path in archive.namelist():
            if path.endswith(".py") and ".dist-info/" not in path:
                parts = path[:-3].split("/")
                if parts[-1] == "__init__":
                    parts.pop()
                names.append(".".join(parts))
    return sorted(names, key=lambda name: (name.count("."), name))


def prepare(wheel):
    """Import every module of the (unpacked) wheel, and alias booktorch as torch."""
    import booktorch

    sys.modules["torch"] = booktorch
    for name in wheel_modules(wheel):
        importlib.import_module(name)


def verify(wheel):
    """None when this (restored) Python can run the book's cells, else what is wrong."""
    missing = [name for name in wheel_modules(wheel) if name not in sys.modules]
    if missing:
        return "the restored Python lacks " + ", ".join(missing)
    try:
        exec(compile(_SMOKE_TEST, "<runtime check>", "exec"), {"__name__": "__main__"})  # noqa: S102
    except BaseException as exc:  # noqa: BLE001 - any failure means: rebuild from scratch
        return f"the restored Python cannot run a cell: {type(exc).__name__}: {exc}"
    return None
