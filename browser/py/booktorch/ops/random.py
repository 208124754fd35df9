"""Random numbers: the generator state (``manual_seed``, ``seed``, ``initial_seed``, ``Generator``).

Seeding is accepted so that seeded cells run; the random tensors themselves
(``rand``, ``randn``...) are not in the subset yet.
"""

from ..devices import check_device
from ..registry import export, function


DEFAULT_SEED = 67280421310721  # c10's default_rng_seed_val: a fresh generator's seed


class Generator:
    def __init__(self, device="cpu"):
        check_device("Generator", device, allocates=False)
        self._seed = DEFAULT_SEED

    def initial_seed(self):
        return self._seed

    def manual_seed(self, seed):
        self._seed = seed
        return self


Generator.__module__ = "torch"
default_generator = Generator()
export("torch", Generator=Generator)


@function("manual_seed")
def manual_seed(seed):
    default_generator._seed = int(seed)
    return default_generator


@function("seed")
def seed():
    return default_generator._seed


@function("initial_seed")
def initial_seed():
    return default_generator._seed
