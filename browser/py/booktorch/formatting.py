"""``repr``/``str`` of tensors: a port of ``torch/_tensor_str.py`` (torch 2.13).

Same print options (precision 4, threshold 1000, edgeitems 3, linewidth 80),
same choice between integer / fixed / scientific formatting, same column width,
line wrapping, summarisation with ``...``, and the same suffixes (``size=``,
``dtype=``, ``requires_grad=True``, ``grad_fn=<...>``).
"""

import dataclasses
import math

from . import dtypes as D
from .registry import function, method


@dataclasses.dataclass
class _PrinterOptions:
    precision: int = 4
    threshold: float = 1000
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: object = None


PRINT_OPTS = _PrinterOptions()


@function("set_printoptions")
def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None,
                     sci_mode=None):
    if profile is not None:
        if profile == "default":
            PRINT_OPTS.precision, PRINT_OPTS.threshold, PRINT_OPTS.edgeitems, PRINT_OPTS.linewidth = 4, 1000, 3, 80
        elif profile == "short":
            PRINT_OPTS.precision, PRINT_OPTS.threshold, PRINT_OPTS.edgeitems, PRINT_OPTS.linewidth = 2, 1000, 2, 80
        elif profile == "full":
            PRINT_OPTS.precision, PRINT_OPTS.threshold, PRINT_OPTS.edgeitems, PRINT_OPTS.linewidth = (
                4, math.inf, 3, 80)
    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth
    PRINT_OPTS.sci_mode = sci_mode


def get_printoptions():
    return dataclasses.asdict(PRINT_OPTS)


class printoptions:
    def __init__(self, **kwargs):
        self._kwargs = kwargs

    def __enter__(self):
        self._old = get_printoptions()
        set_printoptions(**self._kwargs)

    def __exit__(self, *exc):
        set_printoptions(**self._old)
        return False


# ------------------------------------------------------------------ nested data
class _Nd:
    """A lightweight row-major array (values + shape) that slices like a tensor."""

    __slots__ = ("vals", "shape")

    def __init__(self, vals, shape):
        self.vals = vals
        self.shape = tuple(shape)

    def dim(self):
        return len(self.shape)

    def size(self, d):
        return self.shape[d]

    def numel(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    def __getitem__(self, i):
        step = 1
        for s in self.shape[1:]:
            step *= s
        if i < 0:
            i += self.shape[0]
        return _Nd(self.vals[i * step:(i + 1) * step], self.shape[1:])

    def rows(self, start, stop):
        step = 1
        for s in self.shape[1:]:
            step *= s
        return _Nd(self.vals[start * step:stop * step], (stop - start,) + self.shape[1:])


def _summarized_values(a):
    """get_summarized_data, returning only the values (for the formatter)."""
    e = PRINT_OPTS.edgeitems
    if a.dim() == 0:
        return list(a.vals)
    if a.dim() == 1:
        if a.size(0) > 2 * e:
            return a.vals[:e] + a.vals[-e:] if e else []
        return list(a.vals)
    if not e:
        return []
    if a.size(0) > 2 * e:
        idx = list(range(e)) + list(range(a.size(0) - e, a.size(0)))
    else:
        idx = range(a.size(0))
    out = []
    for i in idx:
        out.extend(_summarized_values(a[i]))
    return out


# ------------------------------------------------------------------ formatter
class _Formatter:
    def __init__(self, values, floating):
        self.floating_dtype = floating
        self.int_mode = True
        self.sci_mode = False
        self.max_width = 1
        p = PRINT_OPTS.precision
        if not floating:
            for v in values:
                self.max_width = max(self.max_width, len(f"{v}"))
            return
        nonzero_finite = [v for v in values if math.isfinite(v) and v != 0]
        if not nonzero_finite:
            return
        absvals = [abs(v) for v in nonzero_finite]
        vmin = min(absvals)
        vmax = max(absvals)
        for v in nonzero_finite:
            if v != math.ceil(v):
                self.int_mode = False
                break
        if PRINT_OPTS.sci_mode is None:
            self.sci_mode = vmax / vmin > 1000.0 or vmax > 1.0e8 or vmin < 1.0e-4
        else:
            self.sci_mode = PRINT_OPTS.sci_mode
        if self.int_mode:
            if self.sci_mode:
                for v in nonzero_finite:
                    self.max_width = max(self.max_width, len(f"{{:.{p}e}}".format(v)))
            else:
                for v in nonzero_finite:
                    self.max_width = max(self.max_width, len(f"{v:.0f}") + 1)
        else:
            if self.sci_mode:
                for v in nonzero_finite:
                    self.max_width = max(self.max_width, len(f"{{:.{p}e}}".format(v)))
            else:
                for v in nonzero_finite:
                    self.max_width = max(self.max_width, len(f"{{:.{p}f}}".format(v)))

    def width(self):
        return self.max_width

    def format(self, value):
        p = PRINT_OPTS.precision
        if self.floating_dtype:
            if self.sci_mode:
                ret = f"{{:{self.max_width}.{p}e}}".format(value)
            elif self.int_mode:
                ret = f"{value:.0f}"
                if not (math.isinf(value) or math.isnan(value)):
                    ret += "."
            else:
                ret = f"{{:.{p}f}}".format(value)
        else:
            ret = f"{value}"
        return (self.max_width - len(ret)) * " " + ret


def _vector_str(a, indent, summarize, formatter):
    element_length = formatter.width() + 2
    elements_per_line = max(1, math.floor((PRINT_OPTS.linewidth - indent) / element_length))
    e = PRINT_OPTS.edgeitems
    if summarize and not e:
        data = ["..."]
    elif summarize and a.size(0) > 2 * e:
        data = [formatter.format(v) for v in a.vals[:e]] + [" ..."] + [formatter.format(v) for v in a.vals[-e:]]
    else:
        data = [formatter.format(v) for v in a.vals]
    data_lines = [data[i:i + elements_per_line] for i in range(0, len(data), elements_per_line)]
    lines = [", ".join(line) for line in data_lines]
    return "[" + ("," + "\n" + " " * (indent + 1)).join(lines) + "]"


def _tensor_str_with_formatter(a, indent, summarize, formatter):
    dim = a.dim()
    if dim == 0:
        return formatter.format(a.vals[0])
    if dim == 1:
        return _vector_str(a, indent, summarize, formatter)
    e = PRINT_OPTS.edgeitems
    if summarize and a.size(0) > 2 * e:
        slices = (
            [_tensor_str_with_formatter(a[i], indent + 1, summarize, formatter) for i in range(e)]
            + ["..."]
            + [_tensor_str_with_formatter(a[i], indent + 1, summarize, formatter)
               for i in range(a.size(0) - e, a.size(0))]
        )
    else:
        slices = [_tensor_str_with_formatter(a[i], indent + 1, summarize, formatter) for i in range(a.size(0))]
    tensor_str = ("," + "\n" * (dim - 1) + " " * (indent + 1)).join(slices)
    return "[" + tensor_str + "]"


def _tensor_str(a, indent, floating):
    if a.numel() == 0:
        return "[]"
    summarize = a.numel() > PRINT_OPTS.threshold
    vals = _summarized_values(a) if summarize else a.vals
    formatter = _Formatter(vals, floating)
    return _tensor_str_with_formatter(a, indent, summarize, formatter)


def _add_suffixes(tensor_str, suffixes, indent, force_newline):
    tensor_strs = [tensor_str]
    last_line_len = len(tensor_str) - tensor_str.rfind("\n") + 1
    for suffix in suffixes:
        suffix_len = len(suffix)
        if force_newline or last_line_len + suffix_len + 2 > PRINT_OPTS.linewidth:
            tensor_strs.append(",\n" + " " * indent + suffix)
            last_line_len = indent + suffix_len
            force_newline = False
        else:
            tensor_strs.append(", " + suffix)
            last_line_len += suffix_len + 2
    tensor_strs.append(")")
    return "".join(tensor_strs)


@method("__repr__", "__str__")
def tensor_repr(t, *, tensor_contents=None):
    prefix = "tensor("
    indent = len(prefix)
    suffixes = []
    dt = t._dtype
    default = D.get_default_dtype()
    has_default_dtype = dt is default or dt is D.int64 or dt is D.bool_
    shape = tuple(t._shape)
    n = 1
    for s in shape:
        n *= s
    if n == 0:
        if len(shape) != 1:
            suffixes.append("size=" + str(shape))
        if dt is not default:
            suffixes.append("dtype=" + str(dt))
        tensor_str = "[]"
    else:
        if not PRINT_OPTS.edgeitems:
            suffixes.append("size=" + str(shape))
        if not has_default_dtype:
            suffixes.append("dtype=" + str(dt))
        tensor_str = _tensor_str(_Nd(t._values(), shape), indent, dt.is_floating_point)
    if t._grad_fn is not None:
        suffixes.append(f"grad_fn=<{_grad_fn_type_name(t._grad_fn)}>")
    elif t._requires_grad:
        suffixes.append("requires_grad=True")
    return _add_suffixes(prefix + tensor_str, suffixes, indent, force_newline=False)


def _grad_fn_type_name(fn):
    name = fn.name()
    if name.startswith("torch::autograd::"):
        return name.rsplit("::", 1)[-1]
    return name
