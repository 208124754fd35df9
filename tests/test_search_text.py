"""The search index keeps a page's prose and leaves its code out (search_text.prose_only),
as Material's own search plugin reads the page."""

from material.plugins.search.plugin import Parser

from bookengine.render import render_cell
from bookengine.search_text import prose_only

PAGE = """<h1 id="t">Tensors</h1>
<p>Use <code>arange</code> for a run of integers.</p>
<div class="snippet">
<div class="highlight"><span class="filename">snippets/ch01/f.py</span><pre><span></span><code>x = torch.arange(5)
</code></pre></div>
<div class="book-output highlight"><span class="filename">Output</span><pre><span></span><code>tensor([0, 1, 2, 3, 4])
</code></pre></div>
<p><a class="book-figure" href="f.svg"><img alt="A plot of arange" src="f.svg"></a></p>
</div>
<p>After the listing, more prose about arange.</p>
<div class="admonition note"><p>A note in a box.</p><pre><code>print("in a note")</code></pre></div>
{cell}
<p>The last words.</p>
"""


class Cell:
    code, name, number = "y = torch.arange(3)\nprint(y)\n", "c1", 1


def indexed(page_html):
    parser = Parser()
    parser.feed(page_html)
    parser.close()
    return " ".join("".join(section.text) for section in parser.data)


def test_code_and_outputs_are_left_out_and_prose_kept():
    page = PAGE.replace("{cell}", render_cell(Cell(), "tensor([0, 1, 2])\n"))
    before, after = indexed(page), indexed(prose_only(page))
    assert "x = torch.arange(5)" in before and "tensor([0, 1, 2])" in before  # what Material did alone
    for code in ["x = torch.arange(5)", "tensor([0, 1, 2, 3, 4])", 'print("in a note")', "y = torch.arange(3)",
                 "tensor([0, 1, 2])", "snippets/ch01/f.py", "Runs in your browser", "Output in the book"]:
        assert code not in after, code
    for prose in ["<code>arange</code> for a run of integers", "more prose about arange", "A note in a box.",
                  "The last words."]:
        assert prose in after, prose


def test_only_start_tags_change():
    page = ('<pre class="x">a</pre><div class="language-py highlight" id="h"><pre>b</pre></div>'
            '<p class="book-cell__note">n</p><div class="book-cell__toolbar" hidden><span>Run</span></div>')
    assert prose_only(page) == (
        '<pre data-search-exclude class="x">a</pre><div data-search-exclude class="language-py highlight" id="h">'
        '<pre data-search-exclude>b</pre></div><p data-search-exclude class="book-cell__note">n</p>'
        '<div data-search-exclude class="book-cell__toolbar" hidden><span>Run</span></div>'
    )
    kept = '<div class="highlighted"><p class="book-cell__notes">x</p><precious>'
    assert prose_only(kept) == kept
