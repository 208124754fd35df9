"""The rank-ladder widget's math (browser/src/widgets/ladder-math.js) against real torch:
element counts, element sizes and bytes per dtype, and the shape of each axis slice."""

import random

import torch

from tests.widgets_support import call_batch, call_js

DTYPES = {"float32": torch.float32, "int64": torch.int64, "float16": torch.float16, "bool": torch.bool}


def shapes():
    rng = random.Random(3)
    fixed = [[], [4], [3, 4], [2, 3, 4], [2, 3, 3, 4], [8, 3, 768], [16, 3, 32, 32], [0], [5, 0, 2],
             [1, 1, 1, 1], [4096, 4096], [64, 3, 224, 224], [100000, 100000, 10]]
    randoms = [[rng.randint(0, 50) for _ in range(rng.randint(0, 4))] for _ in range(40)]
    return fixed + randoms


def test_counts_and_bytes_match_torch():
    cases = [{"shape": shape, "dtype": name} for shape in shapes() for name in DTYPES]
    got = call_batch("countAll", cases)
    for case, mine in zip(cases, got):
        t = torch.empty(case["shape"], dtype=DTYPES[case["dtype"]], device="meta")  # no memory used
        assert int(mine["numel"]) == t.numel(), case
        assert mine["elementSize"] == t.element_size(), case
        assert int(mine["bytes"]) == t.nbytes == t.numel() * t.element_size(), case


def test_axis_slices_match_torch():
    cases = [s for s in shapes() if s and 0 not in s]
    names = {1: ["feature"], 2: ["row", "column"], 3: ["batch", "token", "feature"], 4: ["batch", "channels", "height", "width"]}
    requests = [[shape, names[len(shape)], axis] for shape in cases for axis in range(len(shape))]
    got = call_batch("axisSliceAll", requests)
    for (shape, axis_names, axis), mine in zip(requests, got):
        x = torch.empty(shape, device="meta")
        index = tuple(slice(None) if k == axis else 0 for k in range(len(shape)))
        assert mine["sliceShape"] == list(x[index].shape)
        letters = mine["expression"][2:-1].split(", ")
        assert letters[axis] == ":" and len(letters) == len(shape)
        # the other axes by their names' initials (the default names never clash)
        assert [letter for k, letter in enumerate(letters) if k != axis] == [
            name[0] for k, name in enumerate(axis_names) if k != axis
        ]


def test_the_example_in_the_brief():
    got = call_js("ladder-math", "axisSlice", [8, 3, 768], ["batch", "token", "feature"], 2)
    assert got["expression"] == "x[b, t, :]"
    assert got["sliceShape"] == [768]
    summary = call_js("ladder-math", "summary", [8, 3, 768], "float32")
    assert summary["numel"] == str(8 * 3 * 768) and summary["bytes"] == str(8 * 3 * 768 * 4)
