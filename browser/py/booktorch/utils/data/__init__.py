"""``torch.utils.data``: datasets, samplers, the default collate and a single-process ``DataLoader``.

One module per job, named after torch's own (so ``__module__`` and the classes' printed names match):
:mod:`.dataset` (Dataset, TensorDataset, Subset, ConcatDataset, IterableDataset, random_split),
:mod:`.sampler` (the index samplers), :mod:`.collate` (default_collate, default_convert) and
:mod:`.dataloader`. Random orders come from booktorch's generator through the same calls torch makes
(``randperm``, ``randint``, ``random_``), in the same order, so a seed gives torch's batches.

The browser runs one Python process: ``DataLoader(num_workers=N)`` with N > 0 raises booktorch's
"not available in the browser" error; every other argument behaves as in torch on a CPU-only machine.
"""

from ...registry import namespace as _namespace

_namespace(__name__)
