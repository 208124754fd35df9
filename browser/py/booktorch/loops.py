"""Which elements torch's elementwise CPU loops compute with vector instructions, and which one at a time.

ATen's ``cpu_kernel_vec`` (``native/cpu/Loops.h``) takes two versions of an op: one on
``Vectorized<T>`` (AVX2: 8 float32 or 4 float64 lanes) and one on a single value.  Where the two
round differently (pow's vector lanes are Sleef's ``powf``, its scalar loop the C library's; see
:mod:`booktorch.sleef` and :mod:`booktorch.libm`), the result of an element depends on which one
ran, so booktorch follows the loop:

- TensorIterator sorts the dimensions by the operands' strides (the innermost is the one with the
  smallest strides) and merges adjacent dimensions that are laid out one after the other;
- each row of the innermost dimension runs vectorised when every operand is contiguous along it,
  or when one input is a broadcast value (stride 0) and the others are contiguous; otherwise the
  whole row runs one value at a time;
- a vectorised row computes blocks of two vectors (:func:`block`: 16 float32 values) and leaves
  the last ``n % 16`` values of the row to the scalar loop.

One thread, as the book runs torch: with several, each thread's range would have its own tail.
"""

from .shape import _broadcast_strides, is_contiguous, numel, positions, sort_perm


def block(dtype):
    """Elements per vectorised step of cpu_kernel_vec: two ``Vectorized<T>`` of 32 bytes each (16
    float32, 8 float64, 32 float16 or bfloat16 values)."""
    return 64 // dtype.itemsize


def vector_flags(shape, out_stride, inputs, step, inplace=False):
    """For each element of the result (row-major), whether the vector code computes it.

    ``out_stride``: the result's strides; ``inputs``: ``(shape, strides)`` of each tensor operand
    as the kernel reads it (converted to the computation dtype first, see ``iterator.result_tensor``;
    a wrapped Python number is a 0-d operand); ``step``: elements per vectorised step (:func:`block`);
    ``inplace``: the result is an input's memory (its strides take part in the ordering)."""
    shape = tuple(shape)
    n = numel(shape)
    if n < step:
        return [False] * n
    in_strides = [_broadcast_strides(shape, s, st) for s, st in inputs]
    if is_contiguous(shape, out_stride) and all(is_contiguous(shape, st) for st in in_strides):
        k = n - n % step  # one row: the whole tensor
        return [True] * k + [False] * (n - k)
    operands = [list(out_stride)] + in_strides
    perm = sort_perm(shape, operands if inplace else in_strides)
    sizes, strides = _coalesced([shape[p] for p in perm], [[st[p] for p in perm] for st in operands])
    flags = _flags_by_output_offset(sizes, strides, step)
    return [flags[p] for p in positions(shape, out_stride, 0)]


def _coalesced(sizes, strides):
    """TensorIterator's coalesce_dimensions: a dimension merges into the previous one when every
    operand steps over it as one continued run (or either has size 1)."""
    prev = 0
    for dim in range(1, len(sizes)):
        s0, s1 = sizes[prev], sizes[dim]
        if s0 == 1 or s1 == 1 or all(st[prev] * s0 == st[dim] for st in strides):
            if s0 == 1:
                for st in strides:
                    st[prev] = st[dim]
            sizes[prev] *= s1
        else:
            prev += 1
            if prev != dim:
                for st in strides:
                    st[prev] = st[dim]
                sizes[prev] = s1
    del sizes[prev + 1:]
    return sizes, [st[:prev + 1] for st in strides]


def _row_vectorised(inner):
    """VectorizedLoop2d: all operands contiguous along the row, or one input broadcast and the rest
    contiguous (``inner``: each operand's stride along the row, the result's first)."""
    if inner[0] != 1:
        return False
    rest = inner[1:]
    if all(s == 1 for s in rest):
        return True
    return any(s == 0 and all(t == 1 for j, t in enumerate(rest) if j != i) for i, s in enumerate(rest))


def _flags_by_output_offset(sizes, strides, step):
    """Vector/scalar for each element, indexed by its offset in the result's memory."""
    out = strides[0]
    n0 = sizes[0]
    k = n0 - n0 % step if _row_vectorised([st[0] for st in strides]) else 0
    row = [True] * k + [False] * (n0 - k)
    flags = [False] * (1 + sum((s - 1) * st for s, st in zip(sizes, out)))
    for base in positions(sizes[1:], out[1:], 0):
        for j in range(n0):
            flags[base + j * out[0]] = row[j]
    return flags


def split_map(flags, vector_fn, scalar_fn, *columns):
    """``vector_fn`` of the values the vector code computes, ``scalar_fn`` of the others."""
    return [(vector_fn if v else scalar_fn)(*args) for v, *args in zip(flags, *columns)]
