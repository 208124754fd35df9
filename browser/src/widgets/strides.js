// strides: y is a view of x = torch.arange(n).view(...). The logical grid of y sits
// above the flat storage strip (x's grid below it). Shape, stride, offset and
// is_contiguous are live; hovering or focusing a cell of y shows its storage position,
// offset + sum(index * stride). Operations: view, permute, transpose(0, 1), a stepped
// slice, expand (stride 0), contiguous() (a copy, with its own storage strip). A view
// that cannot work shows torch's real message. Selecting a cell and typing a number
// writes through y into the storage, so x changes too (unless y is a copy).
// Every number comes from strides-math.js.

import { announcer, button, describedSvg, html, onWidthChange, publish, svg } from "./svg.js";
import {
  BASES, apply, codeLines, expandSuggestion, facts, formatShape, formatTuple, initialState, parseShape, parseValue,
  positionFormula, positions, readCounts, unflatten, valuesOf, write,
} from "./strides-math.js";

const MAX_W = 600; // SVG width on a wide screen; a narrower figure lays the drawing out in its own width
const SLOTS_PER_ROW = 24;
const MIN_SLOT = 26; // a storage slot holds "23" at 14 px

export function mount(root) {
  let model = initialState(0);
  let W = MAX_W; // the width draw() lays out in, one SVG unit per pixel or more
  const history = [];
  const ui = { focus: 0, hover: null, selected: null, labels: "values" };

  const box = html("div", { class: "st" }, root);
  html("p", { class: "st__hint", text: "Apply operations to y and watch its shape, strides and offset; x and the storage stay put. Point at or focus a cell of y to see where it lives; select it and type a number to write through y." }, box);

  const top = html("div", { class: "st__top" }, box);
  const baseLabel = html("label", { class: "st__field" }, top);
  html("span", { text: "x =" }, baseLabel);
  const baseSelect = html("select", { "data-input": "base" }, baseLabel);
  BASES.forEach((base, k) => html("option", { value: String(k), text: `torch.arange(${base.n}).view(${base.shape.join(", ")})` }, baseSelect));
  baseSelect.addEventListener("change", () => {
    history.length = 0;
    model = initialState(Number(baseSelect.value));
    resetUi();
    render();
    announce(`New x: ${codeLines(model)[0]}. y is x.`);
  });
  const labelToggle = html("label", { class: "st__toggle" }, top);
  const labelBox = html("input", { type: "checkbox", "data-input": "positions" }, labelToggle);
  labelToggle.append(" Label y's cells with storage positions");
  labelBox.addEventListener("change", () => {
    ui.labels = labelBox.checked ? "positions" : "values";
    render();
  });

  const code = html("pre", { class: "st__code" }, box);
  const codeEl = html("code", {}, code);
  const factsEl = html("div", { class: "st__facts", "data-readout": "facts" }, box);

  const figure = html("div", { class: "st__figure" }, box);
  const { root: plot, setDescription } = describedSvg(figure, { viewBox: `0 0 ${MAX_W} 300`, title: "y's grid, the storage strip, and x's grid", label: "" });
  plot.setAttribute("role", "group");
  plot.classList.add("st__svg");
  const probe = html("p", { class: "st__probe", "data-readout": "probe" }, box);

  // Writing through y.
  const writeRow = html("div", { class: "st__write" }, box);
  const writeLabel = html("label", { class: "st__field" }, writeRow);
  const writeCaption = html("span", { text: "New value (select a cell of y first)" }, writeLabel);
  const valueInput = html("input", { type: "text", inputmode: "numeric", "data-input": "value", autocomplete: "off", size: "6", disabled: "" }, writeLabel);
  const writeButton = button(writeRow, "Write", () => writeValue(), { "data-action": "write", disabled: "" });
  valueInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      writeValue();
    } else if (event.key === "Escape") {
      event.preventDefault();
      focusCell(ui.selected ?? ui.focus);
    }
  });

  const errorEl = html("p", { class: "st__error", "data-readout": "error", hidden: "" }, box);

  // Operations.
  const ops = html("div", { class: "st__ops", role: "group", "aria-label": "Operations on y" }, box);
  const suggested = {};
  const opField = (key, label, suggestion, run) => {
    const row = html("div", { class: "st__op" }, ops);
    const lab = html("label", { class: "st__field" }, row);
    html("span", { text: label }, lab);
    const input = html("input", { type: "text", "data-input": key, spellcheck: "false", autocomplete: "off", size: "10" }, lab);
    input.addEventListener("input", () => (suggested[key] = false));
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        run(input.value);
      }
    });
    button(row, "Apply", () => run(input.value), { "data-action": key, "aria-label": `Apply ${label}` });
    suggested[key] = true;
    return { input, suggestion };
  };
  const shapeOp = (op, field) => (text) => {
    const parsed = parseShape(text, { allowMinusOne: true });
    if (!parsed.ok) return inputError(op, parsed.error);
    step({ op, [field]: parsed.shape });
  };
  const listOp = (text) => {
    const parsed = parseDims(text);
    if (!parsed.ok) return inputError("permute", parsed.error);
    step({ op: "permute", dims: parsed.dims });
  };
  const fields = {
    view: opField("view", "y.view(shape)", (t) => formatShape([...t.shape].reverse()), shapeOp("view", "sizes")),
    permute: opField("permute", "y.permute(axes order)", (t) => formatShape(t.shape.map((_, d) => t.shape.length - 1 - d)), listOp),
    index: opField("index", "y[slice]", (t) => (t.shape.length >= 2 ? `[:, ::2]` : t.shape.length === 1 ? "[::2]" : "[0]"), (text) => step({ op: "index", text })),
    expand: opField("expand", "y.expand(shape)", (t) => formatShape(expandSuggestion(t.shape)), shapeOp("expand", "sizes")),
  };
  const buttons = html("div", { class: "st__buttons" }, ops);
  button(buttons, "y.transpose(0, 1)", () => step({ op: "transpose" }), { "data-action": "transpose" });
  button(buttons, "y.contiguous()", () => step({ op: "contiguous" }), { "data-action": "contiguous" });
  const undoButton = button(buttons, "Undo", () => undo(), { "data-action": "undo" });
  button(buttons, "Reset", () => {
    history.length = 0;
    model = initialState(model.baseIndex);
    resetUi();
    render();
    announce("Reset: y is x again, storage back to 0, 1, 2, ...");
  }, { "data-action": "reset" });

  const announce = announcer(box);

  function parseDims(text) {
    const body = String(text).trim().replace(/^[[(]/, "").replace(/[\])]$/, "").trim();
    if (body === "") return { ok: true, dims: [] };
    const parts = body.split(",").map((p) => p.trim()).filter((p, k, all) => p !== "" || k !== all.length - 1);
    if (parts.some((p) => !/^[+-]?\d+$/.test(p))) return { ok: false, error: "Write the axes order as whole numbers, like [1, 0]." };
    return { ok: true, dims: parts.map(Number) };
  }

  function resetUi() {
    Object.assign(ui, { focus: 0, hover: null, selected: null });
    for (const key of Object.keys(suggested)) suggested[key] = true;
  }

  function inputError(op, message) {
    model = { ...model, error: { type: "input", message, code: op } };
    render();
    announce(message);
  }

  function step(op) {
    const next = apply(model, op);
    if (next.error) {
      model = { ...model, error: next.error };
      render();
      const e = next.error;
      announce(e.type === "RuntimeError" || e.type === "IndexError" || e.type === "ValueError" ? `y${e.code} fails. ${e.type}: ${e.message}` : e.message);
      return;
    }
    history.push(model);
    const shapeChanged = formatShape(next.y.shape) !== formatShape(model.y.shape);
    model = next;
    if (shapeChanged) Object.assign(ui, { focus: 0, hover: null, selected: null });
    else if (next.copied && op.op === "contiguous") ui.hover = null;
    render(); // boxes the reader typed in keep their text; the others get fresh suggestions
    const f = facts(model.y);
    const last = model.steps[model.steps.length - 1];
    announce(
      `y${last.code}: shape ${formatShape(f.shape)}, stride ${formatTuple(f.stride)}, offset ${f.offset}, ${f.contiguous ? "contiguous" : "not contiguous"}${last.copied ? "; copied into new storage" : op.op === "contiguous" ? "; already contiguous, nothing copied" : ""}.`,
    );
  }

  function undo() {
    if (!history.length) return;
    model = { ...history.pop(), error: null };
    Object.assign(ui, { focus: 0, hover: null, selected: null });
    render();
    announce(`Undone: ${codeLines(model)[1]}.`);
  }

  function writeValue() {
    if (ui.selected === null) return;
    const parsed = parseValue(valueInput.value);
    if (!parsed.ok) {
      valueInput.setAttribute("aria-invalid", "true");
      return inputError("write", parsed.message);
    }
    valueInput.removeAttribute("aria-invalid");
    const idx = unflatten(ui.selected, model.y.shape);
    model = write(model, idx, parsed.value);
    render();
    const w = model.lastWrite;
    const shared = model.y.storage === model.x.storage;
    const readers = readCounts(model.y, model.storages[model.y.storage].length)[w.position];
    announce(
      `Wrote ${w.value} to storage slot ${w.position} through y[${idx.join(", ")}]${readers > 1 ? `; ${readers} cells of y read that slot` : ""}${shared ? "; x sees it too" : "; y is a copy, so x is unchanged"}.`,
    );
  }

  function showError(error) {
    errorEl.replaceChildren();
    if (!error) {
      errorEl.hidden = true;
      return;
    }
    errorEl.hidden = false;
    if (error.type === "input" || error.type === "widget") {
      errorEl.textContent = error.message;
    } else {
      errorEl.append(`y${error.code} fails: `);
      html("code", { text: `${error.type}: ${error.message}` }, errorEl);
    }
  }

  // ----- drawing -----

  let cellEls = []; // y's cells, in row-major order
  let xCellEls = [];
  let slotEls = new Map(); // "storage:position" -> {g, x, y, s}
  let connector = null;
  let right = 0; // the right edge of what draw() has drawn

  function gridLayout(t, startY, cellMax) {
    // leading axes become panels; the last two are rows and columns
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

  function drawGrid(parent, t, name, startY, interactive) {
    const L = gridLayout(t, startY, 34);
    const vals = valuesOf(model, t);
    const pos = positions(t);
    const els = [];
    L.places.forEach((place, p) => {
      if (L.leadRank) {
        const lab = svg("text", { x: place.px, y: place.py - 4, class: "st-panel" }, parent);
        lab.textContent = `${name}[${place.lead.join(", ")}]`;
      }
      for (let r = 0; r < L.rows; r += 1) {
        for (let c = 0; c < L.cols; c += 1) {
          const flat = (p * L.rows + r) * L.cols + c;
          if (flat >= vals.length) continue;
          const idx = unflatten(flat, t.shape);
          const x = place.px + c * L.g;
          const y = place.py + r * L.g;
          const attrs = { class: `st-cell st-cell--${name}`, "data-flat": String(flat) };
          if (interactive) {
            Object.assign(attrs, {
              tabindex: flat === ui.focus ? "0" : "-1",
              role: "button",
              "aria-label": `${name}[${idx.join(", ")}] = ${vals[flat]}, storage slot ${pos[flat]}`,
              "aria-pressed": String(ui.selected === flat),
            });
          }
          const cell = svg("g", attrs, parent);
          svg("rect", { x, y, width: L.g, height: L.g, class: "st-cell__box" }, cell);
          const text = svg("text", { x: x + L.g / 2, y: y + L.g / 2 + 5, "text-anchor": "middle", class: "st-cell__text" }, cell);
          text.textContent = interactive && ui.labels === "positions" ? `@${pos[flat]}` : String(vals[flat]);
          els.push({ el: cell, x: x + L.g / 2, top: y, bottom: y + L.g, position: pos[flat], storage: t.storage, idx });
          right = Math.max(right, x + L.g);
          if (interactive) wireCell(cell, flat);
        }
      }
    });
    if (!vals.length) {
      const t0 = svg("text", { x: 8, y: startY + 14, class: "st-panel" }, parent);
      t0.textContent = `${name} has no elements`;
    }
    return { els, height: L.height };
  }

  function drawStrip(parent, storage, title, startY, reader) {
    const values = model.storages[storage];
    const n = values.length;
    // As many slots a row as fit at MIN_SLOT, then rows of equal length.
    const fit = Math.max(1, Math.min(SLOTS_PER_ROW, Math.floor((W - 16) / MIN_SLOT)));
    const perRow = Math.ceil(n / Math.ceil(n / fit));
    const s = Math.min(34, (W - 16) / Math.min(n, perRow));
    const counts = reader ? readCounts(reader, n) : new Array(n).fill(1);
    const head = svg("text", { x: 8, y: startY + 12, class: "st-strip-title" }, parent);
    head.textContent = title;
    const y0 = startY + 20;
    const rowGap = counts.some((count) => count > 1) ? 26 : 16;
    for (let k = 0; k < n; k += 1) {
      const x = 8 + (k % perRow) * s;
      const y = y0 + Math.floor(k / perRow) * (s + rowGap);
      const read = counts[k] > 0;
      const g = svg("g", { class: `st-slot${reader && !read ? " st-slot--unread" : ""}${reader && read ? " st-slot--read" : ""}`, "data-storage": String(storage), "data-slot": String(k) }, parent);
      svg("rect", { x, y, width: s, height: s, class: "st-slot__box" }, g);
      const v = svg("text", { x: x + s / 2, y: y + s / 2 + 5, "text-anchor": "middle", class: "st-slot__text" }, g);
      v.textContent = String(values[k]);
      const i = svg("text", { x: x + s / 2, y: y + s + 11, "text-anchor": "middle", class: "st-slot__index" }, g);
      i.textContent = String(k);
      if (counts[k] > 1) {
        const m = svg("text", { x: x + s / 2, y: y + s + 22, "text-anchor": "middle", class: "st-slot__index" }, g);
        m.textContent = `×${counts[k]}`; // read by this many cells of y (a stride of 0)
      }
      slotEls.set(`${storage}:${k}`, { g, x: x + s / 2, top: y, bottom: y + s });
      right = Math.max(right, x + s);
    }
    right = Math.max(right, 8 + title.length * 7.4);
    return Math.ceil(n / perRow) * (s + rowGap) + 24;
  }

  function draw() {
    plot.querySelectorAll(":scope > :not(title):not(desc)").forEach((el) => el.remove());
    W = Math.min(MAX_W, Math.max(300, figure.clientWidth || MAX_W));
    slotEls = new Map();
    const shared = model.y.storage === model.x.storage;
    let y = 4;
    right = 0;
    const label = (text, at) => {
      const t = svg("text", { x: 8, y: at + 12, class: "st-title" }, plot);
      t.textContent = text;
      right = Math.max(right, 8 + text.length * 8);
    };
    label(`y  ${formatShape(model.y.shape)}  (logical grid)`, y);
    y += 22;
    const yGrid = drawGrid(plot, model.y, "y", y, true);
    cellEls = yGrid.els;
    y += yGrid.height + 8;
    const links = svg("g", { class: "st-links", "aria-hidden": "true" }, plot);
    if (!shared) {
      y += drawStrip(plot, model.y.storage, "y's storage: a copy (contiguous())", y, model.y);
      y += drawStrip(plot, model.x.storage, "x's storage (y no longer reads it)", y, null);
    } else {
      y += drawStrip(plot, model.x.storage, "storage, shared by x and y (dashed: y skips it)", y, model.y);
    }
    y += 4;
    label(`x  ${formatShape(model.x.shape)}  (the base tensor)`, y);
    y += 22;
    const xGrid = drawGrid(plot, model.x, "x", y, false);
    xCellEls = xGrid.els;
    y += xGrid.height;
    // as wide as what was drawn, so a small tensor is not drawn tiny on a narrow screen
    const width = Math.ceil(Math.min(W, Math.max(right + 8, 300)));
    plot.setAttribute("viewBox", `0 0 ${width} ${Math.ceil(y + 4)}`);
    plot.style.maxWidth = `${Math.round(width * 1.3)}px`;
    connector = links;
  }

  function wireCell(cell, flat) {
    cell.addEventListener("pointerenter", () => {
      ui.hover = flat;
      highlight();
    });
    cell.addEventListener("pointerleave", () => {
      ui.hover = null;
      highlight();
    });
    cell.addEventListener("focus", () => {
      ui.focus = flat;
      highlight();
    });
    cell.addEventListener("click", () => select(flat, false));
    cell.addEventListener("keydown", (event) => {
      const cols = model.y.shape.length ? model.y.shape[model.y.shape.length - 1] : 1;
      const total = cellEls.length;
      const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols };
      let next = null;
      if (event.key in moves) next = flat + moves[event.key];
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = total - 1;
      else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        select(flat, true);
        return;
      } else return;
      event.preventDefault();
      if (next >= 0 && next < total) focusCell(next);
    });
  }

  function focusCell(flat) {
    const target = cellEls[flat];
    if (!target) return;
    for (const { el } of cellEls) el.setAttribute("tabindex", "-1");
    target.el.setAttribute("tabindex", "0");
    ui.focus = flat;
    target.el.focus();
  }

  function select(flat, moveToInput) {
    ui.selected = flat;
    ui.focus = flat;
    for (const { el } of cellEls) el.setAttribute("tabindex", "-1");
    cellEls[flat].el.setAttribute("tabindex", "0");
    const idx = unflatten(flat, model.y.shape);
    writeCaption.textContent = `New value for y[${idx.join(", ")}]`;
    valueInput.disabled = false;
    writeButton.disabled = false;
    valueInput.value = String(valuesOf(model, model.y)[flat]);
    highlight();
    if (moveToInput) {
      valueInput.focus();
      valueInput.select();
    }
  }

  // The probe: which cell is shown (hover, else keyboard focus inside y, else the
  // selected cell), its storage position, and the slot and x cells that share it.
  function shownCell() {
    if (ui.hover !== null) return ui.hover;
    if (cellEls.some(({ el }) => el === document.activeElement)) return ui.focus;
    return ui.selected;
  }

  function highlight() {
    const flat = shownCell();
    connector?.replaceChildren();
    for (const { el } of [...cellEls, ...xCellEls]) el.classList.remove("st-cell--on", "st-cell--same");
    for (const { g } of slotEls.values()) g.classList.remove("st-slot--on");
    cellEls.forEach(({ el }, k) => {
      el.classList.toggle("st-cell--selected", k === ui.selected);
      el.setAttribute("aria-pressed", String(k === ui.selected));
    });
    if (flat === null || !cellEls[flat]) {
      probe.textContent = cellEls.length
        ? "Point at or focus a cell of y: its storage position is offset + Σ index × stride."
        : "y has no elements.";
      publishState();
      return;
    }
    const cell = cellEls[flat];
    const { position, text } = positionFormula(model.y, cell.idx);
    cell.el.classList.add("st-cell--on");
    cellEls.forEach((other, k) => k !== flat && other.position === position && other.el.classList.add("st-cell--same"));
    const slot = slotEls.get(`${model.y.storage}:${position}`);
    slot?.g.classList.add("st-slot--on");
    if (slot) svg("line", { x1: cell.x, y1: cell.bottom, x2: slot.x, y2: slot.top, class: "st-link" }, connector);
    const sharedX = model.y.storage === model.x.storage ? xCellEls.filter((c) => c.position === position) : [];
    for (const c of sharedX) {
      c.el.classList.add("st-cell--on");
      if (slot) svg("line", { x1: slot.x, y1: slot.bottom + 12, x2: c.x, y2: c.top, class: "st-link" }, connector);
    }
    const value = model.storages[model.y.storage][position];
    probe.replaceChildren();
    html("code", { text: `y[${cell.idx.join(", ")}]` }, probe);
    probe.append(" lives at storage position ");
    html("code", { text }, probe);
    probe.append(` (offset + index × stride), value ${value}.`);
    if (sharedX.length) probe.append(` x${sharedX.map((c) => `[${c.idx.join(", ")}]`).join(", ")} reads the same slot.`);
    else if (model.y.storage !== model.x.storage) probe.append(" That slot is in y's own copy, not in x's storage.");
    publishState();
  }

  function render() {
    const y = model.y;
    const f = facts(y);
    const fx = facts(model.x);
    codeEl.textContent = codeLines(model).join("\n");
    factsEl.replaceChildren();
    const row = (name, items) => {
      const p = html("p", { class: "st__fact-row" }, factsEl);
      for (const [label, value] of items) {
        const item = html("span", { class: "st__fact" }, p);
        html("span", { class: "st__fact-label", text: `${name}${label}` }, item);
        html("code", { text: value }, item);
      }
    };
    row("y", [[".shape", formatShape(f.shape)], [".stride()", formatTuple(f.stride)], [".storage_offset()", String(f.offset)], [".is_contiguous()", f.contiguous ? "True" : "False"]]);
    row("x", [[".shape", formatShape(fx.shape)], [".stride()", formatTuple(fx.stride)], [".storage_offset()", String(fx.offset)], [".is_contiguous()", fx.contiguous ? "True" : "False"]]);
    showError(model.error);
    for (const [key, field] of Object.entries(fields)) if (suggested[key]) field.input.value = field.suggestion(y);
    undoButton.disabled = history.length === 0;
    baseSelect.value = String(model.baseIndex);
    if (ui.selected !== null && ui.selected >= positions(y).length) ui.selected = null;
    if (ui.focus >= positions(y).length) ui.focus = 0;
    const hadFocus = cellEls.some(({ el }) => el === document.activeElement);
    draw();
    if (ui.selected === null) {
      writeCaption.textContent = "New value (select a cell of y first)";
      valueInput.value = "";
      valueInput.disabled = true;
      writeButton.disabled = true;
    }
    if (hadFocus) focusCell(ui.focus);
    const shared = y.storage === model.x.storage;
    setDescription(
      `y = ${codeLines(model)[1].slice(4)}: shape ${formatShape(f.shape)}, stride ${formatTuple(f.stride)}, offset ${f.offset}, ${f.contiguous ? "contiguous" : "not contiguous"}. ` +
      `Its cells read storage positions ${positions(y).join(", ") || "none"}${shared ? " of the storage it shares with x" : " of its own copy"}. ` +
      `Storage holds ${model.storages[model.x.storage].join(", ")}.`,
    );
    highlight();
  }

  function publishState() {
    const y = model.y;
    const flat = shownCell();
    const shown = flat === null || !cellEls[flat] ? null : positionFormula(y, unflatten(flat, y.shape));
    publish(root, {
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
      selected: ui.selected === null ? null : unflatten(ui.selected, y.shape),
      labels: ui.labels,
    });
  }

  render();
  onWidthChange(figure, render);
}
