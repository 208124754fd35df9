"""``sort``, ``argsort``, ``topk``, ``median``, ``nanmedian``, ``mode`` and ``unique``, with their backward nodes.

Which of several equal values torch reports (its index) follows torch's CPU code:

- ``sort``/``argsort`` with ``stable=True`` keep equal values in their original order; by default
  torch runs libstdc++'s (unstable) ``std::sort``, which orders equal values differently beyond
  16 elements; NaN sorts above everything; the values keep the input's layout, as torch sorts a
  copy in place;
- ``topk`` runs libstdc++'s ``partial_sort`` (when ``k * 64 <= n``) or ``nth_element`` followed by
  ``sort`` of the first ``k - 1`` (:mod:`booktorch.stl_sort` reproduces them swap for swap);
- ``median`` along a dim is the element of rank ``(n - 1) // 2`` ordered by (value, index), the
  first NaN if there is one; ``mode`` is the smallest most frequent value, with the index of the
  last of its copies after libstdc++'s ``sort``;
- ``unique`` sorts with that ``std::sort`` (on CPU also with ``sorted=False``; slices compared
  lexicographically for ``dim=``), then merges equal neighbours; NaNs stay distinct.
"""

from .. import dtypes as D
from .. import stl_sort
from ..graph import Node, record
from ..iterator import new_strided
from ..reduction_order import saved_dims, wrapped_dims
from ..binding import parse_under_python, parsed
from ..registry import at, function, kernel, method
from ..shape import contiguous_strides, numel, positions, preserve_strides, wrap_dim
from ..structseq import structseq
from ..tensor import Tensor

sort_return = structseq("sort", "values", "indices")
topk_return = structseq("topk", "values", "indices")
median_return = structseq("median", "values", "indices")
nanmedian_return = structseq("nanmedian", "values", "indices")
mode_return = structseq("mode", "values", "indices")


def _isnan(x):
    return x != x


# ------------------------------------------------------------------ lines along a dim
def _lines(t, d):
    """The values of ``t`` along dim ``d``, one list per index of the other dims (row-major)."""
    shape, stride = t._shape, t._stride
    others = [k for k in range(len(shape)) if k != d]
    along = [i * stride[d] for i in range(shape[d])]
    data = t._storage.data
    return [[data[base + a] for a in along]
            for base in positions([shape[k] for k in others], [stride[k] for k in others], t._offset)]


def _assemble(lines, shape, d):
    """Row-major values of a tensor of ``shape`` whose lines along ``d`` are ``lines``."""
    out = [None] * numel(shape)
    step = contiguous_strides(shape)[d]
    n = shape[d]
    for idx, line in enumerate(lines):
        base = (idx // step) * step * n + idx % step
        for i, v in enumerate(line):
            out[base + i * step] = v
    return out


def _dim(t, dim):
    return wrap_dim(dim, t.dim())


# ------------------------------------------------------------------ sort / argsort
def _sort_key(descending):
    if descending:
        return lambda p: (not _isnan(p[0]), -p[0] if not _isnan(p[0]) else 0.0)
    return lambda p: (_isnan(p[0]), p[0] if not _isnan(p[0]) else 0.0)


def _sorted_line(line, descending, stable):
    if stable:
        pairs = sorted(zip(line, range(len(line))), key=_sort_key(descending))
    else:  # std::sort with torch's KeyValueCompAsc / KeyValueCompDesc
        pairs = list(zip(line, range(len(line))))
        if descending:
            def less(a, b):
                return (_isnan(a[0]) and not _isnan(b[0])) or a[0] > b[0]
        else:
            def less(a, b):
                return (not _isnan(a[0]) and _isnan(b[0])) or a[0] < b[0]
        stl_sort.sort(pairs, 0, len(pairs), less)
    return [p[0] for p in pairs], [p[1] for p in pairs]


@kernel
def sort(t, dim=-1, descending=False, stable=False, stable_overload=False):
    """``stable_overload``: called as torch's ``sort.stable`` (``stable=`` given), whose node is ``SortBackward1``."""
    if t.dim() == 0:
        _dim(t, dim)  # 0 or -1
        values = Tensor._from_values(t._values(), (), t._dtype)
        indices = Tensor._from_values([0], (), D.int64)
    else:
        d = _dim(t, dim)
        vals, idxs = [], []
        for line in _lines(t, d):
            v, i = _sorted_line(line, descending, stable)
            vals.append(v)
            idxs.append(i)
        shape = tuple(t._shape)
        stride = preserve_strides(shape, t._stride)
        values = new_strided(_assemble(vals, shape, d), shape, stride, t._dtype)
        indices = new_strided(_assemble(idxs, shape, d), shape, stride, D.int64)
    record(SortBackward1 if stable_overload else SortBackward0, (t,), values, dim=saved_dims(dim),
           self_sym_sizes=tuple(t._shape), indices=indices)
    return sort_return((values, indices))


class _SelectingBackward(Node):
    """grad scattered back to the positions the values came from."""

    keepdim = True
    saves = ("indices",)
    saved_outputs = ("indices",)  # the op's second output

    def apply(self, grad):
        sv = self._svals
        keepdim = sv.get("keepdim", self.keepdim)
        d = wrapped_dims(sv["dim"], len(sv["self_sym_sizes"]))
        return [at.value_selecting_backward(grad, d, self.saved("indices"), sv["self_sym_sizes"], keepdim)]


class SortBackward0(_SelectingBackward):
    _name = "SortBackward0"


class SortBackward1(_SelectingBackward):
    _name = "SortBackward1"


# ------------------------------------------------------------------ topk
def _topk_line(line, k, largest, is_sorted):
    q = list(zip(line, range(len(line))))
    if largest:
        def less(x, y):
            return (_isnan(x[0]) and not _isnan(y[0])) or x[0] > y[0]
    else:
        def less(x, y):
            return (not _isnan(x[0]) and _isnan(y[0])) or x[0] < y[0]
    n = len(q)
    if k * 64 <= n:
        stl_sort.partial_sort(q, 0, k, n, less)
    else:
        stl_sort.nth_element(q, 0, k - 1, n, less)
        if is_sorted:
            stl_sort.sort(q, 0, k - 1, less)  # torch sorts the first k - 1; nth_element placed the k-th
    return [p[0] for p in q[:k]], [p[1] for p in q[:k]]


@kernel
def topk(t, k, dim=-1, largest=True, is_sorted=True):
    d = _dim(t, dim)  # the dim, k, then the dtype, as torch checks them
    size = t._shape[d] if t.dim() else 1
    if k < 0 or k > size:
        raise RuntimeError("selected index k out of range")
    if t._dtype is D.bool_:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    if t.dim() == 0:
        _dim(t, dim)  # 0 or -1
        values = Tensor._from_values(t._values(), (), t._dtype)
        indices = Tensor._from_values([0], (), D.int64)
    else:
        shape = list(t._shape)
        shape[d] = k
        vals, idxs = [], []
        for line in _lines(t, d):
            v, i = _topk_line(line, k, largest, is_sorted) if k else ([], [])
            vals.append(v)
            idxs.append(i)
        values = Tensor._from_values(_assemble(vals, shape, d), tuple(shape), t._dtype)
        indices = Tensor._from_values(_assemble(idxs, shape, d), tuple(shape), D.int64)
    record(TopkBackward0, (t,), values, dim=saved_dims(dim), self_sym_sizes=tuple(t._shape), indices=indices)
    return topk_return((values, indices))


class TopkBackward0(_SelectingBackward):
    _name = "TopkBackward0"


# ------------------------------------------------------------------ median / nanmedian
def _median_check(t, kernel_name):
    """torch's kernels for both median and nanmedian: "median_cpu" over everything, "median_out" along a dim."""
    if t._dtype is D.bool_:
        raise NotImplementedError(f'"{kernel_name}" not implemented for \'Bool\'')


def _median_of(line, ignore_nan):
    """(value, index) of the median of one line, as torch's median_with_indices_impl picks it: the first
    NaN (median), else ``nth_element`` of the indices ordered by (value, index), NaN last (nanmedian)."""
    if not ignore_nan:
        for i, v in enumerate(line):
            if _isnan(v):
                return v, i
    nans = sum(1 for v in line if _isnan(v)) if ignore_nan else 0
    nth = int((len(line) - nans - 1) / 2)  # C++ division truncates toward zero

    def less(i, j):
        a, b = line[i], line[j]
        return a < b or (a == b and i < j) or (ignore_nan and _isnan(b) and not _isnan(a))

    idx = list(range(len(line)))
    stl_sort.nth_element(idx, 0, nth, len(idx), less)
    return line[idx[nth]], idx[nth]


def _median_all(t, ignore_nan, node_class):
    vals = t._values()
    if not vals:  # torch's NaN, cast (even to bool: True)
        value = D.convert([float("nan")], D.float32, t._dtype)[0]
    elif t._dtype is D.bool_:
        _median_check(t, "median_cpu")
    elif not ignore_nan and any(_isnan(v) for v in vals):
        value = float("nan")
    else:
        nan_count = sum(1 for v in vals if _isnan(v))
        buf = list(vals)
        nth = (len(buf) - nan_count - 1) // 2
        stl_sort.nth_element(buf, 0, max(nth, 0), len(buf), lambda a, b: a < b or (_isnan(b) and not _isnan(a)))
        value = buf[max(nth, 0)]
    out = Tensor._from_values([value], (), t._dtype)
    record(node_class, (t,), out, self=t, result=out)
    return out


def _median_dim(t, dim, keepdim, ignore_nan, node_class, returns):
    d = _dim(t, dim)
    if t.dim() and t._shape[d] == 0:  # nanmedian's message names median too
        raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")
    _median_check(t, "median_out")
    if t.dim() == 0:
        _dim(t, dim)  # 0 or -1
        values = Tensor._from_values(t._values(), (), t._dtype)
        indices = Tensor._from_values([0], (), D.int64)
    else:
        pairs = [_median_of(line, ignore_nan) for line in _lines(t, d)]
        shape = [1 if k == d else s for k, s in enumerate(t._shape)] if keepdim else \
            [s for k, s in enumerate(t._shape) if k != d]
        values = Tensor._from_values([p[0] for p in pairs], tuple(shape), t._dtype)
        indices = Tensor._from_values([p[1] for p in pairs], tuple(shape), D.int64)
    record(node_class, (t,), values, dim=saved_dims(dim), keepdim=keepdim, self_sym_sizes=tuple(t._shape),
           indices=indices)
    return returns((values, indices))


@kernel
def median(t, dim=None, keepdim=False):
    if dim is None:
        return _median_all(t, False, MedianBackward0)
    return _median_dim(t, dim, keepdim, False, MedianBackward1, median_return)


@kernel
def nanmedian(t, dim=None, keepdim=False):
    if dim is None:
        return _median_all(t, True, NanmedianBackward0)
    return _median_dim(t, dim, keepdim, True, NanmedianBackward1, nanmedian_return)


class _EvenlyDistributed(Node):
    saves = ("self", "result")

    def apply(self, grad):
        return [at.evenly_distribute_backward(grad, self.saved("self"), self.saved("result"))]


class MedianBackward0(_EvenlyDistributed):
    _name = "MedianBackward0"


class NanmedianBackward0(_EvenlyDistributed):
    _name = "NanmedianBackward0"


class MedianBackward1(_SelectingBackward):
    _name = "MedianBackward1"


class NanmedianBackward1(_SelectingBackward):
    _name = "NanmedianBackward1"


# ------------------------------------------------------------------ mode
def _mode_of(line):
    elements = list(zip(line, range(len(line))))
    stl_sort.sort(elements, 0, len(elements), lambda a, b: a[0] < b[0])
    mode, index, run, best = D.zero_of(D.float64), 0, 0, 0
    for i, (v, j) in enumerate(elements):
        run += 1
        if i == len(elements) - 1 or v != elements[i + 1][0]:
            if run > best:
                mode, index, best = v, j, run
            run = 0
    return mode, index


@kernel
def mode(t, dim=-1, keepdim=False):
    d = _dim(t, dim)
    if t.dim() and t._shape[d] == 0:
        raise IndexError(f"mode(): Expected reduction dim {d} to have non-zero size.")
    if t.dim() == 0:
        _dim(t, dim)  # 0 or -1
        values = Tensor._from_values(t._values(), (), t._dtype)
        indices = Tensor._from_values([0], (), D.int64)
    else:
        pairs = [_mode_of(line) for line in _lines(t, d)]
        shape = [1 if k == d else s for k, s in enumerate(t._shape)] if keepdim else \
            [s for k, s in enumerate(t._shape) if k != d]
        values = Tensor._from_values(D.convert([p[0] for p in pairs], t._dtype, t._dtype), tuple(shape), t._dtype)
        indices = Tensor._from_values([p[1] for p in pairs], tuple(shape), D.int64)
    record(ModeBackward0, (t,), values, dim=saved_dims(dim), keepdim=keepdim, self_sym_sizes=tuple(t._shape),
           indices=indices)
    return mode_return((values, indices))


class ModeBackward0(_SelectingBackward):
    _name = "ModeBackward0"


# ------------------------------------------------------------------ unique
class _NoDerivative(Node):
    _op = ""

    def apply(self, grad):
        raise NotImplementedError(f"the derivative for '{self._op}' is not implemented.")


class Unique2Backward0(_NoDerivative):
    _name = "Unique2Backward0"
    _op = "_unique2"


class UniqueDimBackward0(_NoDerivative):
    _name = "UniqueDimBackward0"
    _op = "unique_dim"


def _unique_flat(t):
    vals = t._values()
    _, order = _sorted_line(vals, False, False)  # torch sorts the flattened values with its (unstable) sort
    uniq, counts, inverse = [], [], [0] * len(vals)
    for i in order:
        v = vals[i]
        if uniq and not _isnan(v) and uniq[-1] == v:
            counts[-1] += 1
        else:
            uniq.append(v)
            counts.append(1)
        inverse[i] = len(uniq) - 1
    return uniq, counts, inverse


def _unique_dim(t, d):
    shape = t._shape
    if shape[d] == 0 and list(shape).count(0) > 1:
        raise RuntimeError("Number of zero sized dimensions is more than one, so unique cannot be applied ")
    for k, s in enumerate(shape):
        if s == 0 and k != d:
            raise RuntimeError("There are 0 sized dimensions, and they aren't selected, so unique cannot be applied")
    n = shape[d]
    lines = _lines(t, d)
    slices = [tuple(line[i] for line in lines) for i in range(n)]
    def less(a, b):  # torch's lexicographic comparator (NaN compares neither way, so it moves on)
        for x, y in zip(slices[a], slices[b]):
            if x < y:
                return True
            if x > y:
                return False
        return False

    order = list(range(n))
    stl_sort.sort(order, 0, n, less)
    uniq, counts, inverse = [], [], [0] * n
    for i in order:
        if uniq and all(x == y for x, y in zip(slices[uniq[-1]], slices[i])):  # at::equal: NaN never equal
            counts[-1] += 1
        else:
            uniq.append(i)
            counts.append(1)
        inverse[i] = len(uniq) - 1
    out_shape = list(shape)
    out_shape[d] = len(uniq)
    lines_out = [[] for _ in range(numel([s for k, s in enumerate(shape) if k != d]))]
    for i in uniq:
        for j, v in enumerate(slices[i]):
            lines_out[j].append(v)
    # torch stacks the slices along a new first dim and moves it back to ``dim`` (a view, not contiguous)
    moved = contiguous_strides([len(uniq)] + [s for k, s in enumerate(shape) if k != d])
    stride = list(moved[1:])
    stride.insert(d, moved[0])
    values = new_strided(_assemble(lines_out, out_shape, d), tuple(out_shape), tuple(stride), t._dtype)
    return values, counts, inverse


@kernel
def unique(t, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002 - torch's name
    if dim is None:
        uniq, counts, inverse = _unique_flat(t)
        values = Tensor._from_values(uniq, (len(uniq),), t._dtype)
        inverse_t = Tensor._from_values(inverse, tuple(t._shape), D.int64)
        node_class = Unique2Backward0
    else:
        if not t.dim():
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        values, counts, inverse = _unique_dim(t, _dim(t, dim))
        inverse_t = Tensor._from_values(inverse, (len(inverse),), D.int64)
        node_class = UniqueDimBackward0
    record(node_class, (t,), values)
    counts_t = Tensor._from_values(counts, (len(counts),), D.int64)
    if return_inverse and return_counts:
        return values, inverse_t, counts_t
    if return_inverse:
        return values, inverse_t
    if return_counts:
        return values, counts_t
    return values


# ------------------------------------------------------------------ the Tensor and torch API
# torch's parser (booktorch/binding.py) has read the arguments. sort's first overload takes ``stable``
# (keyword-only, and then ``dim`` is too: ``x.sort(0, stable=True)`` is torch's TypeError); it is the one
# matched when ``stable`` is among the values.
@method("sort")
@parsed
def sort_method(self, dim=-1, descending=False, **a):
    return sort(self, dim, descending, bool(a.get("stable")), "stable" in a)


@function("sort")
@parsed
def sort_function(input, dim=-1, descending=False, **a):  # noqa: A002 - torch's name
    return sort(input, dim, descending, bool(a.get("stable")), "stable" in a)


@method("argsort")
@parsed
def argsort_method(self, dim=-1, descending=False, **a):
    return sort(self, dim, descending, bool(a.get("stable")), "stable" in a).indices


@function("argsort")
@parsed
def argsort_function(input, dim=-1, descending=False, **a):  # noqa: A002 - torch's name
    return sort(input, dim, descending, bool(a.get("stable")), "stable" in a).indices


@method("topk")
@function("topk")
def topk_api(self, k, dim=-1, largest=True, sorted=True):  # noqa: A002 - torch's argument name
    return topk(self, k, dim, largest, sorted)


@method("median")
@function("median")
def median_api(self, dim=None, keepdim=False):
    return median(self, dim, keepdim)


@method("nanmedian")
@function("nanmedian")
def nanmedian_api(self, dim=None, keepdim=False):
    return nanmedian(self, dim, keepdim)


@method("mode")
@function("mode")
def mode_api(self, dim=-1, keepdim=False):
    return mode(self, dim, keepdim)


# torch.unique is Python: a "boolean dispatch" on return_inverse (by name, else 3rd argument) and then on
# return_counts (4th) picks one of four functions, each handing its arguments to the C++ parser of
# torch._unique2 (or torch.unique_dim, given a dim); Tensor.unique calls torch.unique by keyword.
def _flag(args, kwargs, name, index):
    """boolean_dispatch's flag: by name, else by position, else False (``if flag:`` reads it as bool)."""
    if name in kwargs:
        return kwargs[name]
    return args[index] if index < len(args) else False


def _unique_impl(input, sorted, return_inverse, return_counts, dim):  # noqa: A002 - torch's names
    if dim is None:
        a = parse_under_python("torch", "_unique2", (input,), {
            "sorted": sorted, "return_inverse": return_inverse, "return_counts": return_counts})[1]
    else:
        a = parse_under_python("torch", "unique_dim", (input, dim), {
            "sorted": sorted, "return_inverse": return_inverse, "return_counts": return_counts})[1]
    return unique(a["input"], a["sorted"], True, True, a.get("dim"))  # values, inverse, counts


def _return_output(input, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002
    return _unique_impl(input, sorted, return_inverse, return_counts, dim)[0]


def _return_inverse(input, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002
    return _unique_impl(input, sorted, return_inverse, return_counts, dim)[:2]


def _return_counts(input, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002
    values, _, counts = _unique_impl(input, sorted, return_inverse, return_counts, dim)
    return values, counts


def _return_inverse_and_counts(input, sorted=True, return_inverse=False, return_counts=False,  # noqa: A002
                               dim=None):
    return _unique_impl(input, sorted, return_inverse, return_counts, dim)


@function("unique")
def unique_function(*args, **kwargs):
    if _flag(args, kwargs, "return_inverse", 2):
        chosen = _return_inverse_and_counts if _flag(args, kwargs, "return_counts", 3) else _return_inverse
    else:
        chosen = _return_counts if _flag(args, kwargs, "return_counts", 3) else _return_output
    return chosen(*args, **kwargs)


@method("unique")
def unique_method(self, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002
    return unique_function(self, sorted=sorted, return_inverse=return_inverse, return_counts=return_counts, dim=dim)


unique_method.__qualname__ = "Tensor.unique"


@method("msort")
@function("msort")
def msort(self):
    """``sort(self, dim=0).values``."""
    return sort(self, 0, False, False).values
