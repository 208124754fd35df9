"""``torch.isclose`` / ``Tensor.isclose``, as ATen's composite computes it: ``self == other``, or (with
``equal_nan``) both NaN, or a finite ``|self - other|`` (in the tensors' dtype) at most
``atol + |rtol * other|`` (a float tensor: the Python numbers do not promote float32). ``allclose`` is
``isclose(...).all()`` (booktorch/ops/comparison.py)."""

from .. import dtypes as D
from ..grad_mode import no_grad
from ..registry import at, function, method


def _number(x):
    """A double as C++'s ostream prints it (six significant digits)."""
    return f"{x:g}"


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    if input._dtype is not other._dtype:
        raise RuntimeError(f"{input._dtype._legacy} did not match {other._dtype._legacy}")
    if rtol < 0:
        raise RuntimeError(f"rtol must be greater than or equal to zero, but got {_number(rtol)}")
    if atol < 0:
        raise RuntimeError(f"atol must be greater than or equal to zero, but got {_number(atol)}")
    with no_grad():
        close = at.eq(input, other)
        if equal_nan and input._dtype._kind == 2:
            close = at.logical_or(close, at.logical_and(at.isnan(input), at.isnan(other)))
        if rtol == 0 and atol == 0:
            return close
        a, b = input, other
        if input._dtype is D.bool_:
            a, b = at.to_dtype(input, D.get_default_dtype()), at.to_dtype(other, D.get_default_dtype())
        allowed = at.add(at.abs(at.mul(b, rtol)), atol)
        actual = at.abs(at.sub(a, b))
        return at.logical_or(close, at.logical_and(at.isfinite(actual), at.le(actual, allowed)))


method("isclose")(isclose)
function("isclose")(isclose)
