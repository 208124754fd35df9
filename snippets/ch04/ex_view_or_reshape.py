#| hint: grid is contiguous, so any shape with 12 elements can be a view of it. flipped is a transpose: flattening it merges two axes whose strides do not line up, so view refuses and the numbers have to be copied into flipped's reading order.
# ANCHOR: task
import torch
grid = torch.arange(12).view(3, 4)
flipped = grid.T                      # [4, 3], strides (1, 4)
# replace None: grid as [2, 6], sharing grid's memory (no copy)
pairs = None
# replace None: flipped flattened to [12], in the order flipped is read
flat = None
# replace None: True or False, does flat share grid's memory?
flat_shares = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
grid = torch.arange(12).view(3, 4)
flipped = grid.T
pairs = grid.view(2, 6)               # contiguous: a view works
flat = flipped.reshape(12)            # view would fail; reshape copies
flat_shares = False                   # the copy has its own buffer
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
grid = torch.arange(12).view(3, 4)
flipped = grid.T
pairs = grid.view(2, 6)
flat = grid.reshape(12)
flat_shares = True
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_true

expect_shape("pairs", pairs, (2, 6))
expect_true(pairs.data_ptr() == grid.data_ptr(),
            "pairs has the right shape but its own memory: a view of the "
            "contiguous grid needs no copy (view, or reshape, which returns "
            "a view here; not .clone() or .contiguous() on a copy).")
expect_shape("flat", flat, (12,))
order = [v for row in flipped.tolist() for v in row]
expect_true(flat.tolist() != list(range(12)),
            "flat reads 0, 1, 2, ... which is grid's memory order, not "
            "flipped's: flatten flipped itself, row by row of the transpose "
            "(0, 4, 8, 1, ...).")
expect_true(flat.tolist() == order,
            f"flat is {flat.tolist()}, but flipped read row by row is "
            f"{order}.")
expect_true(flat_shares is not None, "replace None in flat_shares.")
expect_true(flat_shares == (flat.data_ptr() == grid.data_ptr()),
            "flat_shares is wrong: no single stride walks the storage in "
            "the order 0, 4, 8, 1, ..., so flattening the transpose had to "
            "copy, and flat has a buffer of its own.")
# ANCHOR_END: check
