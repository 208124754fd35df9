// broadcast: type two shapes (or pick a preset). They are lined up on the right,
// missing leading axes appear as dashed ghosts, each axis gets a verdict (equal /
// stretched / error), and the picture of the last two axes draws stretched values as
// dashed copies marked "stride 0". The result shape, or torch's exact error, below.
// Every number comes from broadcast-math.js.

import "./broadcast.css";
import { announcer, button, describedSvg, html, onEnter, onWidthChange, publish, svg, svgText, uniqueId } from "./svg.js";
import { PRESETS, axisSentence, broadcast, describe, formatShape, parseShape, picture, pictureValues } from "./broadcast-math.js";

const COL = 88; // width of one axis column in the table
const ROW = 34;
const CELL = 28; // picture cell
// The table turned a quarter (one row per axis) where the axes do not fit side by side:
// the widths of its columns (axis, a, b, verdict, result).
const DOWN = [60, 52, 52, 96, 52];
const MAX_AXES = 6;
const NOTHING_W = 110; // the "no result" box of the picture
const ROW_NAMES = ["", "a", "b", "verdict", "result"];
const PICTURE_TITLE = ["last two axes;", "dashed = a stretched copy, no new memory"];

const VERDICT_TEXT = { equal: "equal", "stretch-a": "a stretched", "stretch-b": "b stretched", error: "error" };

const textW = (text) => 7.2 * text.length; // 12 px monospace
const gridW = (p) => (p.cols.shown + (p.cols.ellipsis ? 1 : 0)) * CELL;
const gridH = (p) => (p.rows.shown + (p.rows.ellipsis ? 1 : 0)) * CELL;
const stretchedAxes = (p) => [p.rows.stretched ? "rows" : null, p.cols.stretched ? "columns" : null].filter(Boolean).join(" and ");

export function mount(root) {
  new Broadcast(root);
}

// ----- the DOM: two shape fields, presets, the table, the outcome, the picture -----

function buildBroadcast(root) {
  const box = html("div", { class: "bc" }, root);
  html("p", { class: "book-widget__hint", text: "Type two shapes or pick a preset. Shapes line up on the right; a missing axis counts as 1." }, box);
  const inputs = html("div", { class: "book-widget__row" }, box);
  const field = (name) => {
    const label = html("label", { class: "book-widget__field" }, inputs);
    html("span", { text: `Shape of ${name}` }, label);
    return html("input", { type: "text", "data-input": name, spellcheck: "false", autocomplete: "off" }, label);
  };
  const view = { box, inputA: field("a"), inputB: field("b"), apply: button(inputs, "Broadcast", { "data-action": "apply" }) };
  view.inputError = html("p", { class: "bc__input-error book-widget__error", id: uniqueId("bc-err"), hidden: "" }, box);
  view.inputA.setAttribute("aria-describedby", view.inputError.id);
  view.inputB.setAttribute("aria-describedby", view.inputError.id);
  const presets = html("div", { class: "bc__presets", role: "group", "aria-label": "Preset shape pairs" }, box);
  view.presets = PRESETS.map((preset, k) =>
    button(presets, `${formatShape(preset.a)} + ${formatShape(preset.b)}${preset.label === "fails" ? " (fails)" : ""}`, { "data-preset": String(k) }),
  );
  view.tableFigure = html("div", { class: "bc__figure" }, box);
  view.table = describedSvg(view.tableFigure, { viewBox: "0 0 300 200", title: "The two shapes lined up on the right, axis by axis", label: "" });
  view.table.root.classList.add("bc__svg");
  view.outcomeEl = html("p", { class: "bc__outcome", "data-readout": "outcome" }, box);
  view.axesList = html("ul", { class: "bc__axes", "aria-label": "Axis by axis" }, box);
  view.pictureFigure = html("div", { class: "bc__figure" }, box);
  view.picture = describedSvg(view.pictureFigure, { viewBox: "0 0 300 200", title: "The values of the last two axes, with stretched copies", label: "" });
  view.picture.root.classList.add("bc__svg");
  return view;
}

// Where each part of the table goes. Across (the way shapes are written): one column per
// axis, rows a, b, verdict, result. Down, where that is wider than the figure (a phone and
// many axes): one row per axis, so the text keeps its size instead of shrinking.
function tableGeometry(rank, room) {
  const left = 78;
  const across = { width: left + Math.max(rank, 1) * COL + 10, height: ROW * 5 + 8 };
  if (!room || across.width <= room) {
    return {
      ...across,
      name: (r) => ({ x: left - 10, y: r * ROW + ROW / 2 + 4, "text-anchor": "end" }),
      head: (axis) => ({ x: left + axis * COL + COL / 2, y: ROW / 2 + 4, "text-anchor": "middle" }),
      box: (axis, r) => ({ x: left + axis * COL, y: r * ROW, w: COL, h: ROW }),
      band: (axis) => ({ x: left + axis * COL + 2, y: 2, width: COL - 4, height: across.height - 6 }),
    };
  }
  const xs = DOWN.map((_, k) => 4 + DOWN.slice(0, k).reduce((sum, w) => sum + w, 0));
  const width = xs[DOWN.length - 1] + DOWN[DOWN.length - 1] + 4;
  const height = ROW * (Math.max(rank, 1) + 1) + 8;
  return {
    width,
    height,
    name: (r) => ({ x: xs[r] + DOWN[r] / 2, y: ROW / 2 + 4, "text-anchor": "middle" }),
    head: (axis) => ({ x: xs[0] + 4, y: (axis + 1) * ROW + ROW / 2 + 4, "text-anchor": "start" }),
    box: (axis, r) => ({ x: xs[r], y: (axis + 1) * ROW, w: DOWN[r], h: ROW }),
    band: (axis) => ({ x: 2, y: (axis + 1) * ROW + 2, width: width - 4, height: ROW - 4 }),
  };
}

// The centre of a table box, for its text.
function centre(at, axis, r, dy = 4) {
  const b = at.box(axis, r);
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 + dy, "text-anchor": "middle" };
}

// One operand (or the result) as a capped grid of its last two axes; returns its width.
function drawOperand(parent, x0, y0, block) {
  const { p, values, kind } = block;
  const rows = p.rows.shown + (p.rows.ellipsis ? 1 : 0);
  const cols = p.cols.shown + (p.cols.ellipsis ? 1 : 0);
  const g = svg("g", { class: `bc-op bc-op--${kind}` }, parent);
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < cols; j += 1) {
      const x = x0 + j * CELL;
      const y = y0 + i * CELL;
      const lastRow = p.rows.ellipsis && i === rows - 1;
      const lastCol = p.cols.ellipsis && j === cols - 1;
      if (lastRow || lastCol) {
        svgText(g, { x: x + CELL / 2, y: y + CELL / 2 + 5, "text-anchor": "middle", class: "bc-text bc-text--ghost" }, lastRow && lastCol ? "⋱" : lastRow ? "⋮" : "⋯");
        continue;
      }
      const copy = kind !== "result" && (i >= p.rows.own || j >= p.cols.own);
      svg("rect", { x, y, width: CELL, height: CELL, class: `bc-cell${copy ? " bc-cell--copy" : ""}` }, g);
      svgText(g, { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle", class: `bc-value${copy ? " bc-value--copy" : ""}` }, String(values[i][j]));
    }
  }
  svgText(g, { x: x0, y: y0 + rows * CELL + 16, class: "bc-caption" }, block.caption);
  if (block.note) svgText(g, { x: x0, y: y0 + rows * CELL + 31, class: "bc-stride0" }, block.note);
  return cols * CELL;
}

// What the picture draws: a and b, and the result when there is one, each with its
// captions. `parts` are the operands, for the description.
function pictureBlocks(outcome, a, b) {
  const values = pictureValues(outcome);
  const parts = [["a", a], ["b", b]].map(([name, shape]) => ({ name, shape, p: picture(outcome, name) }));
  const lead = (p) => {
    const count = p.leading.reduce((product, n) => product * n, 1);
    return count > 1 ? `, one of ${count}` : "";
  };
  const blocks = parts.map((part) => ({
    p: part.p, values: values[part.name], kind: part.name, caption: `${part.name} ${formatShape(part.shape)}${lead(part.p)}`,
    note: stretchedAxes(part.p) ? `stride 0 along ${stretchedAxes(part.p)}` : "",
  }));
  if (outcome.ok) {
    const p = picture(outcome, "result");
    blocks.push({ p, values: values.result, kind: "result", caption: `result ${formatShape(outcome.result)}${lead(p)}`, note: "" });
  }
  return { parts, blocks };
}

// How far an operand's block reaches to the right, its captions included.
const advance = (block) => Math.max(gridW(block.p), 150, textW(block.caption), textW(block.note));

function drawSign(parent, x, y, text) {
  svgText(parent, { x, y: y + CELL / 2 + 6, class: "bc-sign", "text-anchor": "middle" }, text);
}

function drawNothing(parent, x, y) {
  svg("rect", { x, y, width: NOTHING_W, height: CELL * 2, rx: 4, class: "bc-nothing" }, parent);
  svgText(parent, { x: x + NOTHING_W / 2, y: y + CELL + 5, "text-anchor": "middle", class: "bc-text" }, "✗ no result");
}

// a + b = result side by side; returns the picture's size.
function drawPictureRow(g, blocks, ok) {
  const y0 = 26;
  let x = 8;
  blocks.forEach((block, k) => {
    drawOperand(g, x, y0, block);
    if (k < 2) {
      x += advance(block) + 10;
      drawSign(g, x + 4, y0, k === 0 ? "+" : "=");
      x += 20;
    } else x += Math.max(gridW(block.p), textW(block.caption));
  });
  if (!ok) {
    drawNothing(g, x, y0);
    x += NOTHING_W;
  }
  svgText(g, { x: 8, y: 15, class: "bc-caption" }, PICTURE_TITLE.join(" "));
  const height = y0 + Math.max(...blocks.map((b) => gridH(b.p)), ok ? 0 : CELL * 2) + 42;
  return { width: Math.max(x + 10, 440), height };
}

// a, b and the result one under the other, the + and = signs in the margin on the left.
function drawPictureStacked(g, blocks, ok) {
  const x0 = 32;
  PICTURE_TITLE.forEach((line, k) => svgText(g, { x: 8, y: 15 + 15 * k, class: "bc-caption" }, line));
  let y = 44;
  let right = textW(PICTURE_TITLE[1]) + 8;
  blocks.forEach((block, k) => {
    if (k) drawSign(g, 16, y, k === 1 ? "+" : "=");
    drawOperand(g, x0, y, block);
    right = Math.max(right, x0 + gridW(block.p), x0 + textW(block.caption), x0 + textW(block.note));
    y += gridH(block.p) + (block.note ? 31 : 16) + 18;
  });
  if (!ok) {
    drawSign(g, 16, y, "=");
    drawNothing(g, x0, y);
    right = Math.max(right, x0 + NOTHING_W);
    y += CELL * 2 + 12;
  }
  return { width: right + 10, height: y };
}

class Broadcast {
  constructor(root) {
    this.root = root;
    this.state = { a: [...PRESETS[0].a], b: [...PRESETS[0].b], error: null, hover: null };
    this.view = buildBroadcast(root);
    this.announce = announcer(this.view.box);
    this.bindInput();
    this.update(false);
    onWidthChange(this.view.box, () => {
      const outcome = broadcast(this.state.a, this.state.b);
      this.drawTable(outcome);
      this.drawPicture(outcome);
    });
  }

  bindInput() {
    const { inputA, inputB, apply, presets } = this.view;
    onEnter(inputA, () => this.applyInputs());
    onEnter(inputB, () => this.applyInputs());
    apply.addEventListener("click", () => this.applyInputs());
    presets.forEach((element, k) => {
      element.addEventListener("click", () => {
        this.state.a = [...PRESETS[k].a];
        this.state.b = [...PRESETS[k].b];
        this.update(true);
      });
    });
  }

  bindColumn(col, axis) {
    col.addEventListener("pointerenter", () => this.hover(axis));
    col.addEventListener("pointerleave", () => this.hover(null));
  }

  // ----- what the reader does -----

  applyInputs() {
    const { inputA, inputB } = this.view;
    const pa = parseShape(inputA.value);
    const pb = parseShape(inputB.value);
    inputA.toggleAttribute("aria-invalid", !pa.ok);
    inputB.toggleAttribute("aria-invalid", pa.ok && !pb.ok);
    if (!pa.ok) return this.reportInputError(`Shape of a: ${pa.error}`);
    if (!pb.ok) return this.reportInputError(`Shape of b: ${pb.error}`);
    if (pa.shape.length > MAX_AXES || pb.shape.length > MAX_AXES) return this.reportInputError(`The widget lines up at most ${MAX_AXES} axes.`);
    this.state.a = pa.shape;
    this.state.b = pb.shape;
    this.update(true);
  }

  reportInputError(message) {
    const { inputError } = this.view;
    this.state.error = message;
    inputError.textContent = message;
    inputError.hidden = false;
    this.announce(message);
    this.publishState(broadcast(this.state.a, this.state.b));
  }

  hover(axis) {
    this.state.hover = axis;
    for (const el of [...this.view.table.root.querySelectorAll(".bc-col"), ...this.view.axesList.querySelectorAll("[data-axis]")]) {
      el.classList.toggle("bc--hover", Number(el.dataset.axis) === axis);
    }
  }

  // ----- drawing from the state -----

  update(speak) {
    const { inputA, inputB, inputError } = this.view;
    this.state.error = null;
    inputError.hidden = true;
    inputA.removeAttribute("aria-invalid");
    inputB.removeAttribute("aria-invalid");
    inputA.value = formatShape(this.state.a);
    inputB.value = formatShape(this.state.b);
    const outcome = broadcast(this.state.a, this.state.b);
    this.drawTable(outcome);
    this.drawPicture(outcome);
    this.drawOutcome(outcome);
    if (speak) this.announce(describe(this.state.a, this.state.b, outcome));
    this.publishState(outcome);
  }

  drawOutcome(outcome) {
    const { outcomeEl, axesList } = this.view;
    outcomeEl.replaceChildren();
    outcomeEl.classList.toggle("book-widget__error", !outcome.ok);
    if (outcome.ok) {
      outcomeEl.append(`${formatShape(this.state.a)} + ${formatShape(this.state.b)} → result shape `);
      html("code", { text: formatShape(outcome.result) }, outcomeEl);
    } else {
      outcomeEl.append("torch raises ");
      html("code", { text: `RuntimeError: ${outcome.error}` }, outcomeEl);
    }
    axesList.replaceChildren();
    for (const axis of outcome.axes) {
      html("li", { class: `bc__axis bc__axis--${axis.verdict}`, "data-axis": String(axis.index), text: axisSentence(axis, outcome.ok) }, axesList);
    }
    if (outcome.rank === 0) html("li", { text: "Both are scalars: no axes to line up, the result is a scalar too." }, axesList);
  }

  drawTable(outcome) {
    const { table, tableFigure } = this.view;
    const g = table.root;
    table.clear();
    const rank = outcome.rank;
    const at = tableGeometry(rank, tableFigure.clientWidth);
    g.setAttribute("viewBox", `0 0 ${at.width} ${at.height}`);
    g.style.maxWidth = `${Math.round(at.width * 1.25)}px`;
    ROW_NAMES.forEach((name, r) => name && svgText(g, { ...at.name(r), class: "bc-rowname" }, name));
    if (rank === 0) svgText(g, { ...centre(at, 0, 4), class: "bc-text" }, "[] (a scalar)");
    for (const axis of outcome.axes) this.drawColumn(g, at, axis, outcome);
    const lines = outcome.axes.map((axis) => axisSentence(axis, outcome.ok));
    table.setDescription(`${describe(this.state.a, this.state.b, outcome)} Lined up on the right: ${lines.join("; ")}.${rank ? "" : " Both are scalars."}`);
  }

  // One axis of the table: its two lengths (a ghost where a shape has no such axis), its verdict and result.
  drawColumn(g, at, axis, outcome) {
    const k = axis.index;
    const col = svg("g", { class: `bc-col bc-col--${axis.verdict}${outcome.failingAxis === k ? " bc-col--reported" : ""}`, "data-axis": String(k) }, g);
    this.bindColumn(col, k);
    svg("rect", { ...at.band(k), rx: 6, class: "bc-col__band" }, col);
    svgText(col, { ...at.head(k), class: "bc-head" }, `axis ${k}`);
    const length = (row, own, stretchedHere) => {
      const ghost = own === null;
      const b = at.box(k, row);
      svg("rect", { x: b.x + 8, y: b.y + 4, width: b.w - 16, height: b.h - 8, rx: 3, class: `bc-len${ghost ? " bc-len--ghost" : ""}${stretchedHere ? " bc-len--stretched" : ""}` }, col);
      svgText(col, { ...centre(at, k, row, 5), class: `bc-text${ghost ? " bc-text--ghost" : ""}` }, ghost ? "(1)" : String(own));
    };
    length(1, axis.a, axis.verdict === "stretch-a");
    length(2, axis.b, axis.verdict === "stretch-b");
    svgText(col, { ...centre(at, k, 3), class: `bc-verdict bc-verdict--${axis.verdict}` }, VERDICT_TEXT[axis.verdict]);
    svgText(col, { ...centre(at, k, 4), class: "bc-text bc-result" }, axis.verdict === "error" ? "✗" : outcome.ok ? String(axis.result) : "·");
  }

  // The picture: a + b = result, side by side; stacked (one under the other) where the
  // row would be wider than the figure, so the values keep their size on a phone.
  drawPicture(outcome) {
    const { picture: drawing, pictureFigure } = this.view;
    const g = drawing.root;
    drawing.clear();
    const { parts, blocks } = pictureBlocks(outcome, this.state.a, this.state.b);
    const rowWidth = 8 + blocks.slice(0, 2).reduce((sum, b) => sum + advance(b) + 30, 0)
      + (outcome.ok ? Math.max(gridW(blocks[2].p), textW(blocks[2].caption)) : NOTHING_W) + 10;
    const room = pictureFigure.clientWidth;
    const stacked = Boolean(room) && Math.max(rowWidth, 440) > room;
    const { width, height } = stacked ? drawPictureStacked(g, blocks, outcome.ok) : drawPictureRow(g, blocks, outcome.ok);
    g.setAttribute("viewBox", `0 0 ${width} ${height}`);
    g.style.maxWidth = `${Math.round(width * 1.25)}px`;
    const sentence = (part) => {
      const d = stretchedAxes(part.p);
      return `${part.name} ${formatShape(part.shape)}${d ? `, with dashed copies along the stretched ${d}, marked stride 0` : ""}`;
    };
    drawing.setDescription(
      `${sentence(parts[0])}; plus ${sentence(parts[1])}; ${outcome.ok ? `equals the result ${formatShape(outcome.result)}.` : "no result: the shapes do not broadcast."}`,
    );
  }

  publishState(outcome) {
    publish(this.root, {
      a: this.state.a,
      b: this.state.b,
      ok: outcome.ok,
      result: outcome.result,
      error: outcome.error,
      inputError: this.state.error,
      verdicts: outcome.axes.map((axis) => axis.verdict),
      ghosts: { a: outcome.axes.map((axis) => axis.a === null), b: outcome.axes.map((axis) => axis.b === null) },
      strideA: outcome.strideA ?? null,
      strideB: outcome.strideB ?? null,
    });
  }
}
