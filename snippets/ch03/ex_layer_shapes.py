#| hint: Write each product's two shapes side by side (W.T swaps W's two lengths). The two inner lengths must be equal, or PyTorch refuses; if they are, the result keeps the outer ones. A matrix times a vector gives a vector, one entry per row of the matrix.
# ANCHOR: task
import torch

W = torch.zeros(2, 3)    # a layer's weight, stored [outputs, inputs]
x = torch.zeros(3)       # one example with 3 features
X = torch.zeros(4, 3)    # four examples, one per row

# Predict each product's shape as a tuple, such as (5, 7), or write
# "error" where PyTorch refuses. Replace every None.
a = None    # W @ x
b = None    # X @ W.T
c = None    # W @ X.T
d = None    # X @ W
# ANCHOR_END: task
# ANCHOR: solution
import torch

W = torch.zeros(2, 3)
x = torch.zeros(3)
X = torch.zeros(4, 3)

a = (2,)       # [2, 3] @ [3]: one entry per row of W
b = (4, 2)     # [4, 3] @ [3, 2]: the layer applied to each example
c = (2, 4)     # [2, 3] @ [3, 4]: the same numbers, turned on their side
d = "error"    # [4, 3] @ [2, 3]: 3 meets 2
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

W = torch.zeros(2, 3)
x = torch.zeros(3)
X = torch.zeros(4, 3)

a = (2,)
b = (4, 2)
c = (4, 2)
d = (4, 2)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true


def actual(left, right):
    try:
        return tuple((left @ right).shape)
    except RuntimeError:
        return "error"


cases = [("a", "W @ x", a, W, x), ("b", "X @ W.T", b, X, W.T),
         ("c", "W @ X.T", c, W, X.T), ("d", "X @ W", d, X, W)]
for name, text, guess, left, right in cases:
    want = actual(left, right)
    shapes = f"{list(left.shape)} @ {list(right.shape)}"
    expect_true(guess is not None, f"{name} is still None: predict {text}.")
    if isinstance(guess, list):
        guess = tuple(guess)
    if guess == want:
        continue
    if want == "error":
        why = (f"{text} is {shapes}: the inner lengths {left.shape[-1]} and "
               f"{right.shape[0]} differ, so no row can be paired with a "
               "column and PyTorch refuses")
    elif guess == "error":
        why = (f"{text} is {shapes}: the inner lengths are both "
               f"{left.shape[-1]}, so the product exists")
    elif isinstance(guess, tuple) and sorted(guess) == sorted(want):
        why = (f"{text} is {shapes}: the result's rows come from the left "
               "operand and its columns from the right, so the order is "
               f"{want}")
    else:
        why = (f"{text} is {shapes}: the inner lengths are used up and "
               f"the outer ones remain, {want}")
    expect_true(False, f"{name}: you wrote {guess!r}. {why}.")
# ANCHOR_END: check
