#| raises: RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x2 and 3x2)
import torch

P = torch.tensor([[1.0, 2.0],
                  [3.0, 4.0],
                  [5.0, 6.0]])      # 3 x 2
print("P @ P.T:", list((P @ P.T).shape))   # inner pair 2 and 2: fine
print("P @ P  : rows of P hold", P.shape[1],
      "numbers, columns of P hold", P.shape[0])
assert (P @ P.T).shape == (3, 3)
assert not torch.equal(P.reshape(2, 3), P.T)   # same shape, other pairing
assert P.shape[1] == 2 and P.shape[0] == 3

P @ P                              # inner pair 2 and 3: nothing to pair up
