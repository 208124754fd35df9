"""``install_as_torch()``: booktorch answers ``import torch`` (and every ``torch.*`` import).

After it, ``import torch``, ``import torch.autograd``, ``from torch.autograd import grad``
give booktorch's own module objects (``sys.modules["torch.autograd"] is
booktorch.autograd``).  Anything booktorch lacks raises booktorch's "not available in
the browser" error instead of ModuleNotFoundError or ImportError:

- a torch submodule booktorch does not have (``import torch.fft``,
  ``from torch.utils.tensorboard import SummaryWriter``);
- a name a namespace does not have (``from torch import fft``,
  ``from torch.autograd import missing``): the import system asks for it as a
  submodule (every namespace is a package, see :func:`booktorch.surface.finish`);
- a package the browser does not have (``import numpy``, matplotlib, pandas, scipy,
  sklearn, torchvision...) when the reader's code imports it, even where the process has it
  (the build's child has imported numpy and matplotlib for itself: a cell that used them
  there ran matplotlib on booktorch's tensors, which it takes for torch's, and recursed
  until RecursionError); a module that imports its own dependencies is not refused them.

A finder at the front of ``sys.meta_path`` does this for modules not yet imported, and
``builtins.__import__`` for the reader's import statements (code that is no module's own:
a cell); ``sys.modules`` entries named ``torch`` or ``torch.*`` that are not booktorch's
(real torch, in the build's child process) are removed, so that nothing of real torch is
reached through those names.
"""

import builtins
import importlib.machinery
import sys

from . import registry
from .errors import unsupported

# packages a reader may import that the browser's Python does not have
BROWSER_LACKS = (
    "numpy", "matplotlib", "pandas", "scipy", "sklearn", "torchvision", "torchaudio", "torchtext", "PIL",
    "seaborn", "tensorflow", "jax", "keras", "cv2", "tqdm", "transformers", "datasets", "einops", "lightning",
    "pytorch_lightning", "functorch", "triton", "sympy", "networkx", "IPython",
)


def _wanted(name):
    """The whole module an import statement asks for, when ``name`` is only its first missing parent
    (``from torch.utils.tensorboard import X`` imports torch.utils first): read from the import system's
    frames, where ``_find_and_load_unlocked(name)`` runs once per level."""
    frame = sys._getframe(1)
    wanted = name
    while frame is not None:
        if frame.f_code.co_name == "_find_and_load_unlocked":
            outer = frame.f_locals.get("name")
            if isinstance(outer, str) and outer.startswith(wanted + "."):
                wanted = outer
        frame = frame.f_back
    return wanted


class _BrowserFinder:
    """Finds torch.* as booktorch's namespaces and refuses what the browser lacks."""

    refuse = BROWSER_LACKS

    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top == "torch":
            module = registry.namespaces().get(name)
            if module is None:
                raise unsupported(_wanted(name))
            return importlib.machinery.ModuleSpec(name, _Existing(module), is_package=True)
        if top == registry.TORCH_PACKAGE and "." in name:
            # ``from torch import x`` asks for the submodule booktorch.x when booktorch has no attribute x
            parent = name.rpartition(".")[0]
            if parent in registry.namespace_modules() and importlib.machinery.PathFinder.find_spec(name, path) is None:
                raise unsupported(registry.torch_name(_wanted(name)))
            return None
        if top in self.refuse and not _from_a_module(_importer_globals()):
            raise unsupported(_wanted(name))
        return None


class _Existing:
    """A loader that hands the import system a module object that already exists."""

    def __init__(self, module):
        self.module = module

    def create_module(self, spec):
        return self.module

    def exec_module(self, module):
        pass


_FINDER = _BrowserFinder()


def _importer_globals():
    """The globals of the code that started the import in progress (the first frame outside importlib)."""
    frame = sys._getframe(2)
    while frame is not None and (frame.f_code.co_filename.startswith("<frozen importlib")
                                 or frame.f_globals.get("__name__", "").startswith("importlib")
                                 or frame.f_code.co_name == "__import__" and frame.f_globals is globals()):
        frame = frame.f_back
    return frame.f_globals if frame is not None else None


def _from_a_module(namespace):
    """Whether ``namespace`` (an import statement's globals) is an imported module's own, not a cell's."""
    module = sys.modules.get(namespace.get("__name__")) if isinstance(namespace, dict) else None
    return module is not None and getattr(module, "__dict__", None) is namespace


def _refusing(original):
    """``builtins.__import__`` that refuses the reader's imports of what the browser lacks, already imported
    or not: the same error in the build's child (which has numpy and matplotlib) as in the browser."""

    def __import__(name, globals=None, locals=None, fromlist=(), level=0):  # noqa: A001, A002, N807 - Python's
        if level == 0 and name.partition(".")[0] in _FINDER.refuse and not _from_a_module(globals):
            raise unsupported(name)
        return original(name, globals, locals, fromlist, level)

    __import__.refusing = True
    return __import__


def install_as_torch(refuse=BROWSER_LACKS):
    """Make ``import torch`` and every ``torch.*`` import resolve to booktorch (idempotent).

    ``refuse``: top-level packages whose import raises booktorch's error (by default the packages the
    browser lacks; ``()`` refuses none); the reader's code is refused them even when already imported."""
    _FINDER.refuse = tuple(refuse)
    for name in [n for n in sys.modules if n == "torch" or n.startswith("torch.")]:
        del sys.modules[name]
    for name, module in registry.namespaces().items():
        sys.modules[name] = module
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    if not getattr(builtins.__import__, "refusing", False):
        builtins.__import__ = _refusing(builtins.__import__)
