"""Property-based parity of the nn area: random softmax/log_softmax/logsumexp calls, random small
models (Linear, activations, containers) with every loss and reduction, their gradients, and a few
optimizer steps must print the same under real torch and under booktorch (or raise the same error).

Values are multiples of 1/8 in [-1, 1], so that the linear layers' products and sums are
exact in float32 whatever order a BLAS accumulates in; what is compared is torch's printed text.
"""


from hypothesis import given
from hypothesis import strategies as st

from parity import assert_same, examples

PRELUDE = """\
nn = torch.nn
F = torch.nn.functional
"""

EIGHTHS = [v / 8 for v in range(-8, 9)]


def _tensor(draw, shape, dtype="float32", grad=False, pool=EIGHTHS):
    n = 1
    for s in shape:
        n *= s
    vals = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
    src = f"torch.tensor({vals!r}, dtype=torch.{dtype}).reshape({tuple(shape)!r})"
    return src + (".requires_grad_()" if grad else "")


@examples(120)
@given(st.data())
def test_random_softmax_programs(data):
    draw = data.draw
    shape = draw(st.lists(st.integers(1, 5), min_size=1, max_size=3))
    dtype = draw(st.sampled_from(["float32", "float32", "float64", "float16", "bfloat16"]))
    lines = [f"x = {_tensor(draw, shape, dtype, grad=dtype in ('float32', 'float64'))}"]
    nd = len(shape)
    for _ in range(draw(st.integers(1, 3))):
        dim = draw(st.integers(-nd - (1 if draw(st.integers(0, 9)) == 0 else 0), nd - 1))
        op = draw(st.sampled_from(["softmax", "log_softmax", "logsumexp", "F.softmax", "F.log_softmax", "method"]))
        if op == "logsumexp":
            keep = draw(st.booleans())
            expr = f"torch.logsumexp(x, {dim}, keepdim={keep})"
        elif op == "method":
            expr = f"x.{draw(st.sampled_from(['softmax', 'log_softmax', 'logsumexp']))}({dim})"
        elif op.startswith("F."):
            expr = f"{op}(x, {dim})"
        else:
            expr = f"torch.{op}(x, {dim})"
        lines.append(f"y = {expr}")
        lines.append("print(y, y.dtype, y.shape, y.stride())")
        if dtype in ("float32", "float64"):
            lines.append(f"w = {_tensor(draw, shape, dtype)}")
            lines.append("(y * w if y.shape == w.shape else y).sum().backward()")
            lines.append("print(x.grad, y.grad_fn.name())")
            lines.append("x.grad = None")
    src = PRELUDE + "\n".join(lines) + "\n"
    assert_same(src)


_SMOOTH_LOSSES = ["cross_entropy", "cross_entropy_probs", "nll", "bce", "bce_logits"]


def _loss_lines(draw, loss, batch, n_out, reduction):
    if loss in ("mse", "l1"):
        return [f"target = {_tensor(draw, (batch, n_out))} + 1 / 1024",
                f"loss = F.{'mse_loss' if loss == 'mse' else 'l1_loss'}(out, target, reduction='{reduction}')"]
    if loss == "cross_entropy":
        classes = draw(st.lists(st.integers(0, n_out - 1), min_size=batch, max_size=batch))
        extra = draw(st.sampled_from(["", ", label_smoothing=0.25", f", ignore_index={classes[0]}",
                                      f", weight=torch.arange(1., {n_out + 1}.)"]))
        return [f"loss = nn.CrossEntropyLoss(reduction='{reduction}'{extra})(out, torch.tensor({classes}))"]
    if loss == "cross_entropy_probs":
        return [f"probs = {_tensor(draw, (batch, n_out))}.softmax(1)",
                f"loss = F.cross_entropy(out, probs, reduction='{reduction}')"]
    if loss == "nll":
        classes = draw(st.lists(st.integers(0, n_out - 1), min_size=batch, max_size=batch))
        return [f"loss = F.nll_loss(out.log_softmax(1), torch.tensor({classes}), reduction='{reduction}')"]
    if loss == "bce":
        return [f"target = {_tensor(draw, (batch, n_out))}.sigmoid()",
                f"loss = nn.BCELoss(reduction='{reduction}')(out.sigmoid(), target)"]
    pw = f", pos_weight=torch.full(({n_out},), 2.)" if draw(st.booleans()) else ""
    return [f"target = ({_tensor(draw, (batch, n_out))} > 0).float()",
            f"loss = F.binary_cross_entropy_with_logits(out, target, reduction='{reduction}'{pw})"]


@examples(120)
@given(st.data())
def test_random_models_losses_and_gradients(data):
    """Two-layer models under the mean squared or absolute error (gradients stay multiples of a power
    of two, so every matrix product is exact), and one-layer models with one example under the other
    losses (the weight gradient is then an outer product, one rounding per element): the values do not
    depend on a BLAS's order of accumulation.  Inputs are positive and targets never equal an output,
    so a zero gradient comes only from ReLU and its products are +0 whichever way a BLAS adds them."""
    draw = data.draw
    n_in = draw(st.integers(1, 4))
    reduction = draw(st.sampled_from(["mean", "sum", "none"]))
    if draw(st.booleans()):
        batch, n_out = draw(st.sampled_from([1, 2, 4])), draw(st.sampled_from([1, 2, 4]))
        hidden = draw(st.integers(1, 4))
        act = draw(st.sampled_from(["nn.ReLU()", "nn.ReLU(inplace=True)"]))
        # (bias=False goes through matmul's MmBackward0, outside this area; see test_parity_nn's programs)
        model = f"nn.Sequential(nn.Linear({n_in}, {hidden}), {act}, nn.Linear({hidden}, {n_out}))"
        loss = draw(st.sampled_from(["mse", "l1"]))
    else:
        batch, n_out = 1, draw(st.integers(1, 4))
        # (tanh, sigmoid and gelu saturate, where torch's vectorised transcendentals differ from correctly
        # rounded ones in the last bit and 1 - tanh(x)**2 shows it; they have deterministic programs)
        act = draw(st.sampled_from(["nn.ReLU()", "nn.Identity()", "nn.Softmax(1)", "nn.LogSoftmax(dim=1)",
                                    "nn.Dropout(0.)"]))
        model = f"nn.Sequential(nn.Linear({n_in}, {n_out}), {act})"
        loss = draw(st.sampled_from(_SMOOTH_LOSSES + ["mse", "l1"]))
    lines = [
        f"model = {model}",
        "with torch.no_grad():",
        "    for p in model.parameters():",
        f"        p.copy_({_tensor(draw, (64,))}[:p.numel()].reshape(p.shape))",
        f"x = {_tensor(draw, (batch, n_in), pool=[v / 8 for v in range(1, 9)])}",
        "out = model(x)",
    ]
    lines += _loss_lines(draw, loss, batch, n_out, reduction)
    lines += [
        "print(out, loss, loss.grad_fn.name())",
        "loss.sum().backward()",
        "for name, p in model.named_parameters():",
        "    print(name, p.grad)",
    ]
    optimizer = draw(st.sampled_from(["SGD(model.parameters(), lr=0.5)",
                                      "SGD(model.parameters(), lr=0.25, momentum=0.5, nesterov=True)",
                                      "Adam(model.parameters(), lr=0.01)", "AdamW(model.parameters(), lr=0.01)"]))
    lines += [
        f"opt = torch.optim.{optimizer}",
        "for _ in range(2):",
        "    opt.step()",
        "print([p.detach() for p in model.parameters()])",
    ]
    assert_same(PRELUDE + "\n".join(lines) + "\n")
