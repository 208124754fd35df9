"""The broadcasting widget's math (browser/src/widgets/broadcast-math.js) against real
torch: the result shape of `a + b`, torch's exact error message (with the dimension
index torch reports), the strides each operand is read with, and the per-axis verdicts."""

import itertools
import random

import torch

from tests.widgets_support import call_batch


def torch_outcome(a, b):
    try:
        result = list((torch.zeros(a) + torch.zeros(b)).shape)
    except RuntimeError as exc:
        return {"ok": False, "result": None, "error": str(exc), "strideA": None, "strideB": None}
    return {
        "ok": True,
        "result": result,
        "error": None,
        "strideA": list(torch.zeros(a).expand(result).stride()),
        "strideB": list(torch.zeros(b).expand(result).stride()),
    }


def verdicts(a, b):
    rank = max(len(a), len(b))
    pa = [1] * (rank - len(a)) + list(a)
    pb = [1] * (rank - len(b)) + list(b)
    out = []
    for m, n in zip(pa, pb):
        out.append("equal" if m == n else "stretch-a" if m == 1 else "stretch-b" if n == 1 else "error")
    return out


def check(pairs):
    got = call_batch("broadcastAll", pairs)
    assert len(got) == len(pairs)
    for (a, b), mine in zip(pairs, got):
        real = torch_outcome(a, b)
        assert {k: mine[k] for k in real} == real, (a, b)
        assert mine["verdicts"] == verdicts(a, b), (a, b)
    return got


def test_the_presets_and_the_pages_examples():
    got = check([[[3, 1], [1, 4]], [[8, 1, 5], [4, 1]], [[2, 3], [3]], [[4, 3], [4]]])
    assert [g["result"] for g in got[:3]] == [[3, 4], [8, 4, 5], [2, 3]]
    assert got[3]["error"] == "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1"


def test_every_pair_of_small_shapes():
    small = [[]] + [list(s) for r in (1, 2) for s in itertools.product([0, 1, 2, 3], repeat=r)]
    check([[a, b] for a in small for b in small])


def test_random_pairs_up_to_rank_five():
    rng = random.Random(11)
    pairs = []
    for _ in range(600):
        a = [rng.choice([1, 1, 2, 3, 4, 5, 0]) for _ in range(rng.randint(0, 5))]
        b = [rng.choice([1, 1, 2, 3, 4, 5, 0]) for _ in range(rng.randint(0, 5))]
        if rng.random() < 0.5:  # often make them compatible, to test results as well as errors
            b = [n if rng.random() < 0.5 else 1 for n in a[len(a) - len(b):]] if len(b) <= len(a) else b
        pairs.append([a, b])
    got = check(pairs)
    assert sum(g["ok"] for g in got) > 150 and sum(not g["ok"] for g in got) > 100
    # many failures with more than one bad axis: torch names the rightmost
    assert any(v.count("error") > 1 for v in (verdicts(a, b) for a, b in pairs))


def test_picture_values_are_real_sums():
    """The drawn cells (last two axes, capped) hold what torch computes for a + b."""
    pairs = [[[3, 1], [1, 4]], [[2, 3], [3]], [[8, 1, 5], [4, 1]], [[4], [4, 1]], [[1], [1]], [[5, 1], [7]],
             [[2, 9], [1, 9]], [[6, 2], [6, 1]]]
    got = call_batch("pictureValuesAll", pairs)

    def operand(shape, extra):
        rows, cols = ([1] + list(shape))[-2:] if len(shape) < 2 else shape[-2:]
        i = torch.arange(rows).view(rows, 1)
        j = torch.arange(cols).view(1, cols)
        return (10 * i + j + extra).expand(*shape[:-2], rows, cols).reshape(shape) if shape else torch.tensor(extra)

    for (a, b), mine in zip(pairs, got):
        total = operand(a, 0) + operand(b, 1)
        last_two = total.reshape(-1, *total.shape[-2:])[0] if total.dim() >= 2 else total.view(1, -1)
        rows, cols = len(mine["result"]), len(mine["result"][0])
        assert mine["result"] == last_two[:rows, :cols].tolist(), (a, b)
