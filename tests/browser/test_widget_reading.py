"""The six widgets read as on a phone (390 px wide) in both colour schemes (issue 9).

Each widget is put through a few states (its presets, a highlight, an error, the widest
layouts) and measured in each, once per scheme; the tests then read those measurements:

- every visible text (SVG text and HTML text, screen-reader-only text left out) renders at
  12 px or more: its CSS font size times the SVG's scale on screen;
- every label, and every outline that carries meaning (the strokes of cells, boxes, axes and
  arrows; the borders of fields and buttons), has a contrast of at least 4.5:1 (WCAG relative
  luminance) against what it is drawn on: the shapes and boxes under it, composed down to the
  first opaque one, with the paint's own and its ancestors' opacity;
- nothing scrolls sideways: not the page, not a box inside the widget, and no part of the
  widget reaches past the viewport's edges;
- no two labels of a drawing overlap.
"""

import pytest

from tests.browser.conftest import Watched, clean, open_widget_page

PHONE = 390  # px: a common phone's CSS width
SMALLEST_TEXT = 12  # px on screen
MIN_CONTRAST = 4.5
SCHEMES = ["light", "dark"]  # Material's default and slate schemes

WIDGETS = {  # name: (page, what shows once the widget is live)
    "ladder": ("tensors/", ".lad__slider"),
    "transform2x2": ("matrices/", "[data-handle=i]"),
    "matmul": ("matmul/", ".mm__buttons"),
    "broadcast": ("reshaping/", ".bc__presets"),
    "strides": ("reshaping/", ".st__ops"),
    "tape": ("autograd/", ".tape__form"),
}

# Lines drawn for texture or as separators, not outlines that carry meaning: the plane's
# background grid and the moved grid over it (the square, the F and the arrows carry M),
# the error chart's grid lines, and the rules between a widget's sections.
DECORATIVE = ".t2x2-bggrid, .t2x2-grid, .tape-chart__grid, .st__ops, .tape__check"
READY_MS = 90_000  # the tape widget's first Python start on a loaded 2-core machine


def click(selector):
    return lambda page, root: page.locator(f"{root} {selector}").click()


def type_in(*fields, press):
    """Fill (selector, text) pairs, then click the button ``press``."""
    def run(page, root):
        for selector, text in fields:
            page.locator(f"{root} {selector}").fill(text)
        page.locator(f"{root} {press}").click()
    return run


def fill(*fields):
    """Fill (selector, text) pairs, as typing does (each fires its input event)."""
    def run(page, root):
        for selector, text in fields:
            page.locator(f"{root} {selector}").fill(text)
    return run


def steps(n):
    def run(page, root):
        for _ in range(n):
            page.locator(f"{root} [data-action=step]").click()
    return run


def in_turn(*actions):
    def run(page, root):
        for action in actions:
            action(page, root)
    return run


def point_at(selector):
    """Rest the pointer on ``selector`` (again once the page is laid out for measuring)."""
    def run(page, root):
        page.locator(f"{root} {selector}").hover()
    run.pointer = selector
    return run


def choose(selector, value):
    return lambda page, root: page.locator(f"{root} {selector}").select_option(value)


def wait_for_tape(page, root, condition):
    page.wait_for_function(
        f"(() => {{ const s = JSON.parse(document.querySelector('{root}').dataset.state); return {condition}; }})()",
        timeout=READY_MS,
    )


def tape_example(source):
    def run(page, root):
        page.locator(f"{root} [data-example='{source}']").click()
        wait_for_tape(page, root, f"s.status === 'ready' && s.source === {source!r}")
        page.locator(f"{root} [data-action=step]").click()
    return run


def tape_ready(page, root):
    page.locator(f"{root} input[data-input=f]").focus()  # focus is intent: Python starts
    wait_for_tape(page, root, "s.status === 'ready'")
    steps(2)(page, root)


# Each widget's states, one after the other on the same page: (name, what to do).
STATES = {
    "ladder": [
        ("rank 3", None),
        ("rank 4", click("[data-action=rank-up]")),
        ("an axis shown", click("svg .lad-axis[data-axis='0']")),
        ("long axes", type_in(("[data-input=shape]", "[30, 20, 10, 70]"), press="[data-action=apply-shape]")),
        ("rank 1", type_in(("[data-input=shape]", "[12]"), press="[data-action=apply-shape]")),
        ("a scalar", type_in(("[data-input=shape]", "[]"), press="[data-action=apply-shape]")),
        ("a bad shape", type_in(("[data-input=shape]", "[2, x]"), press="[data-action=apply-shape]")),
    ],
    "transform2x2": [
        ("the book's M", None),
        ("rotation", click("[data-preset=rotation]")),
        ("reflection", click("[data-preset=reflection]")),
        ("singular", click("[data-preset=singular]")),
        ("scale", click("[data-preset=scale]")),
        ("large entries, zoomed out", fill(("input[data-entry='0']", "9"), ("input[data-entry='3']", "-7"))),
        ("an entry out of range", fill(("input[data-entry='1']", "1000"))),
    ],
    "matmul": [
        ("start", None),
        ("four products", steps(4)),
        ("4 x 4 @ 4 x 4", in_turn(*(choose(f"[data-shape={key}]", "4") for key in ("R", "K", "Cn")), steps(6))),
        ("shapes that do not match", in_turn(click("[data-mismatch]"), choose("[data-shape=Kb]", "2"))),
    ],
    "broadcast": [
        ("[3, 1] + [1, 4]", None),
        ("three axes", click("[data-preset='1']")),
        ("bias per column", click("[data-preset='2']")),
        ("fails", click("[data-preset='3']")),
        ("six axes", type_in(("[data-input=a]", "[6, 1, 4, 1, 3, 1]"), ("[data-input=b]", "[7, 1, 5, 1, 2]"), press="[data-action=apply]")),
        ("long axes", type_in(("[data-input=a]", "[40, 1]"), ("[data-input=b]", "[1, 60]"), press="[data-action=apply]")),
        ("a bad shape", type_in(("[data-input=b]", "[2, x]"), press="[data-action=apply]")),
    ],
    "strides": [
        ("y = x", None),
        ("a cell pointed at", point_at(".st-cell--y[data-flat='4']")),
        ("transposed", click("[data-action=transpose]")),
        ("a copy", click("[data-action=contiguous]")),
        ("12 elements", choose("[data-input=base]", "1")),
        ("24 elements", choose("[data-input=base]", "2")),
        ("expanded", in_turn(choose("[data-input=base]", "1"), click("[data-action=expand]"))),
        ("a long chain", in_turn(
            choose("[data-input=base]", "2"),
            type_in(("[data-input=permute]", "[2, 0, 1]"), press="[data-action=permute]"),
            type_in(("[data-input=index]", "[:, ::2]"), press="[data-action=index]"),
            click("[data-action=contiguous]"),
            type_in(("[data-input=view]", "[4, 3]"), press="[data-action=view]"),
            click("[data-action=transpose]"),
        )),
        ("a view that fails", in_turn(click("[data-action=transpose]"), type_in(("[data-input=view]", "[12]"), press="[data-action=view]"))),
    ],
    "tape": [
        ("x*x*x, two steps back", tape_ready),
        ("x**2 + 3*x", tape_example("x**2 + 3*x")),
        ("x*x + x*x", tape_example("x*x + x*x")),
        ("x**3 - 4*x", tape_example("x**3 - 4*x")),
        ("exp(x) / x", tape_example("exp(x) / x")),
        ("a syntax error", lambda page, root: (
            page.locator(f"{root} input[data-input=f]").fill("x +* 2"),
            page.locator(f"{root} input[data-input=f]").press("Enter"),
            wait_for_tape(page, root, "s.status === 'error'"),
        )),
    ],
}

# Measures one widget as it is drawn now. Run in the page with [root selector, DECORATIVE].
MEASURE = r"""([rootSelector, decorative]) => {
  const root = document.querySelector(rootSelector);
  // Colours as [r, g, b, a] (0..255, alpha 0..1), from computed rgb()/rgba() values.
  const parse = (text) => {
    const m = /^rgba?\(([^)]+)\)$/.exec(text.trim());
    if (!m) return null;
    const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const over = (top, bottom) => [0, 1, 2].map((k) => top[k] * top[3] + bottom[k] * (1 - top[3])).concat(1);
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const hex = (c) => `#${c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
  const round = (x) => Math.round(x * 100) / 100;
  // Nothing changes while it measures, so each element's style and derived facts are read once.
  const memo = (f) => {
    const known = new Map();
    return (el) => {
      if (!known.has(el)) known.set(el, f(el));
      return known.get(el);
    };
  };
  const getComputedStyle = memo((el) => window.getComputedStyle(el));
  const opacity = memo((el) => (el ? Number(getComputedStyle(el).opacity) * opacity(el.parentElement) : 1));  // its own and its ancestors'
  const faded = (color, factor) => [color[0], color[1], color[2], color[3] * factor];
  const SHAPES = new Set(["rect", "circle", "ellipse", "path", "polygon", "polyline", "line"]);
  const isSvg = (el) => el instanceof SVGElement;
  const ancestors = (el) => {
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.push(e);
    return chain;
  };

  // What an element paints at screen point (x, y): an SVG shape's fill or stroke there, an HTML box's background.
  const paintAt = (el, x, y) => {
    const style = getComputedStyle(el);
    if (!isSvg(el)) {
      const bg = parse(style.backgroundColor);
      return bg && bg[3] > 0 ? faded(bg, opacity(el)) : null;
    }
    if (!SHAPES.has(el.localName)) return null;
    const p = new DOMPoint(x, y).matrixTransform(el.getScreenCTM().inverse());
    const fill = parse(style.fill);
    if (fill && el.localName !== "line" && el.isPointInFill(p)) return faded(fill, Number(style.fillOpacity) * opacity(el));
    const stroke = parse(style.stroke);
    if (stroke && el.isPointInStroke(p)) return faded(stroke, Number(style.strokeOpacity) * opacity(el));
    return null;
  };
  // The colour seen at (x, y) through the layers (top first), down to the first opaque one.
  const compose = (layers, x, y) => {
    const painted = [];
    for (const el of layers) {
      const paint = paintAt(el, x, y);
      if (!paint || paint[3] === 0) continue;
      painted.push(paint);
      if (paint[3] >= 0.999) break;
    }
    return painted.reverse().reduce((below, paint) => over(paint, below), [255, 255, 255, 1]);
  };
  // What lies under `el` at (x, y): inside its SVG, the shapes before it in document order
  // (the order SVG paints in); then the HTML boxes there. For HTML, its own box and those below.
  const precedes = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  // Inside an SVG that is geometry, not hit testing (which is slow on a long page, and skips
  // shapes that take no pointer events but are painted all the same): the shown shapes before
  // `el` whose box reaches (x, y), top first; paintAt then asks each whether it paints there.
  const shapesOf = memo((svg) => [...svg.querySelectorAll("*")].filter((e) => SHAPES.has(e.localName)));
  const boxOf = memo((e) => e.getBoundingClientRect());
  const near = (e, x, y, pad) => {
    const r = boxOf(e);
    return x >= r.left - pad && x <= r.right + pad && y >= r.top - pad && y <= r.bottom + pad;
  };
  const strokeReach = memo((e) => {  // how far past its box a shape's stroke paints, in px
    const m = e.getScreenCTM();
    return ((parseFloat(getComputedStyle(e).strokeWidth) || 0) * Math.hypot(m.a, m.b)) / 2 + 1;
  });
  const under = (el, x, y) => {
    if (!isSvg(el)) {
      const stack = document.elementsFromPoint(x, y);
      return stack.includes(el) ? stack.slice(stack.indexOf(el)) : ancestors(el);
    }
    const outer = el.ownerSVGElement;
    if (!near(outer, x, y, 0)) return ancestors(outer);
    const below = shapesOf(outer).filter((e) => e !== el && shown(e) && near(e, x, y, strokeReach(e)) && precedes(e, el));
    return below.reverse().concat(ancestors(outer));
  };
  const inView = (x, y) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  const srOnly = memo((el) => {  // visually hidden: it or an ancestor clipped to a pixel
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return (r.width <= 2 && r.height <= 2 && (style.clip !== "auto" || style.overflow === "hidden")) || srOnly(el.parentElement);
  });
  const shown = memo((el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !srOnly(el));
  const describe = (el) => [el.localName, ...(el.getAttribute("class") || "").split(/\s+/).filter(Boolean)].join(".");

  // Texts: the text nodes (SVG text, not title or desc; HTML, not options) and the fields' values.
  const texts = [];
  const addText = (el, text, rect) => {
    if (!shown(el) || !rect.width || !rect.height) return;
    const style = getComputedStyle(el);
    const drawn = isSvg(el);
    const m = drawn ? el.getScreenCTM() : null;
    const size = parseFloat(style.fontSize) * (drawn ? Math.hypot(m.a, m.b) : 1);
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const record = { what: describe(el), text: text.trim().slice(0, 40), size: round(size), contrast: null, svg: drawn,
                     box: [rect.left, rect.top, rect.right, rect.bottom] };
    texts.push(record);
    const own = parse(drawn ? style.fill : style.color);
    if (!inView(x, y) || !own) return;
    let bg = compose(under(el, x, y), x, y);
    const halo = parse(style.stroke);  // paint-order: stroke draws a halo behind an SVG label
    if (drawn && halo && style.paintOrder.startsWith("stroke") && parseFloat(style.strokeWidth) >= 2) {
      bg = over(faded(halo, Number(style.strokeOpacity)), bg);
    }
    const fg = over(faded(own, (drawn ? Number(style.fillOpacity) : 1) * opacity(el)), bg);
    Object.assign(record, { contrast: round(ratio(fg, bg)), fg: hex(fg), bg: hex(bg) });
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim()) continue;
    if (parent.closest("svg") ? !["text", "tspan", "textPath"].includes(parent.localName) : parent.closest("select, option")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    addText(parent, node.textContent, range.getBoundingClientRect());
  }
  for (const field of root.querySelectorAll("input:not([type]), input[type=text], select")) {
    const value = field.localName === "select" ? field.selectedOptions[0]?.textContent || "" : field.value;
    if (value.trim()) addText(field, value, field.getBoundingClientRect());
  }

  // Outlines: SVG strokes, seen against what lies beside them (the better side, so that the edge
  // of a filled shape needs only its outside), at the median of 8 points along each (a line that
  // crosses other shapes is judged by what most of it is drawn on); and HTML borders.
  const outlines = [];
  const page = getComputedStyle(document.body).backgroundColor;
  for (const el of root.querySelectorAll("svg *")) {
    if (!SHAPES.has(el.localName) || !shown(el) || el.matches(decorative)) continue;
    const style = getComputedStyle(el);
    const stroke = parse(style.stroke);
    // a line in the page's own colour is a gap or a casing, not an outline
    if (!stroke || style.stroke === page || parseFloat(style.strokeWidth) <= 0) continue;
    const color = faded(stroke, Number(style.strokeOpacity) * opacity(el));
    if (color[3] === 0) continue;
    const m = el.getScreenCTM();
    const screen = (p) => ({ x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f });
    const reach = (parseFloat(style.strokeWidth) * Math.hypot(m.a, m.b)) / 2 + 2;
    const length = el.getTotalLength();
    const samples = [];
    for (let k = 0; k < 8; k += 1) {
      const at = (length * (k + 0.5)) / 8;
      const p = screen(el.getPointAtLength(at));
      const a = screen(el.getPointAtLength(Math.max(0, at - 0.5)));
      const b = screen(el.getPointAtLength(Math.min(length, at + 0.5)));
      const norm = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const sides = [1, -1].map((side) => [p.x - (side * reach * (b.y - a.y)) / norm, p.y + (side * reach * (b.x - a.x)) / norm]);
      const seen = sides.filter(([x, y]) => inView(x, y)).map(([x, y]) => {
        const bg = compose([el, ...under(el, x, y)], x, y);
        const fg = over(color, bg);
        return { contrast: ratio(fg, bg), fg: hex(fg), bg: hex(bg) };
      });
      if (seen.length) samples.push(seen.reduce((best, s) => (s.contrast > best.contrast ? s : best)));
    }
    samples.sort((a, b) => a.contrast - b.contrast);
    const median = samples[Math.floor((samples.length - 1) / 2)];
    if (median) outlines.push({ what: `${describe(el)} in ${describe(el.parentElement)}`, ...median, contrast: round(median.contrast) });
  }
  for (const el of root.querySelectorAll("*")) {
    if (isSvg(el) || !shown(el) || el.matches(decorative)) continue;
    const style = getComputedStyle(el);
    const fill = style.backgroundColor;
    for (const side of ["Top", "Right", "Bottom", "Left"]) {
      const border = parse(style[`border${side}Color`]);
      if (parseFloat(style[`border${side}Width`]) < 0.5 || ["none", "hidden"].includes(style[`border${side}Style`])) continue;
      if (!border || border[3] === 0 || style[`border${side}Color`] === fill) continue;  // a filled box's own edge
      const bg = compose(ancestors(el.parentElement), 0, 0);
      const fg = over(faded(border, opacity(el)), bg);
      outlines.push({ what: `${describe(el)} border-${side.toLowerCase()}`, contrast: round(ratio(fg, bg)), fg: hex(fg), bg: hex(bg) });
    }
  }

  // Labels of one drawing that overlap (the middle 60% of each line box: the glyphs, not the leading).
  const overlaps = [];
  const labels = texts.filter((t) => t.svg).map((t) => {
    const [l, top, r, bottom] = t.box;
    return { text: t.text, box: [l, top + 0.2 * (bottom - top), r, bottom - 0.2 * (bottom - top)] };
  });
  labels.forEach((a, i) => labels.slice(i + 1).forEach((b) => {
    const w = Math.min(a.box[2], b.box[2]) - Math.max(a.box[0], b.box[0]);
    const h = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]);
    if (w > 2 && h > 2) overlaps.push(`${a.text} / ${b.text}`);
  }));

  // Sideways: a box inside the widget that scrolls, or a part past the viewport's edges (an SVG clips its own drawing).
  const sideways = [];
  const width = document.documentElement.clientWidth;
  for (const el of [root, ...root.querySelectorAll("*")]) {
    if ((isSvg(el) && el.localName !== "svg") || !shown(el)) continue;
    const style = getComputedStyle(el);
    if (["auto", "scroll"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      sideways.push(`${describe(el)} scrolls: ${el.scrollWidth} px in ${el.clientWidth}`);
    }
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.left < -0.5 || r.right > width + 0.5)) sideways.push(`${describe(el)} spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
  }
  if (document.scrollingElement.scrollWidth > width) sideways.push(`the page scrolls: ${document.scrollingElement.scrollWidth} px`);
  return { texts: texts.map(({ box, ...t }) => t), outlines, overlaps, sideways };
}"""


SWITCH = {"light": "Switch to light mode", "dark": "Switch to dark mode"}  # the palette toggle's titles


def use_scheme(page, scheme):
    """Show the page in ``scheme`` as a reader does, with the header's palette toggle (Material
    keeps the choice for the next page), and wait until no colour is still in transition."""
    toggle = page.locator(f"label[title='{SWITCH[scheme]}']")
    if toggle.is_visible():
        toggle.click()
    page.wait_for_function(f"document.body.dataset.mdColorScheme === {('slate' if scheme == 'dark' else 'default')!r}")
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")


def measure_states(page, name):
    """Measure the widget in each of its states, in each scheme: {scheme: {state: measurement}}."""
    root = f"[data-widget={name}]"
    found = {scheme: {} for scheme in SCHEMES}
    for state, action in STATES[name]:
        if action:
            action(page, root)
        for scheme in SCHEMES:
            use_scheme(page, scheme)
            # A viewport as tall as the widget, the widget in it: every point can be hit-tested.
            height = page.locator(root).bounding_box()["height"]
            page.set_viewport_size({"width": PHONE, "height": int(height) + 200})
            page.evaluate(f"window.scrollBy(0, document.querySelector('{root}').getBoundingClientRect().top - 100)")
            pointer = getattr(action, "pointer", None)
            if pointer:
                page.locator(f"{root} {pointer}").hover()
            else:
                page.mouse.move(0, 0)  # no hover styling
            found[scheme][state] = page.evaluate(MEASURE, [root, DECORATIVE])
    return found


@pytest.fixture(scope="module")
def reading(browser, isolated_url):
    """reading(name, scheme): the widget's measurements at 390 px in that scheme, taken once
    (both schemes on one page: each state is measured in one, then in the other)."""
    taken = {}

    def read(name, scheme):
        if name not in taken:
            context = browser.new_context(service_workers="block", color_scheme=SCHEMES[0])
            watched = Watched(context.new_page())
            path, ready = WIDGETS[name]
            page = open_widget_page(watched, isolated_url + path, f"[data-widget={name}]", ready, PHONE)
            try:
                found = measure_states(page, name)
                clean(watched, isolated_url)  # no console errors, nothing from other hosts
                taken[name] = found
            finally:
                context.close()
        return taken[name][scheme]

    return read


CASES = [(name, scheme) for name in WIDGETS for scheme in SCHEMES]
IDS = [f"{name}-{scheme}" for name, scheme in CASES]


def failures(readings, pick):
    """{state: [what fails]} over all states, and only the states with a failure."""
    found = {state: pick(m) for state, m in readings.items()}
    return {state: items for state, items in found.items() if items}


@pytest.mark.parametrize(("name", "scheme"), CASES, ids=IDS)
def test_every_text_renders_at_12_px_or_more_on_a_phone(reading, name, scheme):
    small = failures(reading(name, scheme), lambda m: sorted(
        {f"{t['what']} {t['text']!r} {t['size']} px" for t in m["texts"] if t["size"] < SMALLEST_TEXT}))
    assert small == {}, small


@pytest.mark.parametrize(("name", "scheme"), CASES, ids=IDS)
def test_labels_and_outlines_have_4_5_to_1_contrast(reading, name, scheme):
    low_texts = failures(reading(name, scheme), lambda m: sorted(
        {f"{t['what']} {t['text']!r} {t['contrast']}:1 ({t['fg']} on {t['bg']})"
         for t in m["texts"] if t["contrast"] is not None and t["contrast"] < MIN_CONTRAST}))
    low_lines = failures(reading(name, scheme), lambda m: sorted(
        {f"{o['what']} {o['contrast']}:1 ({o['fg']} on {o['bg']})" for o in m["outlines"] if o["contrast"] < MIN_CONTRAST}))
    measured = [t for m in reading(name, scheme).values() for t in m["texts"] if t["contrast"] is not None]
    assert len(measured) > 10, "the labels were not measured"
    assert low_texts == {}, low_texts
    assert low_lines == {}, low_lines


@pytest.mark.parametrize("name", WIDGETS)
def test_nothing_scrolls_sideways_on_a_phone(reading, name):
    for scheme in SCHEMES:
        sideways = failures(reading(name, scheme), lambda m: m["sideways"])
        assert sideways == {}, (scheme, sideways)


@pytest.mark.parametrize("name", WIDGETS)
def test_no_two_labels_overlap_on_a_phone(reading, name):
    for scheme in SCHEMES:
        overlapping = failures(reading(name, scheme), lambda m: m["overlaps"])
        assert overlapping == {}, (scheme, overlapping)


# A page whose sizes and colours are known, to check the measuring script itself.
KNOWN = """<!doctype html><body style="margin: 0; background: #fff">
<div data-widget="known" style="width: 300px">
  <p style="font-size: 10px; color: #767676">small grey</p>
  <span style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)">hidden</span>
  <svg viewBox="0 0 100 50" style="width: 200px; display: block">
    <rect x="5" y="5" width="40" height="30" fill="#000"/>
    <rect class="grid" x="50" y="5" width="45" height="40" fill="none" stroke="#eee"/>
    <rect x="52" y="36" width="40" height="10" fill="none" stroke="#949494"/>
    <text x="25" y="24" font-size="10" fill="#fff" text-anchor="middle">on black</text>
    <text x="55" y="24" font-size="10" fill="#000" fill-opacity="0.5">half</text>
    <text x="62" y="24" font-size="10">crossed</text>
  </svg>
  <div style="width: 100px; overflow-x: auto; white-space: nowrap">a long line that scrolls in its box</div>
</div>"""


def test_the_measuring_script_on_a_page_it_knows(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_content(KNOWN)
    m = page.evaluate(MEASURE, ["[data-widget=known]", ".grid"])
    context.close()
    texts = {t["text"]: t for t in m["texts"]}
    assert "hidden" not in texts  # screen-reader-only text is left out
    assert (texts["small grey"]["size"], texts["on black"]["size"]) == (10, 20)  # the SVG is drawn at twice its units
    assert texts["small grey"]["contrast"] == pytest.approx(4.54, abs=0.01)  # #767676 on white
    assert texts["on black"]["contrast"] == pytest.approx(21)  # white on the black rect under it
    assert texts["half"]["contrast"] == pytest.approx(3.95, abs=0.03)  # black at half opacity: #808080 on white
    assert [(o["what"], o["contrast"]) for o in m["outlines"]] == [("rect in svg", pytest.approx(3.03, abs=0.01))]
    assert m["overlaps"] == ["half / crossed"]
    assert len(m["sideways"]) == 1 and m["sideways"][0].startswith("div scrolls"), m["sideways"]
