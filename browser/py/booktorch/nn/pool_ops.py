"""``torch.max_pool2d``, ``F.max_pool2d`` (with ``return_indices``) and ``F.max_pool2d_with_indices``.

All of them run ATen's ``max_pool2d_with_indices`` (node ``MaxPool2DWithIndicesBackward0``). Its CPU
kernel walks each window row by row from its first position inside the input and keeps a value that is
greater than the maximum so far or NaN (so the first of equal maxima wins, and the last NaN); the index
is the position in the input's plane (``row * width + column``). The backward adds each output gradient
at its index, in output order, one rounding per addition (torch's ``grad_input[index] += grad``); its own
derivative (a second derivative) gathers at the indices, as ATen's ``max_pool_double_backward`` does.
Values are compared exactly, so every dtype torch pools is pooled; a channels-last input (whose output
torch lays out channels-last) is not in the browser subset.
"""

import sys

from .. import dtypes as D
from ..binding import parse_under_python
from ..errors import unsupported
from ..grad_mode import no_grad
from ..graph import Node, record
from ..registry import at, function
from ..tensor import Tensor
from .conv_ops import _channels_last_strides, _sizes


def _output_size(size, k, pad, stride, dilation, ceil_mode):
    """ATen's pooling_output_shape."""
    if stride == 0:
        raise RuntimeError("stride should not be zero")
    if pad < 0:
        raise RuntimeError(f"pad must be non-negative, but got pad: {pad}")
    half = int(((k - 1) * dilation + 1) / 2)  # C++ division truncates
    if pad > half:
        raise RuntimeError(f"pad should be at most half of effective kernel size, but got pad={pad}, "
                           f"kernel_size={k} and dilation={dilation}")
    out = (size + 2 * pad - dilation * (k - 1) - 1 + (stride - 1 if ceil_mode else 0)) // stride + 1
    if ceil_mode and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def _params(kernel_size, stride, padding, dilation):
    kernel_size, stride, padding, dilation = ([] if v is None else [v] if isinstance(v, int) else list(v)
                                              for v in (kernel_size, stride, padding, dilation))
    if len(kernel_size) not in (1, 2):
        raise RuntimeError("max_pool2d: kernel_size must either be a single int, or a tuple of two ints")
    kh = kernel_size[0]
    kw = kh if len(kernel_size) == 1 else kernel_size[1]
    if len(stride) not in (0, 1, 2):
        raise RuntimeError("max_pool2d: stride must either be omitted, a single int, or a tuple of two ints")
    sh = kh if not stride else stride[0]
    sw = kw if not stride else sh if len(stride) == 1 else stride[1]
    if len(padding) not in (1, 2):
        raise RuntimeError("max_pool2d: padding must either be a single int, or a tuple of two ints")
    ph = padding[0]
    pw = ph if len(padding) == 1 else padding[1]
    if len(dilation) not in (1, 2):
        raise RuntimeError("max_pool2d: dilation must be either a single int, or a tuple of two ints")
    dh = dilation[0]
    dw = dh if len(dilation) == 1 else dilation[1]
    return kh, kw, sh, sw, ph, pw, dh, dw


def max_pool2d_with_indices(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    """ATen's max_pool2d_with_indices: (output, indices), the output's grad_fn MaxPool2DWithIndicesBackward0."""
    kh, kw, sh, sw, ph, pw, dh, dw = _params(kernel_size, stride, padding, dilation)
    if input.dim() not in (3, 4):
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    if input.dim() == 4 and not input.is_contiguous() and _channels_last_strides(input):
        raise unsupported("max_pool2d of a channels-last tensor")
    h, w = input._shape[-2], input._shape[-1]
    oh = _output_size(h, kh, ph, sh, dh, ceil_mode)
    ow = _output_size(w, kw, pw, sw, dw, ceil_mode)
    # pool2d_shape_check
    if kw <= 0 or kh <= 0:
        raise RuntimeError(f"kernel size should be greater than zero, but got kH: {kh} kW: {kw}")
    if sw <= 0 or sh <= 0:
        raise RuntimeError(f"stride should be greater than zero, but got dH: {sh} dW: {sw}")
    if dh <= 0 or dw <= 0:
        raise RuntimeError(f"dilation should be greater than zero, but got dilationH: {dh} dilationW: {dw}")
    shape = input._shape
    valid = shape[1] != 0 and shape[2] != 0
    if not ((input.dim() == 3 and shape[0] != 0 and valid) or (input.dim() == 4 and valid and shape[3] != 0)):
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:"
                           f"{_sizes(shape)}")
    if kw // 2 < pw or kh // 2 < ph:
        raise RuntimeError(f"pad should be smaller than or equal to half of kernel size, but got padW = {pw}, "
                           f"padH = {ph}, kW = {kw}, kH = {kh}")
    planes_shape = shape[:-2]
    if oh < 1 or ow < 1:
        raise RuntimeError(f"Given input size: ({shape[-3]}x{h}x{w}). Calculated output size: ({shape[-3]}x{oh}x{ow}). "
                           "Output size is too small")
    if input._dtype is D.bool_:
        raise NotImplementedError("\"max_pool2d\" not implemented for 'Bool'")
    values = at.contiguous(input)._values() if input.numel() else []
    planes = 1
    for s in planes_shape:
        planes *= s
    out_values, out_indices = [], []
    is_float = input._dtype._kind == 2
    start = float("-inf") if is_float else input._dtype._lo  # numeric_limits: -infinity, or the lowest int
    rows = []
    for r in range(oh):
        top = r * sh - ph
        bottom = min(top + (kh - 1) * dh + 1, h)
        while top < 0:
            top += dh
        rows.append((top, bottom))
    cols = []
    for c in range(ow):
        left = c * sw - pw
        right = min(left + (kw - 1) * dw + 1, w)
        while left < 0:
            left += dw
        cols.append((left, right))
    for p in range(planes):
        base = p * h * w
        for top, bottom in rows:
            for left, right in cols:
                best, where = start, top * w + left
                for i in range(top, bottom, dh):
                    row = base + i * w
                    for j in range(left, right, dw):
                        v = values[row + j]
                        if v > best or v != v:
                            best, where = v, i * w + j
                out_values.append(best)
                out_indices.append(where)
    out_shape = tuple(planes_shape) + (oh, ow)
    with no_grad():
        out = Tensor._from_values(out_values, out_shape, input._dtype)
        indices = Tensor._from_values(out_indices, out_shape, D.int64)
    record(MaxPool2DWithIndicesBackward0, (input,), out, self=input, result1=indices,
           kernel_size=(kh, kw), stride=(sh, sw), padding=(ph, pw), dilation=(dh, dw), ceil_mode=ceil_mode)
    return out, indices


class MaxPool2DWithIndicesBackward0(Node):
    _name = "MaxPool2DWithIndicesBackward0"
    saves = ("self", "result1")
    saved_outputs = ("result1",)

    def apply(self, grad):
        return [max_pool2d_backward(grad, self.saved("self"), self.saved("result1"))]


def max_pool2d_backward(grad, input, indices):
    """ATen's max_pool2d_with_indices_backward: each gradient added at its index, in output order."""
    h, w = input._shape[-2], input._shape[-1]
    dt = grad._dtype
    planes = input.numel() // (h * w) if h * w else 0
    gv = at.contiguous(grad)._values()
    iv = indices._values()
    per = len(iv) // planes if planes else 0
    out = [0.0] * input.numel()
    acc = D.float32 if dt in D.REDUCED else dt
    for p in range(planes):
        base, start = p * h * w, p * per
        for k in range(start, start + per):
            at_ = base + iv[k]
            out[at_] = D.round_values(D.round_values([out[at_] + gv[k]], acc), dt)[0]
    with no_grad():
        result = Tensor._from_values(out, tuple(input._shape), dt)
    record(MaxPool2DWithIndicesBackwardBackward0, (grad, input), result, indices=indices)
    return result


class MaxPool2DWithIndicesBackwardBackward0(Node):
    _name = "MaxPool2DWithIndicesBackwardBackward0"
    saves = ("indices",)

    def apply(self, grad):
        indices = self.saved("indices")
        size = tuple(indices._shape[:-2]) + (-1,)
        gathered = at.gather(at.view(at.contiguous(grad), size), -1, at.view(indices, size))
        zeros = None
        if self.needs(1):  # the input's gradient: zeros_like(self)
            shape, dtype = self._meta[1]
            count = 1
            for s in shape:
                count *= s
            zeros = Tensor._from_values([0] * count, tuple(shape), dtype)
        return [at.view(gathered, tuple(indices._shape)), zeros]


@function("max_pool2d")
def max_pool2d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    """torch.max_pool2d: max_pool2d_with_indices's output."""
    return max_pool2d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)[0]


def _max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    if stride is None:
        stride = []
    return sys.modules["booktorch"].max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)


def max_pool2d_with_indices_functional(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                                       return_indices=False):
    if stride is None:
        stride = []
    _, a = parse_under_python("torch.nn.functional", "max_pool2d_with_indices",
                              (input, kernel_size, stride, padding, dilation, ceil_mode))
    return max_pool2d_with_indices(a["input"], a["kernel_size"], a["stride"], a["padding"], a["dilation"],
                                   a["ceil_mode"])


max_pool2d_with_indices_functional.__name__ = max_pool2d_with_indices_functional.__qualname__ = \
    "max_pool2d_with_indices"


def _boolean_dispatch(arg_name, arg_index, default, if_true, if_false, func_name):
    """torch._jit_internal.boolean_dispatch: F.max_pool2d picks its function by ``return_indices``."""

    def fn(*args, **kwargs):
        flag = default
        if arg_name in kwargs:
            flag = kwargs[arg_name]
        elif arg_index < len(args):
            flag = args[arg_index]
        return if_true(*args, **kwargs) if flag else if_false(*args, **kwargs)

    fn.__name__ = func_name
    fn.__module__ = "torch.nn.functional"
    return fn


max_pool2d_functional = _boolean_dispatch("return_indices", 6, False, max_pool2d_with_indices_functional,
                                          _max_pool2d, "max_pool2d")
function("max_pool2d", namespace="torch.nn.functional")(max_pool2d_functional)
function("max_pool2d_with_indices", namespace="torch.nn.functional")(max_pool2d_with_indices_functional)
