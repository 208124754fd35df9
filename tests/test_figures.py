"""Figures: captured per section, published as light and dark SVGs with stable bytes."""

import html
import re
import shutil

import pytest

from bookengine.figures import DARK_INK, LIGHT_INK

PLOT = """
import matplotlib.pyplot as plt

# ANCHOR: first
fig, ax = plt.subplots(figsize=(3, 2))
ax.plot([0, 1, 2], [0, 1, 4], color="C0", marker="o")
ax.set_title("Squares")
ax.set_xlabel("n")
print("printed by the first section")
# ANCHOR_END: first

# ANCHOR: second
fig, ax = plt.subplots(figsize=(3, 2))
ax.bar([0, 1, 2], [3, 1, 2], color="C1")
ax.set_title("Bars")
print("printed by the second section")
# ANCHOR_END: second
"""

NAMES = [f"plot-{n}-{variant}.svg" for n in (1, 2) for variant in ("light", "dark")]


@pytest.fixture(scope="module")
def figures(module_project_factory):
    project = module_project_factory("figures")
    project.snippet("f/plot.py", PLOT, golden="printed by the first section\nprinted by the second section\n")
    project.page(
        """
        # Figures

        {{ snippet f/plot.py#first alt="A line through three squares" }}

        Some prose between them.

        {{ snippet f/plot.py#second alt="Three bars of different heights" }}
        """
    )
    project.page('# Deeper\n\n{{ snippet f/plot.py#second alt="The bars again" }}\n', name="part/deep.md")
    first = project.mkdocs_build(strict=True)
    svgs = {
        name: project.site(f"figures/f/{name}").read_bytes()
        for name in NAMES
        if project.site(f"figures/f/{name}").exists()
    }
    page = project.site("index.html").read_text() if project.site("index.html").exists() else ""
    deep = project.site("part/deep/index.html")
    deep_srcs = (
        [src for src in re.findall(r'<img\b[^>]*\bsrc="([^"]*)"', deep.read_text())] if deep.exists() else []
    )
    deep_targets = [(deep.parent / src.split("#")[0]).resolve() for src in deep_srcs]
    deep_targets = [(target.name, target.is_file()) for target in deep_targets]  # before the site goes
    # A second build from nothing: no cache, no site.
    shutil.rmtree(project.cache_dir.parent)
    shutil.rmtree(project.site())
    second = project.mkdocs_build(strict=True)
    again = {
        name: project.site(f"figures/f/{name}").read_bytes()
        for name in NAMES
        if project.site(f"figures/f/{name}").exists()
    }
    return {
        "first": first,
        "second": second,
        "svgs": svgs,
        "again": again,
        "page": page,
        "deep_srcs": deep_srcs,
        "deep_targets": deep_targets,
    }


def test_builds_pass(figures):
    assert figures["first"].returncode == 0, figures["first"]
    assert figures["second"].returncode == 0, figures["second"]


def test_four_svgs_written(figures):
    assert sorted(figures["svgs"]) == sorted(NAMES)
    for name, data in figures["svgs"].items():
        assert data.lstrip().startswith(b"<?xml") or b"<svg" in data[:400], name
        assert b"</svg>" in data


def test_light_and_dark_differ(figures):
    svgs = figures["svgs"]
    assert svgs["plot-1-light.svg"] != svgs["plot-1-dark.svg"]
    assert svgs["plot-2-light.svg"] != svgs["plot-2-dark.svg"]
    assert svgs["plot-1-light.svg"] != svgs["plot-2-light.svg"]


def test_ink_colours(figures):
    for n in (1, 2):
        light = figures["svgs"][f"plot-{n}-light.svg"].decode().lower()
        dark = figures["svgs"][f"plot-{n}-dark.svg"].decode().lower()
        assert LIGHT_INK.lower() in light and DARK_INK.lower() not in light
        assert DARK_INK.lower() in dark and LIGHT_INK.lower() not in dark


def test_page_has_images_with_alt_and_variants(figures):
    page = figures["page"]
    images = []
    for tag in re.findall(r"<img\b[^>]*>", page):
        attrs = dict(re.findall(r'(\w[\w-]*)="([^"]*)"', tag))
        images.append((html.unescape(attrs.get("alt", "")), attrs.get("src", "")))
    assert images == [
        ("A line through three squares", "figures/f/plot-1-light.svg#only-light"),
        ("A line through three squares", "figures/f/plot-1-dark.svg#only-dark"),
        ("Three bars of different heights", "figures/f/plot-2-light.svg#only-light"),
        ("Three bars of different heights", "figures/f/plot-2-dark.svg#only-dark"),
    ]


def blocks(page):
    """The text of each embedded snippet block, in page order."""
    parts = re.split(r'<div class="snippet"', page)[1:]
    return [html.unescape(re.sub(r"<[^>]+>", "", part)) for part in parts]


def test_each_section_shows_its_own_code_output_and_figure(figures):
    first, second = blocks(figures["page"])
    assert "Squares" in first and "Bars" not in first
    assert "Bars" in second and "Squares" not in second
    assert "printed by the first section" in first and "printed by the second section" not in first
    assert "printed by the second section" in second and "printed by the first section" not in second
    assert "ANCHOR" not in figures["page"]


def test_svgs_are_byte_identical_across_builds(figures):
    assert figures["again"] == figures["svgs"]


def test_image_links_from_a_nested_page_resolve(figures):
    srcs, targets = figures["deep_srcs"], figures["deep_targets"]
    assert [src.split("#")[1] for src in srcs] == ["only-light", "only-dark"]
    assert targets == [("plot-2-light.svg", True), ("plot-2-dark.svg", True)]


def test_images_carry_their_size_and_the_width_that_keeps_labels_readable(figures):
    """The page reserves each figure's place, and tells a phone the width at which its smallest
    label (the tick labels: the style's 11 pt) is 9 px (book.css scrolls it sideways there)."""
    for tag in re.findall(r"<img\b[^>]*>", figures["page"]):
        attrs = dict(re.findall(r'(\w[\w-]*)="([^"]*)"', tag))
        svg = figures["svgs"][attrs["src"].split("/")[-1].split("#")[0]].decode()
        width_pt, height_pt = (float(v) for v in re.search(r'width="([\d.]+)pt" height="([\d.]+)pt"', svg).groups())
        assert (int(attrs["width"]), int(attrs["height"])) == (round(width_pt * 4 / 3), round(height_pt * 4 / 3))
        readable = int(re.fullmatch(r"--book-readable-width: (\d+)px", attrs["style"]).group(1))
        assert readable * 11 / width_pt >= 9 > (readable - 1) * 11 / width_pt, (readable, width_pt)


# Tick labels as wide as a clock makes them: 1 to 7 digits, different in every run.
TIMED_PLOT = """
#| measures: time
import time

import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(3, 2))
ax.plot([0, 1], [0, 10 ** (time.perf_counter_ns() % 7)])
ax.set_ylabel("seconds")
fig.tight_layout()
"""


def test_a_timing_figure_keeps_its_size_so_its_page_is_the_same_every_build(project):
    """A figure of measured timings has new tick labels each build; cropped to them, its size (and
    the page's width, height and readable width) would change too. It keeps the size its code set."""
    project.snippet("t/clock.py", TIMED_PLOT, golden="")
    project.page('# Timed\n\n{{ snippet t/clock.py alt="A line up to a number read from the clock" }}\n')
    pages = []
    for _ in range(3):
        project.mkdocs_build(strict=True)
        svg = project.site("figures/t/clock-1-light.svg").read_text()
        assert re.search(r'width="216pt" height="144pt"', svg), svg[:400]  # 3 x 2 inches, not cropped
        pages.append(re.findall(r"<img\b[^>]*>", project.site("index.html").read_text()))
        shutil.rmtree(project.cache_dir.parent)
    assert pages[0] and pages[0] == pages[1] == pages[2]
    assert ('width="288"', 'height="192"') == tuple(re.search(p, pages[0][0])[0] for p in (r'width="\d+"', r'height="\d+"'))
