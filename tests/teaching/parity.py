"""Run the same cell source under real torch and under booktorch and compare what they print.

``run(src, module)`` executes ``src`` with ``torch`` bound to ``module`` and returns
``(stdout, error)`` where ``error`` is ``(type name, message)`` or ``None``.
``assert_same(src)`` runs both and fails with a readable diff when they differ.
"""

import io
import os
import sys
import warnings
from contextlib import redirect_stdout

_PKG_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "browser", "py"))
if _PKG_ROOT not in sys.path:
    sys.path.insert(0, _PKG_ROOT)

import booktorch  # noqa: E402
import torch  # noqa: E402

# One thread, as the build runs torch (bookengine/child.py) and so as the book's outputs were
# made: MKL and ATen split some sums between threads, and booktorch follows the one-thread order.
torch.set_num_threads(1)


def run(src, module):
    buf = io.StringIO()
    g = {"torch": module, "__name__": "__cell__"}
    err = None
    with redirect_stdout(buf), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exec(compile(src, "<cell>", "exec"), g)
        except Exception as e:  # noqa: BLE001 - we compare whatever is raised
            err = (type(e).__name__, str(e))
    return buf.getvalue(), err


def both(src):
    return run(src, torch), run(src, booktorch)


def assert_same(src):
    (out_t, err_t), (out_b, err_b) = both(src)
    if out_t != out_b or err_t != err_b:
        raise AssertionError(
            "booktorch differs from torch for:\n"
            + src
            + "\n--- torch output ---\n"
            + out_t
            + f"\n--- torch error: {err_t}\n--- booktorch output ---\n"
            + out_b
            + f"\n--- booktorch error: {err_b}"
        )
    return out_t, err_t
