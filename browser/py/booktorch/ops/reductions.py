"""Reductions: sum, mean, max/min (with indices), argmax/argmin, and ``sum_to`` (undoing
broadcasting in a backward), with their backward nodes.

Float32 and float64 sums reproduce torch's CPU ``cascade_sum`` bit for bit: the
reduction is laid out the way ``TensorIterator`` does it (dimensions sorted by stride,
reduced dimensions first, adjacent dimensions coalesced), then summed with the same
accumulation order (4-way interleaved partial sums, 16-element cascade levels, vector
lanes: 8 floats or 4 doubles with AVX2) and rounding after every addition.  Float16
and bfloat16 are summed the same way in float32 and rounded at the end.  ``mean`` is
the sum divided by the count (for float16 and bfloat16 in float32, then rounded), as
on torch's CPU path.  Integer sums are exact, then wrap to the result dtype.
"""

import builtins
import math
import operator

from .. import dtypes as D
from ..graph import Node, attach, needs_grad
from ..iterator import fdiv
from ..registry import at, export, function, kernel, method
from ..shape import contiguous_strides, numel, positions, sort_dims, wrap_dim
from ..tensor import Tensor


# ------------------------------------------------------------------ cascade sum (float32, float64)
def _ceil_log2(x):
    return 0 if x <= 1 else (x - 1).bit_length()


def _cascade(vals, f):
    """multi_row_sum for a single column: running sums in 4 levels of 16+ elements."""
    size = len(vals)
    levels = 4
    lp = max(4, _ceil_log2(size) // levels)
    step = 1 << lp
    mask = step - 1
    acc = [0.0] * levels
    i = 0
    while i + step <= size:
        a0 = acc[0]
        for _ in range(step):
            a0 = f(a0 + vals[i])
            i += 1
        acc[0] = a0
        for j in range(1, levels):
            acc[j] = f(acc[j] + acc[j - 1])
            acc[j - 1] = 0.0
            if i & (mask << (j * lp)):
                break
    a0 = acc[0]
    while i < size:
        a0 = f(a0 + vals[i])
        i += 1
    for j in range(1, levels):
        a0 = f(a0 + acc[j])
    return a0


def _row_sum(vals, f):
    """row_sum: the row seen as (-1, 4) columns, cascaded, then combined."""
    n = len(vals)
    n4 = n // 4
    parts = [_cascade(vals[k:n4 * 4:4], f) for k in range(4)]
    p0 = parts[0]
    for i in range(n4 * 4, n):
        p0 = f(p0 + vals[i])
    for k in range(1, 4):
        p0 = f(p0 + parts[k])
    return p0


def _vec_inner_sum(row, f, vec):
    n = len(row)
    vs = n // vec
    if vs:  # lane l sums row[l::vec]: the vector lanes cascade side by side, one row of lanes at a time
        lanes = _row_sum_rows([row[k * vec:(k + 1) * vec] for k in range(vs)], _adder(f), vec)
    else:
        lanes = [0.0] * vec
    acc = 0.0
    for k in range(vs * vec, n):
        acc = f(acc + row[k])
    for v in lanes:
        acc = f(acc + v)
    return acc


def _adder(f):
    """Elementwise sum of two equal-length lists, each result rounded as ``f`` rounds one value."""
    if f is D.f32:
        return lambda a, b: D.round_f32(map(operator.add, a, b))
    return lambda a, b: list(map(operator.add, a, b))


def _cascade_rows(rows, add, width):
    """[_cascade(column) for each column of ``rows``] (equal-length rows), computed a whole row at a time."""
    size = len(rows)
    levels = 4
    lp = max(4, _ceil_log2(size) // levels)
    step = 1 << lp
    mask = step - 1
    zero = [0.0] * width
    acc = [zero] * levels
    i = 0
    while i + step <= size:
        a0 = acc[0]
        for _ in range(step):
            a0 = add(a0, rows[i])
            i += 1
        acc[0] = a0
        for j in range(1, levels):
            acc[j] = add(acc[j], acc[j - 1])
            acc[j - 1] = zero
            if i & (mask << (j * lp)):
                break
    a0 = acc[0]
    while i < size:
        a0 = add(a0, rows[i])
        i += 1
    for j in range(1, levels):
        a0 = add(a0, acc[j])
    return a0


def _row_sum_rows(rows, add, width):
    """[_row_sum(column) for each column of ``rows``], a whole row at a time."""
    n = len(rows)
    n4 = n // 4
    parts = [_cascade_rows(rows[k:n4 * 4:4], add, width) for k in range(4)]
    p0 = parts[0]
    for i in range(n4 * 4, n):
        p0 = add(p0, rows[i])
    for k in range(1, 4):
        p0 = add(p0, parts[k])
    return p0


def _iter_layout(shape, ostr, istr):
    """TensorIterator's reorder_dimensions + coalesce_dimensions for a reduction."""
    nd = len(shape)
    perm = list(range(nd - 1, -1, -1))
    if nd > 1:
        def should_swap(d0, d1):
            for strides, is_out in ((ostr, True), (istr, False)):
                s0, s1 = strides[d0], strides[d1]
                if is_out and (s0 == 0) != (s1 == 0):
                    return 1 if s1 == 0 else -1
                if s0 == 0 or s1 == 0:
                    continue
                if s0 < s1:
                    return -1
                if s0 > s1:
                    return 1
                if shape[d0] > shape[d1]:
                    return 1
            return 0

        sort_dims(perm, should_swap)
    sh = [shape[p] for p in perm]
    os_ = [ostr[p] for p in perm]
    is_ = [istr[p] for p in perm]
    if nd > 1:
        prev = 0
        for dim in range(1, nd):
            s0, s1 = sh[prev], sh[dim]
            ok = s0 == 1 or s1 == 1 or (s0 * os_[prev] == os_[dim] and s0 * is_[prev] == is_[dim])
            if ok:
                if sh[prev] == 1:
                    os_[prev] = os_[dim]
                    is_[prev] = is_[dim]
                sh[prev] *= sh[dim]
            else:
                prev += 1
                if prev != dim:
                    os_[prev] = os_[dim]
                    is_[prev] = is_[dim]
                    sh[prev] = sh[dim]
        del sh[prev + 1:], os_[prev + 1:], is_[prev + 1:]
    return sh, os_, is_


def _loop2d(data, ib, out, ob, size0, size1, in_s, out_s, f, vec):
    in0, in1 = in_s
    o0, o1 = out_s
    if o0 != 0 and o1 == 0:
        in0, in1 = in1, in0
        o0, o1 = o1, o0
        size0, size1 = size1, size0
    if o0 != 0 and o1 != 0:
        for j in range(size1):
            for i in range(size0):
                p = ob + j * o1 + i * o0
                out[p] = f(out[p] + data[ib + j * in1 + i * in0])
        return

    def col(start, stride, n):
        return [data[start + k * stride] for k in range(n)]

    def store(j, v):
        p = ob + j * o1
        out[p] = f(out[p] + v)

    if in0 == 1 and size0 >= vec:
        for j in range(size1):
            store(j, _vec_inner_sum(col(ib + j * in1, 1, size0), f, vec))
    elif in1 == 1 and size1 >= vec:
        # adjacent columns: torch sums them side by side, so a block of columns is summed a row at a time
        add = _adder(f)

        def rows(j, w):
            return [data[ib + k * in0 + j:ib + k * in0 + j + w] for k in range(size0)]

        # torch: blocks of 4 vectors of columns cascade each column; the columns after them take row_sum
        blocks = size1 // (4 * vec) * (4 * vec)
        if blocks:
            for c, v in enumerate(_cascade_rows(rows(0, blocks), add, blocks)):
                store(c, v)
        if blocks < size1:
            for c, v in enumerate(_row_sum_rows(rows(blocks, size1 - blocks), add, size1 - blocks)):
                store(blocks + c, v)
    elif in0 < in1:
        for j in range(size1):
            store(j, _row_sum(col(ib + j * in1, in0, size0), f))
    else:
        j = 0
        while j + 3 < size1:
            for c in range(4):
                store(j + c, _cascade(col(ib + (j + c) * in1, in0, size0), f))
            j += 4
        while j < size1:
            store(j, _row_sum(col(ib + j * in1, in0, size0), f))
            j += 1


def _float_sum(t, dims, keepdim):
    """Sum of float32 or float64 tensor ``t`` over ``dims`` (a set): (output values, output shape)."""
    f, vec = (D.f32, 8) if t._dtype is D.float32 else (float, 4)  # AVX2: 8 float or 4 double lanes
    shape = list(t._shape)
    nd = len(shape)
    out_keep = [1 if d in dims else s for d, s in enumerate(shape)]
    out_shape = out_keep if keepdim else [s for d, s in enumerate(shape) if d not in dims]
    n_out = numel(out_shape)
    out = [0.0] * n_out
    if numel(shape) == 0 or n_out == 0:
        return out, out_shape
    if nd == 0:
        out[0] = f(0.0 + t._storage.data[t._offset])
        return out, out_shape
    cs = contiguous_strides(out_shape)
    ostr = []
    k = 0
    for d in range(nd):
        if keepdim:
            ostr.append(0 if d in dims else cs[d])
        elif d in dims:
            ostr.append(0)
        else:
            ostr.append(cs[k])
            k += 1
    sh, os_, is_ = _iter_layout(shape, ostr, list(t._stride))
    data = t._storage.data
    if len(sh) == 1:
        _loop2d(data, t._offset, out, 0, sh[0], 1, (is_[0], 0), (os_[0], 0), f, vec)
        return out, out_shape
    outer_shape = sh[2:]
    outer_is = is_[2:]
    outer_os = os_[2:]
    # outer dims: dim 2 fastest
    idx = [0] * len(outer_shape)
    while True:
        ib = t._offset + builtins.sum(i * s for i, s in zip(idx, outer_is))
        ob = builtins.sum(i * s for i, s in zip(idx, outer_os))
        _loop2d(data, ib, out, ob, sh[0], sh[1], (is_[0], is_[1]), (os_[0], os_[1]), f, vec)
        k = 0
        while k < len(idx):
            idx[k] += 1
            if idx[k] < outer_shape[k]:
                break
            idx[k] = 0
            k += 1
        if k == len(idx):
            break
    return out, out_shape


# ------------------------------------------------------------------ helpers
def _dims(t, dim):
    """Normalise ``dim`` (None, int or sequence) to (set of dims, list, is_all)."""
    nd = t.dim()
    if dim is None:
        return set(range(nd)), list(range(nd)), True
    if isinstance(dim, (tuple, list)):
        seen = []
        for d in dim:
            w = wrap_dim(d, nd)
            if w in seen:
                raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
            seen.append(w)
        if not seen:
            return set(range(nd)), [], True
        if nd == 0:
            return set(), [], False
        return set(seen), seen, False
    w = wrap_dim(dim, nd)
    if nd == 0:
        return set(), [], False
    return {w}, [w], False


def _generic_reduce(t, dims, keepdim, fn):
    """Apply ``fn(list_of_values)`` per output element (row-major over kept dims)."""
    shape = t._shape
    nd = len(shape)
    kept = [d for d in range(nd) if d not in dims]
    red = [d for d in range(nd) if d in dims]
    out_shape = [1 if d in dims else shape[d] for d in range(nd)] if keepdim else [shape[d] for d in kept]
    data = t._storage.data
    red_pos = positions([shape[d] for d in red], [t._stride[d] for d in red], 0)
    out = []
    for base in positions([shape[d] for d in kept], [t._stride[d] for d in kept], t._offset):
        out.append(fn([data[base + p] for p in red_pos]))
    return out, out_shape


def _pysum(xs):
    s = 0
    for x in xs:
        s += x
    return s


def _sum_values(src, dims, keepdim):
    """Sum of ``src`` (already in the result dtype) over ``dims``: (values, shape)."""
    dt = src._dtype
    if dt is D.float32 or dt is D.float64:
        return _float_sum(src, dims, keepdim)
    if dt in D.REDUCED:
        vals, shape = _float_sum(to_f32(src), dims, keepdim)
        return D.round_floats(vals, dt), shape
    if dt is D.bool_:
        return _generic_reduce(src, dims, keepdim, any)
    vals, shape = _generic_reduce(src, dims, keepdim, _pysum)
    return D.wrap_ints(vals, dt), shape


def to_f32(t):
    return t if t._dtype is D.float32 else at.to_dtype(t, D.float32)


# ------------------------------------------------------------------ sum / mean
@kernel
def sum(t, dim=None, keepdim=False, dtype=None):
    dims, dim_list, is_all = _dims(t, dim)
    out_dt = dtype if dtype is not None else (D.int64 if t._dtype._kind < 2 else t._dtype)
    src = t if t._dtype is out_dt else at.to_dtype(t, out_dt)
    vals, out_shape = _sum_values(src, dims, keepdim if dim is not None else False)
    out = Tensor._from_values(vals, tuple(out_shape), out_dt)
    if needs_grad(t):
        if dim is None:
            node = SumBackward0([t], self_sym_sizes=tuple(t._shape))
        else:
            node = SumBackward1([t], self_sym_sizes=tuple(t._shape), dim=tuple(sorted(dims)), keepdim=keepdim)
        attach(node, out)
    return out


@kernel
def mean(t, dim=None, keepdim=False, dtype=None):
    if dtype is None and not t._dtype.is_floating_point:
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
            f"dtype. Got: {t._dtype._legacy}"
        )
    dims, dim_list, is_all = _dims(t, dim)
    out_dt = dtype if dtype is not None else t._dtype
    src = t if t._dtype is out_dt else at.to_dtype(t, out_dt)
    if out_dt in D.REDUCED:  # torch: cast to float32, sum, divide, cast back
        src = to_f32(src)
    vals, out_shape = _float_sum(src, dims, keepdim if dim is not None else False)
    n = 1
    for d in dims:
        n *= t._shape[d]
    vals = D.round_floats([fdiv(v, float(n)) for v in vals], out_dt)
    out = Tensor._from_values(vals, tuple(out_shape), out_dt)
    if needs_grad(t):
        if dim is None:
            node = MeanBackward0([t], self_sym_sizes=tuple(t._shape), self_sym_numel=t.numel())
        else:
            node = MeanBackward1([t], self_sym_sizes=tuple(t._shape), dim=tuple(sorted(dims)), keepdim=keepdim,
                                 self_sym_numel=t.numel())
        attach(node, out)
    return out


# ------------------------------------------------------------------ max / min / argmax / argmin
def _is_nan(v):
    return v != v


def _select_index(vals, is_max):
    best = vals[0]
    index = 0
    for i, v in enumerate(vals):
        better = not (v <= best) if is_max else not (v >= best)
        if better:
            best = v
            index = i
            if _is_nan(v):
                break
    return best, index


class _ReturnType(tuple):
    _name = "max"
    _fields = ("values", "indices")

    def __new__(cls, values, indices):
        return super().__new__(cls, (values, indices))

    @property
    def values(self):
        return self[0]

    @property
    def indices(self):
        return self[1]

    def __repr__(self):
        return f"torch.return_types.{self._name}(\nvalues={self[0]!r},\nindices={self[1]!r})"

    __str__ = __repr__


class max_return(_ReturnType):
    _name = "max"


class min_return(_ReturnType):
    _name = "min"


for _cls, _n in ((max_return, "max"), (min_return, "min")):
    _cls.__name__ = _n
    _cls.__qualname__ = _n
    _cls.__module__ = "torch.return_types"
del _cls, _n


class _ReturnTypes:
    """``torch.return_types``: the named tuples that ``max(dim)`` and ``min(dim)`` return."""

    max = max_return
    min = min_return


export("torch", return_types=_ReturnTypes())


@kernel
def max_min(t, dim=None, keepdim=False, is_max=True):
    name = "max" if is_max else "min"
    if dim is None:
        if t.numel() == 0:
            raise RuntimeError(
                f"{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
                "reduction dim with the 'dim' argument."
            )
        vals = t._values()
        if t._dtype.is_floating_point and any(_is_nan(v) for v in vals):
            best = math.nan
        else:
            best = builtins.max(vals) if is_max else builtins.min(vals)
        out = Tensor._from_values([best], (), t._dtype)
        if needs_grad(t):
            node = (MaxBackward1 if is_max else MinBackward1)([t])
            node.save("self", t)
            node.save("result", out, is_output=True)
            attach(node, out)
        return out
    d = wrap_dim(dim, t.dim())
    if t.dim() > 0 and t._shape[d] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
    pairs, out_shape = _generic_reduce(t, {d} if t.dim() else set(), keepdim, lambda xs: _select_index(xs, is_max))
    values = Tensor._from_values([p[0] for p in pairs], tuple(out_shape), t._dtype)
    indices = Tensor._from_values([p[1] for p in pairs], tuple(out_shape), D.int64)
    if needs_grad(t):
        node = (MaxBackward0 if is_max else MinBackward0)([t], dim=d, keepdim=keepdim, self_sym_sizes=tuple(t._shape))
        node.save("indices", indices, is_output=True)
        attach(node, values)
    return (max_return if is_max else min_return)(values, indices)


@kernel
def argmax_min(t, dim=None, keepdim=False, is_max=True):
    name = "argmax" if is_max else "argmin"
    if t._dtype is D.bool_:
        raise RuntimeError(f"{name}(): does not support bool input")
    if dim is None:
        if t.numel() == 0:
            raise IndexError(f"{name}(): Expected reduction dim to be specified for input.numel() == 0.")
        _, idx = _select_index(t._values(), is_max)
        shape = (1,) * t.dim() if keepdim else ()
        return Tensor._from_values([idx], shape, D.int64)
    d = wrap_dim(dim, t.dim())
    if t.dim() > 0 and t._shape[d] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
    pairs, out_shape = _generic_reduce(t, {d} if t.dim() else set(), keepdim, lambda xs: _select_index(xs, is_max))
    return Tensor._from_values([p[1] for p in pairs], tuple(out_shape), D.int64)


# ------------------------------------------------------------------ autograd helpers
@kernel
def sum_to(t, shape):
    """torch's at::sum_to: sum ``t`` down to ``shape`` (undoing broadcasting)."""
    shape = tuple(shape)
    if len(shape) == 0:
        return sum(t)
    sizes = t._shape
    lead = len(sizes) - len(shape)
    reduce_dims = list(range(lead))
    for i in range(lead, len(sizes)):
        if shape[i - lead] == 1 and sizes[i] != 1:
            reduce_dims.append(i)
    if reduce_dims:
        t = sum(t, tuple(reduce_dims), keepdim=True)
    if lead > 0:
        return at.view(t, shape)
    return t


def _value_selecting_backward(grad, dim, indices, sizes, keepdim):
    if not keepdim and len(sizes) > 0:
        grad = at.unsqueeze(grad, dim)
        indices = at.unsqueeze(indices, dim)
    n = numel(sizes)
    out = [D.zero_of(grad._dtype)] * n
    st = contiguous_strides(sizes)
    gshape = grad._shape
    for flat, (g, ix) in enumerate(zip(grad._values(), indices._values())):  # scatter along dim
        rem = flat
        pos = 0
        for k in range(len(gshape) - 1, -1, -1):
            c = rem % gshape[k]
            rem //= gshape[k]
            pos += (ix if k == dim else c) * st[k]
        out[pos] = g
    return Tensor._from_values(out, tuple(sizes), grad._dtype)


def _sum_backward(grad, sizes, dims, keepdim):
    if not keepdim and len(sizes) > 0:
        for d in sorted(dims):
            grad = at.unsqueeze(grad, d)
    return at.expand(grad, sizes)


# ------------------------------------------------------------------ backward nodes
class SumBackward0(Node):
    _name = "SumBackward0"
    formulas = ("grad.expand(self.shape)",)

    def apply(self, grad):
        return [at.expand(grad, self._svals["self_sym_sizes"])]


class SumBackward1(Node):
    _name = "SumBackward1"
    formulas = ("grad.expand(self.shape)  (after unsqueezing the summed dims)",)

    def apply(self, grad):
        sv = self._svals
        return [_sum_backward(grad, sv["self_sym_sizes"], sv["dim"], sv["keepdim"])]


class MeanBackward0(Node):
    _name = "MeanBackward0"
    formulas = ("grad.expand(self.shape) / self.numel()",)

    def apply(self, grad):
        sv = self._svals
        return [at.div(at.expand(grad, sv["self_sym_sizes"]), sv["self_sym_numel"])]

    def local(self, i):
        return Tensor._from_values([D.f32(1.0 / self._svals["self_sym_numel"])], (), D.float32)


class MeanBackward1(Node):
    _name = "MeanBackward1"
    formulas = ("grad.expand(self.shape) / n  (n = number of elements averaged)",)

    def apply(self, grad):
        sv = self._svals
        n = 1
        for d in sv["dim"]:
            n *= sv["self_sym_sizes"][d]
        return [at.div(_sum_backward(grad, sv["self_sym_sizes"], sv["dim"], sv["keepdim"]), n)]


class _MaxMinAll(Node):
    formulas = ("grad / count, at the positions holding the result",)

    def apply(self, grad):
        s = self.saved("self")
        rv = self.saved("result").item()
        vals = s._values()
        if isinstance(rv, float) and math.isnan(rv):
            mask = [isinstance(v, float) and math.isnan(v) for v in vals]
        else:
            mask = [v == rv for v in vals]
        share = at.div(grad, builtins.sum(mask)).item()
        zero = D.zero_of(grad._dtype)
        return [Tensor._from_values([share if m else zero for m in mask], s._shape, grad._dtype)]


class MaxBackward1(_MaxMinAll):
    _name = "MaxBackward1"


class MinBackward1(_MaxMinAll):
    _name = "MinBackward1"


class _MaxMinDim(Node):
    formulas = ("grad scattered to the indices of the max",)

    def apply(self, grad):
        sv = self._svals
        idx = self.saved("indices")
        return [_value_selecting_backward(grad, sv["dim"], idx, sv["self_sym_sizes"], sv["keepdim"])]


class MaxBackward0(_MaxMinDim):
    _name = "MaxBackward0"


class MinBackward0(_MaxMinDim):
    _name = "MinBackward0"


# ------------------------------------------------------------------ the Tensor and torch API
_SUM_OVERLOADS = (" * (*, torch.dtype dtype = None)\n"
                  " * (tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None)\n")


def _dim_kw(dim, kwargs, name):
    if "axis" in kwargs:
        dim = kwargs.pop("axis")
    if kwargs:
        key, value = next(iter(kwargs.items()))
        if dim is None and name in ("sum", "mean"):  # torch's argument parser, for sum() and mean() overloads
            raise TypeError(f"{name}() received an invalid combination of arguments - got ({key}="
                            f"{type(value).__name__}, ), but expected one of:\n" + _SUM_OVERLOADS)
        raise TypeError(f"{name}() got an unexpected keyword argument '{key}'")
    return dim


@method("sum")
@function("sum", tensor_input=True)
def sum_method(self, dim=None, keepdim=False, dtype=None, **kwargs):
    return sum(self, _dim_kw(dim, kwargs, "sum"), keepdim, dtype)


@method("mean")
@function("mean", tensor_input=True)
def mean_method(self, dim=None, keepdim=False, dtype=None, **kwargs):
    return mean(self, _dim_kw(dim, kwargs, "mean"), keepdim, dtype)


@method("max")
@function("max", tensor_input=True)
def max_method(self, dim=None, keepdim=False, **kwargs):
    dim = _dim_kw(dim, kwargs, "max")
    if isinstance(dim, Tensor):
        return at.maximum(self, dim)
    return max_min(self, dim, keepdim, True)


@method("min")
@function("min", tensor_input=True)
def min_method(self, dim=None, keepdim=False, **kwargs):
    dim = _dim_kw(dim, kwargs, "min")
    if isinstance(dim, Tensor):
        return at.minimum(self, dim)
    return max_min(self, dim, keepdim, False)


@method("argmax")
@function("argmax", tensor_input=True)
def argmax(self, dim=None, keepdim=False, **kwargs):
    return argmax_min(self, _dim_kw(dim, kwargs, "argmax"), keepdim, True)


@method("argmin")
@function("argmin", tensor_input=True)
def argmin(self, dim=None, keepdim=False, **kwargs):
    return argmax_min(self, _dim_kw(dim, kwargs, "argmin"), keepdim, False)
