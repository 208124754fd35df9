"""Errors raised for anything outside booktorch's teaching subset.

Real PyTorch errors (shape mismatches, bad indices, autograd misuse) are raised
by the modules that implement the operation, with torch's exact type and text.
This module only builds the "not in the browser subset" message.
"""

BROWSER_NOTE = (
    "the book's cells run in your browser on a small teaching subset of PyTorch "
    "(booktorch); run this cell locally with real PyTorch to use it"
)


class NotInBrowserError(NotImplementedError, AttributeError):
    """Raised for a name outside the subset.

    Also an AttributeError, so that ``hasattr`` says False and the import system's
    ``from package import name`` goes on to look for a submodule.  Python (3.10+) fills
    an AttributeError's ``name`` and ``obj`` when the error leaves an attribute lookup,
    and its traceback then appends "Did you mean: ...?" from ``dir(obj)``; ``name`` stays
    None here (the lookup's assignment is ignored), so booktorch's message is the whole
    message.
    """

    @property
    def name(self):
        return None

    @name.setter
    def name(self, value):
        pass


def unsupported(what):
    """Return (not raise) the error for an unsupported feature ``what``.

    ``what`` is a name as the reader wrote it, e.g. ``"torch.randn"`` or
    ``"Tensor.exp"``.
    """
    return NotInBrowserError(f"{what} is not available in the browser: {BROWSER_NOTE}.")
