"""Reading a snippet file: its header options, its anchored sections, its run chunks.

A snippet is plain Python. Optional ``#| key: value`` lines at the very top set
options; ``# ANCHOR: name`` / ``# ANCHOR_END: name`` lines (column 0) mark sections
that a page can embed on their own. Neither kind of line is shown on the page.
"""

import ast
import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import BookError

HEADER = re.compile(r"^#\|\s*([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$")
ANCHOR = re.compile(r"^# ANCHOR(_END)?:\s*([A-Za-z0-9_-]+)\s*$")
DEFAULT_TIMEOUT = 60.0
DEFAULT_MEMORY_MB = 4096
OPTION_KEYS = {"timeout", "raises", "memory", "hint", "device", "uses", "measures"}
DEVICES = ("cpu", "cuda")


@dataclass
class ExpectedError:
    type_name: str
    message: str

    def text(self):
        return f"{self.type_name}: {self.message}"


def expected_error(value):
    """The ExpectedError a ``#| raises: Type: exact message`` line declares, or None if malformed."""
    type_name, sep, message = value.partition(": ")
    if not sep or not re.fullmatch(r"[A-Za-z_][\w.]*", type_name):
        return None
    return ExpectedError(type_name, message)


@dataclass
class Chunk:
    """A run of top-level lines executed as one unit; sections are unions of chunks."""

    start_line: int  # 1-based line of the chunk's first line in the file
    code: str
    sections: tuple  # names of the sections that contain this chunk


@dataclass
class Snippet:
    path: Path  # absolute
    rel: str  # relative to the snippets root, e.g. "ch01/shapes.py"
    source: str
    timeout: float = DEFAULT_TIMEOUT
    memory_mb: int = DEFAULT_MEMORY_MB
    raises: ExpectedError | None = None
    hint: str | None = None  # exercises only
    device: str = "cpu"  # cuda: measured once on a GPU machine, committed as data with provenance
    uses: tuple = ()  # GPU snippets whose committed data this snippet draws from
    measures: bool = False  # prints or draws timings of this machine: its figures differ per build
    sections: dict = field(default_factory=dict)  # name -> (first_line, last_line) of body
    chunks: list = field(default_factory=list)
    shown_lines: list = field(default_factory=list)  # (line_no, text) without markers

    @property
    def golden_path(self):
        return self.path.with_suffix(".out")

    def display_source(self, section=None):
        """The code a page shows: the whole file or one section, markers removed."""
        if section is None:
            lines = [text for _, text in self.shown_lines]
        else:
            first, last = self.sections[section]
            lines = [text for no, text in self.shown_lines if first <= no <= last]
        return "\n".join(lines).strip("\n")


def parse_snippet(path, root):
    """Parse ``path`` (under the snippets ``root``) into a Snippet, or raise BookError."""
    path = Path(path).resolve()
    rel = path.relative_to(Path(root).resolve()).as_posix()
    display = f"snippets/{rel}"
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BookError(display, 0, f"cannot read snippet: {exc}") from None
    snippet = Snippet(path=path, rel=rel, source=source)
    lines = source.splitlines()

    in_header = True
    open_sections = {}  # name -> line of its ANCHOR marker
    boundaries = []  # 0-based indexes of marker lines that split chunks
    for index, text in enumerate(lines):
        line_no = index + 1
        header = HEADER.match(text) if in_header else None
        if header:
            _apply_option(snippet, header.group(1), header.group(2), display, line_no)
            boundaries.append(index)
            continue
        if text.strip() and not text.startswith("#|"):
            in_header = False
        elif text.startswith("#|"):
            raise BookError(display, line_no, f"malformed option line {text!r}; expected '#| key: value'")
        anchor = ANCHOR.match(text)
        if anchor:
            end, name = bool(anchor.group(1)), anchor.group(2)
            if not end:
                if name in open_sections or name in snippet.sections:
                    raise BookError(display, line_no, f"section '{name}' is opened twice")
                open_sections[name] = line_no
            else:
                if name not in open_sections:
                    raise BookError(display, line_no, f"ANCHOR_END for '{name}' without a matching ANCHOR")
                snippet.sections[name] = (open_sections.pop(name) + 1, line_no - 1)
            boundaries.append(index)
            continue
        if re.match(r"^\s+# ANCHOR(_END)?:", text):
            raise BookError(display, line_no, "anchor markers must start at column 0 (top level)")
        snippet.shown_lines.append((line_no, text))
    if open_sections:
        name, line_no = next(iter(open_sections.items()))
        raise BookError(display, line_no, f"section '{name}' has no ANCHOR_END")

    snippet.chunks = _split_chunks(lines, boundaries, snippet.sections)
    for chunk in snippet.chunks:
        try:
            compile(_padded(chunk), str(path), "exec")
        except SyntaxError as exc:
            raise BookError(display, exc.lineno or chunk.start_line, f"SyntaxError: {exc.msg}") from None
    return snippet


def _apply_option(snippet, key, value, display, line_no):
    if key not in OPTION_KEYS:
        known = ", ".join(sorted(OPTION_KEYS))
        raise BookError(display, line_no, f"unknown option '{key}' (known: {known})")
    if key == "timeout":
        try:
            snippet.timeout = float(value)
        except ValueError:
            raise BookError(display, line_no, f"timeout must be a number of seconds, got {value!r}") from None
        if snippet.timeout <= 0:
            raise BookError(display, line_no, "timeout must be positive")
    elif key == "memory":
        match = re.fullmatch(r"(\d+)\s*([MG])B?", value, re.IGNORECASE)
        if not match:
            raise BookError(display, line_no, f"memory must look like '512M' or '8G', got {value!r}")
        size = int(match.group(1))
        snippet.memory_mb = size * 1024 if match.group(2).upper() == "G" else size
    elif key == "hint":
        snippet.hint = value
    elif key == "device":
        if value not in DEVICES:
            raise BookError(display, line_no, f"device must be one of {', '.join(DEVICES)}, got {value!r}")
        snippet.device = value
    elif key == "uses":
        snippet.uses = tuple(part.strip() for part in value.split(",") if part.strip())
        if not snippet.uses or not all(part.endswith(".py") for part in snippet.uses):
            raise BookError(display, line_no, "uses takes snippet paths, e.g. 'ch07/matmul_gpu.py'")
    elif key == "measures":
        if value != "time":
            raise BookError(display, line_no, f"measures takes 'time', got {value!r}")
        snippet.measures = True
    elif key == "raises":
        snippet.raises = expected_error(value)
        if snippet.raises is None:
            raise BookError(display, line_no, "raises must look like 'RuntimeError: the exact message'")


def _split_chunks(lines, boundaries, sections):
    """Cut the file at every marker line; each piece keeps its real line numbers."""
    chunks = []
    start = 0
    for cut in boundaries + [len(lines)]:
        body = lines[start:cut]
        if any(text.strip() for text in body):
            first = start + 1
            last = cut
            names = tuple(
                name for name, (lo, hi) in sections.items() if lo <= first and last <= hi
            )
            chunks.append(Chunk(start_line=first, code="\n".join(body) + "\n", sections=names))
        start = cut + 1
    return chunks


def _padded(chunk):
    """Chunk code preceded by blank lines so tracebacks give the file's real line numbers."""
    return "\n" * (chunk.start_line - 1) + chunk.code


@functools.lru_cache(maxsize=1024)  # a pure function of the text: `mkdocs serve` asks again every rebuild
def _imported_names(source):
    """(absolute module names, [(level, module, alias names)] of relative imports) a source imports."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return frozenset(), ()
    names, relative = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            relative.append((node.level, node.module, tuple(alias.name for alias in node.names)))
    return frozenset(names), tuple(relative)


def local_imports(source, search_dirs, origin=None):
    """Local module files a source imports (directly), found in ``search_dirs``.

    ``origin`` is the importing file, needed to follow relative imports (``from .x import y``).
    """
    names, relative_imports = _imported_names(source)
    relative = []
    if origin is not None:
        for level, module, aliases in relative_imports:
            base = Path(origin).parent
            for _ in range(level - 1):
                base = base.parent
            parts = module.split(".") if module else []
            relative.append(Path(base, *parts))
            relative.extend(Path(base, *parts, alias) for alias in aliases)
    candidates = [Path(base, *name.split(".")) for name in sorted(names) for base in search_dirs] + relative
    found = []
    for stem in candidates:
        for candidate in (stem.with_suffix(".py"), stem / "__init__.py"):
            if candidate.is_file():
                found.append(candidate.resolve())
    return sorted(set(found))


def local_module_closure(source, search_dirs):
    """Every local module reachable through imports from ``source``, transitively."""
    seen = {}
    pending = local_imports(source, search_dirs)
    while pending:
        module = pending.pop()
        if module in seen:
            continue
        text = module.read_text(encoding="utf-8")
        seen[module] = text
        pending.extend(local_imports(text, search_dirs + [module.parent], origin=module))
    return seen
