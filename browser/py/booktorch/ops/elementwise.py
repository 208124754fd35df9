"""Elementwise arithmetic with broadcasting and torch's type promotion.

Result dtype: the highest category among the operands (bool < int64 < float32),
Python numbers included, so ``int_tensor * 0.5`` is float32 and ``/`` always gives
float32.  Python numbers are converted to the computation dtype first (a float
scalar is rounded to float32, like torch's wrapped-number scalars), each result
is rounded to float32 (or wrapped to 64 bits for int64), which reproduces
torch's CPU results bit for bit for + - * / and the special-cased powers.
"""

import math

from .. import autograd as A
from .. import dtypes as D
from ..shape import (
    broadcast_shapes,
    contiguous_strides,
    elementwise_out_strides,
    fmt_list,
    numel,
    positions,
    preserve_strides,
)
from ..tensor import Tensor

_NUM = (bool, int, float)


def is_number(x):
    return isinstance(x, _NUM)


def _kind(x):
    if isinstance(x, Tensor):
        return x._dtype._kind
    return D.scalar_kind(x)


def result_type(*operands):
    return D.by_kind(max(_kind(x) for x in operands))


def _shape(x):
    return x._shape if isinstance(x, Tensor) else ()


def expanded_values(t, shape):
    """Values of tensor ``t`` broadcast to ``shape``, row-major."""
    if tuple(t._shape) == tuple(shape):
        return t._values()
    pad = len(shape) - len(t._shape)
    strides = [0] * pad + [st if sz != 1 else 0 for sz, st in zip(t._shape, t._stride)]
    data = t._storage.data
    return [data[p] for p in positions(shape, strides, t._offset)]


def _operand_values(x, shape, dt):
    """A list of values (tensor) or a constant (number), converted to ``dt``."""
    if isinstance(x, Tensor):
        vals = expanded_values(x, shape)
        if x._dtype is not dt:
            vals = D.cast_values(vals, x._dtype, dt)
        return vals, False
    return D.cast_scalar(x, dt), True


def _pairs(a, b, shape, dt):
    n = numel(shape)
    av, ac = _operand_values(a, shape, dt)
    bv, bc = _operand_values(b, shape, dt)
    if ac:
        av = [av] * n
    if bc:
        bv = [bv] * n
    return av, bv


def _finish(vals, dt):
    if dt is D.float32:
        return D.round_f32(vals)
    if dt is D.int64:
        lo, hi = D._INT64_MIN, D._INT64_MAX
        if vals and (min(vals) < lo or max(vals) > hi):
            return [D.wrap_i64(v) for v in vals]
        return vals
    return vals


def _new(vals, shape, dt):
    return Tensor._from_values(vals, tuple(shape), dt)


def new_strided(vals, shape, stride, dt):
    """A new tensor with row-major ``vals`` stored under the given strides."""
    shape = tuple(shape)
    stride = tuple(stride)
    if stride == contiguous_strides(shape):
        return Tensor._from_values(vals, shape, dt)
    from ..storage import Storage

    data = list(vals)
    for p, v in zip(positions(shape, stride, 0), vals):
        data[p] = v
    return Tensor._make(Storage(data, dt.itemsize), shape, stride, 0, dt)


def _new_like(vals, shape, dt, *operands, common=None):
    """The result of an elementwise op: laid out like torch's TensorIterator output.

    Inputs of another dtype than the computation dtype ``common`` are first copied
    with ``.to(common)`` by TensorIterator, which can change their layout.
    """
    shape = tuple(shape)
    common = common or dt
    tens = [
        (o._shape, o._stride if o._dtype is common else preserve_strides(o._shape, o._stride))
        for o in operands
        if isinstance(o, Tensor)
    ]
    same = all(tuple(o._shape) == shape if isinstance(o, Tensor) else shape == () for o in operands)
    return new_strided(vals, shape, elementwise_out_strides(shape, tens, same), dt)


def _check_operand(x, name):
    if not isinstance(x, (Tensor,) + _NUM):
        raise TypeError(
            f"{name}(): argument 'other' (position 1) must be Tensor, not {type(x).__name__}"
        )


# ------------------------------------------------------------------ value kernels
def _fdiv(x, y):
    try:
        return x / y
    except ZeroDivisionError:
        if x != x or x == 0:
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)


def _kernel(op, dt, av, bv):
    if op == "add":
        if dt is D.bool_:
            return [x or y for x, y in zip(av, bv)]
        return [x + y for x, y in zip(av, bv)]
    if op == "sub":
        return [x - y for x, y in zip(av, bv)]
    if op == "mul":
        if dt is D.bool_:
            return [x and y for x, y in zip(av, bv)]
        return [x * y for x, y in zip(av, bv)]
    if op == "div":
        return [_fdiv(x, y) for x, y in zip(av, bv)]
    raise AssertionError(op)


def _sub_check(a, b):
    if _kind(a) == 0 and _kind(b) == 0:
        raise RuntimeError(
            "Subtraction, the `-` operator, with two bool tensors is not supported. "
            "Use the `^` or `logical_xor()` operator instead."
        )
    if _kind(a) == 0 or _kind(b) == 0:
        raise RuntimeError(
            "Subtraction, the `-` operator, with a bool tensor is not supported. "
            "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
        )


def _compute(op, a, b):
    """Out-of-place ``a op b`` values: returns (values, shape, dtype)."""
    shape = broadcast_shapes(_shape(a), _shape(b))
    dt = result_type(a, b)
    if op == "div":
        dt = D.float32
    av, bv = _pairs(a, b, shape, dt)
    return _finish(_kernel(op, dt, av, bv), dt), shape, dt


# ------------------------------------------------------------------ binary ops
def add(a, b, alpha=1):
    if alpha != 1:
        from ..errors import unsupported

        raise unsupported("add(..., alpha=...)")
    vals, shape, dt = _compute("add", a, b)
    out = _new_like(vals, shape, dt, a, b)
    if A.needs_grad(*_tensors(a, b)):
        from . import derivatives as G

        A.attach(G.make(G.AddBackward0, [_t(a), _t(b)]), out)
    return out


def sub(a, b, alpha=1):
    if alpha != 1:
        from ..errors import unsupported

        raise unsupported("sub(..., alpha=...)")
    _sub_check(a, b)
    vals, shape, dt = _compute("sub", a, b)
    out = _new_like(vals, shape, dt, a, b)
    if A.needs_grad(*_tensors(a, b)):
        from . import derivatives as G

        A.attach(G.make(G.SubBackward0, [_t(a), _t(b)]), out)
    return out


def rsub(t, number):
    """``number - t`` (torch's rsub, grad_fn RsubBackward1)."""
    _sub_check(t, number)
    vals, shape, dt = _compute("sub", number, t)
    out = _new_like(vals, shape, dt, t, number)
    if A.needs_grad(t):
        from . import derivatives as G

        A.attach(G.make(G.RsubBackward1, [t]), out)
    return out


def mul(a, b):
    vals, shape, dt = _compute("mul", a, b)
    out = _new_like(vals, shape, dt, a, b)
    if A.needs_grad(*_tensors(a, b)):
        from . import derivatives as G

        node = G.make(G.MulBackward0, [_t(a), _t(b)])
        if node.needs(1):
            _save(node, "self", a)
        if node.needs(0):
            _save(node, "other", b)
        A.attach(node, out)
    return out


def div(a, b):
    vals, shape, dt = _compute("div", a, b)
    out = _new_like(vals, shape, dt, a, b)
    if A.needs_grad(*_tensors(a, b)):
        from . import derivatives as G

        node = G.make(G.DivBackward0, [_t(a), _t(b)])
        if node.needs(1):
            _save(node, "self", a)
        if node.needs(0) or node.needs(1):
            _save(node, "other", b)
        A.attach(node, out)
    return out


def rdiv(t, number):
    """``number / t``: torch computes ``t.reciprocal() * number``."""
    return mul(reciprocal(t), number)


def _tensors(*xs):
    return [x for x in xs if isinstance(x, Tensor)]


def _t(x):
    return x if isinstance(x, Tensor) else None


def _save(node, key, x, is_output=False):
    node.save(key, x, is_output)


# ------------------------------------------------------------------ pow
def _safe_pow(x, y):
    try:
        r = math.pow(x, y)
    except OverflowError:
        r = math.inf if (x > 0 or float(y).is_integer() and int(y) % 2 == 0) else -math.inf
    except (ValueError, ZeroDivisionError):
        if x == 0 and y < 0:
            if float(y).is_integer() and int(y) % 2 == 1:
                return math.copysign(math.inf, x)
            return math.inf
        return math.nan
    return r


def _int_pow(b, e):
    if e < 0:
        if b == 1:
            return 1
        if b == -1:
            return 1 if e % 2 == 0 else -1
        return 0
    return D.wrap_i64(pow(b, e, 1 << 64)) if e > 64 else D.wrap_i64(b ** e)


def _pow_f32_scalar_exp(vals, e):
    f = D.f32
    if e == 2:
        return [x * x for x in vals]
    if e == 3:
        return [f(x * x) * x for x in vals]
    if e == -2:
        return [_fdiv(1.0, f(x * x)) for x in vals]
    if e == 0.5:
        return [math.sqrt(x) if x >= 0 else (x if x == 0 else math.nan) for x in vals]
    if e == -0.5:
        return [_fdiv(1.0, f(math.sqrt(x))) if x >= 0 else math.nan for x in vals]
    if e == -1:
        return [_fdiv(1.0, x) for x in vals]
    return [_safe_pow(x, e) for x in vals]


def pow(a, b):
    """``a ** b`` for tensor/tensor, tensor/number or number/tensor."""
    if isinstance(a, Tensor) and not isinstance(b, Tensor):
        return _pow_tensor_scalar(a, b)
    if not isinstance(a, Tensor):
        return _pow_scalar_tensor(a, b)
    shape = broadcast_shapes(a._shape, b._shape)
    dt = result_type(a, b)
    if dt is D.bool_:
        raise NotImplementedError('"pow" not implemented for \'Bool\'')
    av, bv = _pairs(a, b, shape, dt)
    if dt is D.float32:
        vals = D.round_f32([_safe_pow(x, y) for x, y in zip(av, bv)])
    else:
        vals = [_int_pow(x, y) for x, y in zip(av, bv)]
    out = _new_like(vals, shape, dt, a, b)
    if A.needs_grad(a, b):
        from . import derivatives as G

        node = G.make(G.PowBackward1, [a, b])
        node.save("self", a)
        node.save("exponent", b)
        if node.needs(1):
            node.save("result", out, is_output=True)
        A.attach(node, out)
    return out


def _pow_tensor_scalar(t, e):
    if not is_number(e):
        raise TypeError(f"pow(): argument 'exponent' must be Number, not {type(e).__name__}")
    dt = result_type(t, e)
    if dt is D.bool_:
        dt = D.int64
    if dt is D.int64:
        if isinstance(e, (int, bool)) and e < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        vals = [_int_pow(int(x), int(e)) for x in t._values()]
    else:
        vals = t._values()
        if t._dtype is not dt:
            vals = D.cast_values(vals, t._dtype, dt)
        if e == 0:
            vals = [1.0] * len(vals)
        elif e == 1:
            vals = list(vals)
        else:
            vals = D.round_f32(_pow_f32_scalar_exp(vals, e))
    out = _new_like(vals, t._shape, dt, t)
    if A.needs_grad(t):
        from . import derivatives as G

        node = G.make(G.PowBackward0, [t], exponent=e)
        node.save("self", t)
        A.attach(node, out)
    return out


def _pow_scalar_tensor(base, t):
    if not is_number(base):
        raise TypeError(f"pow(): argument 'self' must be Number, not {type(base).__name__}")
    dt = result_type(base, t)
    if dt is D.bool_:
        dt = D.int64
    vals = t._values()
    if t._dtype is not dt:
        vals = D.cast_values(vals, t._dtype, dt)
    if dt is D.int64:
        b = int(base)
        vals = [_int_pow(b, x) for x in vals]
    else:
        b = D.f32(float(base))
        vals = D.round_f32([_safe_pow(b, x) for x in vals])
    out = _new_like(vals, t._shape, dt, base, t)
    if A.needs_grad(t):
        from . import derivatives as G

        node = G.make(G.PowBackward2, [t], self=base)
        node.save("exponent", t)
        node.save("result", out, is_output=True)
        A.attach(node, out)
    return out


# ------------------------------------------------------------------ unary
def neg(t):
    if t._dtype is D.bool_:
        raise RuntimeError(
            "Negation, the `-` operator, on a bool tensor is not supported. "
            "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
        )
    vals = [-x for x in t._values()]
    out = _new_like(_finish(vals, t._dtype), t._shape, t._dtype, t)
    if A.needs_grad(t):
        from . import derivatives as G

        A.attach(G.make(G.NegBackward0, [t]), out)
    return out


def positive(t):
    return t


def _float_unary(t, fn, node_name, save):
    dt = D.float32
    vals = t._values()
    if t._dtype is not dt:
        vals = D.cast_values(vals, t._dtype, dt)
    out = _new_like(D.round_f32([fn(x) for x in vals]), t._shape, dt, t)
    if A.needs_grad(t):
        from . import derivatives as G

        node = G.make(getattr(G, node_name), [t])
        if save == "self":
            node.save("self", t)
        elif save == "result":
            node.save("result", out, is_output=True)
        A.attach(node, out)
    return out


def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _log(x):
    if x > 0:
        return math.log(x)
    if x == 0:
        return -math.inf
    return math.nan


def _sqrt(x):
    if x >= 0 or x != x:
        return math.sqrt(x) if x == x else x
    return math.nan


def _sigmoid(x):
    f = D.f32
    e = f(_exp(-x))
    return _fdiv(1.0, f(1.0 + e))


def exp(t):
    return _float_unary(t, _exp, "ExpBackward0", "result")


def log(t):
    return _float_unary(t, _log, "LogBackward0", "self")


def sqrt(t):
    return _float_unary(t, _sqrt, "SqrtBackward0", "result")


def sigmoid(t):
    return _float_unary(t, _sigmoid, "SigmoidBackward0", "result")


def tanh(t):
    return _float_unary(t, math.tanh, "TanhBackward0", "result")


def reciprocal(t):
    return _float_unary(t, lambda x: _fdiv(1.0, x), "ReciprocalBackward0", "result")


def abs(t):
    if t._dtype is D.bool_:
        raise NotImplementedError('"abs_cpu" not implemented for \'Bool\'')
    else:
        vals = _finish([x if x != x else (-x if x < 0 else x + 0) for x in t._values()], t._dtype)
    out = _new_like(vals, t._shape, t._dtype, t)
    if A.needs_grad(t):
        from . import derivatives as G

        node = G.make(G.AbsBackward0, [t])
        node.save("self", t)
        A.attach(node, out)
    return out


def relu(t):
    if t._dtype is D.bool_:
        raise RuntimeError("Boolean inputs not supported for relu")
    zero = 0.0 if t._dtype is D.float32 else 0
    vals = [x if (x > 0 or x != x) else zero for x in t._values()]
    out = _new_like(vals, t._shape, t._dtype, t)
    if A.needs_grad(t):
        from . import derivatives as G

        node = G.make(G.ReluBackward0, [t])
        node.save("result", out, is_output=True)
        A.attach(node, out)
    return out


def sign(t):
    vals = t._values()
    if t._dtype is D.float32:
        out = [x if x != x else (1.0 if x > 0 else (-1.0 if x < 0 else 0.0)) for x in vals]
    elif t._dtype is D.int64:
        out = [(x > 0) - (x < 0) for x in vals]
    else:
        out = list(vals)
    return _new_like(out, t._shape, t._dtype, t)


# ------------------------------------------------------------------ comparisons / logic
def _compare(op, a, b):
    shape = broadcast_shapes(_shape(a), _shape(b))
    dt = result_type(a, b)
    av, bv = _pairs(a, b, shape, dt)
    if op == "eq":
        vals = [x == y for x, y in zip(av, bv)]
    elif op == "ne":
        vals = [x != y for x, y in zip(av, bv)]
    elif op == "lt":
        vals = [x < y for x, y in zip(av, bv)]
    elif op == "le":
        vals = [x <= y for x, y in zip(av, bv)]
    elif op == "gt":
        vals = [x > y for x, y in zip(av, bv)]
    else:
        vals = [x >= y for x, y in zip(av, bv)]
    return _new_like(vals, shape, D.bool_, a, b, common=dt)


def eq(a, b):
    return _compare("eq", a, b)


def ne(a, b):
    return _compare("ne", a, b)


def lt(a, b):
    return _compare("lt", a, b)


def le(a, b):
    return _compare("le", a, b)


def gt(a, b):
    return _compare("gt", a, b)


def ge(a, b):
    return _compare("ge", a, b)


def logical_and(a, b):
    shape = broadcast_shapes(_shape(a), _shape(b))
    av, bv = _pairs(a, b, shape, D.bool_)
    return _new_like([bool(x) and bool(y) for x, y in zip(av, bv)], shape, D.bool_, a, b)


def logical_not(t):
    return _new_like([not x for x in t._values()], t._shape, D.bool_, t)


def where(cond, a, b):
    shape = broadcast_shapes(broadcast_shapes(_shape(cond), _shape(a)), _shape(b))
    dt = result_type(a, b)
    cv = expanded_values(cond, shape)
    av, bv = _pairs(a, b, shape, dt)
    return _new_like([x if c else y for c, x, y in zip(cv, av, bv)], shape, dt, cond, a, b)


def _extreme(a, b, is_max, name):
    if not isinstance(b, Tensor):
        raise TypeError(f"{name}(): argument 'other' (position 2) must be Tensor, not {type(b).__name__}")
    if A.needs_grad(a, b):
        from ..errors import unsupported

        raise unsupported(f"torch.{name} on tensors that require grad")
    shape = broadcast_shapes(a._shape, b._shape)
    dt = result_type(a, b)
    av, bv = _pairs(a, b, shape, dt)
    out = []
    for x, y in zip(av, bv):
        if x != x:
            out.append(x)
        elif y != y:
            out.append(y)
        else:
            out.append((x if x >= y else y) if is_max else (x if x <= y else y))
    return _new_like(out, shape, dt, a, b)


def maximum(a, b):
    return _extreme(a, b, True, "maximum")


def minimum(a, b):
    return _extreme(a, b, False, "minimum")


def equal(a, b):
    return tuple(a._shape) == tuple(b._shape) and all(eq(a, b)._values())


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    shape = broadcast_shapes(a._shape, b._shape)
    av, bv = _pairs(a, b, shape, D.float32)
    for x, y in zip(av, bv):
        if x != x or y != y:
            if not (equal_nan and x != x and y != y):
                return False
            continue
        if x == y:
            continue
        if not (math.fabs(x - y) <= atol + rtol * math.fabs(y)):
            return False
    return True


# ------------------------------------------------------------------ dtype conversion and copies
def to_dtype(t, dt):
    if t._dtype is dt:
        return t
    vals = D.cast_values(t._values(), t._dtype, dt)
    out = new_strided(vals, t._shape, preserve_strides(t._shape, t._stride), dt)
    if dt.is_floating_point and A.needs_grad(t):
        from . import derivatives as G

        A.attach(G.make(G.ToCopyBackward0, [t]), out)
    return out


def zeros_of(shape, dt):
    zero = 0.0 if dt is D.float32 else (0 if dt is D.int64 else False)
    return _new([zero] * numel(shape), tuple(shape), dt)


def zeros_like_values(t):
    return zeros_of(t._shape, t._dtype)


def _write_positions(t):
    """Storage positions of ``t`` for writing; refuses internally overlapping tensors."""
    from ..shape import is_non_overlapping_and_dense

    if is_non_overlapping_and_dense(t._shape, t._stride):
        return positions(t._shape, t._stride, t._offset)
    for size, st in zip(t._shape, t._stride):
        if st == 0 and size > 1:
            raise RuntimeError(
                "unsupported operation: more than one element of the written-to tensor refers to a single "
                "memory location. Please clone() the tensor before performing the operation."
            )
    return positions(t._shape, t._stride, t._offset)


def copy_into(dst, src):
    """dst[...] = src (broadcast, dtype-converted) without autograd bookkeeping."""
    if isinstance(src, Tensor):
        vals = expanded_values(src, dst._shape)
        if src._dtype is not dst._dtype:
            vals = D.cast_values(vals, src._dtype, dst._dtype)
    else:
        vals = [D.cast_scalar(src, dst._dtype)] * numel(dst._shape)
    data = dst._storage.data
    for p, v in zip(_write_positions(dst), vals):
        data[p] = v
    dst._version.bump()


def add_into(dst, src):
    """dst += src for gradient accumulation (no autograd)."""
    vals, _, _ = _compute("add", dst, src)
    data = dst._storage.data
    for p, v in zip(_write_positions(dst), vals):
        data[p] = v
    dst._version.bump()


# ------------------------------------------------------------------ in-place ops
def _can_cast(src, dst):
    if src._kind == 2 and dst._kind < 2:
        return False
    if src._kind == 1 and dst._kind == 0:
        return False
    return True


def check_inplace(t, *others):
    """torch's checks before an in-place op that autograd would see."""
    if not A.is_grad_enabled():
        if t._inference is False and A.is_inference_mode_enabled():
            pass
        return False
    others_need = any(isinstance(o, Tensor) and o._requires_grad for o in others)
    if t._requires_grad or others_need:
        if t._requires_grad and t._grad_fn is None and t._base is None:
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
        if t._base is not None:
            base = t._base
            if base._requires_grad and base._grad_fn is None:
                raise RuntimeError(
                    "a view of a leaf Variable that requires grad is being used in an in-place operation."
                )
            from ..errors import unsupported

            raise unsupported("in-place operations on views of tensors that require grad")
        return True
    return False


def inplace_binary(op, t, other):
    """``t op= other`` (add_/sub_/mul_/div_) with torch's checks and autograd rebase."""
    _check_operand(other, op + "_")
    if op == "sub":
        _sub_check(t, other)
    record = check_inplace(t, other)
    write_pos = _write_positions(t)
    shape = broadcast_shapes(t._shape, _shape(other))
    rdt = D.float32 if op == "div" else result_type(t, other)
    if tuple(shape) != tuple(t._shape):
        raise RuntimeError(
            f"output with shape {fmt_list(t._shape)} doesn't match the broadcast shape {fmt_list(shape)}"
        )
    if not _can_cast(rdt, t._dtype):
        raise RuntimeError(f"result type {rdt._legacy} can't be cast to the desired output type {t._dtype._legacy}")
    original = None
    if record and op in ("mul", "div"):
        original = t.clone() if isinstance(other, Tensor) and other._requires_grad else None
        original = original.detach() if original is not None else None
    av, bv = _pairs(t, other, shape, rdt)
    vals = _finish(_kernel(op, rdt, av, bv), rdt)
    if rdt is not t._dtype:
        vals = D.cast_values(vals, rdt, t._dtype)
    data = t._storage.data
    for p, v in zip(write_pos, vals):
        data[p] = v
    t._version.bump()
    if record:
        from . import derivatives as G

        cls = {"add": G.AddBackward0, "sub": G.SubBackward0, "mul": G.MulBackward0, "div": G.DivBackward0}[op]
        node = G.make(cls, [t, _t(other)])
        if op == "mul":
            if node.needs(1):
                _save(node, "self", original)
            if node.needs(0):
                _save(node, "other", other)
        elif op == "div":
            if node.needs(1):
                _save(node, "self", original)
            _save(node, "other", other)
        t._grad_fn = None  # rebase: the node already points at the old history
        A.attach(node, t)
    return t


def fill_(t, value):
    if isinstance(value, Tensor):
        if value.dim() != 0:
            raise RuntimeError(
                f"fill_ only supports 0-dimension value tensor but got tensor with {value.dim()} dimensions."
            )
        value = value.item()
    check_inplace(t)
    copy_into(t, value)
    return t


def zero_(t):
    return fill_(t, 0)


def copy_(dst, src):
    if not isinstance(src, Tensor):
        raise TypeError(f"copy_(): argument 'src' (position 1) must be Tensor, not {type(src).__name__}")
    if check_inplace(dst, src):
        from ..errors import unsupported

        raise unsupported("copy_ into a tensor that requires grad")
    try:
        broadcast_shapes(dst._shape, src._shape)
    except RuntimeError:
        pass
    from . import views

    views.expand(src.detach(), dst._shape)  # raises torch's expand error when shapes are incompatible
    copy_into(dst, src)
    return dst
