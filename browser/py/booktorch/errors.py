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
    """Raised for a name outside the subset. Also an AttributeError, so ``hasattr`` says
    False and ``from booktorch import submodule`` still finds real submodules."""


def unsupported(what):
    """Return (not raise) the error for an unsupported feature ``what``.

    ``what`` is a name as the reader wrote it, e.g. ``"torch.randn"`` or
    ``"Tensor.exp"``.
    """
    return NotInBrowserError(f"{what} is not available in the browser: {BROWSER_NOTE}.")
