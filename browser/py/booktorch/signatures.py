"""torch's Python argument parser (``torch/csrc/utils/python_arg_parser.cpp``) for functions with overloads.

A :class:`Parser` holds a function's signatures, in either of two forms:

- torch's own, as torchgen writes them for its bindings (``booktorch/torch_signatures.py`` holds them for
  every name booktorch provides): ``Parser.torch("sum(*, ScalarType? dtype=None)", ...)``;
- as torch prints them in its errors, for the few bindings torchgen does not write
  (``torch.tensor``, ``torch.Generator``...): ``Parser("tensor", "(object data, *, torch.dtype dtype = None)")``.

``parser.parse(args, kwargs)`` gives (index of the matching signature, {name: value}) or raises torch's
TypeError. Matching follows torch: the first signature that accepts the arguments wins, deprecated ones
last; when none does, the only plausible signature (by argument count) explains what is wrong, or else
the error lists them all ("received an invalid combination of arguments"). A single int-tuple parameter
also takes its ints as varargs (``view(2, 3)``); ``IntArrayRef[1] dim`` also takes one int; keywords take
numpy's names too (``axis`` for ``dim``, ``keepdims`` for ``keepdim``, ``x``/``a``/``x1`` for ``input``,
``x2`` for ``other``). Values come back converted: ints and floats from 0-d tensors, an int tuple as a
tuple of ints, a Python type given as a dtype (``dtype=float``) as torch's dtype.

The messages of a call that fits no signature are :mod:`booktorch.invalid_arguments`'s; putting a parser in
front of a Tensor method or torch function is :mod:`booktorch.binding`'s.
"""

from . import dtypes as D
from .invalid_arguments import format_invalid_args, type_name  # noqa: F401 - type_name is imported from here
from .tensor import Tensor, warn_once

_MISSING = object()
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
_DEFAULTS = {"None": None, "False": False, "True": True, "torch.int64": D.int64}
_PYTHON_DTYPES = {float: D.float64, int: D.int64, bool: D.bool_}
_TP_NAMES = {"torch.Generator": "torch._C.Generator"}  # a type in torch's signatures: its objects' type name
# torch's C++ parameter types, by the name its errors print
_CPP_KINDS = {
    "Tensor": "Tensor", "Scalar": "Number", "int64_t": "int", "SymInt": "int", "double": "float",
    "complex": "complex", "TensorList": "tuple of Tensors", "c10::List<::std::optional<Tensor>>": "tuple of Tensors",
    "IntArrayRef": "tuple of ints", "SymIntArrayRef": "tuple of ints", "ArrayRef<double>": "tuple of floats",
    "Generator": "torch.Generator", "bool": "bool", "Storage": "torch.Storage", "PyObject*": "object",
    "ScalarType": "torch.dtype", "Layout": "torch.layout", "MemoryFormat": "torch.memory_format",
    "QScheme": "torch.qscheme", "Device": "torch.device", "Stream": "torch.Stream", "std::string": "str",
    "c10::string_view": "str", "Dimname": "name", "DimnameList": "tuple of names", "ScalarList": "tuple of Scalars",
}
# python_arg_parser.cpp's numpy_compatibility_arg_names
_NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"), "other": ("x2",)}
# should_allow_numbers_as_tensors: these take a Python number where a signature says Tensor
_NUMBERS_AS_TENSORS = {
    f"{op}{suffix}" for op in ("add", "div", "divide", "mul", "multiply", "sub", "subtract", "true_divide",
                              "floor_divide") for suffix in ("", "_", "_out")
} | {"to", "_to_copy", "copy_"}


def _is_int(obj):
    """THPUtils_checkLong: an int, not a bool."""
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


def _int_list_fails_at(obj, size):
    """is_int_or_symint_list: None when ``obj`` is an int tuple (or one int, for a sized one), else the
    index of the element that is not an int (-1 when ``obj`` is no list at all)."""
    if isinstance(obj, (tuple, list)):
        return None if not obj or _is_index(obj[0]) else 0
    return None if size > 0 and _is_index(obj) else -1


def _is_scalar(obj):
    """THPUtils_checkScalar."""
    return isinstance(obj, (int, float, complex))


class _Param:
    __slots__ = ("kind", "name", "optional", "allow_none", "default", "keyword_only", "text", "size", "aliases",
                 "numbers_as_tensors", "symint")

    def __init__(self, text, keyword_only, cpp=False, numbers_as_tensors=False):
        if cpp:  # "IntArrayRef[1]? dim=None"
            spec, _, default = text.partition("=")
            cpp_type, _, self.name = spec.partition(" ")
            cpp_type, question, _ = cpp_type.partition("?")
            cpp_type, _, size = cpp_type.partition("[")
            self.allow_none = bool(question) or default == "None"
            self.kind = _CPP_KINDS[cpp_type]
            self.size = int(size[:-1]) if size else 0
            self.symint = cpp_type in ("SymInt", "SymIntArrayRef")
        else:  # "tuple of ints dim = None"
            spec, _, default = text.partition(" = ")
            kind, _, self.name = spec.rpartition(" ")
            self.allow_none = kind.endswith("?") or default == "None"
            self.kind = kind.rstrip("?")
            self.size = 0
            self.symint = False
        self.optional = bool(default)
        self.default = _DEFAULTS.get(default, default) if default else None
        if self.kind in ("int", "float", "Number") and default not in _DEFAULTS and default:
            is_int = self.kind == "int" or (self.kind == "Number" and default.lstrip("-").isdigit())
            number = default.lstrip("-").replace(".", "", 1).replace("e-", "", 1).isdigit()
            # torch reads a default with atol/atof: "at::Reduction::Mean" is 0
            self.default = (int(default) if is_int else float(default)) if number else 0
        self.keyword_only = keyword_only
        self.aliases = _NUMPY_NAMES.get(self.name, ()) if cpp else ()
        self.numbers_as_tensors = numbers_as_tensors
        self.text = f"{self.kind} {self.name}" + (f" = {default}" if default else "")

    def check(self, obj, argnum):
        """FunctionParameter::check: whether ``obj`` fits (None and absent are handled by the caller)."""
        kind = self.kind
        if kind == "Tensor":
            return isinstance(obj, Tensor) or (self.numbers_as_tensors and _is_scalar(obj))
        if kind in ("float", "Number", "complex"):
            if isinstance(obj, (int, float)) or (kind != "float" and isinstance(obj, complex)):
                return True
            return isinstance(obj, Tensor) and not obj._requires_grad and not obj._shape
        if kind == "int":
            if self.symint:
                return _is_index(obj)
            if isinstance(obj, Tensor):
                return obj._dtype._kind == 1 and not obj._requires_grad and not obj._shape
            return _is_int(obj)
        if kind == "tuple of ints":
            return _int_list_fails_at(obj, self.size) is None
        if kind == "bool":
            return isinstance(obj, bool)
        if kind == "torch.dtype":
            return isinstance(obj, D.dtype) or (isinstance(obj, type) and obj in _PYTHON_DTYPES)
        if kind == "torch.device":
            return _is_int(obj) or isinstance(obj, str) or type_name(obj) == "torch.device"
        if kind == "str":
            return isinstance(obj, str)
        if kind == "object":
            return True
        if kind == "tuple of Tensors":
            if not isinstance(obj, (tuple, list)):
                return False
            for i, item in enumerate(obj):  # torch raises here, whether or not the signature is the last hope
                if not isinstance(item, Tensor) and not (item is None and "List<" in self.text):
                    raise TypeError(f"expected Tensor as element {i} in argument {argnum}, but got {type_name(item)}")
            return True
        if kind == "tuple of Scalars":
            return isinstance(obj, (tuple, list)) and all(_is_scalar(v) for v in obj)
        if kind == "tuple of floats":
            return isinstance(obj, (tuple, list)) and (not obj or isinstance(obj[0], (int, float, complex)))
        return type_name(obj) == _TP_NAMES.get(kind, kind)  # torch.Generator, torch.layout, torch.memory_format


def _read_differently(p, obj):
    """Whether torch reads ``obj`` for ``p`` as something else than ``obj`` itself: a tensor given for a
    number, an int tuple holding something else than ints."""
    if p.kind in ("int", "float", "Number"):
        return isinstance(obj, Tensor)
    if p.kind == "tuple of ints":  # a list of one-element tensors, or one 0-d tensor for "IntArrayRef[1] dim"
        return not all(type(v) is int for v in obj) if isinstance(obj, (tuple, list)) else isinstance(obj, Tensor)
    return p.kind == "torch.dtype" and isinstance(obj, type)  # dtype=float is torch.float64


class _Signature:
    def __init__(self, name, text, cpp=False):
        self.name = name
        self.params = []
        self.hidden = self.deprecated = False
        if cpp:  # "sum(IntArrayRef[1]? dim, ...)|deprecated"
            text, _, flag = text.partition("|")
            self.hidden = bool(flag)
            self.deprecated = flag == "deprecated"
            text = text[text.index("("):]
        keyword_only = False
        numbers = cpp and name in _NUMBERS_AS_TENSORS
        for part in text[1:-1].split(", ") if text != "()" else ():
            if part == "*":
                keyword_only = True
            else:
                self.params.append(_Param(part, keyword_only, cpp, numbers))
        self.min_args = sum(not p.optional for p in self.params)
        self.max_args = len(self.params)
        self.max_pos_args = sum(not p.keyword_only for p in self.params)
        self.varargs = self.max_pos_args == 1 and self.params[0].kind == "tuple of ints"
        self.names = {p.name for p in self.params}
        self.by_name = []  # positions of parameters to pass on by name (set by the Parser)
        shown = []
        for i, p in enumerate(self.params):
            if p.keyword_only and (i == 0 or not self.params[i - 1].keyword_only):
                shown.append("*")
            shown.append(p.text)
        self.text = "(" + ", ".join(shown) + ")"

    def parse(self, args, kwargs, raise_error):
        """{name: value} when the arguments fit, else None (or torch's TypeError with raise_error)."""
        nargs = len(args)
        # view(2, 3) is view((2, 3)): when every positional argument makes one int tuple
        varargs = self.varargs and nargs > 0 and _int_list_fails_at(args, self.params[0].size) is None
        if nargs > self.max_pos_args and not varargs:
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
                obj = kwargs.get(p.name, _MISSING) if kwargs else _MISSING
                for alias in p.aliases:
                    if obj is not _MISSING:
                        break
                    obj = kwargs.get(alias, _MISSING)
                keyword = True
            if (obj is _MISSING and p.optional) or (obj is None and p.allow_none):
                out[p.name] = p.default
            elif obj is _MISSING:
                if raise_error:
                    raise self._missing(i)
                return None
            elif p.check(obj, i):
                out[p.name] = obj
            elif varargs and pos == 0 and not keyword:
                out[p.name] = args
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
        # the values are read once a signature fits, as torch's bindings read them (PythonArgs)
        for p in self.params:
            obj = out[p.name]
            if obj is not p.default or p.kind == "tuple of ints":
                out[p.name] = self._convert(p, obj)
        return out

    def passed(self, args, kwargs, values):
        """(args, kwargs) for an implementation: as given, but numbers that came as tensors (and int
        tuples with something else than ints) as torch read them, and keywords under torch's names."""
        if self.deprecated:
            return self._as_current(values)
        if self.varargs and len(args) > 1:
            if not all(type(a) is int for a in args):
                args = (values[self.params[0].name],)
        elif args:
            changed = None
            for p, obj in zip(self.params, args):
                if _read_differently(p, obj):
                    changed = changed or list(args)
                    changed[self.params.index(p)] = values[p.name]
            if changed:
                args = tuple(changed)
        if kwargs:
            out = {}
            for p in self.params:
                if p.name in kwargs:
                    obj = kwargs[p.name]
                else:
                    obj = next((kwargs[a] for a in p.aliases if a in kwargs), _MISSING)
                    if obj is _MISSING:
                        continue
                out[p.name] = values[p.name] if _read_differently(p, obj) else obj
            kwargs = out
            # torch's positional parameters given by name go by position (an implementation may name them
            # otherwise), as far as they follow on from the positional arguments without a gap
            lead = []
            for p in self.params[len(args):]:
                if p.keyword_only or p.name not in kwargs:
                    break
                lead.append(kwargs.pop(p.name))
            if lead:
                args = tuple(args) + tuple(lead)
        if self.by_name and len(args) > self.by_name[0]:
            kwargs = dict(kwargs, **{self.params[i].name: args[i] for i in self.by_name if i < len(args)})
            args = args[:self.by_name[0]]
        return args, kwargs

    def _as_current(self, values):
        """A deprecated overload's call in today's form: its tensors by position, the rest by name
        (``add(2, t)`` is ``add(t, alpha=2)``; ``async`` is ``non_blocking``)."""
        args = tuple(values[p.name] for p in self.params if p.kind == "Tensor" and not p.keyword_only)
        kwargs = {("non_blocking" if p.name == "async" else p.name): values[p.name] for p in self.params
                  if (p.kind != "Tensor" or p.keyword_only) and values[p.name] is not None}
        return args, kwargs

    def _convert(self, p, obj):
        kind = p.kind
        if kind == "tuple of ints":
            if obj is None or obj is p.default:
                return obj
            return self._int_tuple(p, obj if isinstance(obj, (tuple, list)) else (obj,) * p.size)
        if isinstance(obj, Tensor) and kind in ("int", "float", "Number"):
            obj = obj.item()
            return float(obj) if kind == "float" else obj
        if kind == "float":
            return float(obj)
        if kind == "int":
            obj = obj.__index__()
            if not _INT64_MIN <= obj <= _INT64_MAX:
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
                if p.symint and item._dtype._kind == 0:  # SymIntArrayRef reads a bool tensor's item as not integral
                    raise RuntimeError("Expected scalar.isIntegral( false) to be true, but got false.  (Could this "
                                       "error message be improved?  If so, please report an enhancement request to "
                                       "PyTorch.)")
                out.append(int(item._values()[0]))
            elif not isinstance(item, Tensor) and hasattr(type(item), "__index__"):  # True is 1 here
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
        if p.kind == "tuple of ints" and _int_list_fails_at(obj, p.size) == 0:
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
            if not isinstance(key, str):
                return TypeError("keywords must be strings")
            if key not in names:
                return TypeError(f"{self.name}() got an unexpected keyword argument '{key}'")
            if names.index(key) < nargs:
                return TypeError(f"{self.name}() got multiple values for argument '{key}'")
        return TypeError("invalid keyword arguments")


class Parser:
    """A torch function's overloads (see the module docstring)."""

    def __init__(self, name, *signatures, cpp=False):
        self.name = name
        parsed = [_Signature(name, s, cpp) for s in signatures]
        self.signatures = [s for s in parsed if not s.deprecated] + [s for s in parsed if s.deprecated]
        # a parameter that the main signature takes by name only is passed on by name from any overload
        # (subtract(2, 3) matches "subtract(Scalar other, Scalar alpha=1)": alpha=3)
        by_name = {p.name for p in self.signatures[0].params if p.keyword_only}
        for sig in self.signatures:
            sig.by_name = [i for i, p in enumerate(sig.params) if not p.keyword_only and p.name in by_name]

    @classmethod
    def torch(cls, *signatures):
        """A parser of torch's own signature strings (``booktorch/torch_signatures.py``)."""
        return cls(signatures[0].partition("(")[0], *signatures, cpp=True)

    def parse(self, args, kwargs):
        """(index of the matching signature, {name: value}), or torch's TypeError."""
        if len(self.signatures) == 1:
            sig = self.signatures[0]
            out = sig.parse(args, kwargs, True)
            if sig.deprecated:
                self._warn_deprecated(sig)
            return 0, out
        for i, sig in enumerate(self.signatures):
            out = sig.parse(args, kwargs, False)
            if out is not None:
                if sig.deprecated:
                    self._warn_deprecated(sig)
                return i, out
        n = len(args) + len(kwargs)
        plausible = [s for s in self.signatures if s.min_args <= n <= s.max_args and not s.hidden]
        if len(plausible) == 1:
            plausible[0].parse(args, kwargs, True)
        raise TypeError(self._invalid_combination(args, kwargs))

    def _warn_deprecated(self, sig):
        """PythonArgParser::check_deprecated: TORCH_WARN_ONCE, so once a process whichever overload it is."""
        shown = [s.text for s in self.signatures if not s.hidden]
        message = f"This overload of {sig.name} is deprecated:\n\t{sig.name}{sig.text}"
        if shown:
            message += "\nConsider using one of the following signatures instead:" + "".join(
                f"\n\t{sig.name}{text}" for text in shown)
        warn_once("deprecated-overload", message + _TRIGGERED_DEPRECATED, stacklevel=6)  # the call in the cell

    def _invalid_combination(self, args, kwargs):
        return format_invalid_args(f"{self.name}()", args, kwargs, [s.text for s in self.signatures if not s.hidden])


_TRIGGERED_DEPRECATED = " (Triggered internally at /__w/pytorch/pytorch/torch/csrc/utils/python_arg_parser.cpp:1841.)"
