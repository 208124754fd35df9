"""bookcheck: the checkers of the book's exercises (``from bookcheck import expect_shape``).

Plain Python over the tensor API that torch and booktorch share, so one checker runs at
build time under both and in the reader's browser. Each failure is a :class:`CheckFailed`
whose message says what is wrong in words a learner can act on; the browser shows it as
"Not yet: ..." (``browser/src/exercise.js``) and the build proves that a wrong answer gets one
(``bookengine/exercises.py``). A package of its own, beside booktorch rather than inside it:
it is the book's, not torch's, and imports neither.
"""

import math


class CheckFailed(AssertionError):
    """The reader's answer is not right yet; the message says why."""


def expect_true(condition, message):
    if not condition:
        raise CheckFailed(message)


def _is_tensor(value):
    return hasattr(value, "shape") and hasattr(value, "tolist")


def _describe(value):
    if value is None:
        return "None (did you replace the placeholder?)"
    if _is_tensor(value):
        return f"a tensor of shape {list(value.shape)}"
    return f"a {type(value).__name__}"


def expect_shape(name, tensor, shape):
    want = tuple(shape)
    if not _is_tensor(tensor):
        raise CheckFailed(f"{name} should be a tensor of shape {list(want)}, but it is {_describe(tensor)}.")
    got = tuple(tensor.shape)
    if got == want:
        return
    if len(got) != len(want):
        raise CheckFailed(
            f"{name} has {len(got)} axes (shape {list(got)}) but should have {len(want)} (shape {list(want)})."
        )
    axis = next(i for i, (g, w) in enumerate(zip(got, want)) if g != w)
    raise CheckFailed(f"{name} has shape {list(got)} but should be {list(want)}: axis {axis} has length {got[axis]}, not {want[axis]}.")


def _plain(value):
    if _is_tensor(value):
        return value.tolist()
    return value


def _flatten(value, index=()):
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _flatten(item, index + (i,))
    else:
        yield index, value


def _shape_of(value):
    shape = []
    while isinstance(value, (list, tuple)):
        shape.append(len(value))
        value = value[0] if value else None
    return shape


def expect_close(name, actual, expected, tol=1e-4):
    """``actual`` (tensor, list or number) equals ``expected`` within ``tol``, element by element."""
    if actual is None:
        raise CheckFailed(f"{name} is None: replace the placeholder with your answer.")
    got, want = _plain(actual), _plain(expected)
    if _shape_of(got) != _shape_of(want):
        raise CheckFailed(f"{name} has shape {_shape_of(got)} but should have shape {_shape_of(want)}.")
    for (index, a), (_, b) in zip(_flatten(got), _flatten(want)):
        where = f"{name}[{', '.join(map(str, index))}]" if index else name
        if not isinstance(a, (int, float)) or isinstance(a, bool) != isinstance(b, bool):
            raise CheckFailed(f"{where} is {a!r} but should be {b!r}.")
        if not math.isclose(a, b, rel_tol=tol, abs_tol=tol):
            raise CheckFailed(f"{where} is {a:.6g} but should be {b:.6g} (off by {abs(a - b):.3g}).")


def expect_grad(name, f, x, grad, h=1e-3, tol=1e-2):
    """``grad`` (a number or 0-d tensor) matches the central difference of ``f`` at ``x``.

    ``f`` takes and returns Python floats (or 0-d tensors, read with .item()).
    """
    if grad is None:
        raise CheckFailed(f"{name} is None: did the backward pass run, and on a tensor with requires_grad=True?")
    value = grad.item() if _is_tensor(grad) else float(grad)
    x = float(x)

    def number(v):
        return v.item() if _is_tensor(v) else float(v)

    numeric = (number(f(x + h)) - number(f(x - h))) / (2 * h)
    if not math.isclose(value, numeric, rel_tol=tol, abs_tol=tol):
        raise CheckFailed(
            f"{name} is {value:.6g}, but a central difference of f at x = {x:g} gives {numeric:.6g} "
            f"(off by {abs(value - numeric):.3g})."
        )


def expect_broadcast(name_a, a, name_b, b):
    """The shapes of ``a`` and ``b`` broadcast; if not, name the axis that fails."""
    sa, sb = list(a.shape), list(b.shape)
    width = max(len(sa), len(sb))
    pa, pb = [1] * (width - len(sa)) + sa, [1] * (width - len(sb)) + sb
    for axis in range(width):
        if pa[axis] != pb[axis] and 1 not in (pa[axis], pb[axis]):
            raise CheckFailed(
                f"{name_a} {sa} and {name_b} {sb} do not broadcast: right-aligned, axis {axis - width} has "
                f"lengths {pa[axis]} and {pb[axis]}; one of them must be 1 or they must be equal."
            )
