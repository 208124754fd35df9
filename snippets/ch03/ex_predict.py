#| hint: Each row holds one example's scores, one per class. You want the position of the largest score within each row, so reduce along the class axis.
# ANCHOR: task
import torch
scores = torch.tensor([[0.2, 1.4, -0.3],
                       [2.0, 0.1, 0.5],
                       [-1.0, 0.0, 0.8],
                       [0.3, 0.9, 0.4],
                       [1.1, -0.2, 1.0]])   # 5 examples, 3 classes
# replace None: the predicted class of each example, shape [5]
predicted = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
scores = torch.tensor([[0.2, 1.4, -0.3],
                       [2.0, 0.1, 0.5],
                       [-1.0, 0.0, 0.8],
                       [0.3, 0.9, 0.4],
                       [1.1, -0.2, 1.0]])
predicted = scores.argmax(1)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
scores = torch.tensor([[0.2, 1.4, -0.3],
                       [2.0, 0.1, 0.5],
                       [-1.0, 0.0, 0.8],
                       [0.3, 0.9, 0.4],
                       [1.1, -0.2, 1.0]])
predicted = scores.argmax(0)
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_shape, expect_close
expect_shape("predicted", predicted, (5,))
expect_close("predicted", predicted, [1, 0, 2, 1, 0])
# ANCHOR_END: check
