"""Square systems through an LU factorization: torch.linalg.det (and torch.det), inv (and torch.inverse)
and solve.

Like torch on CPU (LAPACK's getrf and getrs), each matrix is factored with partial pivoting
(the first row of largest magnitude), one column at a time, every step rounded to the dtype:
a column below the pivot is scaled by the pivot's reciprocal when it has more than one
element, divided by the pivot when it has one (which reproduces MKL's factors bit for bit up to
4x4 matrices, and most larger ones up to 16x16), and the rest of the matrix is updated with
unfused multiply-subtracts.  ``det`` is the product of U's diagonal, in order, times the
permutation's sign; ``solve`` and ``inv`` substitute forward through L and back through U
column by column, as the reference BLAS's trsm does (``solve(left=False)`` factors A^T).
"""

from .. import dtypes as D
from ..errors import unsupported
from ..graph import Node, needs_grad, record
from ..iterator import new_strided
from ..registry import at, export, function, kernel, method
from ..shape import broadcast_shapes, numel
from ..tensor import Tensor


class LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError (torch._C._LinAlgError): a singular matrix."""


LinAlgError.__name__ = LinAlgError.__qualname__ = "_LinAlgError"
export("torch.linalg", LinAlgError=LinAlgError)


def _check_square(A, name):
    if A.dim() < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    r, c = A._shape[-2:]
    if r != c:
        raise RuntimeError(f"{name}: A must be batches of square matrices, but they are {r} by {c} matrices")


def _check_float(t, name):
    if not t._dtype.is_floating_point:
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. Got {t._dtype._legacy}")
    if t._dtype in D.REDUCED:
        raise RuntimeError(f"{name}: Low precision dtypes not supported. Got {t._dtype._legacy}")


def _rounding(dt):
    return float if dt is D.float64 else D.f32


def _matrices(t):
    """The rows of each matrix of ``t`` (shape ``(..., r, c)``), in batch order."""
    r, c = t._shape[-2:]
    vals = t._values()
    size = r * c
    return [[vals[b + i * c:b + (i + 1) * c] for i in range(r)] for b in range(0, len(vals), size or 1)] if size \
        else [[] for _ in range(numel(t._shape[:-2]))]


def lu_factor(rows, f):
    """LAPACK's getrf of one square matrix (a list of rows): (LU rows, 1-based pivots, info)."""
    n = len(rows)
    a = [list(r) for r in rows]
    pivots = []
    info = 0
    for j in range(n):
        p = j
        best = abs(a[j][j])
        for i in range(j + 1, n):
            if abs(a[i][j]) > best:
                p, best = i, abs(a[i][j])
        pivots.append(p + 1)
        if p != j:
            a[j], a[p] = a[p], a[j]
        d = a[j][j]
        if d == 0:
            info = info or j + 1
            continue
        below = n - j - 1
        if below > 1:
            r = f(1.0 / d)
            for i in range(j + 1, n):
                a[i][j] = f(a[i][j] * r)
        elif below == 1:
            a[n - 1][j] = f(a[n - 1][j] / d)
        u = a[j]
        for i in range(j + 1, n):
            row = a[i]
            m = row[j]
            if m != 0:
                for k in range(j + 1, n):
                    row[k] = f(row[k] - f(m * u[k]))
    return a, pivots, info


def lu_solve(lu, pivots, columns, f):
    """getrs: solve ``A X = B`` for each column of B, given A's factors."""
    n = len(lu)
    out = []
    for col in columns:
        x = list(col)
        for j, p in enumerate(pivots):
            if p - 1 != j:
                x[j], x[p - 1] = x[p - 1], x[j]
        for k in range(n):
            xk = x[k]
            if xk != 0:
                for i in range(k + 1, n):
                    x[i] = f(x[i] - f(xk * lu[i][k]))
        for k in range(n - 1, -1, -1):
            if x[k] != 0:
                x[k] = f(x[k] / lu[k][k])
                xk = x[k]
                for i in range(k):
                    x[i] = f(x[i] - f(xk * lu[i][k]))
        out.append(x)
    return out


def _batched_column_major(shape):
    """Strides of a batch of column-major matrices (LAPACK's layout, which torch's results keep)."""
    r, c = shape[-2:]
    strides = [1, max(r, 1)]
    acc = r * c
    for s in reversed(shape[:-2]):
        strides.insert(0, acc)
        acc *= s
    return tuple(strides)


def _from_columns(columns_per_matrix, shape, dt):
    """A tensor of ``shape`` (..., n, k) from each matrix's columns, laid out column-major."""
    n, k = shape[-2:]
    vals = []
    for cols in columns_per_matrix:
        vals.extend(cols[j][i] for i in range(n) for j in range(k))
    return new_strided(vals, shape, _batched_column_major(shape), dt)


def _lu_tensors(factors, shape, dt):
    """The saved LU (column-major, as LAPACK writes it) and int32 pivots of each matrix."""
    n = shape[-1]
    lu = _from_columns([[[m[i][j] for i in range(n)] for j in range(n)] for m, _, _ in factors], shape, dt)
    piv = Tensor._from_values([p for _, ps, _ in factors for p in ps], tuple(shape[:-1]), D.int32)
    return lu, piv


# ------------------------------------------------------------------ det
@kernel
def linalg_det(A):
    _check_square(A, "linalg.det")
    if not A._dtype.is_floating_point:
        raise RuntimeError(f"linalg.det: Expected a floating point or complex tensor as input. Got {A._dtype._legacy}")
    if A._dtype in D.REDUCED:
        raise NotImplementedError(f"\"lu_cpu\" not implemented for '{A._dtype._legacy}'")
    f = _rounding(A._dtype)
    # a row-major A goes to LAPACK as it is stored, that is as A.mT (det(A.mT) == det(A))
    factored = at.mT(at.detach(A)) if A.is_contiguous() else A
    factors = [lu_factor(m, f) for m in _matrices(factored)]
    dets = []
    for lu, pivots, _ in factors:
        prod = 1.0
        for i in range(len(lu)):
            prod = f(prod * lu[i][i])
        swaps = sum(p != i + 1 for i, p in enumerate(pivots))
        dets.append(-prod if swaps % 2 else prod)
    out = Tensor._from_values(dets, tuple(A._shape[:-2]), A._dtype)
    if needs_grad(A):  # the LU factors are made only for the backward
        lu, piv = _lu_tensors(factors, A._shape, A._dtype)
        record(LinalgDetBackward0, (A,), out, A=A, LU=lu, pivots=piv, result=out)
    return out


class LinalgDetBackward0(Node):
    _name = "LinalgDetBackward0"
    saves = ("A", "LU", "pivots", "result")

    def apply(self, grad):
        A = self.saved("A")
        det = self.saved("result")
        factors = [lu_factor(m, _rounding(A._dtype)) for m in _matrices(A)]
        if all(info == 0 for _, _, info in factors):
            d = at.unsqueeze(at.unsqueeze(at.mul(det, grad), -1), -2)
            return [at.mul(d, at.mT(linalg_inv(A)))]
        # torch differentiates a singular A through its SVD, which booktorch does not have
        raise unsupported("The gradient of torch.linalg.det at a singular matrix")


# ------------------------------------------------------------------ inv and solve
def _identity_columns(n, dt):
    one, zero = D.scalar_to(1, dt), D.zero_of(dt)
    return [[one if i == j else zero for i in range(n)] for j in range(n)]


@kernel
def linalg_inv(A):
    _check_square(A, "linalg.inv")
    _check_float(A, "linalg.inv")
    f = _rounding(A._dtype)
    n = A._shape[-1]
    mats = _matrices(A)
    batched = A.dim() > 2
    results = []
    for b, m in enumerate(mats):
        lu, pivots, info = lu_factor(m, f)
        if info:
            where = f"(Batch element {b}): " if batched else ""
            raise LinAlgError(f"linalg.inv: {where}The diagonal element {info} is zero, the inversion could not be "
                              "completed because the input matrix is singular.")
        results.append(lu_solve(lu, pivots, _identity_columns(n, A._dtype), f))
    out = _from_columns(results, tuple(A._shape), A._dtype)
    record(LinalgInvExBackward0, (A,), out, inverse=out)
    return out


class LinalgInvExBackward0(Node):
    _name = "LinalgInvExBackward0"
    saves = ("inverse",)

    def apply(self, grad):
        inverse_h = at.mT(self.saved("inverse"))
        return [at.neg(at.matmul(inverse_h, at.matmul(grad, inverse_h)))]


def _is_vector_rhs(A, B):
    """torch's linalg_solve_is_vector_rhs."""
    return B.dim() == 1 or (A.dim() - 1 == B.dim() and tuple(B._shape) == tuple(A._shape[:-1]))


@kernel
def linalg_solve(A, B, left=True):
    """AX = B, or with ``left=False`` XA = B: as torch, which then factors A^T and solves
    A^T X^T = B^T, writing X row by row (X^T column-major)."""
    if A._dtype is not B._dtype:  # torch checks the dtypes before the shapes
        raise RuntimeError(f"linalg.solve: Expected A and B to have the same dtype, but found A of type "
                           f"{A._dtype._legacy} and B of type {B._dtype._legacy} instead")
    _check_square(A, "linalg.solve")
    _check_float(A, "linalg.solve")
    vector = _is_vector_rhs(A, B)
    B2 = at.unsqueeze(B, -1) if vector else B
    n = A._shape[-1]
    if B2.dim() < 2 or B2._shape[-2 if left else -1] != n:
        bs = B2._shape
        raise RuntimeError(f"linalg.solve: Incompatible shapes of A and B for the equation {'AX' if left else 'XA'} = B "
                           f"({n}x{n} and {bs[-2] if B2.dim() > 1 else bs[-1]}x{bs[-1] if B2.dim() > 1 else 1})")
    batch = tuple(broadcast_shapes(tuple(A._shape[:-2]), tuple(B2._shape[:-2])))
    k = B2._shape[-1 if left else -2]
    Ae = at.expand(at.detach(A), batch + (n, n))
    Be = at.expand(at.detach(B2), batch + tuple(B2._shape[-2:]))
    if not left:  # X^T solves A^T X^T = B^T
        Ae, Be = at.mT(Ae), at.mT(Be)
    f = _rounding(A._dtype)
    results = []
    for b, (m, rhs) in enumerate(zip(_matrices(Ae), _matrices(Be))):
        lu, pivots, info = lu_factor(m, f)
        if info:
            where = f"(Batch element {b}): " if batch else ""
            raise LinAlgError(f"torch.linalg.solve: {where}The solver failed because the input matrix is singular.")
        results.append(lu_solve(lu, pivots, [[r[j] for r in rhs] for j in range(k)], f))
    if left:
        out = _from_columns(results, batch + (n, k), A._dtype)
    else:  # each solution column of X^T is a row of X
        out = Tensor._from_values([v for cols in results for col in cols for v in col], batch + (k, n), A._dtype)
    if vector:
        out = _vector_result(out, batch, n)
    if needs_grad(A, B):  # the LU factors are made only for the backward
        lu_f = [lu_factor(m, f) for m in _matrices(A if left else at.mT(at.detach(A)))]
        lu, piv = _lu_tensors(lu_f, A._shape, A._dtype)
        record(LinalgSolveExBackward0, (A, B), out, left=left, A=A, LU=lu, pivots=piv, result=out)
    return out


def _vector_result(out, batch, n):
    """The solution of a vector right-hand side: torch lays it out as a batch of column-major matrices
    of the last batch dimension by n."""
    shape = batch + (n,)
    strides = _batched_column_major(shape) if batch else (1,)
    return new_strided(out._values(), shape, strides, out._dtype)


class LinalgSolveExBackward0(Node):
    _name = "LinalgSolveExBackward0"
    saves = ("A", "LU", "pivots", "result")

    def apply(self, grad):
        A = self.saved("A")
        X = self.saved("result")
        vector = X.dim() == 1 or (A.dim() - 1 == X.dim() and tuple(X._shape) == tuple(A._shape[:-1]))
        left = self._svals["left"]
        gB = linalg_solve(at.mT(A), grad, left)
        gA = None
        if self.needs(0):
            g2 = at.unsqueeze(gB, -1) if vector else gB
            x2 = at.unsqueeze(X, -1) if vector else X
            gA = at.neg(at.matmul(g2, at.mT(x2)) if left else at.matmul(at.mT(x2), g2))
        return [gA, gB if self.needs(1) else None]


# ------------------------------------------------------------------ the public names
# torch's parser (booktorch/binding.py) has read the arguments; out= is booktorch's "not available" error
@function("det", namespace="torch.linalg")
def det_linalg(A):
    return linalg_det(A)


@method("det")
@function("det")
def det(input):  # noqa: A002 - torch's name
    return linalg_det(input)


@function("inv", namespace="torch.linalg")
def inv(A):
    return linalg_inv(A)


@method("inverse")
@function("inverse")
def inverse(input):  # noqa: A002 - torch's name; torch.inverse is linalg.inv, messages included
    return linalg_inv(input)


@function("solve", namespace="torch.linalg")
def solve(A, B, *, left=True):
    return linalg_solve(A, B, left)
