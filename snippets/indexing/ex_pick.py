#| hint: Two index tensors of the same length are read in pairs: scores[a, b] has one element per pair (a[i], b[i]). A colon instead of the first one takes every row for every label.
# ANCHOR: task
import torch
scores = torch.tensor([[0.2, 1.5, 0.3],
                       [2.2, 0.1, 0.4],
                       [0.0, 0.3, 3.1],
                       [1.0, 0.9, 0.8]])     # 4 examples, 3 classes
labels = torch.tensor([1, 0, 2, 2])
# replace None: a [4] tensor, each example's score for its own label
picked = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
scores = torch.tensor([[0.2, 1.5, 0.3],
                       [2.2, 0.1, 0.4],
                       [0.0, 0.3, 3.1],
                       [1.0, 0.9, 0.8]])
labels = torch.tensor([1, 0, 2, 2])
picked = scores[torch.arange(4), labels]
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
scores = torch.tensor([[0.2, 1.5, 0.3],
                       [2.2, 0.1, 0.4],
                       [0.0, 0.3, 3.1],
                       [1.0, 0.9, 0.8]])
labels = torch.tensor([1, 0, 2, 2])
picked = scores[:, labels]
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_close, expect_true
expect_true(picked is not None, "replace None with your answer")
expect_true(tuple(picked.shape) != (4, 4),
            "picked has shape [4, 4]: scores[:, labels] takes the column "
            "of every label for every row. Pair row i with labels[i] by "
            "giving an index for the rows too: torch.arange(4)")
expect_shape("picked", picked, (4,))
expect_close("picked", picked, [1.5, 2.2, 3.1, 0.8])
# ANCHOR_END: check
