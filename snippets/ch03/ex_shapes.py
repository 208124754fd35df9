#| hint: Write each shape as (rows of the left matrix, columns of the right matrix); the shared middle length disappears. A chain of products works left to right, one pair at a time.
# ANCHOR: task
import torch
P = torch.ones(2, 5)
Q = torch.ones(5, 3)
S = torch.ones(3, 4)
shape_PQ = None   # replace None: the shape of P @ Q, a tuple (rows, cols)
shape_PQS = None  # replace None: the shape of P @ Q @ S
length = None     # replace None: how many products each cell of P @ Q adds up
# ANCHOR_END: task
# ANCHOR: solution
import torch
P = torch.ones(2, 5)
Q = torch.ones(5, 3)
S = torch.ones(3, 4)
shape_PQ = (2, 3)
shape_PQS = (2, 4)
length = 5
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
P = torch.ones(2, 5)
Q = torch.ones(5, 3)
S = torch.ones(3, 4)
shape_PQ = (5, 5)
shape_PQS = (5, 4)
length = 3
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_true
expect_true(shape_PQ is not None and shape_PQS is not None
            and length is not None,
            "replace every None with your answer")
expect_true(isinstance(shape_PQ, (tuple, list))
            and isinstance(shape_PQS, (tuple, list)),
            "write each shape as a tuple of two lengths, such as (7, 9)")
expect_true(tuple(shape_PQ) == (2, 3),
            "shape_PQ: keep the row count of P and the column count of Q; "
            "the shared length is used up by the sums")
expect_true(tuple(shape_PQS) == (2, 4),
            "shape_PQS: first P @ Q, then that result @ S; "
            "keep the outer lengths each time")
expect_true(length == 5,
            "length: each cell pairs a row of P with a column of Q; "
            "both have the shared length")
expect_shape("P @ Q", P @ Q, tuple(shape_PQ))
expect_shape("P @ Q @ S", P @ Q @ S, tuple(shape_PQS))
# ANCHOR_END: check
