import torch
from torch import nn

# ANCHOR: modes
torch.manual_seed(4)
drop = nn.Dropout(p=0.5)
h = torch.ones(8)
print("training:", drop.training)
print(drop(h))
print(drop(h))
drop.eval()
print("training:", drop.training)
print(drop(h))

kept = drop.train()(h)
assert set(kept.tolist()) <= {0.0, 2.0}       # survivors scaled by 1/(1-p)
drop.eval()
assert torch.equal(drop(h), h)
# ANCHOR_END: modes

# ANCHOR: whole_model
model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Dropout(0.3),
                      nn.Linear(16, 3))
model.eval()
print("after eval(): ", [m.training for m in model])
model.train()
print("after train():", [m.training for m in model])
assert all(m.training for m in model)

model.eval()                      # eval() does not switch the tape off
out = model(torch.randn(4, 2))
print("eval mode, output on the tape:", out.requires_grad, out.grad_fn.name())
assert out.requires_grad
# ANCHOR_END: whole_model
