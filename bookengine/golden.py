"""Golden files: the committed text a snippet must print, and how a run is compared."""

import difflib

from .capture import cut_note


def output_text(result):
    """The whole run's text as the golden stores it: stdout, cut note, expected error."""
    text = "".join(chunk["out"] for chunk in result.get("chunks", []))
    if result.get("dropped"):
        text += cut_note(result["dropped"])
    error = result.get("error")
    if error:
        text += f"{error['type']}: {error['message']}\n"
    return text


def read_golden(path):
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def golden_diff(expected, actual, golden_name):
    lines = difflib.unified_diff(
        expected.splitlines(keepends=True),
        actual.splitlines(keepends=True),
        fromfile=f"{golden_name} (committed golden)",
        tofile=f"{golden_name} (this run)",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def compare(path, actual, name):
    """("missing" | "differs" | "matches", the unified diff when it differs) for a golden file."""
    expected = read_golden(path)
    if expected is None:
        return "missing", ""
    if expected != actual:
        return "differs", golden_diff(expected, actual, name)
    return "matches", ""
