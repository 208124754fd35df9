#| raises: ValueError: optimizer got an empty parameter list
import torch
from torch import nn


class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(2, 8), nn.Linear(8, 3)]   # a plain list

    def forward(self, x):
        return self.layers[1](torch.relu(self.layers[0](x)))


model = TwoLayer()
print(model(torch.zeros(5, 2)).shape)      # forward works...
torch.optim.SGD(model.parameters(), lr=0.1)  # ...but nothing to train
