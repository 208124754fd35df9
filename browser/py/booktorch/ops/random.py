"""Random numbers: the generator state (``manual_seed``, ``seed``, ``initial_seed``, ``Generator``).

Seeding is accepted so that seeded cells run; the random tensors themselves
(``rand``, ``randn``...) are not in the subset yet.
"""

from ..registry import export, function


class Generator:
    def __init__(self, seed=0):
        self._seed = seed

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
