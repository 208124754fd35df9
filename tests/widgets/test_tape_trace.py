"""The tape widget's record of booktorch's graph (browser/py/booktape/tape.py): plain data in tape
order, the backward steps with each += made explicit, and how each node is shown in words
(browser/py/booktape/formulas.py)."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "browser" / "py"))
import booktorch as torch  # noqa: E402
from booktape import formulas, tape  # noqa: E402
from booktorch.graph import Node  # noqa: E402


def _by_id(d):
    return {n["id"]: n for n in d["nodes"]}


def test_trace_forward_graph_is_plain_data_in_tape_order():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, -1.0], requires_grad=True)
    y = (x * w).sum()
    d = tape.trace(y, names={"x": x, "w": w, "y": y})
    json.dumps(d)  # JSON-serialisable
    ops = [n["op"] for n in d["nodes"]]
    assert ops == ["AccumulateGrad", "AccumulateGrad", "MulBackward0", "SumBackward0"]
    nodes = _by_id(d)
    out = nodes[d["output"]]
    assert out["label"] == "y" and out["value"] == {"shape": [], "dtype": "torch.float32", "value": 1.0}
    mul = nodes[out["inputs"][0]["node"]]
    assert [nodes[i["node"]]["label"] for i in mul["inputs"]] == ["x", "w"]
    assert mul["saved"]["self"]["value"] == [1.0, 2.0] and mul["saved"]["other"]["value"] == [3.0, -1.0]
    assert mul["formulas"] == ["grad * other", "grad * self"]
    assert "backward" in d and d["backward"] == []


def test_trace_backward_makes_accumulation_explicit_for_x_times_x():
    x = torch.tensor(3.0, requires_grad=True)
    y = x * x
    d = tape.trace(y, names={"x": x}, backward=True)
    json.dumps(d)
    kinds = [s["kind"] for s in d["backward"]]
    assert kinds == ["node", "buffer", "accumulate"]
    node, buf, acc = d["backward"]
    assert node["op"] == "MulBackward0" and node["grad_output"]["value"] == 1.0
    assert [i["local"]["value"] for i in node["inputs"]] == [3.0, 3.0]
    assert [i["contribution"]["value"] for i in node["inputs"]] == [3.0, 3.0]
    assert (buf["before"]["value"], buf["add"]["value"], buf["after"]["value"]) == (3.0, 3.0, 6.0)
    assert acc["text"] == "x.grad = incoming" and acc["after"]["value"] == 6.0
    assert str(x.grad) == "tensor(6.)"


def test_record_collects_forward_and_backward_and_shows_plus_equals():
    x = torch.tensor(2.0, requires_grad=True)
    with tape.record({"x": x}) as recorded:
        y = x * 3
        y.backward(retain_graph=True)
        y.backward()
    d = recorded.to_dict()
    json.dumps(d)
    assert [n["op"] for n in d["nodes"]] == ["AccumulateGrad", "MulBackward0"]
    accs = [s for s in d["backward"] if s["kind"] == "accumulate"]
    assert [a["text"] for a in accs] == ["x.grad = incoming", "x.grad += incoming"]
    assert accs[1]["before"]["value"] == 3.0 and accs[1]["after"]["value"] == 6.0


def test_trace_of_leaf_and_of_constant():
    x = torch.tensor([1.0], requires_grad=True)
    d = tape.trace(x)
    assert [n["kind"] for n in d["nodes"]] == ["leaf"]
    c = torch.tensor([1.0]) * 2
    assert tape.trace(c) == {"nodes": [], "backward": [], "output": None}


def _node_names():
    def below(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from below(sub)

    return {cls._name for cls in below(Node)}


def test_every_shown_node_is_one_booktorch_records():
    """The tables name nodes by torch's grad_fn names: a renamed node would lose its formulas."""
    names = _node_names()
    assert set(formulas.FORMULAS) <= names, sorted(set(formulas.FORMULAS) - names)
    assert set(formulas.LOCAL) <= names, sorted(set(formulas.LOCAL) - names)
    assert set(formulas.LOCAL) <= set(formulas.FORMULAS)


def test_local_derivative_of_an_op_on_a_number_and_of_a_freed_node():
    x = torch.tensor([2.0, 8.0], requires_grad=True)
    root = (x / 2).sqrt()
    d = tape.trace(root.sum(), names={"x": x}, backward=True)
    total, sqrt, div = (s for s in d["backward"] if s["kind"] == "node")
    assert total["op"] == "SumBackward0" and total["inputs"][0]["local"] is None  # not elementwise
    assert sqrt["op"] == "SqrtBackward0" and sqrt["inputs"][0]["formula"] == "grad / (2 * result)"
    assert sqrt["inputs"][0]["local"]["value"] == [0.5, 0.25]
    assert div["op"] == "DivBackward0"
    assert div["inputs"][0]["local"] == {"shape": [], "dtype": "torch.float32", "value": 0.5}
    assert formulas.local(root.grad_fn, 0) is None  # its saved result was freed by the backward pass
