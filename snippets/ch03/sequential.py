import torch
from torch import nn

# ANCHOR: chain
torch.manual_seed(0)
first = nn.Linear(3, 5)             # 3 features in, 5 out
second = nn.Linear(5, 2)            # those 5 in, 2 out
model = nn.Sequential(first, second)
print(model)

x = torch.randn(4, 3)               # a batch of 4 examples
print("x", tuple(x.shape), "-> model(x)", tuple(model(x).shape))
print("model[0] is first:", model[0] is first)

assert model(x).shape == (4, 2)
assert torch.equal(model(x), second(first(x)))   # each output feeds the next
assert model[0] is first and model[1] is second and len(model) == 2
# ANCHOR_END: chain

# ANCHOR: collapse
# Two layers in a row: second.W (first.W x + first.b) + second.b,
# which is one matrix times x plus one vector.
W = second.weight @ first.weight                  # [2, 5] @ [5, 3]
b = second.weight @ first.bias + second.bias      # [2]
merged = nn.Linear(3, 2)
with torch.no_grad():
    merged.weight.copy_(W)
    merged.bias.copy_(b)
print("merged weight", tuple(merged.weight.shape))
print("two layers:", model(x)[0].detach())
print("one layer :", merged(x)[0].detach())
print("the same for all 4 examples:", torch.allclose(model(x), merged(x),
                                                      atol=1e-6))

assert W.shape == (2, 3) and b.shape == (2,)
assert torch.allclose(model(x), merged(x), atol=1e-6)
# ANCHOR_END: collapse

# ANCHOR: relu
print(torch.relu(torch.tensor([-2.0, -0.5, 0.0, 1.5])))

# four corners: +1 where the two coordinates have the same sign
corners = torch.tensor([[-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0], [1.0, 1.0]])
targets = torch.tensor([1.0, -1.0, -1.0, 1.0])

# The best any linear map a*x1 + b*x2 + c can do (least squares):
A = torch.cat([corners, torch.ones(4, 1)], dim=1)
best = torch.linalg.lstsq(A, targets.unsqueeze(1)).solution
fit = [round(v, 4) + 0.0 for v in (A @ best).squeeze(1).tolist()]
print("best linear fit:", fit)          # + 0.0 turns -0.0 into 0.0

# Two ReLU units in between fit all four exactly.
bent = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
with torch.no_grad():
    bent[0].weight.copy_(torch.tensor([[1.0, 1.0], [-1.0, -1.0]]))
    bent[0].bias.zero_()
    bent[2].weight.copy_(torch.tensor([[1.0, 1.0]]))
    bent[2].bias.fill_(-1.0)
print("with a ReLU    :", bent(corners).squeeze(1).tolist())

assert torch.equal(torch.relu(torch.tensor([-2.0, -0.5, 0.0, 1.5])),
                   torch.tensor([0.0, 0.0, 0.0, 1.5]))
assert torch.allclose(A @ best, torch.zeros(4, 1), atol=1e-6)
assert torch.equal(bent(corners).squeeze(1), targets)
# ANCHOR_END: relu
