#| raises: RuntimeError: expected target dtype to be Long or Byte, but got Float
import torch
from torch import nn

logits = torch.randn(4, 3)
labels = torch.tensor([2.0, 0.0, 1.0, 2.0])   # classes typed as floats
nn.CrossEntropyLoss()(logits, labels)
