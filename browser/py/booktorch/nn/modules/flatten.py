"""``nn.Flatten`` and ``nn.Unflatten``."""

from ...registry import at, export
from ...shape import wrap_dim
from .module import Module


def _unflatten(input, dim, sizes):
    """Tensor.unflatten(dim, sizes): a view splitting dimension ``dim`` into ``sizes``."""
    d = wrap_dim(dim, input.dim())
    sizes = list(sizes)
    if not sizes:
        raise RuntimeError("unflatten: sizes must be non-empty")
    size = input._shape[d]
    known = 1
    for s in sizes:
        if s != -1:
            known *= s
    if sizes.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    if (-1 in sizes and (known == 0 or size % known)) or (-1 not in sizes and known != size):
        raise RuntimeError(
            f"unflatten: Provided sizes {sizes} don't multiply up to the size of dim {d} ({size}) in the input tensor"
        )
    if -1 in sizes:
        sizes[sizes.index(-1)] = size // known
    return at.view(input, tuple(input._shape[:d]) + tuple(sizes) + tuple(input._shape[d + 1:]))


class Flatten(Module):
    """torch.nn.Flatten(start_dim=1, end_dim=-1)."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return at.flatten(input, self.start_dim, self.end_dim)

    def extra_repr(self):
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Unflatten(Module):
    """torch.nn.Unflatten(dim, unflattened_size)."""

    def __init__(self, dim, unflattened_size):
        super().__init__()
        self._require_tuple_int(unflattened_size)
        self.dim = dim
        self.unflattened_size = unflattened_size

    def _require_tuple_int(self, input_size):
        if isinstance(input_size, (tuple, list)):
            for idx, elem in enumerate(input_size):
                if not isinstance(elem, int):
                    raise TypeError(
                        f"unflattened_size must be tuple of ints, but found element of type {type(elem).__name__} "
                        f"at pos {idx}"
                    )
            return
        raise TypeError(f"unflattened_size must be a tuple of ints, but found type {type(input_size).__name__}")

    def forward(self, input):
        return _unflatten(input, self.dim, self.unflattened_size)

    def extra_repr(self):
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"


Flatten.__module__ = Unflatten.__module__ = "torch.nn.modules.flatten"
export("torch.nn", Flatten=Flatten, Unflatten=Unflatten)
