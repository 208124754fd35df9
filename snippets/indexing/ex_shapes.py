#| hint: A reduction removes the axis it names, unless keepdim=True leaves a 1 there. cat lengthens an axis that exists; stack adds a new axis of length 'how many tensors'.
# ANCHOR: task
import torch
x = torch.zeros(8, 5, 3)
# Predict each shape before running anything; write tuples, e.g. (8, 5).
shape_sum = None      # x.sum(dim=1)
shape_keep = None     # x.mean(dim=-1, keepdim=True)
shape_cat = None      # torch.cat([x, x], dim=2)
shape_stack = None    # torch.stack([x, x], dim=2)
# ANCHOR_END: task
# ANCHOR: solution
import torch
x = torch.zeros(8, 5, 3)
shape_sum = (8, 3)
shape_keep = (8, 5, 1)
shape_cat = (8, 5, 6)
shape_stack = (8, 5, 2, 3)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
x = torch.zeros(8, 5, 3)
shape_sum = (8, 3)
shape_keep = (8, 5, 1)
shape_cat = (8, 5, 2, 3)
shape_stack = (8, 5, 6)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true
answers = [shape_sum, shape_keep, shape_cat, shape_stack]
expect_true(all(a is not None for a in answers),
            "replace every None with a tuple of lengths")
expect_true(tuple(shape_sum) == tuple(x.sum(dim=1).shape),
            "shape_sum: sum(dim=1) removes axis 1 (the 5), keeping 8 and 3")
expect_true(tuple(shape_keep) == tuple(x.mean(dim=-1, keepdim=True).shape),
            "shape_keep: keepdim=True leaves a length of 1 where the "
            "reduced axis (the last, 3) was")
expect_true(tuple(shape_cat) != (8, 5, 2, 3),
            "shape_cat: cat adds no axis; it joins along axis 2, whose "
            "lengths add up: 3 + 3")
expect_true(tuple(shape_cat) == tuple(torch.cat([x, x], dim=2).shape),
            "shape_cat: cat keeps every axis and lengthens axis 2")
expect_true(tuple(shape_stack) ==
            tuple(torch.stack([x, x], dim=2).shape),
            "shape_stack: stack inserts a new axis of length 2 (two "
            "tensors) at position 2, before the 3")
# ANCHOR_END: check
