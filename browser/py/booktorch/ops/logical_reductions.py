"""``all``, ``any`` (over everything, a dim or a tuple of dims) and ``count_nonzero``.

``all``/``any`` give bool (uint8 for a uint8 tensor, as torch keeps it); an empty reduction is
True for ``all`` and False for ``any``; ``dim=()`` reduces nothing (each element tested on its own,
while ``count_nonzero(dim=())`` counts everything); NaN counts as nonzero.  ``count_nonzero`` gives int64.
None of them is differentiable.
"""

from .. import dtypes as D
from ..reduction_order import reduced_lines
from ..registry import function, method
from ..shape import wrap_dim
from ..tensor import Tensor


def _dims(t, dim, empty_is_all=True):
    """The dims reduced: all of them for None; for ``()`` all of them too (count_nonzero) or none (all/any,
    which then only test each element)."""
    nd = t.dim()
    if dim is None or (isinstance(dim, (tuple, list)) and not dim and empty_is_all):
        return set(range(nd))
    dims = [dim] if isinstance(dim, int) else list(dim)
    seen = []
    for d in dims:
        w = wrap_dim(d, nd)
        if w in seen:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
        seen.append(w)
    return set(seen) if nd else set()


def _truth(t, dim, keepdim, every):
    shape, lines = reduced_lines(t, _dims(t, dim, empty_is_all=False), keepdim)
    vals = [all(x != 0 for x in line) if every else any(x != 0 for x in line) for line in lines]
    if t._dtype is D.uint8:
        return Tensor._from_values([int(v) for v in vals], tuple(shape), D.uint8)
    return Tensor._from_values(vals, tuple(shape), D.bool_)


def _declare_truth(name, every):
    def as_method(self, dim=None, keepdim=False):  # torch's parser has checked the arguments
        return _truth(self, dim, keepdim, every)

    as_method.__name__ = as_method.__qualname__ = name
    method(name)(as_method)
    function(name, tensor_input=True)(as_method)


_declare_truth("all", True)
_declare_truth("any", False)


def _count_nonzero(t, dim):
    shape, lines = reduced_lines(t, _dims(t, dim), False)
    return Tensor._from_values([sum(1 for x in line if x != 0) for line in lines], tuple(shape), D.int64)


@method("count_nonzero")
def count_nonzero_method(self, *dims, dim=None):
    """x.count_nonzero(), (1), ((0, 1)) or, as torch's parser reads varargs, (0, 1)."""
    return _count_nonzero(self, dims if len(dims) > 1 else dims[0] if dims else dim)


@function("count_nonzero")
def count_nonzero(input, dim=None):
    return _count_nonzero(input, dim)
