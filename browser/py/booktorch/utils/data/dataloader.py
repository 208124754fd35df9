"""``DataLoader`` in one process, as ``torch/utils/data/dataloader.py`` runs with ``num_workers=0``.

Each ``iter(loader)`` draws a 64-bit base seed from the loader's generator (the default one when it has
none: torch draws it for its workers even when there are none), and the first batch then starts the
sampler, which for ``shuffle=True`` draws its own seed or permutation. Those draws are torch's, in
torch's order, so a seed gives the same batches as torch. Worker processes (``num_workers > 0``) are
not available in the browser; ``pin_memory=True`` warns and does nothing, as torch does on a machine
without an accelerator.
"""

import math
import sys
import warnings
from typing import Generic, TypeVar

from ...errors import unsupported
from ...registry import export
from .collate import default_collate, default_convert
from .dataset import IterableDataset
from .sampler import BatchSampler, RandomSampler, SequentialSampler, _InfiniteConstantSampler

_T_co = TypeVar("_T_co", covariant=True)
_MAP, _ITERABLE = 0, 1  # torch's _DatasetKind
_FIXED_AFTER_INIT = ("batch_size", "batch_sampler", "sampler", "drop_last", "dataset", "persistent_workers")


def _torch():
    return sys.modules["booktorch"]


def get_worker_info():
    """torch.utils.data.get_worker_info: None outside a worker process (the browser has no workers)."""
    return None


def _check_arguments(num_workers, timeout, prefetch_factor, persistent_workers):
    """torch's checks of the multiprocessing arguments, in torch's order; a worker count above 0 is refused."""
    if num_workers < 0:
        raise ValueError("num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.")
    if num_workers > 0:
        raise unsupported(f"torch.utils.data.DataLoader(num_workers={num_workers}) (worker processes)")
    if timeout < 0:
        raise ValueError("timeout option should be non-negative")
    if prefetch_factor is not None:
        raise ValueError(
            "prefetch_factor option could only be specified in multiprocessing."
            "let num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None."
        )
    if persistent_workers:
        raise ValueError("persistent_workers option needs num_workers > 0")


class DataLoader(Generic[_T_co]):
    """torch.utils.data.DataLoader(dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
    num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
    multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
    pin_memory_device="", in_order=True)."""

    __initialized = False

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        _check_arguments(num_workers, timeout, prefetch_factor, persistent_workers)
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.multiprocessing_context = multiprocessing_context
        self.in_order = in_order
        shuffle = self._dataset_kind_and_shuffle(dataset, shuffle, sampler, batch_sampler)
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, "
                                 "and drop_last")
            batch_size = None
            drop_last = False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually exclusive with drop_last")
        if sampler is None:
            if self._dataset_kind == _ITERABLE:
                sampler = _InfiniteConstantSampler()
            elif shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        if collate_fn is None:
            collate_fn = default_collate if self._auto_collation else default_convert
        self.collate_fn = collate_fn
        self.persistent_workers = persistent_workers
        self.__initialized = True
        self._IterableDataset_len_called = None
        self._iterator = None

    def _dataset_kind_and_shuffle(self, dataset, shuffle, sampler, batch_sampler):
        if not isinstance(dataset, IterableDataset):
            self._dataset_kind = _MAP
            return bool(shuffle)
        self._dataset_kind = _ITERABLE
        if shuffle not in {False, None}:
            raise ValueError(
                f"DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle={shuffle}")
        if sampler is not None:
            raise ValueError(
                f"DataLoader with IterableDataset: expected unspecified sampler option, but got sampler={sampler}")
        if batch_sampler is not None:
            raise ValueError("DataLoader with IterableDataset: expected unspecified batch_sampler option, but got "
                             f"batch_sampler={batch_sampler}")
        return shuffle

    @property
    def multiprocessing_context(self):
        return self.__multiprocessing_context

    @multiprocessing_context.setter
    def multiprocessing_context(self, multiprocessing_context):
        if multiprocessing_context is not None:  # there are never workers here
            raise ValueError("multiprocessing_context can only be used with multi-process loading (num_workers > 0), "
                             f"but got num_workers={self.num_workers}")
        self.__multiprocessing_context = multiprocessing_context

    def __setattr__(self, attr, val):
        if self.__initialized and attr in _FIXED_AFTER_INIT:
            raise ValueError(f"{attr} attribute should not be set after {self.__class__.__name__} is initialized")
        super().__setattr__(attr, val)

    def __iter__(self):
        return _SingleProcessDataLoaderIter(self)

    @property
    def _auto_collation(self):
        return self.batch_sampler is not None

    @property
    def _index_sampler(self):
        return self.batch_sampler if self._auto_collation else self.sampler

    def __len__(self):
        if self._dataset_kind == _ITERABLE:
            length = self._IterableDataset_len_called = len(self.dataset)
            if self.batch_size is not None:
                length = length // self.batch_size if self.drop_last else math.ceil(length / self.batch_size)
            return length
        return len(self._index_sampler)

    def check_worker_number_rationality(self):
        """Warns when more workers are asked for than CPUs: never here, where there are none."""


class _MapFetcher:
    def __init__(self, dataset, auto_collation, collate_fn):
        self.dataset, self.auto_collation, self.collate_fn = dataset, auto_collation, collate_fn

    def fetch(self, index):
        if self.auto_collation:
            if hasattr(self.dataset, "__getitems__") and self.dataset.__getitems__:
                data = self.dataset.__getitems__(index)
            else:
                data = [self.dataset[i] for i in index]
        else:
            data = self.dataset[index]
        return self.collate_fn(data)


class _IterableFetcher:
    def __init__(self, dataset, auto_collation, collate_fn, drop_last):
        self.dataset_iter = iter(dataset)
        self.auto_collation, self.collate_fn, self.drop_last = auto_collation, collate_fn, drop_last
        self.ended = False

    def fetch(self, index):
        if self.ended:
            raise StopIteration
        if not self.auto_collation:
            return self.collate_fn(next(self.dataset_iter))
        data = []
        for _ in index:
            try:
                data.append(next(self.dataset_iter))
            except StopIteration:
                self.ended = True
                break
        if len(data) == 0 or (self.drop_last and len(data) < len(index)):
            raise StopIteration
        return self.collate_fn(data)


class _SingleProcessDataLoaderIter:
    """What ``iter(loader)`` gives (torch's class of that name)."""

    def __init__(self, loader):
        self._dataset = loader.dataset
        self._dataset_kind = loader._dataset_kind
        self._IterableDataset_len_called = loader._IterableDataset_len_called
        self._auto_collation = loader._auto_collation
        self._index_sampler = loader._index_sampler
        if loader.pin_memory and loader.pin_memory_device:
            warnings.warn("pin_memory_device is deprecated, the current accelerator will be used as the device,"
                          f"ignore pin_memory_device='{loader.pin_memory_device}'.", stacklevel=3)
        if loader.pin_memory:  # booktorch.accelerator: never one in the browser
            warnings.warn("'pin_memory' argument is set as true but no accelerator is found, then device pinned "
                          "memory won't be used.", stacklevel=3)
        self._sampler_iter = iter(self._index_sampler)
        torch = _torch()
        self._base_seed = torch.empty((), dtype=torch.int64).random_(generator=loader.generator).item()
        self._num_yielded = 0
        if loader.timeout != 0:
            raise AssertionError("_SingleProcessDataLoaderIter requires timeout == 0")
        if self._dataset_kind == _MAP:
            self._fetcher = _MapFetcher(self._dataset, self._auto_collation, loader.collate_fn)
        else:
            self._fetcher = _IterableFetcher(self._dataset, self._auto_collation, loader.collate_fn, loader.drop_last)

    def __iter__(self):
        return self

    def __next__(self):
        index = next(self._sampler_iter)
        data = self._fetcher.fetch(index)
        self._num_yielded += 1
        if (self._dataset_kind == _ITERABLE and self._IterableDataset_len_called is not None
                and self._num_yielded > self._IterableDataset_len_called):
            warnings.warn(f"Length of IterableDataset {self._dataset} was reported to be "
                          f"{self._IterableDataset_len_called}(when accessing len(dataloader)), but "
                          f"{self._num_yielded} samples have been fetched. ", stacklevel=2)
        return data

    def __len__(self):
        return len(self._index_sampler)


DataLoader.__module__ = _SingleProcessDataLoaderIter.__module__ = "torch.utils.data.dataloader"
get_worker_info.__module__ = "torch.utils.data._utils.worker"
export("torch.utils.data", DataLoader=DataLoader, get_worker_info=get_worker_info)
