import torch
import torch.nn.functional as F

# ANCHOR: function
def attention(Q, K, V):
    """softmax(Q K^T / sqrt(d)) V over any leading batch axes."""
    d = Q.shape[-1]
    scores = Q @ K.transpose(-2, -1) / d**0.5     # [..., T, T]
    weights = torch.softmax(scores, dim=-1)       # each row sums to 1
    return weights @ V, weights                   # [..., T, D]


torch.manual_seed(0)
B, H, T, D = 2, 4, 5, 8
Q, K, V = (torch.randn(B, H, T, D) for _ in range(3))
out, weights = attention(Q, K, V)
print("Q, K, V :", list(Q.shape))
print("weights :", list(weights.shape))
print("out     :", list(out.shape))
print("row sums of weights[0, 0]:", weights[0, 0].sum(dim=-1))

library = F.scaled_dot_product_attention(Q, K, V)
print("same as F.scaled_dot_product_attention:",
      torch.allclose(out, library, atol=1e-6))

assert weights.shape == (B, H, T, T) and out.shape == (B, H, T, D)
assert torch.allclose(weights.sum(dim=-1), torch.ones(B, H, T))
assert torch.allclose(out, library, atol=1e-6)
# ANCHOR_END: function

# ANCHOR: mix
b, h, t = 1, 2, 3                          # one token of one head
w = weights[b, h, t]                       # [T]: how much of each value
mixed = sum(w[s] * V[b, h, s] for s in range(T))
print("weights of token 3:", w.round(decimals=3))
print("sum of w[s] * V[s] equals out[1, 2, 3]:",
      torch.allclose(mixed, out[b, h, t], atol=1e-6))
assert torch.allclose(mixed, out[b, h, t], atol=1e-6)
assert torch.allclose(w.sum(), torch.tensor(1.0))
assert w.argmax().item() == 3
assert round(w[3].item(), 3) == 0.479 and round(w[2].item(), 3) == 0.272
# ANCHOR_END: mix

# ANCHOR: causal
later = torch.arange(T).unsqueeze(1) < torch.arange(T)   # [T, T] bool
print(later)
d = Q.shape[-1]
scores = Q @ K.transpose(-2, -1) / d**0.5
scores = scores.masked_fill(later, float("-inf"))       # broadcast over B, H
causal_weights = torch.softmax(scores, dim=-1)
print(causal_weights[0, 0].round(decimals=2))
causal = causal_weights @ V
print("same as is_causal=True:",
      torch.allclose(causal, F.scaled_dot_product_attention(
          Q, K, V, is_causal=True), atol=1e-6))

assert torch.equal(later, torch.triu(torch.ones(T, T, dtype=torch.bool), 1))
assert (causal_weights[..., later] == 0).all()
assert torch.allclose(causal_weights[..., 0, 0], torch.ones(B, H))
assert torch.allclose(causal, F.scaled_dot_product_attention(
    Q, K, V, is_causal=True), atol=1e-6)
# ANCHOR_END: causal

# ANCHOR: heads
E = H * D                                  # 4 heads of 8 = 32 features
x = torch.randn(B, T, E)                   # [batch, tokens, features]
split = x.view(B, T, H, D).transpose(1, 2)             # [B, H, T, D]
print("x", list(x.shape), "-> heads", list(split.shape))

out, _ = attention(split, split, split)                # [B, H, T, D]
joined = out.transpose(1, 2).reshape(B, T, E)          # heads back in
print("attention output", list(out.shape), "-> joined", list(joined.shape))
print("out.transpose(1, 2) is contiguous:",
      out.transpose(1, 2).is_contiguous())

assert split.shape == (B, H, T, D) and joined.shape == (B, T, E)
assert torch.equal(split[0, 1, 2], x[0, 2, D:2 * D])   # head 1 = slice
assert torch.equal(joined[0, 2, D:2 * D], out[0, 1, 2])
assert joined.data_ptr() != out.data_ptr()             # reshape copied
# undoing the split itself needs no copy: same memory as x
assert split.transpose(1, 2).reshape(B, T, E).data_ptr() == x.data_ptr()
# ANCHOR_END: heads
