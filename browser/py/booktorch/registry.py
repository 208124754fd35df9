"""How booktorch's modules declare what they provide, and how the package collects it.

An op module (anything under ``booktorch/ops/``, or any other module of the package)
declares its public names next to the code that implements them::

    @kernel                          # at.mul: the op, callable from any other module
    @method("mul", "multiply")       # Tensor.mul, Tensor.multiply
    @function("mul", "multiply")     # torch.mul, torch.multiply
    def mul(a, b): ...

    prop("shape", getter)            # the Tensor.shape property

``at`` is the table of kernels (named after ATen's ``at::`` namespace): ``at.sum_to(g, shape)``
looks the op up when it is called, so an op's backward can use an op defined in a module that
imports this one, and no op module needs to import another.  ``function(..., namespace=...)``
puts a function into another torch namespace (``"torch.nn.functional"``); a module that *is* a
torch namespace (``booktorch.autograd`` for ``torch.autograd``) calls ``namespace(__name__)``.

This module only collects the declarations; it imports nothing of booktorch but its errors, so
every module can import it.  ``booktorch/__init__.py`` imports every module of the package and
then :func:`booktorch.surface.finish` puts torch's argument parser in front of the declared methods
and functions, sets the methods on Tensor and fills each namespace.  A name declared twice raises
at import, so two modules cannot silently fight over one name.
"""

import sys
from types import FunctionType

from .errors import unsupported

TORCH_PACKAGE = "booktorch"  # this package's name; a namespace booktorch.X is torch.X


class _Kernels:
    """``at.<name>``: every op registered with :func:`kernel`."""

    def __getattr__(self, name):
        raise AssertionError(f"booktorch has no kernel at.{name} (is its module under booktorch/ops?)")


at = _Kernels()
_methods = {}  # Tensor attribute name -> function or property
_functions = {}  # torch namespace ("torch", "torch.autograd", ...) -> {name: object}
_namespaces = {}  # torch namespace -> module name ("torch.autograd" -> "booktorch.autograd")
_owners = {}  # (where, name) -> declaring module, for the duplicate check
_not_yet = set()  # Tensor attributes that only raise booktorch's error
_takes_out = set()  # (namespace, name) of the functions that write their result into out=
_tensor_input = set()  # (namespace, name) of the functions whose first argument must be a tensor


def _claim(where, name, fn):
    key = (where, name)
    owner = getattr(fn, "__module__", None)
    if key in _owners:
        raise RuntimeError(f"{where}.{name} is declared twice: in {_owners[key]} and in {owner}")
    _owners[key] = owner


def kernel(fn):
    """Register ``fn`` as ``at.<fn.__name__>``."""
    _claim("at", fn.__name__, fn)
    setattr(at, fn.__name__, fn)
    return fn


def inplace_form(fn, name):
    """``x.<name>(*args)`` for the out-of-place op ``fn``: its result written into ``x`` by ``at.inplace``
    (which moves ``fn``'s node onto ``x``), declared by ``fn``'s module."""

    def inplace_op(self, *args):
        return at.inplace(self, fn, *args)

    inplace_op.__name__ = inplace_op.__qualname__ = name
    inplace_op.__module__ = fn.__module__
    return inplace_op


def method(*names):
    """Decorator: ``fn`` is the Tensor method (or operator, e.g. ``"__add__"``) of each name."""

    def register(fn):
        for name in names:
            _claim("Tensor", name, fn)
            _methods[name] = fn
        _torch_qualname(fn, names)
        return fn

    return register


def not_yet(what, *names):
    """Tensor methods or operators outside the subset so far (``"The // operator on tensors"``,
    ``"__floordiv__", "__rfloordiv__"``): they raise booktorch's error rather than Python's TypeError,
    and are not part of the surface that parity tests must cover."""

    def method(self, *args, **kwargs):
        raise unsupported(what)

    method.__name__ = names[0]
    for name in names:
        _claim("Tensor", name, method)
        _methods[name] = method
        _not_yet.add(name)


def not_yet_names():
    """The Tensor attributes declared with :func:`not_yet`."""
    return set(_not_yet)


def prop(name, getter, setter=None, deleter=None):
    """Declare the Tensor property ``name``."""
    _claim("Tensor", name, getter)
    _methods[name] = property(getter, setter, deleter)


def function(*names, namespace="torch", tensor_input=False, takes_out=False):
    """Decorator: ``fn`` is ``torch.<name>`` (or ``<namespace>.<name>``) for each name.

    With ``tensor_input=True`` a first argument that is not a tensor raises torch's
    ``TypeError: <name>(): argument 'input' (position 1) must be Tensor, not <type>``.
    With ``takes_out=True`` ``fn`` handles an ``out=`` tensor; for the others, ``out=`` raises
    booktorch's "not available in the browser" error.
    """

    def register(fn):
        table = _functions.setdefault(namespace, {})
        for name in names:
            _claim(namespace, name, fn)
            table[name] = fn
            if tensor_input:
                _tensor_input.add((namespace, name))
            if takes_out:
                _takes_out.add((namespace, name))
        if not tensor_input:
            _torch_qualname(fn, names)
        return fn

    return register


def _torch_qualname(fn, names):
    """Python's argument errors name a function by its __qualname__: "add() takes ...", as torch's do."""
    public = [n for n in names if not n.startswith("__")]
    if public and isinstance(fn, FunctionType):
        fn.__qualname__ = public[0]


class CType(type):
    """The metaclass of booktorch's versions of torch's C types (``torch.dtype``, ``torch.Size``...). A C type
    has two names: Python's own errors use its C name (``'torch.dtype' object is not iterable``), its
    ``__name__`` is the short one (``dtype``). A Python class has one name, which the errors use; this
    metaclass gives back the short one as ``__name__`` (see :func:`torch_class`)."""

    @property
    def __name__(cls):
        return cls.__qualname__


# torch's C types are made by ``type``: that is what the errors and ``type(torch.Size)`` call their type
CType.__module__, CType.__qualname__ = "builtins", "type"
type.__dict__["__name__"].__set__(CType, "type")


def c_name(cls):
    """What Python's errors call ``cls`` (its C ``tp_name``): ``torch.Size`` for booktorch's Size."""
    return type.__dict__["__name__"].__get__(cls)


def torch_class(cls, module):
    """Name ``cls`` (made with :class:`CType`) as torch's C type of that name in ``module``: ``repr(cls)`` is
    ``<class 'torch.dtype'>``, its ``__name__`` ``dtype``, and Python's errors call it ``torch.dtype``."""
    short = c_name(cls).rpartition(".")[2]
    cls.__module__ = module
    cls.__qualname__ = short
    type.__dict__["__name__"].__set__(cls, f"{module}.{short}")
    return cls


def export(namespace, **objects):
    """Put non-function objects (dtypes, classes, constants) into a torch namespace."""
    table = _functions.setdefault(namespace, {})
    for name, obj in objects.items():
        _claim(namespace, name, obj)
        table[name] = obj


def torch_name(module_name):
    """``booktorch.autograd`` -> ``torch.autograd``."""
    return "torch" + module_name[len(TORCH_PACKAGE):]


def namespace(module_name):
    """Declare the module ``module_name`` (``booktorch.X``) to be the namespace ``torch.X``."""
    _namespaces[torch_name(module_name)] = module_name


def namespaces():
    """{torch name: module} of every declared namespace, ``"torch"`` included."""
    return {name: sys.modules[module] for name, module in _namespaces.items()}


def namespace_modules():
    """The module names (``booktorch.autograd``...) of the declared namespaces."""
    return set(_namespaces.values())


def tensor_methods():
    """{name: function or property} of every declared Tensor method and property."""
    return dict(_methods)
