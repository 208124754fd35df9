#| hint: Split each shape into its last two lengths (the matrices) and everything before them (the batch). The matrices follow the shape rule; the batch shapes broadcast, right-aligned, as in Chapter 4.
# ANCHOR: task
import torch
Q = torch.zeros(3, 4, 10, 16)     # [batch, heads, tokens, d]
K = torch.zeros(3, 4, 10, 16)
W = torch.zeros(16, 32)
M = torch.zeros(4, 16, 16)        # one matrix per head
# Predict each shape before running anything; write tuples.
shape_scores = None   # Q @ K.transpose(-2, -1)
shape_proj = None     # Q @ W
shape_heads = None    # Q @ M
# ANCHOR_END: task
# ANCHOR: solution
import torch
Q = torch.zeros(3, 4, 10, 16)
K = torch.zeros(3, 4, 10, 16)
W = torch.zeros(16, 32)
M = torch.zeros(4, 16, 16)
shape_scores = (3, 4, 10, 10)
shape_proj = (3, 4, 10, 32)
shape_heads = (3, 4, 10, 16)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
Q = torch.zeros(3, 4, 10, 16)
K = torch.zeros(3, 4, 10, 16)
W = torch.zeros(16, 32)
M = torch.zeros(4, 16, 16)
shape_scores = (3, 4, 16, 16)
shape_proj = (3, 4, 10, 32)
shape_heads = (3, 4, 10, 16)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true
answers = [shape_scores, shape_proj, shape_heads]
expect_true(all(a is not None for a in answers),
            "replace every None with a tuple of lengths")
expect_true(tuple(shape_scores) != (3, 4, 16, 16),
            "shape_scores: [10, 16] @ [16, 10] uses up the 16 and keeps "
            "the two 10s, one score per pair of tokens")
expect_true(tuple(shape_scores) == tuple((Q @ K.transpose(-2, -1)).shape),
            "shape_scores: the batch part [3, 4] stays; the last two "
            "lengths follow the shape rule")
expect_true(tuple(shape_proj) == tuple((Q @ W).shape),
            "shape_proj: W has no batch axes, so the same W multiplies "
            "every [10, 16] matrix of Q: [10, 16] @ [16, 32]")
expect_true(tuple(shape_heads) == tuple((Q @ M).shape),
            "shape_heads: the batch parts [3, 4] and [4] broadcast to "
            "[3, 4]; each head's matrices meet that head's M")
# ANCHOR_END: check
