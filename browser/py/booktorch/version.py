"""``torch.version``: what the CPU build of torch 2.13.0 that booktorch mirrors says about itself (no CUDA,
ROCm or XPU; ``torch.__version__`` is this ``__version__``, see :mod:`booktorch.torch_version`)."""


from .registry import export as _export
from .registry import namespace as _namespace
from .torch_version import __version__

_namespace(__name__)

cuda = None
hip = None
rocm = None
xpu = None
debug = False
git_version = "cf30153c4c131c8164ee7798e5022d810682e2cb"

_export("torch", __version__=__version__)
