"""``torch.finfo`` and ``torch.iinfo``: the limits of each floating and integer dtype, printed as torch prints them."""

from . import dtypes as D
from .registry import CType, export, torch_class

# (bits, eps, max, smallest normal, resolution) as torch reports them
_FLOAT_INFO = {
    "float32": (32, 1.1920928955078125e-07, 3.4028234663852886e38, 1.1754943508222875e-38, 1e-06),
    "float64": (64, 2.220446049250313e-16, 1.7976931348623157e308, 2.2250738585072014e-308, 1e-15),
    "float16": (16, 0.0009765625, 65504.0, 6.103515625e-05, 0.001),
    "bfloat16": (16, 0.0078125, 3.3895313892515355e38, 1.1754943508222875e-38, 0.01),
}


class finfo(metaclass=CType):
    """Machine limits of a floating dtype (``torch.finfo(torch.float16).eps``)."""

    def __init__(self, type=None):  # noqa: A002 - torch's parameter name
        dt = D.get_default_dtype() if type is None else type
        if not isinstance(dt, D.dtype) or not dt.is_floating_point:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle "
                            "'torch.finfo'")
        self.bits, self.eps, self.max, self.smallest_normal, self.resolution = _FLOAT_INFO[dt._name]
        self.min = -self.max
        self.tiny = self.smallest_normal
        self.dtype = dt._name

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, dtype={self.dtype})")

    __str__ = __repr__


class iinfo(metaclass=CType):
    """Limits of an integer dtype (``torch.iinfo(torch.int8).max``)."""

    def __init__(self, type):  # noqa: A002 - torch's parameter name
        if type is D.bool_:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if not isinstance(type, D.dtype) or type._kind != 1:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'")
        self.bits = type._bits
        self.min = type._lo
        self.max = type._hi
        self.dtype = type._name

    def __repr__(self):
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"

    __str__ = __repr__


torch_class(finfo, "torch")
torch_class(iinfo, "torch")
export("torch", finfo=finfo, iinfo=iinfo)
