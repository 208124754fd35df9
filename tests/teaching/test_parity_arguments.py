"""Parity of argument parsing: what torch's own parser (python_arg_parser.cpp, fed with the signatures of
booktorch/torch_signatures.py) accepts, converts and refuses, with its messages, for the calls a reader
gets wrong (a float size, numpy's ``axis=``/``keepdims=``, a missing argument, a typo'd keyword), and a
random property test over every name the table binds, drawing arguments of every kind."""

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import booktorch
from booktorch import registry
from booktorch import torch_signatures as table
from parity import assert_same, both, examples, prelude

PRELUDE = prelude("attempt_repr")

CELLS = {
    # what readers type wrong, and what torch tells them
    "reader_mistakes": """
x = torch.arange(6.).reshape(2, 3)
for src in ["x.view(2, 3.0)", "x.reshape((2, 3.0))", "x.reshape(-1, 2.5)", "x.softmax()", "x.softmax(dim=1.0)",
            "torch.softmax(x)", "x.transpose(0)", "x.permute(1)", "x.unsqueeze()", "x.squeeze(0, 1)", "x.std(ddof=1)",
            "torch.zeros(2, 3.0)", "torch.zeros((2, 3), dtype='float32')", "torch.ones([2, 3], torch.float32)",
            "torch.randn(2, 3, seed=1)", "torch.rand(2.5)", "torch.randint(0, 10)", "torch.randint(0, 10, 3)",
            "torch.linspace(0, 1)", "torch.cat(x, x)", "torch.stack(x, x)", "x.clamp()", "x.expand(4)", "x.repeat(2.0)",
            "x.chunk(0)", "x.index_select(0, [0, 1])", "x.gather(1, [[0]])", "x.masked_fill(x > 2)", "x.matmul()",
            "x.mm(3)", "x.t(0)", "torch.matmul(x)", "torch.where(x > 2, x)", "x.cumsum()", "x.sort(axis=0)",
            "x.argsort(dim=1, reverse=True)", "x.tolist(1)", "x.size(5)", "x.new_zeros(2, 3.0)", "x.add(x, alpha='a')",
            "x.pow()", "x.exp(1)", "x.exp(base=2)", "x.round(decimals=1.5)", "x.narrow(0, 0)", "x.any(0, 1)",
            "x.requires_grad_(1)", "x.detach(1)", "torch.full((2,), 'a')", "torch.full(2, 1.0)", "torch.empty(-1)",
            "x.flatten(1.0)", "x.sum(dim='x')", "x.sum(dim=None, keepdim=True)", "x.sum(0, dtype=3)", "x.mean(axis='a')",
            "x.max(axis=1.5)", "torch.max(x, 'a')", "x.split(2, axis=1)", "x.norm(dim=1, keepdims=True)",
            "x.unflatten(1)", "torch.nonzero(x, True)", "torch.numel(x, 1)", "torch.is_grad_enabled(1)",
            "torch.get_default_dtype(x=1)"]:
    print(src, attempt(lambda: eval(src)))
""",
    # numpy's names for torch's arguments, and the other spellings torch's parser takes
    "numpy_names_and_spellings": """
x = torch.arange(6.).reshape(2, 3)
for src in ["x.sum(axis=1)", "x.sum(1, keepdims=True)", "x.mean(axis=0, keepdims=True)", "torch.sum(x, axis=(0, 1))",
            "torch.sum(a=x, axis=0)", "torch.sum(x1=x)", "torch.max(x, axis=1)", "x.topk(2, axis=1)",
            "x.sort(axis=0, descending=True)", "x.cumsum(axis=1)", "x.softmax(axis=0)", "torch.add(x, x2=x)",
            "torch.where(condition=x > 2, input=x, other=-x)", "x.squeeze(0, 1)", "x.view(torch.Size([3, 2]))",
            "x.view([3, torch.tensor(2)])", "x.sum(torch.tensor(1))", "x.flatten(torch.tensor(0))", "x.chunk(torch.tensor(2))",
            "x.tril(torch.tensor(1))", "x.transpose(torch.tensor(0), 1)", "x.to(dtype=float)", "x.new_ones(2, dtype=int)",
            "x.nan_to_num(posinf=torch.tensor(1.))", "x.logsumexp(torch.tensor(1))", "x.clamp(torch.tensor(1.))",
            "x.flip(0, True)", "x.permute(True, 0)", "x.copy_(-1)", "x.copy_(2.5)", "torch.subtract(x, 2, 3)",
            "x.subtract(2, 3)", "x.to(True)", "x.to(False, True)", "x.to(1.5)", "x.to(3)", "torch.tensor(torch.int64)"]:
    print(src, attempt(lambda: eval(src)))
""",
    # torch's deprecated overloads still run (with a warning, once a process)
    "deprecated_overloads": """
x = torch.tensor([1., 2.])
print(x.add(2, x), x.sub(3, x), torch.add(x, 2, x), torch.sub(x, 2, x), x.addcmul(2, x, x), x.addcdiv(2, x, x))
y = x.clone()
print(y.add_(3, x), y.sub_(1, x), y.addcmul_(0.5, x, x), y)
""",
    # converting an int tuple happens once a signature fits: keyword errors come first
    "conversions_after_matching": """
x = torch.ones(2, 3)
for src in ["x.reshape(-1, [1], k=x)", "x.flip(1, True, x)", "x.flip(0, 'a')", "x.flip(0, torch.tensor(True))",
            "x.flip(0, torch.tensor([1, 0]))", "x.reshape(2, torch.tensor(True))", "x.reshape(2, torch.tensor(3.))",
            "x.reshape(2, None)", "x.sum((0, 1.5))", "x.sum(dim=(0, 'a'))", "x.permute('x')",
            "x.permute(True, [1])", "x.reshape(torch.tensor(1.))", "torch.zeros(-1, torch.tensor(1.), out=(0, 1))",
            "x.expand(1, torch.tensor(1.))", "x.sum(0, keepdim=True, out=None)", "x.view([1], keepdim=[1])"]:
    print(src, attempt(lambda: eval(src)))
""",
    # the "invalid combination" message: types by name, a torch.Size, !marks!, and keywords in the order of
    # the C++ unordered_map torch copies them into
    "invalid_combination_messages": """
x = torch.ones(2, 3)
for src in ["x.max(a=1, b=2, c=3)", "x.max(value=1, axis=2, a=3)", "x.max(dim=1, keepdim=2, out=3, foo=4)",
            "x.max(q=1, zz=2, alpha=3, input=4, other=5, foo=6, out=7, keepdim=8, dim=9, c=10, b=11, a=12)",
            "x.max(q=1, zz=2, alpha=3, input=4, other=5, foo=6, out=7, keepdim=8, dim=9, c=10, b=11, a=12, e=13, f=14)",
            "x.le(torch.Size([2, 3]))", "torch.le(x, torch.Size([2, 3]), (0,), torch.ones(3))", "x.add()",
            "x.sub(torch.float64, -1, dim=torch.int64)", "x.type(torch.float64, 'x', out=1, dtype=[1])",
            "x.count_nonzero(-1, 'x', p=-1)", "x.min([1])", "x.min(out=torch.float64)", "x.argsort(torch.Size([2, 3]), 'cpu')",
            "torch.where(x.long(), torch.Size([2, 3]), [1])", "x.bernoulli(x > 2, 'cpu', torch.Size([2, 3]))"]:
    print(src, attempt(lambda: eval(src)))
""",
    # methods that take nothing, and methods torch writes in Python (Python names those Tensor.<name>)
    "no_arguments_and_python_methods": """
x = torch.ones(2, 3)
for src in ["x.exp(1)", "x.exp(a=1)", "x.exp(1, a=2)", "x.t(1, 2)", "x.abs(x)", "x.relu(inplace=True)", "x.sigmoid(1)",
            "x.unflatten()", "x.unflatten(1, (3,), k=1)", "x.split(1, k=2)", "x.norm(k=1)", "x.unique(k=1)",
            "torch.split(x, 1, k=2)", "torch.norm(x, k=1)", "torch.is_inference_mode_enabled(1)",
            "torch.get_default_dtype(1, 2)", "torch.split(torch.int64, [0, 1])", "torch.split('x', -1)",
            "torch.split('a b', ' ', 1)",
            "torch.arange(0, 10, 0.5, dtype=torch.int64)", "torch.arange(0, 1, 1e-30, dtype=torch.int64)",
            "torch.nn.Linear(2.0, 3)", "torch.nn.Linear(2, 3, device='cuda')",
            "torch.nn.functional.cross_entropy(x, [0, 1])", "torch.nn.functional.nll_loss(x, [0, 1])",
            "torch.nn.functional.mse_loss(x, [0, 1])", "torch.nn.functional.l1_loss(x, 1.0)",
            "torch.nn.functional.binary_cross_entropy(x, [0, 1])", "torch.nn.MSELoss()(x, [1])",
            "torch.nn.CrossEntropyLoss()([1.], x)", "torch.nn.functional.binary_cross_entropy_with_logits(x, [0, 1])"]:
    print(src, attempt(lambda: eval(src)))
""",
    # a call whose argument types the parser passed once is not parsed again (booktorch/binding.py): the
    # same types with other values still get the verdict torch's parser gives them
    "repeated_calls": """
x = torch.arange(6.).reshape(2, 3)
for src in ["x.max(x)", "x.max(torch.tensor(1))", "x.max(1)", "x.max(5)", "x.view(3, 2)", "x.view(2, 1.5)",
            "x.view(3, 2)", "x.size(0)", "x.size(7)", "x.add(x)", "x.add(2)", "x.add(x.long())", "x.sum(1)",
            "x.sum(3)", "torch.add(x, x)", "torch.add(x, torch.tensor(2))", "x.narrow(0, 0, 1)",
            "x.narrow(0, torch.tensor(1), 1)", "x.narrow(0, torch.tensor([1]), 1)", "x.flip(0)", "x.flip(0, 0)",
            "x.subtract(2, 3)", "x.subtract(2, 3)", "torch.subtract(x, 2, 3)", "torch.subtract(x, 2, 3)",
            "x.add(2, x)", "x.add(2, x)"]:
    print(src, attempt(lambda: eval(src)))
""",
    # the operators are not behind torch's parser: a value they cannot take is Python's own error
    "operators_refuse_with_pythons_error": """
x = torch.ones(2); i = torch.ones(2, dtype=torch.long)
for src in ["x ** 'a'", "'a' ** x", "x + 'a'", "'a' - x", "x * None", "x / [1]", "x // 'a'", "x % 'a'", "i & 'a'", "i | 1.5",
            "i << 'a'", "x < 'a'", "x == 'a'", "x != None", "x @ 'a'", "'a' @ x", "x.__ipow__('a')", "x.__iadd__('a')"]:
    print(src, attempt(lambda: eval(src)))
for src in ["x **= 'a'", "x += 'a'", "x -= None", "x *= [1]", "x /= 'a'", "i &= 'a'", "i |= 1.5", "i <<= 'a'", "x @= x"]:
    y, j = x.clone(), i.clone()
    try:
        exec(src.replace("x", "y").replace("i ", "j "))
        print(src, y, j)
    except Exception as e:
        print(src, type(e).__name__, e)
""",
    # implementations that take what torch's parser read by name (binding.parsed): each overload reaches its
    # own path (factories, random numbers, sort's stable overload, tensor_split's three, matrix_rank's tolerances)
    "overloads_read_by_name": """
torch.manual_seed(0)
x = torch.arange(6.).reshape(2, 3)
for src in ["torch.eye(2, 3)", "torch.eye(n=2, m=1, dtype=torch.int64)", "torch.arange(1, 4, 2)", "torch.arange(end=3.)",
            "torch.linspace(torch.tensor(0.), 1, 3)", "torch.logspace(0, 2, 3, 2)", "torch.full((2,), True)",
            "torch.empty_strided((2, 2), (1, 2)).stride()", "x.new_full([2], 7)", "x.new_empty_strided((2,), (2,)).shape",
            "torch.scalar_tensor(3, dtype=torch.int8)", "torch.full_like(x, 2, dtype=torch.int64)",
            "torch.randint(3, (2,), generator=torch.Generator().manual_seed(1))", "torch.randint(low=2, high=5, size=(3,))",
            "torch.randint_like(x, 4)", "torch.randint_like(x, 1, 3)", "torch.randint_like(x, torch.tensor(5))",
            "torch.normal(2., 3., (2,))", "torch.normal(x, 1.)", "torch.normal(1., x + 1)", "torch.normal(x, x + 1)",
            "x.clone().random_()", "x.clone().random_(5)", "x.clone().random_(2, 4)", "x.clone().bernoulli_(0.3)",
            "x.clone().bernoulli_(torch.full((2, 3), 0.5))", "x.bernoulli(p=0.5)", "torch.bernoulli(x / 5)",
            "x.sort(stable=True, dim=0)", "x.sort(0, True)", "x.argsort(stable=True, descending=True)",
            "torch.sort(x, stable=None)", "x.tensor_split(2, dim=1)", "x.tensor_split([1], 1)",
            "x.tensor_split(torch.tensor([1, 2]), 1)", "x.tensor_split(torch.tensor(3), 1)", "x.hsplit(3)", "x.hsplit([1])",
            "x.vsplit([1])", "torch.vsplit(x, 2)", "x.movedim(0, 1)", "x.movedim((0, 1), (1, 0))", "x.moveaxis([0], [1])",
            "x.roll(1)", "x.roll((1, 1), (0, 1))", "x.roll(1, dims=None)", "x.flip(dims=(0,))", "x.tile(2)",
            "x.expand(2, 2, 3, implicit=True)", "x.index_fill(1, torch.tensor([0]), -1.)",
            "x.index_fill(1, torch.tensor([0]), torch.tensor(-2.))", "x.take_along_dim(torch.tensor([[0], [1]]), 1)",
            "torch.take_along_dim(x, torch.tensor([0, 5]))", "x.cumsum_(dim=0)", "torch.cumprod(x + 1, 1, dtype=torch.int64)",
            "torch.linalg.matrix_rank(x, atol=torch.tensor(0.5))", "torch.linalg.matrix_rank(x, torch.tensor(10.))",
            "torch.linalg.matrix_rank(x, rtol=0.9)", "torch.linalg.solve(torch.eye(2), x, out=None)",
            "torch.linalg.vector_norm(x, out=None)", "x.var(False)", "torch.std(x, True)", "x.std(unbiased=False)",
            "x.var(1, False, True)", "x.var(dim=1, correction=0)", "torch.var_mean(x, 1)", "torch.std_mean(x, correction=2)",
            "x.var(ddof=1)", "x.std(0, correction=1)", "torch.unbind(torch.tensor(1.), -1)", "torch.unbind(torch.tensor(1.), 3)",
            "x.index_put([torch.tensor([1]), torch.tensor([2])], torch.tensor(9.), True)", "x.index_put((), torch.tensor(1.))",
            "x.index_put(torch.tensor([0]), torch.tensor(1.))", "torch.index_put(x, [0], torch.tensor(1.))",
            "x.index_put((torch.tensor([0]),), torch.tensor(1.), accumulate=1)",
            "x.index_put((None, torch.tensor([0])), torch.tensor(1.))",
            "torch.index_put_(x.clone(), (torch.tensor([0]),), torch.tensor(1.), False, 3)"]:
    print(src, attempt(lambda: eval(src)))
""",
    # torch.unique is Python: a dispatch on return_inverse (then return_counts) picks one of four functions,
    # which hand their arguments to _unique2's parser (unique_dim's, given a dim)
    "unique_dispatch": """
x = torch.tensor([[2., 1.], [2., 3.]])
for src in ["torch.unique(x)", "torch.unique(x, True, True)", "torch.unique(x, return_counts=True)",
            "torch.unique(x, True, True, True, 1)", "x.unique(dim=0, return_inverse=True)", "torch.unique(x, False, x > 2)",
            "torch.unique(x, True, torch.tensor(True))", "torch.unique(x, True, 0, 1)", "torch.unique(x, return_counts=[1])",
            "torch.unique(x, foo=1)", "torch.unique(x, return_inverse=True, foo=1)", "torch.unique()", "torch.unique('a')",
            "torch.unique(x, dim=1.5)", "x.unique(1, 2, 3, 4, 5)", "torch.unique(input=x)", "x.unique(dim=torch.tensor(1))"]:
    print(src, attempt(lambda: eval(src)))
""",
    # torch's C types have a C name, which Python's own errors print, beside a short __name__
    "c_type_names": """
x = torch.arange(6.).reshape(2, 3)
for src in ["iter(torch.float32)", "x.shape(0)", "iter(torch.device('cpu'))", "torch.strided + 1", "torch.contiguous_format()",
            "torch.Generator()()", "torch.finfo()()", "torch.iinfo(torch.int8)()", "x.max(0)()", "len(torch.float32)",
            "torch.float32[0]", "x.type(torch.Size)", "x.type(int)", "torch.ones(2, dtype=torch.Size)", "type(torch.Size)",
            "torch.return_types.max([1])", "(type(x.shape).__name__, type(torch.float32).__name__, torch.Generator.__name__)",
            "(torch.finfo.__qualname__, type(x.max(0)).__name__, torch.Size.__module__, torch.Generator.__module__)",
            "(repr(torch.dtype), repr(type(x.shape)), repr(type(x.max(0))), repr(torch.layout))"]:
    print(src, attempt(lambda: eval(src)))
""",
    # copy_ is a TensorIterator: torch's broadcast error, and a destination that may not grow
    "copy_shapes_and_device_indices": """
x = torch.zeros(2, 3)
for shape in [(2,), (3,), (1, 1, 3), (2, 2, 3), (2, 1), (4,), ()]:
    print(shape, attempt(lambda: x.clone().copy_(torch.ones(shape))))
print(attempt(lambda: torch.zeros(3).copy_(torch.ones(2, 3))), attempt(lambda: torch.zeros(()).copy_(torch.ones(1))))
for src in ["x.to(-1)", "x.to(0)", "torch.ones(2, device=-1)", "torch.ones(2, device=1)", "torch.device(-1)"]:
    print(src, attempt(lambda: eval(src)))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")


# ---------------------------------------------------------------- random calls over the whole bound surface
POOL = ["0", "1", "-1", "2", "1.5", "True", "False", "None", "'x'", "'sum'", "(0,)", "(0, 1)", "()", "[1]", "[0, 1]",
        "torch.float64", "torch.int64", "torch.bool", "float", "int", "x", "torch.tensor(1)", "torch.tensor(1.)",
        "torch.tensor([1, 0])", "x > 2", "torch.Size([2, 3])", "'cpu'", "x.long()", "torch.ones(3)"]
KEYWORDS = ["dim", "keepdim", "dtype", "other", "out", "p", "k", "correction", "descending", "size", "alpha", "axis",
            "keepdims", "input", "x", "value", "index", "min", "max", "mask", "diagonal", "decimals", "unbiased",
            "sorted", "stable", "end", "start", "step", "requires_grad", "exponent", "dims", "shape", "src", "chunks"]
# values that are not the same twice (uninitialized memory, the OS's entropy: a resize_ that grows x shows
# whatever its new storage held), and calls that change the session
_NOT_COMPARED = {"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "resize_", "resize_as_",
                 "seed", "data_ptr", "untyped_storage", "numpy"}


def _names():
    methods = [n for n in list(table.METHODS) + sorted(table.NO_ARGUMENTS) + sorted(table.PYTHON_METHODS)
               if n in registry.tensor_methods() and n not in _NOT_COMPARED and n not in ("backward", "register_hook")]
    functions = [n for n in list(table.FUNCTIONS) + sorted(table.MANUAL) + sorted(table.NO_ARGUMENT_FUNCTIONS)
                 if hasattr(booktorch, n) and n not in _NOT_COMPARED and not n.startswith("set_")]
    return ([f"x.{n}" for n in methods] + [f"torch.{n}" for n in functions]
            + [f"torch.linalg.{n}" for n in table.LINALG] + [f"torch.nn.functional.{n}" for n in table.NN_FUNCTIONAL])


NAMES = _names()
FIRST_ARGUMENTS = ["x", "x", "x > 2", "torch.ones(3)", "x.long()"]


@st.composite
def calls(draw):
    name = draw(st.sampled_from(NAMES))
    args = draw(st.lists(st.sampled_from(POOL), max_size=3))
    if not name.startswith("x.") and draw(st.integers(0, 9)) < 7:
        args = [draw(st.sampled_from(FIRST_ARGUMENTS))] + args
    keys = draw(st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True))
    words = [f"{k}={draw(st.sampled_from(POOL))}" for k in keys]
    return f"{name}({', '.join(args + words)})"


# CPython names a method that takes no arguments TensorBase.abs() when the call goes through its
# descriptor, and Tensor.abs() when it makes a bound method first; which one a torch call takes varies
# within a process (a re-run of the same program can differ), so the two count as one here.
_BOUND_METHOD = re.compile(r"\bTensor\.(\w+\(\) takes no)")


@given(st.lists(calls(), min_size=1, max_size=8))
@examples(150)
def test_random_calls_parse_as_torch_parses_them(sources):
    # a fresh x and the same seed for every call; a result is shown with its dtype and strides
    program = PRELUDE + "".join(
        f"x = torch.arange(6.).reshape(2, 3); torch.manual_seed(0); print(attempt(lambda: {src}), end='\\0')\n"
        for src in sources)
    (out_t, err_t), (out_b, err_b) = both(program)
    assert err_t == err_b, program
    for src, got_t, got_b in zip(sources, out_t.split("\0"), out_b.split("\0")):
        got_t = _BOUND_METHOD.sub(r"TensorBase.\1", got_t)
        # what booktorch lacks stops with its own error, once torch's parser has accepted the call
        lacking = got_b.startswith("NotInBrowserError") and not got_t.startswith("TypeError")
        assert got_t == got_b or lacking, f"{src}\n--- torch ---\n{got_t}\n--- booktorch ---\n{got_b}"


def test_the_pool_reaches_every_kind_of_outcome():
    """The random calls are not all refused: a sample of them runs, and a sample fails each way."""
    rng = random.Random(0)
    outcomes = set()
    for _ in range(300):
        name = rng.choice(NAMES)
        args = [rng.choice(POOL) for _ in range(rng.randint(0, 2))]
        if not name.startswith("x."):
            args = ["x"] + args
        source = f"x = torch.arange(6.).reshape(2, 3)\nr = {name}({', '.join(args)})"
        try:
            exec(source, {"torch": booktorch})
            outcomes.add("ran")
        except TypeError as e:
            outcomes.add("invalid combination" if "invalid combination" in str(e) else "TypeError")
        except Exception:  # noqa: BLE001 - any other refusal counts as one
            outcomes.add("other")
    assert outcomes == {"ran", "invalid combination", "TypeError", "other"}
