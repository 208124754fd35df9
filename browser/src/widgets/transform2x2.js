// transform2x2: drag where i-hat and j-hat land (the columns of M) and watch the
// plane move. Shows a fixed grid under the transformed grid, the unit square and
// a letter F after M, a probe v and M v, the determinant as the signed area with an
// orientation arc, the line (or point) the plane collapses onto when det = 0, a
// slider from the identity to M, presets, and the state in the URL hash (#m=a,b,c,d&v=x,y).
// Every number comes from transform2x2-math.js.

import "./transform2x2.css";
import { announcer, button, describedSvg, html, prefersReducedMotion, publish, svg, svgText } from "./svg.js";
import {
  COARSE_STEP,
  DEFAULT_MATRIX,
  DEFAULT_PROBE,
  DRAG_SNAP,
  LETTER_F,
  LIMIT,
  PRESETS,
  STEP,
  clamp,
  clean,
  columns,
  describe,
  format,
  formatHash,
  fromColumns,
  interpolate,
  mayReplaceHash,
  nudge,
  orientationArc,
  parseHash,
  snap,
  transformPoints,
  unitSquare,
} from "./transform2x2-math.js";

const UNIT = 40; // SVG units per unit of the plane
const VIEW = 4.5; // the plane shown: [-VIEW, VIEW] on both axes
const GRID_REACH = 12; // transformed grid lines run from -GRID_REACH to GRID_REACH (clipped)
const MORPH_MS = 700; // a preset morphs from the identity to M over this long (none with reduced motion)
const HASH_DELAY_MS = 300; // the URL is written at most this often (browsers limit replaceState)
const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
const ENTRIES = [["M[0, 0]", "î x"], ["M[0, 1]", "ĵ x"], ["M[1, 0]", "î y"], ["M[1, 1]", "ĵ y"]];

const sx = (x) => x * UNIT;
const sy = (y) => -y * UNIT;
const pointsAttr = (points) => points.map(([x, y]) => `${sx(x)},${sy(y)}`).join(" ");
const pair = ([x, y]) => `(${format(x)}, ${format(y)})`;
const factor = (x) => (x < 0 ? `(${format(x)})` : format(x)); // 2·(−1), not 2·−1
const matrixText = (m) => `[[${format(m[0])}, ${format(m[1])}], [${format(m[2])}, ${format(m[3])}]]`;

let instances = 0;

export function mount(root) {
  new Transform2x2(root);
}

function verdict(info) {
  if (info.rank === 0) return "Not invertible: every point lands on the origin.";
  if (info.rank === 1) return `Not invertible: the plane collapses onto the line through the origin and ${pair(info.along)}.`;
  return info.sign > 0
    ? `Areas are multiplied by ${format(info.area)}; orientation kept.`
    : `Areas are multiplied by ${format(info.area)}; orientation flipped.`;
}

// ----- the DOM: the plane (three layers) and the panel -----

function buildTransform(root, uid) {
  const box = html("div", { class: "t2x2" }, root);
  const hintId = `${uid}-hint`;
  html("p", {
    class: "t2x2__hint",
    id: hintId,
    text: "Drag the tips of î and ĵ (the columns of M) or the probe v, or focus a dot and use the arrow keys (Shift + arrow: steps of 1). You can also type the entries.",
  }, box);
  const layout = html("div", { class: "t2x2__layout" }, box);
  const figure = html("div", { class: "t2x2__figure" }, layout);
  const drawing = describedSvg(figure, {
    viewBox: `${-VIEW * UNIT} ${-VIEW * UNIT} ${2 * VIEW * UNIT} ${2 * VIEW * UNIT}`,
    title: "The plane before and after the matrix M",
    label: "",
  });
  drawing.root.classList.add("t2x2__svg");
  drawing.root.setAttribute("role", "group"); // it holds focusable handles, so it is not one flat image
  buildDefs(drawing.root, uid);
  buildBackground(drawing.root);
  const moved = buildMoved(drawing.root, uid);
  const handles = buildHandles(drawing.root, hintId);
  const panel = html("div", { class: "t2x2__panel" }, layout);
  return { box, drawing, moved, handles, ...buildEntries(panel), ...buildReadout(panel), ...buildSlider(panel), ...buildPresets(panel) };
}

// The clip of the view, and arrowheads, one per colour.
function buildDefs(plot, uid) {
  const defs = svg("defs", {}, plot);
  const clip = svg("clipPath", { id: `${uid}-clip` }, defs);
  svg("rect", { x: -VIEW * UNIT, y: -VIEW * UNIT, width: 2 * VIEW * UNIT, height: 2 * VIEW * UNIT }, clip);
  for (const name of ["i", "j", "v", "mv", "arc"]) {
    const marker = svg("marker", {
      id: `${uid}-head-${name}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4.5, markerHeight: 4.5, orient: "auto-start-reverse",
    }, defs);
    svg("path", { d: "M0,0 L10,5 L0,10 z", class: `t2x2-head t2x2-head--${name}` }, marker);
  }
}

// Layer 1: the fixed background grid and axes.
function buildBackground(plot) {
  const background = svg("g", { class: "t2x2-background", "aria-hidden": "true" }, plot);
  for (let k = -Math.floor(VIEW); k <= Math.floor(VIEW); k += 1) {
    const cls = k === 0 ? "t2x2-axis" : "t2x2-bggrid";
    svg("line", { x1: sx(k), y1: sy(-VIEW), x2: sx(k), y2: sy(VIEW), class: cls }, background);
    svg("line", { x1: sx(-VIEW), y1: sy(k), x2: sx(VIEW), y2: sy(k), class: cls }, background);
  }
}

// Layer 2: everything M moves, clipped to the view.
function buildMoved(plot, uid) {
  const moved = svg("g", { "clip-path": `url(#${uid}-clip)`, "aria-hidden": "true" }, plot);
  const gridLines = [];
  for (let k = -GRID_REACH; k <= GRID_REACH; k += 1) {
    for (const vertical of [true, false]) {
      gridLines.push({ k, vertical, el: svg("line", { class: k === 0 ? "t2x2-grid t2x2-grid--axis" : "t2x2-grid" }, moved) });
    }
  }
  const vector = (name) => svg("line", { class: `t2x2-vec t2x2-vec--${name}`, x1: 0, y1: 0, "marker-end": `url(#${uid}-head-${name})` }, moved);
  const shapes = {
    gridLines,
    square: svg("polygon", { class: "t2x2-square" }, moved),
    letter: svg("polygon", { class: "t2x2-f" }, moved),
    collapseLine: svg("line", { class: "t2x2-collapse" }, moved),
    collapsePoint: svg("circle", { class: "t2x2-collapse", r: 6, cx: 0, cy: 0 }, moved),
    arcCasing: svg("path", { class: "t2x2-arc-casing" }, moved), // a band of page colour: the arc reads across the F
    arc: svg("path", { class: "t2x2-arc", "marker-end": `url(#${uid}-head-arc)` }, moved),
  };
  shapes.arrows = { v: vector("v"), mv: vector("mv"), i: vector("i"), j: vector("j") };
  shapes.labels = {};
  for (const [name, text] of [["i", "î"], ["j", "ĵ"], ["v", "v"], ["mv", "Mv"], ["det", ""]]) {
    shapes.labels[name] = svgText(moved, { class: `t2x2-label t2x2-label--${name}`, "text-anchor": "middle", "dominant-baseline": "middle" }, text);
  }
  return shapes;
}

// Layer 3: the draggable, focusable handles.
function buildHandles(plot, hintId) {
  const handles = {};
  for (const [name, label] of [["v", "Probe vector v"], ["i", "Tip of î: column 0 of M"], ["j", "Tip of ĵ: column 1 of M"]]) {
    const g = svg("g", {
      class: `t2x2-handle t2x2-handle--${name}`, tabindex: 0, role: "slider", "aria-label": label, "aria-describedby": hintId,
      "aria-valuemin": -LIMIT, "aria-valuemax": LIMIT, "data-handle": name,
    }, plot);
    svg("circle", { class: "t2x2-handle__hit", r: 18 }, g);
    svg("circle", { class: "t2x2-handle__dot", r: 8 }, g);
    handles[name] = g;
  }
  return handles;
}

function buildEntries(panel) {
  const fieldset = html("fieldset", { class: "t2x2__matrix" }, panel);
  html("legend", { text: "Matrix M (its columns are î and ĵ after M)" }, fieldset);
  const grid = html("div", { class: "t2x2__entries" }, fieldset);
  const inputs = ENTRIES.map(([index, short], k) => {
    const label = html("label", { class: `t2x2__entry t2x2__entry--${k % 2 === 0 ? "i" : "j"}` }, grid);
    const name = html("span", { class: "t2x2__entry-name" }, label);
    html("span", { class: "t2x2__sr", text: `${index}, ` }, name);
    name.append(short);
    return html("input", { type: "number", step: STEP, min: -LIMIT, max: LIMIT, inputmode: "decimal", "data-entry": k }, label);
  });
  return { inputs };
}

function buildReadout(panel) {
  const readout = html("div", { class: "t2x2__readout" }, panel);
  return {
    columnsLine: html("p", {}, readout),
    detLine: html("p", { class: "t2x2__det" }, readout),
    statusLine: html("p", { class: "t2x2__status" }, readout),
    probeLine: html("p", {}, readout),
    shownLine: html("p", { class: "t2x2__shown" }, readout),
  };
}

function buildSlider(panel) {
  const sliderLabel = html("label", { class: "t2x2__slider" }, panel);
  const sliderText = html("span", {}, sliderLabel);
  const slider = html("input", { type: "range", min: 0, max: 1, step: 0.01, value: 1 }, sliderLabel);
  return { sliderText, slider };
}

function buildPresets(panel) {
  const group = html("div", { class: "t2x2__presets", role: "group", "aria-label": "Preset matrices" }, panel);
  const presets = Object.entries(PRESETS).map(([key, preset]) => [key, button(group, preset.label, { "data-preset": key })]);
  return { presets };
}

class Transform2x2 {
  constructor(root) {
    instances += 1;
    this.root = root;
    this.uid = `t2x2-${instances}-${Math.random().toString(36).slice(2, 7)}`;
    const fromHash = parseHash(window.location.hash);
    this.state = {
      m: fromHash ? fromHash.matrix : [...DEFAULT_MATRIX],
      v: fromHash?.v ?? [...DEFAULT_PROBE],
      t: 1,
    };
    this.view = buildTransform(root, this.uid);
    this.announce = announcer(this.view.box);
    this.morph = null; // the animation frame of a preset's morph
    this.hashTimer = null;
    this.previous = null; // the last update's numbers, to announce key moments only
    this.bindEntries();
    this.bindControls();
    this.bindHandles();
    this.bindHash();
    this.update({ quiet: true, record: false }); // loading the page writes nothing to its URL
    // A link to a state (#m=...) is not an anchor the browser can scroll to: bring the widget into view.
    if (fromHash) requestAnimationFrame(() => this.view.box.scrollIntoView({ block: "center" }));
  }

  // ----- input -----

  bindEntries() {
    this.view.inputs.forEach((input, k) => {
      input.addEventListener("input", () => {
        const value = Number(input.value);
        if (input.value.trim() === "" || !Number.isFinite(value)) return; // half-typed: wait
        this.stopMorph();
        this.state.m[k] = clamp(clean(value));
        this.state.t = 1;
        this.update({ skipInput: input });
      });
      input.addEventListener("change", () => this.update());
    });
  }

  bindControls() {
    const { slider, presets } = this.view;
    slider.addEventListener("input", () => {
      this.stopMorph();
      this.state.t = clean(Number(slider.value));
      this.update();
    });
    for (const [key, element] of presets) element.addEventListener("click", () => this.applyPreset(key));
  }

  bindHandles() {
    for (const [name, g] of Object.entries(this.view.handles)) {
      g.addEventListener("keydown", (event) => {
        const move = KEYS[event.key];
        if (!move) return;
        event.preventDefault();
        const from = name === "v" ? this.state.v : columns(this.state.m)[name === "i" ? 0 : 1];
        this.moveHandle(name, nudge(from, move[0], move[1], event.shiftKey ? COARSE_STEP : STEP));
      });
      g.addEventListener("pointerdown", (event) => this.drag(name, g, event));
    }
  }

  // A handle follows the pointer until it is let go; the URL records where it ends.
  drag(name, g, event) {
    if (event.button !== 0) return;
    event.preventDefault();
    g.setPointerCapture?.(event.pointerId);
    g.classList.add("t2x2-handle--dragging");
    g.focus({ preventScroll: true });
    const onMove = (e) => this.moveHandle(name, this.toPlane(e));
    const onUp = () => {
      g.classList.remove("t2x2-handle--dragging");
      g.removeEventListener("pointermove", onMove);
      g.removeEventListener("pointerup", onUp);
      g.removeEventListener("pointercancel", onUp);
      this.writeHash(true);
    };
    g.addEventListener("pointermove", onMove);
    g.addEventListener("pointerup", onUp);
    g.addEventListener("pointercancel", onUp);
  }

  toPlane(event) {
    const plot = this.view.drawing.root;
    const point = plot.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(plot.getScreenCTM().inverse());
    return [snap(local.x / UNIT, DRAG_SNAP), snap(-local.y / UNIT, DRAG_SNAP)];
  }

  // The URL hash: only ever read when it is ours (#m=...), so a heading anchor never
  // changes the widget; written after the reader changes something (see mayReplaceHash).
  bindHash() {
    const onHashChange = () => {
      if (!this.root.isConnected) return window.removeEventListener("hashchange", onHashChange);
      const parsed = parseHash(window.location.hash);
      if (!parsed) return;
      this.stopMorph();
      this.state.m = parsed.matrix;
      if (parsed.v) this.state.v = parsed.v;
      this.state.t = 1;
      this.update();
    };
    window.addEventListener("hashchange", onHashChange);
  }

  writeHash(now = false) {
    clearTimeout(this.hashTimer);
    if (now) this.replaceHash();
    else this.hashTimer = setTimeout(() => this.replaceHash(), HASH_DELAY_MS);
  }

  replaceHash() {
    if (!this.root.isConnected) return; // Material's instant navigation has moved on
    const hash = window.location.hash;
    let target = null;
    try {
      target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    } catch {
      target = null;
    }
    if (!mayReplaceHash(hash, target?.matches("h1, h2, h3, h4, h5, h6"))) return;
    const next = formatHash(this.state.m, this.state.v);
    if (hash === next) return;
    history.replaceState(history.state, "", `${window.location.pathname}${window.location.search}${next}`);
  }

  // ----- what the reader does -----

  stopMorph() {
    if (this.morph) cancelAnimationFrame(this.morph);
    this.morph = null;
  }

  applyPreset(key) {
    this.stopMorph();
    const preset = PRESETS[key];
    this.state.m = [...preset.matrix];
    const finish = () => {
      this.morph = null; // (so the update below records the preset in the URL)
      this.state.t = 1;
      this.update({ quiet: true });
      const info = describe(this.state.m, 1, this.state.v);
      this.announce(`${preset.label}: M = ${matrixText(this.state.m)}, det = ${format(info.det)}. ${verdict(info)}`);
    };
    if (prefersReducedMotion()) return finish();
    const started = performance.now();
    const frame = (now) => {
      // a frame's timestamp can predate the click that started the morph: never below 0
      const t = Math.min(1, Math.max(0, (now - started) / MORPH_MS));
      if (t >= 1) return finish();
      this.state.t = clean(Math.round(t * 100) / 100);
      this.update({ quiet: true });
      this.morph = requestAnimationFrame(frame);
    };
    this.state.t = 0;
    this.update({ quiet: true });
    this.morph = requestAnimationFrame(frame);
  }

  // Where a handle is now, and how a new position changes the state.
  handlePoint(name) {
    const [i, j] = columns(interpolate(this.state.m, this.state.t));
    return name === "i" ? i : name === "j" ? j : this.state.v;
  }

  moveHandle(name, point) {
    this.stopMorph();
    if (name === "v") {
      this.state.v = point;
    } else {
      this.state.t = 1;
      const [i, j] = columns(this.state.m);
      this.state.m = name === "i" ? fromColumns(point, j) : fromColumns(i, point);
    }
    this.update();
  }

  // ----- drawing from the state -----

  update({ skipInput = null, quiet = false, record = true } = {}) {
    const info = describe(this.state.m, this.state.t, this.state.v);
    this.drawPlane(info);
    this.drawHandles();
    this.drawEntries(skipInput);
    this.drawReadout(info);
    this.describe(info);
    if (!quiet) this.announceChange(info);
    this.previous = info;
    publish(this.root, { ...info, hash: formatHash(this.state.m, this.state.v) });
    if (record && !this.morph) this.writeHash();
  }

  drawPlane(info) {
    const { moved } = this.view;
    const shown = info.shown;
    for (const { k, vertical, el } of moved.gridLines) {
      const ends = vertical ? [[k, -GRID_REACH], [k, GRID_REACH]] : [[-GRID_REACH, k], [GRID_REACH, k]];
      const [p, q] = transformPoints(shown, ends);
      el.setAttribute("x1", sx(p[0]));
      el.setAttribute("y1", sy(p[1]));
      el.setAttribute("x2", sx(q[0]));
      el.setAttribute("y2", sy(q[1]));
    }
    moved.square.setAttribute("points", pointsAttr(unitSquare(shown)));
    moved.square.classList.toggle("t2x2-square--flipped", info.sign < 0);
    moved.letter.setAttribute("points", pointsAttr(transformPoints(shown, LETTER_F)));
    this.drawCollapse(info);
    this.drawArc(info);
    this.drawArrows(info);
    this.drawLabels(info);
  }

  // The line (rank 1) or the point (rank 0) the plane collapses onto.
  drawCollapse(info) {
    const { collapseLine, collapsePoint } = this.view.moved;
    collapseLine.style.display = info.rank === 1 ? "" : "none";
    collapsePoint.style.display = info.rank === 0 ? "" : "none";
    if (info.rank !== 1) return;
    const [dx, dy] = info.direction;
    const reach = 3 * VIEW;
    collapseLine.setAttribute("x1", sx(-reach * dx));
    collapseLine.setAttribute("y1", sy(-reach * dy));
    collapseLine.setAttribute("x2", sx(reach * dx));
    collapseLine.setAttribute("y2", sy(reach * dy));
  }

  // The orientation arc from î to ĵ, when there is an angle to turn through.
  drawArc(info) {
    const { arc, arcCasing } = this.view.moved;
    const orientation = orientationArc(info.shown);
    arc.style.display = orientation ? "" : "none";
    arcCasing.style.display = arc.style.display;
    if (!orientation) return;
    const [i, j] = info.columns;
    const radius = Math.min(0.9, Math.max(0.3, 0.4 * Math.min(Math.hypot(...i), Math.hypot(...j))));
    const end = orientation.start + orientation.sweep;
    const a = [radius * Math.cos(orientation.start), radius * Math.sin(orientation.start)];
    const b = [radius * Math.cos(end), radius * Math.sin(end)];
    // Screen y points down, so counter-clockwise on the page is SVG's sweep-flag 0.
    const d = `M${sx(a[0])},${sy(a[1])} A${radius * UNIT},${radius * UNIT} 0 0 ${orientation.sweep > 0 ? 0 : 1} ${sx(b[0])},${sy(b[1])}`;
    arc.setAttribute("d", d);
    arcCasing.setAttribute("d", d);
    arc.classList.toggle("t2x2-arc--flipped", orientation.sweep < 0);
  }

  drawArrows(info) {
    const { arrows } = this.view.moved;
    const [i, j] = info.columns;
    // An arrow from the origin to `tip`; `gap` SVG units short of it when a handle sits on the tip.
    const arrow = (line, tip, gap = 0) => {
      const length = Math.hypot(...tip) * UNIT;
      const keep = length > 2 * gap ? (length - gap) / length : 1;
      line.setAttribute("x2", sx(tip[0] * keep));
      line.setAttribute("y2", sy(tip[1] * keep));
      line.style.display = length < 1e-6 ? "none" : "";
    };
    arrow(arrows.i, i, 9);
    arrow(arrows.j, j, 9);
    arrow(arrows.v, info.v, 9);
    arrow(arrows.mv, info.mv);
  }

  drawLabels(info) {
    const { labels } = this.view.moved;
    const [i, j] = info.columns;
    const place = (label, tip, fallback) => {
      const length = Math.hypot(...tip);
      const [ux, uy] = length < 1e-9 ? fallback : [tip[0] / length, tip[1] / length];
      label.setAttribute("x", sx(clamp(tip[0] + 0.35 * ux, VIEW - 0.3)));
      label.setAttribute("y", sy(clamp(tip[1] + 0.35 * uy, VIEW - 0.3)));
    };
    place(labels.i, i, [1, -1]);
    place(labels.j, j, [-1, 1]);
    place(labels.v, info.v, [-1, -1]);
    place(labels.mv, info.mv, [1, 1]);
    const centre = unitSquare(info.shown).reduce((s, p) => [s[0] + p[0] / 4, s[1] + p[1] / 4], [0, 0]);
    labels.det.textContent = `det ${format(info.det)}`;
    labels.det.setAttribute("x", sx(clamp(centre[0], VIEW - 1)));
    labels.det.setAttribute("y", sy(clamp(centre[1], VIEW - 0.3)) - 14);
  }

  drawHandles() {
    for (const [name, g] of Object.entries(this.view.handles)) {
      const p = this.handlePoint(name);
      g.setAttribute("transform", `translate(${sx(clamp(p[0], VIEW))},${sy(clamp(p[1], VIEW))})`);
      g.setAttribute("aria-valuenow", p[0]);
      g.setAttribute("aria-valuetext", `x ${format(p[0])}, y ${format(p[1])}`);
    }
  }

  // The entry being typed in keeps what the reader typed.
  drawEntries(skipInput) {
    this.view.inputs.forEach((input, k) => {
      if (input === skipInput) return;
      const text = String(clean(this.state.m[k]));
      if (input.value !== text) input.value = text;
    });
  }

  drawReadout(info) {
    const { columnsLine, detLine, statusLine, probeLine, shownLine, sliderText, slider } = this.view;
    const { m, t } = this.state;
    const shown = info.shown;
    const [i, j] = info.columns;
    columnsLine.textContent = `î lands on ${pair(i)} and ĵ lands on ${pair(j)}: the columns of M.`;
    detLine.textContent =
      `det M = ${factor(shown[0])}·${factor(shown[3])} − ${factor(shown[1])}·${factor(shown[2])} = ${format(info.det)}` +
      (info.rank === 2
        ? `: the unit square's area becomes ${format(info.area)}, and î → ĵ turns ${info.orientation}${info.sign < 0 ? " (flipped)" : ""}.`
        : ": the unit square has no area left.");
    statusLine.textContent = info.rank === 2 ? "Invertible: M can be undone." : verdict(info);
    statusLine.classList.toggle("t2x2__status--singular", info.rank < 2);
    probeLine.textContent = `v = ${pair(info.v)}, so M v = ${factor(info.v[0])}·${pair(i)} + ${factor(info.v[1])}·${pair(j)} = ${pair(info.mv)}.`;
    shownLine.textContent = t === 1 ? "" : `Showing (1 − t)·I + t·M at t = ${format(t)}: ${matrixText(shown)}; M itself is ${matrixText(m)}.`;
    shownLine.hidden = t === 1;
    sliderText.textContent = `From the identity (t = 0) to M (t = 1): t = ${format(t)}`;
    if (Number(slider.value) !== t) slider.value = String(t);
    slider.setAttribute("aria-valuetext", `t = ${format(t)}`);
  }

  describe(info) {
    const { t } = this.state;
    const [i, j] = info.columns;
    this.view.drawing.setDescription(
      `Fixed grid with the grid moved by ${t === 1 ? "M" : `the in-between matrix at t = ${format(t)}`} ` +
        `${matrixText(info.shown)} on top. î lands on ${pair(i)}, ĵ on ${pair(j)}. ` +
        `The unit square becomes a parallelogram of signed area ${format(info.det)}` +
        (info.rank === 2 ? `; the arc from î to ĵ turns ${info.orientation}. ` : ". ") +
        (info.rank < 2 ? `${verdict(info)} ` : "") +
        `The letter F is drawn ${info.sign < 0 ? "mirrored" : info.rank < 2 ? "flattened" : "unmirrored"}. v = ${pair(info.v)} goes to M v = ${pair(info.mv)}.`,
    );
  }

  // Key moments only: the determinant changes sign, or reaches or leaves 0.
  announceChange(info) {
    const previous = this.previous;
    if (!previous || (previous.sign === info.sign && previous.rank === info.rank)) return;
    if (info.rank < 2) this.announce(`det = 0. ${verdict(info)}`);
    else if (previous.rank < 2) this.announce(`det = ${format(info.det)}: invertible again, orientation ${info.sign > 0 ? "kept" : "flipped"}.`);
    else this.announce(`det = ${format(info.det)}: orientation ${info.sign > 0 ? "kept again" : "flipped"}; î → ĵ now turns ${info.orientation}.`);
  }
}
