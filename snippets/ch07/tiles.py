import torch


# ANCHOR: tiles
def tiled_matmul(A, B, T):
    """A @ B computed tile by tile, counting numbers fetched from slow memory.

    Model: a T x T tile of C stays in fast memory while it is being summed.
    For each step along K, one T x T tile of A and one of B are fetched
    (2 * T * T numbers), and every fetched number is then used T times.
    """
    R, K = A.shape
    Cn = B.shape[1]
    C = torch.zeros(R, Cn)
    fetched = 0
    for r in range(0, R, T):
        for c in range(0, Cn, T):
            for k in range(0, K, T):
                a_tile, b_tile = A[r:r + T, k:k + T], B[k:k + T, c:c + T]
                fetched += a_tile.numel() + b_tile.numel()
                C[r:r + T, c:c + T] += a_tile @ b_tile
    return C, fetched


n = 16
A = torch.arange(n * n, dtype=torch.float32).reshape(n, n) % 7
B = torch.arange(n * n, dtype=torch.float32).reshape(n, n) % 5
print(f"n = {n}: {n**3:,} multiply-adds whatever the tile size")
fetches = {}
for T in [1, 2, 4, 8, 16]:
    C, fetches[T] = tiled_matmul(A, B, T)
    # same answer every time (whole numbers: exact)
    assert torch.equal(C, A @ B)
    print(f"tile {T:>2} x {T:<2}: {fetches[T]:>5,} numbers fetched, "
          f"each used {n**3 * 2 // fetches[T]:>2}x")

assert fetches == {1: 8192, 2: 4096, 4: 2048, 8: 1024, 16: 512}
# T times bigger tiles, T times less traffic
assert all(fetches[T] == 2 * n**3 // T for T in fetches)
# ANCHOR_END: tiles
