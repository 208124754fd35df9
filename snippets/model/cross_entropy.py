import math

import torch
from torch import nn

# ANCHOR: by_hand
torch.manual_seed(2)
logits = torch.randn(4, 3)                 # 4 points, a score per class
labels = torch.tensor([2, 0, 1, 2])        # int64, one class per point
loss = nn.CrossEntropyLoss()(logits, labels)

log_p = torch.log_softmax(logits, dim=1)   # each row: log-probabilities
picked = log_p[torch.arange(4), labels]    # row i, column labels[i]
print("labels", labels.dtype, tuple(labels.shape))
print("picked log-probabilities", picked)
print("CrossEntropyLoss", loss)
print("by hand         ", -picked.mean())

assert labels.dtype == torch.int64
assert abs(loss.item() - (-picked.mean()).item()) < 1e-6
# ANCHOR_END: by_hand

# ANCHOR: guess
# Scores that are all equal say "no idea": each class gets 1/3
flat = torch.zeros(4, 3)
print("all scores equal:", nn.CrossEntropyLoss()(flat, labels))
print("ln 3            :", round(math.log(3), 4))
assert abs(nn.CrossEntropyLoss()(flat, labels).item() - math.log(3)) < 1e-6
# ANCHOR_END: guess
