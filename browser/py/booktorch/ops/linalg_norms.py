"""torch.linalg's norms and rank: vector_norm, matrix_norm, norm and matrix_rank.

They are built as torch builds them (``LinearAlgebra.cpp``), so the values and backward graphs
are those of the ops they call: ``vector_norm`` is ``linalg_vector_norm`` (:mod:`booktorch.ops.norm`);
the Frobenius matrix norm is ``vector_norm(A, 2, dim)``; the 1 and inf norms are a 1-norm over one
dimension followed by ``amax`` (``amin`` for -1 and -inf) over the other.  The spectral (2, -2) and
nuclear norms are the max, min and sum of ``svdvals``, whose singular values are computed in double
by one-sided Jacobi rotations and rounded (torch's float32 LAPACK SVD differs from them only in the
last bits).  ``matrix_rank`` counts singular values above torch's tolerance, far above such bits.
"""

import math

from .. import dtypes as D
from ..errors import unsupported
from ..graph import Node, needs_grad, record
from ..registry import at, function, kernel
from ..shape import numel, wrap_dim
from ..tensor import Tensor
from .norm import check_norm_dtype
from ..binding import parsed

_INF = math.inf


def _dims(dim):
    if dim is None or (isinstance(dim, int) and not isinstance(dim, bool)):
        return dim
    return tuple(dim)


# torch's parser (booktorch/binding.py) has read the arguments; out= is booktorch's "not available" error
@function("vector_norm", namespace="torch.linalg")
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):  # noqa: A002 - torch's argument name
    return at.linalg_vector_norm(x, ord, _dims(dim), keepdim, dtype)


def _ord_text(ord):  # noqa: A002
    return ord if isinstance(ord, str) else f"{ord:g}"


@function("matrix_norm", namespace="torch.linalg")
def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):  # noqa: A002
    return _matrix_norm(A, ord, tuple(dim), keepdim, dtype)


def _matrix_norm(A, ord, dim, keepdim, dtype):  # noqa: A002
    # torch's order: the order, A (its low precision for an SVD norm), dim, then dtype
    if ord not in ("fro", "nuc", 2, -2, 1, -1, _INF, -_INF) or (isinstance(ord, str) and ord not in ("fro", "nuc")):
        raise RuntimeError(f"linalg.matrix_norm: Order {_ord_text(ord)} not supported.")
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    if not A._dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.matrix_norm: Expected a floating point or complex tensor as input. Got {A._dtype._legacy}")
    if ord in ("nuc", 2, -2) and A._dtype in (D.float16, D.bfloat16):
        raise RuntimeError(f"linalg.matrix_norm: Low precision dtypes not supported. Got {A._dtype._legacy}")
    if len(dim) != 2:
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got {' '.join(map(str, dim))}")
    d0, d1 = wrap_dim(dim[0], A.dim()), wrap_dim(dim[1], A.dim())
    if d0 == d1:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({dim[0]}, {dim[1]})")
    check_norm_dtype("linalg.matrix_norm", A, dtype)
    if ord == "fro":
        return at.linalg_vector_norm(A, 2, (d0, d1), keepdim, dtype)
    if ord in ("nuc", 2, -2):
        return _spectral(A, ord, d0, d1, keepdim, dtype)
    if math.isinf(ord):
        d0, d1 = d1, d0
    if not keepdim and d0 < d1:
        d1 -= 1
    sums = at.linalg_vector_norm(A, 1.0, (d0,), keepdim, dtype)
    return at.amax_amin(sums, (d1,), keepdim, ord > 0)


@function("norm", namespace="torch.linalg")
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):  # noqa: A002
    dim = _dims(dim)
    dims = (dim,) if isinstance(dim, int) else dim
    if dims is not None:
        if len(dims) not in (1, 2):
            raise RuntimeError(f"linalg.norm: If dim is specified, it must be of length 1 or 2. Got "
                               f"[{', '.join(map(str, dims))}]")
    elif ord is not None and A.dim() not in (1, 2):
        raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got "
                           f"{A.dim()}D.")
    if isinstance(ord, str):
        return _matrix_norm(A, ord, dims if dims is not None else (0, 1), keepdim, dtype)
    if ord is not None and ((dims is not None and len(dims) == 2) or (dims is None and A.dim() == 2)):
        return _matrix_norm(A, ord, dims if dims is not None else (0, 1), keepdim, dtype)
    return at.linalg_vector_norm(A, 2 if ord is None else ord, dim, keepdim, dtype)


# ------------------------------------------------------------------ the SVD (in double)
def svd_double(rows):
    """(U columns, singular values, V columns) of a matrix (a list of rows of floats), in double,
    largest value first: one-sided Jacobi rotations of A's columns (of A^T's when A is wide) until
    every pair is orthogonal; a column's length is its singular value. A zero value's U column is
    zeros (LAPACK would complete the basis; no gradient is unique there)."""
    m = len(rows)
    n = len(rows[0]) if m else 0
    wide = m < n
    cols = [list(r) for r in rows] if wide else [list(c) for c in zip(*rows)]
    k = len(cols)
    basis = [[1.0 if i == j else 0.0 for i in range(k)] for j in range(k)]  # the rotations, by column
    eps = 2.0 ** -52
    for _ in range(60):
        rotated = False
        for p in range(k):
            for q in range(p + 1, k):
                cp, cq = cols[p], cols[q]
                alpha = math.fsum(x * x for x in cp)
                beta = math.fsum(x * x for x in cq)
                gamma = math.fsum(x * y for x, y in zip(cp, cq))
                if gamma == 0 or abs(gamma) <= eps * math.sqrt(alpha * beta):
                    continue
                rotated = True
                zeta = (beta - alpha) / (2 * gamma)
                t = math.copysign(1.0, zeta) / (abs(zeta) + math.sqrt(1 + zeta * zeta))
                c = 1 / math.sqrt(1 + t * t)
                sn = c * t
                cols[p] = [c * x - sn * y for x, y in zip(cp, cq)]
                cols[q] = [sn * x + c * y for x, y in zip(cp, cq)]
                bp, bq = basis[p], basis[q]
                basis[p] = [c * x - sn * y for x, y in zip(bp, bq)]
                basis[q] = [sn * x + c * y for x, y in zip(bp, bq)]
        if not rotated:
            break
    sigma = [math.sqrt(math.fsum(x * x for x in c)) for c in cols]
    order = sorted(range(k), key=lambda j: -sigma[j])
    sigma = [sigma[j] for j in order]
    left = [[x / s for x in cols[j]] if s else [0.0] * len(cols[j]) for j, s in zip(order, sigma)]
    right = [basis[j] for j in order]
    return (right, sigma, left) if wide else (left, sigma, right)


def singular_values(rows):
    """The singular values of a matrix (a list of rows of floats), in double, largest first."""
    return svd_double(rows)[1] if rows and rows[0] else []


@kernel
def linalg_svdvals(A):
    """The singular values of each matrix of A, largest first, rounded to A's dtype, with torch's
    LinalgSvdBackward0 (gA = U diag(gS) Vh). Computed in double: torch's float32 LAPACK values differ
    from them in the last bits, and a rank-deficient matrix's zero values are rounding noise there."""
    if A.dim() < 2:
        raise RuntimeError("linalg.svd: The input tensor A must have at least 2 dimensions.")
    if not A._dtype.is_floating_point:
        raise RuntimeError(f"linalg.svd: Expected a floating point or complex tensor as input. Got {A._dtype._legacy}")
    if A._dtype not in (D.float32, D.float64):
        raise NotImplementedError(f"\"linalg_svd_cpu\" not implemented for '{A._dtype._legacy}'")
    m, n = A._shape[-2:]
    k = min(m, n)
    batch = tuple(A._shape[:-2])
    vals = A._values()
    us, ss, vhs = [], [], []
    for b in range(numel(batch)):
        rows = [vals[(b * m + i) * n:(b * m + i + 1) * n] for i in range(m)]
        u, sigma, v = svd_double(rows) if k else ([], [], [])
        us.extend(u[j][i] for i in range(m) for j in range(k))
        ss.extend(sigma)
        vhs.extend(v[j][i] for j in range(k) for i in range(n))
    round_ = (lambda xs: xs) if A._dtype is D.float64 else D.round_f32
    S = Tensor._from_values(round_(ss), batch + (k,), A._dtype)
    if needs_grad(A):  # U and Vh are made only for the backward
        record(LinalgSvdBackward0, (A,), S, full_matrices=False, S_sym_argsize_minus_1=k,
               U=Tensor._from_values(round_(us), batch + (m, k), A._dtype), S=S,
               Vh=Tensor._from_values(round_(vhs), batch + (k, n), A._dtype))
    return S


class LinalgSvdBackward0(Node):
    _name = "LinalgSvdBackward0"
    saves = ("U", "S", "Vh")

    def apply(self, grad):
        U, Vh = self.saved("U"), self.saved("Vh")
        m, n = U._shape[-2], Vh._shape[-1]
        if m >= n:  # torch's svd_backward when only S has a gradient
            return [at.matmul(U, at.mul(at.unsqueeze(grad, -1), Vh))]
        return [at.matmul(at.mul(U, at.unsqueeze(grad, -2)), Vh)]


@function("svdvals", namespace="torch.linalg")
def svdvals(A, *, driver=None):
    return linalg_svdvals(A)


def _spectral(A, ord, d0, d1, keepdim, dtype):  # noqa: A002
    """ord 2, -2 and 'nuc': as torch, the two dims moved to the end, the singular values, then their
    max, min or sum; with keepdim the result is put back where the dims were."""
    if A._dtype in (D.float16, D.bfloat16):
        raise RuntimeError(f"linalg.matrix_norm: Low precision dtypes not supported. Got {A._dtype._legacy}")
    if dtype is not None:
        A = at.to_dtype(A, dtype)
    permutation = [i for i in range(A.dim()) if i not in (d0, d1)] + [d0, d1]
    S = linalg_svdvals(at.permute(A, permutation))
    if ord == "nuc":
        result = at.sum(S, (-1,), keepdim)
    elif ord == 2 and S._shape[-1] == 0:
        result = at.sum(S, (-1,), keepdim)  # torch gives 0 for no singular values (amin raises)
    else:
        result = at.amax_amin(S, (-1,), keepdim, ord > 0)
    if keepdim:
        reverse = [permutation.index(i) for i in range(A.dim())]
        result = at.permute(at.unsqueeze(result, -1), reverse)
    return result


def _tolerance(value):
    """A tolerance as a number: a float, or a tensor of one element (booktorch does not broadcast others)."""
    if isinstance(value, Tensor):
        if value.numel() != 1:
            raise unsupported("torch.linalg.matrix_rank with a tolerance tensor of more than one element")
        return float(value.item())
    return value


@function("matrix_rank", namespace="torch.linalg")
@parsed
def matrix_rank(input, hermitian=False, atol=None, rtol=None, tol=None):  # noqa: A002 - torch's name
    """torch's overloads: atol and rtol (floats or tensors), or the older tol (float or tensor)."""
    A, atol, rtol = input, _tolerance(atol), _tolerance(rtol)
    if A.dim() < 2:
        raise RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
    if A._dtype not in (D.float32, D.float64):
        raise RuntimeError("This function doesn't handle types other than float and double")
    m, n = A._shape[-2:]
    if hermitian and m != n:
        raise RuntimeError(f"linalg.eigh: A must be batches of square matrices, but they are {m} by {n} matrices")
    if tol is not None:
        atol, rtol = _tolerance(tol), 0.0
    eps = {D.float64: 2.0 ** -52, D.float32: 2.0 ** -23}.get(A._dtype, 2.0 ** -23)
    if rtol is None:
        rtol = 0.0 if atol is not None and atol > 0 else eps * max(m, n)
    atol = 0.0 if atol is None else atol
    vals = A._values()
    ranks = []
    for b in range(numel(A._shape[:-2])):
        rows = [vals[(b * m + i) * n:(b * m + i + 1) * n] for i in range(m)]
        if hermitian:  # eigh reads the lower triangle
            rows = [[rows[max(i, j)][min(i, j)] for j in range(n)] for i in range(n)]
        sv = singular_values(rows) if m and n else []
        limit = max(atol, rtol * sv[0]) if sv else atol
        ranks.append(sum(s > limit for s in sv))
    return Tensor._from_values(ranks, tuple(A._shape[:-2]), D.int64)
