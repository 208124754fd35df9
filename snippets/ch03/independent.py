import torch

# ANCHOR: any_order
torch.manual_seed(0)
A = torch.randint(-5, 6, (4, 5))
B = torch.randint(-5, 6, (5, 3))
R, Cn = A.shape[0], B.shape[1]
cells = [(r, c) for r in range(R) for c in range(Cn)]    # 12 output cells


def fill(order):
    """Compute the cells of A @ B one at a time, in the order given."""
    C = torch.zeros(R, Cn, dtype=A.dtype)
    for r, c in order:
        C[r, c] = torch.dot(A[r], B[:, c])   # reads A and B only, never C
    return C


shuffled = [cells[i] for i in torch.randperm(len(cells)).tolist()]
print("shuffled order:", shuffled[:4], "...")
print("row by row     ", torch.equal(fill(cells), A @ B))
print("backwards      ", torch.equal(fill(cells[::-1]), A @ B))
print("shuffled       ", torch.equal(fill(shuffled), A @ B))

assert len(cells) == 12 and sorted(shuffled) == cells
assert torch.equal(fill(cells), A @ B)
assert torch.equal(fill(cells[::-1]), A @ B)
assert torch.equal(fill(shuffled), A @ B)
# ANCHOR_END: any_order

# ANCHOR: workers
# Four "workers" that never talk to each other: each takes every fourth cell
# and writes its answers into its own blank matrix.
parts = [fill(cells[w::4]) for w in range(4)]
for w, part in enumerate(parts):
    print(f"worker {w} computed {cells[w::4]}")
together = sum(parts)     # every cell was written exactly once
print("combined equals A @ B:", torch.equal(together, A @ B))

assert [len(cells[w::4]) for w in range(4)] == [3, 3, 3, 3]
# each wrote only its own 3 cells
assert all(int((part != 0).sum()) == 3 for part in parts)
assert torch.equal(together, A @ B)
# ANCHOR_END: workers
