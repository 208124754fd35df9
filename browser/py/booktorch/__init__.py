"""booktorch: a small pure-Python teaching subset of PyTorch for the book's browser cells.

In the browser (Pyodide, no NumPy, no C extensions) the worker calls
:func:`install_as_torch`, so a cell's ``import torch`` (and ``import torch.nn``,
``from torch.autograd import grad``...) gets this package.  Everything here prints and
raises exactly like torch 2.13 on CPU for the subset it covers (checked at build time
against real torch); anything else raises booktorch's "not available in the browser"
error (:func:`booktorch.errors.unsupported`).

Layout (one job per module):

- core: :mod:`.errors`, :mod:`.registry` (how modules declare what they provide), :mod:`.surface`
  (putting it in place once every module is imported),
  :mod:`.signatures`, :mod:`.invalid_arguments` and :mod:`.binding` (torch's argument parser, its
  messages, and putting it in front of each method and function; :mod:`.torch_signatures` is torch's
  table of signatures, written by ``tools/torch_signatures.py``),
  :mod:`.grad_mode`, :mod:`.dtypes` (dtypes, promotion, value conversion),
  :mod:`.dtype_info` (finfo/iinfo), :mod:`.devices`, :mod:`.size`, :mod:`.storage`,
  :mod:`.shape` (broadcasting, view strides), :mod:`.tensor` (the Tensor class),
  :mod:`.iterator` (elementwise plumbing), :mod:`.formatting` (``print``);
- autograd: :mod:`.graph` (nodes, saved tensors), :mod:`.engine` (backward); the tape
  widget's view of the graph is ``booktape.tape``, outside this package;
- operations: ``booktorch/ops/*.py``, each op's forward beside its backward node;
- torch namespaces: :mod:`.autograd`, :mod:`.cuda`, :mod:`.backends`, :mod:`.nn` (with
  :mod:`.nn.utils`: gradient clipping, parameters as one vector), :mod:`.optim`,
  :mod:`.utils.data` (datasets, samplers, DataLoader), :mod:`.distributions`, :mod:`.serialization`
  (``torch.save``/``torch.load`` in torch's file format), :mod:`.version`, and this package
  (``torch``); :mod:`.imports` makes them importable as ``torch.*``.

Importing the package imports every module in it, then :func:`booktorch.surface.finish`
sets the declared methods on Tensor and fills the namespaces.
"""

from . import registry as _registry
from . import surface as _surface
from .imports import install_as_torch  # noqa: F401 - booktorch's own API (not torch's)

_registry.namespace(__name__)
_surface.import_all(__path__[0], __name__ + ".")
_surface.finish()
