"""torch.Size: a tuple subclass that prints as ``torch.Size([2, 3])``."""

from .registry import CType, export, torch_class


class Size(tuple, metaclass=CType):
    __slots__ = ()

    def __new__(cls, iterable=()):
        values = tuple(iterable)
        for i, v in enumerate(values):
            if not isinstance(v, int) and not hasattr(v, "__index__"):
                raise TypeError(f"torch.Size() takes an iterable of 'int' (item {i} is '{type(v).__name__}')")
        return super().__new__(cls, (int(v) for v in values))

    def __repr__(self):
        return f"torch.Size([{', '.join(str(v) for v in self)}])"

    __str__ = __repr__

    def __getitem__(self, key):
        r = tuple.__getitem__(self, key)
        if isinstance(key, slice):
            return Size(r)
        return r

    def __add__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(tuple(self) + tuple(other))

    def __radd__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(tuple(other) + tuple(self))

    def __mul__(self, n):
        return Size(tuple(self) * n)

    __rmul__ = __mul__

    def numel(self):
        n = 1
        for v in self:
            n *= v
        return n

    def __reduce__(self):
        return (Size, (tuple(self),))


torch_class(Size, "torch")
export("torch", Size=Size)
