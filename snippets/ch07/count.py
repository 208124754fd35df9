import torch

# ANCHOR: by_hand
A = torch.arange(6.0).reshape(2, 3)        # R x K  = 2 x 3
B = torch.arange(12.0).reshape(3, 4)       # K x Cn = 3 x 4

C = torch.zeros(2, 4)
multiply_adds = 0
for r in range(2):
    for c in range(4):
        for k in range(3):
            C[r, c] += A[r, k] * B[k, c]   # one multiply, one add
            multiply_adds += 1

print("output cells :", C.numel())
print("multiply-adds:", multiply_adds, "= R * K * Cn =", 2 * 3 * 4)
print("loop result equals A @ B:", torch.equal(C, A @ B))

assert C.numel() == 8 and multiply_adds == 24 == 2 * 3 * 4
assert torch.equal(C, A @ B)
# ANCHOR_END: by_hand

# ANCHOR: formula
def matmul_flops(R, K, Cn):
    """FLOPs of an (R x K) @ (K x Cn) product.

    R*Cn cells, K multiply-adds each, 2 FLOPs per multiply-add.
    """
    return 2 * R * K * Cn


shapes = [(2, 3, 4), (8, 768, 3), (64, 64, 64), (1024, 1024, 1024)]
print(f"{'(R x K) @ (K x Cn)':>29} {'FLOPs':>14}")
for R, K, Cn in shapes:
    flops = matmul_flops(R, K, Cn)
    print(f"{f'({R} x {K}) @ ({K} x {Cn})':>29} {flops:>14,}")

assert matmul_flops(2, 3, 4) == 48
assert matmul_flops(8, 768, 3) == 36_864
assert matmul_flops(64, 64, 64) == 524_288
assert matmul_flops(1024, 1024, 1024) == 2_147_483_648
# double n, 8x the work
assert matmul_flops(1024, 1024, 1024) // matmul_flops(512, 512, 512) == 8
# ANCHOR_END: formula

# ANCHOR: intensity
def bytes_moved(R, K, Cn, itemsize=4):
    """The least memory traffic possible: read A and B once, write C once.

    In bytes, for float32 by default: 4 bytes each.
    """
    return itemsize * (R * K + K * Cn + R * Cn)


same_work = [(1, 4096, 4096), (16, 1024, 1024), (64, 512, 512),
             (256, 256, 256), (1024, 16, 1024)]
print(f"{'(R x K) @ (K x Cn)':>27} {'FLOPs':>11} "
      f"{'bytes moved':>12} {'FLOPs per byte':>15}")
intensity = {}
for R, K, Cn in same_work:
    flops, moved = matmul_flops(R, K, Cn), bytes_moved(R, K, Cn)
    intensity[(R, K, Cn)] = flops / moved
    print(f"{f'({R} x {K}) @ ({K} x {Cn})':>27} {flops:>11,} "
          f"{moved:>12,} {flops / moved:>15.2f}")

# identical work
assert all(matmul_flops(*s) == 2**25 == 33_554_432 for s in same_work)
assert torch.zeros(1).element_size() == 4   # bytes per float32
assert 4096 * 4096 == 16_777_216            # entries of the big matrix
assert bytes_moved(1, 4096, 4096) == 67_141_632
assert bytes_moved(256, 256, 256) == 786_432
assert 4 * (256 * 256 + 256 * 256) == 524_288      # reading A and B
assert 4 * (256 * 256) == 262_144                  # writing C
assert bytes_moved(1, 4096, 4096) - 4 * 4096 * 4096 == 32_768   # not W
assert abs(intensity[(1, 4096, 4096)] - 0.50) < 0.005
assert abs(intensity[(16, 1024, 1024)] - 7.76) < 0.005
assert abs(intensity[(64, 512, 512)] - 25.60) < 0.005
assert abs(intensity[(256, 256, 256)] - 128 / 3) < 1e-12       # 42.67
assert intensity[(1024, 16, 1024)] == intensity[(16, 1024, 1024)]
assert intensity[(256, 256, 256)] / intensity[(1, 4096, 4096)] > 85
# ANCHOR_END: intensity
