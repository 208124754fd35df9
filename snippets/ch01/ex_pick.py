#| hint: Each integer index fixes one axis, counting from the left, and removes it; a colon keeps the whole axis. Negative indices count from the end.
# ANCHOR: task
import torch
# [reviews, tokens, features]; each value is its position in counting order
x = torch.arange(60).view(4, 3, 5)
# replace None: all 5 features of the last token of review 2 (counting from 0)
last_token = None
first_tokens = None  # replace None: token 0 of every review, shape [4, 5]
# replace None: feature 3 of token 1 of review 0, as one number
value = None
# ANCHOR_END: task
# ANCHOR: solution
import torch
x = torch.arange(60).view(4, 3, 5)
last_token = x[2, -1]
first_tokens = x[:, 0]
value = x[0, 1, 3].item()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
x = torch.arange(60).view(4, 3, 5)
last_token = x[2, -1]
first_tokens = x[0]
value = x[0, 1, 3].item()
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_close
expect_shape("last_token", last_token, (5,))
expect_close("last_token", last_token, [40, 41, 42, 43, 44])
expect_shape("first_tokens (token 0 of every review)", first_tokens, (4, 5))
expect_close("first_tokens[1] (token 0 of review 1)", first_tokens[1],
             [15, 16, 17, 18, 19])
expect_close("value", value, 8)
# ANCHOR_END: check
