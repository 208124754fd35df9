"""Parity of torch.save / torch.load and torch.serialization: state dicts and checkpoints to a file path or
io.BytesIO, loaded back into a model (load_state_dict) and an optimizer; every dtype; views that share a
storage still share it; Parameters, dtypes, sizes, devices and Python containers; the errors a reader
meets (a missing file, a whole model under weights_only=True with torch's long message, an unseekable
source, a buffer not rewound, a CUDA map_location on a CPU-only machine) and the safe-globals allowlist.
Files are written to a temporary folder, never the working directory. The format is torch's own, byte for
byte but for the random serialization id: real torch reads booktorch's files and booktorch reads torch's
(tested below, outside the parity programs)."""

import io

import pytest

from parity import prelude, run

PRELUDE = prelude("attempt_repr") + """
import io, os, tempfile, zipfile
folder = tempfile.mkdtemp()
def path(name):
    return os.path.join(folder, name)
"""

CELLS = {
    "state_dict_round_trip": """
torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU(), torch.nn.Linear(2, 1))
torch.save(net.state_dict(), path('net.pt'))
print(sorted(zipfile.ZipFile(path('net.pt')).namelist()))
loaded = torch.load(path('net.pt'))
print(type(loaded).__name__, loaded, loaded._metadata)
fresh = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU(), torch.nn.Linear(2, 1))
print(fresh(torch.ones(1, 3)), fresh.load_state_dict(torch.load(path('net.pt'), weights_only=True)))
print(fresh(torch.ones(1, 3)), net(torch.ones(1, 3)), fresh[0].weight.requires_grad, type(fresh[0].weight).__name__)
buffer = io.BytesIO()
torch.save(net.state_dict(), buffer)
buffer.seek(0)
print(sorted(zipfile.ZipFile(buffer).namelist())[:2])
buffer.seek(0)
again = torch.load(buffer, map_location='cpu')
print(list(again), torch.equal(again['2.bias'], net[2].bias))
print(attempt(lambda: torch.nn.Linear(3, 3).load_state_dict(torch.load(path('net.pt')))))
import pathlib
torch.save({'w': torch.ones(2)}, pathlib.Path(path('p.pt')))
print(torch.load(pathlib.Path(path('p.pt'))), torch.load(path('p.pt'), map_location=torch.device('cpu')), torch.load(path('p.pt'), map_location={'cpu': 'cpu'}))
""",
    "values_and_sharing": """
b = io.BytesIO()
x = torch.arange(6.).reshape(2, 3)
torch.save({'x': x, 'xt': x.t(), 'row': x[1], 'ints': torch.tensor([1, 2], dtype=torch.int32), 'h': torch.tensor([0.1, 2.5]).half(),
            'bf': torch.tensor([0.1, -3.0]).bfloat16(), 'b': torch.tensor([True, False]), 'u': torch.tensor([255], dtype=torch.uint8),
            'i8': torch.tensor([-3], dtype=torch.int8), 's': torch.tensor([7], dtype=torch.int16), 'd': torch.tensor([1/3], dtype=torch.float64),
            'l': torch.tensor([-2**62]), 'f': torch.tensor([1e-30, float('inf'), float('nan')]),
            'meta': [1, 2.5, 'x', None, True, (3,), {4}, b'by', 2+1j, bytearray(b'ba')], 'dt': torch.float16, 'size': torch.Size([2]),
            'dev': torch.device('cpu'), 'empty': torch.zeros(0), 'scalar': torch.tensor(3.5)}, b)
print(attempt(lambda: torch.load(b)))
b.seek(0)
got = torch.load(b)
print(got, got['xt'].stride(), got['row'].storage_offset(), got['x'].data_ptr() == got['xt'].data_ptr(), got['row'].data_ptr() - got['x'].data_ptr())
got['x'][0, 0] = 100.
print(got['xt'], got['row'], got['scalar'].shape)
p = torch.nn.Parameter(torch.ones(2))
y = p * 3
b = io.BytesIO(); torch.save([p, y, p.data, x[::2, 1:]], b); b.seek(0)
l = torch.load(b)
print(l, type(l[0]).__name__, l[1].requires_grad, l[1].is_leaf, l[1].grad_fn, l[3].stride(), l[3].storage_offset())
""",
    "checkpoint": """
torch.manual_seed(1)
net = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Tanh(), torch.nn.Linear(2, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
net(torch.ones(4, 3)).sum().backward()
opt.step()
torch.save({'model': net.state_dict(), 'opt': opt.state_dict(), 'epoch': 3, 'losses': [0.5, 0.25]}, path('ck.pt'))
ck = torch.load(path('ck.pt'))
print(ck['opt'], ck['epoch'], ck['losses'])
net2 = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Tanh(), torch.nn.Linear(2, 1))
opt2 = torch.optim.SGD(net2.parameters(), lr=0.5)
net2.load_state_dict(ck['model'])
opt2.load_state_dict(ck['opt'])
print(opt2.state_dict()['param_groups'], net2(torch.ones(1, 3)), net(torch.ones(1, 3)))
adam = torch.optim.Adam(net.parameters(), lr=0.01)
net(torch.ones(2, 3)).sum().backward()
adam.step()
torch.save(adam.state_dict(), path('adam.pt'))
print(torch.load(path('adam.pt'))['state'][3])
""",
    "whole_models_and_safe_globals": """
torch.manual_seed(2)
net = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU())
torch.save(net, path('whole.pt'))
print(attempt(lambda: torch.load(path('whole.pt'))))
m = torch.load(path('whole.pt'), weights_only=False)
print(m, type(m).__name__, m(torch.ones(1, 3)), net(torch.ones(1, 3)), m[0].weight.requires_grad)
torch.serialization.clear_safe_globals()
torch.serialization.add_safe_globals([torch.nn.Sequential, torch.nn.Linear, torch.nn.ReLU])
print(attempt(lambda: type(torch.load(path('whole.pt'))).__name__), len(torch.serialization.get_safe_globals()))
torch.serialization.clear_safe_globals()
with torch.serialization.safe_globals([torch.nn.Sequential]):
    print(attempt(lambda: torch.load(path('whole.pt'))))
print(torch.serialization.get_safe_globals())
b = io.BytesIO(); torch.save(frozenset([1]), b); b.seek(0)
print(attempt(lambda: torch.load(b)), torch.load(io.BytesIO(b.getvalue()), weights_only=False))
b = io.BytesIO(); torch.serialization.save(torch.nn.ReLU(), b)
print(torch.serialization.load(io.BytesIO(b.getvalue()), weights_only=False), torch.serialization.save is torch.save, torch.serialization.load is torch.load)
""",
    "serialization_errors": """
b = io.BytesIO(); torch.save(torch.ones(1), b)
for bad in [lambda: torch.load('missing.pt'), lambda: torch.save(torch.ones(1), 5), lambda: torch.load(5),
            lambda: torch.load(io.BytesIO(b'')), lambda: torch.save(torch.ones(1), '/nonexistent/dir/x.pt'), lambda: torch.load(b),
            lambda: torch.load(io.BytesIO(b.getvalue()), map_location='cuda'), lambda: torch.load(io.BytesIO(b.getvalue()), map_location='cuda:0'),
            lambda: torch.load(io.BytesIO(b.getvalue()), map_location={'cpu': 'cuda:1'}),
            lambda: torch.load(io.BytesIO(b.getvalue()), weights_only=True, pickle_module=__import__('pickle')),
            lambda: torch.load(io.BytesIO(b.getvalue()), pickle_module=__import__('pickle')), lambda: torch.save(lambda v: v, io.BytesIO()).__class__,
            lambda: torch.save(torch.ones(1)), lambda: torch.load()]:
    print(attempt(bad).split(' at 0x')[0])
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(2, 1)
print(attempt(lambda: torch.save(Net(), io.BytesIO())), attempt(lambda: torch.save(Net().state_dict(), io.BytesIO())))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    import booktorch
    import torch

    src = PRELUDE + CELLS[name].strip() + "\n"
    (out_t, err_t), (out_b, err_b) = run(src, torch), run(src, booktorch)
    torch.serialization.clear_safe_globals()
    booktorch.serialization.clear_safe_globals()
    assert (out_b, err_b) == (out_t, err_t), f"--- torch\n{out_t}\n{err_t}\n--- booktorch\n{out_b}\n{err_b}"


def _booktorch_state():
    import booktorch

    booktorch.manual_seed(0)
    net = booktorch.nn.Sequential(booktorch.nn.Linear(3, 4), booktorch.nn.ReLU(), booktorch.nn.Linear(4, 2))
    x = booktorch.arange(12.).reshape(3, 4)
    return {"model": net.state_dict(), "view": x.t()[1:], "base": x, "half": booktorch.tensor([0.1, 3.0]).half(),
            "bf16": booktorch.tensor([0.1, -2.5]).bfloat16(), "flags": booktorch.tensor([True, False]),
            "param": booktorch.nn.Parameter(booktorch.ones(2)), "n": 7}


def test_real_torch_loads_what_booktorch_saved():
    import torch

    state = _booktorch_state()
    buffer = io.BytesIO()
    state_module = __import__("booktorch")
    state_module.save(state, buffer)
    buffer.seek(0)
    got = torch.load(buffer)
    assert list(got["model"]) == list(state["model"])
    for key, value in state["model"].items():
        assert got["model"][key].tolist() == value.tolist()
    assert got["view"].tolist() == state["view"].tolist() and got["view"].stride() == state["view"].stride()
    assert got["view"].untyped_storage().data_ptr() == got["base"].untyped_storage().data_ptr()
    assert got["half"].dtype == torch.float16 and got["half"].tolist() == state["half"].tolist()
    assert got["bf16"].dtype == torch.bfloat16 and got["bf16"].tolist() == state["bf16"].tolist()
    assert got["flags"].tolist() == [True, False] and got["n"] == 7
    assert isinstance(got["param"], torch.nn.Parameter) and got["param"].requires_grad


def test_booktorch_loads_what_real_torch_saved():
    import booktorch
    import torch

    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 2))
    x = torch.arange(12.).reshape(3, 4)
    buffer = io.BytesIO()
    torch.save({"model": net.state_dict(), "view": x.t()[1:], "base": x, "bf16": x.bfloat16()[0]}, buffer)
    buffer.seek(0)
    got = booktorch.load(buffer)
    for key, value in net.state_dict().items():
        assert got["model"][key].tolist() == value.tolist()
    assert got["view"].tolist() == x.t()[1:].tolist() and got["view"].stride() == (1, 4)
    assert got["view"].data_ptr() == got["base"].data_ptr() + 4 * got["view"].storage_offset()
    assert got["bf16"].dtype is booktorch.bfloat16 and got["bf16"].tolist() == x.bfloat16()[0].tolist()
    model = booktorch.nn.Sequential(booktorch.nn.Linear(3, 4), booktorch.nn.Tanh(), booktorch.nn.Linear(4, 2))
    model.load_state_dict(got["model"])
    assert [p.tolist() for p in model.parameters()] == [p.tolist() for p in net.parameters()]


@pytest.mark.parametrize("call", ["save(x, b, _use_new_zipfile_serialization=False)", "load(b, mmap=True)",
                                  "load(b, map_location=lambda s, loc: s)", "load(io.BytesIO(b'not a torch file'))"])
def test_what_booktorch_does_not_read_or_write_raises_its_error(call):
    import booktorch
    from booktorch.errors import NotInBrowserError

    b = io.BytesIO()
    booktorch.save(booktorch.ones(1), b)
    b.seek(0)
    with pytest.raises(NotInBrowserError, match="is not available in the browser"):
        eval(call, {"save": booktorch.save, "load": booktorch.load, "x": booktorch.ones(1), "b": b, "io": io})


def _without_id(data):
    """The archive's bytes with the random serialization id (and the CRCs that cover it) zeroed."""
    import re
    import struct
    import zipfile

    info = next(i for i in zipfile.ZipFile(io.BytesIO(data)).infolist() if i.filename.endswith("serialization_id"))
    names, extras = struct.unpack("<HH", data[info.header_offset + 26:info.header_offset + 30])
    start = info.header_offset + 30 + names + extras
    data = data[:start] + b"0" * 40 + data[start + 40:start + 44] + b"\0" * 4 + data[start + 48:]
    crc = struct.pack("<I", info.CRC)
    return re.sub(re.escape(crc), b"\0" * 4, data)


@pytest.mark.parametrize("make", [
    "nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 3)).state_dict()",
    "{'a': t.arange(5), 'b': t.ones(3, 3).t(), 'h': t.ones(70).half(), 'n': [1, 2.5, None], 'p': nn.Parameter(t.ones(2))}",
    "t.tensor(3.5)",
])
def test_booktorch_writes_torchs_bytes(make):
    """Byte for byte what torch writes, but for the random serialization id: so even a file's size agrees."""
    import booktorch
    import torch

    files = []
    for t in (torch, booktorch):
        t.manual_seed(0)
        buffer = io.BytesIO()
        t.save(eval(make, {"t": t, "nn": t.nn}), buffer)
        files.append(buffer.getvalue())
    assert len(files[0]) == len(files[1])
    assert _without_id(files[0]) == _without_id(files[1])
