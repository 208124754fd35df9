"""``install_as_torch()``: booktorch answers ``import torch`` (and every ``torch.*`` import).

After it, ``import torch``, ``import torch.autograd``, ``from torch.autograd import grad``
give booktorch's own module objects (``sys.modules["torch.autograd"] is
booktorch.autograd``).  Anything booktorch lacks raises booktorch's "not available in
the browser" error instead of ModuleNotFoundError or ImportError:

- a torch submodule booktorch does not have (``import torch.fft``,
  ``from torch.utils.data import DataLoader``);
- a name a namespace does not have (``from torch import fft``,
  ``from torch.autograd import missing``): the import system asks for it as a
  submodule (every namespace is a package, see :func:`booktorch.surface.finish`);
- a package the browser does not have (``import numpy``, matplotlib, pandas, scipy,
  sklearn, torchvision...), unless it was already imported (it is then really there).

A finder at the front of ``sys.meta_path`` does this; ``sys.modules`` entries named
``torch`` or ``torch.*`` that are not booktorch's (real torch, in the build's child
process) are removed, so that nothing of real torch is reached through those names.
"""

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
    (``from torch.utils.data import X`` imports torch.utils first): read from the import system's
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
        if top in self.refuse:
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


def install_as_torch(refuse=BROWSER_LACKS):
    """Make ``import torch`` and every ``torch.*`` import resolve to booktorch (idempotent).

    ``refuse``: top-level packages whose import raises booktorch's error unless already imported
    (by default the packages the browser lacks; ``()`` refuses none)."""
    _FINDER.refuse = tuple(refuse)
    for name in [n for n in sys.modules if n == "torch" or n.startswith("torch.")]:
        del sys.modules[name]
    for name, module in registry.namespaces().items():
        sys.modules[name] = module
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
