"""The one-line directive that embeds a snippet in a chapter.

    {{ snippet ch01/shapes.py }}
    {{ snippet ch01/shapes.py#reading }}
    {{ snippet ch01/ladder.py#draw alt="Five shapes, one per rank" title="The ladder" }}

It must stand alone on its line. Lines inside fenced code blocks are never
directives, so the book can show the syntax.
"""

import re
import shlex
from dataclasses import dataclass, field

from .errors import BookError

DIRECTIVE = re.compile(r"^[ \t]*\{\{\s*snippet\b(?P<body>.*?)\}\}[ \t]*$")
LOOKS_LIKE = re.compile(r"\{\{\s*snippet\b")
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
REPEATABLE = {"alt"}
SINGLE = {"title"}


@dataclass
class Directive:
    page: str  # the page's path as shown in errors, e.g. docs/tensors.md
    line: int
    target: str  # e.g. ch01/shapes.py
    section: str | None
    alts: list = field(default_factory=list)
    title: str | None = None

    @property
    def where(self):
        return f"{self.page}:{self.line}"


def _scan(markdown):
    """Yield (line_number, text, is_code) for each line; fenced code is never a directive."""
    fence = None
    for number, text in enumerate(markdown.splitlines(), start=1):
        opener = FENCE.match(text)
        if fence:
            if opener and opener.group(1)[0] == fence[0] and len(opener.group(1)) >= len(fence):
                fence = None
            yield number, text, True
        elif opener:
            fence = opener.group(1)
            yield number, text, True
        else:
            yield number, text, False


def find_directives(markdown, page):
    """Return (directives, errors) for one page's Markdown text."""
    directives, errors = [], []
    for number, text, is_code in _scan(markdown):
        if is_code:
            continue
        match = DIRECTIVE.match(text)
        if match:
            try:
                directives.append(parse_body(match.group("body"), page, number))
            except BookError as exc:
                errors.append(exc)
        elif LOOKS_LIKE.search(text):
            errors.append(BookError(page, number, "a snippet directive must stand alone on its line as {{ snippet path[#section] [key=\"value\" ...] }}"))
    return directives, errors


def parse_body(body, page, line):
    try:
        words = shlex.split(body)
    except ValueError as exc:
        raise BookError(page, line, f"cannot read the directive's options: {exc}") from None
    if not words:
        raise BookError(page, line, "the snippet directive names no file")
    target, _, section = words[0].partition("#")
    if not target.endswith(".py"):
        raise BookError(page, line, f"'{target}' is not a .py snippet path (relative to snippets/)")
    directive = Directive(page=page, line=line, target=target, section=section or None)
    seen = set()
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq:
            raise BookError(page, line, f"option '{word}' must be written key=\"value\"")
        if key not in REPEATABLE | SINGLE:
            known = ", ".join(sorted(REPEATABLE | SINGLE))
            raise BookError(page, line, f"unknown option '{key}' (known: {known})")
        if key in SINGLE and key in seen:
            raise BookError(page, line, f"option '{key}' is given twice")
        seen.add(key)
        if key == "alt":
            if not value.strip():
                raise BookError(page, line, "alt text must not be empty")
            directive.alts.append(value.strip())
        elif key == "title":
            directive.title = value
    return directive


def replace_directives(markdown, render):
    """Replace each directive line (outside fences) with ``render(line_number)``."""
    out = []
    for number, text, is_code in _scan(markdown):
        out.append(render(number) if not is_code and DIRECTIVE.match(text) else text)
    return "\n".join(out) + "\n"
