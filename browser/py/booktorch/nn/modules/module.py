"""``torch.nn.Module``: parameters, buffers and submodules registered by attribute assignment,
their traversal, train/eval, ``zero_grad``, ``state_dict``/``load_state_dict``, dtype and device
conversion, and torch's ``repr`` of nested modules.

Calling a module runs its ``forward`` directly (torch's hooks are outside the subset; their
registration methods raise booktorch's error).  ``state_dict()`` returns an ``OrderedDict`` that
prints as CPython 3.11's does (the Python the book is built with), whichever Python runs the cell.
"""

import collections
from collections import OrderedDict as _OrderedDict

from ... import dtypes as D
from ...errors import unsupported
from ...grad_mode import no_grad
from ...registry import export
from ...tensor import Tensor
from ..parameter import Parameter

# torch.nn.Module methods outside the subset: booktorch's error rather than an AttributeError
_NOT_IN_SUBSET = frozenset({
    "register_forward_hook", "register_forward_pre_hook", "register_full_backward_hook",
    "register_full_backward_pre_hook", "register_backward_hook", "register_state_dict_pre_hook",
    "register_state_dict_post_hook", "register_load_state_dict_pre_hook", "register_load_state_dict_post_hook",
    "get_parameter", "get_buffer", "get_extra_state", "set_extra_state", "set_submodule", "share_memory",
    "compile", "to_empty", "ipu", "xpu", "mtia",
})


def typename(obj):
    """torch.typename: what torch's nn error messages call a value's type."""
    if isinstance(obj, Tensor):
        return obj.type()
    module = getattr(obj, "__module__", "") or ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module = obj.__class__.__module__ or ""
        qualname = obj.__class__.__qualname__
    return qualname if module in ("", "builtins") else f"{module}.{qualname}"


class OrderedDict(_OrderedDict):
    """The state dict: an OrderedDict printed as Python 3.11 prints one (``OrderedDict([(k, v), ...])``)."""

    def __repr__(self):
        if not self:
            return "OrderedDict()"
        return f"OrderedDict({list(self.items())!r})"


OrderedDict.__module__ = "collections"


class _IncompatibleKeys(collections.namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


def _addindent(s, spaces):
    lines = s.split("\n")
    if len(lines) == 1:
        return s
    first = lines.pop(0)
    return first + "\n" + "\n".join((spaces * " ") + line if line.strip() else "" for line in lines)


class Module:
    """torch.nn.Module."""

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument '{next(iter(kwargs))}'")
        if args:
            raise TypeError(
                f"{type(self).__name__}.__init__() takes 1 positional argument but {len(args) + 1} were given"
            )
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_non_persistent_buffers_set", set())
        object.__setattr__(self, "_modules", {})

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    # ----------------------------------------------------------- registration
    def register_buffer(self, name, tensor, persistent=True):
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        if not isinstance(name, str):
            raise TypeError(f"buffer name should be a string. Got {typename(name)}")
        if "." in name:
            raise KeyError('buffer name can\'t contain "."')
        if name == "":
            raise KeyError('buffer name can\'t be empty string ""')
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(
                f"cannot assign '{typename(tensor)}' object to buffer '{name}' (torch Tensor or None required)"
            )
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        if "_parameters" not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        if not isinstance(name, str):
            raise TypeError(f"parameter name should be a string. Got {typename(name)}")
        if "." in name:
            raise KeyError('parameter name can\'t contain "."')
        if name == "":
            raise KeyError('parameter name can\'t be empty string ""')
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"attribute '{name}' already exists")
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError(
                f"cannot assign '{typename(param)}' object to parameter '{name}' (torch.nn.Parameter or None required)"
            )
        elif param._grad_fn is not None:
            raise ValueError(
                f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be created explicitly. "
                f"To express '{name}' as a function of another Tensor, compute the value in the forward() method."
            )
        else:
            self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {typename(name)}")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f'module name can\'t contain ".", got: {name}')
        if name == "":
            raise KeyError('module name can\'t be empty string ""')
        self._modules[name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    def get_submodule(self, target):
        if target == "":
            return self
        mod = self
        for item in target.split("."):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return mod

    # ----------------------------------------------------------- attributes
    def __getattr__(self, name):
        d = self.__dict__
        if "_parameters" in d and name in d["_parameters"]:
            return d["_parameters"][name]
        if "_buffers" in d and name in d["_buffers"]:
            return d["_buffers"][name]
        if "_modules" in d and name in d["_modules"]:
            return d["_modules"][name]
        if name in _NOT_IN_SUBSET:
            raise unsupported(f"torch.nn.Module.{name}")
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        d = self.__dict__
        params = d.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            _remove(name, d, self._buffers, self._modules, self._non_persistent_buffers_set)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(
                    f"cannot assign '{typename(value)}' as parameter '{name}' (torch.nn.Parameter or None expected)"
                )
            self.register_parameter(name, value)
        else:
            modules = d.get("_modules")
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError("cannot assign module before Module.__init__() call")
                _remove(name, d, self._parameters, self._buffers, self._non_persistent_buffers_set)
                modules[name] = value
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError(
                        f"cannot assign '{typename(value)}' as child module '{name}' (torch.nn.Module or None expected)"
                    )
                modules[name] = value
            else:
                buffers = d.get("_buffers")
                if buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, Tensor):
                        raise TypeError(
                            f"cannot assign '{typename(value)}' as buffer '{name}' "
                            "(torch.nn.Buffer, torch.Tensor or None expected)"
                        )
                    self.register_buffer(name, value, name not in self._non_persistent_buffers_set)
                else:
                    object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            object.__delattr__(self, name)

    def __dir__(self):
        keys = dir(self.__class__) + list(self.__dict__) + list(self._parameters) + list(self._modules)
        keys += list(self._buffers)
        return sorted(k for k in keys if not k[0].isdigit())

    # ----------------------------------------------------------- traversal
    def _named_members(self, get_members, prefix="", recurse=True, remove_duplicate=True):
        memo = set()
        modules = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for k, v in get_members(module):
                if v is None or v in memo:
                    continue
                if remove_duplicate:
                    memo.add(v)
                yield module_prefix + ("." if module_prefix else "") + k, v

    def parameters(self, recurse=True):
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda m: m._parameters.items(), prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        for _, buf in self.named_buffers(recurse=recurse):
            yield buf

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda m: m._buffers.items(), prefix, recurse, remove_duplicate)

    def children(self):
        for _, module in self.named_children():
            yield module

    def named_children(self):
        memo = set()
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo.add(module)
                yield name, module

    def modules(self, remove_duplicate=True):
        for _, module in self.named_modules(remove_duplicate=remove_duplicate):
            yield module

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        if memo is None:
            memo = set()
        if self in memo:
            return
        if remove_duplicate:
            memo.add(self)
        yield prefix, self
        for name, module in self._modules.items():
            if module is None:
                continue
            yield from module.named_modules(memo, prefix + ("." if prefix else "") + name, remove_duplicate)

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    # ----------------------------------------------------------- modes and gradients
    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            if p._grad is not None:
                if set_to_none:
                    p._grad = None
                else:
                    g = p._grad
                    if g._grad_fn is not None:
                        g.detach_()
                    else:
                        g.requires_grad_(False)
                    g.zero_()

    # ----------------------------------------------------------- state dict
    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        if args:
            destination = args[0] if destination is None else destination
            if len(args) > 1 and prefix == "":
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        if hasattr(destination, "_metadata"):
            destination._metadata[prefix[:-1]] = {"version": 1}
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars)
        return destination

    def _load_from_state_dict(self, state_dict, prefix, missing_keys, unexpected_keys, error_msgs):
        persistent = {k: v for k, v in self._buffers.items() if k not in self._non_persistent_buffers_set}
        local_state = {k: v for k, v in list(self._parameters.items()) + list(persistent.items()) if v is not None}
        for name, param in local_state.items():
            key = prefix + name
            if key not in state_dict:
                missing_keys.append(key)
                continue
            value = state_dict[key]
            if not isinstance(value, Tensor):
                error_msgs.append(
                    f'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like object from '
                    f"checkpoint but received {type(value)}"
                )
                continue
            if len(param._shape) == 0 and len(value._shape) == 1 and value._shape[0] == 1:
                value = value[0]
            if value.shape != param.shape:
                error_msgs.append(
                    f"size mismatch for {key}: copying a param with shape {value.shape} from checkpoint, "
                    f"the shape in current model is {param.shape}."
                )
                continue
            try:
                with no_grad():
                    param.copy_(value)
            except Exception as ex:  # noqa: BLE001 - torch reports any copy error this way
                error_msgs.append(
                    f'While copying the parameter named "{key}", whose dimensions in the model are {param.size()} '
                    f"and whose dimensions in the checkpoint are {value.size()}, an exception occurred : {ex.args}."
                )
        for key in state_dict:
            if key.startswith(prefix):
                head = key[len(prefix):].split(".", 1)
                if (len(head) > 1 and head[0] not in self._modules) or (len(head) == 1 and head[0] not in local_state):
                    unexpected_keys.append(key)

    def load_state_dict(self, state_dict, strict=True, assign=False):
        if not isinstance(state_dict, collections.abc.Mapping):
            raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
        if assign:
            raise unsupported("load_state_dict(assign=True)")
        missing_keys, unexpected_keys, error_msgs = [], [], []
        state_dict = _OrderedDict(state_dict)

        def load(module, local_state_dict, prefix=""):
            module._load_from_state_dict(local_state_dict, prefix, missing_keys, unexpected_keys, error_msgs)
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + "."
                    load(child, {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)}, child_prefix)

        load(self, state_dict)
        if strict:
            if unexpected_keys:
                error_msgs.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in unexpected_keys)))
            if missing_keys:
                error_msgs.insert(0, "Missing key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in missing_keys)))
        if error_msgs:
            raise RuntimeError(
                "Error(s) in loading state_dict for {}:\n\t{}".format(self.__class__.__name__, "\n\t".join(error_msgs))
            )
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    # ----------------------------------------------------------- dtype and device
    def _apply(self, fn):
        for module in self.children():
            module._apply(fn)
        with no_grad():
            for param in self._parameters.values():
                if param is None:
                    continue
                param.data = fn(param)
                if param._grad is not None:
                    param._grad.data = fn(param._grad)
            for key, buf in self._buffers.items():
                if buf is not None:
                    self._buffers[key] = fn(buf)
        return self

    def to(self, *args, **kwargs):
        device, dtype = kwargs.get("device"), kwargs.get("dtype")
        for a in args:
            if isinstance(a, D.dtype):
                dtype = a
            elif isinstance(a, Tensor):
                device, dtype = a.device, a.dtype
            elif not isinstance(a, bool):
                device = a
        if dtype is not None and not dtype.is_floating_point:
            raise TypeError(f"nn.Module.to only accepts floating point or complex dtypes, but got desired dtype={dtype}")
        return self._apply(lambda t: t.to(device, dtype if t.is_floating_point() else None))

    def cpu(self):
        return self._apply(lambda t: t.cpu())

    def cuda(self, device=None):
        return self._apply(lambda t: t.cuda(device))

    def type(self, dst_type):
        return self._apply(lambda t: t.type(dst_type))

    def float(self):
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def half(self):
        return self._apply(lambda t: t.half() if t.is_floating_point() else t)

    def bfloat16(self):
        return self._apply(lambda t: t.bfloat16() if t.is_floating_point() else t)

    # ----------------------------------------------------------- printing
    def _get_name(self):
        return self.__class__.__name__

    def extra_repr(self):
        return ""

    def __repr__(self):
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = ["(" + key + "): " + _addindent(repr(module), 2) for key, module in self._modules.items()]
        lines = extra_lines + child_lines
        main = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main += extra_lines[0]
            else:
                main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"


def _remove(name, *containers):
    for c in containers:
        if name in c:
            if isinstance(c, dict):
                del c[name]
            else:
                c.discard(name)


Module.__module__ = "torch.nn.modules.module"
export("torch.nn", Module=Module)
