"""Map-style and iterable datasets, ``Subset`` and ``random_split``, as ``torch/utils/data/dataset.py``.

``random_split`` draws one ``randperm`` of the whole length from the generator it is given (the default
generator when none is, which is torch's default argument), so the same seed splits as torch does.
"""

import bisect
import itertools
import math
import sys
import warnings
from typing import Generic, TypeVar

from ...registry import export

_T_co = TypeVar("_T_co", covariant=True)


def _torch():
    return sys.modules["booktorch"]


class Dataset(Generic[_T_co]):
    """torch.utils.data.Dataset: a subclass gives ``__getitem__`` (and usually ``__len__``)."""

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset[_T_co]):
    """torch.utils.data.IterableDataset: a subclass gives ``__iter__``."""

    def __add__(self, other):
        return ChainDataset([self, other])


class ChainDataset(IterableDataset):
    """torch.utils.data.ChainDataset(datasets): iterable datasets one after the other (what ``+`` gives)."""

    def __init__(self, datasets):
        super().__init__()
        self.datasets = datasets

    def __iter__(self):
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError("ChainDataset only supports IterableDataset")
            yield from d

    def __len__(self):
        total = 0
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError("ChainDataset only supports IterableDataset")
            total += len(d)
        return total


class TensorDataset(Dataset):
    """torch.utils.data.TensorDataset(*tensors): sample i is ``tuple(t[i] for t in tensors)``."""

    def __init__(self, *tensors):
        if any(tensors[0].size(0) != tensor.size(0) for tensor in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(tensor[index] for tensor in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class ConcatDataset(Dataset):
    """torch.utils.data.ConcatDataset(datasets): the datasets one after the other."""

    @staticmethod
    def cumsum(sequence):
        r, s = [], 0
        for e in sequence:
            length = len(e)
            r.append(length + s)
            s += length
        return r

    def __init__(self, datasets):
        super().__init__()
        self.datasets = list(datasets)
        if len(self.datasets) == 0:
            raise AssertionError("datasets should not be an empty iterable")
        for d in self.datasets:
            if isinstance(d, IterableDataset):
                raise AssertionError("ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = self.cumsum(self.datasets)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        dataset_idx = bisect.bisect_right(self.cumulative_sizes, idx)
        sample_idx = idx if dataset_idx == 0 else idx - self.cumulative_sizes[dataset_idx - 1]
        return self.datasets[dataset_idx][sample_idx]


class Subset(Dataset):
    """torch.utils.data.Subset(dataset, indices): the samples of ``dataset`` at ``indices``."""

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices
        if type(self).__getitem__ is not Subset.__getitem__ and type(self).__getitems__ is Subset.__getitems__:
            raise NotImplementedError(
                f"{type(self).__name__} overrides __getitem__ but not __getitems__. When subclassing Subset and "
                "overriding __getitem__, you must also override __getitems__ to ensure DataLoader works correctly "
                "with your custom logic. A simple implementation:\n\n"
                "def __getitems__(self, indices):\n"
                "    return [self.__getitem__(idx) for idx in indices]"
            )

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __getitems__(self, indices):
        if callable(getattr(self.dataset, "__getitems__", None)):
            return self.dataset.__getitems__([self.indices[idx] for idx in indices])
        return [self.dataset[self.indices[idx]] for idx in indices]

    def __len__(self):
        return len(self.indices)


def _fraction_lengths(n, lengths):
    subset_lengths = []
    for i, frac in enumerate(lengths):
        if frac < 0 or frac > 1:
            raise ValueError(f"Fraction at index {i} is not between 0 and 1")
        subset_lengths.append(math.floor(n * frac))
    remainder = n - sum(subset_lengths)
    for i in range(remainder):  # one more to each split in turn until none is left
        subset_lengths[i % len(subset_lengths)] += 1
    for i, length in enumerate(subset_lengths):
        if length == 0:
            warnings.warn(f"Length of split at index {i} is 0. This might result in an empty dataset.", stacklevel=3)
    return subset_lengths


def random_split(dataset, lengths, generator=None):
    """torch.utils.data.random_split: lengths (or fractions summing to 1) of non-overlapping Subsets."""
    torch = _torch()
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        lengths = _fraction_lengths(len(dataset), lengths)
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = torch.randperm(sum(lengths), generator=generator).tolist()
    return [Subset(dataset, indices[offset - length:offset])
            for offset, length in zip(itertools.accumulate(lengths), lengths)]


for _cls in (Dataset, IterableDataset, ChainDataset, TensorDataset, ConcatDataset, Subset):
    _cls.__module__ = "torch.utils.data.dataset"
random_split.__module__ = "torch.utils.data.dataset"
export("torch.utils.data", Dataset=Dataset, IterableDataset=IterableDataset, ChainDataset=ChainDataset,
       TensorDataset=TensorDataset,
       ConcatDataset=ConcatDataset, Subset=Subset, random_split=random_split)
