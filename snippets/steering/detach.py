import torch

# ANCHOR: stop
x = torch.tensor(2.0, requires_grad=True)
u = x ** 2

(u * x).backward()                 # x^3: both factors carry x
full = x.grad.item()

x.grad = None
(u.detach() * x).backward()        # u is frozen at 4: only one x left
stopped = x.grad.item()

print("d/dx (x^2 * x)         :", full, "  = 3x^2")
print("d/dx (x^2 detached * x):", stopped, "   = x^2, the frozen value")
print("the forward value either way:", (u * x).item(),
      (u.detach() * x).item())
assert full == 12.0 and stopped == 4.0
assert (u * x).item() == (u.detach() * x).item() == 8.0
# ANCHOR_END: stop

# ANCHOR: what_it_is
d = u.detach()
print("d:", d, " requires_grad:", d.requires_grad, " grad_fn:", d.grad_fn)
print("same memory as u:", d.data_ptr() == u.data_ptr())
assert not d.requires_grad and d.is_leaf and d.data_ptr() == u.data_ptr()
# ANCHOR_END: what_it_is

# ANCHOR: target
# fit w so that w * 3 matches a target that w itself produced earlier
w = torch.tensor(1.0, requires_grad=True)
target = w * 5                      # made from w: on the tape
for name, t in [("target on the tape", target),
                ("target detached   ", target.detach())]:
    w.grad = None
    loss = (w * 3 - t) ** 2
    loss.backward(retain_graph=True)
    print(f"{name}: loss {loss.item():.0f}, w.grad {w.grad.item():+.0f}")
# ANCHOR_END: target
w.grad = None
((w * 3 - target) ** 2).backward(retain_graph=True)
assert w.grad.item() == 2 * (3 - 5) * (3 - 5)          # (−2w)^2 → 8w
w.grad = None
((w * 3 - target.detach()) ** 2).backward()
assert w.grad.item() == 2 * (3 - 5) * 3
