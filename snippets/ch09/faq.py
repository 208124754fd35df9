import torch

# ANCHOR: rank
# Temperatures in degrees: one reading, one city's week, four cities, three
# years of that.
reading = torch.tensor(21.5)
week = torch.tensor([18.0, 19.5, 21.0, 22.5, 20.0, 17.5, 16.0])
cities = torch.zeros(4, 7)
years = torch.zeros(3, 4, 7)

for name, t in [("reading", reading), ("week", week),
                ("cities", cities), ("years", years)]:
    print(f"{name:<8} {type(t).__name__}  "
          f"dim={t.dim()}  shape={list(t.shape)}")

one_year = years[0]                 # pick a year: one axis fewer
print("years[0] :", list(one_year.shape), "dim", one_year.dim())

assert all(type(t) is torch.Tensor for t in (reading, week, cities, years))
assert [t.dim() for t in (reading, week, cities, years)] == [0, 1, 2, 3]
assert cities.shape == (4, 7) and years.shape == (3, 4, 7)
assert one_year.shape == cities.shape and one_year.dim() == 2
# ANCHOR_END: rank

# ANCHOR: inner
# 3 x 2: every row holds 2 numbers
P = torch.tensor([[1.0, 2.0],
                  [3.0, 4.0],
                  [5.0, 6.0]])
# 2 x 5: every column holds 2 numbers
Q = torch.tensor([[1.0, 0.0, 2.0, 1.0, 0.0],
                  [0.0, 1.0, 1.0, 2.0, 3.0]])
out = P @ Q
print("P", list(P.shape), "@ Q", list(Q.shape), "->", list(out.shape))

row, col = P[2], Q[:, 3]   # a row of P and a column of Q: 2 numbers each
pairs = [(a.item(), b.item()) for a, b in zip(row, col)]
print("row 2 of P:", row.tolist(), " column 3 of Q:", col.tolist())
print("paired up :", pairs, "-> sum of products", (row * col).sum().item())
print("out[2, 3] :", out[2, 3].item())

# the inner pair: row length = column length
assert P.shape[1] == Q.shape[0] == 2
# the outer pair survives
assert out.shape == (3, 5)
assert len(pairs) == 2 and out[2, 3].item() == 5 * 1 + 6 * 2 == 17.0
# ANCHOR_END: inner

# ANCHOR: tape
w = torch.tensor(4.0, requires_grad=True)   # marked: autograd watches it
c = torch.tensor(5.0)                       # not marked: an ordinary number
y = 3 * w * w - c

print("y              :", y.item(), "| requires_grad:", y.requires_grad,
      "| grad_fn:", y.grad_fn.name())
# walk the record back to the marked leaves
y.backward()
print("w.grad (6 * w) :", w.grad.item())
print("c.grad         :", c.grad)

plain = torch.tensor(4.0)                   # the same value, never marked
z = 3 * plain * plain - c
print("unmarked       :", z.item(), "| requires_grad:", z.requires_grad,
      "| grad_fn:", z.grad_fn)

assert y.item() == 43.0 and y.requires_grad
assert y.grad_fn.name() == "SubBackward0"
assert w.grad.item() == 24.0 == 6 * 4.0
assert c.grad is None
assert z.item() == 43.0 and not z.requires_grad and z.grad_fn is None
# ANCHOR_END: tape

# Not shown on the page: the unmarked run refuses a backward pass.
try:
    z.backward()
except RuntimeError as err:
    assert str(err).startswith("element 0 of tensors does not require grad")
else:
    raise AssertionError("backward() on an unrecorded result should fail")

# ANCHOR: accumulate
model = torch.nn.Linear(1, 1, bias=False)   # one parameter, its weight p
p = model.weight
with torch.no_grad():
    p.fill_(1.0)
x = torch.ones(1, 1)
seen = []

# (p - 4)^2, slope at p = 1: 2 * (1 - 4) = -6
loss = ((model(x) - 4) ** 2).sum()
loss.backward()
seen.append(p.grad.item())
print("after one backward :", p.grad.item())
loss = ((model(x) - 4) ** 2).sum()   # same point, a fresh forward pass
loss.backward()
seen.append(p.grad.item())
print("after two backwards:", p.grad.item(), "(added, not replaced)")

lr = 0.1
stale = p.item() - lr * p.grad.item()
honest = p.item() - lr * seen[0]
print(f"a step with this grad would land at {stale:.1f} "
      f"instead of {honest:.1f}")

# optimizer.zero_grad() does the same to its parameters
model.zero_grad()
cleared = p.grad
print("after zero_grad()  :", cleared)
((model(x) - 4) ** 2).sum().backward()
seen.append(p.grad.item())
print("next backward      :", p.grad.item())

assert seen == [-6.0, -12.0, -6.0]
assert abs(stale - 2.2) < 1e-6 and abs(honest - 1.6) < 1e-6
assert cleared is None   # zero_grad() sets .grad to None by default
# ANCHOR_END: accumulate
