"""Random tensors: ``rand``, ``randn``, ``randint``, ``randperm``, ``normal``, ``bernoulli``, the ``*_like``
forms, and the in-place fills ``uniform_``, ``normal_``, ``random_``, ``bernoulli_``.

As in ATen, a factory makes an empty tensor and fills it in place (``rand`` is ``empty(...).uniform_()``),
and every fill takes its values from :mod:`booktorch.rng`, which draws them from torch's CPU generator
state exactly as torch's kernels do.  A fill writes its values in the order torch's TensorIterator visits
the tensor: memory order (a transposed tensor is filled along its storage), and ``normal_`` takes its
vectorised path only on a contiguous tensor of 16 or more elements, as torch does.

Autograd: on a tensor that requires grad (not a leaf) the fills record torch's nodes (``UniformBackward0``,
``NormalBackward0``, ``RandomBackward0/1/2``, ``BernoulliBackward1/2``), whose gradient is zero; so do
``torch.normal`` with tensor arguments (``NormalBackward1/2/3``) and ``torch.bernoulli`` (``BernoulliBackward0``;
with a float ``p`` torch's ``NotImplemented`` node, which raises on backward).
"""

from .. import dtypes as D
from .. import rng
from ..generator import state_of
from ..grad_mode import no_grad
from ..graph import Node, make_node, needs_grad, record
from ..iterator import check_inplace, write, write_positions, zeros
from ..binding import parsed
from ..registry import at, function, method
from ..shape import broadcast_shapes, contiguous_strides, is_contiguous, numel, positions, preserve_strides, visit_order
from ..storage import Storage
from ..tensor import Tensor
from ..tensor_options import checked_out, like, new, set_requires_grad
from .rebase import rebase_history


# ------------------------------------------------------------------ where a fill writes
def _positions_in_order(t, order):
    return positions([t._shape[d] for d in order], [t._stride[d] for d in order], t._offset)


def _fill(t, values, bump=True):
    """Write ``values`` (in torch's visiting order) into ``t``; an in-place write bumps its version, the fill
    of a tensor a factory just made does not."""
    n = len(values)
    data = t._storage.data
    if is_contiguous(t._shape, t._stride):
        data[t._offset:t._offset + n] = values
    else:
        write_positions(t)  # torch's error for a tensor whose elements overlap
        for p, v in zip(_positions_in_order(t, visit_order(t._shape, t._stride)), values):
            data[p] = v
    if bump:
        t._versions.bump()


def _fresh(values, shape, dt, stride=None):
    """A new tensor holding ``values`` in visiting order, laid out with ``stride`` (contiguous by default)."""
    if stride is None or stride == contiguous_strides(shape):
        return Tensor._from_values(values, shape, dt)
    t = Tensor._make(Storage([D.zero_of(dt)] * len(values), dt.itemsize), shape, stride, 0, dt)
    data = t._storage.data
    for p, v in zip(_positions_in_order(t, visit_order(shape, stride)), values):
        data[p] = v
    return t


def _values_in_order(src, dest):
    """``src``'s values (already expanded to ``dest``'s shape) in the order ``dest`` is visited."""
    if is_contiguous(dest._shape, dest._stride):
        return src._values()
    data = src._storage.data
    return [data[p] for p in _positions_in_order(src, visit_order(dest._shape, dest._stride))]


# ------------------------------------------------------------------ autograd: the fills have zero gradients
class _ZeroGradient(Node):
    """A random op's node: the gradient of each input is zero (torch's ``zeros_like``)."""


    def apply(self, grad):
        return [zeros(meta[0], meta[1]) if self.needs(i) else None for i, meta in enumerate(self._meta)]


def _zero_gradient(name):
    """The node class torch calls ``name``, for an op whose every input has a zero gradient."""
    return type(name, (_ZeroGradient,), {"_name": name})


UniformBackward0 = _zero_gradient("UniformBackward0")
NormalBackward0 = _zero_gradient("NormalBackward0")
NormalBackward1 = _zero_gradient("NormalBackward1")
NormalBackward2 = _zero_gradient("NormalBackward2")
NormalBackward3 = _zero_gradient("NormalBackward3")
RandomBackward0 = _zero_gradient("RandomBackward0")
RandomBackward1 = _zero_gradient("RandomBackward1")
RandomBackward2 = _zero_gradient("RandomBackward2")
BernoulliBackward0 = _zero_gradient("BernoulliBackward0")
BernoulliBackward1 = _zero_gradient("BernoulliBackward1")
BernoulliBackward2 = _zero_gradient("BernoulliBackward2")


class NotImplementedBackward(Node):
    """torch's node for an op without a derivative (``bernoulli(x, p)``): backward raises."""

    _name = "torch::autograd::NotImplemented"

    def __init__(self, inputs, op):
        super().__init__(inputs)
        self._op = op

    def __repr__(self):
        return f"<NotImplemented object at {hex(id(self))}>"

    def apply(self, grad):
        raise RuntimeError(f"derivative for aten::{self._op} is not implemented")


def _rebase(node_class, t, *others):
    """Record an in-place fill of ``t`` (which check_inplace said needs recording)."""
    rebase_history(t, make_node(node_class, (t, *others)))


# ------------------------------------------------------------------ the in-place fills
def _rng_dtype(t):
    return t._dtype._name


def _uniform_into(t, low, high, gen, bump=True):
    _fill(t, rng.uniform(gen, t.numel(), low, high, _rng_dtype(t)), bump)


def _normal_into(t, mean, std, gen, bump=True):
    _fill(t, rng.normal(gen, t.numel(), mean, std, _rng_dtype(t), contiguous=t.is_contiguous()), bump)


def _bernoulli_tensor_into(t, p, gen, bump=True):
    p = at.expand(p, t._shape)
    _fill(t, rng.bernoulli_tensor(gen, _values_in_order(p, t), p._dtype._name, _rng_dtype(t)), bump)


@method("uniform_")
@parsed
def uniform_(self, **a):
    recording = check_inplace(self)
    _uniform_into(self, a["from"], a["to"], state_of(a.get("generator")))
    if recording:
        _rebase(UniformBackward0, self)
    return self


@method("normal_")
@parsed
def normal_(self, **a):
    recording = check_inplace(self)
    _normal_into(self, a["mean"], a["std"], state_of(a.get("generator")))
    if recording:
        _rebase(NormalBackward0, self)
    return self


@method("random_")
@parsed
def random_(self, **a):
    which = 0 if "to" not in a else 1 if "from" in a else 2  # random_(), random_(from, to), random_(to)
    recording = check_inplace(self)
    gen, n, dt = state_of(a.get("generator")), self.numel(), _rng_dtype(self)
    if which == 0:
        _fill(self, rng.random_default(gen, n, dt))
    elif which == 1:
        _fill(self, rng.randint(gen, n, a["from"], a["to"], dt))
    else:
        _fill(self, rng.randint(gen, n, 0, a["to"], dt))
    if recording:
        _rebase((RandomBackward2, RandomBackward0, RandomBackward1)[which], self)
    return self


@method("bernoulli_")
@parsed
def bernoulli_(self, **a):
    p = a["p"]
    which = 0 if isinstance(p, Tensor) else 1  # bernoulli_(Tensor p), bernoulli_(float p)
    recording = check_inplace(self, p) if which == 0 else check_inplace(self)
    gen = state_of(a.get("generator"))
    if which == 0:
        _bernoulli_tensor_into(self, p, gen)
    else:
        _fill(self, rng.bernoulli_scalar(gen, self.numel(), p, _rng_dtype(self)))
    if recording:
        if which == 0:
            _rebase(BernoulliBackward1, self, p)
        else:
            _rebase(BernoulliBackward2, self)
    return self


# ------------------------------------------------------------------ factories
@function("rand", takes_out=True)
@parsed
def rand(**a):
    t = new(a, a["size"], "rand")
    _uniform_into(t, 0.0, 1.0, state_of(a.get("generator")), a["out"] is not None)
    return set_requires_grad(t, a)


@function("randn", takes_out=True)
@parsed
def randn(**a):
    if a["out"] is not None and needs_grad(a["out"]):  # randn's out= is resized before anything looks at it
        raise RuntimeError("cannot resize variables that require grad")
    t = new(a, a["size"], "randn")
    _normal_into(t, 0.0, 1.0, state_of(a.get("generator")), a["out"] is not None)
    return set_requires_grad(t, a)


@function("randint", takes_out=True)
@parsed
def randint(**a):
    t = new(a, a["size"], "randint", D.int64)
    low = a.get("low", 0)
    _fill(t, rng.randint(state_of(a.get("generator")), t.numel(), low, a["high"], _rng_dtype(t)), a["out"] is not None)
    return set_requires_grad(t, a)


_PERM_LIMITS = {D.float16: 2049, D.float32: (1 << 24) + 1, D.float64: (1 << 53) + 1}
_PERM_LIMIT_TEXT = {D.float16: "2049 for Half", D.float32: "2^24+1 for Float", D.float64: "2^53+1 for Double"}


@function("randperm", takes_out=True)
@parsed
def randperm(**a):
    n = a["n"]
    t = new(a, (n,), "randperm", D.int64)
    dt = t._dtype
    D.checked_scalar(n - 1 if n > 0 else n, dt)  # torch's "n is too large for the dtype" check
    if dt in _PERM_LIMITS and n > _PERM_LIMITS[dt]:
        raise RuntimeError(f"n cannot be greater than {_PERM_LIMIT_TEXT[dt]} type.")
    if dt is D.bool_:
        raise NotImplementedError("\"randperm\" not implemented for 'Bool'")
    _fill(t, D.convert(rng.randperm(state_of(a.get("generator")), n), D.int64, dt), a["out"] is not None)
    return set_requires_grad(t, a)


@function("rand_like")
@parsed
def rand_like(**a):
    t = like(a, "rand_like")
    _uniform_into(t, 0.0, 1.0, state_of(a.get("generator")), bump=False)
    return set_requires_grad(t, a)


@function("randn_like")
@parsed
def randn_like(**a):
    t = like(a, "randn_like")
    _normal_into(t, 0.0, 1.0, state_of(a.get("generator")), bump=False)
    return set_requires_grad(t, a)


@function("randint_like")
@parsed
def randint_like(**a):
    high = a["high"]
    if isinstance(high, Tensor):
        if high._shape:
            raise RuntimeError("high must be a scalar tensor and on CPU")
        high = int(high.item())
    t = like(a, "randint_like")
    _fill(t, rng.randint(state_of(a.get("generator")), t.numel(), a.get("low", 0), high, _rng_dtype(t)), bump=False)
    return set_requires_grad(t, a)


# ------------------------------------------------------------------ normal and bernoulli
def _check_std_tensor(std):
    values = std._values()
    if values and not all(v >= 0 for v in values):  # a nan fails too, as torch's std.min().ge(0)
        raise RuntimeError("normal expects all elements of std >= 0.0")


def _normal_tensors(mean, std, gen, out):
    """normal() with a tensor mean or std: draws N(0, 1) (or N(0, std)), then ``mul_(std)`` and ``add_(mean)``
    in torch's arithmetic, into the result (mean's dtype, or std's)."""
    if isinstance(std, Tensor):
        _check_std_tensor(std)
    if isinstance(mean, Tensor) and isinstance(std, Tensor):
        shape, dt = broadcast_shapes(mean._shape, std._shape), mean._dtype
    elif isinstance(mean, Tensor):
        shape, dt = mean._shape, mean._dtype
    else:
        shape, dt = std._shape, std._dtype
    if out is not None:
        dt = checked_out(out, shape, None, "normal()")._dtype
    stride = contiguous_strides(shape) if out is None else preserve_strides(out._shape, out._stride)
    draws = rng.normal(gen, numel(shape), 0.0, 1.0 if isinstance(std, Tensor) else std, dt._name,
                       contiguous=out is None or out.is_contiguous())
    with no_grad():
        r = _fresh(draws, shape, dt, stride)
        if isinstance(std, Tensor):
            r = _as(at.mul(r, std), dt)
        r = _as(at.add(r, mean), dt)
    if out is None:
        return Tensor._from_values(r._values(), tuple(shape), dt)
    write(out, r._values())
    return out


def _as(t, dt):
    return t if t._dtype is dt else at.to_dtype(t, dt)


@function("normal", takes_out=True)
@parsed
def normal(**a):
    mean, std, gen = a["mean"], a["std"], state_of(a.get("generator"))
    if "size" in a:  # normal(float mean, float std, size)
        t = new(a, a["size"], "normal")
        _normal_into(t, mean, std, gen)
        return set_requires_grad(t, a)
    t = _normal_tensors(mean, std, gen, a["out"])
    inputs = [x for x in (mean, std) if isinstance(x, Tensor)]
    # NormalBackward1: a tensor mean; 2: a tensor std; 3: both
    node = NormalBackward3 if len(inputs) == 2 else NormalBackward1 if isinstance(mean, Tensor) else NormalBackward2
    record(node, inputs, t)
    return t


def _bernoulli(x, p, gen, out):
    if p is None:
        if out is None:
            t = Tensor._from_values([D.zero_of(x._dtype)] * x.numel(), x._shape, x._dtype)
        else:
            t = checked_out(out, x._shape, None, "bernoulli()")
        _bernoulli_tensor_into(t, x, gen, bump=out is not None)
        record(BernoulliBackward0, (x,), t)
        return t
    t = Tensor._from_values([D.zero_of(x._dtype)] * x.numel(), x._shape, x._dtype)
    _fill(t, rng.bernoulli_scalar(gen, t.numel(), p, _rng_dtype(t)), bump=False)
    record(NotImplementedBackward, (x,), t, op="bernoulli")
    return t


@function("bernoulli", takes_out=True)
@parsed
def bernoulli(**a):
    return _bernoulli(a["input"], a.get("p"), state_of(a.get("generator")), a.get("out"))


@method("bernoulli")
@parsed
def bernoulli_method(self, **a):
    return _bernoulli(self, a.get("p"), state_of(a.get("generator")), None)
