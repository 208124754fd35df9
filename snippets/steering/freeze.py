import torch

# ANCHOR: freeze
torch.manual_seed(0)
body = torch.nn.Linear(3, 4)       # pretend this part is already trained
head = torch.nn.Linear(4, 1)       # the new part we want to fit

for p in body.parameters():
    p.requires_grad_(False)        # frozen: no gradient, no tape

x = torch.randn(8, 3)
loss = head(torch.relu(body(x))).pow(2).mean()
loss.backward()

print("body.weight.grad:", body.weight.grad)
print("head.weight.grad shape:", head.weight.grad.shape)
assert body.weight.grad is None and body.bias.grad is None
assert head.weight.grad is not None and head.bias.grad is not None
# ANCHOR_END: freeze

# ANCHOR: step
opt = torch.optim.SGD([p for p in [*body.parameters(), *head.parameters()]
                       if p.requires_grad], lr=0.1)
before = body.weight.clone(), head.weight.clone()
opt.step()
print("body changed:", not torch.equal(before[0], body.weight))
print("head changed:", not torch.equal(before[1], head.weight))
assert torch.equal(before[0], body.weight)
assert not torch.equal(before[1], head.weight)
# ANCHOR_END: step

# ANCHOR: graph
hidden = body(x)
print("body's output requires_grad:", hidden.requires_grad,
      " grad_fn:", hidden.grad_fn)
assert not hidden.requires_grad and hidden.grad_fn is None
# ANCHOR_END: graph

# Not shown: an optimizer given every parameter skips those whose .grad is
# None, so the frozen body does not move either way.
every = torch.optim.SGD([*body.parameters(), *head.parameters()], lr=0.1)
frozen = body.weight.clone()
every.step()
assert torch.equal(frozen, body.weight)
