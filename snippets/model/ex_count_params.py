#| hint: Go attribute by attribute. A layer, an nn.ModuleList or an nn.Sequential is registered with everything inside it; an nn.Parameter is registered; a plain Python list and a plain tensor are not. nn.Linear(a, b) holds two tensors, a weight of b * a numbers and a bias of b; nn.ReLU holds none.
# ANCHOR: task
import torch
from torch import nn

class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(4, 8)
        self.blocks = nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 8)])
        self.spare = [nn.Linear(8, 8)]
        self.scale = nn.Parameter(torch.ones(8))
        self.offset = torch.zeros(8)
        self.head = nn.Sequential(nn.ReLU(), nn.Linear(8, 2))

# Without running anything, predict what Mixed().parameters() yields:
tensors = None   # replace: how many tensors
numbers = None   # replace: how many numbers they hold altogether
# ANCHOR_END: task
# ANCHOR: solution
import torch
from torch import nn

class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(4, 8)
        self.blocks = nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 8)])
        self.spare = [nn.Linear(8, 8)]
        self.scale = nn.Parameter(torch.ones(8))
        self.offset = torch.zeros(8)
        self.head = nn.Sequential(nn.ReLU(), nn.Linear(8, 2))

# embed 2 (32 + 8), blocks 4 (2 * (64 + 8)), scale 1 (8), head 2 (16 + 2)
tensors = 9
numbers = 210
# ANCHOR_END: solution
# ANCHOR: wrong
import torch
from torch import nn

class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(4, 8)
        self.blocks = nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 8)])
        self.spare = [nn.Linear(8, 8)]
        self.scale = nn.Parameter(torch.ones(8))
        self.offset = torch.zeros(8)
        self.head = nn.Sequential(nn.ReLU(), nn.Linear(8, 2))

tensors = 11
numbers = 282
# ANCHOR_END: wrong
# ANCHOR: check
from bookcheck import expect_true

found = list(Mixed().parameters())
true_tensors = len(found)
true_numbers = sum(p.numel() for p in found)
expect_true(tensors is not None and numbers is not None,
            "tensors and numbers are still None: write your two counts.")
# (tensors, numbers) off by these amounts point at one misreading each
slips = [
    ((2, 72), "you counted the layer in the plain list self.spare; a "
              "Python list is not a module, so nothing in it is registered"),
    ((1, 8), "you counted self.offset; a plain tensor is not registered, "
             "only an nn.Parameter is"),
    ((-4, -144), "you left out the two layers in the nn.ModuleList, which "
                 "registers everything it holds"),
    ((-2, -18), "you left out the Linear inside the nn.Sequential; a "
                "container registers its layers (the ReLU has none)"),
    ((-1, -8), "you left out self.scale; an nn.Parameter is registered"),
]
off = (tensors - true_tensors, numbers - true_numbers)
if off != (0, 0):
    named = [why for (dt, dn), why in slips if (dt, dn) == off]
    for (dt1, dn1), why1 in slips:
        for (dt2, dn2), why2 in slips:
            if why1 < why2 and (dt1 + dt2, dn1 + dn2) == off:
                named.append(f"{why1}; and {why2}")
    detail = named[0] if named else (
        "count each Linear(a, b) as a weight of b * a numbers and a bias "
        "of b")
    expect_true(False, f"you predicted {tensors} tensors holding {numbers} "
                f"numbers. Off by {off[0]:+d} tensors and {off[1]:+d} "
                f"numbers: {detail}.")
# ANCHOR_END: check
