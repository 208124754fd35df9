import torch

# ANCHOR: cascade
def pick_device():
    """The best device here: CUDA, then Apple's MPS, then the CPU."""
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


device = pick_device()
print("cuda:", torch.cuda.is_available(),
      "| mps:", torch.backends.mps.is_available(), "| picked:", device)
assert device.type in ("cuda", "mps", "cpu")
assert (device.type == "cpu") == (not torch.cuda.is_available()
                                  and not torch.backends.mps.is_available())
# ANCHOR_END: cascade

# ANCHOR: accelerator
# torch.accelerator asks the same question for every kind of accelerator
# this build of PyTorch knows (CUDA, MPS, XPU and others) at once.
found = torch.accelerator.current_accelerator(check_available=True)
device = found if found is not None else torch.device("cpu")
print("torch", torch.__version__, "| accelerator:", found,
      "| device:", device)

assert torch.accelerator.is_available() == (found is not None)
assert device.type == pick_device().type
# ANCHOR_END: accelerator
