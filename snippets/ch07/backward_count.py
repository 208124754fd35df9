from collections import Counter

import torch
from torch import nn

# ANCHOR: two_products
R, K, Cn = 64, 32, 16
A = torch.randn(R, K, requires_grad=True)
B = torch.randn(K, Cn, requires_grad=True)
C = A @ B
# G stands for the gradient arriving at C from the rest of a graph
G = torch.randn(R, Cn)
loss = (C * G).sum()            # its gradient with respect to C is exactly G
loss.backward()

grad_A = G @ B.T                # (R x Cn) @ (Cn x K) -> R x K, the shape of A
grad_B = A.T @ G                # (K x R) @ (R x Cn) -> K x Cn, the shape of B
print("node:", C.grad_fn.name())
print("grad of A:", tuple(grad_A.shape),
      " matches autograd:", torch.allclose(grad_A, A.grad))
print("grad of B:", tuple(grad_B.shape),
      " matches autograd:", torch.allclose(grad_B, B.grad))

forward_flops = 2 * R * K * Cn
# two products, each with R*K*Cn multiply-adds
backward_flops = 2 * R * Cn * K + 2 * K * R * Cn
print(f"forward FLOPs : {forward_flops:,}")
print(f"backward FLOPs: {backward_flops:,}  "
      f"({backward_flops // forward_flops}x forward)")

assert C.grad_fn.name() == "MmBackward0"
assert grad_A.shape == A.shape and grad_B.shape == B.shape
assert torch.allclose(grad_A, A.grad) and torch.allclose(grad_B, B.grad)
assert forward_flops == 65_536
assert backward_flops == 131_072 == 2 * forward_flops
# ANCHOR_END: two_products

# ANCHOR: visits
def mlp(width):
    """Three width x width linear layers with ReLUs between them."""
    return nn.Sequential(nn.Linear(width, width), nn.ReLU(),
                         nn.Linear(width, width), nn.ReLU(),
                         nn.Linear(width, width))


def graph_nodes(output):
    """Every node reachable from output.grad_fn, once each.

    Found by following next_functions.
    """
    seen, todo = [], [output.grad_fn]
    while todo:
        node = todo.pop()
        if node is None or node in seen:
            continue
        seen.append(node)
        todo.extend(child for child, _ in node.next_functions)
    return seen


model = mlp(16)
x = torch.randn(4, 16)              # input data: needs no gradient
loss = model(x).sum()
nodes = graph_nodes(loss)

visits = Counter()
# a pre-hook runs each time backward calls the node
for node in nodes:
    node.register_prehook(lambda grads, node=node: visits.update([node]))
loss.backward()

kinds = Counter(type(node).__name__ for node in nodes)
print("nodes in the graph:", len(nodes))
for name, count in sorted(kinds.items()):
    print(f"  {name:15} x {count}")
print("backward calls per node:", sorted({visits[node] for node in nodes}))

assert len(nodes) == 15
assert kinds == {"AccumulateGrad": 6, "AddmmBackward0": 3, "TBackward0": 3,
                 "ReluBackward0": 2, "SumBackward0": 1}
assert all(visits[node] == 1 for node in nodes) and sum(visits.values()) == 15
# ANCHOR_END: visits

# ANCHOR: mlp_flops
layers = [node for node in nodes if type(node).__name__ == "AddmmBackward0"]
# AddmmBackward0's inputs are (bias, layer input, weight). Backward runs one
# product per input that needs a gradient; an edge of None means "no gradient
# wanted here".
backward_products = sum((node.next_functions[1][0] is not None)
                        + (node.next_functions[2][0] is not None)
                        for node in layers)
print("products in the forward pass :", len(layers))
print("products in the backward pass:", backward_products,
      "(the first layer's input x needs no gradient)")

batch, width = 128, 1024
per_product = 2 * batch * width * width
print(f"batch {batch}, width {width}: "
      f"forward {len(layers) * per_product:,} FLOPs, "
      f"backward {backward_products * per_product:,} FLOPs")

assert len(layers) == 3 and backward_products == 5
assert sum(node.next_functions[1][0] is None for node in layers) == 1
assert len(layers) * per_product == 805_306_368
assert backward_products * per_product == 1_342_177_280
# ANCHOR_END: mlp_flops
