// ladder: climb from rank 0 to rank 4. Each rank is drawn as a shape (a dot, a bar,
// a grid, stacked grids, a row of stacks) with its shape, element count and bytes for
// the chosen dtype. Type any shape of rank 0-4, name its axes, and point at (or focus)
// an axis to see the slice along it, e.g. x[b, t, :]. Numbers come from ladder-math.js.

import { announcer, button, describedSvg, html, onWidthChange, publish, svg } from "./svg.js";
import {
  DTYPES, MAX_RANK, axisSlice, drawingPlan, formatShape, parseShape, rung, summary, validateNames,
} from "./ladder-math.js";

const SHIFT = 0.38; // offset between stacked layers, in cells
const WIDTH = 520; // target width of the drawing, in SVG units (less on a narrower screen)

export function mount(root) {
  const start = rung(3);
  const state = {
    rank: 3,
    shape: start.shape,
    names: start.names,
    dtype: "float32",
    axis: null, // the axis shown (hovered or focused)
    pinned: null, // the axis clicked / activated
    error: null,
  };

  const box = html("div", { class: "lad" }, root);
  html("p", { class: "lad__hint", text: "Step up the ladder, type a shape, and point at or focus an axis to see the slice along it." }, box);

  // Rank: buttons and a slider (arrow keys, Home/End, or a click on a rung).
  const rankRow = html("div", { class: "lad__rank" }, box);
  const down = button(rankRow, "Rank down", () => setRank(state.rank - 1), { "data-action": "rank-down" });
  const slider = html("div", {
    class: "lad__slider", role: "slider", tabindex: "0", "aria-label": "Rank",
    "aria-valuemin": "0", "aria-valuemax": String(MAX_RANK), "data-control": "rank",
  }, rankRow);
  const rungEls = [];
  for (let r = 0; r <= MAX_RANK; r += 1) {
    const el = html("span", { class: "lad__rung", "data-rank": String(r), "aria-hidden": "true" }, slider);
    html("span", { class: "lad__rung-number", text: String(r) }, el);
    html("span", { class: "lad__rung-name", text: rung(r).label }, el);
    rungEls.push(el);
  }
  const up = button(rankRow, "Rank up", () => setRank(state.rank + 1), { "data-action": "rank-up" });
  slider.addEventListener("keydown", (event) => {
    const moves = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };
    if (event.key in moves) setRank(state.rank + moves[event.key]);
    else if (event.key === "Home") setRank(0);
    else if (event.key === "End") setRank(MAX_RANK);
    else return;
    event.preventDefault();
  });
  slider.addEventListener("pointerdown", (event) => {
    const hit = event.target.closest("[data-rank]");
    if (!hit) return;
    event.preventDefault(); // keep focus handling ours
    slider.focus();
    setRank(Number(hit.dataset.rank));
  });

  // Shape, dtype, axis names.
  const inputs = html("div", { class: "lad__inputs" }, box);
  const shapeLabel = html("label", { class: "lad__field" }, inputs);
  html("span", { text: "Shape" }, shapeLabel);
  const shapeRow = html("span", { class: "lad__inline" }, shapeLabel);
  const shapeInput = html("input", {
    type: "text", "data-input": "shape", spellcheck: "false", autocomplete: "off", "aria-describedby": "",
  }, shapeRow);
  button(inputs, "Apply shape", () => applyShape(), { "data-action": "apply-shape" });
  shapeInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      applyShape();
    }
  });
  const dtypeLabel = html("label", { class: "lad__field" }, inputs);
  html("span", { text: "dtype" }, dtypeLabel);
  const dtypeSelect = html("select", { "data-input": "dtype" }, dtypeLabel);
  for (const [name, size] of Object.entries(DTYPES)) {
    html("option", { value: name, text: `${name} (${size} ${size === 1 ? "byte" : "bytes"})` }, dtypeSelect);
  }
  dtypeSelect.addEventListener("change", () => {
    state.dtype = dtypeSelect.value;
    render();
    const s = summary(state.shape, state.dtype);
    announce(`${state.dtype}: ${s.elementSize} ${s.elementSize === 1 ? "byte" : "bytes"} per element, ${s.bytesText} in all.`);
  });
  const namesBox = html("fieldset", { class: "lad__names" }, box);
  html("legend", { text: "Axis names" }, namesBox);
  const namesRow = html("div", { class: "lad__names-row" }, namesBox);

  const errorEl = html("p", { class: "lad__error", id: `lad-err-${Math.random().toString(36).slice(2, 8)}`, hidden: "" }, box);
  shapeInput.setAttribute("aria-describedby", errorEl.id);

  // The drawing: an SVG whose axis labels are focusable, so the root is a group.
  const figure = html("div", { class: "lad__figure" }, box);
  const { root: plot, setDescription } = describedSvg(figure, { viewBox: "0 0 520 200", title: "The tensor's shape, drawn", label: "" });
  plot.setAttribute("role", "group");
  plot.classList.add("lad__svg");

  // The readout: the shape with one focusable button per axis, counts, bytes, the slice.
  const readout = html("div", { class: "lad__readout" }, box);
  const shapeLine = html("p", { class: "lad__shape" }, readout);
  const countLine = html("p", { "data-readout": "numel" }, readout);
  const bytesLine = html("p", { "data-readout": "bytes" }, readout);
  const sliceLine = html("p", { class: "lad__slice", "data-readout": "slice" }, readout);
  const announce = announcer(box);

  function setRank(rank) {
    const next = Math.max(0, Math.min(MAX_RANK, rank));
    if (next === state.rank && !state.error) return;
    const r = rung(next);
    Object.assign(state, { rank: next, shape: r.shape, names: r.names, axis: null, pinned: null, error: null });
    render();
    const s = summary(state.shape, state.dtype);
    announce(`Rank ${next}, ${r.label}: shape ${s.shape}, ${s.numelText} ${s.numel === "1" ? "element" : "elements"}, ${s.bytesText} as ${state.dtype}.`);
  }

  function applyShape() {
    const parsed = parseShape(shapeInput.value);
    if (!parsed.ok) return showError(parsed.error);
    if (parsed.shape.length > MAX_RANK) {
      return showError(`The ladder draws ranks 0 to ${MAX_RANK}; ${formatShape(parsed.shape)} has rank ${parsed.shape.length}.`);
    }
    const sameRank = parsed.shape.length === state.shape.length;
    Object.assign(state, {
      rank: parsed.shape.length,
      shape: parsed.shape,
      names: sameRank ? state.names : rung(parsed.shape.length).names,
      axis: null,
      pinned: null,
      error: null,
    });
    render();
    const s = summary(state.shape, state.dtype);
    announce(`Shape ${s.shape}: rank ${s.rank}, ${s.numelText} elements, ${s.bytesText} as ${state.dtype}.`);
  }

  function showError(message) {
    state.error = message;
    errorEl.textContent = message;
    errorEl.hidden = false;
    shapeInput.setAttribute("aria-invalid", "true");
    announce(message);
    publishState();
  }

  function clearError() {
    errorEl.hidden = true;
    errorEl.textContent = "";
    shapeInput.removeAttribute("aria-invalid");
  }

  function buildNames() {
    namesRow.replaceChildren();
    if (state.rank === 0) {
      html("p", { class: "lad__none", text: "A scalar has no axes to name." }, namesRow);
      return;
    }
    state.names.forEach((name, axis) => {
      const label = html("label", { class: "lad__field" }, namesRow);
      html("span", { text: `axis ${axis}` }, label);
      const input = html("input", { type: "text", value: name, "data-name-axis": String(axis), spellcheck: "false", autocomplete: "off", size: "9" }, label);
      input.addEventListener("change", () => renameAxes());
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          renameAxes();
        }
      });
    });
  }

  function renameAxes() {
    const fields = [...namesRow.querySelectorAll("[data-name-axis]")];
    const defaults = rung(state.rank).names;
    const names = fields.map((field, axis) => field.value.trim() || defaults[axis]);
    const valid = validateNames(names);
    fields.forEach((field, axis) => field.toggleAttribute("aria-invalid", !valid.ok && valid.axis === axis));
    if (!valid.ok) {
      errorEl.textContent = valid.error;
      errorEl.hidden = false;
      state.error = valid.error;
      announce(valid.error);
      publishState();
      return;
    }
    const same = names.every((name, axis) => name === state.names[axis]);
    if (same && state.error === null) return; // e.g. the change event after Enter
    state.names = names;
    state.error = null;
    clearError();
    render({ keepNames: true });
    announce(`Axes named ${names.join(", ")}.`);
  }

  // ----- drawing -----

  let cellEls = []; // {el, key: [stack, layer, row, col]}
  let axisEls = []; // focusable axis labels in the drawing and the readout

  function draw() {
    plot.querySelectorAll(":scope > :not(title):not(desc)").forEach((el) => el.remove());
    cellEls = [];
    const shape = state.shape;
    const plan = drawingPlan(shape);
    const role = (name) => plan.axes.find((a) => a.role === name) ?? null;
    const empty = shape.includes(0);
    const count = (a) => (a ? Math.max(a.cells, 1) : 1);
    const cols = role("columns");
    const rows = role("rows");
    const layers = role("layers");
    const stacks = role("stacks");
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
    const c = Math.min(40, Math.min(WIDTH, figure.clientWidth || WIDTH) / widthCells);
    const heightCells = top + depth + nr + bottom;
    const W = widthCells * c;
    const H = Math.max(heightCells * c, 70);
    plot.setAttribute("viewBox", `0 0 ${W.toFixed(1)} ${H.toFixed(1)}`);
    plot.style.maxWidth = `${Math.round(W * 1.3)}px`; // natural size on wide screens, shrinks on narrow ones
    const font = Math.max(12, Math.min(15, c * 0.48)); // at least 12 px: small cells get relatively larger labels
    plot.style.setProperty("--lad-font", `${font.toFixed(1)}px`);

    const cellsLayer = svg("g", { class: "lad-cells" }, plot);
    const overlay = svg("g", { class: "lad-overlay", "aria-hidden": "true" }, plot);
    const labels = svg("g", { class: "lad-labels" }, plot);
    overlayEl = overlay;

    if (plan.rank === 0) {
      const dot = svg("circle", { cx: W / 2, cy: H / 2 - 8, r: Math.min(c, 30) * 0.45, class: "lad-dot" }, cellsLayer);
      cellEls.push({ el: dot, key: [0, 0, 0, 0] });
      const text = svg("text", { x: W / 2, y: H / 2 + 26, "text-anchor": "middle", class: "lad-note" }, labels);
      text.textContent = "one number, no axes";
      return;
    }

    const originX = left * c;
    const frontY = (top + depth) * c; // top edge of each front layer
    const stackX = (s) => originX + s * (stackW + 1) * c;

    for (let s = 0; s < ns; s += 1) {
      for (let l = nl - 1; l >= 0; l -= 1) {
        const lx = stackX(s) + l * SHIFT * c;
        const ly = frontY - l * SHIFT * c;
        const layer = svg("g", { class: `lad-layer lad-layer--${Math.min(l, 3)}` }, cellsLayer);
        if (!empty) svg("rect", { x: lx, y: ly, width: nc * c, height: nr * c, class: "lad-backing" }, layer); // layers hide the ones behind
        for (let r = 0; r < nr; r += 1) {
          for (let k = 0; k < nc; k += 1) {
            const isEllipsisCol = cols?.ellipsis && k === nc - 1;
            const isEllipsisRow = rows?.ellipsis && r === nr - 1;
            const x = lx + k * c;
            const y = ly + r * c;
            if (isEllipsisCol || isEllipsisRow) {
              svg("rect", { x, y, width: c, height: c, class: "lad-gap" }, layer); // the cells not drawn
              if (l !== 0) continue; // only the front layer shows the ellipsis marks
              const mark = svg("text", { x: x + c / 2, y: y + c / 2, class: "lad-ellipsis", "text-anchor": "middle", "dominant-baseline": "central" }, layer);
              mark.textContent = isEllipsisCol && isEllipsisRow ? "⋱" : isEllipsisCol ? "⋯" : "⋮";
              continue;
            }
            const rect = svg("rect", { x, y, width: c, height: c, class: `lad-cell${empty ? " lad-cell--empty" : ""}` }, layer);
            cellEls.push({ el: rect, key: [s, l, r, k], x, y, c });
          }
        }
      }
      if (layers?.ellipsis) {
        const mark = svg("text", {
          x: stackX(s) + (nc + (nl - 1) * SHIFT + 0.45) * c, y: frontY - ((nl - 1) * SHIFT + 0.35) * c,
          class: "lad-ellipsis", "text-anchor": "middle", "dominant-baseline": "central",
        }, cellsLayer);
        mark.textContent = "⋰";
      }
    }
    if (stacks?.ellipsis) {
      const mark = svg("text", {
        x: stackX(ns) - 0.3 * c, y: frontY + (nr / 2) * c, class: "lad-ellipsis", "text-anchor": "middle", "dominant-baseline": "central",
      }, cellsLayer);
      mark.textContent = "⋯";
    }
    if (empty) {
      const note = svg("text", { x: W / 2, y: H - 4, "text-anchor": "middle", class: "lad-note" }, labels);
      note.textContent = "a length of 0: no elements at all";
    }

    // One focusable label per axis, next to the part of the drawing it measures.
    const frontW = nc * c;
    const frontH = nr * c;
    const axisLabel = (axis, geometry) => {
      const name = state.names[axis.axis];
      const g = svg("g", {
        class: "lad-axis", tabindex: "0", role: "button", "data-axis": String(axis.axis),
        "aria-label": axisAria(axis.axis), "aria-pressed": String(state.pinned === axis.axis),
      }, labels);
      svg("rect", { ...geometry.hit, class: "lad-axis__hit" }, g);
      svg("path", { d: geometry.path, class: "lad-axis__line" }, g);
      const text = svg("text", { ...geometry.text, class: "lad-axis__text" }, g);
      text.textContent = `${name}: ${axis.length}`;
      wireAxis(g, axis.axis);
    };
    const x0 = stackX(0);
    if (cols) {
      const y = frontY + frontH + 0.3 * c;
      axisLabel(cols, {
        path: `M${x0} ${y} v4 H${x0 + frontW} v-4`,
        text: { x: x0 + frontW / 2, y: y + Math.max(0.75 * c, font + 4), "text-anchor": "middle" },
        hit: { x: x0 - 4, y: y - 4, width: Math.max(frontW, 6 * c * 0.5) + 8, height: 1.2 * c },
      });
    }
    if (rows) {
      const x = x0 - 0.3 * c;
      const cx = x - 0.55 * c;
      const cy = frontY + frontH / 2;
      axisLabel(rows, {
        path: `M${x} ${frontY} h-4 V${frontY + frontH} h4`,
        text: { x: cx, y: cy, "text-anchor": "middle", transform: `rotate(-90 ${cx} ${cy})` },
        hit: { x: x - 1.1 * c, y: frontY - 4, width: 1.1 * c + 4, height: frontH + 8 },
      });
    }
    if (layers) {
      const backTop = frontY - (nl - 1) * SHIFT * c;
      const y = backTop - 0.25 * c;
      const bx = x0 + (nl - 1) * SHIFT * c;
      axisLabel(layers, {
        path: `M${x0} ${frontY - 0.25 * c} L${bx} ${y}`,
        text: { x: bx + 4, y: y - 0.2 * c, "text-anchor": "start" },
        hit: { x: x0 - 4, y: y - 1.0 * c, width: Math.max(frontW, 4 * c) + depth * c, height: 1.0 * c + (nl - 1) * SHIFT * c },
      });
    }
    if (stacks) {
      const y = 0.75 * c;
      const x1 = stackX(ns - 1) + stackW * c;
      axisLabel(stacks, {
        path: `M${x0} ${y + 4} v-4 H${x1} v4`,
        text: { x: (x0 + x1) / 2, y: y - 0.2 * c, "text-anchor": "middle" },
        hit: { x: x0 - 4, y: 0, width: x1 - x0 + 8, height: y + 6 },
      });
    }
  }
  let overlayEl = null;

  // Accessible names start with the visible text (a length and a name), then the slice.
  function axisAria(axis, lengthFirst = false) {
    const slice = axisSlice(state.shape, state.names, axis);
    const visible = lengthFirst ? `${slice.length} ${slice.name}` : `${slice.name}: ${slice.length}`;
    return `${visible}, axis ${axis}: ${slice.expression} has shape ${formatShape(slice.sliceShape)}`;
  }

  function wireAxis(el, axis) {
    el.addEventListener("pointerenter", () => showAxis(axis));
    el.addEventListener("pointerleave", () => showAxis(null));
    el.addEventListener("focus", () => showAxis(axis));
    el.addEventListener("blur", () => showAxis(null));
    el.addEventListener("click", () => pin(axis));
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        if (el.tagName === "BUTTON") return; // a real button clicks by itself
        event.preventDefault();
        pin(axis);
      }
    });
    axisEls.push(el);
  }

  function pin(axis) {
    state.pinned = state.pinned === axis ? null : axis;
    state.axis = axis;
    highlight();
  }

  function showAxis(axis) {
    state.axis = axis;
    highlight();
  }

  // The highlight: the cells of the slice along the shown axis (other indices at 0).
  function highlight() {
    const axis = state.axis ?? state.pinned;
    const plan = state.rank ? drawingPlan(state.shape) : null;
    const roleOf = axis === null || !plan ? null : plan.axes[axis].role;
    const position = { stacks: 0, layers: 1, rows: 2, columns: 3 };
    overlayEl?.replaceChildren();
    for (const { el, key, x, y, c } of cellEls) {
      const on = roleOf !== null && key.every((value, k) => k === position[roleOf] || value === 0);
      el.classList.toggle("lad-cell--hl", on);
      if (on && overlayEl && x !== undefined) {
        svg("rect", { x, y, width: c, height: c, class: `lad-hl${key[1] > 0 ? " lad-hl--behind" : ""}` }, overlayEl);
      }
    }
    for (const el of axisEls) {
      const mine = Number(el.dataset.axis);
      el.classList.toggle("lad-axis--on", mine === axis);
      el.setAttribute("aria-pressed", String(state.pinned === mine));
    }
    if (axis === null) {
      sliceLine.textContent = state.rank
        ? "Point at or focus an axis (in the drawing or in the shape above) to see the slice along it."
        : "A scalar has no axes: x itself is the one number.";
    } else {
      const slice = axisSlice(state.shape, state.names, axis);
      const others = slice.fixed.length ? ` with ${slice.fixed.join(", ")} fixed` : "";
      sliceLine.replaceChildren();
      html("code", { text: slice.expression }, sliceLine);
      sliceLine.append(` walks along axis ${axis} (${slice.name})${others}: shape `);
      html("code", { text: formatShape(slice.sliceShape) }, sliceLine);
      sliceLine.append(`, ${slice.length} ${slice.length === 1 ? "value" : "values"}.`);
    }
    publishState();
  }

  function render({ keepNames = false } = {}) {
    axisEls = [];
    if (!keepNames) buildNames();
    clearError();
    state.error = null;
    shapeInput.value = formatShape(state.shape);
    dtypeSelect.value = state.dtype;
    slider.setAttribute("aria-valuenow", String(state.rank));
    slider.setAttribute("aria-valuetext", `rank ${state.rank}, ${rung(state.rank).label}`);
    rungEls.forEach((el, r) => el.classList.toggle("lad__rung--on", r === state.rank));
    down.disabled = state.rank === 0;
    up.disabled = state.rank === MAX_RANK;

    const s = summary(state.shape, state.dtype);
    shapeLine.replaceChildren();
    shapeLine.append("shape [");
    state.shape.forEach((length, axis) => {
      if (axis) shapeLine.append(", ");
      const b = html("button", {
        type: "button", class: "lad__axis", "data-axis": String(axis),
        "aria-label": axisAria(axis, true), "aria-pressed": "false",
      }, shapeLine);
      html("span", { text: String(length) }, b);
      b.append(" ");
      html("span", { class: "lad__axis-name", text: state.names[axis] }, b);
      wireAxis(b, axis);
    });
    shapeLine.append(`]  rank ${s.rank}`);
    countLine.textContent = `elements: ${s.product}`;
    bytesLine.textContent = `bytes: ${s.numelText} × ${s.elementSize} (${state.dtype}) = ${s.bytesText}${BigInt(s.bytes) >= 1024n ? ` ≈ ${s.human}` : ""}`;
    draw();
    const named = state.shape.map((n, k) => `${state.names[k]} ${n}`).join(", ");
    setDescription(
      state.rank === 0
        ? `Rank 0: a single dot, one ${state.dtype} number, ${s.bytesText}.`
        : `Rank ${s.rank}, ${rung(state.rank).label}, shape ${s.shape} (${named}): ${s.numelText} elements, ${s.bytesText} as ${state.dtype}. Long axes are drawn shortened with an ellipsis.`,
    );
    highlight();
  }

  function publishState() {
    const s = summary(state.shape, state.dtype);
    const axis = state.axis ?? state.pinned;
    const slice = axis === null ? null : axisSlice(state.shape, state.names, axis);
    publish(root, {
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

  render();
  onWidthChange(figure, () => {
    axisEls = axisEls.filter((el) => !plot.contains(el)); // the readout's axis buttons stay
    draw();
    highlight();
  });
}
