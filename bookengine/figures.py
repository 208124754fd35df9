"""Figure capture: the engine's plot style, and light/dark SVGs with stable bytes.

Snippets draw with plain matplotlib and never save. After each section the child
saves every open figure twice: once as drawn (light), then recoloured for
Material's dark (slate) scheme. Data colours (C0, C1, ...) are chosen to read on
both backgrounds; only the ink of text, spines, ticks and grid is swapped.
"""

import io
import math
import re
from dataclasses import dataclass

LIGHT_INK = "#1f2328"
DARK_INK = "#e3e6ea"
LIGHT_GRID = "#d0d7de"
DARK_GRID = "#4a5260"
# A palette legible on white and on Material's slate background.
PALETTE = ["#2f6fd0", "#e0762b", "#2e9e5b", "#c23d6d", "#8a63d2", "#9a7b32"]

RC = {
    "figure.facecolor": "none",
    "axes.facecolor": "none",
    "savefig.facecolor": "none",
    "savefig.transparent": True,
    "text.color": LIGHT_INK,
    "axes.labelcolor": LIGHT_INK,
    "axes.edgecolor": LIGHT_INK,
    "xtick.color": LIGHT_INK,
    "ytick.color": LIGHT_INK,
    "grid.color": LIGHT_GRID,
    "legend.frameon": False,
    "font.family": "DejaVu Sans",
    "font.size": 11,
    "svg.hashsalt": "tensor-book",  # fixed ids: identical bytes on every build
    "svg.fonttype": "path",  # text as paths: no font needed on the reader's side
    "figure.dpi": 100,
    "path.simplify": True,
}


def apply_style():
    import matplotlib
    from cycler import cycler

    matplotlib.rcParams.update(RC)
    matplotlib.rcParams["axes.prop_cycle"] = cycler(color=PALETTE)


def _swap_map():
    from matplotlib.colors import to_rgba

    return {
        to_rgba(LIGHT_INK): DARK_INK,
        to_rgba("black"): DARK_INK,
        to_rgba(LIGHT_GRID): DARK_GRID,
        to_rgba("white"): "#1e2129",
    }


def _swapped(color, swaps):
    from matplotlib.colors import to_rgba

    try:
        rgba = to_rgba(color)
    except (ValueError, TypeError):
        return None
    target = swaps.get((rgba[0], rgba[1], rgba[2], 1.0))
    if target is None:
        return None
    base = to_rgba(target)
    return (base[0], base[1], base[2], rgba[3])


def recolour_for_dark(fig):
    """Swap ink colours in place so the figure reads on a dark page."""
    import numpy as np

    swaps = _swap_map()
    for artist in fig.findobj():
        for getter, setter in (
            ("get_color", "set_color"),
            ("get_edgecolor", "set_edgecolor"),
            ("get_facecolor", "set_facecolor"),
            ("get_markeredgecolor", "set_markeredgecolor"),
            ("get_markerfacecolor", "set_markerfacecolor"),
        ):
            get = getattr(artist, getter, None)
            put = getattr(artist, setter, None)
            if get is None or put is None:
                continue
            try:
                value = get()
            except (TypeError, ValueError, AttributeError):
                continue
            if isinstance(value, np.ndarray) and value.ndim == 2:
                if len(value) == 0:
                    continue
                rows = [_swapped(tuple(row), swaps) or tuple(row) for row in value]
                if any(new != tuple(old) for new, old in zip(rows, value)):
                    put(rows)
                continue
            new = _swapped(value, swaps)
            if new is not None:
                put(new)


def svg_bytes(fig, tight=True):
    """The figure as SVG, cropped to what it draws (tight), or at the size its code gave it: a
    figure of measured timings, whose tick labels change from build to build, keeps one size,
    so the page that sets its width and height (render._figure_size) is the same every build."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight" if tight else None)
    return buffer.getvalue().decode("utf-8")


def capture_open_figures(tight=True):
    """Save and close every open figure; return [{'light': svg, 'dark': svg}, ...]."""
    import matplotlib.pyplot as plt

    captured = []
    for number in plt.get_fignums():
        fig = plt.figure(number)
        light = svg_bytes(fig, tight)
        recolour_for_dark(fig)
        dark = svg_bytes(fig, tight)
        captured.append({"light": light, "dark": dark})
        plt.close(fig)
    return captured


# A page lays a figure out from its SVG: matplotlib gives the size in points, and draws each
# text as glyph paths in a group scaled by the font size (FONT_SCALE 100: scale(0.11 -0.11) is 11 pt).
SVG_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)pt"[^>]*?\bheight="([\d.]+)pt"')
TEXT_SCALE = re.compile(r"\bscale\(([\d.]+) -\1\)")
PX_PER_PT = 4 / 3  # CSS: 96 px and 72 pt to the inch
READABLE_PX = 9  # the smallest label a phone reader can still read


@dataclass(frozen=True)
class Layout:
    width: int  # CSS px, as drawn
    height: int
    readable_width: int | None  # the width at which the smallest label is READABLE_PX (None: no text)


def layout(svg):
    """A figure's size and its narrowest readable width (a label's size, not its superscripts')."""
    width_pt, height_pt = (float(v) for v in SVG_SIZE.search(svg).groups())
    sizes = [float(scale) * 100 for scale in TEXT_SCALE.findall(svg)]
    # shown w px wide, a label of s pt is s * w / width_pt px high
    readable = math.ceil(width_pt * READABLE_PX / min(sizes)) if sizes else None
    return Layout(round(width_pt * PX_PER_PT), round(height_pt * PX_PER_PT), readable)
