// transform2x2: drag where i-hat and j-hat land (the columns of M) and watch the
// plane move. Shows a fixed grid under the transformed grid, the unit square and
// a letter F after M, a probe v and M v, the determinant as the signed area with an
// orientation arc, the line (or point) the plane collapses onto when det = 0, a
// slider from the identity to M, presets, and the state in the URL hash (#m=a,b,c,d&v=x,y).
// The view zooms out to keep the transformed square, î, ĵ, v and M v in sight (its scale
// is labelled on the axes and under the drawing). An entry the widget cannot take is
// never changed behind the reader's back: it stays as typed, and a message says why.
// Every number comes from transform2x2-math.js.

import "./transform2x2.css";
import { announcer, button, describedSvg, html, prefersReducedMotion, publish, svg, svgText } from "./svg.js";
import {
  BASE_HALF,
  COARSE_STEP,
  DEFAULT_MATRIX,
  DEFAULT_PROBE,
  DRAG_SNAP,
  HASH_PREFIX,
  LETTER_F,
  LIMIT,
  PRESETS,
  STEP,
  clamp,
  clean,
  columns,
  describe,
  entryProblem,
  fitView,
  format,
  formatHash,
  fromColumns,
  interpolate,
  mayReplaceHash,
  nudge,
  orientationArc,
  parseHash,
  RANGE_TEXT,
  readEntry,
  scaleText,
  snap,
  transformPoints,
  unitSquare,
} from "./transform2x2-math.js";

const HALF = 180; // the drawing's half-width in SVG units, whatever part of the plane it shows
const GRID_REACH = 12; // transformed grid lines: 12 grid steps each side of 0 (clipped)
const MORPH_MS = 700; // a preset morphs from the identity to M over this long (none with reduced motion)
const HASH_DELAY_MS = 300; // the URL is written at most this often (browsers limit replaceState)
const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
const ENTRIES = [["M[0, 0]", "î x"], ["M[0, 1]", "ĵ x"], ["M[1, 0]", "î y"], ["M[1, 1]", "ĵ y"]];

const pair = ([x, y]) => `(${format(x)}, ${format(y)})`;
const factor = (x) => (x < 0 ? `(${format(x)})` : format(x)); // 2·(−1), not 2·−1
const matrixText = (m) => `[[${format(m[0])}, ${format(m[1])}], [${format(m[2])}, ${format(m[3])}]]`;

let instances = 0;

// How the plane maps onto the drawing for a view of fitView: `unit` SVG units per unit of the plane.
function frameFor(view) {
  const unit = HALF / view.half;
  const sx = (x) => x * unit;
  const sy = (y) => -y * unit;
  return { ...view, unit, sx, sy, points: (points) => points.map(([x, y]) => `${sx(x)},${sy(y)}`).join(" ") };
}

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
    text: `Drag the tips of î and ĵ (the columns of M) or the probe v, or focus a dot and use the arrow keys (Shift + arrow: steps of 1). You can also type the entries, from ${RANGE_TEXT}.`,
  }, box);
  const layout = html("div", { class: "t2x2__layout" }, box);
  const figure = html("div", { class: "t2x2__figure" }, layout);
  const drawing = describedSvg(figure, {
    viewBox: `${-HALF} ${-HALF} ${2 * HALF} ${2 * HALF}`,
    title: "The plane before and after the matrix M",
    label: "",
  });
  drawing.root.classList.add("t2x2__svg");
  drawing.root.setAttribute("role", "group"); // it holds focusable handles, so it is not one flat image
  buildDefs(drawing.root, uid);
  const background = svg("g", { class: "t2x2-background", "aria-hidden": "true" }, drawing.root); // drawn per view
  const moved = buildMoved(drawing.root, uid);
  const ticks = svg("g", { class: "t2x2-ticks", "aria-hidden": "true" }, drawing.root);
  const handles = buildHandles(drawing.root, hintId);
  const scaleLine = html("p", { class: "t2x2__scale", "data-readout": "scale" }, figure);
  const panel = html("div", { class: "t2x2__panel" }, layout);
  return {
    box, drawing, background, moved, ticks, handles, scaleLine,
    ...buildEntries(panel, uid), ...buildReadout(panel), ...buildSlider(panel), ...buildPresets(panel),
  };
}

// The clip of the view, and arrowheads, one per colour.
function buildDefs(plot, uid) {
  const defs = svg("defs", {}, plot);
  const clip = svg("clipPath", { id: `${uid}-clip` }, defs);
  svg("rect", { x: -HALF, y: -HALF, width: 2 * HALF, height: 2 * HALF }, clip);
  for (const name of ["i", "j", "v", "mv", "arc"]) {
    const marker = svg("marker", {
      id: `${uid}-head-${name}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4.5, markerHeight: 4.5, orient: "auto-start-reverse",
    }, defs);
    svg("path", { d: "M0,0 L10,5 L0,10 z", class: `t2x2-head t2x2-head--${name}` }, marker);
  }
}

// Layer 1: the fixed background grid and axes, a line every `step` of the view; the
// last line of each positive axis is labelled (above the moved layer), so a change of
// scale shows on the axes.
function drawBackground(background, ticks, frame) {
  const { sx, sy, step, lines, half } = frame;
  background.replaceChildren();
  ticks.replaceChildren();
  for (let k = -lines; k <= lines; k += 1) {
    const cls = k === 0 ? "t2x2-axis" : "t2x2-bggrid";
    svg("line", { x1: sx(k * step), y1: sy(-half), x2: sx(k * step), y2: sy(half), class: cls }, background);
    svg("line", { x1: sx(-half), y1: sy(k * step), x2: sx(half), y2: sy(k * step), class: cls }, background);
  }
  const last = lines * step;
  const tick = { class: "t2x2-tick", "data-tick": format(last) };
  // (the x label ends at its line: centred on it, a long number would run past the drawing's edge)
  svgText(ticks, { ...tick, x: sx(last) - 3, y: 15, "text-anchor": "end", "dominant-baseline": "middle" }, format(last));
  svgText(ticks, { ...tick, x: 6, y: sy(last), "text-anchor": "start", "dominant-baseline": "middle" }, format(last));
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

function buildEntries(panel, uid) {
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
  // Why an entry was not taken (kept as typed): shown here and read with the entry.
  const problemLine = html("p", { class: "t2x2__problem book-widget__error", id: `${uid}-problem`, "data-readout": "problem", hidden: "" }, fieldset);
  return { inputs, problemLine };
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
    this.frame = null; // the part of the plane in view (see frameFor)
    this.frozen = null; // the frame held still while a handle is dragged
    this.dragSaid = null;
    this.problems = new Map(); // entry index -> why what is typed there was not taken
    this.editStart = new Map(); // entry index -> M's entry when the reader began typing there
    this.notice = this.linkProblem(window.location.hash); // a link whose state could not be read
    this.bindEntries();
    this.bindControls();
    this.bindHandles();
    this.bindHash();
    this.update({ quiet: true, record: false }); // loading the page writes nothing to its URL
    // A link to a state (#m=...) is not an anchor the browser can scroll to: bring the widget into view.
    if (fromHash || this.notice) requestAnimationFrame(() => this.view.box.scrollIntoView({ block: "center" }));
  }

  // ----- input -----

  bindEntries() {
    this.view.inputs.forEach((input, k) => {
      input.addEventListener("focus", () => this.editStart.set(k, this.state.m[k]));
      input.addEventListener("input", () => this.typeEntry(k, false));
      input.addEventListener("change", () => this.typeEntry(k, true));
      input.addEventListener("keydown", (event) => {
        if (event.key !== "Escape" || !this.problems.has(k)) return;
        event.preventDefault(); // Escape puts M's own entry back
        this.problems.delete(k);
        input.value = String(clean(this.state.m[k]));
        this.showProblems();
        this.announce(`${ENTRIES[k][0]} = ${format(this.state.m[k])} again.`);
        this.publishState();
      });
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

  // A handle follows the pointer until it is let go; the URL records where it ends. The
  // view holds still meanwhile (a view that zoomed under the pointer would move the handle
  // away from it), and fits the new picture once the handle is let go.
  drag(name, g, event) {
    if (event.button !== 0) return;
    event.preventDefault();
    g.setPointerCapture?.(event.pointerId);
    g.classList.add("t2x2-handle--dragging");
    g.focus({ preventScroll: true });
    this.frozen = this.frame;
    this.dragSaid = null; // what the drag announced last, said again with the new view's scale
    const onMove = (e) => this.moveHandle(name, this.toPlane(e));
    const onUp = () => {
      g.classList.remove("t2x2-handle--dragging");
      g.removeEventListener("pointermove", onMove);
      g.removeEventListener("pointerup", onUp);
      g.removeEventListener("pointercancel", onUp);
      this.frozen = null;
      this.update({ afterDrag: true });
      this.writeHash(true);
    };
    g.addEventListener("pointermove", onMove);
    g.addEventListener("pointerup", onUp);
    g.addEventListener("pointercancel", onUp);
  }

  // The plane's point under the pointer, on a grid a tenth of the view's grid step, inside the view.
  toPlane(event) {
    const plot = this.view.drawing.root;
    const point = plot.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(plot.getScreenCTM().inverse());
    const { unit, step, half } = this.frame;
    const reach = Math.min(LIMIT, half);
    return [snap(local.x / unit, DRAG_SNAP * step, reach), snap(-local.y / unit, DRAG_SNAP * step, reach)];
  }

  // The URL hash: only ever read when it is ours (#m=...), so a heading anchor never
  // changes the widget; written after the reader changes something (see mayReplaceHash).
  bindHash() {
    const onHashChange = () => {
      if (!this.root.isConnected) return window.removeEventListener("hashchange", onHashChange);
      const parsed = parseHash(window.location.hash);
      if (!parsed) {
        this.notice = this.linkProblem(window.location.hash);
        this.showProblems();
        if (this.notice) this.announce(this.notice);
        this.publishState();
        return;
      }
      this.stopMorph();
      this.clearProblems();
      this.state.m = parsed.matrix;
      if (parsed.v) this.state.v = parsed.v;
      this.state.t = 1;
      this.update();
    };
    window.addEventListener("hashchange", onHashChange);
  }

  // What to say about a hash that is ours (#m=...) but could not be read; null otherwise.
  linkProblem(hash) {
    if (!hash.startsWith(HASH_PREFIX) || parseHash(hash)) return null;
    return `The link's matrix (${hash}) could not be read: it needs four numbers (and v two), each from ${RANGE_TEXT}. The widget shows ${matrixText(this.state?.m ?? DEFAULT_MATRIX)} instead.`;
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

  // An entry as the reader types it. A number in range moves M at once. Anything else
  // gives M back the entry it had before this edit (typing 1000 passes through 100 on
  // the way), keeps the text as typed, and says so, on screen, with the entry and in the
  // live region: at once for a number out of range, and for an empty or unfinished
  // entry ("-", "1e") once the reader leaves the field.
  typeEntry(k, committed) {
    const input = this.view.inputs[k];
    const reading = readEntry(input.value, input.validity.badInput);
    if (reading.ok) {
      this.problems.delete(k);
      if (committed) this.editStart.set(k, reading.value);
      this.stopMorph();
      this.state.m[k] = reading.value;
      this.state.t = 1;
      this.update({ skipInput: committed ? null : input });
      return;
    }
    if (reading.reason !== "range" && !committed) return; // still being typed
    const kept = this.editStart.get(k) ?? this.state.m[k];
    const message = entryProblem(ENTRIES[k][0], reading, kept);
    this.problems.set(k, message);
    if (this.state.m[k] !== kept) {
      this.state.m[k] = kept;
      this.update({ quiet: true });
    } else {
      this.showProblems();
      this.publishState();
    }
    this.announce(message);
  }

  // M changed another way (a handle, a preset, a link): the entries show M again.
  clearProblems() {
    this.problems.clear();
    this.notice = null;
  }

  applyPreset(key) {
    this.stopMorph();
    this.clearProblems();
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
      this.clearProblems();
      this.state.t = 1;
      const [i, j] = columns(this.state.m);
      this.state.m = name === "i" ? fromColumns(point, j) : fromColumns(i, point);
    }
    this.update();
  }

  // ----- drawing from the state -----

  update({ skipInput = null, quiet = false, record = true, afterDrag = false } = {}) {
    const info = describe(this.state.m, this.state.t, this.state.v);
    if (record) this.notice = null; // the reader has moved on from the link
    const zoomed = this.fitFrame();
    this.drawPlane(info);
    this.drawHandles();
    this.drawEntries(skipInput);
    this.showProblems();
    this.drawReadout(info);
    this.describe(info);
    if (!quiet) this.say(this.changeMessage(info), zoomed, afterDrag);
    this.previous = info;
    this.info = info;
    this.publishState();
    if (record && !this.morph) this.writeHash();
  }

  // Key moments in the live region: a change of the determinant's sign or rank, and a new
  // scale. A drag's last message is repeated with the scale its release brings, not lost.
  say(change, zoomed, afterDrag) {
    const message = change ?? (zoomed && afterDrag ? this.dragSaid : null);
    const said = [message, zoomed ? scaleText(this.frame) : null].filter(Boolean).join(" ");
    if (!said) return;
    this.announce(said);
    if (this.frozen) this.dragSaid = said;
  }

  // The view for the picture now (held still during a drag); true when it changed scale.
  fitFrame() {
    const next = this.frozen ?? frameFor(fitView(this.state.m, this.state.v));
    const changed = !this.frame || next.half !== this.frame.half || next.step !== this.frame.step;
    if (!changed) return false;
    const first = !this.frame;
    this.frame = next;
    drawBackground(this.view.background, this.view.ticks, next);
    this.view.scaleLine.textContent = scaleText(next);
    return !first;
  }

  publishState() {
    const { half, step, lines, unit } = this.frame;
    publish(this.root, {
      ...this.info,
      hash: formatHash(this.state.m, this.state.v),
      view: { half, step, lines, unit, base: half <= BASE_HALF },
      problems: [...this.problems].map(([entry, message]) => ({ entry, message })),
      notice: this.notice,
    });
  }

  // The reasons shown under the entries; each entry not taken is marked invalid and described by them.
  showProblems() {
    const { problemLine, inputs } = this.view;
    const messages = [...[...this.problems.keys()].sort().map((k) => this.problems.get(k)), this.notice].filter(Boolean);
    problemLine.textContent = messages.join(" ");
    problemLine.hidden = messages.length === 0;
    inputs.forEach((input, k) => {
      const bad = this.problems.has(k);
      input.toggleAttribute("aria-invalid", bad);
      if (bad) input.setAttribute("aria-describedby", problemLine.id);
      else input.removeAttribute("aria-describedby");
    });
  }

  drawPlane(info) {
    const { moved } = this.view;
    const { points, sx, sy, step } = this.frame;
    const shown = info.shown;
    const reach = GRID_REACH * step;
    for (const { k, vertical, el } of moved.gridLines) {
      const ends = vertical ? [[k * step, -reach], [k * step, reach]] : [[-reach, k * step], [reach, k * step]];
      const [p, q] = transformPoints(shown, ends);
      el.setAttribute("x1", sx(p[0]));
      el.setAttribute("y1", sy(p[1]));
      el.setAttribute("x2", sx(q[0]));
      el.setAttribute("y2", sy(q[1]));
    }
    moved.square.setAttribute("points", points(unitSquare(shown)));
    moved.square.classList.toggle("t2x2-square--flipped", info.sign < 0);
    moved.letter.setAttribute("points", points(transformPoints(shown, LETTER_F)));
    this.drawCollapse(info);
    this.drawArc(info);
    this.drawArrows(info);
    this.drawLabels(info);
  }

  // The line (rank 1) or the point (rank 0) the plane collapses onto.
  drawCollapse(info) {
    const { collapseLine, collapsePoint } = this.view.moved;
    const { sx, sy, half } = this.frame;
    collapseLine.style.display = info.rank === 1 ? "" : "none";
    collapsePoint.style.display = info.rank === 0 ? "" : "none";
    if (info.rank !== 1) return;
    const [dx, dy] = info.direction;
    const reach = 3 * half;
    collapseLine.setAttribute("x1", sx(-reach * dx));
    collapseLine.setAttribute("y1", sy(-reach * dy));
    collapseLine.setAttribute("x2", sx(reach * dx));
    collapseLine.setAttribute("y2", sy(reach * dy));
  }

  // The orientation arc from î to ĵ, when there is an angle to turn through (radius in SVG units).
  drawArc(info) {
    const { arc, arcCasing } = this.view.moved;
    const { unit } = this.frame;
    const orientation = orientationArc(info.shown);
    arc.style.display = orientation ? "" : "none";
    arcCasing.style.display = arc.style.display;
    if (!orientation) return;
    const [i, j] = info.columns;
    const radius = Math.min(36, Math.max(12, 0.4 * unit * Math.min(Math.hypot(...i), Math.hypot(...j))));
    const end = orientation.start + orientation.sweep;
    const a = [radius * Math.cos(orientation.start), -radius * Math.sin(orientation.start)];
    const b = [radius * Math.cos(end), -radius * Math.sin(end)];
    // Screen y points down, so counter-clockwise on the page is SVG's sweep-flag 0.
    const d = `M${a[0]},${a[1]} A${radius},${radius} 0 0 ${orientation.sweep > 0 ? 0 : 1} ${b[0]},${b[1]}`;
    arc.setAttribute("d", d);
    arcCasing.setAttribute("d", d);
    arc.classList.toggle("t2x2-arc--flipped", orientation.sweep < 0);
  }

  drawArrows(info) {
    const { arrows } = this.view.moved;
    const { sx, sy, unit } = this.frame;
    const [i, j] = info.columns;
    // An arrow from the origin to `tip`; `gap` SVG units short of it when a handle sits on the tip.
    const arrow = (line, tip, gap = 0) => {
      const length = Math.hypot(...tip) * unit;
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

  // Each label 14 SVG units past its arrow's tip, kept inside the drawing.
  drawLabels(info) {
    const { labels } = this.view.moved;
    const { sx, sy } = this.frame;
    const [i, j] = info.columns;
    const place = (label, tip, fallback) => {
      const length = Math.hypot(...tip);
      const [ux, uy] = length < 1e-9 ? fallback : [tip[0] / length, tip[1] / length];
      label.setAttribute("x", clamp(sx(tip[0]) + 14 * ux, HALF - 12));
      label.setAttribute("y", clamp(sy(tip[1]) - 14 * uy, HALF - 12));
    };
    place(labels.i, i, [1, -1]);
    place(labels.j, j, [-1, 1]);
    place(labels.v, info.v, [-1, -1]);
    place(labels.mv, info.mv, [1, 1]);
    const centre = unitSquare(info.shown).reduce((s, p) => [s[0] + p[0] / 4, s[1] + p[1] / 4], [0, 0]);
    labels.det.textContent = `det ${format(info.det)}`;
    labels.det.setAttribute("x", clamp(sx(centre[0]), HALF - 40));
    labels.det.setAttribute("y", clamp(sy(centre[1]), HALF - 12) - 14);
  }

  drawHandles() {
    const { sx, sy, half } = this.frame;
    for (const [name, g] of Object.entries(this.view.handles)) {
      const p = this.handlePoint(name);
      g.setAttribute("transform", `translate(${sx(clamp(p[0], half))},${sy(clamp(p[1], half))})`);
      g.setAttribute("aria-valuenow", p[0]);
      g.setAttribute("aria-valuetext", `x ${format(p[0])}, y ${format(p[1])}`);
    }
  }

  // The entry being typed in keeps what the reader typed, and so does an entry not taken.
  drawEntries(skipInput) {
    this.view.inputs.forEach((input, k) => {
      if (input === skipInput || this.problems.has(k)) return;
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
        `${matrixText(info.shown)} on top. ${scaleText(this.frame)} î lands on ${pair(i)}, ĵ on ${pair(j)}. ` +
        `The unit square becomes a parallelogram of signed area ${format(info.det)}` +
        (info.rank === 2 ? `; the arc from î to ĵ turns ${info.orientation}. ` : ". ") +
        (info.rank < 2 ? `${verdict(info)} ` : "") +
        `The letter F is drawn ${info.sign < 0 ? "mirrored" : info.rank < 2 ? "flattened" : "unmirrored"}. v = ${pair(info.v)} goes to M v = ${pair(info.mv)}.`,
    );
  }

  // Key moments only: the determinant changes sign, or reaches or leaves 0.
  changeMessage(info) {
    const previous = this.previous;
    if (!previous || (previous.sign === info.sign && previous.rank === info.rank)) return null;
    if (info.rank < 2) return `det = 0. ${verdict(info)}`;
    if (previous.rank < 2) return `det = ${format(info.det)}: invertible again, orientation ${info.sign > 0 ? "kept" : "flipped"}.`;
    return `det = ${format(info.det)}: orientation ${info.sign > 0 ? "kept again" : "flipped"}; î → ĵ now turns ${info.orientation}.`;
  }
}
