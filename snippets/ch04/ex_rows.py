#| hint: Fix the number of rows and write -1 for the other axis; PyTorch divides the 20 elements by the length you gave.
# ANCHOR: task
import torch
readings = torch.arange(20)   # 20 sensor readings, taken 5 per hour
# replace None: readings as 4 rows, one per hour, with -1 for the row length
hours = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
readings = torch.arange(20)
hours = readings.reshape(4, -1)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
readings = torch.arange(20)
hours = readings.reshape(-1, 4)
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_shape, expect_close, expect_true
expect_shape("hours", hours, (4, 5))
expect_close("hours[1] (the second hour)", hours[1], [5, 6, 7, 8, 9])
expect_true(hours.data_ptr() == readings.data_ptr(),
            "hours should be a view of readings (same buffer), not a copy.")
# ANCHOR_END: check
