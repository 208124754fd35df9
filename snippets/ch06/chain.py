import torch

# ANCHOR: walk
def walk_backward(output):
    """Reverse-mode differentiation by hand, on autograd's recorded nodes."""
    # 1. List the nodes so that each comes after every node feeding into it.
    order, seen = [], set()

    def visit(node):
        if node is None or node in seen:
            return
        seen.add(node)
        for child, _ in node.next_functions:
            visit(child)
        order.append(node)

    visit(output.grad_fn)

    # 2. Walk that list backwards, from the output to the leaves.
    arriving = {output.grad_fn: torch.tensor(1.0)}   # d(output)/d(output) = 1
    leaf_grads = {}
    with torch.no_grad():   # the walk itself is not recorded
        for node in reversed(order):
            g = arriving.pop(node)
            if type(node).__name__ == "AccumulateGrad":
                print(f"  AccumulateGrad  collects {g.item()}")
                leaf_grads[node.variable] = g
                continue
            sent = node(g)   # the node's local chain-rule step
            sent = sent if isinstance(sent, tuple) else (sent,)
            shown = [None if s is None else s.item() for s in sent]
            print(f"  {node.name():<14}  receives {g.item()}, sends {shown}")
            for (child, _), s in zip(node.next_functions, sent):
                if child is not None:
                    # paths that meet are summed
                    arriving[child] = arriving.get(child, 0) + s
    return leaf_grads
# ANCHOR_END: walk

# ANCHOR: square
x = torch.tensor(2.0, requires_grad=True)
sq = x * x
by_hand = walk_backward(sq)[x]

sq.backward()                 # the real thing
print("by hand:", by_hand, "  x.grad:", x.grad)

assert by_hand.item() == 4.0 and x.grad.item() == 4.0
assert x.grad.item() == 2 * x.item()
# ANCHOR_END: square

# ANCHOR: split
first = torch.tensor(2.0, requires_grad=True)    # two separate leaves
second = torch.tensor(2.0, requires_grad=True)   # holding the same number
(first * second).backward()
print("first.grad:", first.grad, " second.grad:", second.grad)

x = torch.tensor(2.0, requires_grad=True)        # one leaf, used twice
(x * x).backward()
print("x.grad:", x.grad, "= first.grad + second.grad")

assert first.grad.item() == second.grad.item() == 2.0
assert x.grad.item() == first.grad.item() + second.grad.item() == 4.0
# ANCHOR_END: split

# ANCHOR: two_leaves
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)
grads = walk_backward(a * b)        # two different inputs this time
print("a gets", grads[a], "  b gets", grads[b])

assert grads[a].item() == 5.0 and grads[b].item() == 2.0   # the other one
# ANCHOR_END: two_leaves

# ANCHOR: three_uses
x = torch.tensor(2.0, requires_grad=True)
out = x * x + x                     # x reaches the output three ways
by_hand = walk_backward(out)[x]

out.backward()
print("by hand:", by_hand, "  x.grad:", x.grad)

assert by_hand.item() == x.grad.item() == 2.0 + 2.0 + 1.0
assert x.grad.item() == 2 * x.item() + 1          # d/dx (x^2 + x) = 2x + 1
# ANCHOR_END: three_uses

# ANCHOR: poly
x = torch.tensor(2.0, requires_grad=True)
z = x**2 + 3 * x
by_hand = walk_backward(z)[x]

z.backward()
print("by hand:", by_hand, "  x.grad:", x.grad)

assert by_hand.item() == 7.0 and x.grad.item() == 7.0
assert x.grad.item() == 2 * x.item() + 3
# ANCHOR_END: poly
