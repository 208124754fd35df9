#| raises: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1
import torch

# Marks of 4 students in 3 quizzes: one row per student.
marks = torch.tensor([[7.0, 8.0, 6.0],
                      [5.0, 9.0, 7.0],
                      [8.0, 8.0, 9.0],
                      [6.0, 5.0, 7.0]])
# One bonus point value per student.
bonus = torch.tensor([1.0, 0.0, 2.0, 0.5])

print("marks", marks.shape)
print("bonus", bonus.shape)
assert marks.shape == (4, 3) and bonus.shape == (4,)

# Right-aligned, the last axes meet as 3 against 4: neither is 1.
marks + bonus
