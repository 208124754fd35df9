"""``all``, ``any`` (over everything, a dim or a tuple of dims) and ``count_nonzero``.

``all``/``any`` give bool (uint8 for a uint8 tensor, as torch keeps it); an empty reduction is
True for ``all`` and False for ``any``; NaN counts as nonzero.  ``count_nonzero`` gives int64.
None of them is differentiable.
"""

from .. import dtypes as D
from ..reduction_order import reduced_lines
from ..registry import function, method
from ..shape import wrap_dim
from ..tensor import Tensor


def _dims(t, dim):
    nd = t.dim()
    if dim is None or (isinstance(dim, (tuple, list)) and not dim):
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
    shape, lines = reduced_lines(t, _dims(t, dim), keepdim)
    vals = [all(x != 0 for x in line) if every else any(x != 0 for x in line) for line in lines]
    if t._dtype is D.uint8:
        return Tensor._from_values([int(v) for v in vals], tuple(shape), D.uint8)
    return Tensor._from_values(vals, tuple(shape), D.bool_)


def _is_dim(x):
    if x is None or (isinstance(x, int) and not isinstance(x, bool)):
        return True
    return isinstance(x, (tuple, list)) and all(isinstance(d, int) and not isinstance(d, bool) for d in x)


def _declare_truth(name, every):
    def check(dim):
        if not _is_dim(dim):
            n = type(dim).__name__
            raise TypeError(
                f"{name}() received an invalid combination of arguments - got ({n}), but expected one of:\n"
                f" * ()\n      didn't match because some of the arguments have invalid types: (!{n}!)\n"
                " * (tuple of ints dim = None, bool keepdim = False)\n * (int dim, bool keepdim = False)\n"
            )

    def as_method(self, dim=None, keepdim=False, **kwargs):
        if "axis" in kwargs:
            dim = kwargs.pop("axis")
        if kwargs:
            raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(kwargs))}'")
        check(dim)
        return _truth(self, dim, keepdim, every)

    as_method.__name__ = as_method.__qualname__ = name
    method(name)(as_method)
    function(name, tensor_input=True)(as_method)


_declare_truth("all", True)
_declare_truth("any", False)


def _count_error(got, why):
    raise TypeError(
        f"count_nonzero() received an invalid combination of arguments - got ({got}), but expected one of:\n"
        f" * (int dim = None)\n      didn't match because {why}\n"
        f" * (tuple of ints dim)\n      didn't match because {why}\n"
    )


@method("count_nonzero")
@function("count_nonzero", tensor_input=True)
def count_nonzero(self, dim=None, **kwargs):
    if kwargs:
        keys = ", ".join(kwargs)
        _count_error(", ".join(f"{k}={type(v).__name__}" for k, v in kwargs.items()) + ", ",
                     f"some of the keywords were incorrect: {keys}")
    if not _is_dim(dim):
        _count_error(type(dim).__name__, f"some of the arguments have invalid types: (!{type(dim).__name__}!)")
    shape, lines = reduced_lines(self, _dims(self, dim), False)
    return Tensor._from_values([sum(1 for x in line if x != 0) for line in lines], tuple(shape), D.int64)
