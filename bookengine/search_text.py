"""What the search index keeps of a page: its prose, not its code.

Material's search plugin indexes a page's HTML and shows the text around a match as the
result's preview; a listing in that text makes the preview a screenful of code. Every code
block (a listing, what it printed, a cell, an exercise's code) and the sentences every cell
repeats are marked ``data-search-exclude``, which the plugin skips. The mark goes right after
the tag's name, so no attribute is parsed or rewritten.
"""

import re

# Pygments' wrapper of a fenced block (with its caption), any bare <pre>, a cell's note and
# label, and the toolbar a cell's page may hold for its buttons (their words are not prose).
LEFT_OUT = re.compile(
    r'<(?:div(?= class="(?:[^"]* )?(?:highlight|book-cell__toolbar)[ "])|pre(?=[\s>])'
    r'|p(?= class="book-cell__(?:note|label)"))'
)


def prose_only(html):
    """``html`` with its code blocks and cells' fixed sentences kept out of the search index."""
    return LEFT_OUT.sub(lambda start: start.group(0) + " data-search-exclude", html)
