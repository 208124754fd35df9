#| hint: The errors are pred - y = 0, 1, 2. Square them and take the mean over the 3 examples for the loss. For the gradient, L = (e0^2 + e1^2 + e2^2) / 3, so dL/dpred_i = 2 * e_i / 3: the 2 comes from the square and the 1/3 from the mean.
# ANCHOR: task
import torch

pred = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.tensor([1.0, 1.0, 1.0])
# loss = ((pred - y) ** 2).mean(), then loss.backward()

# Predict before running anything; replace both Nones.
loss_value = None    # the loss, as a number
grad_values = None   # pred.grad after backward, as a list of 3 numbers
# ANCHOR_END: task
# ANCHOR: solution
import torch

pred = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.tensor([1.0, 1.0, 1.0])

loss_value = 5 / 3                    # (0 + 1 + 4) / 3
grad_values = [0.0, 2 / 3, 4 / 3]     # 2 * error / 3
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

pred = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.tensor([1.0, 1.0, 1.0])

loss_value = 5 / 3
grad_values = [0.0, 2.0, 4.0]
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true

p = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
target = torch.tensor([1.0, 1.0, 1.0])
loss = ((p - target) ** 2).mean()
loss.backward()
true_loss, true_grad = loss.item(), p.grad.tolist()

expect_true(loss_value is not None and grad_values is not None,
            "loss_value and grad_values are still None: write your "
            "predictions.")
near = lambda a, b: abs(a - b) < 1e-4
loss_slips = {5.0: "5 is the sum of the squares: the mean divides by 3",
              1.0: "1 is the mean of the errors 0, 1, 2: square each first"}
for wrong, why in loss_slips.items():
    expect_true(not near(loss_value, wrong),
                f"loss_value is {wrong:g}: {why}.")
expect_true(near(loss_value, true_loss),
            f"loss_value is {loss_value}; the squared errors are 0, 1 and 4.")
guess = [float(g) for g in grad_values]
expect_true(len(guess) == 3, "grad_values needs one number per prediction.")
grad_slips = [([0.0, 2.0, 4.0], "the 1/3 of the mean is missing: each "
               "prediction moves the mean only a third as much as its "
               "own square"),
              ([0.0, 1 / 3, 2 / 3], "the 2 from the square is missing: the "
               "slope of e**2 is 2e"),
              ([0.0, 1.0, 2.0], "those are the errors themselves; the "
               "slope of each squared error is 2 * error, and the mean "
               "divides by 3")]
for wrong, why in grad_slips:
    expect_true(not all(near(a, b) for a, b in zip(guess, wrong)),
                f"grad_values is {[round(g, 4) for g in guess]}: {why}.")
expect_true(all(near(a, b) for a, b in zip(guess, true_grad)),
            f"grad_values is {[round(g, 4) for g in guess]}; "
            "dL/dpred_i is 2 * (pred_i - y_i) / 3.")
# ANCHOR_END: check
