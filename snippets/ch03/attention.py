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

# What attention does next: scores -> weights.
weights = torch.softmax(scores, dim=0)
print("softmax weights:", weights.round(decimals=3))

assert scores.shape == (3,)
assert scores.tolist() == [0.5, 5.0, -3.0]
assert scores.argmax().item() == 1
assert abs(weights.sum().item() - 1) < 1e-6 and weights.argmax().item() == 1
assert weights[1].item() > 0.98   # almost all the weight goes to key 1
# ANCHOR_END: scores

# ANCHOR: all_at_once
queries = torch.tensor([[1.0, 0.0, 2.0],       # the query from above
                        [0.0, 1.0, 0.0]])      # a second token's query
table = queries @ keys.T                       # [2, 3] @ [3, 3] -> [2, 3]
print(table)
print("best key for each query:", table.argmax(dim=1))

assert table.shape == (2, 3)
assert torch.equal(table[0], scores)   # row 0: the first query's scores
assert table.tolist()[1] == [1.0, 0.5, 0.0]
assert table.argmax(dim=1).tolist() == [1, 0]
# ANCHOR_END: all_at_once
