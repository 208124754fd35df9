"""booktorch: a small pure-Python teaching subset of PyTorch for the book's browser cells.

In the browser (Pyodide, no NumPy, no C extensions) the runtime aliases
``sys.modules["torch"] = booktorch``, so a cell's ``import torch`` gets this module.
Everything here prints and raises exactly like torch 2.13 on CPU for the subset
it covers (checked at build time against real torch); anything else raises a
``NotImplementedError`` saying it is not available in the browser.

Layout: :mod:`.dtype` (dtypes, promotion, float32 rounding), :mod:`.size`
(``torch.Size``), :mod:`.storage` (flat shared storage), :mod:`.shape`
(broadcasting, view strides), :mod:`.tensor` (the Tensor class),
:mod:`.formatting` (``print`` format), :mod:`.autograd` (graph, engine, tape),
:mod:`.ops` (the operations), :mod:`.errors`.
"""

from . import dtypes as _dt
from .dtypes import dtype
from .size import Size
from .tensor import Tensor, _install_methods

_install_methods()

from . import autograd  # noqa: E402
from .autograd import (  # noqa: E402
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from .errors import unsupported as _unsupported  # noqa: E402
from .formatting import get_printoptions, printoptions, set_printoptions  # noqa: E402
from .ops import elementwise as _E  # noqa: E402
from .ops import join as _J  # noqa: E402
from .ops import linalg as _L  # noqa: E402
from .ops import methods as _M  # noqa: E402
from .ops import reductions as _R  # noqa: E402
from .ops import views as _V  # noqa: E402
from .ops.factories import (  # noqa: E402
    Generator,
    arange,
    as_tensor,
    device,
    empty,
    empty_like,
    eye,
    full,
    full_like,
    initial_seed,
    manual_seed,
    ones,
    ones_like,
    seed,
    tensor,
    zeros,
    zeros_like,
)

__version__ = "0.1.0"

float32 = _dt.float32
float = _dt.float32  # noqa: A001 - torch's alias
int64 = _dt.int64
long = _dt.int64
bool = _dt.bool_  # noqa: A001 - torch's name


class layout:
    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name


strided = layout("strided")


def get_default_dtype():
    return float32


def set_default_dtype(d):
    if d is not float32:
        raise _unsupported(f"torch.set_default_dtype({d!r})")


def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_floating_point(t):
    return t.is_floating_point()


def numel(t):
    return t.numel()


def _wrap_method(name):
    def fn(input, *args, **kwargs):
        if not isinstance(input, Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
        return getattr(Tensor, name)(input, *args, **kwargs)

    fn.__name__ = name
    return fn


for _name in (
    "sum", "mean", "max", "min", "argmax", "argmin", "matmul", "mm", "mv", "dot", "bmm", "outer",
    "reshape", "permute", "transpose", "swapaxes", "swapdims", "t", "unsqueeze", "squeeze", "flatten",
    "clone", "select", "narrow", "exp", "log", "sqrt", "abs", "relu", "sigmoid", "tanh", "reciprocal",
    "sign", "neg", "negative", "eq", "ne", "lt", "le", "gt", "ge", "equal", "allclose", "maximum", "minimum",
    "detach",
):
    globals()[_name] = _wrap_method(_name)


def add(input, other, alpha=1):
    return _E.add(input, other, alpha)


def sub(input, other, alpha=1):
    return _E.sub(input, other, alpha)


subtract = sub


def mul(input, other):
    return _E.mul(input, other)


multiply = mul


def div(input, other):
    return _E.div(input, other)


divide = div
true_divide = div


def pow(input, exponent):  # noqa: A001
    return _E.pow(input, exponent)


def rsub(input, other):
    return _E.rsub(input, other)


def where(condition, input, other):
    return _E.where(condition, input, other)


def cat(tensors, dim=0):
    return _J.cat(tensors, dim)


concat = cat
concatenate = cat


def stack(tensors, dim=0):
    return _J.stack(tensors, dim)


def broadcast_shapes(*shapes):
    from .shape import broadcast_shapes as _bs

    out = ()
    for s in shapes:
        out = _bs(out, tuple(s) if not isinstance(s, int) else (s,))
    return Size(out)


def broadcast_to(input, size):
    return _V.expand(input, tuple(size))


class _ReturnTypes:
    max = _R.max_return
    min = _R.min_return


return_types = _ReturnTypes()


def __getattr__(name):
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(name)
    raise _unsupported(f"torch.{name}")


def __dir__():
    return sorted(k for k in globals() if not k.startswith("_"))


del _name
