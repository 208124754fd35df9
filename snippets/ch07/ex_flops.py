#| hint: There are R * Cn output cells and each one is a dot product of length K. A multiply-add counts as two FLOPs.
# ANCHOR: task
def matmul_flops(R, K, Cn):
    """FLOPs of an (R x K) @ (K x Cn) product; a multiply-add is two FLOPs."""
    return None   # replace None with a formula in R, K and Cn

print(matmul_flops(2, 3, 4))
# ANCHOR_END: task
# ANCHOR: solution
def matmul_flops(R, K, Cn):
    """FLOPs of an (R x K) @ (K x Cn) product; a multiply-add is two FLOPs."""
    return 2 * R * K * Cn

print(matmul_flops(2, 3, 4))
# ANCHOR_END: solution
# ANCHOR: wrong
def matmul_flops(R, K, Cn):
    """FLOPs of an (R x K) @ (K x Cn) product; a multiply-add is two FLOPs."""
    return R * K * Cn

print(matmul_flops(2, 3, 4))
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_close, expect_true
expect_true(matmul_flops(2, 3, 4) != 24,
            "matmul_flops(2, 3, 4) is 24: that is the number of "
            "multiply-adds, and each one is two FLOPs.")
expect_close("matmul_flops(2, 3, 4)", matmul_flops(2, 3, 4), 48)
expect_close("matmul_flops(1, 5, 1), a single dot product of length 5",
             matmul_flops(1, 5, 1), 10)
expect_close("matmul_flops(8, 768, 3)", matmul_flops(8, 768, 3), 36864)
expect_close("matmul_flops(64, 1, 32), "
             "every product is a single multiply-add",
             matmul_flops(64, 1, 32), 4096)
# ANCHOR_END: check
