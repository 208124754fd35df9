// strides: y is a view of x = torch.arange(n).view(...). The logical grid of y sits
// above the flat storage strip (x's grid below it). Shape, stride, offset and
// is_contiguous are live; hovering or focusing a cell of y shows its storage position,
// offset + sum(index * stride). Operations: view, permute, transpose(0, 1), a stepped
// slice, expand (stride 0), contiguous() (a copy, with its own storage strip). A view
// that cannot work shows torch's real message. Selecting a cell and typing a number
// writes through y into the storage, so x changes too (unless y is a copy).
// Every number comes from strides-math.js.

import "./strides.css";
import { announcer, button, describedSvg, html, onEnter, onWidthChange, publish, svg, svgText } from "./svg.js";
import {
  BASES, apply, codeLines, expandSuggestion, facts, formatShape, formatTuple, initialState, parseShape, parseValue,
  positionFormula, positions, readCounts, unflatten, valuesOf, write,
} from "./strides-math.js";

const MAX_W = 600; // SVG width on a wide screen; a narrower figure lays the drawing out in its own width
const SLOTS_PER_ROW = 24;
const MIN_SLOT = 26; // a storage slot holds "23" at 14 px
const NO_CELL = "New value (select a cell of y first)";

// The operations typed in a field: each field starts with a suggestion for the y of now,
// and keeps what the reader types in it.
const OP_FIELDS = [
  { key: "view", label: "y.view(shape)", suggestion: (t) => formatShape([...t.shape].reverse()) },
  { key: "permute", label: "y.permute(axes order)", suggestion: (t) => formatShape(t.shape.map((_, d) => t.shape.length - 1 - d)) },
  { key: "index", label: "y[slice]", suggestion: (t) => (t.shape.length >= 2 ? `[:, ::2]` : t.shape.length === 1 ? "[::2]" : "[0]") },
  { key: "expand", label: "y.expand(shape)", suggestion: (t) => formatShape(expandSuggestion(t.shape)) },
];

export function mount(root) {
  new Strides(root);
}

function parseDims(text) {
  const body = String(text).trim().replace(/^[[(]/, "").replace(/[\])]$/, "").trim();
  if (body === "") return { ok: true, dims: [] };
  const parts = body.split(",").map((p) => p.trim()).filter((p, k, all) => p !== "" || k !== all.length - 1);
  if (parts.some((p) => !/^[+-]?\d+$/.test(p))) return { ok: false, error: "Write the axes order as whole numbers, like [1, 0]." };
  return { ok: true, dims: parts.map(Number) };
}

// ----- the DOM: x's choice, the code and facts, the figure, writing, the operations -----

function buildStrides(root) {
  const box = html("div", { class: "st" }, root);
  html("p", { class: "book-widget__hint", text: "Apply operations to y and watch its shape, strides and offset; x and the storage stay put. Point at or focus a cell of y to see where it lives; select it and type a number to write through y." }, box);
  const view = { box, ...buildTop(box) };
  view.codeEl = html("code", {}, html("pre", { class: "st__code" }, box));
  view.factsEl = html("div", { class: "st__facts", "data-readout": "facts" }, box);
  view.figure = html("div", { class: "st__figure" }, box);
  view.drawing = describedSvg(view.figure, { viewBox: `0 0 ${MAX_W} 300`, title: "y's grid, the storage strip, and x's grid", label: "" });
  view.drawing.root.setAttribute("role", "group");
  view.drawing.root.classList.add("st__svg");
  view.probe = html("p", { class: "st__probe", "data-readout": "probe" }, box);
  Object.assign(view, buildWriteRow(box));
  view.errorEl = html("p", { class: "st__error book-widget__error", "data-readout": "error", hidden: "" }, box);
  return { ...view, ...buildOps(box) };
}

function buildTop(box) {
  const top = html("div", { class: "book-widget__row" }, box);
  const baseLabel = html("label", { class: "book-widget__field" }, top);
  html("span", { text: "x =" }, baseLabel);
  const baseSelect = html("select", { "data-input": "base" }, baseLabel);
  BASES.forEach((base, k) => html("option", { value: String(k), text: `torch.arange(${base.n}).view(${base.shape.join(", ")})` }, baseSelect));
  const labelToggle = html("label", { class: "st__toggle" }, top);
  const labelBox = html("input", { type: "checkbox", "data-input": "positions" }, labelToggle);
  labelToggle.append(" Label y's cells with storage positions");
  return { baseSelect, labelBox };
}

// Writing through y.
function buildWriteRow(box) {
  const row = html("div", { class: "book-widget__row" }, box);
  const label = html("label", { class: "book-widget__field" }, row);
  const writeCaption = html("span", { text: NO_CELL }, label);
  const valueInput = html("input", { type: "text", inputmode: "numeric", "data-input": "value", autocomplete: "off", size: "6", disabled: "" }, label);
  const writeButton = button(row, "Write", { "data-action": "write", disabled: "" });
  return { writeCaption, valueInput, writeButton };
}

function buildOps(box) {
  const ops = html("div", { class: "st__ops", role: "group", "aria-label": "Operations on y" }, box);
  const fields = OP_FIELDS.map(({ key, label, suggestion }) => {
    const row = html("div", { class: "st__op book-widget__row" }, ops);
    const lab = html("label", { class: "book-widget__field" }, row);
    html("span", { text: label }, lab);
    const input = html("input", { type: "text", "data-input": key, spellcheck: "false", autocomplete: "off", size: "10" }, lab);
    return { key, input, suggestion, apply: button(row, "Apply", { "data-action": key, "aria-label": `Apply ${label}` }) };
  });
  const buttons = html("div", { class: "st__buttons book-widget__row" }, ops);
  return {
    fields,
    transpose: button(buttons, "y.transpose(0, 1)", { "data-action": "transpose" }),
    contiguous: button(buttons, "y.contiguous()", { "data-action": "contiguous" }),
    undoButton: button(buttons, "Undo", { "data-action": "undo" }),
    resetButton: button(buttons, "Reset", { "data-action": "reset" }),
  };
}

// Where a tensor's cells go: leading axes become panels; the last two are rows and columns.
function gridLayout(t, startY, cellMax, W) {
  const shape = t.shape;
  const rows = shape.length >= 2 ? shape[shape.length - 2] : 1;
  const cols = shape.length >= 1 ? shape[shape.length - 1] : 1;
  const lead = shape.slice(0, Math.max(shape.length - 2, 0));
  const panels = lead.reduce((p, n) => p * n, 1);
  const g = Math.max(14, Math.min(cellMax, (W - 24) / Math.max(cols, 1)));
  const panelW = Math.max(cols, 1) * g;
  const panelH = Math.max(rows, 1) * g;
  const perRow = Math.max(1, Math.floor((W - 8) / (panelW + 18)));
  const labelH = lead.length ? 16 : 0;
  const places = [];
  for (let p = 0; p < panels; p += 1) {
    const px = 8 + (p % perRow) * (panelW + 18);
    const py = startY + Math.floor(p / perRow) * (panelH + labelH + 12) + labelH;
    places.push({ px, py, lead: unflatten(p, lead) });
  }
  const height = panels ? Math.ceil(panels / perRow) * (panelH + labelH + 12) : 12;
  return { g, rows, cols, places, height, leadRank: lead.length };
}

class Strides {
  constructor(root) {
    this.root = root;
    this.model = initialState(0);
    this.W = MAX_W; // the width the figure is laid out in, one SVG unit per pixel or more
    this.history = [];
    this.ui = { focus: 0, hover: null, selected: null, labels: "values" };
    this.suggested = Object.fromEntries(OP_FIELDS.map(({ key }) => [key, true])); // fields the reader has not typed in
    this.cellEls = []; // y's cells, in row-major order
    this.xCellEls = [];
    this.slotEls = new Map(); // "storage:position" -> {g, x, top, bottom}
    this.connector = null; // the layer of lines from a cell to its slot
    this.right = 0; // the right edge of what has been drawn
    this.view = buildStrides(root);
    this.announce = announcer(this.view.box);
    this.bindTop();
    this.bindWrite();
    this.bindOps();
    this.render();
    onWidthChange(this.view.figure, () => this.render());
  }

  // ----- input -----

  bindTop() {
    const { baseSelect, labelBox } = this.view;
    baseSelect.addEventListener("change", () => {
      this.history.length = 0;
      this.model = initialState(Number(baseSelect.value));
      this.resetUi();
      this.render();
      this.announce(`New x: ${codeLines(this.model)[0]}. y is x.`);
    });
    labelBox.addEventListener("change", () => {
      this.ui.labels = labelBox.checked ? "positions" : "values";
      this.render();
    });
  }

  bindWrite() {
    const { valueInput, writeButton } = this.view;
    writeButton.addEventListener("click", () => this.writeValue());
    valueInput.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.writeValue();
      } else if (event.key === "Escape") {
        event.preventDefault();
        this.focusCell(this.ui.selected ?? this.ui.focus);
      }
    });
  }

  bindOps() {
    const { fields, transpose, contiguous, undoButton, resetButton } = this.view;
    for (const { key, input, apply: applyButton } of fields) {
      input.addEventListener("input", () => (this.suggested[key] = false));
      onEnter(input, () => this.runField(key, input.value));
      applyButton.addEventListener("click", () => this.runField(key, input.value));
    }
    transpose.addEventListener("click", () => this.step({ op: "transpose" }));
    contiguous.addEventListener("click", () => this.step({ op: "contiguous" }));
    undoButton.addEventListener("click", () => this.undo());
    resetButton.addEventListener("click", () => this.reset());
  }

  bindCell(cell, flat) {
    cell.addEventListener("pointerenter", () => {
      this.ui.hover = flat;
      this.highlight();
    });
    cell.addEventListener("pointerleave", () => {
      this.ui.hover = null;
      this.highlight();
    });
    cell.addEventListener("focus", () => {
      this.ui.focus = flat;
      this.highlight();
    });
    cell.addEventListener("click", () => this.select(flat, false));
    cell.addEventListener("keydown", (event) => this.cellKey(event, flat));
  }

  // Arrow keys, Home and End move among y's cells; Enter or Space selects one to write to.
  cellKey(event, flat) {
    const cols = this.model.y.shape.length ? this.model.y.shape[this.model.y.shape.length - 1] : 1;
    const total = this.cellEls.length;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols };
    let next = null;
    if (event.key in moves) next = flat + moves[event.key];
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = total - 1;
    else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.select(flat, true);
      return;
    } else return;
    event.preventDefault();
    if (next >= 0 && next < total) this.focusCell(next);
  }

  // ----- what the reader does -----

  runField(key, text) {
    if (key === "index") return this.step({ op: "index", text });
    if (key === "permute") {
      const parsed = parseDims(text);
      if (!parsed.ok) return this.inputError("permute", parsed.error);
      return this.step({ op: "permute", dims: parsed.dims });
    }
    const parsed = parseShape(text, { allowMinusOne: true });
    if (!parsed.ok) return this.inputError(key, parsed.error);
    this.step({ op: key, sizes: parsed.shape });
  }

  resetUi() {
    Object.assign(this.ui, { focus: 0, hover: null, selected: null });
    for (const key of Object.keys(this.suggested)) this.suggested[key] = true;
  }

  reset() {
    this.history.length = 0;
    this.model = initialState(this.model.baseIndex);
    this.resetUi();
    this.render();
    this.announce("Reset: y is x again, storage back to 0, 1, 2, ...");
  }

  inputError(op, message) {
    this.model = { ...this.model, error: { type: "input", message, code: op } };
    this.render();
    this.announce(message);
  }

  step(op) {
    const next = apply(this.model, op);
    if (next.error) {
      this.model = { ...this.model, error: next.error };
      this.render();
      const e = next.error;
      this.announce(e.type === "RuntimeError" || e.type === "IndexError" || e.type === "ValueError" ? `y${e.code} fails. ${e.type}: ${e.message}` : e.message);
      return;
    }
    this.history.push(this.model);
    const shapeChanged = formatShape(next.y.shape) !== formatShape(this.model.y.shape);
    this.model = next;
    if (shapeChanged) Object.assign(this.ui, { focus: 0, hover: null, selected: null });
    else if (next.copied && op.op === "contiguous") this.ui.hover = null;
    this.render(); // boxes the reader typed in keep their text; the others get fresh suggestions
    const f = facts(this.model.y);
    const last = this.model.steps[this.model.steps.length - 1];
    const copy = last.copied ? "; copied into new storage" : op.op === "contiguous" ? "; already contiguous, nothing copied" : "";
    this.announce(
      `y${last.code}: shape ${formatShape(f.shape)}, stride ${formatTuple(f.stride)}, offset ${f.offset}, ${f.contiguous ? "contiguous" : "not contiguous"}${copy}.`,
    );
  }

  undo() {
    if (!this.history.length) return;
    this.model = { ...this.history.pop(), error: null };
    Object.assign(this.ui, { focus: 0, hover: null, selected: null });
    this.render();
    this.announce(`Undone: ${codeLines(this.model)[1]}.`);
  }

  writeValue() {
    const { valueInput } = this.view;
    if (this.ui.selected === null) return;
    const parsed = parseValue(valueInput.value);
    if (!parsed.ok) {
      valueInput.setAttribute("aria-invalid", "true");
      return this.inputError("write", parsed.message);
    }
    valueInput.removeAttribute("aria-invalid");
    const idx = unflatten(this.ui.selected, this.model.y.shape);
    this.model = write(this.model, idx, parsed.value);
    this.render();
    const { model } = this;
    const w = model.lastWrite;
    const shared = model.y.storage === model.x.storage;
    const readers = readCounts(model.y, model.storages[model.y.storage].length)[w.position];
    this.announce(
      `Wrote ${w.value} to storage slot ${w.position} through y[${idx.join(", ")}]${readers > 1 ? `; ${readers} cells of y read that slot` : ""}${shared ? "; x sees it too" : "; y is a copy, so x is unchanged"}.`,
    );
  }

  focusCell(flat) {
    const target = this.cellEls[flat];
    if (!target) return;
    for (const { el } of this.cellEls) el.setAttribute("tabindex", "-1");
    target.el.setAttribute("tabindex", "0");
    this.ui.focus = flat;
    target.el.focus();
  }

  select(flat, moveToInput) {
    const { writeCaption, valueInput, writeButton } = this.view;
    this.ui.selected = flat;
    this.ui.focus = flat;
    for (const { el } of this.cellEls) el.setAttribute("tabindex", "-1");
    this.cellEls[flat].el.setAttribute("tabindex", "0");
    writeCaption.textContent = `New value for y[${unflatten(flat, this.model.y.shape).join(", ")}]`;
    valueInput.disabled = false;
    writeButton.disabled = false;
    valueInput.value = String(valuesOf(this.model, this.model.y)[flat]);
    this.highlight();
    if (moveToInput) {
      valueInput.focus();
      valueInput.select();
    }
  }

  // ----- drawing from the state -----

  render() {
    const { model, ui, view } = this;
    const y = model.y;
    view.codeEl.textContent = codeLines(model).join("\n");
    this.drawFacts();
    this.drawError(model.error);
    for (const { key, input, suggestion } of view.fields) if (this.suggested[key]) input.value = suggestion(y);
    view.undoButton.disabled = this.history.length === 0;
    view.baseSelect.value = String(model.baseIndex);
    if (ui.selected !== null && ui.selected >= positions(y).length) ui.selected = null;
    if (ui.focus >= positions(y).length) ui.focus = 0;
    const hadFocus = this.cellEls.some(({ el }) => el === document.activeElement);
    this.drawFigure();
    if (ui.selected === null) {
      view.writeCaption.textContent = NO_CELL;
      view.valueInput.value = "";
      view.valueInput.disabled = true;
      view.writeButton.disabled = true;
    }
    if (hadFocus) this.focusCell(ui.focus);
    this.describe();
    this.highlight();
  }

  drawFacts() {
    const { factsEl } = this.view;
    factsEl.replaceChildren();
    for (const [name, t] of [["y", this.model.y], ["x", this.model.x]]) {
      const f = facts(t);
      const p = html("p", { class: "st__fact-row" }, factsEl);
      const items = [[".shape", formatShape(f.shape)], [".stride()", formatTuple(f.stride)], [".storage_offset()", String(f.offset)], [".is_contiguous()", f.contiguous ? "True" : "False"]];
      for (const [label, value] of items) {
        const item = html("span", { class: "st__fact" }, p);
        html("span", { class: "st__fact-label", text: `${name}${label}` }, item);
        html("code", { text: value }, item);
      }
    }
  }

  drawError(error) {
    const { errorEl } = this.view;
    errorEl.replaceChildren();
    errorEl.hidden = !error;
    if (!error) return;
    if (error.type === "input" || error.type === "widget") {
      errorEl.textContent = error.message;
    } else {
      errorEl.append(`y${error.code} fails: `);
      html("code", { text: `${error.type}: ${error.message}` }, errorEl);
    }
  }

  describe() {
    const { model } = this;
    const y = model.y;
    const f = facts(y);
    const shared = y.storage === model.x.storage;
    this.view.drawing.setDescription(
      `y = ${codeLines(model)[1].slice(4)}: shape ${formatShape(f.shape)}, stride ${formatTuple(f.stride)}, offset ${f.offset}, ${f.contiguous ? "contiguous" : "not contiguous"}. ` +
      `Its cells read storage positions ${positions(y).join(", ") || "none"}${shared ? " of the storage it shares with x" : " of its own copy"}. ` +
      `Storage holds ${model.storages[model.x.storage].join(", ")}.`,
    );
  }

  // y's grid, the storage strip (two: y's copy and x's, once y is a copy), and x's grid.
  drawFigure() {
    const { drawing, figure } = this.view;
    const { model } = this;
    const plot = drawing.root;
    drawing.clear();
    this.W = Math.min(MAX_W, Math.max(300, figure.clientWidth || MAX_W));
    this.slotEls = new Map();
    this.right = 0;
    let y = 4;
    y += this.drawTitle(plot, `y  ${formatShape(model.y.shape)}  (logical grid)`, y);
    const yGrid = this.drawGrid(plot, model.y, "y", y, true);
    this.cellEls = yGrid.els;
    y += yGrid.height + 8;
    this.connector = svg("g", { class: "st-links", "aria-hidden": "true" }, plot);
    if (model.y.storage !== model.x.storage) {
      y += this.drawStrip(plot, model.y.storage, "y's storage: a copy (contiguous())", y, model.y);
      y += this.drawStrip(plot, model.x.storage, "x's storage (y no longer reads it)", y, null);
    } else {
      y += this.drawStrip(plot, model.x.storage, "storage, shared by x and y (dashed: y skips it)", y, model.y);
    }
    y += 4;
    y += this.drawTitle(plot, `x  ${formatShape(model.x.shape)}  (the base tensor)`, y);
    const xGrid = this.drawGrid(plot, model.x, "x", y, false);
    this.xCellEls = xGrid.els;
    y += xGrid.height;
    // as wide as what was drawn, so a small tensor is not drawn tiny on a narrow screen
    const width = Math.ceil(Math.min(this.W, Math.max(this.right + 8, 300)));
    plot.setAttribute("viewBox", `0 0 ${width} ${Math.ceil(y + 4)}`);
    plot.style.maxWidth = `${Math.round(width * 1.3)}px`;
  }

  // A title line; returns its height.
  drawTitle(plot, text, at) {
    svgText(plot, { x: 8, y: at + 12, class: "st-title" }, text);
    this.right = Math.max(this.right, 8 + text.length * 8);
    return 22;
  }

  drawGrid(parent, t, name, startY, interactive) {
    const L = gridLayout(t, startY, 34, this.W);
    const vals = valuesOf(this.model, t);
    const pos = positions(t);
    const els = [];
    L.places.forEach((place, p) => {
      if (L.leadRank) svgText(parent, { x: place.px, y: place.py - 4, class: "st-panel" }, `${name}[${place.lead.join(", ")}]`);
      for (let r = 0; r < L.rows; r += 1) {
        for (let c = 0; c < L.cols; c += 1) {
          const flat = (p * L.rows + r) * L.cols + c;
          if (flat >= vals.length) continue;
          const idx = unflatten(flat, t.shape);
          const x = place.px + c * L.g;
          const y = place.py + r * L.g;
          const cell = svg("g", { class: `st-cell st-cell--${name}`, "data-flat": String(flat), ...(interactive ? this.cellAttributes(name, idx, flat, vals, pos) : {}) }, parent);
          svg("rect", { x, y, width: L.g, height: L.g, class: "st-cell__box" }, cell);
          const label = interactive && this.ui.labels === "positions" ? `@${pos[flat]}` : String(vals[flat]);
          svgText(cell, { x: x + L.g / 2, y: y + L.g / 2 + 5, "text-anchor": "middle", class: "st-cell__text" }, label);
          els.push({ el: cell, x: x + L.g / 2, top: y, bottom: y + L.g, position: pos[flat], storage: t.storage, idx });
          this.right = Math.max(this.right, x + L.g);
          if (interactive) this.bindCell(cell, flat);
        }
      }
    });
    if (!vals.length) svgText(parent, { x: 8, y: startY + 14, class: "st-panel" }, `${name} has no elements`);
    return { els, height: L.height };
  }

  // A cell of y is a button in one tab stop (roving tabindex).
  cellAttributes(name, idx, flat, vals, pos) {
    return {
      tabindex: flat === this.ui.focus ? "0" : "-1",
      role: "button",
      "aria-label": `${name}[${idx.join(", ")}] = ${vals[flat]}, storage slot ${pos[flat]}`,
      "aria-pressed": String(this.ui.selected === flat),
    };
  }

  // One storage strip, its slots marked by how many cells of `reader` read them; returns its height.
  drawStrip(parent, storage, title, startY, reader) {
    const values = this.model.storages[storage];
    const n = values.length;
    const W = this.W;
    // As many slots a row as fit at MIN_SLOT, then rows of equal length.
    const fit = Math.max(1, Math.min(SLOTS_PER_ROW, Math.floor((W - 16) / MIN_SLOT)));
    const perRow = Math.ceil(n / Math.ceil(n / fit));
    const s = Math.min(34, (W - 16) / Math.min(n, perRow));
    const counts = reader ? readCounts(reader, n) : new Array(n).fill(1);
    svgText(parent, { x: 8, y: startY + 12, class: "st-strip-title" }, title);
    const y0 = startY + 20;
    const rowGap = counts.some((count) => count > 1) ? 26 : 16;
    for (let k = 0; k < n; k += 1) {
      const x = 8 + (k % perRow) * s;
      const y = y0 + Math.floor(k / perRow) * (s + rowGap);
      const read = counts[k] > 0;
      const g = svg("g", { class: `st-slot${reader && !read ? " st-slot--unread" : ""}${reader && read ? " st-slot--read" : ""}`, "data-storage": String(storage), "data-slot": String(k) }, parent);
      svg("rect", { x, y, width: s, height: s, class: "st-slot__box" }, g);
      svgText(g, { x: x + s / 2, y: y + s / 2 + 5, "text-anchor": "middle", class: "st-slot__text" }, String(values[k]));
      svgText(g, { x: x + s / 2, y: y + s + 11, "text-anchor": "middle", class: "st-slot__index" }, String(k));
      // read by this many cells of y (a stride of 0)
      if (counts[k] > 1) svgText(g, { x: x + s / 2, y: y + s + 22, "text-anchor": "middle", class: "st-slot__index" }, `×${counts[k]}`);
      this.slotEls.set(`${storage}:${k}`, { g, x: x + s / 2, top: y, bottom: y + s });
      this.right = Math.max(this.right, x + s);
    }
    this.right = Math.max(this.right, 8 + title.length * 7.4);
    return Math.ceil(n / perRow) * (s + rowGap) + 24;
  }

  // The probe: which cell is shown (hover, else keyboard focus inside y, else the
  // selected cell), its storage position, and the slot and x cells that share it.
  shownCell() {
    if (this.ui.hover !== null) return this.ui.hover;
    if (this.cellEls.some(({ el }) => el === document.activeElement)) return this.ui.focus;
    return this.ui.selected;
  }

  highlight() {
    const flat = this.shownCell();
    this.connector?.replaceChildren();
    for (const { el } of [...this.cellEls, ...this.xCellEls]) el.classList.remove("st-cell--on", "st-cell--same");
    for (const { g } of this.slotEls.values()) g.classList.remove("st-slot--on");
    this.cellEls.forEach(({ el }, k) => {
      el.classList.toggle("st-cell--selected", k === this.ui.selected);
      el.setAttribute("aria-pressed", String(k === this.ui.selected));
    });
    if (flat === null || !this.cellEls[flat]) {
      this.view.probe.textContent = this.cellEls.length
        ? "Point at or focus a cell of y: its storage position is offset + Σ index × stride."
        : "y has no elements.";
    } else this.showCell(this.cellEls[flat], flat);
    this.publishState();
  }

  // A cell of y, the cells of y and x that read the same slot, and the lines between them.
  showCell(cell, flat) {
    const { model, connector } = this;
    const { position, text } = positionFormula(model.y, cell.idx);
    cell.el.classList.add("st-cell--on");
    this.cellEls.forEach((other, k) => k !== flat && other.position === position && other.el.classList.add("st-cell--same"));
    const slot = this.slotEls.get(`${model.y.storage}:${position}`);
    slot?.g.classList.add("st-slot--on");
    if (slot) svg("line", { x1: cell.x, y1: cell.bottom, x2: slot.x, y2: slot.top, class: "st-link" }, connector);
    const sharedX = model.y.storage === model.x.storage ? this.xCellEls.filter((c) => c.position === position) : [];
    for (const c of sharedX) {
      c.el.classList.add("st-cell--on");
      if (slot) svg("line", { x1: slot.x, y1: slot.bottom + 12, x2: c.x, y2: c.top, class: "st-link" }, connector);
    }
    const { probe } = this.view;
    probe.replaceChildren();
    html("code", { text: `y[${cell.idx.join(", ")}]` }, probe);
    probe.append(" lives at storage position ");
    html("code", { text }, probe);
    probe.append(` (offset + index × stride), value ${model.storages[model.y.storage][position]}.`);
    if (sharedX.length) probe.append(` x${sharedX.map((c) => `[${c.idx.join(", ")}]`).join(", ")} reads the same slot.`);
    else if (model.y.storage !== model.x.storage) probe.append(" That slot is in y's own copy, not in x's storage.");
  }

  publishState() {
    const { model } = this;
    const y = model.y;
    const flat = this.shownCell();
    const shown = flat === null || !this.cellEls[flat] ? null : positionFormula(y, unflatten(flat, y.shape));
    publish(this.root, {
      code: codeLines(model),
      ...facts(y),
      values: valuesOf(model, y),
      positions: positions(y),
      xValues: valuesOf(model, model.x),
      storage: model.storages[model.x.storage],
      yStorage: model.storages[y.storage],
      sharesStorage: y.storage === model.x.storage,
      error: model.error ? `${model.error.type}: ${model.error.message}` : null,
      focus: shown ? { index: unflatten(flat, y.shape), position: shown.position, formula: shown.text } : null,
      selected: this.ui.selected === null ? null : unflatten(this.ui.selected, y.shape),
      labels: this.ui.labels,
    });
  }
}
