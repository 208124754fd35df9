"""The one-line directives that embed snippets and browser cells in a chapter.

    {{ snippet ch01/shapes.py }}
    {{ snippet ch01/shapes.py#reading }}
    {{ snippet ch01/ladder.py#draw alt="Five shapes, one per rank" title="The ladder" }}
    {{ cell ch01/shape_cell.py }}
    {{ exercise ch02/ex_rotate.py }}
    {{ widget ladder fallback="ch01/ladder.py" alt="..." }}

A directive must stand alone on its line. A browser cell can also be written
inline, as a fenced block whose language is ``pycell``. Lines inside other
fenced code blocks are never directives, so the book can show the syntax.

Which words open a directive, and what each kind takes and does, is in kinds/.
"""

import functools
import re
import shlex
from dataclasses import dataclass, field

from .errors import BookError
from .kinds import KINDS

FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})\s*([\w-]*)")
CELL_LANGUAGE = "pycell"
REPEATABLE = {"alt"}


@functools.cache
def _patterns(names):
    """(a directive alone on its line, any text that looks like one) for these kind names."""
    words = "|".join(map(re.escape, names))
    return (
        re.compile(rf"^[ \t]*\{{\{{\s*(?P<kind>{words})\b(?P<body>.*?)\}}\}}[ \t]*$"),
        re.compile(rf"\{{\{{\s*({words})\b"),
    )


@dataclass
class Directive:
    page: str  # the page's path as shown in errors, e.g. docs/tensors.md
    line: int
    kind: str = "snippet"  # a name in kinds.KINDS, or invalid (could not be read)
    target: str | None = None  # e.g. ch01/shapes.py; None for an inline cell
    section: str | None = None
    alts: list = field(default_factory=list)
    title: str | None = None
    code: str | None = None  # an inline cell's code
    widget: str | None = None  # a widget's name
    fallback: str | None = None  # the snippet (path#section) that draws a widget's no-script figure
    error: BookError | None = None  # why an invalid directive could not be read
    options: dict = field(default_factory=dict)  # any other option a kind declares

    @property
    def where(self):
        return f"{self.page}:{self.line}"


def _blocks(markdown):
    """Yield (first_line, last_line, kind, payload) for directives and pycell fences.

    kind is 'directive' (payload: the regex match), 'cell' (payload: the fenced code),
    'unclosed' (a pycell fence that never closes) or 'stray' (a directive-like text
    that is not alone on its line).
    """
    directive_line, looks_like = _patterns(tuple(sorted(KINDS)))
    lines = markdown.splitlines()
    index = 0
    while index < len(lines):
        text = lines[index]
        opener = FENCE.match(text)
        if opener:
            fence, language = opener.group(1), opener.group(2)
            end = index + 1
            while end < len(lines):
                closer = FENCE.match(lines[end])
                if closer and closer.group(1)[0] == fence[0] and len(closer.group(1)) >= len(fence) and not closer.group(2):
                    break
                end += 1
            if language == CELL_LANGUAGE:
                if end >= len(lines):
                    yield index + 1, index + 1, "unclosed", None
                else:
                    yield index + 1, end + 1, "cell", "\n".join(lines[index + 1 : end]) + "\n"
            index = end + 1
            continue
        match = directive_line.match(text)
        if match:
            yield index + 1, index + 1, "directive", match
        elif looks_like.search(text):
            yield index + 1, index + 1, "stray", None
        index += 1


def find_directives(markdown, page):
    """Return (directives, errors) for one page's Markdown text, in page order."""
    directives, errors = [], []
    for first, _last, kind, payload in _blocks(markdown):
        if kind == "directive":
            try:
                directives.append(parse_body(payload.group("body"), page, first, payload.group("kind")))
            except BookError as exc:
                errors.append(exc)
                # keeps later directives in step with replace_directives' ordinals
                directives.append(Directive(page=page, line=first, kind="invalid", error=exc))
        elif kind == "cell":
            directives.append(Directive(page=page, line=first, kind="cell", code=payload))
        elif kind == "unclosed":
            errors.append(BookError(page, first, "this ```pycell block is never closed"))
        else:
            errors.append(
                BookError(page, first, 'a directive must stand alone on its line as {{ snippet path[#section] [key="value" ...] }}')
            )
    return directives, errors


def parse_body(body, page, line, kind="snippet"):
    try:
        words = shlex.split(body)
    except ValueError as exc:
        raise BookError(page, line, f"cannot read the directive's options: {exc}") from None
    if not words:
        raise BookError(page, line, f"the {kind} directive names no file")
    module = KINDS[kind]
    directive = Directive(page=page, line=line, kind=kind)
    module.read(directive, words[0])
    seen = set()
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq:
            raise BookError(page, line, f"option '{word}' must be written key=\"value\"")
        if key not in module.OPTIONS:
            known = ", ".join(sorted(module.OPTIONS)) or "none"
            raise BookError(page, line, f"unknown option '{key}' for {kind} (known: {known})")
        if key not in REPEATABLE and key in seen:
            raise BookError(page, line, f"option '{key}' is given twice")
        seen.add(key)
        _set_option(directive, key, value)
    if hasattr(module, "finish"):
        module.finish(directive)
    return directive


def _set_option(directive, key, value):
    if key == "alt":
        if not value.strip():
            raise BookError(directive.page, directive.line, "alt text must not be empty")
        directive.alts.append(value.strip())
    elif key == "title":
        directive.title = value
    elif key == "fallback":
        directive.target, _, section = value.partition("#")
        directive.section = section or None
        directive.fallback = value
    else:
        directive.options[key] = value  # a kind's own option


def replace_directives(markdown, render):
    """Replace each directive or pycell block, in page order, with ``render(ordinal)``."""
    lines = markdown.splitlines()
    out, cursor, ordinal = [], 0, 0
    for first, last, kind, _ in _blocks(markdown):
        if kind not in ("directive", "cell"):
            continue
        out.extend(lines[cursor : first - 1])
        out.append(render(ordinal))
        ordinal += 1
        cursor = last
    out.extend(lines[cursor:])
    return "\n".join(out) + "\n"
