"""Reading the book on a phone (390 px wide, as issue 23's tester did): every page of the
navigation fits the screen, formulas fit or scroll from the keyboard too, tables keep names
and code whole, and every figure's labels are readable where the figure is shown."""

import pytest

from bookproject import nav_pages

from .conftest import AXE

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
READABLE_PX = 9  # the smallest label a phone reader can still read

# What a page shows at 390 px: its width, its wide formulas, what breaks in its tables, its figures.
MEASURE = """async () => {
    const scrolls = (el) => el.scrollWidth > el.clientWidth + 1;
    const lines = (range) => new Set([...range.getClientRects()].filter((r) => r.width > 0)
                                     .map((r) => Math.round(r.top))).size;
    const visible = (el) => el.getClientRects().length > 0;
    const formulas = [...document.querySelectorAll(".md-typeset div.arithmatex")].filter(visible);
    const wideFormulas = formulas.filter(scrolls).map((el) => ({
        tex: el.textContent.slice(0, 60), focusable: el.tabIndex >= 0 }));
    const tables = [...document.querySelectorAll(".md-typeset table")].filter(visible);
    const brokenCode = tables.flatMap((t) => [...t.querySelectorAll("code")])
        .filter((code) => { const r = document.createRange(); r.selectNodeContents(code); return lines(r) > 1; })
        .map((code) => code.textContent);
    const brokenWords = [];
    for (const table of tables) {
        const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement.closest(".katex")) continue;  // KaTeX sets each symbol apart
            for (const word of node.textContent.matchAll(/[^\\s-]+/g)) {  // (a hyphen may end a line)
                const r = document.createRange();
                r.setStart(node, word.index);
                r.setEnd(node, word.index + word[0].length);
                if (lines(r) > 1) brokenWords.push(word[0]);
            }
        }
    }
    // Each figure's labels at the size the page shows them: the SVG drawn inline, as wide as
    // the image, and the font size of every text (matplotlib draws glyphs of a 100-unit font
    // in a group scaled to the text's size, so 100 units on screen is the label's size).
    const figures = [];
    for (const img of document.querySelectorAll(".md-typeset a.book-figure img")) {
        if (!visible(img)) continue;
        const shown = img.getBoundingClientRect().width;
        const svg = new DOMParser().parseFromString(await (await fetch(img.src)).text(), "image/svg+xml").documentElement;
        const holder = document.createElement("div");
        holder.style.cssText = "position:absolute; left:0; top:0; visibility:hidden";
        svg.setAttribute("width", `${shown}px`);
        svg.removeAttribute("height");
        holder.append(document.importNode(svg, true));
        document.body.append(holder);
        const sizes = [...holder.querySelectorAll('g[id^="text_"] > g[transform]')].map((g) => {
            const m = g.getScreenCTM();
            return 100 * Math.hypot(m.a, m.b);
        });
        holder.remove();
        const link = img.closest("a");
        figures.push({ src: img.getAttribute("src"), shown, smallest: Math.min(...sizes), labels: sizes.length,
                       scrolls: scrolls(link), link: link.tagName === "A" && link.hasAttribute("href") });
    }
    return { width: document.documentElement.scrollWidth, viewport: innerWidth,
             formulas: formulas.length, wideFormulas, tables: tables.length, brokenCode, brokenWords, figures };
}"""


# The book's own sideways scrollers. (Code blocks are Material's: it makes one focusable when
# it overflows on a device that can hover, and leaves it to touch on a phone.)
SCROLLERS = ["div.arithmatex", ".md-typeset__scrollwrap", "a.book-figure"]
AXE_SCROLLERS = """async (selectors) => {
    const include = selectors.filter((s) => document.querySelector(s)).map((s) => [s]);
    if (!include.length) return [];
    const result = await axe.run({ include }, { runOnly: ["scrollable-region-focusable"] });
    return result.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
}"""


@pytest.fixture(scope="module")
def phone_pages(browser, plain_url):
    """{url: what MEASURE found} for every page of the navigation, read on a phone."""
    context = browser.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    found = {}
    for _, _, url in nav_pages():
        page.goto(plain_url + url)
        page.wait_for_load_state("networkidle")
        page.evaluate("document.fonts.ready.then(() => true)")
        # a formula that scrolls takes focus (javascripts/a11y.js): after its size is first observed
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        found[url] = page.evaluate(MEASURE)
        page.add_script_tag(path=str(AXE))
        found[url]["axe"] = page.evaluate(AXE_SCROLLERS, SCROLLERS)
    context.close()
    return found


def test_no_page_scrolls_sideways_as_a_whole(phone_pages):
    wide = {url or "home": (p["width"], p["viewport"]) for url, p in phone_pages.items() if p["width"] > p["viewport"]}
    assert len(phone_pages) == len(nav_pages())
    assert not wide, f"pages wider than the phone (document, viewport): {wide}"


def test_every_display_formula_fits_or_scrolls_from_the_keyboard(phone_pages):
    assert sum(p["formulas"] for p in phone_pages.values()) >= 20
    stuck = {url: [f["tex"] for f in p["wideFormulas"] if not f["focusable"]] for url, p in phone_pages.items()}
    assert not {url: tex for url, tex in stuck.items() if tex}, f"formulas that scroll but take no focus: {stuck}"
    unreachable = {url: p["axe"] for url, p in phone_pages.items() if p["axe"]}
    assert not unreachable, f"axe's scrollable-region-focusable: {unreachable}"


def test_cost_chapter_formulas_fit_a_phone(phone_pages):
    """Issue 23: the cost chapter's formulas were cut off at 390 px."""
    assert phone_pages["cost/"]["formulas"] >= 4
    assert phone_pages["cost/"]["wideFormulas"] == []


def test_tables_keep_code_and_words_whole(phone_pages):
    assert sum(p["tables"] for p in phone_pages.values()) >= 5
    broken = {url or "home": (p["brokenCode"], p["brokenWords"]) for url, p in phone_pages.items()
              if p["brokenCode"] or p["brokenWords"]}
    assert not broken, f"inline code and words broken across lines in tables (code, words): {broken}"


def test_every_figure_is_readable_where_it_is_shown(phone_pages):
    figures = [(url, f) for url, p in phone_pages.items() for f in p["figures"]]
    assert len(figures) >= 15
    assert all(f["labels"] > 0 for _, f in figures), "a figure whose labels were not found"
    # (to 0.01 px: a figure shown exactly at its readable width measures 8.99999 in float32)
    small = [(url, f["src"], round(f["smallest"], 1), round(f["shown"])) for url, f in figures
             if round(f["smallest"], 2) < READABLE_PX]
    assert not small, f"figures with labels under {READABLE_PX} px (page, figure, px, width shown): {small}"
    # wider than the column, a figure scrolls inside its link, which the keyboard reaches
    assert any(f["scrolls"] for _, f in figures)
    assert all(f["link"] for _, f in figures if f["scrolls"])
