"""booktorch.rng against real torch: after the same seed, the same values bit for bit, and the generator
left in the same state (its get_state() bytes equal torch.get_rng_state(), so the next draw agrees too).
"""

import math
import struct
import warnings
from fractions import Fraction

import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from booktorch import rng

SEEDS = [0, 1, 42, 2**32 - 1, 2**32, 2**63 - 1, 2**64 - 1, 7, 123456789]
SIZES = [0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 100, 1000]
FLOATS = {
    "float32": torch.float32,
    "float64": torch.float64,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
}
INTS = {
    "int64": torch.int64,
    "int32": torch.int32,
    "int16": torch.int16,
    "int8": torch.int8,
    "uint8": torch.uint8,
}
DTYPES = {**FLOATS, **INTS, "bool": torch.bool}


def exact(values):
    """Values in a form that tells -0.0 from 0.0, nan from anything, and bool from int."""
    return [v.hex() if isinstance(v, float) else (type(v).__name__, v) for v in values]


def torch_values(t):
    if t.dtype in (torch.float16, torch.bfloat16):
        t = t.float()
    return t.flatten().tolist()


def assert_same(expected_tensor, mine, tgen=None, gen=None):
    """Same values, and the generator (default or given) in the same state as torch's."""
    assert exact(mine) == exact(torch_values(expected_tensor))
    assert_same_state(tgen, gen)


def assert_same_state(tgen=None, gen=None):
    expected = (tgen or torch.default_generator).get_state().tolist()
    assert (gen or rng.default_generator).get_state() == expected


def seed_both(seed):
    torch.manual_seed(seed)
    rng.manual_seed(seed)


def raised(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            call()
        except Exception as e:  # noqa: BLE001 - the type and message are what is compared
            return type(e).__name__, str(e)
    return None


def assert_same_error(torch_call, rng_call):
    expected = raised(torch_call)
    assert expected is not None
    assert raised(rng_call) == expected


G = rng.default_generator


# ------------------------------------------------------------------ seeds and state
@pytest.mark.parametrize("seed", SEEDS + [-1, -(2**63), True, 3.9, "17"])
def test_manual_seed_and_initial_seed(seed):
    assert torch.manual_seed(seed).initial_seed() == rng.manual_seed(seed).initial_seed()
    assert torch.initial_seed() == rng.initial_seed()
    assert rng.manual_seed(seed) is rng.default_generator
    assert_same_state()


@pytest.mark.parametrize("seed", [2**64, -(2**63) - 1, 2**70, None, [1]])
def test_manual_seed_errors(seed):
    assert_same_error(lambda: torch.manual_seed(seed), lambda: rng.manual_seed(seed))


@pytest.mark.parametrize("seed", [2**64, -(2**63) - 1, True, 1.5, "3", None])
def test_generator_manual_seed_errors(seed):
    assert_same_error(lambda: torch.Generator().manual_seed(seed), lambda: rng.Generator().manual_seed(seed))


@pytest.mark.parametrize("seed", [0, -5, 2**64 - 1])
def test_generator_manual_seed_returns_itself(seed):
    gen = rng.Generator()
    assert gen.manual_seed(seed) is gen
    assert gen.initial_seed() == torch.Generator().manual_seed(seed).initial_seed()


def test_new_generator_matches_torch():
    assert rng.Generator().initial_seed() == torch.Generator().initial_seed() == rng.DEFAULT_SEED
    assert rng.Generator().get_state() == torch.Generator().get_state().tolist()


def test_seed_is_fresh_and_installed():
    first = rng.seed()
    assert 0 <= first < 2**64 and rng.initial_seed() == first
    assert rng.Generator().seed() != first
    torch.manual_seed(first)
    assert_same_state()
    assert exact(rng.uniform(G, 5)) == exact(torch.rand(5).tolist())


def test_manual_seed_resets_the_cached_normal():
    seed_both(3)
    assert_same(torch.randn(1, dtype=torch.float64), rng.normal(G, 1, dtype="float64"))
    seed_both(3)
    assert_same(torch.randn(1, dtype=torch.float64), rng.normal(G, 1, dtype="float64"))


def test_state_round_trips_both_ways():
    seed_both(11)
    torch.randn(3)  # leaves a cached normal sample in torch's state
    torch.rand(700)
    rng.set_rng_state(torch.get_rng_state().tolist())
    assert_same_state()
    assert_same(torch.randn(5), rng.normal(G, 5))
    rng.uniform(G, 50)
    rng.normal(G, 1)
    torch.set_rng_state(torch.tensor(rng.get_rng_state(), dtype=torch.uint8))
    assert_same(torch.randn(21), rng.normal(G, 21))
    assert_same(torch.randn(1), rng.normal(G, 1))


def test_state_of_a_fresh_seed_and_after_a_full_twist():
    seed_both(5)
    assert_same_state()
    assert_same(torch.rand(624), rng.uniform(G, 624))  # exactly one regenerated block used up


def test_set_state_from_bytes_and_errors():
    gen = rng.Generator()
    gen.set_state(bytes(torch.Generator().manual_seed(9).get_state().tolist()))
    assert gen.initial_seed() == 9
    for bad in (torch.zeros(10, dtype=torch.uint8), torch.zeros(rng.STATE_SIZE, dtype=torch.uint8)):
        assert_same_error(
            lambda bad=bad: torch.set_rng_state(bad), lambda bad=bad: rng.set_rng_state(bad.tolist())
        )


# ------------------------------------------------------------------ uniform
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("seed", SEEDS)
def test_rand(seed, dtype):
    for n in SIZES:
        seed_both(seed)
        assert_same(torch.rand(n, dtype=FLOATS[dtype]), rng.uniform(G, n, 0.0, 1.0, dtype))
        assert_same(torch.rand(3), rng.uniform(G, 3))


RANGES = [
    (-0.37, 2.1),
    (-1 / 3, 1 / 3),
    (2.5, 7.1),
    (-1e-3, 1e-3),
    (-100.0, 100.0),
    (5.0, 5.0),
    (0.0, 3e-30),
    (-2.0, -1.0),
    (1e4, 6e4),
]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("low, high", RANGES)
def test_uniform_ranges(low, high, dtype):
    for seed in SEEDS[:5]:
        for n in (1, 17, 1000):
            seed_both(seed)
            assert_same(
                torch.empty(n, dtype=FLOATS[dtype]).uniform_(low, high), rng.uniform(G, n, low, high, dtype)
            )


@pytest.mark.parametrize(
    "dtype, low, high",
    [
        ("float32", 1, 0),
        ("float32", -3e38, 3e38),
        ("float32", -1e39, 0),
        ("float32", 0, math.inf),
        ("float32", math.nan, 1),
        ("float16", 0, 70000),
        ("float16", -60000, 60000),
        ("bfloat16", 0, 1e39),
        ("float64", -math.inf, 0),
        ("int64", 0, 1),
        ("int8", 0, 1),
        ("bool", 0, 1),
        ("uint8", 0, 1),
    ],
)
def test_uniform_errors(dtype, low, high):
    for n in (0, 3):
        assert_same_error(
            lambda n=n: torch.empty(n, dtype=DTYPES[dtype]).uniform_(low, high),
            lambda n=n: rng.uniform(G, n, low, high, dtype),
        )


# ------------------------------------------------------------------ normal
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("seed", SEEDS)
def test_randn(seed, dtype):
    for n in SIZES:
        seed_both(seed)
        assert_same(torch.randn(n, dtype=FLOATS[dtype]), rng.normal(G, n, 0.0, 1.0, dtype))
        assert_same(torch.randn(3), rng.normal(G, 3))


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize(
    "mean, std", [(0.3, 1.7), (-1.1, 0.123), (5.0, 0.0), (0.0, 1e-3), (-2.0, 40.0), (1e-3, 3.0)]
)
def test_normal_mean_std(mean, std, dtype):
    for seed in SEEDS[:4]:
        for n in (1, 5, 16, 33, 1000):
            seed_both(seed)
            assert_same(
                torch.empty(n, dtype=FLOATS[dtype]).normal_(mean, std), rng.normal(G, n, mean, std, dtype)
            )
            seed_both(seed)
            assert_same(
                torch.normal(mean, std, (n,), dtype=FLOATS[dtype]), rng.normal(G, n, mean, std, dtype)
            )


@pytest.mark.parametrize("dtype", FLOATS)
def test_normal_non_contiguous_takes_the_element_path(dtype):
    for seed in SEEDS[:4]:
        for rows in (2, 8, 9, 40):
            seed_both(seed)
            t = torch.empty(rows, 3, dtype=FLOATS[dtype]).t().normal_(0.5, 2.0)  # filled in memory order
            assert_same(t.t(), rng.normal(G, 3 * rows, 0.5, 2.0, dtype, contiguous=False))


def test_randn_of_the_book_example():
    seed_both(0)  # the book's torch.manual_seed(0); torch.randn(3)
    assert_same(torch.randn(3), rng.normal(G, 3))


def test_cached_normal_survives_the_vector_path():
    seed_both(21)
    for n, dtype in [
        (3, "float32"),
        (20, "float32"),
        (1, "float64"),
        (16, "float16"),
        (5, "bfloat16"),
        (2, "float32"),
        (1, "float32"),
        (40, "float64"),
        (1, "float32"),
    ]:
        assert_same(torch.randn(n, dtype=FLOATS[dtype]), rng.normal(G, n, dtype=dtype))


@pytest.mark.parametrize(
    "dtype, std", [("float32", -1.5), ("float32", math.nan), ("int64", 1.0), ("bool", 1.0)]
)
def test_normal_errors(dtype, std):
    assert_same_error(
        lambda: torch.empty(3, dtype=DTYPES[dtype]).normal_(0.0, std),
        lambda: rng.normal(G, 3, 0.0, std, dtype),
    )
    # torch checks std first, then returns early for an empty tensor, before it dispatches on the dtype
    assert raised(lambda: rng.normal(G, 0, 0.0, std, dtype)) == raised(
        lambda: torch.empty(0, dtype=DTYPES[dtype]).normal_(0.0, std)
    )


# ------------------------------------------------------------------ integers
INT_RANGES = [
    (0, 10),
    (-5, 5),
    (0, 2),
    (0, 2**28 - 1),
    (0, 2**28),
    (-(2**27), 2**27),
    (0, 2**40),
    (-(2**62), 2**62),
    (3, None),
    (0, None),
    (-100, None),
    (-(2**63), None),
]


def torch_random_(t, low, high, generator=None):
    return t.random_(low, high, generator=generator)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("low, high", INT_RANGES)
def test_randint(low, high, dtype):
    for seed in SEEDS[:5]:
        for n in (0, 1, 3, 100):
            seed_both(seed)
            expected = raised(lambda n=n: torch_random_(torch.empty(n, dtype=DTYPES[dtype]), low, high))
            assert raised(lambda n=n: rng.randint(G, n, low, high, dtype)) == expected
            if expected is None:
                seed_both(seed)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    t = torch_random_(torch.empty(n, dtype=DTYPES[dtype]), low, high)
                    mine = rng.randint(G, n, low, high, dtype)
                assert_same(t, mine)
                assert_same(torch.rand(2), rng.uniform(G, 2))


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_torch_randint_factory(seed):
    for low, high in [(0, 10), (-3, 3), (0, 2**30), (0, 2**33)]:
        for n in (1, 50):
            seed_both(seed)
            assert_same(torch.randint(low, high, (n,)), rng.randint(G, n, low, high, "int64"))
            with warnings.catch_warnings():
                # 2**33 is past float32's exact integers: torch warns, so does rng
                warnings.simplefilter("ignore")
                t = torch.randint(low, high, (n,), dtype=torch.float32)
                assert_same(t, rng.randint(G, n, low, high, "float32"))


@pytest.mark.parametrize(
    "dtype, low, high",
    [
        ("float16", 2047, 2049),
        ("float16", 2049, 2050),
        ("float16", 60000, 65504),
        ("bfloat16", -1000, 1000),
        ("float32", 2**24 - 3, 2**24 + 9),
        ("float32", 2**30, 2**30 + 1000),
        ("float64", -(2**60), 2**60),
        ("bfloat16", 250, None),
        ("float16", 2040, None),
    ],
)
def test_randint_float_bounds_move_as_torch_moves_them(dtype, low, high):
    for seed in SEEDS[:3]:
        seed_both(seed)
        with warnings.catch_warnings(record=True) as torch_warnings:
            warnings.simplefilter("always")
            t = torch_random_(torch.empty(40, dtype=DTYPES[dtype]), low, high)
        with warnings.catch_warnings(record=True) as my_warnings:
            warnings.simplefilter("always")
            mine = rng.randint(G, 40, low, high, dtype)
        assert_same(t, mine)
        assert [str(w.message) for w in my_warnings] == [str(w.message) for w in torch_warnings]


@pytest.mark.parametrize(
    "dtype, low, high",
    [
        ("int64", 5, 5),
        ("int64", 7, 2),
        ("float16", 0, 70000),
        ("float16", 60000, None),
        ("uint8", -1, 5),
        ("int8", 0, 200),
        ("int32", 0, 2**40),
        ("bool", 0, 3),
        ("float16", -(2**63), None),
        ("bool", -(2**63), None),
        ("int32", -(2**63), None),
        ("float16", 2049, 2049),
    ],
)
def test_randint_errors(dtype, low, high):
    assert_same_error(
        lambda: torch_random_(torch.empty(3, dtype=DTYPES[dtype]), low, high),
        lambda: rng.randint(G, 3, low, high, dtype),
    )


@pytest.mark.parametrize("dtype", DTYPES)
def test_random_without_bounds(dtype):
    for seed in SEEDS:
        for n in (0, 1, 7, 300):
            seed_both(seed)
            assert_same(torch.empty(n, dtype=DTYPES[dtype]).random_(), rng.random_default(G, n, dtype))
            assert_same(torch.rand(1), rng.uniform(G, 1))


@pytest.mark.parametrize("seed", SEEDS)
def test_randperm(seed):
    for n in (0, 1, 2, 3, 10, 17, 100, 5000):
        seed_both(seed)
        assert_same(torch.randperm(n), rng.randperm(G, n))
        assert_same(torch.randn(2), rng.normal(G, 2))


def test_randperm_negative():
    assert_same_error(lambda: torch.randperm(-1), lambda: rng.randperm(G, -1))


# ------------------------------------------------------------------ bernoulli, dropout, nn.init
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("p", [0.0, 0.3, 0.5, 0.99, 1.0])
def test_bernoulli_scalar(p, dtype):
    for seed in SEEDS[:4]:
        for n in (0, 1, 40):
            seed_both(seed)
            assert_same(
                torch.empty(n, dtype=DTYPES[dtype]).bernoulli_(p), rng.bernoulli_scalar(G, n, p, dtype)
            )
            seed_both(seed)
            assert_same(
                torch.bernoulli(torch.empty(n, dtype=DTYPES[dtype]), p), rng.bernoulli_scalar(G, n, p, dtype)
            )


@pytest.mark.parametrize("p", [-0.1, 1.5, math.nan])
def test_bernoulli_scalar_errors(p):
    assert_same_error(lambda: torch.empty(3).bernoulli_(p), lambda: rng.bernoulli_scalar(G, 3, p))


@pytest.mark.parametrize("p_dtype", FLOATS)
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "bool", "float16"])
def test_bernoulli_tensor(p_dtype, dtype):
    for seed in SEEDS[:4]:
        probs = torch.linspace(0, 1, 61, dtype=FLOATS[p_dtype])
        seed_both(seed)
        out = torch.empty(61, dtype=DTYPES[dtype]).bernoulli_(probs)
        assert_same(out, rng.bernoulli_tensor(G, probs.tolist(), p_dtype, dtype))
        seed_both(seed)
        assert_same(torch.bernoulli(probs), rng.bernoulli_tensor(G, probs.tolist(), p_dtype, p_dtype))


def test_bernoulli_tensor_errors_after_the_draws_before_the_bad_p():
    for probs in ([0.5, 0.2, 1.5, 0.1], [math.nan], [0.1] * 20 + [-1.0]):
        seed_both(4)
        assert_same_error(
            lambda probs=probs: torch.bernoulli(torch.tensor(probs)),
            lambda probs=probs: rng.bernoulli_tensor(G, probs, "float32", "float32"),
        )
        assert_same_state()
    assert_same_error(
        lambda: torch.bernoulli(torch.tensor([1, 0])),
        lambda: rng.bernoulli_tensor(G, [1, 0], "int64", "int64"),
    )


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("p", [0.0, 0.1, 0.3, 0.5, 0.77, 1.0])
def test_dropout(p, dtype):
    x = torch.randn(300, dtype=torch.float64).mul(3).to(FLOATS[dtype])
    x[0] = -1.5
    values = torch_values(x)
    for seed in SEEDS[:3]:
        seed_both(seed)
        assert_same(torch.nn.functional.dropout(x, p, training=True), rng.dropout(G, values, p, dtype))
        seed_both(seed)
        assert_same(torch.nn.Dropout(p)(x), rng.dropout(G, values, p, dtype))


def _kaiming_bound(fan, a):
    gain = math.sqrt(2.0 / (1 + a**2))  # calculate_gain("leaky_relu", a)
    return math.sqrt(3.0) * (gain / math.sqrt(fan))


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_nn_init_draws_through_uniform_and_normal(seed):
    w = torch.empty(7, 5)
    seed_both(seed)
    assert_same(torch.nn.init.uniform_(w, -0.4, 0.9), rng.uniform(G, 35, -0.4, 0.9))
    assert_same(torch.nn.init.normal_(w, 0.2, 0.05), rng.normal(G, 35, 0.2, 0.05))
    bound = _kaiming_bound(5, math.sqrt(5))
    assert_same(torch.nn.init.kaiming_uniform_(w, a=math.sqrt(5)), rng.uniform(G, 35, -bound, bound))
    bound = 1.0 * math.sqrt(3.0) * math.sqrt(2.0 / float(5 + 7))
    assert_same(torch.nn.init.xavier_uniform_(w), rng.uniform(G, 35, -bound, bound))
    w = torch.empty(3, 4)  # 12 elements: normal_ takes the element path
    assert_same(torch.nn.init.normal_(w), rng.normal(G, 12))


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_linear_default_initialisation(seed):
    for fan_in, fan_out in [(2, 16), (16, 1), (784, 64), (3, 4)]:
        seed_both(seed)
        layer = torch.nn.Linear(fan_in, fan_out)
        bound = _kaiming_bound(fan_in, math.sqrt(5))
        assert exact(rng.uniform(G, fan_in * fan_out, -bound, bound)) == exact(
            torch_values(layer.weight.detach())
        )
        bias_bound = 1 / math.sqrt(fan_in)
        assert exact(rng.uniform(G, fan_out, -bias_bound, bias_bound)) == exact(
            torch_values(layer.bias.detach())
        )
        assert_same_state()


# ------------------------------------------------------------------ generators and sequences
def run_op(op, n, dtype, tgen=None, gen=None):
    """One drawing call under torch and under rng: (torch's tensor, rng's values)."""
    gen = gen or G
    t = FLOATS.get(dtype, torch.float32)
    if op == "rand":
        return torch.rand(n, dtype=t, generator=tgen), rng.uniform(gen, n, 0.0, 1.0, dtype)
    if op == "uniform":
        return torch.empty(n, dtype=t).uniform_(-0.5, 3.0, generator=tgen), rng.uniform(
            gen, n, -0.5, 3.0, dtype
        )
    if op == "randn":
        return torch.randn(n, dtype=t, generator=tgen), rng.normal(gen, n, 0.0, 1.0, dtype)
    if op == "normal":
        return torch.normal(1.5, 0.25, (n,), dtype=t, generator=tgen), rng.normal(gen, n, 1.5, 0.25, dtype)
    if op == "normal_nc":
        out = torch.empty(n, 2, dtype=t).t().normal_(generator=tgen).t()
        return out, rng.normal(gen, 2 * n, 0.0, 1.0, dtype, contiguous=False)
    if op == "randint":
        return torch.randint(-3, 40, (n,), generator=tgen), rng.randint(gen, n, -3, 40, "int64")
    if op == "randint_big":
        return torch.randint(0, 2**35, (n,), generator=tgen), rng.randint(gen, n, 0, 2**35, "int64")
    if op == "random_":
        return torch.empty(n, dtype=torch.int32).random_(generator=tgen), rng.random_default(gen, n, "int32")
    if op == "randperm":
        return torch.randperm(n, generator=tgen), rng.randperm(gen, n)
    if op == "bernoulli":
        return torch.empty(n).bernoulli_(0.4, generator=tgen), rng.bernoulli_scalar(gen, n, 0.4, "float32")
    raise AssertionError(op)


OPS = [
    "rand",
    "uniform",
    "randn",
    "normal",
    "normal_nc",
    "randint",
    "randint_big",
    "random_",
    "randperm",
    "bernoulli",
]


def test_interleaved_calls():
    seed_both(2024)
    for op, n, dtype in [
        ("randn", 3, "float32"),
        ("rand", 5, "float32"),
        ("randn", 20, "float32"),
        ("randint", 7, ""),
        ("randn", 1, "float64"),
        ("randperm", 9, ""),
        ("normal", 16, "float16"),
        ("bernoulli", 11, ""),
        ("randn", 2, "bfloat16"),
        ("uniform", 33, "float64"),
        ("normal_nc", 10, "float32"),
        ("random_", 4, ""),
        ("randn", 1, "float32"),
    ]:
        expected, mine = run_op(op, n, dtype or "float32")
        assert_same(expected, mine)


def test_generator_objects_are_separate_from_the_default():
    seed_both(99)
    tgen, gen = torch.Generator().manual_seed(5), rng.Generator().manual_seed(5)
    for op in OPS:
        for n in (3, 17):
            expected, mine = run_op(op, n, "float32", tgen, gen)
            assert_same(expected, mine, tgen, gen)
    assert_same_state()  # the default generators were not touched
    assert_same(torch.rand(4), rng.uniform(G, 4))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(-(2**63), 2**64 - 1),
    calls=st.lists(
        st.tuples(st.sampled_from(OPS), st.integers(0, 70), st.sampled_from(list(FLOATS))),
        min_size=1,
        max_size=8,
    ),
)
def test_random_call_sequences(seed, calls):
    seed_both(seed)
    for op, n, dtype in calls:
        expected, mine = run_op(op, n, dtype)
        assert_same(expected, mine)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    n=st.integers(16, 300),
    mean=st.floats(-1e3, 1e3),
    std=st.floats(0, 1e3),
    dtype=st.sampled_from(list(FLOATS)),
)
def test_random_normal_parameters(seed, n, mean, std, dtype):
    seed_both(seed)
    assert_same(torch.empty(n, dtype=FLOATS[dtype]).normal_(mean, std), rng.normal(G, n, mean, std, dtype))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    n=st.integers(1, 200),
    low=st.floats(-1e4, 1e4),
    width=st.floats(0, 1e4),
    dtype=st.sampled_from(list(FLOATS)),
)
def test_random_uniform_parameters(seed, n, low, width, dtype):
    seed_both(seed)
    high = low + width
    assert_same(torch.empty(n, dtype=FLOATS[dtype]).uniform_(low, high), rng.uniform(G, n, low, high, dtype))


# ------------------------------------------------------------------ rounding helpers
@settings(max_examples=300, deadline=None)
@given(
    x=st.floats(allow_nan=False, width=64)
    | st.sampled_from([65519.99, 65520.0, -65520.0, 3.4e38, 1e-45, 6e-8])
)
def test_rounding_helpers_match_torch_casts(x):
    t = torch.tensor([x], dtype=torch.float64)
    assert rng.round_float32(x).hex() == t.float().item().hex()
    assert rng.round_float16(x).hex() == t.half().float().item().hex()
    assert rng.round_bfloat16(x).hex() == t.bfloat16().float().item().hex()
    assert exact(rng.round_float16_list([x, 1.0])) == exact(t.half().float().tolist() + [1.0])
    assert exact(rng.round_bfloat16_list([x])) == exact(t.bfloat16().float().tolist())


def exact_fma32_reference(a, b, c):
    """a*b + c in exact arithmetic, rounded to the nearest float32 (ties to the even one), chosen among
    torch's float32 neighbours of its own float64 -> float32 cast. Exact zeros keep IEEE's sign."""
    value = Fraction(a) * Fraction(b) + Fraction(c)
    if value == 0:
        return a * b + c if a * b == 0 and c == 0 else 0.0
    guess = torch.tensor([float(value)], dtype=torch.float64).float()
    inf = torch.tensor([math.inf])
    candidates = torch.cat([torch.nextafter(guess, -inf), guess, torch.nextafter(guess, inf)]).tolist()

    def distance_then_odd(v):
        return abs(Fraction(v) - value), torch.tensor([v]).view(torch.int32).item() % 2

    return min(candidates, key=distance_then_odd)


FLOAT32S = st.floats(width=32, min_value=-(2.0**60), max_value=2.0**60) | st.floats(
    width=32, min_value=-(2.0**-66), max_value=2.0**-66
)


@settings(max_examples=300, deadline=None)
@given(a=FLOAT32S, b=FLOAT32S, c=FLOAT32S)
def test_fused_multiply_add_rounds_once(a, b, c):
    expected = exact_fma32_reference(a, b, c)
    got = rng._fma32_round([a * b + c], lambda i: (a, b, c), tiny=True)[0]
    assert got.hex() == expected.hex()


def test_fused_multiply_add_at_a_float32_midpoint():
    # a*b + c = (1 + 2**-23) + 2**-24 - 2**-70: the double sum lands on the float32 midpoint
    # 1 + 2**-23 + 2**-24 and would round up to even; the fused result is 1 + 2**-23
    a, b, c = 1 + 2**-23, 2**-24 - 2**-47, 1 + 2**-23
    assert rng.round_float32(a * b + c) == 1 + 2**-22
    assert (
        rng._fma32_round([a * b + c], lambda i: (a, b, c))[0] == exact_fma32_reference(a, b, c) == 1 + 2**-23
    )


# ------------------------------------------------------------------ edge draws from a crafted state
def untemper(y):
    """The mt19937 state word whose tempered output is y."""
    y ^= y >> 18
    y ^= (y << 15) & 0xEFC60000
    t = y
    for _ in range(4):
        t = y ^ ((t << 7) & 0x9D2C5680)
    y = t & 0xFFFFFFFF
    t = y
    for _ in range(2):
        t = y ^ (t >> 11)
    return t & 0xFFFFFFFF


def install_next_draws(outputs):
    """Make the next 32-bit draws of torch's default generator (and then rng's) be `outputs`."""
    state = bytearray(torch.manual_seed(1).get_state().tolist())
    words = struct.unpack_from("<624Q", state, 24)
    words = (words[0],) + tuple(untemper(y) for y in outputs) + words[1 + len(outputs) :]
    struct.pack_into("<iiQ624Q", state, 8, 624, 1, 1, *words)  # left=624, next=1: draws start at word 1
    torch.set_rng_state(torch.tensor(list(state), dtype=torch.uint8))
    rng.set_rng_state(list(state))


# uniforms k / 2**24 at the ends of the range and where the angle reaches a multiple of pi/4
EDGE_UNIFORMS = [
    0,
    1,
    2**24 - 1,
    2**23,
    2**22,
    3 * 2**21,
    2**21,
    5 * 2**21,
    0,
    2**24 - 1,
    1,
    2**23,
    2**22,
    3 * 2**21,
    7 * 2**21,
    2**24 - 2,
]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mean, std", [(0.0, 1.0), (0.5, 2.0), (0.0, 0.0), (-0.0, 1.0)])
def test_normal_at_the_edges_of_its_uniforms(dtype, mean, std):
    outputs = [k | 0xAB000000 for k in EDGE_UNIFORMS] * 3  # high bits are masked away
    for n in (5, 16, 17, 32):
        install_next_draws(outputs)
        assert_same(
            torch.empty(n, dtype=FLOATS[dtype]).normal_(mean, std), rng.normal(G, n, mean, std, dtype)
        )


@pytest.mark.parametrize("dtype", FLOATS)
def test_uniform_at_the_edges(dtype):
    outputs = [k | 0x5A000000 for k in EDGE_UNIFORMS]
    for low, high in [(0.0, 1.0), (-0.0, 1.0), (-1.0, 1.0), (-3.0, -1.0), (0.0, 1e-3)]:
        install_next_draws(outputs)
        assert_same(
            torch.empty(16, dtype=FLOATS[dtype]).uniform_(low, high), rng.uniform(G, 16, low, high, dtype)
        )
