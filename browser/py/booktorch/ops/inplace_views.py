"""In-place shape changes: ``unsqueeze_``, ``squeeze_``, ``t_``, ``transpose_``/``swapdims_``/``swapaxes_``,
``as_strided_`` (and ``torch.as_strided``), ``resize_`` and ``resize_as_``.

They change a tensor's own shape, strides and offset, not its values, and return the tensor itself.
As torch does, each counts as an in-place operation: it bumps the version counter shared with the
tensor's views, goes through autograd's in-place checks (a leaf that requires grad, a view of one, a
view made under no_grad), and, when recorded, gives the tensor a node of its own named after the
in-place form (``UnsqueezeBackward1``, ``SqueezeBackward3/4/5``, ``TBackward1``, ``TransposeBackward1``,
``AsStridedBackward1``) whose edge leads to the tensor's old history.  The other views of the same base
then read their history through the base again (``AsStridedBackward0``, as torch regenerates them).
``resize_`` refuses a tensor that requires grad, whatever the grad mode.
"""

from .. import dtypes as D
from ..devices import contiguous_format, preserve_format
from ..grad_mode import no_grad
from ..errors import unsupported
from ..graph import Node, attach, make_node, record, saved_ints
from ..iterator import check_inplace, copy_into, zeros
from ..registry import at, function, kernel, method
from ..shape import contiguous_strides, fmt_list, numel, numel_overflows, positions
from ..binding import int_tuple
from ..tensor import Tensor
from .rebase import AsStridedBackward0 as _ViewOfBase


# ------------------------------------------------------------------ as_strided (out of place)
def _check_geometry(x, size, stride, offset, inplace):
    """torch's as_strided checks (setStrided and checkInBoundsForStorage), in torch's order."""
    if len(size) != len(stride):
        raise RuntimeError("mismatch in length of strides and shape")
    if any(s < 0 for s in stride):
        raise RuntimeError(f"as_strided: Negative strides are not supported at the moment, got strides: "
                           f"{fmt_list(stride)}")
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    if any(s < 0 for s in size):  # torch leaves the tensor with the negative size; booktorch leaves it alone
        if inplace:
            raise RuntimeError("numel: integer multiplication overflow")
        raise RuntimeError(f"Storage size calculation overflowed with sizes={fmt_list(size)} and strides={fmt_list(stride)}")
    itemsize = x._dtype.itemsize
    needed = 0 if 0 in size else itemsize * (offset + 1 + sum((n - 1) * st for n, st in zip(size, stride)))
    available = x._storage.nbytes()
    if needed > available:
        raise RuntimeError(
            f"setStorage: sizes {fmt_list(size)}, strides {fmt_list(stride)}, storage offset {offset}, and "
            f"itemsize {itemsize} requiring a storage size of {needed} are out of bounds for storage of size "
            f"{available}")


def _view(x, shape, stride, offset):
    root = x._base if x._base is not None else x
    v = Tensor._make(x._storage, shape, stride, offset, x._dtype, base=root, version=x._versions)
    v._inference = x._inference
    return v


@kernel
def as_strided(x, size, stride, storage_offset=None, inplace=False):
    size, stride = tuple(size), tuple(stride)
    offset = x._offset if storage_offset is None else storage_offset
    _check_geometry(x, size, stride, offset, inplace)
    out = _view(x, size, stride, offset)
    node = record(AsStridedBackward0, (x,), out, size=size, stride=stride, storage_offset=storage_offset)
    if node is not None:
        node.geometry = (x._shape, x._stride, x._offset)
    return out


def _maybe_overlapping(sizes, strides):
    reach = 0
    for i in sorted(range(len(sizes)), key=lambda i: strides[i]):
        if strides[i] <= reach:
            return True
        reach += strides[i] * (sizes[i] - 1)
    return False


def _min_storage_size(sizes, strides, offset):
    size = offset + 1
    for n, st in zip(sizes, strides):
        if n == 0:
            return offset
        size += (n - 1) * st
    return size


@kernel
def as_strided_backward(grad, geometry, sizes, strides, storage_offset):
    """torch's as_strided_backward: the gradient lands in a zero "storage" where the output's elements
    were (added up where the output overlaps itself), is divided by how often the input reads each
    element (where the input overlaps itself) and is read back with the input's geometry."""
    in_sizes, in_strides, in_offset = geometry
    out_offset = in_offset if storage_offset is None else storage_offset
    out_sizes, out_strides = [], []
    for i in range(len(sizes) - 1, -1, -1):
        if sizes[i] == 0:
            return zeros(in_sizes, grad._dtype)
        if sizes[i] == 1:
            grad = at.squeeze(grad, i)
        elif strides[i] == 0:
            grad = at.sum(grad, (i,), False)
        else:
            out_sizes.insert(0, sizes[i])
            out_strides.insert(0, strides[i])
    inp_sizes, inp_strides = [], []
    for n, st in zip(in_sizes, in_strides):
        if n == 0:
            return zeros(in_sizes, grad._dtype)
        if n != 1:
            inp_sizes.append(n)
            inp_strides.append(st)
    shared = min(in_offset, out_offset)
    inp_eff, out_eff = in_offset - shared, out_offset - shared
    base_size = max(_min_storage_size(inp_sizes, inp_strides, inp_eff),
                    _min_storage_size(out_sizes, out_strides, out_eff))
    storage = zeros((base_size,), grad._dtype)
    if _maybe_overlapping(out_sizes, out_strides):
        index = Tensor._from_values(list(positions(out_sizes, out_strides, out_eff)), (numel(out_sizes),), D.int64)
        storage = at.index_add(storage, 0, index, at.reshape(grad, (-1,)))
    else:
        with no_grad():
            copy_into(as_strided(storage, out_sizes, out_strides, out_eff), grad)
    if _maybe_overlapping(inp_sizes, inp_strides):
        count = [0] * base_size
        for p in positions(inp_sizes, inp_strides, inp_eff):
            count[p] += 1
        storage = at.div(storage, Tensor._from_values(D.convert(count, D.int64, grad._dtype), (base_size,),
                                                      grad._dtype))
    return as_strided(storage, in_sizes, in_strides, inp_eff)


class AsStridedBackward0(Node):
    _name = "AsStridedBackward0"

    def apply(self, grad):
        sv = self._svals
        return [as_strided_backward(grad, self.geometry, sv["size"], sv["stride"], sv["storage_offset"])]


class AsStridedBackward1(AsStridedBackward0):
    _name = "AsStridedBackward1"


# ------------------------------------------------------------------ the in-place view ops
def _reshape_in_place(t, compute, node_class, geometry_saved=False, **values):
    """Give ``t`` the geometry of ``compute()`` (the out-of-place op, run without recording, after
    autograd's in-place checks as in torch) and, when autograd records the change, ``node_class`` as
    its grad_fn."""
    record_it = check_inplace(t)
    with no_grad():
        view = compute()
    node = make_node(node_class, (t,), **values) if record_it else None
    if node is not None and geometry_saved:
        node.geometry = (t._shape, t._stride, t._offset)
    t._shape, t._stride, t._offset = view._shape, view._stride, view._offset
    t._versions.bump()
    if node is not None:
        t._grad_fn = None
        attach(node, t)
        _regenerate_views(t)
    return t


def _regenerate_views(t):
    """The live views of t's base (t's own included, but not t) read their history through the base
    again, as torch regenerates a view's grad_fn once its version has moved on."""
    root = t._base if t._base is not None else t
    refs = root.__dict__.get("_views", [])
    for view in [v for v in (ref() for ref in refs) if v is not None]:
        if view is not t:
            view._grad_fn = None
            attach(_ViewOfBase(root, view), view)


@method("unsqueeze_")
def unsqueeze_(self, dim):
    return _reshape_in_place(self, lambda: at.unsqueeze(self, dim), UnsqueezeBackward1, dim=saved_ints(dim))


@method("squeeze_")
def squeeze_(self, *dims, dim=None):
    """x.squeeze_(), x.squeeze_(1), x.squeeze_((0, 1)) or, as torch's parser reads varargs, x.squeeze_(0, 1)."""
    dim = dims if len(dims) > 1 else dims[0] if dims else dim
    sizes = tuple(self._shape)

    def view():
        return at.squeeze(self, dim)

    if dim is None:
        return _reshape_in_place(self, view, SqueezeBackward3, self_sym_sizes=sizes)
    if isinstance(dim, (tuple, list)):
        return _reshape_in_place(self, view, SqueezeBackward5, self_sym_sizes=sizes, dim=saved_ints(tuple(dim)))
    return _reshape_in_place(self, view, SqueezeBackward4, self_sym_sizes=sizes, dim=saved_ints(dim))


@method("t_")
def t_(self):
    def view():
        if len(self._shape) > 2:
            raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is {len(self._shape)}D")
        return at.t(self)

    return _reshape_in_place(self, view, TBackward1)


@method("transpose_", "swapdims_", "swapaxes_")
def transpose_(self, dim0, dim1):
    return _reshape_in_place(self, lambda: at.transpose(self, dim0, dim1), TransposeBackward1,
                             dim0=saved_ints(dim0), dim1=saved_ints(dim1))


@method("as_strided_")
@function("as_strided_")
def as_strided_(input, size, stride, storage_offset=None):  # noqa: A002 - torch's name
    size, stride = int_tuple(size), int_tuple(stride)
    return _reshape_in_place(input, lambda: as_strided(input, size, stride, storage_offset, True), AsStridedBackward1,
                             geometry_saved=True, size=size, stride=stride, storage_offset=storage_offset)


@method("as_strided")
@function("as_strided")
def as_strided_method(input, size, stride, storage_offset=None):  # noqa: A002 - torch's name
    return as_strided(input, int_tuple(size), int_tuple(stride), storage_offset)


# ------------------------------------------------------------------ resize_
def _resize(t, sizes, memory_format):
    """torch's resize_: nothing changes (not even the version) when the sizes are already ``sizes``, except
    that a ``memory_format`` given restrides; otherwise the storage grows as needed, the strides become
    row-major and the version moves on."""
    if t._requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    if memory_format is not None and memory_format is not contiguous_format and memory_format is not preserve_format:
        raise unsupported(f"Tensor.resize_ with memory_format={memory_format}")
    if numel_overflows(sizes) or any(s < 0 for s in sizes):  # torch leaves the negative size; booktorch does not
        raise RuntimeError("numel: integer multiplication overflow")
    changed = tuple(sizes) != t._shape
    if changed:
        needed = t._offset + numel(sizes) if numel(sizes) else 0
        data = t._storage.data
        if needed > len(data):  # torch's new memory is uninitialised; booktorch's holds zeros
            data.extend([D.zero_of(t._dtype)] * (needed - len(data)))
        t._shape, t._stride = tuple(sizes), contiguous_strides(sizes)
    if memory_format is preserve_format:
        raise RuntimeError("Unsupported memory formatPreserve")
    if memory_format is not None:
        t._stride = contiguous_strides(t._shape)
    if changed:  # torch counts a resize that changed the sizes, once it has succeeded
        t._versions.bump()
    return t


@kernel
def resize_tensor(t, sizes):
    """``t.resize_(sizes)`` (torch.empty(out=) resizes its out this way)."""
    return _resize(t, tuple(sizes), None)


@method("resize_")
def resize_(self, *size, memory_format=None):
    return _resize(self, int_tuple(size), memory_format)


@method("resize_as_")
def resize_as_(self, the_template, memory_format=None):
    return _resize(self, tuple(the_template._shape), memory_format)


# ------------------------------------------------------------------ backward nodes (derivatives.yaml)
def _signed(d):
    """A dim as the node saved it (a negative one as torch shows it, unsigned) back to a Python int."""
    return d - (1 << 64) if d >= 1 << 63 else d


class UnsqueezeBackward1(Node):
    _name = "UnsqueezeBackward1"

    def apply(self, grad):
        return [at.squeeze(grad, _signed(self._svals["dim"]))]


def _unsqueeze_to(grad, sizes, dims):
    for d in dims:
        if sizes and sizes[d] == 1:
            grad = at.unsqueeze(grad, d)
    return grad


class SqueezeBackward3(Node):
    _name = "SqueezeBackward3"

    def apply(self, grad):
        sizes = self._svals["self_sym_sizes"]
        return [_unsqueeze_to(grad, sizes, range(len(sizes)))]


class SqueezeBackward4(Node):
    _name = "SqueezeBackward4"

    def apply(self, grad):
        sizes = self._svals["self_sym_sizes"]
        return [_unsqueeze_to(grad, sizes, [_signed(self._svals["dim"]) % len(sizes)] if sizes else [])]


class SqueezeBackward5(Node):
    _name = "SqueezeBackward5"

    def apply(self, grad):
        sizes = self._svals["self_sym_sizes"]
        dims = sorted(_signed(d) % len(sizes) for d in self._svals["dim"]) if sizes else []
        return [_unsqueeze_to(grad, sizes, dims)]


class TBackward1(Node):
    _name = "TBackward1"

    def apply(self, grad):
        return [at.t(grad)]


class TransposeBackward1(Node):
    _name = "TransposeBackward1"

    def apply(self, grad):
        return [at.transpose(grad, _signed(self._svals["dim0"]), _signed(self._svals["dim1"]))]
