import torch

# ANCHOR: off
w = torch.tensor(2.0, requires_grad=True)      # a trainable parameter

with torch.no_grad():
    a = w * 3 + 1
print("no_grad        : requires_grad", a.requires_grad,
      " grad_fn", a.grad_fn)

with torch.inference_mode():
    b = w * 3 + 1
print("inference_mode : requires_grad", b.requires_grad,
      " grad_fn", b.grad_fn)

c = w * 3 + 1
print("neither        : requires_grad", c.requires_grad,
      " grad_fn", c.grad_fn.name())
print("w itself is unchanged:", w.requires_grad)

assert not a.requires_grad and a.grad_fn is None
assert not b.requires_grad and b.grad_fn is None
assert c.requires_grad and c.grad_fn.name() == "AddBackward0"
assert w.requires_grad and a.item() == b.item() == c.item() == 7.0
# ANCHOR_END: off

# ANCHOR: later
print("a (made under no_grad) is an inference tensor:", a.is_inference())
print("b (made under inference_mode) is one         :", b.is_inference())

# a no_grad result can join a later graph as a constant
loss = (w * a) ** 2
loss.backward()
print("w.grad with a as a constant:", w.grad)

try:
    b._version                 # the in-place change counter autograd reads
except RuntimeError as err:
    print("b._version:", err)
    skipped = str(err)

assert not a.is_inference() and b.is_inference()
assert a._version == 0
assert skipped == "Inference tensors do not track version counter."
assert w.grad.item() == 2 * (2.0 * 7.0) * 7.0      # d/dw (w a)^2 = 2 (w a) a
# ANCHOR_END: later
