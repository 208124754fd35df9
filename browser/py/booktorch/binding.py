"""Putting torch's argument parser in front of booktorch's implementations.

``surface.finish`` wraps every Tensor method and torch function that torch binds in C++ with :func:`bind`
(torch's signature strings from ``booktorch/torch_signatures.py``): a call torch's parser refuses raises
torch's TypeError before the implementation runs. Methods that take nothing but ``self`` get
:func:`no_arguments`. Python code that torch writes itself (``Tensor.split``, ``torch.norm``) is written the
same way in booktorch and parses its inner calls with :func:`parse_under_python`.
"""

from .errors import unsupported
from .signatures import _INT64_MAX, _INT64_MIN, Parser
from .tensor import Tensor


def parsed(fn):
    """Decorator: the implementation of an overloaded torch name takes what torch's parser read, by torch's
    names (``max_form(self, other=...)`` or ``max_form(self, dim=..., keepdim=...)``), so it knows which
    overload matched (``x.max(torch.tensor(1))`` is max(Tensor other), not max(int dim))."""
    fn.takes_parsed = True
    return fn


def int_tuple(value):
    """A tuple-of-ints argument as torch's parser passes it on to an implementation: the ints of a method's
    varargs (``x.view(2, 3)`` gives ``(2, 3)``), of one sequence (``x.view((2, 3))``, ``torch.Size``), or one
    int where the parameter has a size (``x.roll(1)``), as a tuple."""
    if isinstance(value, int):
        return (value,)
    if len(value) == 1 and not isinstance(value[0], int):
        return tuple(value[0])
    return tuple(value)


def bind(fn, signatures, function_form, takes_out=True, namespace="torch"):
    """``fn`` behind torch's parser of ``signatures`` (torch's strings, made into a parser on the first
    call): a refused call raises torch's error; an accepted one reaches ``fn`` as given, except that
    numpy's keyword names (``axis``...) become torch's and a number given as a tensor (a 0-d tensor for
    an int, a list of one-element tensors for a tuple of ints) arrives as the number torch reads. An
    implementation marked :func:`parsed` gets the parsed values by name instead."""
    parser = None
    by_name = getattr(fn, "takes_parsed", False)
    straight = set()  # argument types that torch's parser always passes through unchanged (see below)

    def passed(args, kwargs):
        nonlocal parser
        if not kwargs and not by_name and _straight_key(args) in straight:
            return args, kwargs  # the hot path: x.add(y), x.view(2, 3), x.size(0), as parsed before
        if parser is None:
            parser = Parser.torch(*signatures)
        index, values = parser.parse(args, kwargs)
        if by_name:
            return (), values
        given = parser.signatures[index].passed(args, kwargs, values)
        if not kwargs and given[0] is args and not given[1] and _always_matches(parser, index, args):
            straight.add(_straight_key(args))
        return given

    def method(self, *args, **kwargs):
        if not kwargs and not by_name and _straight_key(args) in straight:
            return fn(self, *args)  # the hot path (passed's first line, without its call)
        args, kwargs = passed(args, kwargs)
        return fn(self, *args, **kwargs)

    def function(*args, **kwargs):
        if not kwargs and not by_name and _straight_key(args) in straight:
            return fn(*args)  # the hot path, as in method
        args, kwargs = passed(args, kwargs)
        if not takes_out and "out" in kwargs:  # out=None is no out
            if kwargs["out"] is not None:
                raise unsupported(f"{namespace}.{parser.name.removeprefix('linalg_')}(..., out=...)")
            kwargs = {k: v for k, v in kwargs.items() if k != "out"}
        return fn(*args, **kwargs)

    bound = _named_like(function if function_form else method, fn)
    bound.torch_signatures = signatures  # what it parses (tests/teaching/test_signature_table.py)
    return bound


def _straight_key(args):
    """The argument types, when every argument is a plain int in int64's range or a plain tensor, else
    None: for those the parser's verdict depends on the types alone (see _always_matches)."""
    if len(args) == 1:  # most calls: x.add(y), x.sum(0)
        t = type(args[0])
        if t is Tensor or (t is int and _INT64_MIN <= args[0] <= _INT64_MAX):
            return (t,)
        return None
    key = []
    for a in args:
        t = type(a)
        if t is int:
            if not _INT64_MIN <= a <= _INT64_MAX:
                return None
        elif t is not Tensor:
            return None
        key.append(t)
    return tuple(key)


def _always_matches(parser, index, args):
    """Whether every later call with the same plain types (no keywords) matches signature ``index``.
    Ints are accepted or refused by type alone; a tensor's fit to an int or number parameter depends on
    its values, so tensors count only for the first signature, and only where it takes a tensor."""
    sig = parser.signatures[index]
    key = _straight_key(args)
    if key is None or sig.deprecated or (Tensor in key and index != 0):
        return False
    if sig.varargs and len(args) > 1:
        return Tensor not in key
    for p, a in zip(sig.params, args):
        if type(a) is Tensor and p.kind != "Tensor":
            return False
        if type(a) is int and p.kind not in ("int", "float", "Number", "tuple of ints"):
            return False
    return True


_UNDER = {}  # (where, name) -> the Parser, made on first use


def parse_under_python(where, name, args, kwargs=None):
    """Parse as a C++ binding that torch's Python code calls does (``("torch", "split")`` is torch._VF.split,
    which Tensor.split calls; ``("Tensor", "unflatten")`` is TensorBase.unflatten): the matching signature's
    index and its values, or torch's TypeError."""
    key = (where, name)
    if key not in _UNDER:
        from . import torch_signatures as table

        bound = {"Tensor": table.METHODS, "torch": table.FUNCTIONS}.get(where, {})
        _UNDER[key] = Parser.torch(*(table.UNDER_PYTHON.get(key) or bound[name]))
    return _UNDER[key].parse(tuple(args), kwargs or {})


def no_arguments(fn, shown, bound=True):
    """A Tensor method (or a torch function, ``bound=False``) that takes nothing more (METH_NOARGS in
    torch): Python's errors for anything more, naming it ``shown`` (``TensorBase.exp``)."""
    def refuse(args, kwargs):
        if kwargs:
            raise TypeError(f"{shown}() takes no keyword arguments")
        raise TypeError(f"{shown}() takes no arguments ({len(args)} given)")

    def method(self, *args, **kwargs):
        if args or kwargs:
            refuse(args, kwargs)
        return fn(self)

    def function(*args, **kwargs):
        if args or kwargs:
            refuse(args, kwargs)
        return fn()

    return _named_like(method if bound else function, fn)


def _named_like(wrapper, fn):
    wrapper.__name__ = getattr(fn, "__name__", wrapper.__name__)
    wrapper.__qualname__ = getattr(fn, "__qualname__", wrapper.__qualname__)
    wrapper.__doc__ = getattr(fn, "__doc__", None)
    wrapper.__wrapped__ = fn
    return wrapper
