"""Float32 matrix products in the order torch's CPU BLAS (MKL) adds them up.

A float32 product rounds after every step, so its last bits depend on the order of the
additions and on whether a multiply and an add are fused.  These orders were measured
on torch 2.13's MKL (AVX2 code paths) by reading each output's summation tree
(setting two inputs to +-2**40 and the rest to 1 shows where they meet) and then
checking fused against unfused steps on random data; ``tests/teaching/
test_parity_linalg_properties.py`` compares them bit for bit with torch on random matrices
of many shapes and layouts.  What was found:

- ``sdot`` (``torch.dot``): 16 lanes (four registers of four) in a loop of 16, then
  a block of 8 into registers 0 and 1, a block of 4 into register 0, scalar products
  into lane 0; registers are added ((r0 + r1) + r2) + r3 and the four lanes
  (l0 + l2) + (l1 + l3).  A vector whose address is not 16-byte aligned is first
  peeled to alignment (into lane 0); vectors misaligned to each other use one
  vector of 4 and then scalars; a vector with a stride other than 1 makes it one
  product at a time.  Nothing is fused.
- ``sgemv`` of a row-major matrix (``A @ v``, also ``x @ W.T`` for one row x):
  rows in blocks of 4 take a few products one by one (``_gemv_peel``), then 4
  lanes, lanes added (l0 + l2) + (l1 + l3), the rest one by one after them; the
  rows after the last block of 4 take 4 products, then 8 lanes in steps of 8
  (the second of a pair of such rows 4 lanes), then the rest.  A column-major
  matrix (and ``x @ B`` for one row x) adds products column by column.  Nothing
  is fused.
- ``sgemm`` (``A @ B``, torch's row-major result): with 12 or more columns and 4 or more rows every
  output is one fused multiply-add chain in k order, the k range cut into blocks of
  at most 192 (two equal halves between 193 and 384) whose sums are added in order;
  (torch on one thread, as the book runs it: with two, MKL gives the rows after the
  last multiple of 4 to the second thread's unfused kernel).  With 2 to 11 columns (or 2 or 3 rows): B
  row-major gives an unfused chain per output, except that the first outputs of a
  result row up to a 16-byte boundary add k in blocks of 8 whose second half is
  summed apart (``_peel_order``); A row-major times a column-major B (``x @ W.T``)
  is a dot product per output, 4 lanes for the columns in blocks of 4 and 8 lanes
  for the rest, peeled to the alignment of A's row; both column-major: unfused
  chains.  One column or one row is a matrix-vector product (above), one output
  a k-order chain (B row-major); K == 1 an outer product.
- ``bmm`` below 400 multiply-adds per matrix (ATen's own loop): unfused k chains;
  larger: one ``sgemm`` per matrix.

A fused multiply-add is computed as ``acc + a * b`` in double and rounded to float32
(a * b is exact in double; the double rounding of the sum differs from one fused
rounding with probability about 2**-29 per step).  Values are lists of floats that
are float32 values; whole rows are rounded at once with ``array('f', ...)``.
"""

from array import array
from itertools import chain, repeat
from operator import add, mul

BLOCK_K = 192  # MKL's k block for sgemm


def _zeros(n, tc="f"):
    return array(tc, bytes((4 if tc == "f" else 8) * n))


def _kblocks(k):
    """The k ranges MKL's sgemm sums separately (their sums are then added in order)."""
    kc = k if k <= BLOCK_K else min(k // 2, BLOCK_K)
    return [(k0, min(k, k0 + kc)) for k0 in range(0, k, kc)]


# ------------------------------------------------------------------ lanes over many outputs at once
def _chain(acc, steps):
    """acc[e] = round(acc[e] + s[e]) for each step s, over all outputs e at once."""
    for s in steps:
        acc = array("f", list(map(add, acc, s)))
    return acc


def _hsum(lanes):
    """MKL's horizontal sum of 4 or 8 lanes (vectors over the outputs)."""
    if len(lanes) == 4:
        l0, l1, l2, l3 = lanes
        return array("f", list(map(add, array("f", list(map(add, l0, l2))), array("f", list(map(add, l1, l3))))))
    l0, l1, l2, l3, l4, l5, l6, l7 = lanes
    a = array("f", list(map(add, array("f", list(map(add, l0, l4))), array("f", list(map(add, l2, l6))))))
    b = array("f", list(map(add, array("f", list(map(add, l1, l5))), array("f", list(map(add, l3, l7))))))
    return array("f", list(map(add, a, b)))


def _lane_dots(cols, peel, width, n):
    """Dot products (one per output) given their rounded products by k: ``cols[k][e]``.

    The first ``peel`` products are added one by one; the sum starts lane 0 of
    ``width`` lanes that take the products after it in turn, as long as whole vectors
    remain; the lanes are summed horizontally and the remaining products added after.
    """
    k = len(cols)
    peel = min(peel, k)
    end = peel + (k - peel) // width * width
    lanes = [_chain(_zeros(n), cols[:peel])] + [_zeros(n)] * (width - 1)
    for lane in range(width):
        lanes[lane] = _chain(lanes[lane], cols[peel + lane:end:width])
    return _chain(_hsum(lanes), cols[end:])


def _step_dots(cols, peel, width, n):
    """Like :func:`_lane_dots` but the vector loop runs in steps of 8 (MKL's gemv rows
    after the 4-row blocks)."""
    k = len(cols)
    if k < peel:
        return _chain(_zeros(n), cols)
    end = peel + (k - peel) // 8 * 8
    lanes = [_chain(_zeros(n), cols[:peel])] + [_zeros(n)] * (width - 1)
    for lane in range(width):
        lanes[lane] = _chain(lanes[lane], cols[peel + lane:end:width])
    return _chain(_hsum(lanes), cols[end:])


def _products(rows, vec):
    """Rounded products of each row with ``vec``, arranged by k: ``cols[k][row]``."""
    k = len(vec)
    flat = array("f", list(map(mul, chain.from_iterable(rows), vec * len(rows))))
    return [flat[j::k] for j in range(k)]


# ------------------------------------------------------------------ dot
def sdot(x, y, x_offset=0, y_offset=0, unit_strides=True):
    """MKL's sdot of float32 vectors ``x`` and ``y`` (storage offsets give their alignment); vectors
    that are not contiguous are added one product at a time."""
    k = len(x)
    p = array("f", list(map(mul, x, y)))
    if not unit_strides:
        acc = array("f", (0.0,))
        for v in p:
            acc[0] += v
        return acc[0]
    peel = min((4 - y_offset % 4) % 4, k)
    lanes = _zeros(16)
    for i in range(peel):
        lanes[0] += p[i]  # an array('f') element rounds what is stored in it
    i = peel
    if (x_offset - y_offset) % 4 == 0:
        while i + 16 <= k:
            lanes = array("f", list(map(add, lanes, p[i:i + 16])))
            i += 16
        if i + 8 <= k:
            lanes[:8] = array("f", list(map(add, lanes[:8], p[i:i + 8])))
            i += 8
    if i + 4 <= k:
        lanes[:4] = array("f", list(map(add, lanes[:4], p[i:i + 4])))
        i += 4
    for j in range(i, k):
        lanes[0] += p[j]
    r = array("f", list(map(add, lanes[0:4], lanes[4:8])))
    r = array("f", list(map(add, r, lanes[8:12])))
    r = array("f", list(map(add, r, lanes[12:16])))
    out = array("f", (r[0] + r[2], r[1] + r[3]))
    out[0] += out[1]
    return out[0]


# ------------------------------------------------------------------ matrix times vector
def _gemv_peel(k, matrix_offset, ld):
    """How many products a 4-row block of MKL's row-major sgemv takes one by one."""
    if ld % 4 == 0:
        return 4 - matrix_offset % 4
    return (k - 1) % 4 + 1


def sgemv_rows(rows, vec, matrix_offset=0, ld=None, vec_offset=0):
    """``A @ vec`` for a row-major float32 matrix given by its rows (MKL's transposed sgemv)."""
    m = len(rows)
    k = len(vec)
    ld = k if ld is None else ld
    out = []
    blocked = m // 4 * 4
    if blocked:
        cols = _products(rows[:blocked], vec)
        out.extend(_lane_dots(cols, _gemv_peel(k, matrix_offset, ld), 4, blocked))
    peel = 4 - vec_offset % 4
    for i in range(blocked, m):
        cols = _products(rows[i:i + 1], vec)
        width = 4 if (i - blocked) % 2 else 8
        out.extend(_step_dots(cols, peel, width, 1))
    return out


def sgemv_cols(cols, vec):
    """``A @ vec`` for a column-major float32 matrix given by its columns: products added in
    column order (MKL's plain sgemv; also ``x @ B`` for a row-major B, given by its rows)."""
    if not cols:
        return []
    m = len(cols[0])
    acc = _zeros(m)
    products = array("f", list(map(mul, chain.from_iterable(cols), _spread(vec, m)))).tolist()
    for start in range(0, len(products), m):  # (list slices, as in _unfused_block)
        acc = array("f", list(map(add, acc, products[start:start + m])))
    return acc.tolist()


def _spread(values, n):
    """Each of ``values`` repeated ``n`` times."""
    return chain.from_iterable(map(repeat, values, repeat(n)))


# ------------------------------------------------------------------ matrix times matrix
class Operand:
    """A matrix as torch hands it to MKL: its values (rows or columns, computed once when
    asked for), its memory order, storage offset and leading dimension (the stride between
    rows of a row-major matrix, between columns of a column-major one)."""

    __slots__ = ("_rows", "_cols", "_values", "shape", "col_major", "offset", "ld")

    def __init__(self, values, shape, col_major=False, offset=0, ld=None):
        self._values = values  # row-major values
        self.shape = shape
        self.col_major = col_major
        self.offset = offset
        self.ld = (shape[0] if col_major else shape[1]) if ld is None else ld
        self._rows = self._cols = None

    def rows(self):
        if self._rows is None:
            v = self._values
            m, n = self.shape
            self._rows = [v[i * n:(i + 1) * n] for i in range(m)]
        return self._rows

    def cols(self):
        if self._cols is None:
            v = self._values
            m, n = self.shape
            self._cols = [v[j::n] for j in range(n)] if m else [[] for _ in range(n)]
        return self._cols


def _fused_block(a_rows, b_rows, n, blocks):
    """The result's row-major values as fused multiply-add chains in k order, the k ranges
    ``blocks`` summed apart and then added in order: one k step over every output at once,
    which costs far fewer Python-level steps than a row at a time."""
    columns = list(zip(*a_rows))
    out = None
    for k0, k1 in blocks:
        b = b_rows[k0]
        acc = array("f", [x * y + 0.0 for x in columns[k0] for y in b])  # + 0.0: the sum starts at +0
        for k in range(k0 + 1, k1):
            b = b_rows[k]
            acc = array("f", list(map(add, acc, [x * y for x in columns[k] for y in b])))
        out = acc if out is None else array("f", list(map(add, out, acc)))
    return out


def _unfused_row(a, b_rows, n, tc="f"):
    """One output row as unfused multiply-add chains in k order."""
    acc = _zeros(n, tc)
    if tc == "d":
        for av, b in zip(a, b_rows):
            acc = array("d", map(add, acc, map(mul, b, repeat(av))))
        return acc
    for av, b in zip(a, b_rows):
        acc = array("f", list(map(add, acc, array("f", list(map(mul, b, repeat(av)))))))
    return acc


def _peel_order(a, b_col):
    """An output MKL's small-matrix kernel computes before the 16-byte boundary of the result
    row: k in blocks of 8, four products added one by one, the next four summed apart and
    added, then the rest one by one (unfused)."""
    p = array("f", list(map(mul, a, b_col)))
    acc = _zeros(2)
    k = len(p)
    full = k // 8 * 8
    for k0 in range(0, full, 8):
        for j in range(k0, k0 + 4):
            acc[0] += p[j]
        acc[1] = p[k0 + 4] + p[k0 + 5]
        acc[1] += p[k0 + 6]
        acc[1] += p[k0 + 7]
        acc[0] += acc[1]
    for j in range(full, k):
        acc[0] += p[j]
    return acc[0]


def _unfused_block(a_rows, b_rows, n):
    """[_unfused_row(r, b_rows, n) for each row r]: the same chains, element for element,
    computed for the whole result at once (every rounded product first, then one k step over
    every output), which costs far fewer Python-level steps when the rows are short (a
    training step's [16, 64] @ [64, 2])."""
    m = len(a_rows)
    size = m * n
    acc = _zeros(size)
    products = array("f", [x * y for column, b in zip(zip(*a_rows), b_rows) for x in column for y in b]).tolist()
    for start in range(0, len(products), size):  # (list slices: cheaper to take and to read than an array's)
        acc = array("f", list(map(add, acc, products[start:start + size])))
    return [acc[i * n:(i + 1) * n] for i in range(m)]


def _small_row(a, b, n, row_offset, row=None):
    """A result row from MKL's unfused small-matrix kernel (B row-major): an unfused k chain per
    output (``row``, when already computed), the outputs before the row's 16-byte boundary in
    :func:`_peel_order`."""
    row = _unfused_row(a, b.rows(), n) if row is None else row
    peel = (4 - row_offset % 4) % 4
    if n - peel >= 4:
        cols = b.cols()
        for j in range(peel):
            row[j] = _peel_order(a, cols[j])
    return row


def _dot_kernel_rows(a, b, m, k, n):
    """``x @ W.T`` with 2 to 11 outputs per row: a dot product per output, 4 lanes for the
    columns in blocks of 4, 8 lanes for the rest, peeled to the alignment of the row of A.
    The rows of one peel are computed together (the lanes work output by output, so a longer
    list of outputs gives each the same sums), which costs far fewer Python-level steps."""
    cols = b.cols()
    blocked = n // 4 * 4
    rows = a.rows()
    by_peel = {}
    for i in range(len(rows)):
        by_peel.setdefault((4 - (a.offset + i * a.ld) % 4) % 4, []).append(i)
    out = [None] * len(rows)
    for peel, group in by_peel.items():
        # products[k] of every row of the group, its n columns one after the other
        products = [list(zip(*[array("f", list(map(mul, rows[i], c))) for c in cols])) for i in group]
        heads = tails = None
        if blocked:
            steps = [list(chain.from_iterable(p[kk][:blocked] for p in products)) for kk in range(k)]
            heads = _lane_dots(steps, peel, 4, len(group) * blocked)
        if blocked < n:
            steps = [list(chain.from_iterable(p[kk][blocked:] for p in products)) for kk in range(k)]
            tails = _lane_dots(steps, peel, 8, len(group) * (n - blocked))
        for g, i in enumerate(group):
            row = heads[g * blocked:(g + 1) * blocked] if blocked else array("f")
            if blocked < n:
                row.extend(tails[g * (n - blocked):(g + 1) * (n - blocked)])
            out[i] = row
    return out


def sgemm(a, b, out_offset=0):
    """``A @ B`` in float32 (A and B two :class:`Operand`), as the row-major values of torch's
    row-major result (a list); ``out_offset`` places the result in its storage, whose
    alignment picks some of the orders."""
    m, k = a.shape
    n = b.shape[1]
    if m == 1 and n == 1 and not b.col_major:  # one output: the products added in k order
        return sgemv_cols([[v] for v in a.rows()[0]], b.cols()[0])
    if n == 1:
        vec = b.cols()[0]
        if a.col_major:
            return sgemv_cols(a.cols(), vec)
        return sgemv_rows(a.rows(), vec, a.offset, a.ld, b.offset)
    if m == 1:
        vec = a.rows()[0]
        if b.col_major:
            return sgemv_rows(b.cols(), vec, b.offset, b.ld, a.offset)
        return sgemv_cols(b.rows(), vec)
    if k == 1:
        return array("f", list(map(mul, _spread(a._values, n), b.rows()[0] * m))).tolist()
    a_rows = a.rows()
    if n >= 12 and m >= 4:
        return _fused_block(a_rows, b.rows(), n, _kblocks(k)).tolist()
    if b.col_major and not a.col_major:
        rows = _dot_kernel_rows(a, b, m, k, n)
    elif b.col_major:
        b_rows = b.rows()
        rows = [_unfused_row(r, b_rows, n) for r in a_rows]
    else:
        chains = _unfused_block(a_rows, b.rows(), n) if n < 8 else [None] * m
        rows = [_small_row(r, b, n, out_offset + i * n, chains[i]) for i, r in enumerate(a_rows)]
    return list(chain.from_iterable(rows))


def unfused_rows(a_rows, b_rows, n, tc="f"):
    """``A @ B`` as unfused k chains (ATen's own loop for a small bmm), as rows."""
    return [_unfused_row(r, b_rows, n, tc) for r in a_rows]
