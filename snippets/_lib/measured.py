"""Read what a GPU snippet measured: the DATA it committed beside it as NAME.data.json.

Returns None when that snippet has not been measured yet, so a figure can show the
CPU series alone and say so, and never invents numbers.
"""

import json
from pathlib import Path

SNIPPETS = Path(__file__).resolve().parent.parent


def gpu_data(snippet):
    """The DATA of ``snippet`` (e.g. "ch07/matmul_gpu.py"), or None if never measured."""
    path = SNIPPETS / Path(snippet).with_name(Path(snippet).stem + ".data.json")
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))["data"]
