import torch

# ANCHOR: matrix
torch.manual_seed(0)
picture = torch.rand(28, 28)         # one greyscale image, 28 x 28
pictures = torch.rand(64, 28, 28)    # a batch of 64 of them
pixels = torch.rand(28)              # one row of pixels

for name, t in [("pixels", pixels), ("picture", picture),
                ("pictures", pictures)]:
    print(f"{name:8s} {type(t).__name__}  dim {t.dim()}")
print("det(picture) :", tuple(torch.linalg.det(picture).shape))
print("det(pictures):", tuple(torch.linalg.det(pictures).shape))
try:
    torch.linalg.det(pixels)
except RuntimeError as err:
    refusal = str(err)
    print("det(pixels)  :", refusal)

assert all(type(t) is torch.Tensor for t in (pixels, picture, pictures))
assert torch.linalg.det(picture).shape == ()           # one matrix
assert torch.linalg.det(pictures).shape == (64,)       # 64 matrices
assert torch.allclose(torch.linalg.det(pictures)[5],
                      torch.linalg.det(pictures[5]))
assert refusal == ("linalg.det: The input tensor A must have at least 2 "
                   "dimensions.")
# ANCHOR_END: matrix

# ANCHOR: compose
torch.manual_seed(1)
B = torch.randn(3, 4)     # takes 4 numbers, hands on 3
A = torch.randn(2, 3)     # takes 3 numbers, hands on 2
v = torch.randn(4)

one_by_one = A @ (B @ v)  # B first, then A on what B handed over
at_once = (A @ B) @ v     # the product: one matrix doing both
print("B @ v:", tuple((B @ v).shape), "| A @ (B @ v):",
      tuple(one_by_one.shape))
print("A @ B:", tuple((A @ B).shape), "| same result:",
      torch.allclose(one_by_one, at_once))

assert (B @ v).shape == (3,) and (A @ B).shape == (2, 4)
assert torch.allclose(one_by_one, at_once)
# ANCHOR_END: compose

# ANCHOR: marked
hours = torch.tensor([2.0, 5.0, 1.0])          # data: never marked
rate = torch.tensor(30.0, requires_grad=True)  # a parameter: marked
fee = torch.tensor(10.0)                       # a constant: not marked

cost = rate * hours + fee                      # three invoices
total = cost.sum()
for name, t in [("hours", hours), ("rate", rate), ("fee", fee),
                ("cost", cost), ("total", total)]:
    node = t.grad_fn.name() if t.grad_fn else None
    print(f"{name:6s} requires_grad {str(t.requires_grad):5s} "
          f"grad_fn {node}")
saved = cost.grad_fn.next_functions[0][0]._saved_other
print("the multiply kept hours for later:", saved.tolist())

total.backward()
print("rate.grad:", rate.grad.item(), "| fee.grad:", fee.grad,
      "| hours.grad:", hours.grad)

assert [t.requires_grad for t in (hours, rate, fee, cost, total)] == \
       [False, True, False, True, True]
assert torch.equal(saved, hours)
assert rate.grad.item() == hours.sum().item() == 8.0
assert fee.grad is None and hours.grad is None
# ANCHOR_END: marked

# ANCHOR: halves
torch.manual_seed(2)
x = torch.randn(8, 3)
y = torch.randn(8, 1)
model = torch.nn.Linear(3, 1)
loss_fn = torch.nn.MSELoss()

loss_fn(model(x), y).backward()                 # the whole batch at once
whole = model.weight.grad.clone()

model.zero_grad()
for part in (slice(0, 4), slice(4, 8)):         # two halves, one by one
    (loss_fn(model(x[part]), y[part]) / 2).backward()   # adds into .grad
print("whole batch :", whole)
print("two halves  :", model.weight.grad)
print("the same:", torch.allclose(whole, model.weight.grad))

assert torch.allclose(whole, model.weight.grad, atol=1e-6)
# ANCHOR_END: halves

# ANCHOR: stale
w = torch.tensor(1.0, requires_grad=True)
grads = []
for step in range(3):                       # three steps, never cleared
    loss = (w - 4) ** 2
    loss.backward()
    fresh = 2 * (w.item() - 4)              # this step's own slope
    grads.append((round(fresh, 3), round(w.grad.item(), 3)))
    with torch.no_grad():
        w -= 0.1 * w.grad
for step, (fresh, held) in enumerate(grads):
    print(f"step {step}: slope here {fresh:+.3f}, w.grad holds {held:+.3f}")

assert grads[0] == (-6.0, -6.0)
assert grads[1][1] == round(grads[0][1] + grads[1][0], 3)
assert grads[2][1] == round(sum(f for f, _ in grads), 3)
# ANCHOR_END: stale
