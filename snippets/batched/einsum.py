import torch

torch.manual_seed(0)
A, B = torch.randn(2, 3), torch.randn(3, 4)
u, v = torch.randn(3), torch.randn(3)
M = torch.randn(3, 3)
P, R = torch.randn(5, 2, 3), torch.randn(5, 3, 4)

# ANCHOR: table
checks = [
    ("ij,jk->ik", (A, B), A @ B),               # matrix product
    ("bij,bjk->bik", (P, R), P @ R),            # batched product
    ("i,i->", (u, v), u @ v),                   # dot product
    ("i,j->ij", (u, v), torch.outer(u, v)),     # outer product
    ("ii->", (M,), torch.trace(M)),             # trace: the diagonal's sum
    ("ij->ji", (A,), A.T),                      # transpose, nothing summed
    ("ij->i", (A,), A.sum(dim=1)),              # a reduction
]
for equation, operands, expected in checks:
    got = torch.einsum(equation, *operands)
    same = torch.allclose(got, expected, atol=1e-6)
    print(f"{equation:<14} {str(list(got.shape)):<10} same: {same}")
    assert same and got.shape == expected.shape
# ANCHOR_END: table

# ANCHOR: by_hand
# "ij,jk->ik": j is in both inputs and not in the output, so it is summed;
# i and k survive. Spelled out as loops:
out = torch.zeros(2, 4)
for i in range(2):
    for k in range(4):
        for j in range(3):
            out[i, k] += A[i, j] * B[j, k]
print("loops agree with einsum:",
      torch.allclose(out, torch.einsum("ij,jk->ik", A, B), atol=1e-6))
assert torch.allclose(out, A @ B, atol=1e-6)
# ANCHOR_END: by_hand

# ANCHOR: attention
Q = torch.randn(2, 4, 6, 8)                  # [batch, heads, tokens, d]
K = torch.randn(2, 4, 6, 8)
S = torch.einsum("bhtd,bhsd->bhts", Q, K)    # no transpose needed
print("bhtd,bhsd->bhts:", list(S.shape),
      " same as Q @ K^T:", torch.allclose(S, Q @ K.mT, atol=1e-5))
assert S.shape == (2, 4, 6, 6) and torch.allclose(S, Q @ K.mT, atol=1e-5)
# ANCHOR_END: attention

# The equations the page invites the reader to try in its cell (not shown):
# the order of the kept letters, everything summed, nothing summed, and
# lengths that do not line up.
assert torch.einsum("ij,jk->ki", A, B).shape == (4, 2)
assert torch.einsum("ij,jk->", A, B).shape == ()
assert torch.einsum("ij,jk->ijk", A, B).shape == (2, 3, 4)
try:
    torch.einsum("ij,kj->ik", A, B)
except RuntimeError:
    pass
else:
    raise AssertionError("ij,kj->ik should not fit a [2, 3] and a [3, 4]")
