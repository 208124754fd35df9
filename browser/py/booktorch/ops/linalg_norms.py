"""torch.linalg's norms and rank: vector_norm, matrix_norm, norm and matrix_rank.

They are built as torch builds them (``LinearAlgebra.cpp``), so the values and backward graphs
are those of the ops they call: ``vector_norm`` is ``linalg_vector_norm`` (:mod:`booktorch.ops.norm`);
the Frobenius matrix norm is ``vector_norm(A, 2, dim)``; the 1 and inf norms are a 1-norm over one
dimension followed by ``amax`` (``amin`` for -1 and -inf) over the other.  The spectral and nuclear
norms need an SVD, which booktorch does not have.  ``matrix_rank`` counts singular values above
torch's tolerance; they are computed in double by one-sided Jacobi rotations (torch's float32
SVD differs from them only by rounding, far below any tolerance that a rank depends on).
"""

import math

from .. import dtypes as D
from ..errors import unsupported
from ..registry import at, function
from ..shape import numel, wrap_dim
from ..tensor import Tensor

_INF = math.inf


def _tensor(name, value):
    if not isinstance(value, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(value).__name__}")


def _dims(dim):
    if dim is None or (isinstance(dim, int) and not isinstance(dim, bool)):
        return dim
    return tuple(dim)


def _no_out(name, out):
    if out is not None:
        raise unsupported(f"{name}(..., out=...)")


@function("vector_norm", namespace="torch.linalg")
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):  # noqa: A002 - torch's argument name
    _tensor("linalg_vector_norm", x)
    _no_out("torch.linalg.vector_norm", out)
    return at.linalg_vector_norm(x, ord, _dims(dim), keepdim, dtype)


def _ord_text(ord):  # noqa: A002
    return ord if isinstance(ord, str) else f"{ord:g}"


@function("matrix_norm", namespace="torch.linalg")
def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):  # noqa: A002
    _tensor("linalg_matrix_norm", A)
    _no_out("torch.linalg.matrix_norm", out)
    return _matrix_norm(A, ord, tuple(dim), keepdim, dtype)


def _matrix_norm(A, ord, dim, keepdim, dtype):  # noqa: A002
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    if len(dim) != 2:
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got {' '.join(map(str, dim))}")
    d0, d1 = wrap_dim(dim[0], A.dim()), wrap_dim(dim[1], A.dim())
    if d0 == d1:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({dim[0]}, {dim[1]})")
    if not A._dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.matrix_norm: Expected a floating point or complex tensor as input. Got {A._dtype._legacy}")
    if ord == "fro":
        return at.linalg_vector_norm(A, 2, (d0, d1), keepdim, dtype)
    if ord in ("nuc", 2, -2):
        raise unsupported(f"torch.linalg.matrix_norm(ord={ord!r}) (it needs an SVD)")
    if isinstance(ord, str) or ord not in (1, -1, _INF, -_INF):
        raise RuntimeError(f"linalg.matrix_norm: Order {_ord_text(ord)} not supported.")
    if math.isinf(ord):
        d0, d1 = d1, d0
    if not keepdim and d0 < d1:
        d1 -= 1
    sums = at.linalg_vector_norm(A, 1.0, (d0,), keepdim, dtype)
    return at.amax_amin(sums, (d1,), keepdim, ord > 0)


@function("norm", namespace="torch.linalg")
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):  # noqa: A002
    _tensor("linalg_norm", A)
    _no_out("torch.linalg.norm", out)
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


# ------------------------------------------------------------------ matrix_rank
def singular_values(rows):
    """The singular values of a matrix (a list of rows of floats), in double, largest first."""
    m = len(rows)
    n = len(rows[0]) if m else 0
    cols = [list(c) for c in zip(*rows)] if m >= n else [list(r) for r in rows]
    eps = 2.0 ** -52
    for _ in range(60):
        rotated = False
        for p in range(len(cols)):
            for q in range(p + 1, len(cols)):
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
                s = c * t
                cols[p] = [c * x - s * y for x, y in zip(cp, cq)]
                cols[q] = [s * x + c * y for x, y in zip(cp, cq)]
        if not rotated:
            break
    return sorted((math.sqrt(math.fsum(x * x for x in c)) for c in cols), reverse=True)


_MATRIX_RANK_SIGNATURES = """linalg_matrix_rank() received an invalid combination of arguments - got ({}), but expected one of:
 * (Tensor input, *, Tensor atol = None, Tensor rtol = None, bool hermitian = False, Tensor out = None)
 * (Tensor input, *, float atol = None, float rtol = None, bool hermitian = False, Tensor out = None)
 * (Tensor input, Tensor tol, bool hermitian = False, *, Tensor out = None)
 * (Tensor input, float tol, bool hermitian = False, *, Tensor out = None)
"""


@function("matrix_rank", namespace="torch.linalg")
def matrix_rank(A, tol=None, hermitian=False, *, atol=None, rtol=None, out=None):
    if not isinstance(A, Tensor):
        raise TypeError(_MATRIX_RANK_SIGNATURES.format(type(A).__name__))
    _no_out("torch.linalg.matrix_rank", out)
    if A.dim() < 2:
        raise RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
    if A._dtype not in (D.float32, D.float64):
        raise RuntimeError("This function doesn't handle types other than float and double")
    m, n = A._shape[-2:]
    if hermitian and m != n:
        raise RuntimeError(f"linalg.eigh: A must be batches of square matrices, but they are {m} by {n} matrices")
    if tol is not None:
        atol, rtol = tol, 0.0
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
