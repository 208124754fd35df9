#| hint: Follow the unit square through both moves. Each move multiplies its area by the size of its own determinant, and each mirror turns the plane over once; turning it over twice puts it back. A move that flattens the plane leaves no area for any later move to scale.
# ANCHOR: task
import torch

stretch = torch.tensor([[3.0, 0.0], [0.0, 1.0]])  # x three times as long
mirror = torch.tensor([[-1.0, 0.0], [0.0, 1.0]])  # left and right swapped
turn = torch.tensor([[0.0, -1.0], [1.0, 0.0]])    # a quarter turn
squash = torch.tensor([[1.0, 2.0], [0.5, 1.0]])   # column 1 = 2 * column 0

# Predict each determinant without computing it: replace each None
# with a number. (B @ A is "first A, then B".)
stretch_then_mirror = None   # det(mirror @ stretch)
four_turns = None            # det(turn @ turn @ turn @ turn)
mirror_twice = None          # det(mirror @ mirror)
stretch_then_squash = None   # det(squash @ stretch)
# ANCHOR_END: task
# ANCHOR: solution
import torch

stretch = torch.tensor([[3.0, 0.0], [0.0, 1.0]])
mirror = torch.tensor([[-1.0, 0.0], [0.0, 1.0]])
turn = torch.tensor([[0.0, -1.0], [1.0, 0.0]])
squash = torch.tensor([[1.0, 2.0], [0.5, 1.0]])

stretch_then_mirror = -3     # area times 3, then turned over once
four_turns = 1               # turns keep area and orientation
mirror_twice = 1             # turned over twice: back as it was
stretch_then_squash = 0      # flattened: no area left
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

stretch = torch.tensor([[3.0, 0.0], [0.0, 1.0]])
mirror = torch.tensor([[-1.0, 0.0], [0.0, 1.0]])
turn = torch.tensor([[0.0, -1.0], [1.0, 0.0]])
squash = torch.tensor([[1.0, 2.0], [0.5, 1.0]])

stretch_then_mirror = 3
four_turns = 1
mirror_twice = -1
stretch_then_squash = 0
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true


def det2(M):
    return (M[0, 0] * M[1, 1] - M[0, 1] * M[1, 0]).item()


cases = [
    ("stretch_then_mirror", stretch_then_mirror, mirror @ stretch,
     "the stretch multiplies area by 3 and the mirror keeps its size"),
    ("four_turns", four_turns, turn @ turn @ turn @ turn,
     "a turn keeps every area as it is"),
    ("mirror_twice", mirror_twice, mirror @ mirror,
     "a mirror keeps every area as it is"),
    ("stretch_then_squash", stretch_then_squash, squash @ stretch,
     "the squash flattens the plane onto a line, whatever came first"),
]
for name, guess, product, why in cases:
    want = det2(product)
    expect_true(guess is not None, f"{name} is still None: write a number.")
    expect_true(isinstance(guess, (int, float)),
                f"{name} should be a plain number, "
                f"not {type(guess).__name__}.")
    if abs(abs(guess) - abs(want)) > 1e-6:
        expect_true(False, f"{name}: you said {guess:g}, but its size should "
                    f"be {abs(want):g}: {why}.")
    expect_true(abs(guess - want) < 1e-6,
                f"{name}: the size {abs(want):g} is right, the sign is not. "
                "Count the mirrors: each one turns the plane over, and two "
                "turnings over cancel; turns and stretches never flip it.")
# ANCHOR_END: check
