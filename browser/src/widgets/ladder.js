// ladder: climb from rank 0 to rank 4. Each rank is drawn as a shape (a dot, a bar,
// a grid, stacked grids, a row of stacks) with its shape, element count and bytes for
// the chosen dtype. Type any shape of rank 0-4, name its axes, and point at (or focus)
// an axis to see the slice along it, e.g. x[b, t, :]. Numbers come from ladder-math.js.

import "./ladder.css";
import { announcer, button, describedSvg, html, onEnter, onWidthChange, publish, svg, svgText, uniqueId } from "./svg.js";
import {
  DTYPES, MAX_RANK, axisSlice, drawingPlan, formatShape, parseShape, rung, summary, validateNames,
} from "./ladder-math.js";
import { counted } from "./words.js";

const SHIFT = 0.38; // offset between stacked layers, in cells
const WIDTH = 520; // target width of the drawing, in SVG units (less on a narrower screen)
const CELL_KEY = { stacks: 0, layers: 1, rows: 2, columns: 3 }; // where each role's index sits in a cell's key

export function mount(root) {
  new Ladder(root);
}

// ----- the DOM that stays: controls, figure and readout -----

function buildLadder(root) {
  const box = html("div", { class: "lad" }, root);
  html("p", { class: "book-widget__hint", text: "Step up the ladder, type a shape, and point at or focus an axis to see the slice along it." }, box);
  const view = { box, ...buildRankRow(box), ...buildShapeInputs(box), ...buildNamesBox(box) };
  view.errorEl = html("p", { class: "lad__error book-widget__error", id: uniqueId("lad-err"), hidden: "" }, box);
  view.shapeInput.setAttribute("aria-describedby", view.errorEl.id);
  return { ...view, ...buildFigure(box), ...buildReadout(box) };
}

// Rank: buttons and a slider (arrow keys, Home/End, or a click on a rung).
function buildRankRow(box) {
  const row = html("div", { class: "lad__rank" }, box);
  const down = button(row, "Rank down", { "data-action": "rank-down" });
  const slider = html("div", {
    class: "lad__slider", role: "slider", tabindex: "0", "aria-label": "Rank",
    "aria-valuemin": "0", "aria-valuemax": String(MAX_RANK), "data-control": "rank",
  }, row);
  const rungs = [];
  for (let r = 0; r <= MAX_RANK; r += 1) {
    const el = html("span", { class: "lad__rung", "data-rank": String(r), "aria-hidden": "true" }, slider);
    html("span", { class: "lad__rung-number", text: String(r) }, el);
    html("span", { class: "lad__rung-name", text: rung(r).label }, el);
    rungs.push(el);
  }
  const up = button(row, "Rank up", { "data-action": "rank-up" });
  return { down, slider, rungs, up };
}

function buildShapeInputs(box) {
  const inputs = html("div", { class: "book-widget__row" }, box);
  const shapeLabel = html("label", { class: "book-widget__field" }, inputs);
  html("span", { text: "Shape" }, shapeLabel);
  const shapeRow = html("span", { class: "lad__inline" }, shapeLabel);
  const shapeInput = html("input", { type: "text", "data-input": "shape", spellcheck: "false", autocomplete: "off" }, shapeRow);
  const applyButton = button(inputs, "Apply shape", { "data-action": "apply-shape" });
  const dtypeLabel = html("label", { class: "book-widget__field" }, inputs);
  html("span", { text: "dtype" }, dtypeLabel);
  const dtypeSelect = html("select", { "data-input": "dtype" }, dtypeLabel);
  for (const [name, size] of Object.entries(DTYPES)) {
    html("option", { value: name, text: `${name} (${counted(size, "byte")})` }, dtypeSelect);
  }
  return { shapeInput, applyButton, dtypeSelect };
}

function buildNamesBox(box) {
  const namesBox = html("fieldset", { class: "lad__names" }, box);
  html("legend", { text: "Axis names" }, namesBox);
  return { namesRow: html("div", { class: "book-widget__row" }, namesBox) };
}

// The drawing: an SVG whose axis labels are focusable, so the root is a group.
function buildFigure(box) {
  const figure = html("div", { class: "lad__figure" }, box);
  const drawing = describedSvg(figure, { viewBox: "0 0 520 200", title: "The tensor's shape, drawn", label: "" });
  drawing.root.setAttribute("role", "group");
  drawing.root.classList.add("lad__svg");
  return { figure, drawing };
}

// The readout: the shape with one focusable button per axis, counts, bytes, the slice.
function buildReadout(box) {
  const readout = html("div", { class: "lad__readout" }, box);
  return {
    shapeLine: html("p", { class: "lad__shape" }, readout),
    countLine: html("p", { "data-readout": "numel" }, readout),
    bytesLine: html("p", { "data-readout": "bytes" }, readout),
    sliceLine: html("p", { class: "lad__slice", "data-readout": "slice" }, readout),
  };
}

// ----- the drawing's geometry (SVG units), for a figure `available` pixels wide -----

function layout(plan, available) {
  const role = (name) => plan.axes.find((a) => a.role === name) ?? null;
  const count = (a) => (a ? Math.max(a.cells, 1) : 1);
  const [cols, rows, layers, stacks] = ["columns", "rows", "layers", "stacks"].map(role);
  const nc = count(cols) + (cols?.ellipsis ? 1 : 0);
  const nr = count(rows) + (rows?.ellipsis ? 1 : 0);
  const nl = count(layers);
  const ns = count(stacks);
  const depth = (nl - 1) * SHIFT + (layers?.ellipsis ? 0.9 : 0);
  const stackW = nc + depth;
  const stacksW = ns * stackW + (ns - 1) * 1 + (stacks?.ellipsis ? 1.4 : 0);
  // margins in cells: left for the rows label, top for layer and stack labels, bottom for columns
  const left = rows ? 1.4 : 0.4;
  const top = (layers ? 1.1 : 0.3) + (stacks ? 1.1 : 0);
  const bottom = cols ? 1.5 : 0.6;
  const widthCells = Math.max(left + stacksW + 0.6, 6);
  // No wider than the figure, so one SVG unit is at least one pixel and the labels keep their size.
  const c = Math.min(40, Math.min(WIDTH, available || WIDTH) / widthCells);
  const originX = left * c;
  return {
    cols, rows, layers, stacks, nc, nr, nl, ns, depth, stackW, c, originX,
    W: widthCells * c,
    H: Math.max((top + depth + nr + bottom) * c, 70),
    font: Math.max(12, Math.min(15, c * 0.48)), // at least 12 px: small cells get relatively larger labels
    frontY: (top + depth) * c, // top edge of each front layer
    stackX: (s) => originX + s * (stackW + 1) * c,
  };
}

// Where each axis label goes, next to the part of the drawing it measures: [axis, geometry].
function axisLabelPlaces(at) {
  const { c, frontY, depth, nl, ns, stackW, font } = at;
  const x0 = at.stackX(0);
  const frontW = at.nc * c;
  const frontH = at.nr * c;
  const places = [];
  if (at.cols) {
    const y = frontY + frontH + 0.3 * c;
    places.push([at.cols, {
      path: `M${x0} ${y} v4 H${x0 + frontW} v-4`,
      text: { x: x0 + frontW / 2, y: y + Math.max(0.75 * c, font + 4), "text-anchor": "middle" },
      hit: { x: x0 - 4, y: y - 4, width: Math.max(frontW, 6 * c * 0.5) + 8, height: 1.2 * c },
    }]);
  }
  if (at.rows) {
    const x = x0 - 0.3 * c;
    const cx = x - 0.55 * c;
    const cy = frontY + frontH / 2;
    places.push([at.rows, {
      path: `M${x} ${frontY} h-4 V${frontY + frontH} h4`,
      text: { x: cx, y: cy, "text-anchor": "middle", transform: `rotate(-90 ${cx} ${cy})` },
      hit: { x: x - 1.1 * c, y: frontY - 4, width: 1.1 * c + 4, height: frontH + 8 },
    }]);
  }
  if (at.layers) {
    const y = frontY - (nl - 1) * SHIFT * c - 0.25 * c;
    const bx = x0 + (nl - 1) * SHIFT * c;
    places.push([at.layers, {
      path: `M${x0} ${frontY - 0.25 * c} L${bx} ${y}`,
      text: { x: bx + 4, y: y - 0.2 * c, "text-anchor": "start" },
      hit: { x: x0 - 4, y: y - 1.0 * c, width: Math.max(frontW, 4 * c) + depth * c, height: 1.0 * c + (nl - 1) * SHIFT * c },
    }]);
  }
  if (at.stacks) {
    const y = 0.75 * c;
    const x1 = at.stackX(ns - 1) + stackW * c;
    places.push([at.stacks, {
      path: `M${x0} ${y + 4} v-4 H${x1} v4`,
      text: { x: (x0 + x1) / 2, y: y - 0.2 * c, "text-anchor": "middle" },
      hit: { x: x0 - 4, y: 0, width: x1 - x0 + 8, height: y + 6 },
    }]);
  }
  return places;
}

function ellipsisMark(parent, x, y, text) {
  svgText(parent, { x, y, class: "lad-ellipsis", "text-anchor": "middle", "dominant-baseline": "central" }, text);
}

class Ladder {
  constructor(root) {
    this.root = root;
    const start = rung(3);
    this.state = {
      rank: 3,
      shape: start.shape,
      names: start.names,
      dtype: "float32",
      axis: null, // the axis shown (hovered or focused)
      pinned: null, // the axis clicked / activated
      error: null,
    };
    this.view = buildLadder(root);
    this.announce = announcer(this.view.box);
    this.cells = []; // the drawn cells: {el, key: [stack, layer, row, col], x, y, c}
    this.axisEls = []; // focusable axis labels in the drawing and the readout
    this.overlay = null; // the drawing's layer of highlight outlines
    this.bindRank();
    this.bindInputs();
    this.render();
    onWidthChange(this.view.figure, () => {
      this.axisEls = this.axisEls.filter((el) => !this.view.drawing.root.contains(el)); // the readout's axis buttons stay
      this.drawFigure();
      this.highlight();
    });
  }

  // ----- input -----

  bindRank() {
    const { down, up, slider } = this.view;
    down.addEventListener("click", () => this.setRank(this.state.rank - 1));
    up.addEventListener("click", () => this.setRank(this.state.rank + 1));
    slider.addEventListener("keydown", (event) => {
      const moves = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };
      if (event.key in moves) this.setRank(this.state.rank + moves[event.key]);
      else if (event.key === "Home") this.setRank(0);
      else if (event.key === "End") this.setRank(MAX_RANK);
      else return;
      event.preventDefault();
    });
    slider.addEventListener("pointerdown", (event) => {
      const hit = event.target.closest("[data-rank]");
      if (!hit) return;
      event.preventDefault(); // keep focus handling ours
      slider.focus();
      this.setRank(Number(hit.dataset.rank));
    });
  }

  bindInputs() {
    const { shapeInput, applyButton, dtypeSelect } = this.view;
    applyButton.addEventListener("click", () => this.applyShape());
    onEnter(shapeInput, () => this.applyShape());
    dtypeSelect.addEventListener("change", () => this.setDtype(dtypeSelect.value));
  }

  bindNameField(input) {
    input.addEventListener("change", () => this.renameAxes());
    onEnter(input, () => this.renameAxes());
  }

  bindAxis(el, axis) {
    el.addEventListener("pointerenter", () => this.showAxis(axis));
    el.addEventListener("pointerleave", () => this.showAxis(null));
    el.addEventListener("focus", () => this.showAxis(axis));
    el.addEventListener("blur", () => this.showAxis(null));
    el.addEventListener("click", () => this.pin(axis));
    el.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      if (el.tagName === "BUTTON") return; // a real button clicks by itself
      event.preventDefault();
      this.pin(axis);
    });
    this.axisEls.push(el);
  }

  // ----- what the reader does -----

  setRank(rank) {
    const next = Math.max(0, Math.min(MAX_RANK, rank));
    if (next === this.state.rank && !this.state.error) return;
    const r = rung(next);
    Object.assign(this.state, { rank: next, shape: r.shape, names: r.names, axis: null, pinned: null, error: null });
    this.render();
    const s = summary(this.state.shape, this.state.dtype);
    this.announce(`Rank ${next}, ${r.label}: shape ${s.shape}, ${s.numelWords}, ${s.bytesText} as ${this.state.dtype}.`);
  }

  setDtype(dtype) {
    this.state.dtype = dtype;
    this.render();
    const s = summary(this.state.shape, dtype);
    this.announce(`${dtype}: ${counted(s.elementSize, "byte")} per element, ${s.bytesText} in all.`);
  }

  applyShape() {
    const parsed = parseShape(this.view.shapeInput.value);
    if (!parsed.ok) return this.showError(parsed.error);
    if (parsed.shape.length > MAX_RANK) {
      return this.showError(`The ladder draws ranks 0 to ${MAX_RANK}; ${formatShape(parsed.shape)} has rank ${parsed.shape.length}.`);
    }
    const sameRank = parsed.shape.length === this.state.shape.length;
    Object.assign(this.state, {
      rank: parsed.shape.length,
      shape: parsed.shape,
      names: sameRank ? this.state.names : rung(parsed.shape.length).names,
      axis: null,
      pinned: null,
      error: null,
    });
    this.render();
    const s = summary(this.state.shape, this.state.dtype);
    this.announce(`Shape ${s.shape}: rank ${s.rank}, ${s.numelWords}, ${s.bytesText} as ${this.state.dtype}.`);
  }

  renameAxes() {
    const fields = [...this.view.namesRow.querySelectorAll("[data-name-axis]")];
    const defaults = rung(this.state.rank).names;
    const names = fields.map((field, axis) => field.value.trim() || defaults[axis]);
    const valid = validateNames(names);
    fields.forEach((field, axis) => field.toggleAttribute("aria-invalid", !valid.ok && valid.axis === axis));
    if (!valid.ok) {
      this.reportError(valid.error);
      return;
    }
    const same = names.every((name, axis) => name === this.state.names[axis]);
    if (same && this.state.error === null) return; // e.g. the change event after Enter
    this.state.names = names;
    this.state.error = null;
    this.clearError();
    this.render({ keepNames: true });
    this.announce(`Axes named ${names.join(", ")}.`);
  }

  showError(message) {
    this.view.shapeInput.setAttribute("aria-invalid", "true");
    this.reportError(message);
  }

  reportError(message) {
    const { errorEl } = this.view;
    this.state.error = message;
    errorEl.textContent = message;
    errorEl.hidden = false;
    this.announce(message);
    this.publishState();
  }

  clearError() {
    const { errorEl, shapeInput } = this.view;
    errorEl.hidden = true;
    errorEl.textContent = "";
    shapeInput.removeAttribute("aria-invalid");
  }

  pin(axis) {
    this.state.pinned = this.state.pinned === axis ? null : axis;
    this.state.axis = axis;
    this.highlight();
  }

  showAxis(axis) {
    this.state.axis = axis;
    this.highlight();
  }

  // ----- drawing from the state -----

  render({ keepNames = false } = {}) {
    this.axisEls = [];
    if (!keepNames) this.drawNames();
    this.clearError();
    this.state.error = null;
    this.drawControls();
    this.drawReadout();
    this.drawFigure();
    this.describe();
    this.highlight();
  }

  drawControls() {
    const { shapeInput, dtypeSelect, slider, rungs, down, up } = this.view;
    const { rank, shape, dtype } = this.state;
    shapeInput.value = formatShape(shape);
    dtypeSelect.value = dtype;
    slider.setAttribute("aria-valuenow", String(rank));
    slider.setAttribute("aria-valuetext", `rank ${rank}, ${rung(rank).label}`);
    rungs.forEach((el, r) => el.classList.toggle("lad__rung--on", r === rank));
    down.disabled = rank === 0;
    up.disabled = rank === MAX_RANK;
  }

  drawNames() {
    const { namesRow } = this.view;
    namesRow.replaceChildren();
    if (this.state.rank === 0) {
      html("p", { class: "lad__none", text: "A scalar has no axes to name." }, namesRow);
      return;
    }
    this.state.names.forEach((name, axis) => {
      const label = html("label", { class: "book-widget__field" }, namesRow);
      html("span", { text: `axis ${axis}` }, label);
      const input = html("input", { type: "text", value: name, "data-name-axis": String(axis), spellcheck: "false", autocomplete: "off", size: "9" }, label);
      this.bindNameField(input);
    });
  }

  drawReadout() {
    const { shapeLine, countLine, bytesLine } = this.view;
    const { shape, names, dtype } = this.state;
    const s = summary(shape, dtype);
    shapeLine.replaceChildren();
    shapeLine.append("shape [");
    shape.forEach((length, axis) => {
      if (axis) shapeLine.append(", ");
      const b = html("button", {
        type: "button", class: "lad__axis", "data-axis": String(axis),
        "aria-label": this.axisAria(axis, true), "aria-pressed": "false",
      }, shapeLine);
      html("span", { text: String(length) }, b);
      b.append(" ");
      html("span", { class: "lad__axis-name", text: names[axis] }, b);
      this.bindAxis(b, axis);
    });
    shapeLine.append(`]  rank ${s.rank}`);
    countLine.textContent = `elements: ${s.product}`;
    bytesLine.textContent = `bytes: ${s.numelText} × ${s.elementSize} (${dtype}) = ${s.bytesText}${BigInt(s.bytes) >= 1024n ? ` ≈ ${s.human}` : ""}`;
  }

  describe() {
    const { rank, shape, names, dtype } = this.state;
    const s = summary(shape, dtype);
    const named = shape.map((n, k) => `${names[k]} ${n}`).join(", ");
    this.view.drawing.setDescription(
      rank === 0
        ? `Rank 0: a single dot, one ${dtype} number, ${s.bytesText}.`
        : `Rank ${s.rank}, ${rung(rank).label}, shape ${s.shape} (${named}): ${s.numelWords}, ${s.bytesText} as ${dtype}. Long axes are drawn shortened with an ellipsis.`,
    );
  }

  drawFigure() {
    const { drawing, figure } = this.view;
    const plot = drawing.root;
    drawing.clear();
    this.cells = [];
    const plan = drawingPlan(this.state.shape);
    const at = layout(plan, figure.clientWidth);
    plot.setAttribute("viewBox", `0 0 ${at.W.toFixed(1)} ${at.H.toFixed(1)}`);
    plot.style.maxWidth = `${Math.round(at.W * 1.3)}px`; // natural size on wide screens, shrinks on narrow ones
    plot.style.setProperty("--lad-font", `${at.font.toFixed(1)}px`);
    const cellsLayer = svg("g", { class: "lad-cells" }, plot);
    this.overlay = svg("g", { class: "lad-overlay", "aria-hidden": "true" }, plot);
    const labels = svg("g", { class: "lad-labels" }, plot);
    if (plan.rank === 0) {
      const dot = svg("circle", { cx: at.W / 2, cy: at.H / 2 - 8, r: Math.min(at.c, 30) * 0.45, class: "lad-dot" }, cellsLayer);
      this.cells.push({ el: dot, key: [0, 0, 0, 0] });
      svgText(labels, { x: at.W / 2, y: at.H / 2 + 26, "text-anchor": "middle", class: "lad-note" }, "one number, no axes");
      return;
    }
    const empty = this.state.shape.includes(0);
    for (let s = 0; s < at.ns; s += 1) this.drawStack(cellsLayer, at, s, empty);
    if (at.stacks?.ellipsis) ellipsisMark(cellsLayer, at.stackX(at.ns) - 0.3 * at.c, at.frontY + (at.nr / 2) * at.c, "⋯");
    if (empty) svgText(labels, { x: at.W / 2, y: at.H - 4, "text-anchor": "middle", class: "lad-note" }, "a length of 0: no elements at all");
    for (const [axis, place] of axisLabelPlaces(at)) this.drawAxisLabel(labels, axis, place);
  }

  // One stack of layers, back to front, so that each layer hides the ones behind.
  drawStack(parent, at, s, empty) {
    const { c, nc, nr, nl } = at;
    for (let l = nl - 1; l >= 0; l -= 1) {
      const lx = at.stackX(s) + l * SHIFT * c;
      const ly = at.frontY - l * SHIFT * c;
      const layer = svg("g", { class: `lad-layer lad-layer--${Math.min(l, 3)}` }, parent);
      if (!empty) svg("rect", { x: lx, y: ly, width: nc * c, height: nr * c, class: "lad-backing" }, layer);
      for (let r = 0; r < nr; r += 1) {
        for (let k = 0; k < nc; k += 1) this.drawCell(layer, at, [s, l, r, k], lx + k * c, ly + r * c, empty);
      }
    }
    if (at.layers?.ellipsis) {
      ellipsisMark(parent, at.stackX(s) + (nc + (nl - 1) * SHIFT + 0.45) * c, at.frontY - ((nl - 1) * SHIFT + 0.35) * c, "⋰");
    }
  }

  // A cell, or a gap where the cells of a shortened axis are not drawn.
  drawCell(layer, at, key, x, y, empty) {
    const { c } = at;
    const ellipsisCol = at.cols?.ellipsis && key[3] === at.nc - 1;
    const ellipsisRow = at.rows?.ellipsis && key[2] === at.nr - 1;
    if (ellipsisCol || ellipsisRow) {
      svg("rect", { x, y, width: c, height: c, class: "lad-gap" }, layer);
      if (key[1] !== 0) return; // only the front layer shows the ellipsis marks
      ellipsisMark(layer, x + c / 2, y + c / 2, ellipsisCol && ellipsisRow ? "⋱" : ellipsisCol ? "⋯" : "⋮");
      return;
    }
    const rect = svg("rect", { x, y, width: c, height: c, class: `lad-cell${empty ? " lad-cell--empty" : ""}` }, layer);
    this.cells.push({ el: rect, key, x, y, c });
  }

  // One focusable label per axis.
  drawAxisLabel(parent, axis, place) {
    const g = svg("g", {
      class: "lad-axis", tabindex: "0", role: "button", "data-axis": String(axis.axis),
      "aria-label": this.axisAria(axis.axis), "aria-pressed": String(this.state.pinned === axis.axis),
    }, parent);
    svg("rect", { ...place.hit, class: "lad-axis__hit" }, g);
    svg("path", { d: place.path, class: "lad-axis__line" }, g);
    svgText(g, { ...place.text, class: "lad-axis__text" }, `${this.state.names[axis.axis]}: ${axis.length}`);
    this.bindAxis(g, axis.axis);
  }

  // Accessible names start with the visible text (a length and a name), then the slice.
  axisAria(axis, lengthFirst = false) {
    const slice = axisSlice(this.state.shape, this.state.names, axis);
    const visible = lengthFirst ? `${slice.length} ${slice.name}` : `${slice.name}: ${slice.length}`;
    return `${visible}, axis ${axis}: ${slice.expression} has shape ${formatShape(slice.sliceShape)}`;
  }

  // The highlight: the cells of the slice along the shown axis (other indices at 0).
  highlight() {
    const axis = this.state.axis ?? this.state.pinned;
    this.highlightCells(axis);
    for (const el of this.axisEls) {
      const mine = Number(el.dataset.axis);
      el.classList.toggle("lad-axis--on", mine === axis);
      el.setAttribute("aria-pressed", String(this.state.pinned === mine));
    }
    this.drawSlice(axis);
    this.publishState();
  }

  highlightCells(axis) {
    const plan = this.state.rank ? drawingPlan(this.state.shape) : null;
    const roleOf = axis === null || !plan ? null : plan.axes[axis].role;
    this.overlay?.replaceChildren();
    for (const { el, key, x, y, c } of this.cells) {
      const on = roleOf !== null && key.every((value, k) => k === CELL_KEY[roleOf] || value === 0);
      el.classList.toggle("lad-cell--hl", on);
      if (on && this.overlay && x !== undefined) {
        svg("rect", { x, y, width: c, height: c, class: `lad-hl${key[1] > 0 ? " lad-hl--behind" : ""}` }, this.overlay);
      }
    }
  }

  drawSlice(axis) {
    const { sliceLine } = this.view;
    if (axis === null) {
      sliceLine.textContent = this.state.rank
        ? "Point at or focus an axis (in the drawing or in the shape above) to see the slice along it."
        : "A scalar has no axes: x itself is the one number.";
      return;
    }
    const slice = axisSlice(this.state.shape, this.state.names, axis);
    const others = slice.fixed.length ? ` with ${slice.fixed.join(", ")} fixed` : "";
    sliceLine.replaceChildren();
    html("code", { text: slice.expression }, sliceLine);
    sliceLine.append(` walks along axis ${axis} (${slice.name})${others}: shape `);
    html("code", { text: formatShape(slice.sliceShape) }, sliceLine);
    sliceLine.append(`, ${counted(slice.length, "value")}.`);
  }

  publishState() {
    const { state } = this;
    const s = summary(state.shape, state.dtype);
    const axis = state.axis ?? state.pinned;
    const slice = axis === null ? null : axisSlice(state.shape, state.names, axis);
    publish(this.root, {
      rank: state.rank,
      shape: state.shape,
      names: state.names,
      dtype: state.dtype,
      numel: s.numel,
      bytes: s.bytes,
      elementSize: s.elementSize,
      axis,
      pinned: state.pinned,
      expression: slice?.expression ?? null,
      sliceShape: slice?.sliceShape ?? null,
      error: state.error,
    });
  }
}
