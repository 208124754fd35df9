"""Run the same cell source under real torch and under booktorch and compare what they print.

``run(src, module)`` executes ``src`` with ``torch`` bound to ``module`` and returns
``(stdout, error)`` where ``error`` is ``(type name, message)`` or ``None``.
``assert_same(src)`` runs both and fails with a readable diff when they differ.
"""

import io
import math
import os
import sys
import warnings
from contextlib import redirect_stdout

_PKG_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "browser", "py"))
if _PKG_ROOT not in sys.path:
    sys.path.insert(0, _PKG_ROOT)

# torch runs its AVX2 kernels here, as the build does: tests/conftest.py sets them before any import
import booktorch  # noqa: E402
import pytest  # noqa: E402
import torch  # noqa: E402

# One thread, as the build runs torch (bookengine/child.py) and so as the book's outputs were
# made: MKL and ATen split some sums between threads, and booktorch follows the one-thread order.
torch.set_num_threads(1)


def mkl_sums_as_measured():
    """Whether this CPU's MKL adds float32 products in the orders booktorch.blas reproduces (measured
    on an AVX2 CPU): one product of each of blas's kernel shapes (fused and unfused sgemm, sgemv both
    ways, blocked k), torch against booktorch, bit for bit."""
    gen = torch.Generator().manual_seed(7)
    for m, k, n in [(4, 200, 20), (5, 7, 3), (13, 13, 13), (1, 9, 7), (7, 9, 1), (6, 400, 2)]:
        a, b = torch.randn(m, k, generator=gen), torch.randn(k, n, generator=gen)
        mine = booktorch.tensor(a.tolist()) @ booktorch.tensor(b.tolist())
        if (a @ b).tolist() != mine.tolist():
            return False
    return True


# The tests that compare float32 matrix products bit for bit run only where MKL sums as measured;
# elsewhere their skip says why.
needs_measured_mkl = pytest.mark.skipif(
    not mkl_sums_as_measured(),
    reason="this CPU's MKL adds float32 products in other orders than the AVX2 CPU booktorch's blas was "
           "measured on (an AVX-512 Xeon does, whatever MKL_ENABLE_INSTRUCTIONS says)")


# Property tests run a fixed (derandomized) set of examples; to explore, run e.g.
#   BOOKTORCH_HYPOTHESIS_SCALE=20 BOOKTORCH_HYPOTHESIS_RANDOM=1 pytest tests/teaching/test_parity_properties.py
HYPOTHESIS_SCALE = float(os.environ.get("BOOKTORCH_HYPOTHESIS_SCALE", "1"))
HYPOTHESIS_RANDOM = os.environ.get("BOOKTORCH_HYPOTHESIS_RANDOM") == "1"


def examples(count):
    """Hypothesis settings for a property test of ``count`` examples (at scale 1)."""
    from hypothesis import HealthCheck, settings

    return settings(
        max_examples=max(1, int(count * HYPOTHESIS_SCALE)),
        deadline=None,
        derandomize=not HYPOTHESIS_RANDOM,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def _attempt(tensor_text):
    """An attempt(f) helper: f()'s repr (a tensor as ``tensor_text``, an f-string of r), or the error."""
    return f"""\
def attempt(f):
    try:
        r = f()
    except Exception as e:
        return f"{{type(e).__name__}}: {{e}}"
    if isinstance(r, torch.Tensor):
        return f"{tensor_text}"
    return repr(r)
"""


def slice_text(draw, bound):
    """Draw a slice's source, such as ``-2:`` or ``1:4:2``: start and stop in [-bound, bound] or left out,
    a step of 1 to 3 or left out."""
    from hypothesis import strategies as st

    start = draw(st.one_of(st.none(), st.integers(-bound, bound)))
    stop = draw(st.one_of(st.none(), st.integers(-bound, bound)))
    step = draw(st.one_of(st.none(), st.integers(1, 3)))
    return f"{'' if start is None else start}:{'' if stop is None else stop}{'' if step is None else ':' + str(step)}"


def literal(v):
    """A value's source: repr, with NaN and the infinities spelled as float(...)."""
    if isinstance(v, float):
        if math.isnan(v):
            return "float('nan')"
        if math.isinf(v):
            return "float('inf')" if v > 0 else "-float('inf')"
    return repr(v)


def nested_text(vals, shape):
    """The nested-list source of flat ``vals`` laid out in ``shape`` (a 0-d shape: the one value)."""
    if not shape:
        return literal(vals[0])
    if len(shape) == 1:
        return "[" + ", ".join(literal(v) for v in vals) + "]"
    step = 1
    for s in shape[1:]:
        step *= s
    return "[" + ", ".join(nested_text(vals[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])) + "]"


def int_list(draw, size, n):
    """``n`` indices into a dimension of ``size``, now and then one out of range."""
    from hypothesis import strategies as st

    hi = max(size, 1)
    vals = [draw(st.integers(-hi, hi - 1)) for _ in range(n)]
    if vals and draw(st.integers(0, 9)) == 0:
        vals[draw(st.integers(0, len(vals) - 1))] = draw(st.sampled_from([hi, -hi - 1, hi + 2]))
    return vals


BASIC_INDEX_KINDS = ("int", "slice", "slice", "none", "ellipsis", "full")
ADVANCED_INDEX_KINDS = BASIC_INDEX_KINDS + ("list", "tensor", "tensor", "int32", "mask", "bool")


def index_text(draw, shape, kinds=BASIC_INDEX_KINDS):
    """The source of an index for a tensor of ``shape``, one part per drawn kind: ints, slices, None and
    ``...`` (BASIC_INDEX_KINDS), with ADVANCED_INDEX_KINDS also lists, index tensors, bools and masks. The
    index tensors of one index share a broadcastable shape (with a small chance they do not); ints,
    lists and masks are now and then out of range or of the wrong size."""
    from hypothesis import strategies as st

    nd = len(shape)
    common = draw(st.sampled_from([(1,), (2,), (3,), (2, 1), (1, 2), (2, 2)]))
    parts = []
    dim = 0
    ellipsis = False
    for _ in range(draw(st.integers(1, nd + 1))):
        size = shape[dim] if dim < nd else 1
        kind = draw(st.sampled_from(kinds))
        if kind == "int":
            parts.append(str(int_list(draw, size, 1)[0]))
            dim += 1
        elif kind == "slice":
            parts.append(slice_text(draw, 4))
            dim += 1
        elif kind == "full":
            parts.append(":")
            dim += 1
        elif kind == "none":
            parts.append("None")
        elif kind == "ellipsis" and not ellipsis:
            parts.append("...")
            ellipsis = True
            dim = max(dim, nd - 1)
        elif kind == "list":
            parts.append(repr(int_list(draw, size, common[-1])))
            dim += 1
        elif kind in ("tensor", "int32"):
            ishape = common if draw(st.integers(0, 7)) else draw(st.sampled_from([(3,), (1, 3), (2, 3)]))
            n = 1
            for s in ishape:
                n *= s
            dt = ", dtype=torch.int32" if kind == "int32" else ""
            parts.append(f"torch.tensor({nested_text(int_list(draw, size, n), ishape)}{dt})")
            dim += 1
        elif kind == "mask":
            k = draw(st.integers(1, 2)) if dim + 1 < nd else 1
            mshape = list(shape[dim:dim + k]) or [1]
            if draw(st.integers(0, 9)) == 0:
                mshape[0] += 1
            n = 1
            for s in mshape:
                n *= s
            vals = [draw(st.booleans()) for _ in range(n)]
            parts.append(f"torch.tensor({nested_text(vals, mshape) if n else '[]'}, dtype=torch.bool).reshape({tuple(mshape)!r})")
            dim += k
        elif kind == "bool":
            parts.append(repr(draw(st.booleans())))
    if len(parts) == 1 and draw(st.booleans()):
        return parts[0]
    return ", ".join(parts) + ("," if len(parts) == 1 else "")


def grads_helper(seed):
    """A grads(f, *xs) helper: f's result, its graph (the prelude's walk) and the inputs' gradients
    after ``seed`` (an expression of the result y) runs backward; or the error."""
    return f"""\
def grads(f, *xs):
    xs = [x.detach().clone().requires_grad_() for x in xs]
    try:
        y = f(*xs)
        print(y)
        walk(y.grad_fn)
        ({seed}).backward()
        print([x.grad for x in xs])
    except Exception as e:
        print(f"{{type(e).__name__}}: {{e}}")
"""


# Every dtype booktorch has, as the source of a list.
DTYPES = ("torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.int16, torch.int32, "
          "torch.int64, torch.uint8, torch.bool")

# Helper functions that cells of several parity tests define, by name.
HELPERS = {
    # attempt(f): f()'s repr (a tensor's with its dtype and strides), or the error it raised
    "attempt_repr": _attempt("{r!r} {r.dtype} {r.stride()}"),
    # attempt(f): as attempt_repr, with a tensor's shape too
    "attempt_shape": _attempt("{r!r} {r.dtype} {tuple(r.shape)} {r.stride()}"),
    # exact(t): t's values, floats as exact hex
    "exact_hex": """\
def exact(t):
    return [v.hex() if isinstance(v, float) else v for v in (t.double() if t.is_floating_point() else t).flatten().tolist()]
""",
    # show(r): r, then its dtype, shape, strides, offset, contiguity and grad_fn
    "show_meta": """\
def show(r):
    print(r)
    print(' ', r.dtype, tuple(r.shape), r.stride(), r.storage_offset(), r.is_contiguous(),
          r.grad_fn.name() if r.grad_fn is not None else None)
""",
    # attempt(f): show(f()), or print the error it raised
    "attempt_show": """\
def attempt(f):
    try:
        show(f())
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
""",
    # rnd(*shape, dtype): seeded normal values (the prelude defines gen)
    "rnd": """\
def rnd(*shape, dtype=torch.float32):
    return torch.randn(*shape, generator=gen).to(dtype)
""",
    # show(r): as show_meta, a tuple or list one item after the other, and the output's number
    "show_each": """\
def show(r):
    if isinstance(r, (tuple, list)):
        print(type(r).__name__, len(r))
        for t in r:
            show(t)
        return
    print(r)
    print(' ', r.dtype, tuple(r.shape), r.stride(), r.storage_offset(), r.is_contiguous(),
          r.grad_fn.name() if r.grad_fn is not None else None, r.output_nr)
""",
    # exact(t): float64 values to 12 significant digits, other floats as exact hex (None stays None)
    "exact_12g": """\
def exact(t):
    if t is None:
        return None
    if t.dtype == torch.float64:
        return [f"{v:.12g}" for v in t.flatten().tolist()]
    return [v.hex() for v in t.double().flatten().tolist()]
""",
    # walk(g): the backward graph from g on one line, as name(children)
    "walk_inline": """\
def walk(g):
    if g is None:
        return 'None'
    return g.name() + '(' + ', '.join(walk(n) for n, _ in g.next_functions) + ')'
""",
    # shares(a, b): whether two tensors share their storage
    "shares": """\
def shares(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
""",
    # walk(g): print the backward graph from g, indented
    "walk": """\
def walk(g, d=0):
    if g is None:
        print(' ' * d + 'None')
        return
    print(' ' * d + g.name())
    for n, _ in g.next_functions:
        walk(n, d + 2)
""",
    # saved(g): a grad_fn's saved tensors and values
    "saved": """\
def saved(g):
    return [(k, getattr(g, k)) for k in dir(g) if k.startswith('_saved_')]
""",
}


def prelude(*names):
    """The source of the named HELPERS, for a test's PRELUDE."""
    return "".join(HELPERS[name] for name in names)


def run(src, module):
    buf = io.StringIO()
    g = {"torch": module, "__name__": "__cell__"}
    err = None
    with redirect_stdout(buf), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exec(compile(src, "<cell>", "exec"), g)
        except Exception as e:  # noqa: BLE001 - we compare whatever is raised
            err = (type(e).__name__, str(e))
    return buf.getvalue(), err


def both(src):
    return run(src, torch), run(src, booktorch)


def assert_same(src):
    (out_t, err_t), (out_b, err_b) = both(src)
    if out_t != out_b or err_t != err_b:
        raise AssertionError(
            "booktorch differs from torch for:\n"
            + src
            + "\n--- torch output ---\n"
            + out_t
            + f"\n--- torch error: {err_t}\n--- booktorch output ---\n"
            + out_b
            + f"\n--- booktorch error: {err_b}"
        )
    return out_t, err_t
