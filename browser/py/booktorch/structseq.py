"""Named tuples that print as torch's return types (CPython "struct sequences")::

    torch.return_types.max(
    values=tensor([3., 4.]),
    indices=tensor([1, 0]))

A module that returns one declares it with :func:`structseq` (``structseq("max", "values",
"indices")``); the class is also ``torch.return_types.<name>``.
"""

from .registry import export


class _StructSeq(tuple):
    """A tuple with named fields, as torch's return types are (``n_fields``, ``n_sequence_fields``...)."""

    _fields = ()

    def __new__(cls, sequence, *extra):
        if extra or isinstance(sequence, dict) or not hasattr(sequence, "__iter__"):
            raise TypeError("constructor requires a sequence")
        items = tuple(sequence)
        if len(items) != len(cls._fields):
            raise TypeError(f"torch.return_types.{cls.__name__}() takes a {len(cls._fields)}-sequence "
                            f"({len(items)}-sequence given)")
        return super().__new__(cls, items)

    def __repr__(self):
        body = ",\n".join(f"{name}={value!r}" for name, value in zip(self._fields, self))
        return f"torch.return_types.{type(self).__name__}(\n{body})"

    __str__ = __repr__

    def __reduce__(self):
        return (type(self), (tuple(self),))


def _field(index):
    return property(lambda self: tuple.__getitem__(self, index))


def structseq(name, *fields):
    """The return type ``torch.return_types.<name>`` with the given field names."""
    attrs = {"_fields": fields, "n_fields": len(fields), "n_sequence_fields": len(fields), "n_unnamed_fields": 0,
             "__module__": "torch.return_types", "__qualname__": name, "__slots__": ()}
    attrs.update({f: _field(i) for i, f in enumerate(fields)})
    cls = type(name, (_StructSeq,), attrs)
    export("torch.return_types", **{name: cls})
    return cls
