"""The Tensor class: a strided view onto a flat :class:`~booktorch.storage.Storage`.

A tensor is (storage, shape, strides, storage offset, dtype) plus autograd
fields. Views (``view``, ``permute``, ``x[1]``...) make new Tensor objects over
the same storage, so writes through a view show in its base, exactly like torch.

This module holds the data and the attributes that need nothing else (shape,
strides, dtype, ``requires_grad``, ``.grad``, ``item()``...).  The operations,
operators and printing are declared by their own modules (``booktorch/ops/``,
``formatting``, ``engine``) with :mod:`booktorch.registry` and set on the class
when the package has been imported.
"""

import warnings
import weakref
from itertools import chain

from .devices import CPU, strided
from .errors import unsupported
from .grad_mode import state as grad_state
from .registry import at, export
from .shape import contiguous_strides, is_contiguous, numel, positions, wrap_dim
from .size import Size
from .storage import Storage, VersionCounter

_TRIGGERED_ITEM = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior.\n"
    "Consider using tensor.detach() first. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/generated/python_variable_methods.cpp:822.)"
)
_NONLEAF_GRAD = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute "
    "won't be populated during autograd.backward(). If you indeed want the .grad field to be populated "
    "for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor "
    "by mistake, make sure you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 "
    "for more information. (Triggered internally at "
    "/__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)"
)
_warned_once = set()


def warn_once(key, message, stacklevel=3):
    """A UserWarning that torch gives once per process (TORCH_WARN_ONCE)."""
    if key in _warned_once:
        return
    _warned_once.add(key)
    warnings.warn(message, UserWarning, stacklevel=stacklevel)


class Tensor:
    """A strided tensor of any of booktorch's dtypes."""

    __slots__ = (
        "_storage",
        "_shape",
        "_stride",
        "_offset",
        "_dtype",
        "_requires_grad",
        "_grad",
        "_grad_fn",
        "_output_nr",
        "_base",
        "_versions",
        "_accumulator",
        "_retains_grad",
        "_hooks",
        "_post_hooks",
        "_inference",
        "__weakref__",
        "__dict__",
    )

    __module__ = "torch"

    def __new__(cls, *args, **kwargs):
        """``torch.Tensor(...)``, the legacy constructor (booktorch/ops/legacy_constructors.py)."""
        if cls is not Tensor:
            raise unsupported("Subclassing torch.Tensor")
        return at.legacy_new(None, args, kwargs, False)

    def __init__(self, *args, **kwargs):
        pass  # everything happens in __new__

    # ----------------------------------------------------------- internals
    @classmethod
    def _make(cls, storage, shape, stride, offset, dt, base=None, version=None):
        t = object.__new__(cls)
        t._storage = storage
        t._shape = tuple(shape)
        t._stride = tuple(stride)
        t._offset = offset
        t._dtype = dt
        t._requires_grad = False
        t._grad = None
        t._grad_fn = None
        t._output_nr = 0
        t._base = base
        t._versions = version if version is not None else VersionCounter()
        t._accumulator = None
        t._retains_grad = False
        t._hooks = None  # register_hook's hooks, see booktorch.hooks
        t._post_hooks = None  # register_post_accumulate_grad_hook's
        t._inference = grad_state.inference
        if base is not None:
            if not grad_state.grad:  # torch forbids recording an in-place write into it (iterator.py)
                t.__dict__["_no_grad_view"] = True
            elif base._grad_fn is not None:
                # a view of a non-leaf: an in-place write into the base regenerates its grad_fn (ops/rebase.py)
                base.__dict__.setdefault("_views", []).append(weakref.ref(t))
        return t

    @classmethod
    def _from_values(cls, values, shape, dt):
        """A new contiguous tensor owning ``values`` (already of dtype ``dt``)."""
        return cls._make(Storage(values, dt.itemsize), shape, contiguous_strides(shape), 0, dt)

    def _positions(self):
        return positions(self._shape, self._stride, self._offset)

    def _values(self):
        """Element values in row-major order (a new list)."""
        data = self._storage.data
        shape, stride = self._shape, self._stride
        if self._offset == 0 and is_contiguous(shape, stride):
            return data[:numel(shape)]
        if not shape:
            return [data[self._offset]]
        if not any(stride):  # one value, expanded (a reduction's gradient)
            return [data[self._offset]] * numel(shape)
        n, step = shape[-1], stride[-1]
        if step == 0 or 0 in shape:
            return [data[p] for p in self._positions()]
        # each run along the last dimension is one slice of the storage
        span = (n - 1) * step + 1
        starts = positions(shape[:-1], stride[:-1], self._offset)
        return list(chain.from_iterable([data[p:p + span:step] for p in starts]))

    # ----------------------------------------------------------- attributes
    @property
    def shape(self):
        return Size(self._shape)

    def size(self, dim=None):
        if dim is None:
            return Size(self._shape)
        return self._shape[wrap_dim(dim, len(self._shape))] if self._shape else _size0(dim)

    def stride(self, dim=None):
        if dim is None:
            return tuple(self._stride)
        if not self._shape:
            return _size0(dim)
        return self._stride[wrap_dim(dim, len(self._shape))]

    def dim(self):
        return len(self._shape)

    ndimension = dim

    @property
    def ndim(self):
        return len(self._shape)

    def numel(self):
        return numel(self._shape)

    nelement = numel

    def __len__(self):
        if not self._shape:
            raise TypeError("len() of a 0-d tensor")
        return self._shape[0]

    @property
    def dtype(self):
        return self._dtype

    @property
    def device(self):
        return CPU

    @property
    def is_cuda(self):
        return False

    @property
    def is_cpu(self):
        return True

    @property
    def is_mps(self):
        return False

    def get_device(self):
        return -1

    @property
    def layout(self):
        return strided

    def element_size(self):
        return self._dtype.itemsize

    @property
    def itemsize(self):
        return self._dtype.itemsize

    @property
    def nbytes(self):
        return self.numel() * self._dtype.itemsize

    def storage_offset(self):
        return self._offset

    def data_ptr(self):
        return self._storage.base + self._offset * self._dtype.itemsize

    def untyped_storage(self):
        return _StorageView(self._storage)

    def is_contiguous(self, memory_format=None):
        return is_contiguous(self._shape, self._stride)

    def is_floating_point(self):
        return self._dtype.is_floating_point

    def is_complex(self):
        return False

    def is_signed(self):
        return self._dtype.is_signed

    def is_inference(self):
        return self._inference

    @property
    def _is_view(self):
        return self._base is not None

    @property
    def _version(self):
        """How many in-place writes the tensor's version counter has seen (views share it)."""
        return self._versions.version

    @_version.setter
    def _version(self, value):
        raise AttributeError("attribute '_version' of 'torch._C.TensorBase' objects is not writable")

    # ----------------------------------------------------------- autograd fields
    @property
    def requires_grad(self):
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        self._set_requires_grad(bool(value), setter=True)

    def requires_grad_(self, requires_grad=True):
        self._set_requires_grad(bool(requires_grad), setter=False)
        return self

    def _set_requires_grad(self, value, setter):
        if self._grad_fn is not None:
            if not value:
                raise RuntimeError(
                    "you can only change requires_grad flags of leaf variables. If you want to use a computed "
                    "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach()."
                )
            return
        if value and not self._dtype.is_floating_point:
            if setter:
                raise RuntimeError("only Tensors of floating point and complex dtype can require gradients")
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        if value and self._inference and not grad_state.inference:
            raise RuntimeError("Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.")
        self._requires_grad = value

    @property
    def grad(self):
        if self._grad_fn is not None and not self._retains_grad:
            warnings.warn(_NONLEAF_GRAD, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of type {type(value).__name__}")
            if value._dtype is not self._dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{value._dtype._ctype}' to a tensor with grad_dtype "
                    f"'{self._dtype._legacy}'. The gradient must match the tensor's grad_dtype (defaults to the "
                    "tensor's dtype). You can set the tensor's grad_dtype attribute with a specific dtype, or None "
                    "to allow any dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor and its "
                    "gradient may break downstream systems that assume they match."
                )
            if value._shape != self._shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{_fmt(value._shape)}' to a tensor of size "
                    f"'{_fmt(self._shape)}'. Please ensure that the gradient and the tensor are the same size"
                )
        self._grad = value

    @grad.deleter
    def grad(self):
        self._grad = None

    @property
    def grad_fn(self):
        return self._grad_fn

    @property
    def is_leaf(self):
        return self._grad_fn is None

    @property
    def output_nr(self):
        return self._output_nr

    def retain_grad(self):
        if not self._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self._grad_fn is None or self._retains_grad:
            return
        self._retains_grad = True
        fn = self._grad_fn
        if not fn._retained:
            fn._retained = []
        fn._retained.append(weakref.ref(self))

    @property
    def retains_grad(self):
        return self._retains_grad

    def detach_(self):
        if self._base is not None:
            raise RuntimeError(
                "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel "
                "(DDP) for training, and gradient_as_bucket_view is set as True, gradients are views of DDP "
                "buckets, and hence detach_() cannot be called on these gradients. To fix this error, please "
                "refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution."
            )
        self._grad_fn = None
        self._requires_grad = False
        return self

    # ----------------------------------------------------------- Python numbers
    def item(self):
        n = self.numel()
        if n != 1:
            raise RuntimeError(f"a Tensor with {n} elements cannot be converted to Scalar")
        return self._storage.data[self._offset]

    def tolist(self):
        return nest(self._values(), self._shape)

    def __float__(self):
        self._scalar_check()
        return float(self._storage.data[self._offset])

    def __int__(self):
        self._scalar_check()
        return int(self._storage.data[self._offset])

    def __index__(self):
        if self._dtype.is_floating_point or self.numel() != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        self._scalar_check()
        return int(self._storage.data[self._offset])

    def _scalar_check(self):
        if self.numel() != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        if self._requires_grad:
            warn_once("item-requires-grad", _TRIGGERED_ITEM, stacklevel=4)

    def __bool__(self):
        n = self.numel()
        if n == 0:
            raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
        if n > 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self._storage.data[self._offset])

    def __complex__(self):
        self._scalar_check()
        return complex(self._storage.data[self._offset])

    def __format__(self, format_spec):
        if self.dim() == 0:
            return self.detach().item().__format__(format_spec)
        if format_spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return str(self)

    # ----------------------------------------------------------- iteration
    def __iter__(self):
        if not self._shape:
            raise TypeError("iteration over a 0-d tensor")
        return iter([self[i] for i in range(self._shape[0])])

    __hash__ = object.__hash__

    # ----------------------------------------------------------- unknown names
    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        raise unsupported(f"Tensor.{name}")

    def __deepcopy__(self, memo):
        if self._grad_fn is not None:
            raise RuntimeError(
                "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the "
                "moment.  If you were attempting to deepcopy a module, this may be because of a "
                "torch.nn.utils.weight_norm usage, see https://github.com/pytorch/pytorch/pull/103001"
            )
        return self.clone().detach().requires_grad_(self._requires_grad)

    def __reduce_ex__(self, proto):
        raise unsupported("pickling tensors")


Tensor.__name__ = "Tensor"
Tensor.__qualname__ = "Tensor"
export("torch", Tensor=Tensor)


class _StorageView:
    """What ``untyped_storage()`` returns: enough to compare storages and read their size."""

    __slots__ = ("_s",)

    def __init__(self, s):
        self._s = s

    def data_ptr(self):
        return self._s.base

    def nbytes(self):
        return self._s.nbytes()

    def size(self):
        return self._s.nbytes()

    def __len__(self):
        return self._s.nbytes()


def _size0(dim):
    # size(dim) / stride(dim) on a 0-d tensor
    raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")


def _fmt(shape):
    return "[" + ", ".join(str(s) for s in shape) + "]"


def nest(vals, shape):
    """Row-major values as nested lists of ``shape`` (a number for a 0-d shape)."""
    if not shape:
        return vals[0]
    if len(shape) == 1:
        return list(vals)
    step = numel(shape[1:])
    return [nest(vals[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]
