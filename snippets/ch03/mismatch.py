#| raises: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x3)
import torch

x = torch.ones(2, 3)     # a batch: 2 examples, 3 features each
W = torch.ones(4, 3)     # weights [outputs, inputs]: 3 features -> 4 outputs
print("x", tuple(x.shape), "@ W", tuple(W.shape))
print("inner lengths:", x.shape[1], "vs", W.shape[0])
assert x.shape[1] == 3 and W.shape[0] == 4

y = x @ W                # 3 != 4: no row of x has a partner column in W
