#| raises: RuntimeError: mat1 and mat2 must have the same dtype, but got Double and Float
import numpy as np
import torch

features = np.array([[0.5, 1.0, -2.0],
                     [1.5, 0.0,  4.0]])
x = torch.from_numpy(features)
layer = torch.nn.Linear(3, 2)
print("input:", x.dtype, "| weight:", layer.weight.dtype)
assert x.dtype == torch.float64 and layer.weight.dtype == torch.float32

layer(x)
