import torch

# ANCHOR: twice
x = torch.tensor(2.0, requires_grad=True)
total = x + x                 # an addition saves nothing for backward
total.backward()
total.backward()              # the same tape, walked a second time
print("x + x, walked twice:", x.grad)

x.grad = None
sq = x * x                    # a multiply saves both of its operands
sq.backward(retain_graph=True)   # keep them for one more walk
sq.backward()
print("x * x, walked twice with retain_graph=True:", x.grad)

assert x.grad.item() == 8.0   # 4 + 4
# ANCHOR_END: twice

# Not shown on the page: what each operation saved for backward, counted
# with autograd's own hooks for saved tensors.


def saved_by(fn):
    saved = []
    with torch.autograd.graph.saved_tensors_hooks(
            lambda t: saved.append(t) or t, lambda t: t):
        fn()
    return len(saved)


assert saved_by(lambda: x + x) == 0
assert saved_by(lambda: x * x) == 2
