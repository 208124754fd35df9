"""Named tuples that print as torch's return types (CPython "struct sequences")::

    torch.return_types.max(
    values=tensor([3., 4.]),
    indices=tensor([1, 0]))

A module that returns one declares it with :func:`structseq` (``structseq("max", "values",
"indices")``); the class is also ``torch.return_types.<name>``.
"""

from .registry import CType, c_name, export, torch_class


class _StructSeq(tuple, metaclass=CType):
    """A tuple with named fields, as torch's return types are (``n_fields``, ``n_sequence_fields``...)."""

    _fields = ()

    def __new__(cls, sequence, *extra):
        if extra or isinstance(sequence, dict) or not hasattr(sequence, "__iter__"):
            raise TypeError("constructor requires a sequence")
        items = tuple(sequence)
        if len(items) != len(cls._fields):
            raise TypeError(f"{c_name(cls)}() takes a {len(cls._fields)}-sequence "
                            f"({len(items)}-sequence given)")
        return super().__new__(cls, items)

    def __repr__(self):
        body = ",\n".join(f"{name}={value!r}" for name, value in zip(self._fields, self))
        return f"{c_name(type(self))}(\n{body})"

    __str__ = __repr__

    def __reduce__(self):
        return (type(self), (tuple(self),))


def _field(index):
    return property(lambda self: tuple.__getitem__(self, index))


def structseq(name, *fields):
    """The return type ``torch.return_types.<name>`` with the given field names."""
    attrs = {"_fields": fields, "n_fields": len(fields), "n_sequence_fields": len(fields), "n_unnamed_fields": 0,
             "__slots__": ()}
    attrs.update({f: _field(i) for i, f in enumerate(fields)})
    cls = torch_class(type(name, (_StructSeq,), attrs), "torch.return_types")
    export("torch.return_types", **{name: cls})
    return cls
