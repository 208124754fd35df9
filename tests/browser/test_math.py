"""The book's math is in its pages as built: it shows with JavaScript off, styled by the
self-hosted KaTeX CSS, with MathML for screen readers, and no page asks for KaTeX's JavaScript."""


def test_math_shows_with_javascript_off(browser, plain_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    for chapter in ["matmul", "autograd"]:
        page.goto(f"{plain_url}{chapter}/")
        content = page.locator("article")
        formulas = content.locator(".arithmatex")
        assert formulas.count() > 10, chapter
        assert content.locator(".arithmatex > .katex, .arithmatex > .katex-display > .katex").count() == formulas.count()
        assert content.locator(".katex .katex-mathml math").count() == formulas.count(), "MathML for screen readers"
        assert content.locator("div.arithmatex .katex-display").count() == content.locator("div.arithmatex").count()
        assert content.locator("span.arithmatex .katex-display").count() == 0
        text = content.inner_text()
        assert "\\(" not in text and "\\[" not in text and "$$" not in text, f"{chapter} shows raw TeX"
        # KaTeX's CSS applies: the MathML is there for screen readers, visually the HTML shows
        mathml = content.locator(".katex-mathml").first.evaluate("e => getComputedStyle(e).position")
        assert mathml == "absolute", "katex.min.css did not apply"
        assert content.locator(".katex-html").first.is_visible()
    # a heading's math is rendered in the tables of contents too (beside the page and in the menu)
    entries = page.locator("nav.md-nav--secondary a[href='#how-small-should-h-be']")
    assert entries.count() >= 1
    assert entries.locator(".katex").count() == entries.count()
    assert not [text for text in entries.all_inner_texts() if "\\(" in text]
    context.close()


def test_katex_javascript_is_not_published(built_site):
    """(That no page asks for it is checked on every page in test_site_pages.)"""
    assert not list((built_site / "assets" / "katex").rglob("*.js")), "KaTeX's JavaScript is not even published"
