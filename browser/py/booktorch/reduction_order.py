"""The order in which torch's TensorIterator visits a reduction, which fixes how rounding accumulates.

TensorIterator sorts the dimensions (reduced ones first, then by stride, see
:func:`iteration_layout`), coalesces adjacent ones, and runs 2-d loops over the first two
dimensions for every index of the others (:func:`reduction_chunks`).  Reductions whose
accumulation order shows in the result (float sums, products, Welford's variance, norms) read
their inputs in this order; :func:`reduced_lines` gives, for each output element, the input
values in the order ``binary_kernel_reduce`` accumulates them.
"""

import builtins

from .shape import contiguous_strides, numel, positions, sort_perm, wrap_dim


def iteration_layout(shape, ostr, istr):
    """TensorIterator's reorder_dimensions + coalesce_dimensions for a reduction."""
    nd = len(shape)
    perm = sort_perm(shape, [ostr, istr], output_first=True)
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


def out_shape(shape, dims, keepdim):
    return [1 if d in dims else s for d, s in enumerate(shape)] if keepdim else \
        [s for d, s in enumerate(shape) if d not in dims]


def reduction_chunks(t, dims, keepdim):
    """How TensorIterator walks a reduction of ``t`` over ``dims``: the output shape and the 2-d loops,
    each ``(input base, output base, size0, size1, (in stride0, in stride1), (out stride0, out stride1))``
    (strides in elements, dimensions sorted and coalesced as torch does)."""
    shape = list(t._shape)
    shape_out = out_shape(shape, dims, keepdim)
    n = numel(shape)
    if n == 0 or numel(shape_out) == 0 or not shape:
        return shape_out, []
    if len(dims) == len(shape) and t._stride == contiguous_strides(t._shape):
        return shape_out, [(t._offset, 0, n, 1, (1, 0), (0, 0))]  # all of a row-major tensor: one run
    sh, os_, is_ = iteration_layout(shape, _output_strides(shape, dims, keepdim, shape_out), list(t._stride))
    if len(sh) == 1:
        return shape_out, [(t._offset, 0, sh[0], 1, (is_[0], 0), (os_[0], 0))]
    chunks = []
    outer_shape, outer_is, outer_os = sh[2:], is_[2:], os_[2:]
    for idx in row_major(outer_shape[::-1]):  # dim 2 fastest
        idx = idx[::-1]
        ib = t._offset + builtins.sum(i * st for i, st in zip(idx, outer_is))
        ob = builtins.sum(i * st for i, st in zip(idx, outer_os))
        chunks.append((ib, ob, sh[0], sh[1], (is_[0], is_[1]), (os_[0], os_[1])))
    return shape_out, chunks


def row_major(shape):
    """Every index tuple of ``shape``, last index fastest."""
    idx = [0] * len(shape)
    while True:
        yield tuple(idx)
        k = len(idx) - 1
        while k >= 0:
            idx[k] += 1
            if idx[k] < shape[k]:
                break
            idx[k] = 0
            k -= 1
        if k < 0:
            return


def _output_strides(shape, dims, keepdim, shape_out):
    cs = contiguous_strides(shape_out)
    ostr = []
    k = 0
    for d in range(len(shape)):
        if d in dims:
            ostr.append(0)
        elif keepdim:
            ostr.append(cs[d])
        else:
            ostr.append(cs[k])
            k += 1
    return ostr


def reduced_lines(t, dims, keepdim):
    """(output shape, [values of each output element's reduction, in TensorIterator's order])."""
    shape = list(t._shape)
    shape_out = out_shape(shape, dims, keepdim)
    n_out = numel(shape_out)
    if n_out == 0:
        return shape_out, []
    if numel(shape) == 0:
        return shape_out, [[] for _ in range(n_out)]
    if not shape:
        return shape_out, [[t._storage.data[t._offset]]]
    sh, os_, is_ = iteration_layout(shape, _output_strides(shape, dims, keepdim, shape_out), list(t._stride))
    red = [k for k in range(len(sh)) if os_[k] == 0]
    kept = [k for k in range(len(sh)) if os_[k] != 0]
    red_offsets = positions([sh[k] for k in reversed(red)], [is_[k] for k in reversed(red)], 0)  # dim 0 fastest
    data = t._storage.data
    lines = [None] * n_out
    for idx in row_major([sh[k] for k in kept]):
        ob = builtins.sum(i * os_[k] for i, k in zip(idx, kept))
        ib = t._offset + builtins.sum(i * is_[k] for i, k in zip(idx, kept))
        lines[ob] = [data[ib + r] for r in red_offsets]
    return shape_out, lines


_U64 = 1 << 64


def saved_dims(dim):
    """A dim argument as torch's autograd nodes save and show it (``_saved_dim``): as the caller gave
    it, a negative dim read as an unsigned 64-bit number (-1 is 18446744073709551615)."""
    if isinstance(dim, (tuple, list)):
        return tuple(saved_dims(d) for d in dim)
    return dim + _U64 if dim < 0 else dim


def given_dims(saved):
    """The dims back from :func:`saved_dims` (still to be wrapped with ``wrap_dim``)."""
    if isinstance(saved, tuple):
        return tuple(given_dims(d) for d in saved)
    return saved - _U64 if saved >= 1 << 63 else saved


def wrapped_dims(saved, ndim):
    """Saved dims (:func:`saved_dims`) wrapped to ``0..ndim-1``: an int, or a tuple for a tuple."""
    given = given_dims(saved)
    if isinstance(given, tuple):
        return tuple(wrap_dim(d, ndim) for d in given)
    return wrap_dim(given, ndim)
