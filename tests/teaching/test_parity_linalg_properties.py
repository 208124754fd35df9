"""Property-based parity of linear algebra: random ``@`` programs (every rank from 1 to 4, batch
broadcasting, transposed and sliced operands, float32 and float64) whose values and gradients must match
torch's (float32 bit for bit), and random diagonal, triangle and trace programs with their gradients, under real
torch and booktorch."""


from hypothesis import given
from hypothesis import strategies as st

from parity import assert_same, examples, needs_measured_mkl, prelude

# float32 values must match bit for bit; float64 ones to 12 significant digits (MKL's dgemm/ddot orders
# are not all reproduced, so the last bits of a float64 product can differ)
PRELUDE = prelude("exact_12g") + """
def show(t):
    print(t.dtype, tuple(t.shape), t.stride(), t.grad_fn.name() if t.grad_fn is not None else None, exact(t))
gen = torch.Generator().manual_seed(SEED)
def operand(shape, layout, dtype):
    if layout == "transposed" and len(shape) >= 2:
        t = torch.randn(*shape[:-2], shape[-1], shape[-2], generator=gen).to(dtype).mT
    elif layout == "sliced":
        t = torch.randn(*shape[:-1], 2 * shape[-1], generator=gen).to(dtype)[..., ::2]
    else:
        t = torch.randn(*shape, generator=gen).to(dtype)
    return t.requires_grad_()
"""


@st.composite
def matmul_shapes(draw):
    """Two shapes that ``@`` accepts: inner sizes equal, batch dimensions broadcastable."""
    m, k, n = draw(st.integers(1, 9)), draw(st.integers(1, 20)), draw(st.integers(1, 14))
    rank_a, rank_b = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    batch = [draw(st.integers(1, 3)) for _ in range(max(rank_a, rank_b) - 2)]

    def batch_of(rank):
        dims = batch[len(batch) - (rank - 2):] if rank > 2 else []
        return [d if draw(st.booleans()) else 1 for d in dims]

    a = [k] if rank_a == 1 else batch_of(rank_a) + [m, k]
    b = [k] if rank_b == 1 else batch_of(rank_b) + [k, n]
    return a, b


@needs_measured_mkl
@examples(30)
@given(shapes=matmul_shapes(), layouts=st.tuples(*[st.sampled_from(["contiguous", "transposed", "sliced"])] * 2),
       dtype=st.sampled_from(["float32", "float32", "float64"]), seed=st.integers(0, 2**31))
def test_matmul_values_and_gradients(shapes, layouts, dtype, seed):
    a, b = shapes
    # a vector with a stride other than 1 takes MKL's strided sgemv/sdot paths, whose order booktorch
    # reproduces for a dot product but not for every matrix-vector product: vectors stay contiguous here
    layouts = tuple("contiguous" if len(shape) == 1 else layout for shape, layout in zip(shapes, layouts))
    src = PRELUDE.replace("SEED", str(seed)) + f"""
a = operand({a}, "{layouts[0]}", torch.{dtype})
b = operand({b}, "{layouts[1]}", torch.{dtype})
r = a @ b
show(r)
w = torch.randn(*r.shape, generator=gen).to(torch.{dtype}) if r.dim() else torch.tensor(1.5, dtype=torch.{dtype})
(r * w).sum().backward()
print(exact(a.grad), exact(b.grad))
"""
    assert_same(src)


@examples(25)
@given(rows=st.integers(1, 6), cols=st.integers(1, 6), batch=st.sampled_from([[], [2], [2, 1]]),
       k=st.integers(-7, 7), op=st.sampled_from(["triu", "tril", "diagonal", "diag", "trace", "diag_embed"]),
       dtype=st.sampled_from(["float32", "float64"]), seed=st.integers(0, 2**31))
def test_diagonals_and_triangles(rows, cols, batch, k, op, dtype, seed):
    shape = batch + [rows, cols]
    expr = {
        "triu": f"x.triu({k})",
        "tril": f"torch.tril(x, {k})",
        "diagonal": f"x.diagonal({k}, -1, -2)",
        "diag": f"x[(0,) * {len(batch)}].diag({k})",
        "trace": f"x[(0,) * {len(batch)}].trace()",
        "diag_embed": f"torch.diag(x[(0,) * {len(batch)}][0], {k})",
    }[op]
    src = PRELUDE.replace("SEED", str(seed)) + f"""
x = operand({shape}, "contiguous", torch.{dtype})
r = {expr}
show(r)
w = torch.randn(*r.shape, generator=gen).to(torch.{dtype}) if r.dim() else torch.tensor(2.5, dtype=torch.{dtype})
(r * w).sum().backward()
print(exact(x.grad))
"""
    assert_same(src)
