"""Parity of torch.utils.data: datasets (TensorDataset, Subset, ConcatDataset, iterable ones), the samplers,
default_collate/default_convert, random_split and DataLoader: the batches a seed gives (shuffled with the
default generator or one of the reader's, epoch after epoch, drop_last), its length, its argument errors
and warnings. DataLoader's worker processes are not in the browser: booktorch's own error, tested below."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_repr") + """
data = torch.utils.data
import warnings

def warned(f):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = f()
    return r, [str(w.message) for w in caught], [w.category.__name__ for w in caught]
"""

CELLS = {
    "tensor_dataset": """
X = torch.arange(12.).reshape(6, 2)
y = torch.tensor([0, 1, 0, 1, 1, 0])
ds = data.TensorDataset(X, y)
print(len(ds), ds[0], ds[-1], ds[1:3], ds[torch.tensor([4, 0])], ds[[5, 2]])
print(type(ds).__name__, type(ds).__module__, isinstance(ds, data.Dataset), len(ds.tensors), ds.tensors[1] is y)
print(data.TensorDataset(X)[2], len(data.TensorDataset(torch.zeros(0, 3))))
print(attempt(lambda: data.TensorDataset(X, torch.zeros(5))), attempt(lambda: ds[6]), data.TensorDataset().tensors)
print(attempt(lambda: data.TensorDataset(X, [1, 2])), attempt(lambda: data.TensorDataset(torch.tensor(1.))))
""",
    "custom_dataset": """
class Squares(data.Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        return torch.tensor([float(i)]), i * i

sq = Squares(5)
print(len(sq), sq[3], isinstance(sq, data.Dataset), data.Dataset[int] is not None)
print(attempt(lambda: data.Dataset()[0]), attempt(lambda: len(data.Dataset())))
both = sq + Squares(2)
print(type(both).__name__, type(both).__module__, len(both), both[5], both[6], both[-1], both[-7], both.cumulative_sizes)
print(attempt(lambda: both[-8]), attempt(lambda: both[7]), attempt(lambda: data.ConcatDataset([])))
print(data.ConcatDataset.cumsum([[1, 2], [3], []]), data.ConcatDataset([[1, 2], (3, 4, 5)])[3])
for xb, yb in data.DataLoader(sq, batch_size=2):
    print(xb, yb)
""",
    "iterable_dataset": """
class Count(data.IterableDataset):
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return iter(range(self.n))

class Sized(Count):
    def __len__(self):
        return 3
    def __repr__(self):
        return f'Sized({self.n})'

print([b for b in data.DataLoader(Count(7), batch_size=3)])
print([b for b in data.DataLoader(Count(7), batch_size=3, drop_last=True)], [b for b in data.DataLoader(Count(3), batch_size=None)])
chain = Count(2) + Count(3)
print(type(chain).__name__, type(chain).__module__, list(chain), isinstance(chain, data.IterableDataset))
print(list(data.ChainDataset([Count(1), Count(2)])), attempt(lambda: list(data.ChainDataset([Count(1), [5]]))))
print(attempt(lambda: len(data.ChainDataset([Count(1)]))), len(data.ChainDataset([Sized(1), Sized(2)])))
print(attempt(lambda: data.DataLoader(Count(3), shuffle=True)), attempt(lambda: data.DataLoader(Count(3), sampler=[0])))
print(attempt(lambda: data.DataLoader(Count(3), batch_sampler=[[0]])), attempt(lambda: data.ConcatDataset([Count(2)])))
loader = data.DataLoader(Sized(7), batch_size=2)
print(len(loader), len(data.DataLoader(Sized(7), batch_size=2, drop_last=True)), len(data.DataLoader(Sized(7), batch_size=None)))
print(warned(lambda: list(loader)))
print(attempt(lambda: len(data.DataLoader(Count(2)))), data.DataLoader(Count(3), shuffle=False).batch_size)
""",
    "loader_order": """
torch.manual_seed(0)
ds = data.TensorDataset(torch.arange(20.).reshape(10, 2), torch.arange(10))
loader = data.DataLoader(ds, batch_size=4, shuffle=True)
print(len(loader), type(loader).__name__, type(loader).__module__, type(iter(loader)).__name__)
for epoch in range(2):
    for xb, yb in loader:
        print(epoch, xb, yb)
print(torch.rand(2), torch.initial_seed())
g = torch.Generator().manual_seed(5)
loader = data.DataLoader(ds, batch_size=3, shuffle=True, generator=g, drop_last=True)
print(len(loader), [b[1].tolist() for b in loader], [b[1].tolist() for b in loader], g.initial_seed())
print(torch.rand(1))
it = iter(data.DataLoader(ds, batch_size=6))
print(len(it), next(it)[1], next(it)[1], attempt(lambda: next(it)))
print([b[1].tolist() for b in data.DataLoader(ds, batch_size=3, drop_last=False)], torch.rand(1))
print(data.DataLoader(ds).batch_size, len(data.DataLoader(ds)), next(iter(data.DataLoader(ds))))
""",
    "loader_options": """
ds = data.TensorDataset(torch.arange(6.), torch.arange(6) * 10)
print([b for b in data.DataLoader(ds, batch_size=None)][:2])
print([b for b in data.DataLoader(ds, batch_size=4, collate_fn=lambda batch: len(batch))])
print([b for b in data.DataLoader(ds, batch_sampler=[[5, 0], [1, 2, 3]])])
print([b[1] for b in data.DataLoader(ds, sampler=data.SequentialSampler(ds), batch_size=5)])
print([b[1] for b in data.DataLoader(ds, sampler=[4, 4, 1], batch_size=2)])
print([b for b in data.DataLoader([1.5, 2.5, 3.5], batch_size=2)], [b for b in data.DataLoader(['a', 'b', 'c'], batch_size=2)])
loader = data.DataLoader(ds, batch_size=2, pin_memory=True, worker_init_fn=print, in_order=False)
print(loader.pin_memory, loader.num_workers, loader.timeout, loader.prefetch_factor, loader.persistent_workers, loader.multiprocessing_context)
print(warned(lambda: [b[1] for b in loader]))
print(warned(lambda: next(iter(data.DataLoader(ds, pin_memory=True, pin_memory_device='cuda')))))
print(loader.check_worker_number_rationality(), loader.collate_fn is data.default_collate, data.DataLoader(ds, batch_size=None).collate_fn is data.default_convert)
print(type(loader.sampler).__name__, type(loader.batch_sampler).__name__, loader.drop_last, loader.generator, loader.dataset is ds)
loader.num_workers = 0
print(attempt(lambda: setattr(loader, 'batch_size', 3)), attempt(lambda: setattr(loader, 'dataset', ds)))
print(type(data.DataLoader(ds, shuffle=True).sampler).__name__)
""",
    "loader_errors": """
ds = data.TensorDataset(torch.arange(6.))
for bad in [lambda: data.DataLoader(ds, num_workers=-1), lambda: data.DataLoader(ds, timeout=-1),
            lambda: data.DataLoader(ds, prefetch_factor=2), lambda: data.DataLoader(ds, persistent_workers=True),
            lambda: data.DataLoader(ds, multiprocessing_context='spawn'),
            lambda: data.DataLoader(ds, sampler=[0, 1], shuffle=True),
            lambda: data.DataLoader(ds, batch_sampler=[[0]], batch_size=2),
            lambda: data.DataLoader(ds, batch_sampler=[[0]], drop_last=True),
            lambda: data.DataLoader(ds, batch_size=None, drop_last=True),
            lambda: data.DataLoader(ds, batch_size=0), lambda: data.DataLoader(ds, batch_size=2.0),
            lambda: data.DataLoader(ds, drop_last=1), lambda: iter(data.DataLoader(ds, timeout=1)),
            lambda: data.DataLoader(ds, shuffle=True, batch_size=2).__len__(),
            lambda: list(data.DataLoader([object(), object()], batch_size=2)),
            lambda: list(data.DataLoader([[1, 2], [3]], batch_size=2)),
            lambda: list(data.DataLoader(ds, batch_size=2, collate_fn=None, sampler=[7])),
            lambda: data.DataLoader(ds, bad=1), lambda: data.DataLoader()]:
    print(attempt(bad))
torch.manual_seed(3)
loader = data.DataLoader(ds, batch_size=4, shuffle=True)
print(attempt(lambda: iter(data.DataLoader(ds, timeout=1))), [b[0] for b in loader])
""",
    "collate": """
from collections import namedtuple
Point = namedtuple('Point', ['x', 'y'])
c = data.default_collate
print(c([torch.ones(2), torch.zeros(2)]), c([torch.tensor(1), torch.tensor(2)]), c([1, 2, 3]), c([1.5, 2.0]))
print(c([True, False]), c(['a', 'b']), c([b'a', b'b']), c([(1, 2.0), (3, 4.0)]), c([[1, 2], [3, 4]]))
print(c([{'a': 1, 'b': torch.ones(1)}, {'a': 2, 'b': torch.zeros(1)}]), c([Point(1, 2.0), Point(3, 4.0)]))
print(c([(torch.ones(2, dtype=torch.int8), 'x'), (torch.zeros(2, dtype=torch.int8), 'y')]))
print(c([{'k': (1, [2, 3])}, {'k': (4, [5, 6])}]), c([torch.nn.Parameter(torch.ones(1))]))
print(attempt(lambda: c([object()])), attempt(lambda: c([None, None])), attempt(lambda: c([(1, 2), (3,)])))
print(attempt(lambda: c([torch.ones(2), torch.ones(3)])), attempt(lambda: c([])), attempt(lambda: c([1, 2.5])))
print(attempt(lambda: c([torch.ones(1), 2])), attempt(lambda: c([2, torch.ones(1)])))
v = data.default_convert
t = torch.ones(2)
print(v(t) is t, v((1, 'a')), v([1, (2, 3)]), v({'a': (1, 2)}), v(Point(1, 2)), v('text'), v(3.5), v(b'by'))
""",
    "samplers": """
print(list(data.SequentialSampler(range(4))), len(data.SequentialSampler([7, 8])))
torch.manual_seed(1)
s = data.RandomSampler(range(6))
print(list(s), list(s), len(s), s.num_samples, s.replacement, s.generator)
print(list(data.RandomSampler(range(6), num_samples=9)), list(data.RandomSampler(range(5), replacement=True, num_samples=40)))
print(list(data.RandomSampler(range(3), replacement=True)), data.RandomSampler(range(3), num_samples=2).num_samples)
g = torch.Generator().manual_seed(2)
print(list(data.RandomSampler(range(5), generator=g)), list(data.SubsetRandomSampler([10, 20, 30], generator=g)))
print(len(data.SubsetRandomSampler([1, 2])), list(data.SubsetRandomSampler([4, 5, 6])))
w = data.WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 5)
print(list(w), len(w), w.weights, w.num_samples, w.replacement)
print(list(data.WeightedRandomSampler([0.9, 0.4, 0.05, 0.2, 0.3, 0.1], 5, replacement=False, generator=g)))
print(list(data.BatchSampler(range(10), 3, False)), list(data.BatchSampler(range(10), 3, True)))
print(len(data.BatchSampler(range(10), 3, False)), len(data.BatchSampler(range(10), 3, True)))
print(attempt(lambda: iter(data.Sampler()).__next__()), isinstance(s, data.Sampler), data.Sampler[int] is not None)
for bad in [lambda: data.RandomSampler(range(3), replacement=1), lambda: data.RandomSampler(range(3), num_samples=0),
            lambda: data.RandomSampler([], num_samples=None), lambda: data.RandomSampler(range(3), num_samples=2.0),
            lambda: data.WeightedRandomSampler([1.0], 0), lambda: data.WeightedRandomSampler([1.0], True),
            lambda: data.WeightedRandomSampler([1.0], 2, replacement=None),
            lambda: data.WeightedRandomSampler([[1.0]], 2), lambda: list(data.WeightedRandomSampler([1.0, 2.0], 3, False)),
            lambda: data.BatchSampler(range(3), -1, False), lambda: data.BatchSampler(range(3), True, False),
            lambda: data.BatchSampler(range(3), 2, 'no'), lambda: len(data.BatchSampler(iter(range(3)), 2, False))]:
    print(attempt(bad))
""",
    "random_split": """
ds = data.TensorDataset(torch.arange(10))
torch.manual_seed(0)
a, b = data.random_split(ds, [7, 3])
print(type(a).__name__, type(a).__module__, len(a), len(b), a.indices, b.indices, a.dataset is ds, a[0], b[[0, 1]])
print([s.indices for s in data.random_split(range(10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(42))])
print([s.indices for s in data.random_split(range(11), [0.34, 0.33, 0.33], generator=torch.Generator().manual_seed(1))])
print(warned(lambda: [len(s) for s in data.random_split(range(3), [0.1, 0.9])]))
print(attempt(lambda: data.random_split(ds, [5, 4])), attempt(lambda: data.random_split(ds, [1.5, -0.5])))
print(attempt(lambda: data.random_split(ds, [0.6, 0.6])), [len(s) for s in data.random_split(ds, [10, 0])])
sub = data.Subset(ds, [9, 0, 4])
print(len(sub), sub[0], sub[[1, 2]], sub.__getitems__([2, 0]), [b for b in data.DataLoader(sub, batch_size=2)])
class Doubled(data.Subset):
    def __getitem__(self, i):
        return 2 * super().__getitem__(i)[0]
print(attempt(lambda: Doubled(ds, [1])))
""",
    "worker_info": """
print(data.get_worker_info(), data.get_worker_info.__module__, data.DataLoader.__module__, data.Sampler.__module__)
print(data.TensorDataset.__module__, data.default_collate.__module__, data.random_split.__module__)
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")


@pytest.mark.parametrize("workers", [1, 4])
def test_worker_processes_raise_booktorchs_error(workers):
    import booktorch
    from booktorch.errors import NotInBrowserError

    dataset = booktorch.utils.data.TensorDataset(booktorch.ones(3))
    with pytest.raises(NotInBrowserError, match=rf"torch.utils.data.DataLoader\(num_workers={workers}\) \(worker "
                                                r"processes\) is not available in the browser"):
        booktorch.utils.data.DataLoader(dataset, batch_size=2, num_workers=workers)
