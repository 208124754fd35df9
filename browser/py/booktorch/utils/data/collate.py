"""``default_collate`` and ``default_convert``, as ``torch/utils/data/_utils/collate.py``.

A batch of tensors is stacked along a new first dimension; Python floats become one float64 tensor and
ints (and bools) one tensor of their own dtype; strings and bytes stay as they came; mappings, named tuples
and sequences are collated field by field (a tuple of fields comes back as a list, as in torch). The
browser has no NumPy, so torch's NumPy cases never arise here.
"""

import collections
import copy
import sys

from ...registry import export

_ERROR = "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}"


def _torch():
    return sys.modules["booktorch"]


def default_convert(data):
    """torch.utils.data.default_convert: what a loader without batching gives (NumPy arrays would become
    tensors; everything else comes back as it is, a tuple as a list)."""
    if isinstance(data, _torch().Tensor):
        return data
    if isinstance(data, collections.abc.Mapping):
        try:
            if isinstance(data, collections.abc.MutableMapping):
                clone = copy.copy(data)
                clone.update({key: default_convert(data[key]) for key in data})
                return clone
            return type(data)({key: default_convert(data[key]) for key in data})
        except TypeError:
            return {key: default_convert(data[key]) for key in data}
    if isinstance(data, tuple) and hasattr(data, "_fields"):  # a named tuple
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        try:
            if isinstance(data, collections.abc.MutableSequence):
                clone = copy.copy(data)
                for i, d in enumerate(data):
                    clone[i] = default_convert(d)
                return clone
            return type(data)([default_convert(d) for d in data])
        except TypeError:
            return [default_convert(d) for d in data]
    return data


def _collate_tensors(batch):
    return _torch().stack(batch, 0)


def _collate_floats(batch):
    torch = _torch()
    return torch.tensor(batch, dtype=torch.float64)


def _collate_ints(batch):
    return _torch().tensor(batch)


def _unchanged(batch):
    return batch  # strings and bytes: the batch itself (a tuple when it comes from a transposed sample)


def _leaf_collate(elem):
    """The collate function for a leaf element, looked up as torch's ``default_collate_fn_map`` is: its exact
    type first, then the first type it is an instance of, in the map's order."""
    table = ((_torch().Tensor, _collate_tensors), (float, _collate_floats), (int, _collate_ints),
             (str, _unchanged), (bytes, _unchanged))
    for kind, fn in table:
        if type(elem) is kind:
            return fn
    for kind, fn in table:
        if isinstance(elem, kind):
            return fn
    return None


def _collate_mapping(elem, batch):
    try:
        if isinstance(elem, collections.abc.MutableMapping):
            clone = copy.copy(elem)
            clone.update({key: default_collate([d[key] for d in batch]) for key in elem})
            return clone
        return type(elem)({key: default_collate([d[key] for d in batch]) for key in elem})
    except TypeError:
        return {key: default_collate([d[key] for d in batch]) for key in elem}


def _collate_sequence(elem, batch):
    it = iter(batch)
    elem_size = len(next(it))
    if not all(len(e) == elem_size for e in it):
        raise RuntimeError("each element in list of batch should be of equal size")
    transposed = list(zip(*batch))
    if isinstance(elem, tuple):
        return [default_collate(samples) for samples in transposed]
    try:
        if isinstance(elem, collections.abc.MutableSequence):
            clone = copy.copy(elem)
            for i, samples in enumerate(transposed):
                clone[i] = default_collate(samples)
            return clone
        return type(elem)([default_collate(samples) for samples in transposed])
    except TypeError:
        return [default_collate(samples) for samples in transposed]


def default_collate(batch):
    """torch.utils.data.default_collate: a list of samples made into one batch."""
    elem = batch[0]
    leaf = _leaf_collate(elem)
    if leaf is not None:
        return leaf(batch)
    if isinstance(elem, collections.abc.Mapping):
        return _collate_mapping(elem, batch)
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):  # a named tuple
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        return _collate_sequence(elem, batch)
    raise TypeError(_ERROR.format(type(elem)))


default_collate.__module__ = default_convert.__module__ = "torch.utils.data._utils.collate"
export("torch.utils.data", default_collate=default_collate, default_convert=default_convert)
