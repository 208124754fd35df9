"""``torch.conv2d`` (which ``F.conv2d`` is) and its backward, as torch 2.13 computes them on one CPU thread.

torch's ``at::convolution`` picks a backend (``_select_conv_backend``); for float32 on the CPU that is
oneDNN (``Mkldnn``) when the convolution is strided, dilated, has a kernel other than 1x1 or a batch of 16
or more, *and* it has groups, a kernel larger than 3x3 both ways, a batch of two or more or more than
20480 input values; otherwise ATen's ``slow_conv2d`` (im2col, then MKL's sgemm on top of the bias).
oneDNN (held to its AVX2 kernels, see bookengine/cpu_kernels.py) sums in these orders, read off its
``jit:avx2`` and ``jit_1x1:avx2`` kernels and checked bit for bit against torch on random convolutions:

- forward: each output starts at its bias (or +0) and adds ``x * w`` with fused multiply-adds over the
  input channels in blocks of 8 (all of them when fewer than 8), within a block kernel row by kernel row,
  column by column, channel by channel; taps in the padding are skipped;
- input gradient (stride 1): each input value is a fused chain from +0 over the output channels in blocks
  of 8, kernel row, kernel column, channel in the block;
- weight gradient: a fused chain from +0 over images, output rows and columns (the taps that read the
  input); for a 1x1 kernel without padding each image's outputs go in pieces of 128 (the rest whole when
  fewer than 192 remain), each piece a chain from +0 added to the sum so far;
- bias gradient: the output gradients added one by one over images, rows and columns (not fused).

A fused multiply-add is ``acc + x * w`` (the product is exact in double) rounded to float32 once: the
double sum rounds as the exact one unless it lies exactly halfway between two float32 values, which
:func:`_fused_add` finds in the sums' bytes and settles from the exact error (the subnormal float32 range,
where the halfway bit lies higher, is not checked).
What booktorch does not reproduce raises its "not available in the browser" error: the slow path (a
single small image with a kernel of at most 3x3, a 1x1 kernel on fewer than 16 images), other dtypes,
groups, padding as large as the dilated kernel (oneDNN's gemm fallback), a channels-last input, the
input gradient of a strided convolution (oneDNN's ``brgconv_strided``), the weight and bias gradients of a
dilated one (its ``gemm:jit``), padding='same' that needs a padded copy of the input (an even kernel), and
second derivatives.
"""

import re
import sys
from array import array
from itertools import repeat
from operator import add, mul

from .. import dtypes as D
from ..errors import unsupported
from ..grad_mode import no_grad, state as grad_state
from ..graph import Node, record
from ..registry import at, function
from ..tensor import Tensor

_NEG_ZERO = -0.0  # x + -0.0 is x for every x: a skipped tap
# a little-endian double whose low 29 bits are 1 << 28: halfway between two float32 values (normal range)
_HALFWAY = re.compile(rb"(?=\x00\x00\x00[\x10\x30\x50\x70\x90\xb0\xd0\xf0])")


def _fused_add(acc, products):
    """``acc[e] + products[e]`` rounded once to float32 for every e (float32 accumulators, exact products):
    the double sums rounded, except a sum exactly halfway between two float32 values whose exact value is
    not (the double rounding of an FMA), which goes to the float32 on the side of the exact error."""
    sums = list(map(add, acc, products))
    out = array("f", sums)
    for m in _HALFWAY.finditer(array("d", sums).tobytes()):
        e, rest = divmod(m.start(), 8)
        if rest:
            continue
        s, c, p = sums[e], acc[e], products[e]
        back = s - c
        err = (c - (s - back)) + (p - back)
        if err != 0 and s == s:
            r = out[e]
            other = s + (s - r)  # the float32 on the other side of s
            out[e] = max(r, other) if err > 0 else min(r, other)
    return out


def _sizes(shape):
    return "[" + ", ".join(str(s) for s in shape) + "]"


def _ints(value):
    """An ``int[2]`` argument as torch's parser hands it on: one int stands for both."""
    if isinstance(value, int):
        return [value, value]
    return [int(v) for v in value]


def _expand(values, name, dim):
    """ATen's expand_param_if_needed."""
    if len(values) == 1:
        return [values[0]] * dim
    if len(values) != dim:
        raise RuntimeError(f"expected {name} to be a single integer value or a list of {dim} values to match "
                           f"the convolution dimensions, but got {name}={_sizes(values)}")
    return list(values)


def _dtype_name(t):
    """caffe2's TypeMeta name, as ``Tensor.dtype().name()`` prints it (``float``, ``long int``)."""
    return t._dtype._ctype


def _batchify(input, name):
    if input.dim() not in (3, 4):
        raise RuntimeError(f"Expected 3D (unbatched) or 4D (batched) input to {name}, but got input of size: "
                           f"{_sizes(input._shape)}")
    if input.dim() == 4:
        return input, True
    return at.unsqueeze(input, 0), False


@function("conv2d")
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """torch.conv2d (F.conv2d): ATen's conv2d, then convolution (ConvolutionBackward0)."""
    if bias is not None and bias._dtype is not input._dtype:
        raise RuntimeError(f"Input type ({_dtype_name(input)}) and bias type ({_dtype_name(bias)}) should be the same")
    x, batched = _batchify(input, "conv2d")
    if isinstance(padding, str):
        out = _convolution_mode(x, weight, bias, _ints(stride), padding, _ints(dilation), groups)
    else:
        out = convolution(x, weight, bias, _ints(stride), _ints(padding), _ints(dilation), groups)
    return out if batched else at.squeeze(out, 0)


@function("conv2d", namespace="torch.nn.functional")
def conv2d_functional(*args, **kwargs):
    """F.conv2d is torch.conv2d (the same builtin, torch's parser in front)."""
    return sys.modules["booktorch"].conv2d(*args, **kwargs)


conv2d_functional.__name__ = conv2d_functional.__qualname__ = "conv2d"


def _convolution_mode(x, weight, bias, stride, padding, dilation, groups):
    if padding == "same":
        return _convolution_same(x, weight, bias, stride, dilation, groups)
    if padding == "valid":
        return convolution(x, weight, bias, stride, [0], dilation, groups)
    raise RuntimeError(f"Invalid padding string: '{padding}'")


def _convolution_same(x, weight, bias, stride, dilation, groups):
    k = weight.dim()
    if k <= 2:
        raise RuntimeError("weight should have at least three dimensions")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    dim = k - 2
    if k != x.dim():
        raise RuntimeError(f"Expected {k}-dimensional input for {k}-dimensional weight{_sizes(weight._shape)}, but "
                           f"got {x.dim()}-dimensional input of size {_sizes(x._shape)} instead")
    if len(stride) not in (dim, 1):
        raise RuntimeError(f"stride cannot broadcast to {dim} dimensions")
    if len(dilation) not in (dim, 1):
        raise RuntimeError(f"dilation cannot broadcast to {dim} dimensions")
    if any(s != 1 for s in stride):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    padding = []
    for i in range(dim):
        d = dilation[0] if len(dilation) == 1 else dilation[i]
        total = d * (weight._shape[i + 2] - 1)
        if total // 2 != total - total // 2:
            raise unsupported("conv2d with padding='same' and an even kernel length (torch pads a copy of the input "
                              "with F.pad first)")
        padding.append(total // 2)
    return convolution(x, weight, bias, stride, padding, dilation, groups)


def _check_shape_forward(input, weight, bias, stride, padding, dilation, groups):
    """ATen's check_shape_forward (not transposed)."""
    if any(p < 0 for p in padding):
        raise RuntimeError("negative padding is not supported")
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    if any(d < 0 for d in dilation):
        raise RuntimeError("dilation should be greater than zero")
    k, wsizes = input.dim(), weight._shape
    if weight.dim() != k:
        raise RuntimeError(f"Expected {weight.dim()}-dimensional input for {weight.dim()}-dimensional weight "
                           f"{_sizes(wsizes)}, but got {k}-dimensional input of size {_sizes(input._shape)} instead")
    if wsizes[0] < groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be at least {groups} at dimension 0, but got "
                           f"weight of size {_sizes(wsizes)} instead")
    if wsizes[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, but "
                           f"got weight of size [{_sizes(wsizes)}] instead")
    if input._shape[1] != wsizes[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {_sizes(wsizes)}, expected input"
                           f"{_sizes(input._shape)} to have {wsizes[1] * groups} channels, but got {input._shape[1]} "
                           "channels instead")
    if bias is not None and (bias.dim() != 1 or bias._shape[0] != wsizes[0]):
        raise RuntimeError(f"Given weight of size {_sizes(wsizes)}, expected bias to be 1-dimensional with "
                           f"{wsizes[0]} elements, but got bias of size {_sizes(bias._shape)} instead")
    padded = [input._shape[i] + 2 * padding[i - 2] for i in range(2, k)]
    kernel = [dilation[i - 2] * (wsizes[i] - 1) + 1 for i in range(2, k)]
    if any(p < q for p, q in zip(padded, kernel)):
        raise RuntimeError(f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). Kernel size: "
                           f"({' x '.join(map(str, kernel))}). Kernel size can't be greater than actual input size")


def _channels_last_strides(t):
    """c10's is_channels_last_strides_2d_s4: what makes suggest_memory_format() ChannelsLast."""
    sizes, strides = t._shape, t._stride
    smallest = 0
    for d in (1, 3, 2, 0):
        if sizes[d] == 0 or strides[d] < smallest:
            return False
        if d == 0 and smallest == strides[1]:
            return False
        smallest = strides[d]
        if sizes[d] > 1:
            smallest *= sizes[d]
    return True


def _uses_onednn(input, weight, stride, dilation, groups):
    """ConvParams::use_mkldnn for a float32 CPU input, torch on one thread (as the book runs it)."""
    n, c, h, w = input._shape
    kh, kw = weight._shape[2], weight._shape[3]
    strided = any(s != 1 for s in stride)
    dilated = any(d != 1 for d in dilation)
    return ((strided or dilated or n >= 16 or kw != 1 or kh != 1)
            and (groups > 1 or (kw > 3 and kh > 3) or n > 1 or n * c * h * w > 20480))


def convolution(input, weight, bias, stride, padding, dilation, groups):
    """at::convolution (not transposed), the op that records ConvolutionBackward0."""
    dim = weight.dim() - 2
    if dim <= 0:
        raise RuntimeError("weight should have at least three dimensions")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    stride = _expand(stride, "stride", dim)
    padding = _expand(padding, "padding", dim)
    dilation = _expand(dilation, "dilation", dim)
    _check_shape_forward(input, weight, bias, stride, padding, dilation, groups)
    if input._dtype is not D.float32:
        if input._dtype not in D.REDUCED and weight._dtype is not input._dtype:
            raise RuntimeError(f"expected scalar type {input._dtype._legacy} but found {weight._dtype._legacy}")
        raise unsupported(f"conv2d on {input._dtype} tensors (booktorch computes float32 convolutions)")
    if input.numel() == 0:
        raise unsupported("conv2d of an empty input")
    if not _uses_onednn(input, weight, stride, dilation, groups):
        if weight._dtype is not input._dtype:
            raise RuntimeError(f"expected scalar type Float but found {weight._dtype._legacy}")
        raise unsupported("conv2d of one small image with a kernel of at most 3x3, or with a 1x1 kernel on fewer than "
                          "16 images (torch's slow im2col and MKL path; a batch of two or more images, or a larger "
                          "kernel, takes the oneDNN kernels booktorch reproduces)")
    if weight._dtype is not input._dtype:
        raise RuntimeError(f"Input type ({D.tensor_type_name(input._dtype)}) and weight type "
                           f"({D.tensor_type_name(weight._dtype)}) should be the same or input should be a MKLDNN "
                           "tensor and weight is a dense tensor")
    if any(d == 0 for d in dilation):
        raise RuntimeError("non-positive dilation is not supported")
    if groups != 1:
        raise unsupported("conv2d with groups > 1 (oneDNN's grouped and depthwise kernels)")
    if (not input.is_contiguous() and _channels_last_strides(input)) or \
            (not weight.is_contiguous() and _channels_last_strides(weight)):
        raise unsupported("conv2d of channels-last tensors")
    geometry = _Geometry(input._shape, weight._shape, stride, padding, dilation)
    if geometry.one_by_one() and (geometry.sh != 1 or geometry.sw != 1):
        raise unsupported("conv2d with a 1x1 kernel, no padding and a stride above 1 (oneDNN picks its jit_1x1 or "
                          "jit:avx2 kernel by sizes booktorch does not follow)")
    if not geometry.forward_ok():
        raise unsupported("conv2d with this padding and size (oneDNN's gemm fallback: padding as large as the "
                          "dilated kernel, or wider than its unrolled output block)")
    with no_grad():
        values = _forward(at.contiguous(input)._values(), at.contiguous(weight)._values(),
                          None if bias is None else bias._values(), geometry)
        out = Tensor._from_values(values, (geometry.n, geometry.o, geometry.oh, geometry.ow), D.float32)
    record(ConvolutionBackward0, (input, weight, bias), out, input=input, weight=weight,
           bias_sym_sizes_opt=(0,) if bias is None else tuple(bias._shape), stride=tuple(stride),
           padding=tuple(padding), dilation=tuple(dilation), transposed=False, output_padding=(0, 0), groups=groups)
    return out


class _Geometry:
    """A 2-d convolution's sizes: images n, channels c (in) and o (out), input h x w, kernel kh x kw, output
    oh x ow, strides, paddings and dilations."""

    def __init__(self, in_shape, w_shape, stride, padding, dilation):
        self.n, self.c, self.h, self.w = in_shape
        self.o, _, self.kh, self.kw = w_shape
        self.sh, self.sw = stride
        self.ph, self.pw = padding
        self.dh, self.dw = dilation
        self.oh = (self.h + 2 * self.ph - self.dh * (self.kh - 1) - 1) // self.sh + 1
        self.ow = (self.w + 2 * self.pw - self.dw * (self.kw - 1) - 1) // self.sw + 1

    def _pads(self):
        """oneDNN's paddings (top, left, bottom, right) and dilated kernel sizes."""
        ext_h, ext_w = (self.kh - 1) * self.dh + 1, (self.kw - 1) * self.dw + 1
        bottom = (self.oh - 1) * self.sh + ext_h - (self.h + self.ph)
        right = (self.ow - 1) * self.sw + ext_w - (self.w + self.pw)
        return self.ph, self.pw, bottom, right, ext_h, ext_w

    def one_by_one(self):
        """oneDNN's jit_1x1 kernels take it (a 1x1 kernel without padding)."""
        return self.kh == 1 and self.kw == 1 and self.ph == 0 and self.pw == 0

    def forward_ok(self):
        """Whether oneDNN runs the forward in its jit_1x1 or jit:avx2 kernel (jit_avx2_conv_fwd_kernel_f32's
        init_conf), not in its gemm fallback."""
        if self.one_by_one():
            return True
        top, left, bottom, right, ext_h, ext_w = self._pads()
        if ext_w <= left or ext_w <= right or ext_h <= top or ext_h <= bottom:
            return False
        ur_w = min(3, self.ow)
        tail = self.ow % ur_w
        if left > ur_w:
            return False
        if self.kw > 7 and not ((top == 0 and left == 0) or (self.sw == 1 and self.sh == 1)):
            return False
        r_pad_no_tail = max(0, (self.ow - tail - 1) * self.sw + ext_w - (self.w + left))
        if r_pad_no_tail > ur_w * self.sw and self.ow // ur_w > 1:
            ur_w = min(r_pad_no_tail // self.sw + tail, min(self.ow, 7))
            tail = self.ow % ur_w
            r_pad_no_tail = max(0, (self.ow - tail - 1) * self.sw + ext_w - (self.w + left))
            if ur_w < max(left, r_pad_no_tail):
                return False
        return True

    def backward_data_ok(self):
        """Whether oneDNN runs the input gradient in the kernels reproduced here: stride 1, jit_1x1 or
        jit:avx2 (jit_avx2_conv_bwd_data_kernel_f32's init_conf)."""
        if self.sh != 1 or self.sw != 1:
            return False
        if self.one_by_one():
            return True
        top, left, bottom, right, ext_h, ext_w = self._pads()
        if ext_w <= left or ext_w <= right or ext_h <= top or ext_h <= bottom:
            return False
        nb_ic = (self.c + 7) // 8
        l_overflow = max(0, ext_w - 1 - left)
        best, ur_w = 0, 1
        for b in range(1, 5):
            if nb_ic % b:
                continue
            u = 1
            while u * b + u <= 15 and u < self.w + 1:
                ur = min(u, self.w)
                if not (l_overflow > ur and ur != self.w):
                    nfmas = ur * b
                    if nfmas > best or (nfmas == best and ur_w < ur):
                        ur_w, best = ur, nfmas
                u += 1
        if best <= 0:
            return False
        tail = self.w % ur_w
        r_overflow_no_tail = max(0, _trunc_div(ext_w - 1 - right - tail, 1))
        return not (r_overflow_no_tail > ur_w or (self.w > ur_w and right + tail < 0))

    def backward_weights_ok(self):
        """Whether oneDNN runs the weight and bias gradients in jit_1x1 or jit:avx2
        (jit_avx2_conv_bwd_weights_kernel_f32's init_conf), not in its gemm kernel."""
        if self.one_by_one():
            return True
        if self.dh != 1 or self.dw != 1:
            return False
        top, left, bottom, right, ext_h, ext_w = self._pads()
        bottom, right = max(0, bottom), max(0, right)
        if not (top < ext_h and bottom < ext_h and left < ext_w and right < ext_w):
            return False
        return self.kw < 14 and self.kh <= top + self.h and self.kh <= self.h and top < self.kh


def _trunc_div(a, b):
    """C++'s integer division (toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _shifted(src, n_images, planes, plane, rows, cols, out_rows, out_cols, sh, sw, off_h, off_w):
    """The values ``src[n][plane][r * sh + off_h][c * sw + off_w]`` over images n and a grid r < out_rows,
    c < out_cols (``src`` the row-major values of an n x planes x rows x cols tensor), None where the
    position falls outside: a column of im2col. Returns (column, whether any position fell outside)."""
    col = []
    outside = False
    c_lo = max(0, -(off_w // sw))  # the first c with c * sw + off_w >= 0
    c_hi = min(out_cols, (cols - 1 - off_w) // sw + 1)  # past the last with c * sw + off_w < cols
    if c_lo >= c_hi:
        return [None] * (n_images * out_rows * out_cols), True
    before, after = [None] * c_lo, [None] * (out_cols - c_hi)
    if c_lo or c_hi < out_cols:
        outside = True
    span = (c_hi - c_lo - 1) * sw + 1
    empty = [None] * out_cols
    for n in range(n_images):
        base = (n * planes + plane) * rows
        for r in range(out_rows):
            row = r * sh + off_h
            if 0 <= row < rows:
                start = (base + row) * cols + c_lo * sw + off_w
                col.extend(before)
                col.extend(src[start:start + span:sw])
                col.extend(after)
            else:
                outside = True
                col.extend(empty)
    return col, outside


def _products(column, weight_value):
    col, outside = column
    if outside:
        return [_NEG_ZERO if v is None else v * weight_value for v in col]
    return list(map(mul, col, repeat(weight_value)))


def _zero_products(column):
    """The products of a channel oneDNN pads in (zero input times zero weight): +0 where the tap reads
    the input, nothing (-0.0) where it falls in the padding. They matter only to a -0.0 sum."""
    col, outside = column
    if outside:
        return [_NEG_ZERO if v is None else 0.0 for v in col]
    return [0.0] * len(col)


def _chains(columns, chunks, weight_of, size, start=None):
    """Fused multiply-add chains over ``size`` outputs at once: each chunk (a list of steps, each a column
    key and its weight's index, or (key, None) for a padded channel's +0) starts from +0 (the first from
    ``start`` when given) and is added to the sum of the chunks before it."""
    total = None
    for number, chunk in enumerate(chunks):
        if number == 0 and start is not None:
            acc = array("f", start)
        else:
            acc = array("f", bytes(4 * size))
        for key, index in chunk:
            products = _zero_products(columns[key]) if index is None else _products(columns[key], weight_of[index])
            acc = _fused_add(acc, products)
        total = acc if total is None else array("f", list(map(add, total, acc)))
    return total


def _forward(xv, wv, bv, g):
    """oneDNN's forward (see the module's docstring): the output's row-major values.

    jit:avx2 adds input channels in blocks of 8 (all of them when fewer than 8; more than 8 are padded
    to a multiple of 8 with zeros), kernel row, kernel column, channel, in one chain from the bias;
    jit_1x1 (channels always padded to 8) sums 128 channels at a time, each piece from +0 (the first
    from the bias) and added to the output so far."""
    size = g.n * g.oh * g.ow
    columns = {}
    for ci in range(g.c):
        for kh in range(g.kh):
            for kw in range(g.kw):
                columns[ci, kh, kw] = _shifted(xv, g.n, g.c, ci, g.h, g.w, g.oh, g.ow, g.sh, g.sw,
                                               kh * g.dh - g.ph, kw * g.dw - g.pw)
    padded = g.c % 8 != 0 and (g.c >= 8 or g.one_by_one())
    block = g.c if g.c < 8 else 8
    steps = []
    for c0 in range(0, g.c, block):
        last = c0 + block >= g.c
        for kh in range(g.kh):
            for kw in range(g.kw):
                steps.extend(((ci, kh, kw), ci) for ci in range(c0, min(g.c, c0 + block)))
                if last and padded:
                    steps.append(((c0, kh, kw), None))
    if g.one_by_one():
        chunks = [steps[k:k + 128] for k in range(0, len(steps), 128)]
    else:
        chunks = [steps]
    kk = g.kh * g.kw
    per_channel = []
    for o in range(g.o):
        weights = wv[o * g.c * kk:(o + 1) * g.c * kk]
        chunks_o = [[(key, None if ci is None else ci * kk + key[1] * g.kw + key[2]) for key, ci in chunk]
                    for chunk in chunks]
        per_channel.append(_chains(columns, chunks_o, weights, size, None if bv is None else [bv[o]] * size))
    plane = g.oh * g.ow
    out = []
    for n in range(g.n):
        for o in range(g.o):
            out.extend(per_channel[o][n * plane:(n + 1) * plane])
    return out


def _grad_input(gv, wv, g):
    """oneDNN's backward data at stride 1: the input gradient's row-major values.

    jit:avx2 sums output channels in pieces of 32, 16 or 8 (for output widths below 15, below 40, else),
    each piece in blocks of 8, kernel row, kernel column, channel, from +0, the pieces added in order;
    jit_1x1 in pieces of 64 channels."""
    size = g.n * g.h * g.w
    columns = {}
    for o in range(g.o):
        for kh in range(g.kh):
            for kw in range(g.kw):
                columns[o, kh, kw] = _shifted(gv, g.n, g.o, o, g.oh, g.ow, g.h, g.w, 1, 1,
                                              g.ph - kh * g.dh, g.pw - kw * g.dw)
    if g.one_by_one():
        piece = 64
    else:
        piece = 32 if g.ow < 15 else 16 if g.ow < 40 else 8
    kk = g.kh * g.kw
    per_channel = []
    for ci in range(g.c):
        chunks = []
        for p0 in range(0, g.o, piece):
            chunk = []
            for o0 in range(p0, min(g.o, p0 + piece), 8):
                for kh in range(g.kh):
                    for kw in range(g.kw):
                        chunk.extend(((o, kh, kw), (o * g.c + ci) * kk + kh * g.kw + kw)
                                     for o in range(o0, min(g.o, o0 + 8)))
            chunks.append(chunk)
        per_channel.append(_chains(columns, chunks, wv, size))
    plane = g.h * g.w
    out = []
    for n in range(g.n):
        for ci in range(g.c):
            out.extend(per_channel[ci][n * plane:(n + 1) * plane])
    return out


def _patches(xv, g):
    """For each output position (image, row, column), the input values its taps read, in the weight's
    (channel, kernel row, kernel column) order, None for a tap in the padding; and whether any is None."""
    columns = [_shifted(xv, g.n, g.c, ci, g.h, g.w, g.oh, g.ow, g.sh, g.sw, kh * g.dh - g.ph, kw * g.dw - g.pw)
               for ci in range(g.c) for kh in range(g.kh) for kw in range(g.kw)]
    rows = list(zip(*[col for col, _ in columns]))
    return [(row, None in row) for row in rows]


def _grad_weight(gv, xv, g):
    """oneDNN's backward weights: the weight gradient's row-major values (o, c, kh, kw)."""
    plane = g.oh * g.ow
    patches = _patches(xv, g)
    width = len(patches[0][0]) if patches else 0

    def step_products(n, s):
        grads = [gv[(n * g.o + o) * plane + s] for o in range(g.o)]
        row, outside = patches[n * plane + s]
        if outside:
            return [_NEG_ZERO if x is None else gr * x for gr in grads for x in row]
        return [gr * x for gr in grads for x in row]

    zeros = array("f", bytes(4 * g.o * width))
    if g.one_by_one():
        total = None
        for n in range(g.n):
            start = 0
            while start < plane:
                step = plane - start if plane - start < 192 else 128
                acc = zeros
                for s in range(start, start + step):
                    acc = _fused_add(acc, step_products(n, s))
                total = acc if total is None else array("f", list(map(add, total, acc)))
                start += step
        return list(total)
    acc = zeros
    for n in range(g.n):
        for s in range(plane):
            acc = _fused_add(acc, step_products(n, s))
    return list(acc)


def _grad_bias(gv, g):
    """The output gradient summed over images and positions, one rounding per addition."""
    plane = g.oh * g.ow
    acc = array("f", bytes(4 * g.o))
    for n in range(g.n):
        base = n * g.o * plane
        for s in range(plane):
            acc = array("f", list(map(add, acc, gv[base + s:base + g.o * plane:plane])))
    return list(acc)


class ConvolutionBackward0(Node):
    _name = "ConvolutionBackward0"
    saves = ("input", "weight")

    def apply(self, grad):
        sv = self._svals
        input, weight = self.saved("input"), self.saved("weight")
        if grad_state.grad and (grad._requires_grad or input._requires_grad or weight._requires_grad):
            raise unsupported("Second derivatives through conv2d (create_graph=True)")
        g = _Geometry(input._shape, weight._shape, sv["stride"], sv["padding"], sv["dilation"])
        gv = at.contiguous(grad)._values()
        gi = gw = gb = None
        if self.needs(0):
            if g.sh != 1 or g.sw != 1:
                raise unsupported("The gradient of a strided conv2d with respect to its input (oneDNN's "
                                  "brgconv_strided kernel)")
            if not g.backward_data_ok():
                raise unsupported("The gradient of conv2d with respect to its input at this padding and size "
                                  "(oneDNN's gemm fallback)")
            gi = Tensor._from_values(_grad_input(gv, at.contiguous(weight)._values(), g), tuple(input._shape),
                                     D.float32)
        if (self.needs(1) or self.needs(2)) and not g.backward_weights_ok():
            raise unsupported("The gradients of conv2d with respect to its weight and bias when dilated, or at "
                              "this padding and size (oneDNN's gemm kernel)")
        if self.needs(1):
            gw = Tensor._from_values(_grad_weight(gv, at.contiguous(input)._values(), g), tuple(weight._shape),
                                     D.float32)
        if self.needs(2):
            gb = Tensor._from_values(_grad_bias(gv, g), (g.o,), D.float32)
        return [gi, gw, gb]
