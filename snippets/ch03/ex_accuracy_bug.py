#| hint: Print predicted and its shape. argmax with no dim looks at all 15 scores as one flat list and returns a single position. Name the axis that holds the classes, so you get one class per row.
# ANCHOR: task
import torch
scores = torch.tensor([[0.2, 1.4, -0.3],
                       [2.0, 0.1, 0.5],
                       [-1.0, 0.0, 0.8],
                       [0.3, 0.9, 0.4],
                       [1.1, -0.2, 1.0]])   # 5 examples, 3 classes
labels = torch.tensor([1, 0, 2, 2, 0])      # the right answers
predicted = scores.argmax()
accuracy = (predicted == labels).float().mean().item()
print("accuracy", accuracy)
# ANCHOR_END: task
# ANCHOR: solution
import torch
scores = torch.tensor([[0.2, 1.4, -0.3],
                       [2.0, 0.1, 0.5],
                       [-1.0, 0.0, 0.8],
                       [0.3, 0.9, 0.4],
                       [1.1, -0.2, 1.0]])
labels = torch.tensor([1, 0, 2, 2, 0])
predicted = scores.argmax(1)          # one class per row
accuracy = (predicted == labels).float().mean().item()
print("accuracy", accuracy)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
scores = torch.tensor([[0.2, 1.4, -0.3],
                       [2.0, 0.1, 0.5],
                       [-1.0, 0.0, 0.8],
                       [0.3, 0.9, 0.4],
                       [1.1, -0.2, 1.0]])
labels = torch.tensor([1, 0, 2, 2, 0])
predicted = scores.max(1).values
accuracy = (predicted == labels).float().mean().item()
print("accuracy", accuracy)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import CheckFailed, expect_close, expect_true

if tuple(predicted.shape) == ():
    raise CheckFailed(
        f"predicted is a single number, {predicted.item()}: argmax() with "
        "no dim returns one position in the flattened [5, 3] scores, and "
        "comparing it with 5 labels broadcasts. Ask for the position of "
        "the largest score within each row.")
expect_true(predicted.dtype == labels.dtype,
            f"predicted has dtype {predicted.dtype}: those are the largest "
            "scores themselves (max's values), not their positions. The "
            "class is the index: argmax(1), or max(1).indices.")
expect_true(tuple(predicted.shape) == (5,),
            f"predicted has shape {list(predicted.shape)}; one class per "
            "example means shape [5]: reduce along axis 1, the classes.")
expect_close("predicted", predicted, [1, 0, 2, 1, 0])
expect_close("accuracy", accuracy, 0.8)
# ANCHOR_END: check
