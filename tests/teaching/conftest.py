"""Make the booktorch package (browser/py) importable for these tests."""

import os
import sys
import tempfile

# keep Hypothesis's working files out of the repository
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(tempfile.gettempdir(), "booktorch-hypothesis"))

_PKG_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "browser", "py"))
if _PKG_ROOT not in sys.path:
    sys.path.insert(0, _PKG_ROOT)
