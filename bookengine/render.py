"""Markdown that replaces a directive: source, output, figures, or a visible failure."""

import html
import posixpath

TEXT_FENCE = "`" * 4  # longer than any fence a snippet's output could contain


def figure_uri(rel, number, variant):
    """Where figure ``number`` (1-based, across the whole snippet) of ``rel`` is served."""
    return f"figures/{rel[:-3]}-{number}-{variant}.svg"


def shown_chunks(snippet, section):
    """Indexes of the chunks a directive shows: all, or those inside its section."""
    return [
        index
        for index, chunk in enumerate(snippet.chunks)
        if section is None or section in chunk.sections
    ]


def figures_of(result, snippet, section):
    """[(number, figure)] for the figures the shown chunks drew, numbered snippet-wide."""
    wanted = set(shown_chunks(snippet, section))
    found, number = [], 0
    for index, chunk in enumerate(result.get("chunks", [])):
        for figure in chunk["figures"]:
            number += 1
            if index in wanted:
                found.append((number, figure))
    return found


def _fence(text, lang, title):
    fence = TEXT_FENCE
    while fence in text:
        fence += "`"
    title_attr = f' title="{title}"' if title else ""
    return f"{fence}{lang}{title_attr}\n{text.rstrip(chr(10))}\n{fence}"


def render_snippet(directive, snippet, result, page_uri):
    """The Markdown for a verified run of a directive's snippet or section."""
    title = directive.title or f"snippets/{snippet.rel}" + (f" · {directive.section}" if directive.section else "")
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
    page_dir = posixpath.dirname(page_uri)
    for (number, _), alt in zip(figures_of(result, snippet, directive.section), directive.alts):
        for variant in ("light", "dark"):
            src = posixpath.relpath(figure_uri(snippet.rel, number, variant), page_dir or ".")
            blocks.append(f'![{_alt(alt)}]({src}#only-{variant}){{ loading="lazy" }}')
    return '<div class="snippet" markdown>\n\n' + "\n\n".join(blocks) + "\n\n</div>"


def render_failure(problems):
    """A visible failure box for `mkdocs serve` or a non-strict build."""
    body = "\n\n".join(html.escape(problem.location_message()) for problem in problems)
    return (
        '<div class="snippet-failure" role="alert" markdown>\n\n'
        '**This snippet failed, so the book shows no output for it.**\n\n'
        f"<pre><code>{body}</code></pre>\n\n</div>"
    )


def _alt(text):
    return text.replace("[", "(").replace("]", ")").replace("\n", " ")
