import torch

# ANCHOR: list
words = torch.tensor([[0.1, 0.2],       # row 0: the embedding of word 0
                      [0.3, 0.4],       # row 1
                      [0.5, 0.6],       # row 2
                      [0.7, 0.8]])      # row 3
sentence = torch.tensor([3, 0, 3])      # word ids, int64
print(words[sentence])
print(tuple(sentence.shape), "->", tuple(words[sentence].shape))

ids = torch.tensor([[1, 2], [0, 0]])    # an index of shape [2, 2]
print(tuple(ids.shape), "->", tuple(words[ids].shape))

assert words[sentence].shape == (3, 2)              # index shape + [2]
assert torch.equal(words[sentence][0], words[3])    # repeats are fine
assert words[ids].shape == (2, 2, 2)

# nn.Embedding is this lookup, into a table it can learn
embedding = torch.nn.Embedding(4, 2)          # 4 words, 2 numbers each
with torch.no_grad():
    embedding.weight.copy_(words)             # give it our table
print("nn.Embedding agrees:", torch.equal(embedding(sentence),
                                          words[sentence]))
assert torch.equal(embedding(sentence), words[sentence])
# ANCHOR_END: list

# ANCHOR: pairs
# Chapter 1's scores: 3 examples, 3 classes, one label per example.
scores = torch.tensor([[2.0, 0.5, 0.1],
                       [0.3, 0.2, 1.9],
                       [0.4, 1.1, 0.6]])
labels = torch.tensor([0, 2, 1])
rows = torch.arange(3)

picked = scores[rows, labels]   # element i: scores[rows[i], labels[i]]
by_hand = torch.stack([scores[rows[i], labels[i]] for i in range(3)])
print("rows  :", rows.tolist())
print("labels:", labels.tolist())
print("scores[rows, labels]:", picked)
print("one pair at a time  :", by_hand)

assert torch.equal(picked, by_hand)
assert torch.equal(picked, torch.tensor([2.0, 1.9, 1.1]))
# ANCHOR_END: pairs

# ANCHOR: colon
grid = scores[:, labels]                # every row, columns 0, 2, 1
print("scores[:, labels]:", tuple(grid.shape))
print(grid)
print("its diagonal:", torch.diagonal(grid))

assert grid.shape == (3, 3)
assert torch.equal(torch.diagonal(grid), picked)   # the answer, hidden
# ANCHOR_END: colon

# ANCHOR: loss
log_p = torch.log_softmax(scores, dim=1)      # a log-probability per class
by_index = -log_p[rows, labels].mean()        # the right class's, averaged
library = torch.nn.functional.cross_entropy(scores, labels)
print("by indexing  :", by_index)
print("cross_entropy:", library)

assert torch.allclose(by_index, library)
# ANCHOR_END: loss

# Not shown: gather says the same thing along one axis.
assert torch.equal(scores.gather(1, labels.unsqueeze(1)).squeeze(1), picked)
