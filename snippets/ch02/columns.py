import torch

# ANCHOR: basis
M = torch.tensor([[2.0, -1.0],
                  [1.0,  1.0]])

# M acts like a function: a vector goes in, another vector comes out.
for v in ([1.0, 2.0], [3.0, 0.0], [-1.0, 1.0]):
    print(v, "->", (M @ torch.tensor(v)).tolist())

# The two most useful inputs: the unit vectors along x and y.
i_hat = torch.tensor([1.0, 0.0])
j_hat = torch.tensor([0.0, 1.0])
print("M @ i_hat:", M @ i_hat, "   column 0:", M[:, 0])
print("M @ j_hat:", M @ j_hat, "   column 1:", M[:, 1])

assert (M @ torch.tensor([1.0, 2.0])).tolist() == [0.0, 3.0]
assert (M @ torch.tensor([3.0, 0.0])).tolist() == [6.0, 3.0]
assert (M @ torch.tensor([-1.0, 1.0])).tolist() == [-3.0, 0.0]
assert torch.equal(M @ i_hat, M[:, 0]) and M[:, 0].tolist() == [2.0, 1.0]
assert torch.equal(M @ j_hat, M[:, 1]) and M[:, 1].tolist() == [-1.0, 1.0]
# Not a property of this M alone: 100 random matrices do the same.
torch.manual_seed(0)
for _ in range(100):
    A = torch.randint(-9, 10, (2, 2)).float()
    assert torch.equal(A @ i_hat, A[:, 0]) and torch.equal(A @ j_hat, A[:, 1])
# ANCHOR_END: basis

# ANCHOR: combine
v = torch.tensor([3.0, 2.0])
x, y = v                                   # the two coordinates of v
direct = M @ v                             # what matmul computes
mixed = x * M[:, 0] + y * M[:, 1]          # 3 of column 0, plus 2 of column 1
print("M @ v          :", direct)
print("3*col0 + 2*col1:", mixed)

assert direct.tolist() == [4.0, 5.0]
assert torch.equal(direct, mixed)

# Many vectors at once: stand them side by side as the columns of one matrix.
P = torch.tensor([[3.0, 1.0, 0.0, -2.0],
                  [2.0, 2.0, 1.0,  1.0]])   # four points, one per column
moved = M @ P
print(moved)

assert P.shape == (2, 4) and moved.shape == (2, 4)
for k in range(P.shape[1]):
    assert torch.equal(moved[:, k], M @ P[:, k])
    assert torch.equal(moved[:, k], P[0, k] * M[:, 0] + P[1, k] * M[:, 1])
# ANCHOR_END: combine
