"""booktape: the Python side of the book's tape widget (``booktape.expression``).

It runs on booktorch in the reader's browser (and on real torch in the tests). It is a
package of its own, next to booktorch, so that a widget edit does not change
booktorch's source digest, which keys the cache of every cell on every page.
"""
