#| hint: torch.tensor guesses the dtype from how the numbers are written, and here both guesses are wrong. Ask for the dtype you want with dtype=, or convert afterwards.
# ANCHOR: task
import torch
# how often 3 words appear in each of 2 reviews
counts = [[3, 0, 1], [0, 2, 2]]
# the class of each review (1 = positive), read from a file
stars = [1.0, 0.0]
features = None  # replace None: counts as a tensor a model can take as input
labels = None    # replace None: stars as a tensor of class labels
# ANCHOR_END: task
# ANCHOR: solution
import torch
counts = [[3, 0, 1], [0, 2, 2]]
stars = [1.0, 0.0]
features = torch.tensor(counts, dtype=torch.float32)
labels = torch.tensor(stars, dtype=torch.int64)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
counts = [[3, 0, 1], [0, 2, 2]]
stars = [1.0, 0.0]
features = torch.tensor(counts)
labels = torch.tensor(stars)
# ANCHOR_END: wrong
# ANCHOR: check
import torch
from bookcheck import expect_shape, expect_close, expect_true
expect_shape("features", features, (2, 3))
expect_shape("labels", labels, (2,))
expect_true(features.dtype == torch.float32,
            f"features has dtype {features.dtype}, but model inputs should "
            "be torch.float32. Whole numbers are read as int64 unless you "
            "ask for float32.")
expect_true(labels.dtype == torch.int64,
            f"labels has dtype {labels.dtype}, but class labels pick entries "
            "by position, so they must be torch.int64 (torch.long).")
expect_close("features", features, counts)
expect_close("labels", labels, [1, 0])
# ANCHOR_END: check
