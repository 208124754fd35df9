#| hint: Right-aligned, [4, 3] and [4] meet as 3 against 4. Give bonus a length-1 axis so that its 4 lines up with the 4 students instead.
# ANCHOR: task
import torch
marks = torch.tensor([[7.0, 8.0, 6.0],
                      [5.0, 9.0, 7.0],
                      [8.0, 8.0, 9.0],
                      [6.0, 5.0, 7.0]])   # 4 students x 3 quizzes
bonus = torch.tensor([1.0, 0.0, 2.0, 0.5])   # one bonus per student
# replace None: every mark plus its own student's bonus, shape [4, 3]
total = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
marks = torch.tensor([[7.0, 8.0, 6.0],
                      [5.0, 9.0, 7.0],
                      [8.0, 8.0, 9.0],
                      [6.0, 5.0, 7.0]])
bonus = torch.tensor([1.0, 0.0, 2.0, 0.5])
total = marks + bonus.unsqueeze(1)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
marks = torch.tensor([[7.0, 8.0, 6.0],
                      [5.0, 9.0, 7.0],
                      [8.0, 8.0, 9.0],
                      [6.0, 5.0, 7.0]])
bonus = torch.tensor([1.0, 0.0, 2.0, 0.5])
total = marks.T + bonus
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_close
expect_shape("total", total, (4, 3))
expect_close("total", total, [[8.0, 9.0, 7.0],
                              [5.0, 9.0, 7.0],
                              [10.0, 10.0, 11.0],
                              [6.5, 5.5, 7.5]])
# ANCHOR_END: check
