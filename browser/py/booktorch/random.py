"""``torch.random``: the seeding functions (the same objects as ``torch.manual_seed``...) and ``fork_rng``.

Only the CPU generator exists, as in CPU-only torch: ``fork_rng`` saves and restores its state, and asking it
to fork CUDA devices raises CPU-only torch's error.
"""

import contextlib as _contextlib

from .devices import NO_CUDA as _NO_CUDA
from .errors import unsupported as _unsupported
from .generator import default_generator, get_rng_state, initial_seed, manual_seed, seed, set_rng_state  # noqa: F401
from .registry import namespace as _namespace

_namespace(__name__)


@_contextlib.contextmanager
def fork_rng(devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices", device_type=None):
    """Run the block, then put the default generator back in the state it had before."""
    if device_type == "meta":
        yield
        return
    if device_type not in (None, "cuda"):
        raise _unsupported(f"torch.random.fork_rng(device_type={device_type!r})")
    if not enabled:
        yield
        return
    if devices is not None and list(devices):
        raise AssertionError(_NO_CUDA)  # torch.cuda.get_rng_state(device) of CPU-only torch
    state = get_rng_state()
    try:
        yield
    finally:
        set_rng_state(state)
