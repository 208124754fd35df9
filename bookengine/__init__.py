"""The book's build engine: verified snippets for MkDocs.

A chapter embeds a snippet with a one-line directive; the engine runs every snippet
in a forked child of a warm parent that imported torch once, caches the result by
content, checks it against the committed golden output and renders the page.
"""

# Bump when a change to the engine can change what a snippet's run produces:
# it is part of every cache key.
ENGINE_VERSION = "1"
