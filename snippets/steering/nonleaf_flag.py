#| raises: RuntimeError: you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
scaled = w * 10                    # not a leaf: it has a grad_fn
print("scaled.is_leaf:", scaled.is_leaf)
scaled.requires_grad_(False)       # you cannot unrecord what happened
