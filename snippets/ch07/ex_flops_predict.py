#| hint: The FLOPs are 2 * R * K * Cn, a product of the three lengths. Doubling one length doubles the product; doubling all three doubles it three times over. For the two products, count the result's cells (rows of the left times columns of the right) and the length of each cell's dot product.
# ANCHOR: task
# Predict, without computing anything. Replace every None.

# An (R x K) @ (K x Cn) product; R, the batch, is doubled.
# By what factor do its FLOPs grow?
double_batch = None

# Now R, K and Cn are all doubled. By what factor?
double_all = None

# The same two shapes, multiplied in the two orders:
#   first:  (256 x 4096) @ (4096 x 256)
#   second: (4096 x 256) @ (256 x 4096)
# Which takes more FLOPs? Write "first", "second" or "same",
# and by what factor the larger one exceeds the other (1 for "same").
more = None
factor = None
# ANCHOR_END: task
# ANCHOR: solution
double_batch = 2
double_all = 8        # 2 * 2 * 2
more = "second"       # 4096 * 4096 cells of length 256
factor = 16           # against 256 * 256 cells of length 4096
# ANCHOR_END: solution
# ANCHOR: wrong
double_batch = 2
double_all = 6
more = "same"
factor = 1
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true


def flops(R, K, Cn):
    return 2 * R * K * Cn


expect_true(None not in (double_batch, double_all, more, factor),
            "some answers are still None: replace all four.")
want = flops(2 * 3, 5, 7) // flops(3, 5, 7)
expect_true(double_batch == want,
            f"double_batch is {double_batch}: the FLOPs are a product "
            f"2 * R * K * Cn, so doubling R alone multiplies them by {want}.")
want = flops(6, 10, 14) // flops(3, 5, 7)
expect_true(double_all != 6,
            "double_all is 6: the three doublings multiply, they do not "
            "add: 2 * 2 * 2.")
expect_true(double_all == want,
            f"double_all is {double_all}; each of the three lengths "
            f"doubles, so the product grows by {want}.")
first, second = flops(256, 4096, 256), flops(4096, 256, 4096)
expect_true(more != "same",
            "the two products do not cost the same: the operands hold the "
            "same numbers, but the results differ. The first has 256 * 256 "
            "cells, each a dot product of length 4096; the second has "
            "4096 * 4096 cells, each of length 256.")
expect_true(more == "second",
            f"more is {more!r}: count the cells of each result. The first "
            "is 256 x 256, the second 4096 x 4096.")
expect_true(factor == second // first,
            f"factor is {factor}: the second product takes "
            f"{second:,} FLOPs and the first {first:,}, "
            f"{second // first} times fewer.")
# ANCHOR_END: check
