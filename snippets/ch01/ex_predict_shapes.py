#| hint: Read the index from the left: each integer fixes one axis and removes it, each colon keeps its axis whole, and axes the index does not mention are kept. images is [batch, channels, height, width] = [5, 3, 4, 6].
# ANCHOR: task
import torch
images = torch.zeros(5, 3, 4, 6)   # [batch, channels, height, width]
# Predict each shape first, as a tuple such as (2, 3); then check.
shape_a = None   # images[0]
shape_b = None   # images[:, 0]
shape_c = None   # images[4, 2]
shape_d = None   # images[:, :, 0, 0]
# ANCHOR_END: task
# ANCHOR: solution
import torch
images = torch.zeros(5, 3, 4, 6)
shape_a = (3, 4, 6)   # one thumbnail: the batch axis is gone
shape_b = (5, 4, 6)   # channel 0 of every thumbnail
shape_c = (4, 6)      # thumbnail 4, channel 2: one height x width plane
shape_d = (5, 3)      # pixel (0, 0): a value per thumbnail and channel
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
images = torch.zeros(5, 3, 4, 6)
shape_a = (3, 4, 6)
shape_b = (5, 1, 4, 6)
shape_c = (4, 6)
shape_d = (5, 3)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true

real = {
    "images[0]": (tuple(images[0].shape), shape_a,
                  "an integer index removes its axis: images[0] loses the "
                  "batch axis and keeps channels, height and width"),
    "images[:, 0]": (tuple(images[:, 0].shape), shape_b,
                     "the colon keeps the batch axis whole and the 0 then "
                     "removes the channel axis; an integer index never "
                     "leaves a length-1 axis behind"),
    "images[4, 2]": (tuple(images[4, 2].shape), shape_c,
                     "two integers remove the first two axes, batch and "
                     "channels; height and width are untouched"),
    "images[:, :, 0, 0]": (tuple(images[:, :, 0, 0].shape), shape_d,
                           "the two colons keep batch and channels; the two "
                           "zeros remove height and width"),
}
for expr, (shape, guess, why) in real.items():
    expect_true(guess is not None,
                f"replace None with your prediction for {expr}.")
    expect_true(tuple(guess) == shape,
                f"{expr} has shape {shape}, not {tuple(guess)}: {why}.")
# ANCHOR_END: check
