"""booktorch/torch_signatures.py is what tools/torch_signatures.py makes from the pinned torch, and every
signature in it reads as a parser: a stale or broken table would refuse calls torch accepts."""

import subprocess
import sys
from pathlib import Path

import pytest

import booktorch
from booktorch import registry
from booktorch import torch_signatures as table
from booktorch.signatures import Parser

ROOT = Path(__file__).resolve().parents[2]


def test_the_table_is_what_torch_makes():
    proc = subprocess.run([sys.executable, "tools/torch_signatures.py", "--check"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_every_signature_reads_as_a_parser():
    groups = [table.METHODS, table.FUNCTIONS, table.LINALG, table.NN_FUNCTIONAL, table.MANUAL, table.UNDER_PYTHON]
    parsers = [Parser.torch(*signatures) for group in groups for signatures in group.values()]
    assert len(parsers) > 450
    for parser in parsers:
        for sig in parser.signatures:
            assert sig.text.startswith("(") and sig.text.endswith(")"), sig.text


def test_every_name_in_the_table_stands_behind_its_parser():
    """A method or function the table lists is booktorch's, wrapped: nothing listed is left unbound."""
    methods = registry.tensor_methods()
    for name in table.METHODS:
        if name in methods and name not in registry.not_yet_names():
            assert getattr(booktorch.Tensor, name).torch_signatures == table.METHODS[name], name
    for functions, namespace in ((dict(table.FUNCTIONS, **table.MANUAL), booktorch), (table.LINALG, booktorch.linalg),
                                 (table.NN_FUNCTIONAL, booktorch.nn.functional)):
        for name, signatures in functions.items():
            if hasattr(namespace, name):
                assert getattr(namespace, name).torch_signatures == signatures, name


def test_a_call_seen_before_still_meets_the_parser_where_its_values_matter():
    """binding.bind passes calls of plain ints and tensors straight through once their types have
    matched; an int beyond int64 and an int that does not fit are still torch's errors."""
    x = booktorch.ones(2, 3)
    assert x.view(3, 2).shape == (3, 2) and x.view(3, 2).shape == (3, 2)
    with pytest.raises(TypeError, match="Overflow when unpacking long long"):
        x.view(3, 2 ** 70)
    assert x.sum(1).shape == (2,)
    with pytest.raises(IndexError, match="Dimension out of range"):
        x.sum(5)
