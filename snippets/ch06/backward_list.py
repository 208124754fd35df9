import torch

w = torch.tensor(3.0, requires_grad=True)
good = w * w                   # recorded: it has a grad_fn
bad = torch.tensor(2.0) * 2    # made from unwatched tensors only

message = None
try:
    torch.autograd.backward([good, bad])   # a list of two outputs
except RuntimeError as err:
    message = str(err)
print("RuntimeError:", message)

assert message == ("element 1 of tensors does not require grad "
                   "and does not have a grad_fn")
