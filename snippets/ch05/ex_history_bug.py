#| hint: Look at what print(history) shows: each entry carries a grad_fn, so each one holds its step's tape. A log needs only the number, as a plain Python float; detach() would drop the tape but still leave a tensor.
# ANCHOR: task
import torch
w = torch.tensor(2.0, requires_grad=True)
history = []
for x in [1.0, 2.0, 3.0]:
    loss = (w * x - 3.0) ** 2
    history.append(loss)
print(history)
# ANCHOR_END: task
# ANCHOR: solution
import torch
w = torch.tensor(2.0, requires_grad=True)
history = []
for x in [1.0, 2.0, 3.0]:
    loss = (w * x - 3.0) ** 2
    history.append(loss.item())
print(history)
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
w = torch.tensor(2.0, requires_grad=True)
history = []
for x in [1.0, 2.0, 3.0]:
    loss = (w * x - 3.0) ** 2
    history.append(loss.detach())
print(history)
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import CheckFailed, expect_close, expect_true

expect_true(len(history) == 3,
            "history should hold one entry per step, 3 in all.")
for step, entry in enumerate(history):
    if getattr(entry, "grad_fn", None) is not None:
        raise CheckFailed(
            f"history[{step}] is a tensor with a grad_fn: it keeps its "
            "step's whole tape, and every tensor the tape saved, alive for "
            "as long as the list exists. Keep only the number.")
    if hasattr(entry, "shape"):
        raise CheckFailed(
            f"history[{step}] has no tape any more, but it is still a "
            "tensor: a log, a plot or json.dumps wants a plain Python "
            "float.")
    expect_true(type(entry) is float,
                f"history[{step}] is a {type(entry).__name__}, not a float.")
expect_close("history", history, [1.0, 1.0, 9.0])
# ANCHOR_END: check
