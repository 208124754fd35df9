"""Flat storage shared by a tensor and all of its views.

A storage is a Python list of element values plus a fake base address, so that
``data_ptr()`` behaves like torch's: views of one storage share the base and add
``storage_offset() * element_size()``.
"""

_next_address = [0x5E7A_0000_0000]


class Storage:
    __slots__ = ("data", "base", "itemsize", "__weakref__")

    def __init__(self, data, itemsize):
        self.data = data
        self.itemsize = itemsize
        nbytes = len(data) * itemsize
        if nbytes == 0:
            self.base = 0  # torch allocates nothing (a null pointer) for empty storage
            return
        self.base = _next_address[0]
        # 64-byte aligned, like torch's CPU allocator
        _next_address[0] += (nbytes + 63) // 64 * 64 + 64

    def __len__(self):
        return len(self.data)

    def nbytes(self):
        return len(self.data) * self.itemsize


class VersionCounter:
    """Counts in-place writes; shared by views (and detach()) like torch's."""

    __slots__ = ("version",)

    def __init__(self):
        self.version = 0

    def bump(self):
        self.version += 1
