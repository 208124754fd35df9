import torch

# ANCHOR: recipes
# one row per recipe; columns: flour, sugar, butter, in units of 100 g
amounts = torch.tensor([[5, 1, 1],      # bread
                        [2, 2, 1]])     # cake
# one row per ingredient (flour, sugar, butter); one column per shop;
# each entry: cents per 100 g
prices = torch.tensor([[20, 30, 25, 22],
                       [40, 30, 50, 45],
                       [100, 120, 80, 95]])
cost = amounts @ prices                  # cents, one per recipe and shop
print("amounts", tuple(amounts.shape), "@ prices", tuple(prices.shape),
      "->", tuple(cost.shape))
print(cost)
print("cake at shop 2:", amounts[1].tolist(), ".", prices[:, 2].tolist(),
      "=", (amounts[1] @ prices[:, 2]).item())

assert cost.shape == (2, 4)
assert cost[1, 2].item() == 2 * 25 + 2 * 50 + 1 * 80 == 230
assert all(cost[r, c] == amounts[r] @ prices[:, c]
           for r in range(2) for c in range(4))
# ANCHOR_END: recipes

# ANCHOR: rule
pairs = [((2, 3), (3, 4)),
         ((4, 3), (3, 1)),
         ((1, 5), (5, 1)),
         ((5, 1), (1, 5)),
         ((8, 768), (768, 3))]

for left, right in pairs:
    out = torch.zeros(left) @ torch.zeros(right)
    print(f"{str(left):>9} @ {str(right):<9} -> {tuple(out.shape)}")

assert [tuple((torch.zeros(l) @ torch.zeros(r)).shape) for l, r in pairs] == \
       [(2, 4), (4, 1), (1, 1), (5, 5), (8, 3)]
# ANCHOR_END: rule

# ANCHOR: cells
torch.manual_seed(0)
A = torch.randint(-3, 4, (2, 3))   # small whole numbers: every sum is exact
B = torch.randint(-3, 4, (3, 4))
R, K = A.shape
K2, Cn = B.shape
assert K == K2

C = torch.zeros(R, Cn, dtype=A.dtype)
for r in range(R):
    for c in range(Cn):
        C[r, c] = torch.dot(A[r, :], B[:, c])  # row r of A with column c of B

print("A =", A, sep="\n")
print("B =", B, sep="\n")
print("by the loop:", C, sep="\n")
print("same as A @ B:", torch.equal(C, A @ B))

assert C.shape == (2, 4)
assert torch.equal(C, A @ B)
assert R * Cn == 8   # 8 output cells, 8 dot products of length 3
# ANCHOR_END: cells
