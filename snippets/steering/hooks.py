import torch

# ANCHOR: look
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x ** 2
h.register_hook(lambda g: print("gradient reaching h:", g))
(h * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print("x.grad:", x.grad)
# ANCHOR_END: look

# ANCHOR: change
w = torch.tensor([0.5, -4.0, 9.0], requires_grad=True)
handle = w.register_hook(lambda g: g.clamp(-1.0, 1.0))  # returned: used

(w ** 2).sum().backward()
print("clipped w.grad:", w.grad)
assert torch.equal(w.grad, torch.tensor([1.0, -1.0, 1.0]))

handle.remove()                  # gone for the next backward
w.grad = None
(w ** 2).sum().backward()
print("after remove() :", w.grad)
assert torch.equal(w.grad, 2 * w.detach())
# ANCHOR_END: change
