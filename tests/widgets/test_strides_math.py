"""The strides widget's math (browser/src/widgets/strides-math.js) against real torch:
shape, stride, storage offset, is_contiguous, the values read through storage and the
exact error messages, after each step of many sequences of view / permute /
transpose / slicing / expand / contiguous / writes."""

import random

import pytest
import torch

from tests.widgets_support import call_batch

BASES = [(6, (2, 3)), (12, (3, 4)), (24, (2, 3, 4))]  # strides-math.js BASES
MAX_CELLS = 144


def torch_step(x, y, op):
    """Apply op to y as the widget's Python would; return the new y (raises like torch)."""
    kind = op["op"]
    if kind == "view":
        return y.view(op["sizes"])
    if kind == "permute":
        return y.permute(op["dims"])
    if kind == "transpose":
        return y.transpose(0, 1)
    if kind == "index":
        return eval("y" + op["text"], {"y": y})  # the widget's text is Python's index syntax
    if kind == "expand":
        return y.expand(op["sizes"])
    if kind == "contiguous":
        return y.contiguous()
    if kind == "write":
        y[tuple(op["index"])] = op["value"]
        return y
    raise ValueError(kind)


def report(x, y, error):
    return {
        "ok": error is None,
        "error": error,
        "shape": list(y.shape),
        "stride": list(y.stride()),
        "offset": y.storage_offset(),
        "contiguous": y.is_contiguous(),
        "numel": y.numel(),
        "values": y.reshape(-1).tolist(),
        "xValues": x.reshape(-1).tolist(),
        "sharesX": y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr(),
    }


def run_torch(base, ops):
    n, shape = BASES[base]
    x = torch.arange(n).view(shape)
    y = x
    out = []
    for op in ops:
        error = None
        try:
            y = torch_step(x, y, op)
        except (RuntimeError, IndexError, ValueError) as exc:
            error = f"{type(exc).__name__}: {exc}"
        out.append(report(x, y, error))
    return out


# ----- random sequences, generated against torch so the widget's cell cap is respected -----

def random_sizes_for(rng, numel):
    """A shape with this many elements (or, sometimes, a wrong one / with a -1)."""
    roll = rng.random()
    if roll < 0.15:
        return [rng.randint(1, 5) for _ in range(rng.randint(1, 3))]  # usually the wrong count
    factors, rest = [], numel
    for _ in range(rng.randint(0, 3)):
        divisors = [d for d in range(1, rest + 1) if rest % d == 0] or [1]
        d = rng.choice(divisors)
        factors.append(d)
        rest //= max(d, 1)
    factors.append(rest)
    if rng.random() < 0.2:
        factors.insert(rng.randrange(len(factors) + 1), 1)
    rng.shuffle(factors)
    if rng.random() < 0.3:
        factors[rng.randrange(len(factors))] = -1
    if rng.random() < 0.04:
        factors = factors + [-1, -1]
    return factors


def random_slice(rng):
    def bound():
        return "" if rng.random() < 0.4 else str(rng.randint(-4, 5))

    text = f"{bound()}:{bound()}"
    if rng.random() < 0.6:
        step = rng.choice(["", "1", "2", "2", "3", "0", "-1"])
        text += f":{step}"
    return text


def random_index(rng, ndim):
    count = rng.randint(1, max(ndim, 1) + (1 if rng.random() < 0.1 else 0))
    parts = []
    for _ in range(count):
        if rng.random() < 0.3:
            parts.append(str(rng.randint(-3, 3)))
        else:
            parts.append(random_slice(rng))
    trailing = "," if count == 1 and rng.random() < 0.1 else ""
    return "[" + ", ".join(parts) + trailing + "]"


def random_expand(rng, shape):
    sizes = []
    for n in shape:
        if n == 1:
            sizes.append(rng.choice([1, 2, 3, 4, -1]))
        else:
            sizes.append(rng.choice([n, n, -1, n + 1]) if rng.random() < 0.9 else 1)
    if rng.random() < 0.3:
        sizes.insert(0, rng.choice([1, 2, -1]))
    if shape and rng.random() < 0.05:
        sizes = sizes[1:]
    return sizes


def random_op(rng, y):
    ndim = y.dim()
    kind = rng.choices(
        ["view", "permute", "transpose", "index", "expand", "contiguous", "write"],
        weights=[5, 3, 3, 3, 3, 2, 2],
    )[0]
    if kind == "view":
        return {"op": "view", "sizes": random_sizes_for(rng, y.numel())}
    if kind == "permute":
        dims = list(range(ndim))
        rng.shuffle(dims)
        roll = rng.random()
        if roll < 0.1 and dims:
            dims[0] = dims[-1]  # a duplicate (or the same when rank 1)
        elif roll < 0.2:
            dims.append(ndim)  # too many / out of range
        elif roll < 0.35 and dims:
            dims = [d - ndim for d in dims]  # negative dims wrap
        return {"op": "permute", "dims": dims}
    if kind == "index":
        return {"op": "index", "text": random_index(rng, ndim)}
    if kind == "expand":
        return {"op": "expand", "sizes": random_expand(rng, list(y.shape))}
    if kind == "write" and y.numel() > 0:
        return {"op": "write", "index": [rng.randrange(n) for n in y.shape], "value": rng.randint(-99, 99)}
    return {"op": "transpose"} if kind == "transpose" else {"op": "contiguous"}


def random_sequences(seed, count, length):
    rng = random.Random(seed)
    sequences = []
    for _ in range(count):
        base = rng.randrange(len(BASES))
        n, shape = BASES[base]
        x = torch.arange(n).view(shape)
        y = x
        ops = []
        while len(ops) < length:
            op = random_op(rng, y)
            try:
                new = torch_step(x, y, op)
            except (RuntimeError, IndexError, ValueError):
                ops.append(op)  # errors are part of the test
                continue
            if new.numel() > MAX_CELLS:
                continue  # the widget refuses to draw this many cells (its own message)
            y = new
            ops.append(op)
        sequences.append({"base": base, "ops": ops})
    return sequences


def compare(sequences):
    widget = call_batch("runMany", sequences)
    assert len(widget) == len(sequences)
    for sequence, got in zip(sequences, widget):
        want = run_torch(sequence["base"], sequence["ops"])
        for step, (op, mine, real) in enumerate(zip(sequence["ops"], got, want)):
            assert mine == real, f"base {sequence['base']}, step {step} {op} of {sequence['ops']}"


def test_the_book_examples_match_torch():
    sequences = [
        {"base": 0, "ops": [{"op": "transpose"}, {"op": "view", "sizes": [6]}]},  # spans two subspaces
        {"base": 0, "ops": [{"op": "view", "sizes": [3, 3]}]},  # shape '[3, 3]' is invalid for input of size 6
        {"base": 0, "ops": [{"op": "view", "sizes": [6, 1]}, {"op": "expand", "sizes": [6, 4]}, {"op": "write", "index": [2, 3], "value": 50}]},
        {"base": 0, "ops": [{"op": "index", "text": "[:, ::2]"}, {"op": "view", "sizes": [4]}, {"op": "contiguous"}, {"op": "view", "sizes": [4]}]},
        {"base": 0, "ops": [{"op": "transpose"}, {"op": "contiguous"}, {"op": "write", "index": [0, 0], "value": 7}]},
        {"base": 2, "ops": [{"op": "permute", "dims": [2, 0, 1]}, {"op": "view", "sizes": [4, 6]}, {"op": "view", "sizes": [2, 2, 6]}]},
        {"base": 1, "ops": [{"op": "index", "text": "[1:, 1:3]"}, {"op": "view", "sizes": [4]}, {"op": "view", "sizes": [2, 1, 2]}]},
        {"base": 0, "ops": [{"op": "index", "text": "[1]"}, {"op": "index", "text": "[2]"}, {"op": "transpose"}, {"op": "index", "text": "[0]"}, {"op": "index", "text": "[:]"}, {"op": "view", "sizes": [1, 1]}, {"op": "expand", "sizes": [2, 1, 3]}]},
        {"base": 0, "ops": [{"op": "index", "text": "[0, 5]"}, {"op": "index", "text": "[7, ::0]"}, {"op": "index", "text": "[0, ::0]"}, {"op": "index", "text": "[:, ::-1]"}, {"op": "index", "text": "[0, 0, 0]"}]},
        {"base": 0, "ops": [{"op": "view", "sizes": [-1, -1]}, {"op": "view", "sizes": [-2, 3]}, {"op": "expand", "sizes": [4]}, {"op": "expand", "sizes": [2, 4]}, {"op": "expand", "sizes": [-1, 2, 3]}]},
        {"base": 0, "ops": [{"op": "index", "text": "[1:1]"}, {"op": "view", "sizes": [3, 0]}, {"op": "view", "sizes": [0, -1]}, {"op": "contiguous"}]},
        {"base": 0, "ops": [{"op": "permute", "dims": [0]}, {"op": "permute", "dims": [0, 0]}, {"op": "permute", "dims": [0, 2]}, {"op": "permute", "dims": [-1, 0]}]},
    ]
    compare(sequences)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_sequences_match_torch(seed):
    compare(random_sequences(seed, count=150, length=8))


def test_view_errors_are_torchs_exact_messages():
    got = call_batch("runMany", [
        {"base": 0, "ops": [{"op": "transpose"}, {"op": "view", "sizes": [6]}, {"op": "view", "sizes": [3, 3]}]},
    ])[0]
    assert got[1]["error"] == (
        "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension "
        "spans across two contiguous subspaces). Use .reshape(...) instead."
    )
    assert got[2]["error"] == "RuntimeError: shape '[3, 3]' is invalid for input of size 6"


def test_compute_stride_matches_torch_on_many_layouts():
    """computeStride alone, on layouts reached by permutes, slices and expands."""
    rng = random.Random(7)
    cases, wanted = [], []
    x = torch.arange(24)
    layouts = [x.view(2, 3, 4), x.view(2, 3, 4).permute(1, 0, 2), x.view(2, 3, 4)[:, 1:, ::2],
               x.view(4, 6).T, x.view(2, 1, 12)[:, :, :6].expand(2, 3, 6), x.view(6, 4)[::2],
               x.view(2, 3, 4).transpose(0, 2), x[:1].view(1, 1).expand(3, 4)]
    for t in layouts:
        for _ in range(25):
            sizes = random_sizes_for(rng, t.numel())
            sizes = [rng.choice([1, 2]) if s == -1 else s for s in sizes]
            if rng.random() < 0.5 and t.numel() in (12, 24, 36):
                sizes = rng.choice([[t.numel()], [2, t.numel() // 2], [t.numel() // 2, 2], [1, t.numel(), 1]])
            if torch.Size(sizes).numel() != t.numel():
                continue
            try:
                wanted.append(list(t.view(sizes).stride()))
            except RuntimeError:
                wanted.append(None)
            cases.append([list(t.shape), list(t.stride()), sizes])
    got = [call for call in call_batch("computeStrideAll", cases)]
    assert got == wanted
    assert wanted.count(None) > 10 and len(wanted) - wanted.count(None) > 10
