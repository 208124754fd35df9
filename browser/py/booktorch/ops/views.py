"""View operations: new shape/stride/offset over the same storage, no copying; and copies.

``view`` needs compatible strides (torch's ``computeStride``); ``reshape`` falls back
to ``clone`` + ``_unsafe_view`` when they are not; ``permute``/``transpose``/``t``
only swap strides; ``expand`` gives stride 0; ``contiguous`` copies only when
the tensor is not already contiguous.  Each records torch's backward node, defined
below its forward.
"""

from .. import dtypes as D
from ..dtypes import tensor_type_name
from ..errors import unsupported
from ..graph import Node, record
from ..iterator import copy_into, zeros
from ..registry import at, function, kernel, method, prop
from ..shape import (
    compute_view_stride,
    fmt_list,
    infer_size,
    is_contiguous,
    is_non_overlapping_and_dense,
    numel,
    numel_overflows,
    positions,
    preserve_strides,
    wrap_dim,
)
from ..size import Size
from ..storage import Storage, VersionCounter
from ..tensor import Tensor, warn_once
from ..binding import int_tuple, parse_under_python
from ..signatures import type_name


def make_view(base, shape, stride, offset):
    root = base._base if base._base is not None else base
    v = Tensor._make(base._storage, shape, stride, offset, base._dtype, base=root, version=base._versions)
    v._inference = base._inference
    return v


@kernel
def detach(t):
    out = Tensor._make(t._storage, t._shape, t._stride, t._offset, t._dtype, version=t._versions)
    out._inference = t._inference
    return out


@kernel
def data_alias(t):
    out = Tensor._make(t._storage, t._shape, t._stride, t._offset, t._dtype, version=VersionCounter())
    out._inference = t._inference
    return out


@kernel
def alias(t):
    out = make_view(t, t._shape, t._stride, t._offset)
    record(AliasBackward0, [t], out)
    return out


# ------------------------------------------------------------------ view / reshape
@kernel
def view(t, shape):
    shape = infer_size(tuple(shape), t.numel())
    stride = compute_view_stride(t._shape, t._stride, shape)
    if stride is None:
        raise RuntimeError(
            "view size is not compatible with input tensor's size and stride (at least one dimension spans "
            "across two contiguous subspaces). Use .reshape(...) instead."
        )
    out = make_view(t, shape, stride, t._offset)
    record(ViewBackward0, [t], out, self_sym_sizes=tuple(t._shape))
    return out


@kernel
def reshape(t, shape):
    shape = infer_size(tuple(shape), t.numel())
    stride = compute_view_stride(t._shape, t._stride, shape)
    if stride is not None:
        out = make_view(t, shape, stride, t._offset)
        # torch views a contiguous tensor and aliases any other (ATen's _reshape_alias)
        node = ViewBackward0 if is_contiguous(t._shape, t._stride) else ReshapeAliasBackward0
        record(node, [t], out, self_sym_sizes=tuple(t._shape))
        return out
    c = clone(t, contiguous=True)
    return unsafe_view(c, shape)


@kernel
def unsafe_view(t, shape):
    """torch's _unsafe_view: a view that autograd treats as a fresh tensor."""
    shape = infer_size(tuple(shape), t.numel())
    stride = compute_view_stride(t._shape, t._stride, shape)
    out = Tensor._make(t._storage, shape, stride, t._offset, t._dtype, version=t._versions)
    record(UnsafeViewBackward0, [t], out, self_sym_sizes=tuple(t._shape))
    return out


@kernel
def flatten(t, start_dim=0, end_dim=-1):
    nd = t.dim()
    start = wrap_dim(start_dim, nd)
    end = wrap_dim(end_dim, nd)
    if start > end:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if nd == 0:
        return reshape(t, (1,))
    if start == end:
        return t
    n = 1
    for s in t._shape[start:end + 1]:
        n *= s
    shape = t._shape[:start] + (n,) + t._shape[end + 1:]
    return reshape(t, shape)


# ------------------------------------------------------------------ dimension shuffles
@kernel
def permute(t, dims):
    nd = t.dim()
    if len(dims) != nd:
        raise RuntimeError(
            "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
            f"desired ordering of dimensions i.e. input.dim() = {nd} is not equal to len(dims) = {len(dims)}"
        )
    seen = set()
    wrapped = []
    for d in dims:
        w = wrap_dim(d, nd)
        if w in seen:
            raise RuntimeError("permute(): duplicate dims are not allowed.")
        seen.add(w)
        wrapped.append(w)
    out = make_view(t, [t._shape[d] for d in wrapped], [t._stride[d] for d in wrapped], t._offset)
    record(PermuteBackward0, [t], out, dims=tuple(wrapped))
    return out


@kernel
def transpose(t, dim0, dim1):
    nd = t.dim()
    d0 = wrap_dim(dim0, nd)
    d1 = wrap_dim(dim1, nd)
    shape = list(t._shape)
    stride = list(t._stride)
    if shape:
        shape[d0], shape[d1] = shape[d1], shape[d0]
        stride[d0], stride[d1] = stride[d1], stride[d0]
    out = make_view(t, shape, stride, t._offset)
    record(TransposeBackward0, [t], out, dim0=d0, dim1=d1)
    return out


@kernel
def t(x):
    if x.dim() > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {x.dim()}D")
    shape = tuple(reversed(x._shape))
    stride = tuple(reversed(x._stride))
    out = make_view(x, shape, stride, x._offset)
    record(TBackward0, [x], out)
    return out


_T_MSG = (
    "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it will "
    "throw an error in a future release. Consider `x.mT` to transpose batches of matrices or "
    "`x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor. (Triggered "
    "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)"
)
_T0_MSG = (
    "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases. (Triggered "
    "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4321.)"
)


@kernel
def numpy_T(x):
    n = x.dim()
    if n != 2 and n != 0:
        warn_once("numpy_T", _T_MSG, stacklevel=3)
    if n == 0:
        warn_once("numpy_T0", _T0_MSG, stacklevel=3)
    return permute(x, list(range(n - 1, -1, -1)))


@kernel
def mT(x):
    if x.dim() == 0:
        warn_once("mT0", "Tensor.mT is deprecated on 0-D tensors. This function is the identity in these cases. "
                  "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4373.)",
                  stacklevel=3)
        return x
    if x.dim() < 2:
        raise RuntimeError(f"tensor.mT is only supported on matrices or batches of matrices. Got {x.dim()}-D tensor.")
    return transpose(x, -2, -1)


@kernel
def unsqueeze(x, dim):
    nd = x.dim()
    d = wrap_dim(dim, nd + 1)
    shape = list(x._shape)
    stride = list(x._stride)
    new_stride = 1 if d >= nd else shape[d] * stride[d]
    shape.insert(d, 1)
    stride.insert(d, new_stride)
    out = make_view(x, shape, stride, x._offset)
    record(UnsqueezeBackward0, [x], out, dim=d)
    return out


@kernel
def squeeze(x, dim=None):
    if dim is None:
        keep = [i for i, s in enumerate(x._shape) if s != 1]
        out = make_view(x, [x._shape[i] for i in keep], [x._stride[i] for i in keep], x._offset)
        record(SqueezeBackward0, [x], out, self_sym_sizes=tuple(x._shape))
        return out
    if isinstance(dim, (tuple, list)):
        nd = x.dim()
        dims = []
        for d in dim:
            w = wrap_dim(d, nd)
            if w in dims:
                raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
            dims.append(w)
        keep = [i for i, s in enumerate(x._shape) if not (i in dims and s == 1)]
        out = make_view(x, [x._shape[i] for i in keep], [x._stride[i] for i in keep], x._offset)
        record(SqueezeBackward2, [x], out, self_sym_sizes=tuple(x._shape), dim=tuple(dims))
        return out
    return _squeeze_dim(x, dim, SqueezeBackward1)


def _squeeze_dim(x, dim, node):
    nd = x.dim()
    d = wrap_dim(dim, nd)
    if nd > 0 and x._shape[d] == 1:
        shape = x._shape[:d] + x._shape[d + 1:]
        stride = x._stride[:d] + x._stride[d + 1:]
    else:
        shape, stride = x._shape, x._stride
    out = make_view(x, shape, stride, x._offset)
    record(node, [x], out, self_sym_sizes=tuple(x._shape), dim=d)
    return out


@kernel
def squeeze_inplace_dim(x, dim):
    """``x.squeeze_(dim)`` on a fresh result (matmul's 1-D @ 2-D): SqueezeBackward4."""
    return _squeeze_dim(x, dim, SqueezeBackward4)


@kernel
def expand(x, sizes):
    sizes = tuple(sizes)
    nd = len(sizes)
    td = x.dim()
    if nd < td:
        raise RuntimeError(
            f"expand({tensor_type_name(x._dtype)}{{{fmt_list(x._shape)}}}, size={fmt_list(sizes)}): the number "
            f"of sizes provided ({nd}) must be greater or equal to the number of dimensions in the tensor ({td})"
        )
    if td == 0 and any(v < 0 for v in sizes):
        # a 0-d tensor takes the sizes as given (torch checks only the element count)
        if numel_overflows(sizes):
            raise RuntimeError("numel: integer multiplication overflow")
        out = make_view(x, sizes, [0] * nd, x._offset)
        record(ExpandBackward0, [x], out, self_sym_sizes=tuple(x._shape))
        return out
    shape = [0] * nd
    stride = [0] * nd
    for i in range(nd - 1, -1, -1):
        offset = nd - 1 - i
        d = td - 1 - offset
        size = x._shape[d] if d >= 0 else 1
        if d >= 0:
            st = x._stride[d]
        else:
            st = shape[i + 1] * stride[i + 1] if i + 1 < nd else 0
        target = sizes[i]
        if target == -1:
            if d < 0:
                raise RuntimeError(
                    f"The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension {i}"
                )
            target = size
        if size != target:
            if size != 1:
                raise RuntimeError(
                    f"The expanded size of the tensor ({target}) must match the existing size ({size}) at "
                    f"non-singleton dimension {i}.  Target sizes: {fmt_list(sizes)}.  Tensor sizes: "
                    f"{fmt_list(x._shape)}"
                )
            size = target
            st = 0
        shape[i] = size
        stride[i] = st
    if numel_overflows(shape):
        raise RuntimeError("numel: integer multiplication overflow")
    out = make_view(x, shape, stride, x._offset)
    record(ExpandBackward0, [x], out, self_sym_sizes=tuple(x._shape))
    return out


# ------------------------------------------------------------------ select / slice
@kernel
def select(x, dim, index, indexing=False):
    if x.dim() == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, x.dim())
    size = x._shape[d]
    if index < -size or index >= size:
        if indexing:
            raise IndexError(f"index {index} is out of bounds for dimension {d} with size {size}")
        raise IndexError(
            f"select(): index {index} out of range for tensor of size {fmt_list(x._shape)} at dimension {d}"
        )
    i = index + size if index < 0 else index
    out = make_view(
        x, x._shape[:d] + x._shape[d + 1:], x._stride[:d] + x._stride[d + 1:], x._offset + i * x._stride[d]
    )
    record(SelectBackward0, [x], out, self_sym_sizes=tuple(x._shape), dim=d, index=i)
    return out


@kernel
def slice_(x, dim, start=None, end=None, step=1):
    if x.dim() == 0:
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, x.dim())
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    size = x._shape[d]
    start = 0 if start is None else start
    end = size if end is None else end
    if start < 0:
        start += size
    if end < 0:
        end += size
    start = min(max(start, 0), size)
    end = min(max(end, start), size)
    length = (end - start + step - 1) // step
    shape = list(x._shape)
    stride = list(x._stride)
    shape[d] = length
    stride[d] = stride[d] * step
    out = make_view(x, shape, stride, x._offset + start * x._stride[d])
    record(SliceBackward0, [x], out, self_sym_sizes=tuple(x._shape), dim=d, start=start, end=end,
                   step=step)
    return out


# ------------------------------------------------------------------ copies
def _copy_layout(x, stride):
    n = numel(x._shape)
    data = [None] * n if n else []
    vals = x._values()
    if n:
        for p, v in zip(positions(x._shape, stride, 0), vals):
            data[p] = v
    return Tensor._make(Storage(data, x._dtype.itemsize), x._shape, stride, 0, x._dtype)


@kernel
def clone(x, contiguous=False):
    if not contiguous:
        out = _copy_layout(x, preserve_strides(x._shape, x._stride))
    else:
        out = Tensor._from_values(x._values(), x._shape, x._dtype)
    record(CloneBackward0, [x], out)
    return out


@kernel
def contiguous(x):
    if is_contiguous(x._shape, x._stride):
        return x
    return clone(x, contiguous=True)


@kernel
def clone_obey_contract(g, var):
    """A detached copy of gradient ``g`` laid out like the leaf ``var`` (torch's layout contract)."""
    if is_non_overlapping_and_dense(var._shape, var._stride) and not is_contiguous(var._shape, var._stride):
        out = _copy_layout(g, var._stride)
    else:
        out = Tensor._from_values(g._values(), g._shape, g._dtype)
    return out




# ------------------------------------------------------------------ backward nodes
class _Identity(Node):

    def apply(self, grad):
        return [grad]


class AliasBackward0(_Identity):
    _name = "AliasBackward0"


class CloneBackward0(_Identity):
    _name = "CloneBackward0"


class ViewBackward0(Node):
    _name = "ViewBackward0"

    def apply(self, grad):
        return [reshape(grad, self._svals["self_sym_sizes"])]


class ReshapeAliasBackward0(ViewBackward0):
    _name = "ReshapeAliasBackward0"


class UnsafeViewBackward0(ViewBackward0):
    _name = "UnsafeViewBackward0"


class PermuteBackward0(Node):
    _name = "PermuteBackward0"

    def apply(self, grad):
        dims = self._svals["dims"]
        inv = [0] * len(dims)
        for i, d in enumerate(dims):
            inv[d] = i
        return [permute(grad, inv)]


class TransposeBackward0(Node):
    _name = "TransposeBackward0"

    def apply(self, grad):
        sv = self._svals
        return [transpose(grad, sv["dim0"], sv["dim1"])]


class TBackward0(Node):
    _name = "TBackward0"

    def apply(self, grad):
        return [t(grad)]


class UnsqueezeBackward0(Node):
    _name = "UnsqueezeBackward0"

    def apply(self, grad):
        return [squeeze(grad, self._svals["dim"])]


class SqueezeBackward0(Node):
    _name = "SqueezeBackward0"

    def apply(self, grad):
        for i, s in enumerate(self._svals["self_sym_sizes"]):
            if s == 1:
                grad = unsqueeze(grad, i)
        return [grad]


class SqueezeBackward1(Node):
    _name = "SqueezeBackward1"

    def apply(self, grad):
        sv = self._svals
        d = sv["dim"]
        if sv["self_sym_sizes"] and sv["self_sym_sizes"][d] == 1:
            grad = unsqueeze(grad, d)
        return [grad]


class SqueezeBackward4(SqueezeBackward1):
    _name = "SqueezeBackward4"


class SqueezeBackward2(Node):
    _name = "SqueezeBackward2"

    def apply(self, grad):
        sv = self._svals
        sizes = sv["self_sym_sizes"]
        for d in sorted(sv["dim"]):
            if sizes and sizes[d] == 1:
                grad = unsqueeze(grad, d)
        return [grad]


class ExpandBackward0(Node):
    _name = "ExpandBackward0"

    def apply(self, grad):
        return [at.sum_to(grad, self._svals["self_sym_sizes"])]


class SelectBackward0(Node):
    _name = "SelectBackward0"

    def apply(self, grad):
        sv = self._svals
        out = zeros(sv["self_sym_sizes"], grad._dtype)
        copy_into(select(out, sv["dim"], sv["index"]), grad)
        return [out]


class SliceBackward0(Node):
    _name = "SliceBackward0"

    def apply(self, grad):
        sv = self._svals
        out = zeros(sv["self_sym_sizes"], grad._dtype)
        copy_into(slice_(out, sv["dim"], sv["start"], sv["end"], sv["step"]), grad)
        return [out]


# ------------------------------------------------------------------ the Tensor and torch API
@method("view")
def view_method(self, *shape):
    if len(shape) == 1 and isinstance(shape[0], D.dtype):
        raise unsupported("Tensor.view(dtype)")
    return view(self, int_tuple(shape))


@method("view_as")
def view_as(self, other):
    return view(self, other._shape)


@method("reshape")
def reshape_method(self, *shape):
    return reshape(self, int_tuple(shape))


@function("reshape")
def reshape_function(input, shape):  # noqa: A002 - torch's name
    return reshape(input, int_tuple(shape))


@method("reshape_as")
def reshape_as(self, other):
    return reshape(self, other._shape)


@method("permute")
def permute_method(self, *dims):
    return permute(self, int_tuple(dims))


@function("permute")
def permute_function(input, dims):  # noqa: A002 - torch's name
    return permute(input, int_tuple(dims))


@method("transpose", "swapaxes", "swapdims")
@function("transpose", "swapaxes", "swapdims")
def transpose_method(self, dim0, dim1):
    return transpose(self, dim0, dim1)


method("t")(t)
function("t")(t)
method("unsqueeze")(unsqueeze)
function("unsqueeze")(unsqueeze)


@method("squeeze")
def squeeze_method(self, *dims, dim=None):
    """x.squeeze(), x.squeeze(1), x.squeeze((0, 1)) or, as torch's parser reads varargs, x.squeeze(0, 1)."""
    return squeeze(self, dims if len(dims) > 1 else dims[0] if dims else dim)


@function("squeeze")
def squeeze_function(input, dim=None):
    return squeeze(input, dim)


@method("expand")
def expand_method(self, *sizes, implicit=False):  # implicit: a flag for torch's tracer, which changes nothing
    return expand(self, int_tuple(sizes))


@method("expand_as")
def expand_as(self, other):
    if not isinstance(other, Tensor):
        raise TypeError(f"expand_as(): argument 'other' (position 1) must be Tensor, not {type_name(other)}")
    return expand(self, other._shape)


@method("flatten")
@function("flatten")
def flatten_method(self, start_dim=0, end_dim=-1):
    return flatten(self, start_dim, end_dim)


@method("contiguous")
def contiguous_method(self, memory_format=None):
    return contiguous(self)


@method("clone")
@function("clone")
def clone_method(self, memory_format=None):
    return clone(self)


@method("select")
@function("select")
def select_method(self, dim, index):
    return select(self, dim, index)


@method("narrow")
def narrow_method(self, dim, start, length):
    return narrow(self, dim, start, length)


@function("narrow")
def narrow_function(input, dim, start, length):
    return narrow(input, dim, start, length)


def narrow(self, dim, start, length):
    if isinstance(start, Tensor):  # the narrow.Tensor overload
        if start.dim() != 0 or start._dtype._kind != 1:
            raise RuntimeError("start must be an 0-dim integral Tensor.")
        start = start.item()
    if self.dim() == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    d = wrap_dim(dim, self.dim())
    size = self._shape[d]
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], but got {start})")
    if start < 0:
        start += size
    if start > size - length:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
    return slice_(self, d, start, start + length, 1)


method("detach")(detach)
function("detach")(detach)


def _set_data(self, other):
    if not isinstance(other, Tensor):
        raise TypeError("Variable data has to be a tensor, but got " + type(other).__name__)
    self._storage = other._storage
    self._shape = other._shape
    self._stride = other._stride
    self._offset = other._offset
    self._dtype = other._dtype


prop("data", data_alias, _set_data)
prop("T", numpy_T)
prop("mT", mT)


def _H(self):
    if self.dim() == 2:
        return numpy_T(self)
    if self.dim() == 0:
        warn_once("H0", "Tensor.H is deprecated on 0-D tensors. Consider using x.conj(). (Triggered internally at "
                  "/__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4335.)", stacklevel=3)
        return self
    hint = " For batches of matrices, consider using tensor.mH" if self.dim() > 2 else ""
    raise RuntimeError(f"tensor.H is only supported on matrices (2-D tensors). Got {self.dim()}-D tensor.{hint}")


def _mH(self):
    if self.dim() == 0:
        warn_once("mH0", "Tensor.mH is deprecated on 0-D tensors. Consider using x.conj(). (Triggered internally "
                  "at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4382.)", stacklevel=3)
        return self
    if self.dim() < 2:
        raise RuntimeError(
            f"tensor.mH is only supported on matrices or batches of matrices. Got {self.dim()}-D tensor."
        )
    return transpose(self, -2, -1)


prop("H", _H)
prop("mH", _mH)


@function("broadcast_shapes")
def broadcast_shapes_function(*shapes):
    """torch.broadcast_shapes (torch._refs._broadcast_shapes: its checks and messages)."""
    shapes = [(s,) if isinstance(s, int) else s for s in shapes if s is not None]
    for s in shapes:
        if not isinstance(s, (tuple, list)):
            raise RuntimeError(f"Input shapes should be of type ints, a tuple of ints, or a list of ints, got {s!r}")
    common = [1] * max((len(s) for s in shapes), default=0)
    for arg, s in enumerate(shapes):
        for i in range(-1, -1 - len(s), -1):
            if common[i] == 1:
                if s[i] < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[i] = s[i]
            elif s[i] != 1 and common[i] != s[i]:
                raise RuntimeError(
                    f"Attempting to broadcast a dimension of length {s[i]} at {i}! Mismatching argument at index "
                    f"{arg} had {s!r}; but expected shape should be broadcastable to {common}"
                )
    return Size(common)


@function("broadcast_to")
def broadcast_to(input, size):
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"broadcast_to(): argument 'size' (position 2) must be tuple of ints, not {type_name(size)}")
    return expand(input, tuple(size))


# ------------------------------------------------------------------ movedim / unflatten
@kernel
def movedim(x, source, destination):
    """torch's movedim: the permutation that puts each source dim at its destination, the other dims
    keeping their order."""
    source, destination = tuple(source), tuple(destination)
    if len(source) != len(destination):
        raise RuntimeError(
            f"movedim: Invalid source or destination dims: source ({fmt_list(source)} dims) should contain the same "
            f"number of dims as destination ({fmt_list(destination)} dims)"
        )
    nd = x.dim()
    src = [wrap_dim(d, nd) for d in source]
    dst = [wrap_dim(d, nd) for d in destination]
    if len(set(src)) != len(src):
        raise RuntimeError(f"movedim: repeated dim in `source` ({fmt_list(source)})")
    if len(set(dst)) != len(dst):
        raise RuntimeError(f"movedim: repeated dim in `destination` ({fmt_list(destination)})")
    if nd == 0:
        return alias(x)
    order = [None] * nd
    for s_, d_ in zip(src, dst):
        order[d_] = s_
    rest = iter(d for d in range(nd) if d not in src)
    order = [next(rest) if o is None else o for o in order]
    return permute(x, order)


@kernel
def unflatten(x, dim, sizes):
    d = wrap_dim(dim, x.dim())
    if not sizes:
        raise RuntimeError("unflatten: sizes must be non-empty")
    try:
        size = x.size(d)
        inferred = infer_size(tuple(sizes), size)
    except (RuntimeError, IndexError) as e:
        if "is invalid for input of size" not in str(e):
            raise RuntimeError(f"unflatten got an unexpected error:\n{e}") from None
        raise RuntimeError(
            f"unflatten: Provided sizes {fmt_list(sizes)} don't multiply up to the size of dim {d} ({size}) in the "
            "input tensor"
        ) from None
    return view(x, x._shape[:d] + tuple(inferred) + x._shape[d + 1:])


# torch's parser (booktorch/binding.py) has read the overload: two ints, or two int tuples
@method("movedim", "moveaxis")
@function("movedim", "moveaxis")
def movedim_api(self, source, destination):
    return movedim(self, int_tuple(source), int_tuple(destination))


@method("unflatten")
def unflatten_method(self, dim, sizes):
    """Tensor.unflatten (torch/_tensor.py): no sizes is its own error; the rest is TensorBase.unflatten's."""
    if not sizes:
        raise RuntimeError("unflatten: sizes must be non-empty")
    _, a = parse_under_python("Tensor", "unflatten", (dim, sizes))
    return unflatten(self, a["dim"], a["sizes"])


@function("unflatten")
def unflatten_function(input, dim, sizes):
    return unflatten(input, dim, tuple(sizes))
