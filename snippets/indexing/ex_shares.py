#| hint: Print counts.sum(dim=1).shape. A [3] vector lines up with the last axis of counts, the columns; the totals belong to the rows, so keep the summed axis with keepdim=True and they form a [3, 1] column.
# ANCHOR: task
import torch
# Requests served by 3 servers (rows) in 3 regions (columns).
counts = torch.tensor([[8., 2., 0.],
                       [1., 1., 2.],
                       [3., 3., 6.]])
# This runs, but the rows of shares do not add up to 1. Fix it.
shares = counts / counts.sum(dim=1)
# ANCHOR_END: task
# ANCHOR: solution
import torch
counts = torch.tensor([[8., 2., 0.],
                       [1., 1., 2.],
                       [3., 3., 6.]])
shares = counts / counts.sum(dim=1, keepdim=True)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
counts = torch.tensor([[8., 2., 0.],
                       [1., 1., 2.],
                       [3., 3., 6.]])
shares = counts / counts.sum(dim=0, keepdim=True)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_close, expect_true
expect_shape("shares", shares, (3, 3))
column_sums = shares.sum(dim=0).tolist()
row_sums = shares.sum(dim=1).tolist()
expect_true(not all(abs(s - 1) < 1e-4 for s in column_sums)
            or all(abs(s - 1) < 1e-4 for s in row_sums),
            "the columns of shares add up to 1, not the rows: you divided "
            "by the column totals (dim=0); each server's row needs its "
            "own total")
expect_true(all(abs(s - 1) < 1e-4 for s in row_sums),
            f"the rows of shares add up to "
            f"{[round(s, 3) for s in row_sums]}, not 1: the [3] totals "
            "were lined up with the columns, so column j was divided by "
            "row j's total")
expect_close("shares[0]", shares[0], [0.8, 0.2, 0.0])
# ANCHOR_END: check
