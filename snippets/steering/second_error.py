#| raises: RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
import torch

x = torch.tensor(2.0, requires_grad=True)
(dy,) = torch.autograd.grad(x ** 3, x)     # no create_graph
print("dy:", dy, " grad_fn:", dy.grad_fn)  # a plain number: no tape
torch.autograd.grad(dy, x)
