"""Markdown that replaces a directive: source, output, figures, or a visible failure."""

import html
import json
import posixpath
from importlib import metadata

from .embeds import figures_of, shown_chunks
from .figures import layout

TEXT_FENCE = "`" * 4  # longer than any fence a snippet's output could contain


def figure_uri(rel, number, variant):
    """Where figure ``number`` (1-based, across the whole snippet) of ``rel`` is served."""
    return f"figures/{rel[:-3]}-{number}-{variant}.svg"


def _fence(text, lang, title):
    """A fenced block. Text (what code printed or raised) is marked ``book-output``: it
    wraps in the column instead of scrolling sideways, as torch's messages are long."""
    fence = TEXT_FENCE
    while fence in text:
        fence += "`"
    classes = f".{lang}" + (" .book-output" if lang == "text" else "")
    title_attr = f' title="{title}"' if title else ""
    return f"{fence}{{ {classes}{title_attr} }}\n{text.rstrip(chr(10))}\n{fence}"


def listing_title(directive, snippet):
    """A listing's caption: the file a reader can open (a section's anchor name is the
    author's bookkeeping, not the reader's)."""
    return directive.title or f"snippets/{snippet.rel}"


def render_snippet(directive, snippet, result, page_uri):
    """The Markdown for a verified run of a directive's snippet or section."""
    title = listing_title(directive, snippet)
    blocks = [_fence(snippet.display_source(directive.section), "python", title.replace('"', "'"))]
    wanted = shown_chunks(snippet, directive.section)
    chunks = result.get("chunks", [])
    output = "".join(chunks[index]["out"] for index in wanted if index < len(chunks))
    last_ran = len(chunks) - 1
    if result.get("dropped") and last_ran in wanted:
        from .capture import cut_note

        output += cut_note(result["dropped"])
    if output.strip():
        blocks.append(_fence(output, "text", "Output"))
    error = result.get("error")
    if error and last_ran in wanted:
        blocks.append(_fence(f"{error['type']}: {error['message']}", "text", "Raises (expected, verified)"))
    blocks += _figure_images(snippet, figures_of(result, snippet, directive.section), directive.alts, page_uri)
    return '<div class="snippet" markdown>\n\n' + "\n\n".join(blocks) + "\n\n</div>"


def _figure_images(snippet, shown, alts, page_uri):
    """Markdown images, light and dark, for the figures ``shown`` = [(number, figure)]."""
    page_dir = posixpath.dirname(page_uri) or "."
    images = []
    for (number, figure), alt in zip(shown, alts):
        for variant in ("light", "dark"):
            src = posixpath.relpath(figure_uri(snippet.rel, number, variant), page_dir)
            image = f'![{_alt(alt)}]({src}#only-{variant}){{ {_figure_size(figure[variant])} loading="lazy" }}'
            # Linked to itself: the figure opens alone, whole, to zoom into.
            images.append(f'[{image}]({src}#only-{variant}){{ .book-figure title="Open the figure alone" }}')
    return images


def _figure_size(svg):
    """The image's size (the page reserves its place before it loads) and, for a phone, the
    width at which its smallest label stays readable (book.css scrolls it sideways there)."""
    size = layout(svg)
    readable = f' style="--book-readable-width: {size.readable_width}px"' if size.readable_width else ""
    return f'width="{size.width}" height="{size.height}"{readable}'


def render_widget(directive, snippet, shown, page_uri):
    """A widget's container; its static figure is what a reader without script sees."""
    images = "\n\n".join(_figure_images(snippet, shown, directive.alts, page_uri))
    return (
        f'<div class="book-widget" data-widget="{directive.widget}" markdown>\n\n'
        f'<div class="book-widget__fallback" markdown>\n\n{images}\n\n</div>\n\n</div>'
    )


def render_measured(directive, snippet, record):
    """A GPU snippet: its source, then the output measured on a GPU with its provenance,
    or one line saying it has not been measured (never invented numbers)."""
    from .measure import provenance_line

    title = listing_title(directive, snippet)
    blocks = [_fence(snippet.display_source(directive.section), "python", title.replace('"', "'"))]
    if record is None:
        blocks.append(
            '<p class="snippet-unmeasured">This example needs a CUDA GPU and has not been measured on one yet, '
            "so the book shows no output for it.</p>"
        )
    else:
        if record.get("output", "").strip():
            blocks.append(_fence(record["output"], "text", "Output (measured on a GPU)"))
        blocks.append(f'<p class="snippet-provenance">{html.escape(provenance_line(record))}</p>')
    return '<div class="snippet" markdown>\n\n' + "\n\n".join(blocks) + "\n\n</div>"


def render_failure(problems):
    """A visible failure box for `mkdocs serve` or a non-strict build."""
    body = "\n\n".join(html.escape(problem.location_message()) for problem in problems) or "See the build log."
    return (
        '<div class="snippet-failure" role="alert" markdown>\n\n'
        '**This snippet failed, so the book shows no output for it.**\n\n'
        f"<pre><code>{body}</code></pre>\n\n</div>"
    )


def _alt(text):
    return text.replace("[", "(").replace("]", ")").replace("\n", " ")


TORCH = ".".join(metadata.version("torch").split(".")[:2])  # "2.13": the torch the build checks against
CELL_NOTE = (
    "Runs in your browser on <strong>booktorch</strong>, a pure-Python PyTorch "
    f"whose output the build checks against torch {TORCH}."
)


def _data_attribute(value):
    """The data a cell's script needs, as a ``data-book`` attribute of JSON. Not a
    ``<script>`` element: Material's instant navigation re-runs every inline script
    of the page it swaps in, whatever its type."""
    return f'data-book="{html.escape(json.dumps(value), quote=True)}"'


# The buttons the script puts under a cell's or an exercise's editor (browser/src/cells.js,
# exercise.js). The page holds their place before the script arrives, invisible, so the
# page does not move under the reader when they appear (book.css hides it without script).
CELL_BUTTONS = ("Run", "Stop", "Reset", "Copy link")
EXERCISE_BUTTONS = ("Check", "Stop", "Reset")


def _reserved_toolbar(buttons, state=""):
    spans = "".join(f'<span class="md-button book-cell__button">{text}</span>' for text in buttons)
    badge = f'<span class="book-cell__run-state">{state}</span>' if state else ""
    return f'<div class="book-cell__toolbar" data-reserved aria-hidden="true">{spans}{badge}</div>'


def render_cell(cell, expected, runtime_bytes=None):
    """A browser cell: the code (the no-JS view), the book's verified output, and
    the data the cell script needs. The editor and buttons are added by script; the
    page says once what a first run downloads (``python_bytes``), and only while Python
    is not yet in the reader's browser (browser/src/page-tools.js)."""
    data = _data_attribute(
        {"code": cell.code, "expected": expected, "name": cell.name, "label": cell.number, "python_bytes": runtime_bytes}
    )
    code = html.escape(cell.code.rstrip("\n"))
    shown = html.escape(expected.rstrip("\n")) or "(prints nothing)"
    return (
        f'<div class="book-cell" data-cell="{cell.number}" {data} markdown="0">\n'
        f'<p class="book-cell__note">{CELL_NOTE}</p>\n'
        f'<div class="book-cell__editor"><pre class="book-cell__source"><code>{code}</code></pre></div>\n'
        f"{_reserved_toolbar(CELL_BUTTONS, 'Not run yet')}\n"
        f'<p class="book-cell__label">Output in the book (torch {TORCH})</p>\n'
        f'<pre class="book-cell__expected"><code>{shown}</code></pre>\n'
        '<p class="book-cell__verdict" aria-live="polite"></p>\n'
        '<pre class="book-cell__output" aria-live="polite" hidden></pre>\n'
        "</div>"
    )


def render_exercise(exercise, runtime_bytes=None):
    """An exercise: the task in an editor (added by script), Check, a hint and a worked
    solution behind disclosure buttons (these work without script too)."""
    data = _data_attribute(
        {"task": exercise.code["task"], "check": exercise.code["check"], "name": exercise.rel, "python_bytes": runtime_bytes}
    )
    task = html.escape(exercise.code["task"].rstrip("\n"))
    solution = html.escape(exercise.code["solution"].rstrip("\n"))
    return (
        f'<div class="book-exercise" data-exercise="{html.escape(exercise.rel)}" {data} markdown="0">\n'
        f'<p class="book-cell__note">{CELL_NOTE} Edit the code, then press <strong>Check</strong>.</p>\n'
        f'<div class="book-cell__editor"><pre class="book-cell__source"><code>{task}</code></pre></div>\n'
        f"{_reserved_toolbar(EXERCISE_BUTTONS)}\n"
        '<p class="book-exercise__result" aria-live="polite"></p>\n'
        '<pre class="book-cell__output" aria-live="polite" hidden></pre>\n'
        f'<details class="book-exercise__hint"><summary>Hint</summary><p>{html.escape(exercise.hint)}</p></details>\n'
        '<details class="book-exercise__solution"><summary>Worked solution</summary>'
        f'<pre><code>{solution}</code></pre></details>\n'
        "</div>"
    )
