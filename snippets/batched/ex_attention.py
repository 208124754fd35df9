#| hint: Scores are Q times K with its last two axes swapped, divided by sqrt(d), where d is Q.shape[-1]. The softmax runs along the last axis, so each query's weights over the keys add up to 1.
# ANCHOR: task
import torch

def attention_weights(Q, K):
    # d, the length of a query or a key, is Q.shape[-1]
    return None   # replace None: softmax(Q K^T / sqrt(d)) on the last axis

torch.manual_seed(0)
Q, K, V = (torch.randn(2, 3, 4, 16) for _ in range(3))
weights = attention_weights(Q, K)
# ANCHOR_END: task
# ANCHOR: solution
import torch

def attention_weights(Q, K):
    d = Q.shape[-1]
    return torch.softmax(Q @ K.transpose(-2, -1) / d**0.5, dim=-1)

torch.manual_seed(0)
Q, K, V = (torch.randn(2, 3, 4, 16) for _ in range(3))
weights = attention_weights(Q, K)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def attention_weights(Q, K):
    return torch.softmax(Q @ K.transpose(-2, -1), dim=-1)

torch.manual_seed(0)
Q, K, V = (torch.randn(2, 3, 4, 16) for _ in range(3))
weights = attention_weights(Q, K)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_close, expect_true
expect_true(weights is not None, "replace None with the weights")
expect_shape("weights", weights, (2, 3, 4, 4))
expect_true(torch.allclose(weights.sum(dim=-1), torch.ones(2, 3, 4)),
            "each query's weights should add up to 1 over the keys: "
            "run the softmax along the last axis, dim=-1")
scores = Q @ K.transpose(-2, -1)
expect_true(not torch.allclose(weights, torch.softmax(scores, dim=-1)),
            "these are the weights without the scaling: divide the "
            "scores by sqrt(d) = 4 before the softmax")
expect_close("weights[0, 0]", weights[0, 0],
             torch.softmax(scores / 4.0, dim=-1)[0, 0])
out = weights @ V
expect_shape("weights @ V", out, (2, 3, 4, 16))
# ANCHOR_END: check
