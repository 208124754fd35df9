import torch

# ANCHOR: version
v = torch.tensor([1.0, 2.0, 3.0])
print("version at birth  :", v._version)
v.mul_(2)
v[0] = 7.0
print("after two changes :", v._version)
w = v * 2                        # out of place: a new tensor
print("v after v * 2     :", v._version, "  w:", w._version)
assert (v._version, w._version) == (2, 0)
# ANCHOR_END: version

# ANCHOR: harmless
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 3                        # keeps only the 3
y.add_(1)                        # changes y, which nobody saved
y.sum().backward()
print("x.grad:", x.grad)
assert torch.equal(x.grad, torch.tensor([3.0, 3.0, 3.0]))
# ANCHOR_END: harmless

# ANCHOR: silent
# what the check prevents: .data changes the values behind autograd's back
x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
s = torch.sigmoid(x)             # saves its output s for backward
s.data.mul_(2)                   # not counted: no error later
s.sum().backward()
right = torch.sigmoid(x.detach()) * (1 - torch.sigmoid(x.detach()))
print("with .data (wrong):", x.grad)
print("the true gradient :", right)
assert not torch.allclose(x.grad, right)
# ANCHOR_END: silent
