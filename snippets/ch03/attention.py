import torch

# ANCHOR: scores
query = torch.tensor([1.0, 0.0, 2.0])          # what one token is looking for
keys = torch.tensor([[0.5, 1.0, 0.0],          # key 0: what each token offers
                     [1.0, 0.5, 2.0],          # key 1
                     [-1.0, 0.0, -1.0]])       # key 2

# One dot product per key.
scores = keys @ query                          # [3, 3] @ [3] -> [3]
print("scores:", scores)
print("best match: key", scores.argmax().item())

assert scores.shape == (3,)
assert scores.tolist() == [0.5, 5.0, -3.0]
assert scores.argmax().item() == 1
# ANCHOR_END: scores

# ANCHOR: weights
d = query.shape[0]                        # the length of a query or key: 3
scaled = scores / d**0.5                  # divide by sqrt(d) first
weights = torch.softmax(scaled, dim=0)    # positive, and they add up to 1
values = torch.tensor([[1.0, 0.0],        # value 0: what token 0 hands on
                       [0.0, 1.0],        # value 1
                       [1.0, 1.0]])       # value 2
out = weights @ values                    # sum of weights[i] * values[i]
print("scaled scores:", scaled.round(decimals=4))
print("weights      :", weights.round(decimals=4))
print("output       :", out.round(decimals=4))

assert d == 3 and torch.allclose(scaled, scores / 3**0.5)
assert abs(weights.sum().item() - 1) < 1e-6 and weights.argmax().item() == 1
assert round(weights[1].item(), 4) == 0.9223
assert torch.allclose(out, sum(weights[i] * values[i] for i in range(3)))
assert torch.allclose(out[0], weights[0] + weights[2])   # value 0 and 2
assert round(out[0].item(), 4) == 0.0777
assert round(out[1].item(), 4) == 0.9314       # close to value 1, [0, 1]
# unscaled, the softmax would have given key 1 over 98% of the weight
assert torch.softmax(scores, dim=0)[1].item() > 0.98
# ANCHOR_END: weights

# ANCHOR: why_scale
torch.manual_seed(0)
for n in (4, 64, 1024):                        # the vector length d
    q, k = torch.randn(10_000, n), torch.randn(10_000, n)
    dots = (q * k).sum(dim=1)                  # 10,000 query-key scores
    print(f"d = {n:4d}: std of the scores {dots.std():6.2f}, "
          f"after dividing by sqrt(d) {(dots / n**0.5).std():.2f}")
    assert abs(dots.std().item() / n**0.5 - 1) < 0.05   # grows like sqrt(d)
    assert abs((dots / n**0.5).std().item() - 1) < 0.05
# ANCHOR_END: why_scale

# ANCHOR: all_at_once
queries = torch.tensor([[1.0, 0.0, 2.0],       # the query from above
                        [0.0, 1.0, 0.0]])      # a second token's query
table = queries @ keys.T                       # [2, 3] @ [3, 3] -> [2, 3]
print(table)
print("best key for each query:", table.argmax(dim=1))
outputs = torch.softmax(table / d**0.5, dim=1) @ values   # [2, 3] @ [3, 2]
print("one output per query:", tuple(outputs.shape))

assert table.shape == (2, 3)
assert torch.equal(table[0], scores)   # row 0: the first query's scores
assert table.tolist()[1] == [1.0, 0.5, 0.0]
assert table.argmax(dim=1).tolist() == [1, 0]
assert outputs.shape == (2, 2) and torch.allclose(outputs[0], out)
# ANCHOR_END: all_at_once
