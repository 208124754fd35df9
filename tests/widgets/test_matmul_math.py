"""The matmul widget's numbers (browser/src/widgets/matmul-math.js) against torch."""

import itertools

import torch

from tests.widgets_support import call_batch


def _random_pairs(count=120, seed=0):
    gen = torch.Generator().manual_seed(seed)
    pairs = []
    for _ in range(count):
        R, K, Cn = torch.randint(1, 6, (3,), generator=gen).tolist()
        A = torch.randint(-9, 10, (R, K), generator=gen)
        B = torch.randint(-9, 10, (K, Cn), generator=gen)
        pairs.append((A, B))
    return pairs


def test_cells_and_every_partial_sum_match_torch():
    pairs = _random_pairs()
    results = call_batch("runAll", [[A.tolist(), B.tolist()] for A, B in pairs])
    checked = 0
    for (A, B), got in zip(pairs, results):
        assert "error" not in got
        C = A @ B
        assert got["C"] == C.tolist()
        R, K = A.shape
        Cn = B.shape[1]
        steps = got["steps"]
        assert len(steps) == R * Cn * K
        # The order: row by row, cell by cell, along k inside a cell.
        order = [(s["r"], s["c"], s["k"]) for s in steps]
        assert order == list(itertools.product(range(R), range(Cn), range(K)))
        for s in steps:
            r, c, k = s["r"], s["c"], s["k"]
            products = A[r, :] * B[:, c]
            partial = torch.cumsum(products, 0)
            assert (s["a"], s["b"]) == (A[r, k].item(), B[k, c].item())
            assert s["product"] == products[k].item()
            assert s["sum"] == partial[k].item()
            assert s["last"] == (k == K - 1)
            if s["last"]:
                assert s["sum"] == C[r, c].item()
            checked += 1
    assert checked > 1000


def test_the_widgets_own_operands_match_torch_for_every_shape():
    shapes = [[R, K, K, Cn] for R, K, Cn in itertools.product(range(1, 5), repeat=3)]
    for (R, K, _, Cn), got in zip(shapes, call_batch("runShapes", shapes)):
        A, B = torch.tensor(got["A"]), torch.tensor(got["B"])
        assert A.shape == (R, K) and B.shape == (K, Cn)
        assert got["C"] == (A @ B).tolist()
        sums = [s["sum"] for s in got["steps"]]
        expected = (A.unsqueeze(1) * B.T.unsqueeze(0)).cumsum(-1)  # [R, Cn, K]: partial sums per cell
        assert sums == expected.flatten().tolist()
    # The default is the book's worked example.
    default = call_batch("runShapes", [[2, 3, 3, 2]])[0]
    A, B = torch.tensor(default["A"]), torch.tensor(default["B"])
    assert A.tolist() == [[1, 2, 3], [4, 5, 6]] and B.tolist() == [[7, 8], [9, 10], [11, 12]]
    assert default["C"] == (A @ B).tolist() == [[58, 64], [139, 154]]
    assert [s["sum"] for s in default["steps"][:3]] == torch.cumsum(A[0] * B[:, 0], 0).tolist() == [7, 25, 58]


def test_mismatch_message_is_torchs_exception_text():
    cases = [(R, Ka, Kb, Cn) for R, Ka, Kb, Cn in itertools.product(range(1, 5), repeat=4) if Ka != Kb]
    pairs = []
    for R, Ka, Kb, Cn in cases:
        pairs.append([[[1] * Ka for _ in range(R)], [[1] * Cn for _ in range(Kb)]])
    results = call_batch("runAll", pairs)
    assert len(results) == len(cases) == 4 * 4 * 4 * 3
    for (R, Ka, Kb, Cn), got in zip(cases, results):
        for dtype in (torch.int64, torch.float32):
            try:
                torch.ones(R, Ka, dtype=dtype) @ torch.ones(Kb, Cn, dtype=dtype)
            except RuntimeError as error:
                expected = (type(error).__name__, str(error))
            else:
                raise AssertionError(f"torch multiplied {(R, Ka)} by {(Kb, Cn)}")
            assert (got["error"]["type"], got["error"]["message"]) == expected
    assert results[cases.index((2, 3, 4, 2))]["error"]["message"] == (
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x2)"
    )
