#| raises: RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
import torch

x = torch.tensor(2.0)       # forgot requires_grad=True
y = x * x
assert y.grad_fn is None    # nothing was recorded ...

y.backward()                # ... so there is nothing to walk back through
