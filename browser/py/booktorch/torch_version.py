"""``torch.__version__``: a ``TorchVersion``, the string ``"2.13.0+cpu"`` that also compares as a version
(``torch.__version__ >= "2.0"``, ``< (2, 14)``), as torch's ``torch/torch_version.py`` makes it.

booktorch reports the version of the torch it mirrors, exactly as that torch reports it: a cell's output
is checked against real torch 2.13.0 (CPU build) when the book is built, and a reader's check of the
version then takes the same branch in the browser as on their machine.

Versions compare as PEP 440 says (packaging's ordering: epoch, release, pre, post, dev, local); a text
that is no version compares as a plain string, as in torch.
"""

import re
from collections.abc import Iterable

TORCH_VERSION = "2.13.0+cpu"

_PATTERN = re.compile(
    r"^\s*v?(?:(?:(?P<epoch>[0-9]+)!)?(?P<release>[0-9]+(?:\.[0-9]+)*)"
    r"(?P<pre>[-_\.]?(?P<pre_l>alpha|a|beta|b|preview|pre|c|rc)[-_\.]?(?P<pre_n>[0-9]+)?)?"
    r"(?P<post>(?:-(?P<post_n1>[0-9]+))|(?:[-_\.]?(?P<post_l>post|rev|r)[-_\.]?(?P<post_n2>[0-9]+)?))?"
    r"(?P<dev>[-_\.]?(?P<dev_l>dev)[-_\.]?(?P<dev_n>[0-9]+)?)?)"
    r"(?:\+(?P<local>[a-z0-9]+(?:[-_\.][a-z0-9]+)*))?\s*$",
    re.VERBOSE | re.IGNORECASE,
)
_PRE = {"alpha": "a", "a": "a", "beta": "b", "b": "b", "c": "rc", "pre": "rc", "preview": "rc", "rc": "rc"}


class _Infinity:
    """Greater than anything (packaging's Infinity): what a missing part sorts as."""

    def __eq__(self, other):
        return type(other) is type(self)

    def __lt__(self, other):
        return False

    def __le__(self, other):
        return type(other) is type(self)

    def __gt__(self, other):
        return type(other) is not type(self)

    def __ge__(self, other):
        return True

    __hash__ = object.__hash__


class _NegativeInfinity(_Infinity):
    """Less than anything."""

    def __lt__(self, other):
        return type(other) is not type(self)

    def __le__(self, other):
        return True

    def __gt__(self, other):
        return False

    def __ge__(self, other):
        return type(other) is type(self)


_INF, _NEG_INF = _Infinity(), _NegativeInfinity()


class InvalidVersion(ValueError):
    pass


def _key(text):
    """packaging's _cmpkey of a version string (InvalidVersion when it is none)."""
    m = _PATTERN.match(text)
    if m is None:
        raise InvalidVersion(f"Invalid version: {text!r}")
    release = [int(p) for p in m["release"].split(".")]
    while len(release) > 1 and release[-1] == 0:
        release.pop()
    pre = (_PRE[m["pre_l"].lower()], int(m["pre_n"] or 0)) if m["pre_l"] else None
    post = int(m["post_n1"] or m["post_n2"] or 0) if m["post"] else None
    dev = int(m["dev_n"] or 0) if m["dev_l"] else None
    if pre is None and post is None and dev is not None:
        pre_key = (_NEG_INF,)
    elif pre is None:
        pre_key = (_INF,)
    else:
        pre_key = pre
    post_key = (_NEG_INF,) if post is None else (post,)
    dev_key = (_INF,) if dev is None else (dev,)
    if m["local"] is None:
        local_key = _NEG_INF
    else:
        parts = re.split(r"[-_\.]", m["local"].lower())
        local_key = tuple((int(p), "") if p.isdigit() else (_NEG_INF, p) for p in parts)
    return int(m["epoch"] or 0), tuple(release), pre_key, post_key, dev_key, local_key


class TorchVersion(str):
    """torch.torch_version.TorchVersion: a str that compares with versions, strings and tuples as versions."""

    __slots__ = ()

    def _convert_to_version(self, other):
        if isinstance(other, str):
            return _key(other)
        if isinstance(other, Iterable):
            return _key(".".join(str(item) for item in other))
        raise InvalidVersion(other)

    def _cmp_wrapper(self, other, method):
        try:
            mine, theirs = _key(self), self._convert_to_version(other)
        except InvalidVersion:
            return getattr(str, method)(self, other)
        return getattr(mine, method)(theirs)


for _method in ("__gt__", "__lt__", "__eq__", "__ge__", "__le__"):
    setattr(TorchVersion, _method, lambda x, y, method=_method: x._cmp_wrapper(y, method))

TorchVersion.__module__ = "torch.torch_version"
__version__ = TorchVersion(TORCH_VERSION)
