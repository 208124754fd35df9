import warnings

import torch

# ANCHOR: missing
w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
h = w * 3                          # an intermediate: not a leaf
loss = (h ** 2).sum()
loss.backward()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("h.grad:", h.grad)
    assert h.grad is None
print("warning:", str(caught[0].message).split(". ")[0])
print("w.grad:", w.grad)
# ANCHOR_END: missing

# ANCHOR: keep
w.grad = None
h = w * 3
h.retain_grad()                    # ask autograd to keep this one
loss = (h ** 2).sum()
loss.backward()
print("h.grad:", h.grad, "  = 2h")
print("w.grad:", w.grad, "  = 3 * h.grad")
assert torch.equal(h.grad, 2 * h.detach())
assert torch.equal(w.grad, 3 * h.grad)
# ANCHOR_END: keep
