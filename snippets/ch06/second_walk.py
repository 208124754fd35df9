#| raises: RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.
import torch

x = torch.tensor(2.0, requires_grad=True)
sq = x * x
sq.backward()
print("first walk: x.grad =", x.grad)
assert x.grad.item() == 4.0

sq.backward()       # same tape again: its saved values are already gone
