"""What a snippet or widget directive shows of its snippet, and whether it can.

The chunks and figures a directive shows are worked out here, once, for every reader
of them (the renderer, the notebooks); and so are the problems of an embedding: a
snippet file or section that does not exist, a section that never ran, figures that
do not match the alt texts given. The engine records those problems in its Report, so
``make check`` and ``make build`` report the same ones; the plugin only renders them.
"""

from .errors import Problem


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


def embed_problems(directive, outcome, executed):
    """The problems of one snippet or widget directive, given its snippet's Outcome (None:
    no such file). Problems of the snippet's own run are the Outcome's, not repeated here."""
    where = (directive.page, directive.line)
    if outcome is None:
        return [Problem(*where, f"no snippet file snippets/{directive.target}")]
    snippet = outcome.snippet
    if snippet is None:
        return []  # it does not parse: the Outcome says why
    if directive.section and directive.section not in snippet.sections:
        known = ", ".join(sorted(snippet.sections)) or "none"
        return [Problem(*where, f"snippets/{directive.target} has no section '{directive.section}' (sections: {known})")]
    if not executed or snippet.device == "cuda" or outcome.result is None:
        return []  # nothing ran here (a GPU snippet shows its committed measurement)
    if any(problem.kind == "run" for problem in outcome.problems):
        return []
    if not any(i < len(outcome.result["chunks"]) for i in shown_chunks(snippet, directive.section)):
        return [Problem(*where, f"section '{directive.section}' never ran: the snippet raised before it")]
    count = len(figures_of(outcome.result, snippet, directive.section))
    if count != len(directive.alts) or (directive.kind == "widget" and count == 0):
        shown = directive.target + ("#" + directive.section if directive.section else "")
        return [Problem(
            *where,
            f"snippets/{shown} draws {count} figure(s) but the directive gives {len(directive.alts)} alt "
            'text(s); add one alt="..." per figure, in drawing order'
            + (" (a widget needs its still figure for readers without JavaScript)" if directive.kind == "widget" else ""),
        )]
    return []
