"""``torch.save`` and ``torch.load`` (also ``torch.serialization``'s), in torch's own file format.

What booktorch writes is what torch 2.13 writes, byte for byte but for the random serialization id: a zip
archive (stored, each record aligned to 64 bytes, as torch's miniz writer lays it out) holding ``data.pkl`` (the object, pickled with protocol 2: a tensor as ``torch._utils._rebuild_tensor_v2``
of a storage, offset, sizes, strides and requires_grad; a Parameter through ``_rebuild_parameter``; a
storage as a persistent id ``("storage", torch.FloatStorage, key, "cpu", numel)``), ``data/<key>`` (each
storage's bytes, little-endian), ``.format_version``, ``.storage_alignment``, ``byteorder``, ``version``
and ``.data/serialization_id``. So real torch loads what booktorch saved and booktorch loads what torch
saved (a test checks both ways), and tensors that share a storage still share it after loading.

``torch.load`` reads only such archives (``weights_only=True`` by default, as torch 2.6+): a global that
is not allowed raises torch's UnpicklingError, and ``torch.serialization.add_safe_globals`` /
``safe_globals`` allow more, as in torch. Older formats (the pre-1.6 tar and pickle files), ``mmap=True``,
a callable ``map_location`` and custom ``pickle_module`` are not in the browser subset; a location other
than the CPU raises what CPU-only torch raises.
"""

import _codecs
import _compat_pickle
import collections as _collections
import io as _io
import os as _os
import pickle as _pickle
import random as _random
import struct as _struct
import sys as _sys
import zipfile as _zipfile
import zlib as _zlib
from array import array as _array
from types import FunctionType as _FunctionType
from contextlib import contextmanager as _contextmanager

from .dtypes import ALL as _ALL_DTYPES
from .dtypes import dtype as _dtype
from .errors import unsupported as _unsupported
from .registry import export as _export
from .registry import namespace as _namespace
from .registry import namespaces as _namespaces
from .storage import Storage as _Storage
from .tensor import Tensor as _Tensor

_namespace(__name__)

_ALIGNMENT = 64
_LITTLE = _sys.byteorder == "little"
_ARRAY_CODES = {"float32": "f", "float64": "d", "int8": "b", "uint8": "B", "int16": "h", "int32": "i", "int64": "q"}
_UNSAFE = ("In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` from `False` "
           "to `True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it can "
           "result in arbitrary code execution. Do it only if you got the file from a trusted source.")
_DOCS = ("\n\nCheck the documentation of torch.load to learn more about types accepted by default with weights_only "
         "https://pytorch.org/docs/stable/generated/torch.load.html.")
_NO_CUDA = ("Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If you are "
            "running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') to map your "
            "storages to the CPU.")
_user_globals = {}  # "module.name" -> object, from add_safe_globals / safe_globals


# ------------------------------------------------------------------ storages as bytes
def _to_bytes(values, dt):
    name = dt._name
    if name == "bool":
        return bytes(1 if v else 0 for v in values)
    if name == "float16":
        return _struct.pack(f"<{len(values)}e", *values)
    if name == "bfloat16":  # the high half of each float32
        words = _array("H", _array("f", values).tobytes())
        if not _LITTLE:
            words.byteswap()
        return _array("H", words[1::2]).tobytes() if _LITTLE else _bf16_big(words)
    packed = _array(_ARRAY_CODES[name], values)
    if not _LITTLE:
        packed.byteswap()
    return packed.tobytes()


def _bf16_big(words):  # pragma: no cover - booktorch runs on little-endian machines (x86, WebAssembly)
    halves = _array("H", words[1::2])
    halves.byteswap()
    return halves.tobytes()


def _from_bytes(data, dt):
    name = dt._name
    if name == "bool":
        return [b != 0 for b in data]
    if name == "float16":
        return list(_struct.unpack(f"<{len(data) // 2}e", data))
    if name == "bfloat16":
        halves = _array("H", data)
        if not _LITTLE:
            halves.byteswap()
        words = _array("H", bytes(2 * len(data)))
        words[1::2] = halves
        if not _LITTLE:
            words.byteswap()
        return _array("f", words.tobytes()).tolist()
    values = _array(_ARRAY_CODES[name], data)
    if not _LITTLE:
        values.byteswap()
    return values.tolist()


# ------------------------------------------------------------------ the names torch's pickles use
class _TorchGlobal:
    """A name in torch (``torch._utils._rebuild_tensor_v2``, ``torch.FloatStorage``) that booktorch pickles
    as torch does, and reads back as what ``loaded`` does."""

    def __init__(self, module, name, loaded=None):
        self.module, self.name, self.loaded = module, name, loaded

    def __reduce__(self):
        return self.name

    def __call__(self, *args):
        return self.loaded(*args)


class _StorageType(_TorchGlobal):
    def __init__(self, dt):
        super().__init__("torch", f"{dt._legacy}Storage")
        self.dtype = dt


_STORAGE_TYPES = {dt: _StorageType(dt) for dt in _ALL_DTYPES}
_STORAGE_BY_NAME = {t.name: t for t in _STORAGE_TYPES.values()}


class _StorageRef:
    """A tensor's storage while it is pickled (its persistent id names it)."""

    def __init__(self, storage, dt):
        self.storage, self.dtype = storage, dt


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks, metadata=None):
    storage, dt = storage
    t = _Tensor._make(storage, tuple(size), tuple(stride), storage_offset, dt)
    t._requires_grad = bool(requires_grad)
    return t


def _rebuild_parameter(data, requires_grad, backward_hooks):
    return _sys.modules["booktorch"].nn.Parameter(data, requires_grad)


def _rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    param = _rebuild_parameter(data, requires_grad, backward_hooks)
    param.__dict__.update(state or {})
    return param


_REBUILD_TENSOR = _TorchGlobal("torch._utils", "_rebuild_tensor_v2", _rebuild_tensor_v2)
_REBUILD_PARAMETER = _TorchGlobal("torch._utils", "_rebuild_parameter", _rebuild_parameter)
_REBUILD_PARAMETER_STATE = _TorchGlobal("torch._utils", "_rebuild_parameter_with_state", _rebuild_parameter_with_state)


def _global_name(obj):
    """(module, name) under which torch pickles ``obj``, for booktorch's stand-ins for torch's objects."""
    if isinstance(obj, _TorchGlobal):
        return obj.module, obj.name
    if isinstance(obj, _dtype):
        return "torch", obj._name
    if isinstance(obj, type) and (obj.__module__ or "").split(".")[0] == "torch":
        return obj.__module__, obj.__qualname__
    return None


# ------------------------------------------------------------------ save
class _Pickler(_pickle._Pickler):
    """Python's pickler, with torch's reductions for tensors and torch's names for torch's objects."""

    def __init__(self, file, protocol):
        super().__init__(file, protocol)
        self.storages = {}  # id(storage) -> (key, storage, dtype)

    def persistent_id(self, obj):
        if not isinstance(obj, _StorageRef):
            return None
        key, storage, _ = self.storages.setdefault(id(obj.storage), (str(len(self.storages)), obj.storage, obj.dtype))
        return ("storage", _STORAGE_TYPES[obj.dtype], key, "cpu", len(storage.data))

    def reducer_override(self, obj):
        if isinstance(obj, _Tensor):
            return _reduce_tensor(obj)
        if isinstance(obj, _collections.OrderedDict) and type(obj) is not _collections.OrderedDict \
                and type(obj).__module__ == "collections":  # booktorch's state dict: torch's OrderedDict
            return _collections.OrderedDict, (), dict(vars(obj)) or None, None, iter(obj.items())
        return NotImplemented

    def save_global(self, obj, name=None):
        where = _global_name(obj) or _python_global(obj, name)
        module, name = where
        if (module, name) in _compat_pickle.REVERSE_NAME_MAPPING:  # protocol 2 names builtins as Python 2 did
            module, name = _compat_pickle.REVERSE_NAME_MAPPING[(module, name)]
        elif module in _compat_pickle.REVERSE_IMPORT_MAPPING:
            module = _compat_pickle.REVERSE_IMPORT_MAPPING[module]
        self.write(_pickle.GLOBAL + f"{module}\n{name}\n".encode("utf-8"))
        self.memoize(obj)

    dispatch = dict(_pickle._Pickler.dispatch)  # functions go through this class's save_global too
    dispatch[_FunctionType] = save_global


def _python_global(obj, name=None):
    """(module, name) of a class or function pickled by reference, or the error CPython 3.11's C pickler
    raises (the build's Python: the pure-Python pickler words them otherwise, and so do later Pythons)."""
    name = name if name is not None else getattr(obj, "__qualname__", None) or obj.__name__
    if "<locals>" in name.split("."):
        raise AttributeError(f"Can't pickle local object {name!r}")
    module_name = getattr(obj, "__module__", None) or "__main__"
    try:
        __import__(module_name)
    except ImportError:
        raise _pickle.PicklingError(f"Can't pickle {obj!r}: import of module {module_name!r} failed") from None
    found = _sys.modules[module_name]
    try:
        for part in name.split("."):
            found = getattr(found, part)
    except AttributeError:
        raise _pickle.PicklingError(f"Can't pickle {obj!r}: attribute lookup {name} on {module_name} failed") from None
    if found is not obj:
        raise _pickle.PicklingError(f"Can't pickle {obj!r}: it's not the same object as {module_name}.{name}")
    return module_name, name


def _reduce_tensor(t):
    nn = _sys.modules["booktorch"].nn
    if isinstance(t, nn.UninitializedParameter):
        raise _unsupported("torch.save of an uninitialized parameter")
    if isinstance(t, nn.Parameter):
        state = {k: v for k, v in vars(t).items() if not k.startswith("_")}
        if state:
            return _REBUILD_PARAMETER_STATE, (t.data, t.requires_grad, _collections.OrderedDict(), state)
        return _REBUILD_PARAMETER, (t.data, t.requires_grad, _collections.OrderedDict())
    args = (_StorageRef(t._storage, t._dtype), t._offset, tuple(t._shape), tuple(t._stride), t._requires_grad,
            _collections.OrderedDict())
    return _REBUILD_TENSOR, args


class _ZipWriter:
    """The zip archive torch's writer (miniz in PyTorchStreamWriter) makes, byte for byte: records stored
    uncompressed, each one's data starting at a multiple of 64 bytes (an "FB" padding field in its local
    header) and followed by a data descriptor, then the central directory, a zip64 end record and its
    locator, and the end record; offsets count from where the archive starts in the file."""

    def __init__(self, file, prefix):
        self.file, self.prefix = file, prefix
        self.entries = []  # (name, crc, size, offset of its local header)
        self.position = 0

    def _put(self, data):
        self.file.write(data)
        self.position += len(data)

    def write(self, name, data):
        full = f"{self.prefix}/{name}".encode("utf-8")
        padding = -(self.position + 30 + len(full) + 4) % _ALIGNMENT
        extra = b"FB" + _struct.pack("<H", padding) + b"Z" * padding
        crc = _zlib.crc32(data)
        self.entries.append((full, crc, len(data), self.position))
        self._put(_struct.pack("<IHHHHHIIIHH", 0x04034B50, 0, 0x0808, 0, 0, 0, 0, 0, 0, len(full), len(extra))
                  + full + extra)
        self._put(data)
        self._put(_struct.pack("<IIII", 0x08074B50, crc, len(data), len(data)))

    def close(self):
        start = self.position
        for full, crc, size, offset in self.entries:
            self._put(_struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0, 0, 0x0808, 0, 0, 0, crc, size, size,
                                   len(full), 0, 0, 0, 0, 0, offset) + full)
        size, count, zip64 = self.position - start, len(self.entries), self.position
        self._put(_struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 0x031E, 45, 0, 0, count, count, size, start))
        self._put(_struct.pack("<IIQI", 0x07064B50, 0, zip64, 1))
        self._put(_struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, size, start, 0))


def _write_archive(obj, file, prefix, protocol):
    buffer = _io.BytesIO()
    pickler = _Pickler(buffer, protocol)
    pickler.dump(obj)
    archive = _ZipWriter(file, prefix)
    archive.write("data.pkl", buffer.getvalue())
    archive.write(".format_version", b"1")
    archive.write(".storage_alignment", str(_ALIGNMENT).encode())
    archive.write("byteorder", b"little")
    for key, storage, dt in pickler.storages.values():
        archive.write(f"data/{key}", _to_bytes(storage.data, dt))
    archive.write("version", b"3\n")
    archive.write(".data/serialization_id", f"{_random.SystemRandom().randrange(10 ** 40):040d}".encode())
    archive.close()


def save(obj, f, pickle_module=_pickle, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """torch.save(obj, f): ``f`` a path or a file-like object with ``write``."""
    if not isinstance(f, (str, _os.PathLike)) and not hasattr(f, "write"):
        raise AttributeError("expected 'f' to be string, path, or a file-like object with a 'write' attribute")
    if pickle_module is not _pickle:
        raise _unsupported("torch.save(..., pickle_module=...)")
    if not _use_new_zipfile_serialization:
        raise _unsupported("torch.save(..., _use_new_zipfile_serialization=False) (torch's legacy format)")
    if isinstance(f, (str, _os.PathLike)):
        name = _os.fspath(f)
        parent = _os.path.dirname(name)
        if parent and not _os.path.isdir(parent):
            raise RuntimeError(f"Parent directory {parent} does not exist.")
        with open(name, "wb") as file:
            _write_archive(obj, file, _os.path.splitext(_os.path.basename(name))[0], pickle_protocol)
        return
    if not callable(getattr(f, "write", None)):
        raise TypeError(f"Buffer of {str(type(f)).strip('<>')} has no callable attribute 'write'")
    _write_archive(obj, f, "archive", pickle_protocol)
    if hasattr(f, "flush"):
        f.flush()


# ------------------------------------------------------------------ load
def _default_globals():
    torch = _sys.modules["booktorch"]
    from .nn.modules.module import OrderedDict as state_dict_type

    found = {"collections.OrderedDict": state_dict_type, "collections.Counter": _collections.Counter,
             "_codecs.encode": _codecs.encode, "builtins.set": set, "builtins.complex": complex, "builtins.bytearray": bytearray,
             "torch.Size": torch.Size, "torch.Tensor": torch.Tensor, "torch.device": torch.device,
             "torch.nn.parameter.Parameter": torch.nn.Parameter,
             "torch._utils._rebuild_tensor_v2": _rebuild_tensor_v2,
             "torch._utils._rebuild_parameter": _rebuild_parameter,
             "torch._utils._rebuild_parameter_with_state": _rebuild_parameter_with_state}
    found.update({f"torch.{dt._name}": dt for dt in _ALL_DTYPES})
    found.update({f"torch.{dt._legacy}Tensor": getattr(torch, f"{dt._legacy}Tensor") for dt in _ALL_DTYPES})
    return found


def _booktorch_class(module, name):
    """The booktorch class torch names ``module.name`` (``torch.nn.modules.linear.Linear``), or None."""
    for namespace in _namespaces().values():
        for value in vars(namespace).values():
            if isinstance(value, type) and value.__module__ == module and value.__qualname__ == name:
                return value
    return None


def _not_allowed(full):
    shown = full
    if full.startswith("builtins"):  # torch names builtins.set as set
        rest = full[len("builtins"):]
        shown = rest[1:] if rest.startswith(".") else "builtins" + rest
    message = (f"Unsupported global: GLOBAL {shown} was not an allowed global by default. Please use "
               f"`torch.serialization.add_safe_globals([{shown}])` or the `torch.serialization.safe_globals("
               f"[{shown}])` context manager to allowlist this global if you trust this class/function.")
    return _pickle.UnpicklingError(
        "Weights only load failed. This file can still be loaded, to do so you have two options, \033[1mdo those "
        f"steps only if you trust the source of the checkpoint\033[0m. \n\t(1) {_UNSAFE}\n\t(2) Alternatively, to "
        "load with `weights_only=True` please check the recommended steps in the following error message.\n\t"
        "WeightsUnpickler error: " + message + _DOCS)


class _Unpickler(_pickle.Unpickler):
    def __init__(self, data, archive, prefix, weights_only, location):
        super().__init__(_io.BytesIO(data), encoding="utf-8")
        self.archive, self.prefix, self.weights_only, self.location = archive, prefix, weights_only, location
        self.loaded = {}
        self.known = _default_globals()

    def find_class(self, module, name):
        # protocol 2 names Python 3's modules by their Python 2 names (__builtin__.set): read them as Python does
        if (module, name) in _compat_pickle.NAME_MAPPING:
            module, name = _compat_pickle.NAME_MAPPING[(module, name)]
        elif module in _compat_pickle.IMPORT_MAPPING:
            module = _compat_pickle.IMPORT_MAPPING[module]
        full = f"{module}.{name}"
        if module == "torch" and name in _STORAGE_BY_NAME:
            return _STORAGE_BY_NAME[name]
        if full in _user_globals:
            return _user_globals[full]
        if full in self.known:
            return self.known[full]
        if self.weights_only:
            raise _not_allowed(full)
        if module.split(".")[0] == "torch":
            found = _booktorch_class(module, name)
            if found is None:
                raise _unsupported(full)
            return found
        return super().find_class(module, name)

    def persistent_load(self, saved_id):
        typename, storage_type, key, location, numel = saved_id
        if typename != "storage":
            raise AssertionError(f"Unknown typename for persistent_load, expected 'storage' but got '{typename}'")
        _check_location(self.location(location))
        if key not in self.loaded:
            dt = storage_type.dtype
            values = _from_bytes(self.archive.read(f"{self.prefix}data/{key}"), dt)
            self.loaded[key] = (_Storage(values[:numel], dt.itemsize), dt)
        return self.loaded[key]


def _check_location(location):
    kind = str(location).split(":")[0]
    if kind == "cpu":
        return
    if kind == "cuda":
        raise RuntimeError(_NO_CUDA)
    raise _unsupported(f"torch.load to the {kind!r} device")


def _locations(map_location):
    torch = _sys.modules["booktorch"]
    if map_location is None:
        return lambda saved: saved
    if isinstance(map_location, dict):
        return lambda saved: map_location.get(saved, saved)
    if isinstance(map_location, (str, bytes, torch.device)):
        where = map_location.decode() if isinstance(map_location, bytes) else str(map_location)
        return lambda saved: where
    raise _unsupported("torch.load(..., map_location=<a function>)")


def _opened(f):
    """A binary file to read from: ``f`` opened, or ``f`` itself once it is known to be seekable."""
    if isinstance(f, (str, _os.PathLike)):
        try:
            return open(_os.fspath(f), "rb")
        except FileNotFoundError as e:  # Linux's number (2), which torch's message shows; Emscripten's is 44
            raise FileNotFoundError(2, "No such file or directory", e.filename) from None
    try:
        f.seek(f.tell())
    except (_io.UnsupportedOperation, AttributeError) as e:
        if "seek" in str(e) or "tell" in str(e):
            raise type(e)(f"{e}. You can only torch.load from a file that is seekable. Please pre-load the data "
                          "into a buffer like io.BytesIO and try to load from it instead.") from None
        raise
    return _NotClosing(f)


class _NotClosing:
    def __init__(self, f):
        self.f = f

    def __enter__(self):
        return self.f

    def __exit__(self, *exc):
        return False


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    """torch.load(f, map_location=None, *, weights_only=True, ...): what torch.save wrote to ``f``."""
    if weights_only is None:
        weights_only = pickle_module is None
    if weights_only and pickle_module is not None:
        raise RuntimeError("Can not safely load weights when explicit pickle_module is specified")
    if pickle_module not in (None, _pickle):
        raise _unsupported("torch.load(..., pickle_module=...)")
    if mmap:
        raise _unsupported("torch.load(..., mmap=True)")
    location = _locations(map_location)
    with _opened(f) as file:
        start = file.tell()
        head = file.read(4)
        file.seek(start)
        if head != b"PK\x03\x04":
            if not head:
                raise EOFError("")
            raise _unsupported("torch.load of a file in torch's legacy (pre-1.6) format or not written by torch.save")
        archive = _zipfile.ZipFile(_io.BytesIO(file.read()))
    prefix = archive.namelist()[0].split("/")[0] + "/"
    return _Unpickler(archive.read(prefix + "data.pkl"), archive, prefix, weights_only, location).load()


# ------------------------------------------------------------------ allowing more globals
def _full_name(obj):
    return f"{obj.__module__}.{obj.__qualname__}"


def add_safe_globals(safe_globals):
    """Allow these classes and functions in ``torch.load(..., weights_only=True)``."""
    for obj in safe_globals:
        if isinstance(obj, tuple):
            obj, name = obj
            _user_globals[name] = obj
        else:
            _user_globals[_full_name(obj)] = obj


def get_safe_globals():
    return list(_user_globals.values())


def clear_safe_globals():
    _user_globals.clear()


@_contextmanager
def safe_globals(safe_globals):
    """Allow these globals inside the ``with`` block only."""
    before = dict(_user_globals)
    add_safe_globals(safe_globals)
    try:
        yield
    finally:
        _user_globals.clear()
        _user_globals.update(before)


save.__module__ = load.__module__ = "torch.serialization"
_export("torch", save=save, load=load)
