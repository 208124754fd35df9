"""torch's message for a call that fits none of a function's signatures (``torch/csrc/utils/invalid_arguments.cpp``).

``format_invalid_args("max()", args, kwargs, printed_signatures)`` is the text of the TypeError: "max()
received an invalid combination of arguments - got (...), but expected one of: ..." with, for each
signature taking as many arguments as were given, why it did not match (the keywords it lacks, or the
arguments !marked! whose type is not the one printed). torch reads the printed signatures back here,
quirks and all, and copies the keywords into a C++ ``std::unordered_map``, whose order (libstdc++'s
hash and bucket lists) is the order they are listed in.
"""

from .registry import c_name


def type_name(obj):
    """What torch's messages call the type of ``obj`` (its C type's ``tp_name``)."""
    return c_name(type(obj))  # booktorch's torch classes carry torch's C names (registry.torch_class)



def format_invalid_args(function_name, args, kwargs, shown):
    """torch's format_invalid_args: ``shown`` are the signatures as printed, hidden ones left out."""
    keys = _unordered_map_order(list(kwargs))
    head = f"{function_name} received an invalid combination of arguments - "
    if len(shown) == 1:
        option = _Option(shown[0])
        unmatched = option.unmatched_keywords(keys, kwargs)
        if unmatched:
            return head + "got unrecognized keyword arguments: " + ", ".join(unmatched)
        got = option.marked(args, kwargs) if option.count_matches(args, kwargs) else _described(args, kwargs, keys)
        return head + f"got {got}, but expected {shown[0]}"
    lines = [head + f"got {_described(args, kwargs, keys)}, but expected one of:"]
    for text in shown:
        lines.append(f" * {text}")
        option = _Option(text)
        if option.count_matches(args, kwargs):
            unmatched = option.unmatched_keywords(keys, kwargs)
            if unmatched:
                lines.append("      didn't match because some of the keywords were incorrect: " + ", ".join(unmatched))
            else:
                lines.append("      didn't match because some of the arguments have invalid types: "
                             + option.marked(args, kwargs))
    return "\n".join(lines) + "\n"


class _Option:
    """invalid_arguments.cpp's reading of a printed signature: its entries split at ", ", each one's name
    after its last space and its type before it ("*" and "Number alpha = 1" are entries too, typed "*"
    and "Number alpha =", so they match nothing)."""

    def __init__(self, text):
        self.entries = []
        for entry in text[1:-1].split(", "):
            kind, _, name = entry.rpartition(" ")
            self.entries.append((name, kind or entry))

    def count_matches(self, args, kwargs):
        return len(args) + len(kwargs) == len(self.entries)

    def unmatched_keywords(self, keys, kwargs):
        start = max(len(self.entries) - len(kwargs), 0)
        names = {name for name, _ in self.entries[start:]}
        return [k for k in keys if k not in names]

    def marked(self, args, kwargs):
        """_formattedArgDesc: each argument's type, marked !type! where it does not match."""
        out = []
        for i in range(len(args) + len(kwargs)):
            name, kind = self.entries[i]
            obj = args[i] if i < len(args) else kwargs[name]
            label = name + "=" if i >= len(args) else ""
            text = label + _element_types(obj)
            out.append(text if _matches(kind, obj) else f"!{text}!")
        return "(" + ", ".join(out) + (", " if out and not args else "") + ")"


def _matches(kind, obj):
    """invalid_arguments.cpp's is_matching: by the argument's type name; "float" takes ints too."""
    name = type_name(obj)
    if kind == "float":
        return name in ("float", "int")
    return name == kind


def _element_types(obj):
    """An argument as _formattedArgDesc names it: ``tuple of (int, str)``, ``torch.Size of (int,)``,
    ``list of [int]``."""
    if isinstance(obj, tuple):
        inner = ", ".join(type_name(v) for v in obj)
        return f"{type_name(obj)} of ({inner}{',' if len(obj) == 1 else ''})"
    if isinstance(obj, list):
        return f"list of [{', '.join(type_name(v) for v in obj)}]"
    return type_name(obj)


def _described(args, kwargs, keys):
    """_argDesc: "(int, str, dim=int)"; with keywords alone the last ", " stays, as torch leaves it."""
    parts = [type_name(a) for a in args] + [f"{k}={type_name(kwargs[k])}" for k in keys]
    return "(" + ", ".join(parts) + (", " if parts and not args else "") + ")"


_MUL = 0xC6A4A7935BD1E995
_MASK = (1 << 64) - 1


def _string_hash(text):
    """libstdc++'s std::hash<std::string> (_Hash_bytes: MurmurHash2 64-bit, seed 0xc70f6907)."""
    data = text.encode()
    n = len(data)
    h = (0xC70F6907 ^ (n * _MUL)) & _MASK
    aligned = n & ~7
    for i in range(0, aligned, 8):
        k = (int.from_bytes(data[i:i + 8], "little") * _MUL) & _MASK
        k = ((k ^ (k >> 47)) * _MUL) & _MASK
        h = ((h ^ k) * _MUL) & _MASK
    if n & 7:
        h = ((h ^ int.from_bytes(data[aligned:], "little")) * _MUL) & _MASK
    h = ((h ^ (h >> 47)) * _MUL) & _MASK
    return h ^ (h >> 47)


def _unordered_map_order(keys):
    """The order in which a libstdc++ std::unordered_map<std::string, ...>, filled with ``keys`` in
    order, lists them: a new key goes in front of the others of its bucket, or at the very front when
    its bucket is empty. The first insert makes 13 buckets (room for 11 keys); past 13 keys the table
    grows and relinks its keys in list order the same way."""
    buckets, order = 13, []
    for key in keys:
        if len(order) + 1 > buckets:
            buckets = _next_prime(max(len(order) + 2, 2 * buckets))
            order = _relinked(order, buckets)
        order = _inserted(order, key, buckets)
    return order


def _inserted(order, key, buckets):
    bucket = _string_hash(key) % buckets
    for i, other in enumerate(order):
        if _string_hash(other) % buckets == bucket:
            return order[:i] + [key] + order[i:]
    return [key] + order


def _relinked(order, buckets):
    out = []
    for key in order:
        out = _inserted(out, key, buckets)
    return out


def _next_prime(n):
    while any(n % d == 0 for d in range(2, int(n ** 0.5) + 1)):
        n += 1
    return n
