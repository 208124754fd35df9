"""``torch.Generator`` and the default generator: ``manual_seed``, ``seed``, ``initial_seed``, ``get_rng_state``...

A Generator wraps a :class:`booktorch.rng.Generator` (torch's CPU generator state: the mt19937 and the
cached normal samples), and ``torch.default_generator`` wraps ``rng.default_generator``, so the values
:mod:`booktorch.rng` draws for ``torch.rand`` (``ops/random.py``) and for ``nn.Dropout`` come from the
same stream as torch's.  The state travels as torch's uint8 tensor of 5056 bytes.
"""

from . import dtypes as D
from . import rng
from .devices import NO_ACCELERATOR, device
from .errors import unsupported
from .registry import CType, export, function, torch_class
from .signatures import Parser, type_name
from .tensor import Tensor

_NEW = Parser("Generator", "(torch.device device = None)")
_NO_CUDA_GENERATOR = (
    "Cannot get CUDA generator without ATen_cuda library. PyTorch splits its backend into two shared libraries: "
    "a CPU library and a CUDA library; this error has occurred because you are trying to use some CUDA "
    "functionality, but the CUDA library has not been loaded by the dynamic linker for some reason.  The CUDA "
    "library MUST be loaded, EVEN IF you don't directly use any symbols from the CUDA library! One common culprit "
    "is a lack of -Wl,--no-as-needed in your link arguments; many dynamic linkers will delete dynamic library "
    "dependencies if you don't depend on any of their symbols.  You can check if this has occurred by using ldd "
    "on your binary to see if there is a dependency on *_cuda.so library."
)
# what CPU-only torch says when asked for a generator on another device
_NO_GENERATOR = {
    "cuda": _NO_CUDA_GENERATOR,
    "xpu": "Cannot get XPU generator without ATen_xpu library.",
    "xla": "Cannot get XLA generator without torch_xla library. This error has occurred because you are trying to "
    "use some XLA functionality, but the XLA library has not been loaded by the dynamic linker. You must load xla "
    "libraries by `import torch_xla`",
    "mps": "Cannot execute getNewGenerator() without MPS backend.",
    "mtia": "Cannot execute getNewGenerator() without MTIA backend.",
    "hip": "Backend doesn`t support getNewGenerator()",
    "hpu": "Backend doesn`t support getNewGenerator()",
    "privateuseone": "Please register PrivateUse1HooksInterface by `RegisterPrivateUse1HooksInterface` first.",
}


def _generator_device(dev):
    if dev is None:
        return
    if isinstance(dev, int):
        if dev < 0:
            raise RuntimeError("Device index must not be negative")
        raise RuntimeError(NO_ACCELERATOR)
    kind = device(dev).type
    if kind == "cpu":
        return
    if kind in _NO_GENERATOR:
        raise RuntimeError(_NO_GENERATOR[kind])
    raise RuntimeError(f"{kind.upper()} device type not an accelerator.")


def _no_arguments(name, args, kwargs):
    if kwargs:
        raise TypeError(f"Generator.{name}() takes no keyword arguments")
    if args:
        raise TypeError(f"Generator.{name}() takes no arguments ({len(args)} given)")


def _one_argument(name, args, kwargs):
    if kwargs:
        raise TypeError(f"Generator.{name}() takes no keyword arguments")
    if len(args) != 1:
        raise TypeError(f"Generator.{name}() takes exactly one argument ({len(args)} given)")
    return args[0]


class Generator(metaclass=CType):
    """torch.Generator: a CPU random number generator of its own (``generator=`` in the random functions)."""

    __slots__ = ("_rng", "__weakref__")

    def __init__(self, *args, **kwargs):
        _generator_device(_NEW.parse(args, kwargs)[1]["device"])
        self._rng = rng.Generator()

    @classmethod
    def _wrap(cls, state):
        g = object.__new__(cls)
        g._rng = state
        return g

    @property
    def device(self):
        return device("cpu")

    def manual_seed(self, *args, **kwargs):
        self._rng.manual_seed(_one_argument("manual_seed", args, kwargs))
        return self

    def seed(self, *args, **kwargs):
        _no_arguments("seed", args, kwargs)
        return self._rng.seed()

    def initial_seed(self, *args, **kwargs):
        _no_arguments("initial_seed", args, kwargs)
        return self._rng.initial_seed()

    def get_state(self, *args, **kwargs):
        _no_arguments("get_state", args, kwargs)
        return Tensor._from_values(self._rng.get_state(), (rng.STATE_SIZE,), D.uint8)

    def set_state(self, *args, **kwargs):
        state = _one_argument("set_state", args, kwargs)
        if not isinstance(state, Tensor):
            raise TypeError(f"expected a torch.ByteTensor, but got {type_name(state)}")
        if state._dtype is not D.uint8:
            raise TypeError("RNG state must be a torch.ByteTensor")
        if not state.is_contiguous():
            raise RuntimeError("RNG state must be contiguous")
        self._rng.set_state(state._values())
        return self

    def clone_state(self, *args, **kwargs):
        _no_arguments("clone_state", args, kwargs)
        copy = Generator()
        copy._rng.set_state(self._rng.get_state())
        return copy

    def get_offset(self, *args, **kwargs):
        raise RuntimeError("CPU Generator does not use offset")

    def set_offset(self, *args, **kwargs):
        raise RuntimeError("CPU Generator does not use offset")

    def graphsafe_get_state(self, *args, **kwargs):
        raise NotImplementedError("graphsafe_get_state is not supported in this Generator")

    def graphsafe_set_state(self, *args, **kwargs):
        raise NotImplementedError("graphsafe_set_state is not supported in this Generator")

    def __reduce__(self):
        return (Generator, (self.device,), (self.initial_seed(), None, self.get_state()))

    def __setstate__(self, state):
        seed, _, values = state
        self.manual_seed(seed)
        self.set_state(values)

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        raise unsupported(f"torch.Generator.{name}")


torch_class(Generator, "torch._C")
default_generator = Generator._wrap(rng.default_generator)
export("torch", Generator=Generator, default_generator=default_generator)


def state_of(generator):
    """The :class:`booktorch.rng.Generator` a ``generator=`` argument (a Generator or None) draws from."""
    return rng.default_generator if generator is None else generator._rng


@function("manual_seed")
def manual_seed(seed):
    return default_generator.manual_seed(int(seed))


@function("seed")
def seed():
    return default_generator.seed()


@function("initial_seed")
def initial_seed():
    return default_generator.initial_seed()


@function("get_rng_state")
def get_rng_state():
    return default_generator.get_state()


@function("set_rng_state")
def set_rng_state(new_state):
    default_generator.set_state(new_state)
