"""booktape: the Python side of the book's tape widget.

``booktape.expression`` parses and evaluates the reader's f(x) and answers the widget;
``booktape.tape`` records booktorch's graph and backward pass as plain data, and
``booktape.formulas`` says how each backward node is shown (its formulas, its local
derivatives). It runs on booktorch in the reader's browser (and on real torch in the
tests). It is a package of its own, next to booktorch, so that a widget edit does not
change booktorch's source digest, which keys the cache of every cell on every page.
"""
