"""torch.broadcast_tensors and torch.atleast_1d/2d/3d: views that give tensors a common shape, or at
least one, two or three dimensions.

Each is torch/functional.py's Python wrapper (any number of tensors, or one list of them) around its
C++ binding, parsed by that binding's own signatures (:func:`booktorch.binding.parse_under_python`),
then ATen's code: ``broadcast_tensors`` expands each tensor whose shape differs from the common one
(a tensor that has it already comes back itself); ``atleast_Nd`` reshapes a 0-d tensor and unsqueezes
a 1-d or 2-d one, and gives any other back itself.
"""

from functools import reduce

from ..binding import parse_under_python
from ..registry import at, function
from ..shape import broadcast_shapes


@function("broadcast_tensors")
def broadcast_tensors(*tensors):
    _, a = parse_under_python("torch", "broadcast_tensors", (tensors,))
    tensors = a["tensors"]
    if not tensors:
        return ()
    shape = reduce(broadcast_shapes, (t._shape for t in tensors))
    return tuple(t if t._shape == shape else at.expand(t, shape) for t in tensors)


def _atleast_1d(t):
    return at.reshape(t, (1,)) if t.dim() == 0 else t


def _atleast_2d(t):
    if t.dim() == 0:
        return at.reshape(t, (1, 1))
    return at.unsqueeze(t, 0) if t.dim() == 1 else t


def _atleast_3d(t):
    if t.dim() == 0:
        return at.reshape(t, (1, 1, 1))
    if t.dim() == 1:
        return at.unsqueeze(at.unsqueeze(t, 0), -1)
    return at.unsqueeze(t, -1) if t.dim() == 2 else t


def _atleast(name, one):
    def atleast(*tensors):
        # torch's wrapper: one argument is the tensor, or the sequence of tensors, itself
        given = tensors[0] if len(tensors) == 1 else tensors
        index, a = parse_under_python("torch", name, (given,))
        if index == 0:  # (Tensor input)
            return one(a["input"])
        return tuple(one(t) for t in a["tensors"])

    atleast.__name__ = atleast.__qualname__ = name
    return function(name)(atleast)


atleast_1d = _atleast("atleast_1d", _atleast_1d)
atleast_2d = _atleast("atleast_2d", _atleast_2d)
atleast_3d = _atleast("atleast_3d", _atleast_3d)
