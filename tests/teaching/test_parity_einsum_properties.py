"""Property-based parity of torch.einsum: random equations of one to three operands (repeated labels,
labels summed away, broadcast size-1 dims, ellipses, explicit and implicit outputs) whose values, strides,
backward graphs and gradients must match torch's (float32 bit for bit), under real torch and booktorch."""


from hypothesis import given
from hypothesis import strategies as st

import torch
from parity import assert_same, examples, prelude, run

PRELUDE = prelude("exact_12g", "walk_inline") + """
gen = torch.Generator().manual_seed(SEED)
"""

LABELS = "abcdB"


@st.composite
def equations(draw):
    """An equation and its operands' shapes: each label has one size, and an operand may show a size-1
    dim where the label is larger (einsum broadcasts it); the ellipsis covers broadcastable dims."""
    sizes = {label: draw(st.integers(1, 3)) for label in LABELS}
    ell = [draw(st.integers(1, 3)) for _ in range(draw(st.integers(0, 2)))]
    use_ellipsis = bool(ell) and draw(st.booleans())
    num_ops = draw(st.integers(1, 3))
    terms, shapes, used = [], [], []
    for _ in range(num_ops):
        labels = draw(st.lists(st.sampled_from(LABELS), max_size=3))
        shape = [1 if draw(st.integers(0, 5)) == 0 else sizes[x] for x in labels]
        for i, x in enumerate(labels):  # a repeated label takes the size of its first place
            shape[i] = shape[labels.index(x)]
        term = "".join(labels)
        if use_ellipsis and draw(st.booleans()):
            covered = ell[len(ell) - draw(st.integers(0, len(ell))):]
            covered = [1 if draw(st.integers(0, 3)) == 0 else s for s in covered]
            at = draw(st.integers(0, len(labels)))
            term = term[:at] + "..." + term[at:]
            shape = shape[:at] + covered + shape[at:]
        terms.append(term)
        shapes.append(shape)
        used.extend(labels)
    lhs = ",".join(terms)
    if draw(st.booleans()):
        return lhs, shapes
    distinct = sorted(set(used))
    out = draw(st.permutations(distinct))[:draw(st.integers(0, len(distinct)))]
    rhs = "".join(out)
    if "..." in lhs and draw(st.booleans()):
        at = draw(st.integers(0, len(rhs)))
        rhs = rhs[:at] + "..." + rhs[at:]
    return lhs + "->" + rhs, shapes


@examples(60)
@given(case=equations(), dtype=st.sampled_from(["float32", "float32", "float64"]),
       transposed=st.booleans(), seed=st.integers(0, 2**31))
def test_einsum_values_and_gradients(case, dtype, transposed, seed):
    equation, shapes = case
    src = PRELUDE.replace("SEED", str(seed)) + f"""
ops = []
for shape in {shapes}:
    t = torch.randn(shape[::-1], generator=gen).to(torch.{dtype}).permute(list(range(len(shape) - 1, -1, -1))) \\
        if {transposed} else torch.randn(shape, generator=gen).to(torch.{dtype})
    ops.append(t.requires_grad_())
print(tuple(tuple(o.stride()) for o in ops))
try:
    r = torch.einsum({equation!r}, *ops)
except RuntimeError as e:
    print('RuntimeError:', e)
else:
    print(r.dtype, tuple(r.shape), r.stride(), walk(r.grad_fn), exact(r))
    w = torch.randn(r.shape, generator=gen).to(torch.{dtype})
    (r * w).sum().backward()
    print([exact(o.grad) for o in ops])
"""
    assert run(src, torch)[1] is None, "the program itself must run under torch"
    assert_same(src)
