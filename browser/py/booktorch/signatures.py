"""torch's Python argument parser (``torch/csrc/utils/python_arg_parser.cpp``) for functions with overloads.

A :class:`Parser` holds a function's signatures, written as torch prints them in its errors::

    rand = Parser("rand", "(tuple of ints size, *, torch.Generator? generator, Tensor out = None, ...)",
                  "(tuple of ints size, *, Tensor out = None, ...)")
    index, args = rand.parse(args, kwargs)   # which overload matched, and {name: value}

A type is one of torch's printed type names (``Tensor``, ``Number``, ``int``, ``float``, ``bool``,
``tuple of ints``, ``torch.Generator``, ``torch.dtype``, ``torch.layout``, ``torch.device``,
``torch.memory_format``, ``object``); ``TYPE? name`` is a required argument that may be None (torch's
``Generator? generator`` without a default), ``= DEFAULT`` an optional one.  Matching follows torch: the
first signature that accepts the arguments wins; when none does, the only plausible signature (by
argument count) explains what is wrong, or else the error lists them all ("received an invalid
combination of arguments").  A single int tuple argument also takes its ints as varargs (``rand(2, 3)``).
Values come back converted: ints and floats from 0-d tensors, an int tuple as a tuple of ints, a Python
type given as a dtype (``dtype=float``) as torch's dtype.
"""

from . import dtypes as D
from .tensor import Tensor

_MISSING = object()
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
_DEFAULTS = {"None": None, "False": False, "True": True, "torch.int64": D.int64}
_PYTHON_DTYPES = {float: D.float64, int: D.int64, bool: D.bool_}
_TP_NAMES = {"torch.Generator": "torch._C.Generator"}  # a type in torch's signatures: its objects' type name


def type_name(obj):
    """What torch's messages call the type of ``obj`` (its C type's ``tp_name``)."""
    cls = type(obj)
    module = getattr(cls, "__module__", "")
    if cls is not Tensor and module in ("torch", "torch._C"):
        return f"{module}.{cls.__name__}"
    return cls.__name__


def _is_int(obj):
    return isinstance(obj, int) and not isinstance(obj, bool)


def _is_index(obj):
    """THPUtils_checkIndex: an int, or anything with __index__ (a one-element integer tensor), not a bool."""
    if isinstance(obj, bool):
        return False
    if isinstance(obj, int):
        return True
    if isinstance(obj, Tensor):
        return obj.numel() == 1 and obj._dtype._kind < 2
    return hasattr(type(obj), "__index__")


def _accepts(kind, obj):
    """FunctionParameter::check (the nullable and default cases are handled by the caller)."""
    if kind == "Tensor":
        return isinstance(obj, Tensor)
    if kind == "object":
        return True
    if kind in ("float", "Number"):
        if isinstance(obj, (int, float)) or (kind == "Number" and isinstance(obj, complex)):
            return True
        return isinstance(obj, Tensor) and not obj._requires_grad and not obj._shape
    if kind == "int":
        if isinstance(obj, Tensor):
            return obj._dtype._kind == 1 and not obj._requires_grad and not obj._shape
        return _is_int(obj)
    if kind == "tuple of ints":
        return isinstance(obj, (tuple, list)) and (not obj or _is_index(obj[0]))
    if kind == "bool":
        return isinstance(obj, bool)
    if kind == "torch.dtype":
        return isinstance(obj, D.dtype) or obj in _PYTHON_DTYPES
    if kind == "torch.device":
        return _is_int(obj) or isinstance(obj, str) or type_name(obj) == "torch.device"
    return type_name(obj) == _TP_NAMES.get(kind, kind)  # torch.Generator, torch.layout, torch.memory_format


class _Param:
    __slots__ = ("kind", "name", "optional", "allow_none", "default", "keyword_only", "text")

    def __init__(self, text, keyword_only):
        spec, _, default = text.partition(" = ")
        kind, _, self.name = spec.rpartition(" ")
        self.allow_none = kind.endswith("?") or default == "None"
        self.kind = kind.rstrip("?")
        self.optional = bool(default)
        self.default = _DEFAULTS.get(default, default) if default else None
        if self.kind in ("int", "float", "Number") and default not in _DEFAULTS and default:
            is_int = self.kind == "int" or (self.kind == "Number" and default.lstrip("-").isdigit())
            self.default = int(default) if is_int else float(default)
        self.keyword_only = keyword_only
        self.text = f"{self.kind} {self.name}" + (f" = {default}" if default else "")


class _Signature:
    def __init__(self, name, text):
        self.name = name
        self.params = []
        keyword_only = False
        for part in text[1:-1].split(", ") if text != "()" else ():
            if part == "*":
                keyword_only = True
            else:
                self.params.append(_Param(part, keyword_only))
        self.min_args = sum(not p.optional for p in self.params)
        self.max_args = len(self.params)
        self.max_pos_args = sum(not p.keyword_only for p in self.params)
        self.varargs = self.max_pos_args == 1 and self.params[0].kind == "tuple of ints"
        shown = []
        for i, p in enumerate(self.params):
            if p.keyword_only and (i == 0 or not self.params[i - 1].keyword_only):
                shown.append("*")
            shown.append(p.text)
        self.text = "(" + ", ".join(shown) + ")"

    def parse(self, args, kwargs, raise_error):
        """{name: value} when the arguments fit, else None (or torch's TypeError with raise_error)."""
        nargs = len(args)
        if nargs > self.max_pos_args and not self.varargs:
            if raise_error:
                raise self._extra_args(nargs)
            return None
        out = {}
        pos = 0
        remaining = len(kwargs)
        for i, p in enumerate(self.params):
            keyword = False
            if pos < nargs:
                if p.keyword_only:
                    if raise_error:
                        raise self._extra_args(nargs)
                    return None
                obj = args[pos]
            else:
                obj = kwargs.get(p.name, _MISSING)
                keyword = True
            if (obj is _MISSING and p.optional) or (obj is None and p.allow_none):
                out[p.name] = p.default
            elif obj is _MISSING:
                if raise_error:
                    raise self._missing(i)
                return None
            elif _accepts(p.kind, obj):
                out[p.name] = self._convert(p, obj)
            elif self.varargs and pos == 0 and not keyword and _is_index(args[0]):
                out[p.name] = self._int_tuple(p, args)
                pos = nargs
                continue
            elif raise_error:
                raise self._type_error(p, obj, keyword, pos)
            else:
                return None
            if not keyword:
                pos += 1
            elif obj is not _MISSING:
                remaining -= 1
        if remaining > 0:
            if raise_error:
                raise self._extra_kwargs(kwargs, nargs)
            return None
        return out

    def _convert(self, p, obj):
        kind = p.kind
        if kind == "tuple of ints":
            return self._int_tuple(p, obj)
        if isinstance(obj, Tensor) and kind in ("int", "float", "Number"):
            obj = obj.item()
            return float(obj) if kind == "float" else obj
        if kind == "float":
            return float(obj)
        if kind == "int" and not _INT64_MIN <= obj <= _INT64_MAX:
            raise ValueError("Overflow when unpacking long long")
        if kind == "torch.dtype":
            return _PYTHON_DTYPES.get(obj, obj) if not isinstance(obj, D.dtype) else obj
        return obj

    def _int_tuple(self, p, items):
        out = []
        for i, item in enumerate(items):
            if _is_int(item):
                if not _INT64_MIN <= item <= _INT64_MAX:  # torch's message goes on with a C++ stack trace
                    raise TypeError(
                        f"{self.name}(): argument '{p.name}' failed to unpack the object at pos {i + 1} with error "
                        "\"Overflow when unpacking long long\""
                    )
                out.append(item)
            elif isinstance(item, Tensor) and item.numel() == 1 and item._dtype._kind < 2:
                out.append(int(item._values()[0]))
            elif not isinstance(item, Tensor) and hasattr(type(item), "__index__"):
                out.append(item.__index__())
            else:
                raise TypeError(
                    f"{self.name}(): argument '{p.name}' failed to unpack the object at pos {i + 1} with error "
                    f"\"type must be tuple of ints,but got {type_name(item)}\""
                )
        return tuple(out)

    def _type_error(self, p, obj, keyword, pos):
        if keyword:
            return TypeError(f"{self.name}(): argument '{p.name}' must be {p.kind}, not {type_name(obj)}")
        where = f"{self.name}(): argument '{p.name}' (position {pos + 1}) must be {p.kind}"
        if p.kind == "tuple of ints" and isinstance(obj, (tuple, list)):
            return TypeError(f"{where}, but found element of type {type_name(obj[0])} at pos 0")
        return TypeError(f"{where}, not {type_name(obj)}")

    def _extra_args(self, nargs):
        if self.min_args != self.max_pos_args:
            return TypeError(
                f"{self.name}() takes from {self.min_args} to {self.max_pos_args} positional arguments but "
                f"{nargs} were given"
            )
        s = "" if self.max_pos_args == 1 else "s"
        return TypeError(
            f"{self.name}() takes {self.max_pos_args} positional argument{s} but {nargs} "
            f"{'was' if nargs == 1 else 'were'} given"
        )

    def _missing(self, index):
        names = [f'"{p.name}"' for p in self.params[index:] if not p.optional]
        s = "s" if len(names) == 1 else ""  # sic: torch's message has the plural the wrong way round
        return TypeError(f"{self.name}() missing {len(names)} required positional argument{s}: {', '.join(names)}")

    def _extra_kwargs(self, kwargs, nargs):
        names = [p.name for p in self.params]
        for key in kwargs:
            if key not in names:
                return TypeError(f"{self.name}() got an unexpected keyword argument '{key}'")
            if names.index(key) < nargs:
                return TypeError(f"{self.name}() got multiple values for argument '{key}'")
        return TypeError("invalid keyword arguments")


class Parser:
    """A torch function's overloads (printed form, see the module docstring)."""

    def __init__(self, name, *signatures):
        self.name = name
        self.signatures = [_Signature(name, s) for s in signatures]

    def parse(self, args, kwargs):
        """(index of the matching signature, {name: value}), or torch's TypeError."""
        if len(self.signatures) == 1:
            return 0, self.signatures[0].parse(args, kwargs, True)
        for i, sig in enumerate(self.signatures):
            out = sig.parse(args, kwargs, False)
            if out is not None:
                return i, out
        n = len(args) + len(kwargs)
        plausible = [s for s in self.signatures if s.min_args <= n <= s.max_args]
        if len(plausible) == 1:
            plausible[0].parse(args, kwargs, True)
        raise TypeError(self._invalid_combination(args, kwargs))

    def _invalid_combination(self, args, kwargs):
        """torch's format_invalid_args (utils/invalid_arguments.cpp), quirks included."""
        got = [type_name(a) for a in args] + [f"{k}={type_name(v)}" for k, v in kwargs.items()]
        lines = [
            f"{self.name}() received an invalid combination of arguments - got ({', '.join(got)}), "
            "but expected one of:"
        ]
        for sig in self.signatures:
            lines.append(f" * {sig.text}")
            entries = sig.text[1:-1].split(", ") if sig.text != "()" else []
            if len(args) + len(kwargs) == len(entries):
                lines.append(_mismatch(entries, args, kwargs))
        return "\n".join(lines) + "\n"


def _mismatch(entries, args, kwargs):
    """The "didn't match because ..." line for a signature with as many entries as arguments given.

    Torch re-reads the printed signature here: "*" and "type name = default" entries match nothing,
    "float" takes ints too."""
    start = max(len(entries) - len(kwargs), 0)
    names = [e.rpartition(" ")[2] for e in entries]
    wrong = [k for k in kwargs if k not in names[start:]]
    if wrong:
        return "      didn't match because some of the keywords were incorrect: " + ", ".join(wrong)
    marked = []
    for i in range(len(args) + len(kwargs)):
        entry = entries[i]
        if i < len(args):
            obj, label = args[i], ""
        else:
            obj, label = kwargs.get(names[i]), names[i] + "="
        kind = entry.rpartition(" ")[0] if " = " not in entry else None
        got = type_name(obj)
        if isinstance(obj, (tuple, list)):
            inner = ", ".join(type_name(x) for x in obj)
            got = f"{got} of " + (f"({inner}{',' if len(obj) == 1 else ''})" if isinstance(obj, tuple) else f"[{inner}]")
        ok = kind is not None and (type_name(obj) in ("float", "int") if kind == "float" else type_name(obj) == kind)
        marked.append(label + got if ok else f"!{label}{got}!")
    return "      didn't match because some of the arguments have invalid types: (" + ", ".join(marked) + ")"
