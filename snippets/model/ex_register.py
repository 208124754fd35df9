#| hint: nn.Module registers what is assigned to it only when the value is itself a module or an nn.Parameter. A Python list is neither; nn.ModuleList is a module that holds a list of modules.
# ANCHOR: task
import torch
from torch import nn

class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(2, 8), nn.Linear(8, 3)]

    def forward(self, x):
        return self.layers[1](torch.relu(self.layers[0](x)))

model = TwoLayer()
print([name for name, _ in model.named_parameters()])
# ANCHOR_END: task
# ANCHOR: solution
import torch
from torch import nn

class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(2, 8), nn.Linear(8, 3)])

    def forward(self, x):
        return self.layers[1](torch.relu(self.layers[0](x)))

model = TwoLayer()
print([name for name, _ in model.named_parameters()])
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
from torch import nn

class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(2, 8), nn.Linear(8, 3)]
        self.first = self.layers[0]

    def forward(self, x):
        return self.layers[1](torch.relu(self.layers[0](x)))

model = TwoLayer()
print([name for name, _ in model.named_parameters()])
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_shape, expect_true

model = TwoLayer()
expect_shape("model(torch.zeros(5, 2))", model(torch.zeros(5, 2)), (5, 3))
found = list(model.parameters())
expect_true(len(found) > 0,
            "model.parameters() finds no tensors at all: layers kept in a "
            "plain Python list are not registered, so an optimizer would "
            "have nothing to train. Wrap the list in nn.ModuleList.")
expect_true(len(found) == 4,
            f"model.parameters() finds {len(found)} tensors, but the two "
            "layers hold 4 (a weight and a bias each): a layer that is "
            "only in the plain list is still unregistered, and the "
            "optimizer would never change it.")
shapes = sorted(tuple(p.shape) for p in found)
expect_true(shapes == [(3,), (3, 8), (8,), (8, 2)],
            f"the registered tensors have shapes {shapes}; they should be "
            "the two layers' weights [8, 2], [3, 8] and biases [8], [3].")
# ANCHOR_END: check
