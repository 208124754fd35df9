#| hint: json.dumps knows lists, numbers and strings, not tensors. Iterating over a tensor, or list(t), still gives tensors (one per row); one method converts every level of nesting into plain Python at once.
# ANCHOR: task
import json
import torch

def save_predictions(scores):
    predicted = scores.argmax(1)
    return json.dumps({"classes": predicted})

scores = torch.tensor([[0.1, 2.0, -1.0],
                       [1.5, 0.2, 0.3],
                       [0.0, 0.1, 0.9]])
# ANCHOR_END: task
# ANCHOR: solution
import json
import torch

def save_predictions(scores):
    predicted = scores.argmax(1)
    return json.dumps({"classes": predicted.tolist()})

scores = torch.tensor([[0.1, 2.0, -1.0],
                       [1.5, 0.2, 0.3],
                       [0.0, 0.1, 0.9]])
# ANCHOR_END: solution
# ANCHOR: wrong
import json
import torch

def save_predictions(scores):
    predicted = scores.argmax(1)
    return json.dumps({"classes": list(predicted)})

scores = torch.tensor([[0.1, 2.0, -1.0],
                       [1.5, 0.2, 0.3],
                       [0.0, 0.1, 0.9]])
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import CheckFailed, expect_true

try:
    text = save_predictions(scores)
except TypeError as error:
    raise CheckFailed(
        f"save_predictions still raises TypeError: {error}. list(t) and "
        "loops over a tensor give tensors, which json cannot write; "
        "convert the whole tensor to Python ints with .tolist()."
    ) from None
want = '{"classes": [1, 0, 2]}'
expect_true(text == want, f"save_predictions gives {text!r}, not {want!r}.")
# ANCHOR_END: check
