#| hint: The dot product of a vector with itself is its squared length, so a length is (v @ v) ** 0.5. Divide the dot product of a and b by both lengths.
# ANCHOR: task
import torch
a = torch.tensor([3.0, 4.0])
b = torch.tensor([4.0, 3.0])
cos = None   # replace None: the cosine similarity of a and b
# ANCHOR_END: task
# ANCHOR: solution
import torch
a = torch.tensor([3.0, 4.0])
b = torch.tensor([4.0, 3.0])
cos = (a @ b) / ((a @ a) ** 0.5 * (b @ b) ** 0.5)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
a = torch.tensor([3.0, 4.0])
b = torch.tensor([4.0, 3.0])
cos = a @ b
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_close, expect_true
expect_true(cos is not None,
            "replace None with the cosine similarity of a and b")
expect_close("cos", cos, 0.96)
# ANCHOR_END: check
