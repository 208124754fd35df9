#| hint: out has shape [1, 1], so it holds exactly one number however many axes it has. One method returns that number itself; another returns it wrapped in lists.
# ANCHOR: task
import torch
W = torch.tensor([[0.5, 2.0]])     # a layer with 2 inputs and 1 output
x = torch.tensor([[4.0],
                  [1.5]])          # one example, as a column
out = W @ x                        # shape [1, 1]
price = None  # replace None: the one number in out, as a Python float
# ANCHOR_END: task
# ANCHOR: solution
import torch
W = torch.tensor([[0.5, 2.0]])
x = torch.tensor([[4.0],
                  [1.5]])
out = W @ x
price = out.item()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
W = torch.tensor([[0.5, 2.0]])
x = torch.tensor([[4.0],
                  [1.5]])
out = W @ x
price = out.tolist()
# ANCHOR_END: wrong
# ANCHOR: check
from booktorch.check import expect_close, expect_true
expect_true(type(price) is float,
            "price should be a single Python float, "
            "not a tensor and not a list.")
expect_close("price", price, 5.0)
# ANCHOR_END: check
