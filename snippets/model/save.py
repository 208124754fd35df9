import os
import tempfile

import torch
from torch import nn


def make_model():
    return nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 3))


# ANCHOR: state
torch.manual_seed(0)
model = make_model()
state = model.state_dict()                 # name -> tensor, in order
for name, tensor in state.items():
    print(f"{name:9s} {tuple(tensor.shape)}")
print("shares memory with the model:",
      state["0.weight"].data_ptr() == model[0].weight.data_ptr())

assert list(state) == ["0.weight", "0.bias", "2.weight", "2.bias"]
assert state["0.weight"].data_ptr() == model[0].weight.data_ptr()
assert not state["0.weight"].requires_grad        # plain values, no tape
# ANCHOR_END: state

# Not shown: a step that changes the parameter changes the state's tensor.
with torch.no_grad():
    model[0].weight[0, 0] += 1.0
assert state["0.weight"][0, 0].item() == model[0].weight[0, 0].item()
with torch.no_grad():
    model[0].weight[0, 0] -= 1.0

# ANCHOR: save_load
folder = tempfile.mkdtemp()
path = os.path.join(folder, "classifier.pt")
torch.save(model.state_dict(), path)       # tensors only, not the class
print("saved", os.path.getsize(path), "bytes")

fresh = make_model()                       # same class, new random weights
x = torch.randn(5, 2)
print("before loading, same outputs:", torch.equal(fresh(x), model(x)))
print(fresh.load_state_dict(torch.load(path)))
print("after loading,  same outputs:", torch.equal(fresh(x), model(x)))

assert torch.equal(fresh(x), model(x))
assert all(torch.equal(a, b) for a, b in
           zip(fresh.state_dict().values(), model.state_dict().values()))
# ANCHOR_END: save_load

# ANCHOR: mismatch
wider = nn.Sequential(nn.Linear(2, 32), nn.ReLU(), nn.Linear(32, 3))
try:
    wider.load_state_dict(torch.load(path))
except RuntimeError as err:
    message = str(err)
    print(message.splitlines()[0])
    print(message.splitlines()[1].strip())

assert message.startswith("Error(s) in loading state_dict for Sequential:")
assert "size mismatch for 0.weight" in message
# ANCHOR_END: mismatch

os.remove(path)
os.rmdir(folder)
