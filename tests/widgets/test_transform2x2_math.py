"""The transform2x2 widget's numbers (browser/src/widgets/transform2x2-math.js) against torch."""

import math

import pytest
import torch

from tests.widgets_support import call_batch


def _cases():
    """Matrices the widget can reach: random ones, typed ones up to 100, on the 0.1 drag grid,
    singular ones, the presets."""
    gen = torch.Generator().manual_seed(0)
    cases = []
    for _ in range(60):  # anywhere in [-4, 4]
        cases.append(((torch.rand(4, generator=gen, dtype=torch.float64) * 8 - 4).tolist(), 1.0))
    for _ in range(30):  # typed entries anywhere in the widget's range, [-100, 100] (issue 23)
        cases.append(((torch.randint(-1000, 1001, (4,), generator=gen).double() / 10).tolist(), 1.0))
    for _ in range(60):  # on the drag/arrow-key grid of 0.1
        cases.append(((torch.randint(-40, 41, (4,), generator=gen).double() / 10).tolist(), 1.0))
    for _ in range(40):  # rank 1: column 1 is a multiple of column 0 (or column 0 is zero)
        col = torch.randint(-20, 21, (2,), generator=gen).double() / 10
        s = torch.randint(-8, 9, (1,), generator=gen).item() / 4
        if col.abs().sum() == 0:
            col = torch.tensor([1.0, -0.5], dtype=torch.float64)
        a, c = col.tolist()
        cases.append(([a, s * a, c, s * c], 1.0))
        cases.append(([0.0, a, 0.0, c], 1.0))
    cases += [([2, 1, 1, 0.5], 1.0), ([0, 0, 0, 0], 1.0), ([0.3, 0.1, 0.6, 0.2], 1.0)]
    cases += [([0, -1, 1, 0], 1.0), ([1, 1, 0, 1], 1.0), ([2, 0, 0, 2], 1.0), ([-1, 0, 0, 1], 1.0)]
    for t in (0.0, 0.25, 0.5, 0.73, 1.0):  # the identity-to-M slider
        cases += [([-1, 0, 0, 1], t), ([0, -1, 1, 0], t), ([2.5, -1.2, 0.4, 3], t)]
    gen_v = torch.Generator().manual_seed(1)
    vs = (torch.randint(-40, 41, (len(cases), 2), generator=gen_v).double() / 10).tolist()
    return [[[float(x) for x in m], t, v] for (m, t), v in zip(cases, vs)]


CASES = _cases()


@pytest.fixture(scope="module")
def described():
    return call_batch("describeMany", CASES)


def _M(entries):
    return torch.tensor(entries, dtype=torch.float64).reshape(2, 2)


def test_interpolation_matches_torch_lerp(described):
    for (m, t, _), got in zip(CASES, described):
        shown = torch.lerp(torch.eye(2, dtype=torch.float64), _M(m), t)
        assert torch.allclose(torch.tensor(got["shown"], dtype=torch.float64), shown.flatten(), atol=1e-9), (
            m,
            t,
        )


def test_determinant_matches_torch_linalg_det(described):
    for (m, t, _), got in zip(CASES, described):
        shown = _M(got["shown"])
        expected = torch.linalg.det(shown).item()
        assert abs(got["det"] - expected) < 1e-8, (m, t, got["det"], expected)
        assert got["area"] == pytest.approx(abs(expected), abs=1e-8)
        assert got["sign"] == (0 if abs(expected) < 1e-8 else int(math.copysign(1, expected))), (m, t)


def test_determinant_is_the_signed_area_of_the_transformed_unit_square(described):
    square = torch.tensor([[0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 1.0, 1.0]], dtype=torch.float64)
    for (m, t, _), got in zip(CASES, described):
        corners = _M(got["shown"]) @ square  # the corners, as columns
        assert torch.allclose(torch.tensor(got["square"], dtype=torch.float64), corners.T, atol=1e-9)
        x, y = corners
        shoelace = 0.5 * (x * torch.roll(y, -1) - torch.roll(x, -1) * y).sum().item()
        assert abs(shoelace - torch.linalg.det(_M(got["shown"])).item()) < 1e-8, (m, t)


def test_probe_image_matches_matrix_vector_product(described):
    for (m, t, v), got in zip(CASES, described):
        expected = _M(got["shown"]) @ torch.tensor(v, dtype=torch.float64)
        assert torch.allclose(torch.tensor(got["mv"], dtype=torch.float64), expected, atol=1e-8), (m, t, v)
        assert got["v"] == v


def test_rank_and_invertibility_match_torch(described):
    for (m, t, _), got in zip(CASES, described):
        shown = _M(got["shown"])
        assert got["rank"] == torch.linalg.matrix_rank(shown).item(), (m, t)
        assert got["invertible"] == (got["rank"] == 2)
        if got["invertible"]:
            torch.linalg.inv(shown)  # does not raise
        assert got["collapse"] == {2: "plane", 1: "line", 0: "point"}[got["rank"]]
    ranks = {got["rank"] for got in described}
    assert ranks == {0, 1, 2}  # every kind was tried


def test_collapse_line_is_the_column_space(described):
    gen = torch.Generator().manual_seed(2)
    lines = 0
    for (m, _t, _), got in zip(CASES, described):
        if got["rank"] != 1:
            assert got["direction"] is None
            continue
        lines += 1
        shown = _M(got["shown"])
        direction = torch.tensor(got["direction"], dtype=torch.float64)
        assert abs(direction.norm().item() - 1) < 1e-8
        # A multiple of a nonzero column: the one the widget names, and both columns lie on the line.
        along = torch.tensor(got["along"], dtype=torch.float64)
        assert along.norm() > 0 and any(torch.equal(along, shown[:, k]) for k in range(2))
        for k in range(2):
            col = shown[:, k]
            assert abs(direction[0] * col[1] - direction[1] * col[0]) < 1e-7, (m, k)
        # The same line as torch's column space (first left singular vector), and every image lands on it.
        u = torch.linalg.svd(shown).U[:, 0]
        assert abs(abs(torch.dot(u, direction).item()) - 1) < 1e-7, (m, u, direction)
        for v in torch.randn(5, 2, generator=gen, dtype=torch.float64):
            image = shown @ v
            assert abs(direction[0] * image[1] - direction[1] * image[0]) < 1e-7
    assert lines >= 40


def test_orientation_follows_the_sign_of_the_determinant(described):
    for (m, t, _), got in zip(CASES, described):
        det = torch.linalg.det(_M(got["shown"])).item()
        expected = "none" if got["rank"] < 2 else ("counter-clockwise" if det > 0 else "clockwise")
        assert got["orientation"] == expected, (m, t, det)


def test_arc_runs_from_column_0_to_column_1(described):
    for (m, t, _), got in zip(CASES, described):
        if got["rank"] < 2:
            assert got["arc"] is None
            continue
        shown = _M(got["shown"])
        i, j = shown[:, 0], shown[:, 1]
        start = torch.atan2(i[1], i[0]).item()
        sweep = torch.atan2(i[0] * j[1] - i[1] * j[0], torch.dot(i, j)).item()  # signed angle from i to j
        assert abs(got["arc"]["start"] - start) < 1e-9, (m, t)
        assert abs(got["arc"]["sweep"] - sweep) < 1e-9, (m, t)
