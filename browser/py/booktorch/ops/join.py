"""torch.cat and torch.stack, with their backward nodes."""

from .. import dtypes as D
from ..graph import Node, attach, needs_grad
from ..grad_mode import no_grad
from ..iterator import copy_into, zeros
from ..registry import at, function, kernel
from ..shape import wrap_dim
from ..tensor import Tensor


def _check_list(tensors, name):
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)):
        raise TypeError(
            f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not {type(tensors).__name__}"
        )
    for t in tensors:
        if not isinstance(t, Tensor):
            raise TypeError(
                f"expected Tensor as element {list(tensors).index(t)} in argument 0, but got {type(t).__name__}"
            )


@kernel
def cat(tensors, dim=0):
    _check_list(tensors, "cat")
    if len(tensors) == 0:
        raise RuntimeError("torch.cat(): expected a non-empty list of Tensors")
    for i, t in enumerate(tensors):
        if t.dim() == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    # legacy behaviour: 1-D empty tensors are skipped
    ref = None
    for t in tensors:
        if not (t.dim() == 1 and t._shape[0] == 0):
            ref = t
            break
    dt = tensors[0]._dtype
    for t in tensors[1:]:
        dt = D.promote_types(dt, t._dtype)
    if ref is None:
        return Tensor._from_values([], (0,), dt)
    d = wrap_dim(dim, ref.dim())
    for i, t in enumerate(tensors):
        if t.dim() == 1 and t._shape[0] == 0:
            continue
        if t.dim() != ref.dim():
            raise RuntimeError(f"Tensors must have same number of dimensions: got {ref.dim()} and {t.dim()}")
        for k in range(ref.dim()):
            if k != d and t._shape[k] != ref._shape[k]:
                raise RuntimeError(
                    f"Sizes of tensors must match except in dimension {d}. Expected size {ref._shape[k]} but "
                    f"got size {t._shape[k]} for tensor number {i} in the list."
                )
    shape = list(ref._shape)
    used = [t for t in tensors if not (t.dim() == 1 and t._shape[0] == 0)]
    shape[d] = sum(t._shape[d] for t in used)
    out = zeros(shape, dt)
    start = 0
    for t in used:
        n = t._shape[d]
        copy_into(at.slice_(at.detach(out), d, start, start + n, 1), t)
        start += n
    out._version.version = 0
    if needs_grad(*tensors):
        attach(CatBackward0(list(tensors), dim=d, sizes=[t._shape for t in tensors]), out)
    return out


@kernel
def stack(tensors, dim=0):
    _check_list(tensors, "stack")
    if len(tensors) == 0:
        raise RuntimeError("stack expects a non-empty TensorList")
    ref = tensors[0]
    for i, t in enumerate(tensors[1:], 1):
        if t._shape != ref._shape:
            raise RuntimeError(
                f"stack expects each tensor to be equal size, but got [{', '.join(map(str, ref._shape))}] at "
                f"entry 0 and [{', '.join(map(str, t._shape))}] at entry {i}"
            )
    d = wrap_dim(dim, ref.dim() + 1)
    with no_grad():
        out = cat([at.unsqueeze(t, d) for t in tensors], d)
    if needs_grad(*tensors):
        attach(StackBackward0(list(tensors), dim=d), out)
    return out


class CatBackward0(Node):
    _name = "CatBackward0"
    formulas = ()

    def apply(self, grad):
        sv = self._svals
        dim = sv["dim"]
        outs = []
        start = 0
        for size in sv["sizes"]:
            n = size[dim] if size else 0
            outs.append(at.slice_(grad, dim, start, start + n, 1) if size else None)
            start += n
        return outs


class StackBackward0(Node):
    _name = "StackBackward0"
    formulas = ()

    def apply(self, grad):
        dim = self._svals["dim"]
        return [at.select(grad, dim, i) for i in range(len(self.next_functions))]


function("cat", "concat", "concatenate")(cat)
function("stack")(stack)
