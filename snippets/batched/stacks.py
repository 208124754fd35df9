import textwrap
import warnings

import torch

# ANCHOR: stack
torch.manual_seed(0)
A = torch.randn(5, 2, 3)                  # five 2 x 3 matrices
B = torch.randn(5, 3, 4)                  # five 3 x 4 matrices
C = A @ B
print(tuple(A.shape), "@", tuple(B.shape), "->", tuple(C.shape))

for i in range(5):                        # product i uses pair i only
    assert torch.allclose(C[i], A[i] @ B[i])
print("C[i] equals A[i] @ B[i] for every i")

assert C.shape == (5, 2, 4)
# ANCHOR_END: stack

# ANCHOR: heads
batch, heads, tokens, d = 2, 4, 6, 8
Q = torch.randn(batch, heads, tokens, d)
K = torch.randn(batch, heads, tokens, d)
S = Q @ K.transpose(-2, -1)               # swap the last two axes of K
print("Q", tuple(Q.shape), "@ K^T", tuple(K.transpose(-2, -1).shape),
      "->", tuple(S.shape))
# the stacked and the single product may add their 8 terms in another
# order (the BLAS picks its kernel by CPU): equal up to float32 rounding
print("S[1, 3] is Q[1, 3] @ K[1, 3]^T:",
      torch.allclose(S[1, 3], Q[1, 3] @ K[1, 3].T, atol=1e-5))

assert S.shape == (batch, heads, tokens, tokens)
assert all(torch.allclose(S[b, h], Q[b, h] @ K[b, h].T, atol=1e-5)
           for b in range(batch) for h in range(heads))
assert torch.equal(K.transpose(-2, -1), K.mT)   # .mT is the same swap
# ANCHOR_END: heads

# ANCHOR: dot_T
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    reversed_K = K.T                      # .T on 4 axes reverses them all
print("K.T:", tuple(reversed_K.shape), " K.mT:", tuple(K.mT.shape))
first_sentence = str(caught[0].message).split(". ")[0] + "."
print("warning:", textwrap.fill(first_sentence, 66,
                             subsequent_indent=" " * 9))

assert reversed_K.shape == (d, tokens, heads, batch)
assert "is deprecated" in str(caught[0].message)
# ANCHOR_END: dot_T

# ANCHOR: broadcast
x = torch.randn(2, 6, 8)                  # [batch, tokens, features]
W = torch.randn(8, 3)                     # one weight matrix for all
print("[2, 6, 8] @ [8, 3]      ->", tuple((x @ W).shape))

per_head = torch.randn(4, 8, 3)           # one matrix per head
print("[2, 1, 6, 8] @ [4, 8, 3] ->",
      tuple((x.unsqueeze(1) @ per_head).shape))
print("batch shapes [2, 1] and [4] broadcast to",
      list(torch.broadcast_shapes((2, 1), (4,))))

assert (x @ W).shape == (2, 6, 3)
assert torch.allclose((x @ W)[1], x[1] @ W)          # W reused
out = x.unsqueeze(1) @ per_head
assert out.shape == (2, 4, 6, 3)
assert torch.allclose(out[1, 2], x[1] @ per_head[2])
# ANCHOR_END: broadcast

# ANCHOR: errors
said = []
for left, right in [((2, 4, 6, 8), (2, 4, 6, 8)),    # K not transposed
                    ((2, 4, 6, 8), (2, 3, 8, 6))]:   # 4 heads vs 3
    try:
        torch.zeros(left) @ torch.zeros(right)
    except RuntimeError as err:
        said.append(str(err))
        print(list(left), "@", list(right))
        print("  RuntimeError:", err)

assert said[0] == ("Expected size for first two dimensions of batch2 "
                   "tensor to be: [8, 8] but got: [8, 6].")
assert said[1] == ("The size of tensor a (4) must match the size of "
                   "tensor b (3) at non-singleton dimension 1")
# ANCHOR_END: errors
