#| raises: ValueError: expected sequence of length 3 at dim 1 (got 2)
import torch

rows = [[1, 2, 3],
        [4, 5]]          # the second row is one number short
print([len(r) for r in rows])

torch.tensor(rows)
