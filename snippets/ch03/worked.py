import torch

# ANCHOR: corner
A = torch.tensor([[1, 2, 3],
                  [4, 5, 6]])          # 2 x 3
B = torch.tensor([[7, 8],
                  [9, 10],
                  [11, 12]])           # 3 x 2

row, col = A[0], B[:, 0]
print("row 0 of A:   ", row.tolist())
print("column 0 of B:", col.tolist())

terms = [f"{x}*{y}" for x, y in zip(row.tolist(), col.tolist())]
products = (row * col).tolist()
print(" + ".join(terms), "=", " + ".join(map(str, products)),
      "=", sum(products))

assert row.tolist() == [1, 2, 3] and col.tolist() == [7, 9, 11]
assert products == [7, 18, 33]
assert 1 * 7 + 2 * 9 + 3 * 11 == 58 == torch.dot(row, col).item()
# ANCHOR_END: corner

# ANCHOR: full
C = A @ B
print(C)
for r in range(2):
    for c in range(2):
        dot = torch.dot(A[r], B[:, c]).item()
        print(f"C[{r}][{c}] = row {r} . column {c} = {dot}")

assert C.shape == (2, 2)
assert C.tolist() == [[58, 64], [139, 154]]
assert 4 * 8 + 5 * 10 + 6 * 12 == 154
# ANCHOR_END: full
