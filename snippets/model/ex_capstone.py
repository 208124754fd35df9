#| hint: scores(x) is x @ W1 + b1, then torch.relu, then @ W2 + b2: shape [N, 2]. Each step: the log-probabilities torch.log_softmax(scores(x_train), dim=1), the loss as minus the mean of each row's entry for its own label (rows = torch.arange(len(x_train)), picked with [rows, y_train]), loss.backward(), then under torch.no_grad() move every tensor in params by -lr * its grad and zero that grad.
# ANCHOR: task
import torch

torch.manual_seed(0)

def make_data(n):
    x = torch.rand(n, 2) * 4 - 2              # points in the square [-2, 2]
    y = (x.pow(2).sum(1) < 2.0).long()        # 1 inside a circle, 0 outside
    return x, y

x_train, y_train = make_data(200)

# The parameters: plain tensors, no nn.Module, no optimizer.
W1 = (torch.randn(2, 12) * 0.5).requires_grad_(True)
b1 = torch.zeros(12, requires_grad=True)
W2 = (torch.randn(12, 2) * 0.5).requires_grad_(True)
b2 = torch.zeros(2, requires_grad=True)
params = [W1, b1, W2, b2]

def scores(x):
    # replace None: 12 hidden ReLU units, then 2 scores per point, [N, 2]
    return None

lr = 1.0
for step in range(100):
    pass   # replace: cross-entropy on x_train, backward, update, zero grads
# ANCHOR_END: task
# ANCHOR: solution
import torch

torch.manual_seed(0)

def make_data(n):
    x = torch.rand(n, 2) * 4 - 2
    y = (x.pow(2).sum(1) < 2.0).long()
    return x, y

x_train, y_train = make_data(200)

W1 = (torch.randn(2, 12) * 0.5).requires_grad_(True)
b1 = torch.zeros(12, requires_grad=True)
W2 = (torch.randn(12, 2) * 0.5).requires_grad_(True)
b2 = torch.zeros(2, requires_grad=True)
params = [W1, b1, W2, b2]

def scores(x):
    return torch.relu(x @ W1 + b1) @ W2 + b2

lr = 1.0
rows = torch.arange(len(x_train))
for step in range(100):
    log_p = torch.log_softmax(scores(x_train), dim=1)
    loss = -log_p[rows, y_train].mean()       # cross-entropy, by hand
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad.zero_()
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

torch.manual_seed(0)

def make_data(n):
    x = torch.rand(n, 2) * 4 - 2
    y = (x.pow(2).sum(1) < 2.0).long()
    return x, y

x_train, y_train = make_data(200)

W1 = (torch.randn(2, 12) * 0.5).requires_grad_(True)
b1 = torch.zeros(12, requires_grad=True)
W2 = (torch.randn(12, 2) * 0.5).requires_grad_(True)
b2 = torch.zeros(2, requires_grad=True)
params = [W1, b1, W2, b2]

def scores(x):
    return (x @ W1 + b1) @ W2 + b2            # no ReLU between the layers

lr = 1.0
rows = torch.arange(len(x_train))
for step in range(100):
    log_p = torch.log_softmax(scores(x_train), dim=1)
    loss = -log_p[rows, y_train].mean()
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad.zero_()
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_shape, expect_true

torch.manual_seed(7)                          # fresh points, never trained on
x_test = torch.rand(300, 2) * 4 - 2
y_test = (x_test.pow(2).sum(1) < 2.0).long()

for name, p in zip(["W1", "b1", "W2", "b2"], params):
    expect_true(type(p) is torch.Tensor and p.is_leaf and p.requires_grad,
                f"{name} should stay a plain tensor that requires a "
                "gradient: update it in place under torch.no_grad() "
                "(p -= lr * p.grad), not with p = p - ..., which makes "
                "a new tensor that is no longer the parameter.")
with torch.no_grad():
    out = scores(x_test)
    expect_true(out is not None, "scores(x) returns None: replace it.")
    expect_shape("scores(x_test)", out, (300, 2))
    a, b = x_test[:5], x_test[5:10]
    zero = torch.zeros(5, 2)
    linear = torch.allclose(scores(a + b) - scores(zero),
                            (scores(a) - scores(zero))
                            + (scores(b) - scores(zero)), atol=1e-4)
    expect_true(not linear,
                "scores is a linear function of x: two linear layers in a "
                "row are one linear layer, which can only cut the plane "
                "with a straight line, and no straight line separates a "
                "circle from its outside. Put torch.relu between them.")
    torch.manual_seed(0)
    torch.rand(200, 2)                        # the task's training points
    start = torch.randn(2, 12) * 0.5          # W1 as it was created
    expect_true(not torch.equal(W1, start),
                "W1 still holds its starting values: the loop never "
                "updated the parameters. Each step needs the loss, "
                "loss.backward(), and p -= lr * p.grad for every p.")
    acc = (out.argmax(1) == y_test).float().mean().item()
inside = y_test.float().mean().item()
expect_true(acc >= 0.9,
            f"test accuracy {acc:.2f}; it should reach 0.90. (Always "
            f"answering 'outside' would score {1 - inside:.2f}.) Check "
            "that each step clears the gradients after the update, and "
            "that the loss picks each point's own label.")
print(f"test accuracy on 300 new points: {acc:.3f}")
# ANCHOR_END: check
