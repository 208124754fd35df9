#| hint: A quarter turn clockwise sends i-hat from pointing right to pointing down. Write down where i-hat and j-hat end up; those two vectors are the columns.
# ANCHOR: task
import torch
# replace None: the 2x2 matrix that rotates every vector 90 degrees clockwise
W = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
W = torch.tensor([[0.0, 1.0],
                  [-1.0, 0.0]])   # columns: i-hat -> [0, -1], j-hat -> [1, 0]
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
W = torch.tensor([[0.0, -1.0],
                  [1.0, 0.0]])    # the chapter's counter-clockwise turn
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_close
expect_shape("W", W, (2, 2))
expect_close("W @ [1, 0] (where i-hat lands)",
             W @ torch.tensor([1.0, 0.0]), [0.0, -1.0])
expect_close("W @ [0, 1] (where j-hat lands)",
             W @ torch.tensor([0.0, 1.0]), [1.0, 0.0])
expect_close("W @ [2, 1]", W @ torch.tensor([2.0, 1.0]), [1.0, -2.0])
# ANCHOR_END: check
