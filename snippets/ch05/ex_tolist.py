#| hint: Looping over a tensor, or calling list() on it, gives you smaller tensors. Look for the method that converts every level of nesting at once.
# ANCHOR: task
import torch
labels = torch.tensor([[2, 0, 1],
                       [1, 1, 0]])
rows = None  # replace None: labels as a list of lists of Python ints
# ANCHOR_END: task
# ANCHOR: solution
import torch
labels = torch.tensor([[2, 0, 1],
                       [1, 1, 0]])
rows = labels.tolist()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
labels = torch.tensor([[2, 0, 1],
                       [1, 1, 0]])
rows = list(labels)           # a list, but of row tensors
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_true
expect_true(type(rows) is list, "rows should be a Python list.")
expect_true(len(rows) == 2 and all(type(r) is list for r in rows),
            "rows should hold 2 Python lists, one per row of labels, "
            "not tensors.")
expect_true(all(type(v) is int for r in rows for v in r),
            "Every label inside rows should be a Python int.")
expect_true(rows == [[2, 0, 1], [1, 1, 0]],
            "rows should hold the labels in their original order.")
# ANCHOR_END: check
