import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, hidden=16, p=0.3):
        super().__init__()
        self.layer1 = nn.Linear(2, hidden)
        self.drop = nn.Dropout(p)
        self.layer2 = nn.Linear(hidden, 3)

    def forward(self, x):
        h = torch.relu(self.layer1(x))
        return self.layer2(self.drop(h))


# ANCHOR: registered
model = Classifier()
print("children:", [name for name, _ in model.named_children()])
print("parameters() yields", len(list(model.parameters())), "tensors")
print("model.layer1.weight is the first:",
      next(model.parameters()) is model.layer1.weight)


class Careless(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(2, 16), nn.Linear(16, 3)]  # plain list
        self.scale = torch.ones(3, requires_grad=True)      # plain tensor
        self.shift = nn.Parameter(torch.zeros(3))           # a Parameter

    def forward(self, x):
        h = torch.relu(self.layers[0](x))
        return self.layers[1](h) * self.scale + self.shift


careless = Careless()
print("Careless registers:",
      [name for name, _ in careless.named_parameters()])
careless.to(torch.float64)        # converts what is registered, and only that
print("after .to(float64): shift", careless.shift.dtype,
      "| layers[0].weight", careless.layers[0].weight.dtype)

assert [n for n, _ in model.named_children()] == ["layer1", "drop", "layer2"]
assert len(list(model.parameters())) == 4
assert [n for n, _ in careless.named_parameters()] == ["shift"]
assert careless.shift.dtype == torch.float64
assert careless.layers[0].weight.dtype == torch.float32
# ANCHOR_END: registered

# ANCHOR: call
x = torch.randn(5, 2)
logits = model(x)                 # nn.Module.__call__ runs forward(x)
print("logits", tuple(logits.shape), logits.grad_fn.name())
assert logits.shape == (5, 3)
# ANCHOR_END: call
