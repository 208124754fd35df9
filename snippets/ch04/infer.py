import math

import torch

# ANCHOR: count
flat = torch.arange(24)
candidates = [(4, 6), (2, 3, 4), (2, 12), (5, 5)]
for shape in candidates:
    fits = math.prod(shape) == flat.numel()
    print(f"{list(shape)}: product {math.prod(shape)}, fits: {fits}")

assert [math.prod(s) == 24 for s in candidates] == [True, True, True, False]
# ANCHOR_END: count

# ANCHOR: minus_one
print(flat.reshape(4, -1).shape)       # 24 / 4 = 6
print(flat.reshape(-1, 3).shape)       # 24 / 3 = 8
print(flat.reshape(2, -1, 4).shape)    # 24 / (2 * 4) = 3
print(flat.view(-1).shape)             # everything in one axis

assert flat.reshape(4, -1).shape == (4, 6)
assert flat.reshape(-1, 3).shape == (8, 3)
assert flat.reshape(2, -1, 4).shape == (2, 3, 4)
assert flat.view(-1).shape == (24,)

problems = []
for shape in [(-1, -1), (5, -1)]:
    try:
        flat.reshape(*shape)
    except RuntimeError as err:
        problems.append(str(err))
        print(f"{list(shape)}: {err}")

assert problems == ["only one dimension can be inferred",
                    "shape '[5, -1]' is invalid for input of size 24"]
# ANCHOR_END: minus_one

# Not shown on the page: reshape checks the count exactly as view does.
for call in (torch.arange(6).view, torch.arange(6).reshape):
    try:
        call(3, 3)
    except RuntimeError as err:
        assert str(err) == "shape '[3, 3]' is invalid for input of size 6"
    else:
        raise AssertionError("a 6-element tensor cannot be viewed as [3, 3]")
