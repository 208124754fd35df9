// broadcast: type two shapes (or pick a preset). They are lined up on the right,
// missing leading axes appear as dashed ghosts, each axis gets a verdict (equal /
// stretched / error), and the picture of the last two axes draws stretched values as
// dashed copies marked "stride 0". The result shape, or torch's exact error, below.
// Every number comes from broadcast-math.js.

import { announcer, button, describedSvg, html, onWidthChange, publish, svg } from "./svg.js";
import { PRESETS, axisSentence, broadcast, describe, formatShape, parseShape, picture, pictureValues } from "./broadcast-math.js";

const COL = 88; // width of one axis column in the table
const ROW = 34;
const CELL = 28; // picture cell
// The table turned a quarter (one row per axis) where the axes do not fit side by side:
// the widths of its columns (axis, a, b, verdict, result).
const DOWN = [60, 52, 52, 96, 52];

const VERDICT_TEXT = { equal: "equal", "stretch-a": "a stretched", "stretch-b": "b stretched", error: "error" };

export function mount(root) {
  const state = { a: [...PRESETS[0].a], b: [...PRESETS[0].b], error: null, hover: null };

  const box = html("div", { class: "bc" }, root);
  html("p", { class: "bc__hint", text: "Type two shapes or pick a preset. Shapes line up on the right; a missing axis counts as 1." }, box);

  const inputs = html("div", { class: "bc__inputs" }, box);
  const field = (name) => {
    const label = html("label", { class: "bc__field" }, inputs);
    html("span", { text: `Shape of ${name}` }, label);
    const input = html("input", { type: "text", "data-input": name, spellcheck: "false", autocomplete: "off" }, label);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        applyInputs();
      }
    });
    return input;
  };
  const inputA = field("a");
  const inputB = field("b");
  button(inputs, "Broadcast", () => applyInputs(), { "data-action": "apply" });
  const inputError = html("p", { class: "bc__input-error", id: `bc-err-${Math.random().toString(36).slice(2, 8)}`, hidden: "" }, box);
  inputA.setAttribute("aria-describedby", inputError.id);
  inputB.setAttribute("aria-describedby", inputError.id);

  const presets = html("div", { class: "bc__presets", role: "group", "aria-label": "Preset shape pairs" }, box);
  PRESETS.forEach((preset, k) => {
    button(presets, `${formatShape(preset.a)} + ${formatShape(preset.b)}${preset.label === "fails" ? " (fails)" : ""}`, () => {
      state.a = [...preset.a];
      state.b = [...preset.b];
      update(true);
    }, { "data-preset": String(k) });
  });

  const tableFigure = html("div", { class: "bc__figure" }, box);
  const table = describedSvg(tableFigure, { viewBox: "0 0 300 200", title: "The two shapes lined up on the right, axis by axis", label: "" });
  table.root.classList.add("bc__svg");
  const outcomeEl = html("p", { class: "bc__outcome", "data-readout": "outcome" }, box);
  const axesList = html("ul", { class: "bc__axes", "aria-label": "Axis by axis" }, box);
  const pictureFigure = html("div", { class: "bc__figure" }, box);
  const pic = describedSvg(pictureFigure, { viewBox: "0 0 300 200", title: "The values of the last two axes, with stretched copies", label: "" });
  pic.root.classList.add("bc__svg");
  const announce = announcer(box);

  function applyInputs() {
    const pa = parseShape(inputA.value);
    const pb = parseShape(inputB.value);
    const bad = !pa.ok ? ["a", inputA, pa.error] : !pb.ok ? ["b", inputB, pb.error] : null;
    inputA.toggleAttribute("aria-invalid", !pa.ok);
    inputB.toggleAttribute("aria-invalid", pa.ok && !pb.ok);
    if (bad) {
      state.error = `Shape of ${bad[0]}: ${bad[2]}`;
      inputError.textContent = state.error;
      inputError.hidden = false;
      announce(state.error);
      publishState(broadcast(state.a, state.b));
      return;
    }
    if (pa.shape.length > 6 || pb.shape.length > 6) {
      state.error = "The widget lines up at most 6 axes.";
      inputError.textContent = state.error;
      inputError.hidden = false;
      announce(state.error);
      publishState(broadcast(state.a, state.b));
      return;
    }
    state.a = pa.shape;
    state.b = pb.shape;
    update(true);
  }

  function update(speak) {
    state.error = null;
    inputError.hidden = true;
    inputA.removeAttribute("aria-invalid");
    inputB.removeAttribute("aria-invalid");
    inputA.value = formatShape(state.a);
    inputB.value = formatShape(state.b);
    const outcome = broadcast(state.a, state.b);
    drawTable(outcome);
    drawPicture(outcome);
    outcomeEl.replaceChildren();
    outcomeEl.classList.toggle("bc__outcome--error", !outcome.ok);
    if (outcome.ok) {
      outcomeEl.append(`${formatShape(state.a)} + ${formatShape(state.b)} → result shape `);
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
    if (speak) announce(describe(state.a, state.b, outcome));
    publishState(outcome);
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

  function drawTable(outcome) {
    const g = table.root;
    g.querySelectorAll(":scope > :not(title):not(desc)").forEach((el) => el.remove());
    const rank = outcome.rank;
    const at = tableGeometry(rank, tableFigure.clientWidth);
    g.setAttribute("viewBox", `0 0 ${at.width} ${at.height}`);
    g.style.maxWidth = `${Math.round(at.width * 1.25)}px`;
    const rowNames = ["", "a", "b", "verdict", "result"];
    rowNames.forEach((name, r) => {
      if (!name) return;
      const t = svg("text", { ...at.name(r), class: "bc-rowname" }, g);
      t.textContent = name;
    });
    const centre = (axis, r, dy = 4) => {
      const b = at.box(axis, r);
      return { x: b.x + b.w / 2, y: b.y + b.h / 2 + dy, "text-anchor": "middle" };
    };
    if (rank === 0) {
      const t = svg("text", { ...centre(0, 4), class: "bc-text" }, g);
      t.textContent = "[] (a scalar)";
    }
    for (const axis of outcome.axes) {
      const k = axis.index;
      const col = svg("g", { class: `bc-col bc-col--${axis.verdict}${outcome.failingAxis === k ? " bc-col--reported" : ""}`, "data-axis": String(k) }, g);
      col.addEventListener("pointerenter", () => hover(k));
      col.addEventListener("pointerleave", () => hover(null));
      svg("rect", { ...at.band(k), rx: 6, class: "bc-col__band" }, col);
      const head = svg("text", { ...at.head(k), class: "bc-head" }, col);
      head.textContent = `axis ${k}`;
      const cell = (row, own, stretchedHere) => {
        const ghost = own === null;
        const b = at.box(k, row);
        svg("rect", { x: b.x + 8, y: b.y + 4, width: b.w - 16, height: b.h - 8, rx: 3, class: `bc-len${ghost ? " bc-len--ghost" : ""}${stretchedHere ? " bc-len--stretched" : ""}` }, col);
        const t = svg("text", { ...centre(k, row, 5), class: `bc-text${ghost ? " bc-text--ghost" : ""}` }, col);
        t.textContent = ghost ? "(1)" : String(own);
      };
      cell(1, axis.a, axis.verdict === "stretch-a");
      cell(2, axis.b, axis.verdict === "stretch-b");
      const verdict = svg("text", { ...centre(k, 3), class: `bc-verdict bc-verdict--${axis.verdict}` }, col);
      verdict.textContent = VERDICT_TEXT[axis.verdict];
      const result = svg("text", { ...centre(k, 4), class: "bc-text bc-result" }, col);
      result.textContent = axis.verdict === "error" ? "✗" : outcome.ok ? String(axis.result) : "·";
    }
    const lines = outcome.axes.map((axis) => axisSentence(axis, outcome.ok));
    table.setDescription(`${describe(state.a, state.b, outcome)} Lined up on the right: ${lines.join("; ")}.${rank ? "" : " Both are scalars."}`);
  }

  // One operand (or the result) as a capped grid of its last two axes.
  function drawOperand(parent, x0, y0, p, values, kind, caption, stretchNote) {
    const rows = p.rows.shown + (p.rows.ellipsis ? 1 : 0);
    const cols = p.cols.shown + (p.cols.ellipsis ? 1 : 0);
    const g = svg("g", { class: `bc-op bc-op--${kind}` }, parent);
    for (let i = 0; i < rows; i += 1) {
      for (let j = 0; j < cols; j += 1) {
        const x = x0 + j * CELL;
        const y = y0 + i * CELL;
        const ellipsis = (p.rows.ellipsis && i === rows - 1) || (p.cols.ellipsis && j === cols - 1);
        if (ellipsis) {
          const t = svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 5, "text-anchor": "middle", class: "bc-text bc-text--ghost" }, g);
          t.textContent = p.rows.ellipsis && i === rows - 1 && p.cols.ellipsis && j === cols - 1 ? "⋱" : i === rows - 1 && p.rows.ellipsis ? "⋮" : "⋯";
          continue;
        }
        const copy = kind !== "result" && (i >= p.rows.own || j >= p.cols.own);
        svg("rect", { x, y, width: CELL, height: CELL, class: `bc-cell${copy ? " bc-cell--copy" : ""}` }, g);
        const t = svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle", class: `bc-value${copy ? " bc-value--copy" : ""}` }, g);
        t.textContent = String(values[i][j]);
      }
    }
    const cap = svg("text", { x: x0, y: y0 + rows * CELL + 16, class: "bc-caption" }, g);
    cap.textContent = caption;
    if (stretchNote) {
      const note = svg("text", { x: x0, y: y0 + rows * CELL + 31, class: "bc-stride0" }, g);
      note.textContent = stretchNote;
    }
    return cols * CELL;
  }

  // The picture: a + b = result, side by side; stacked (one under the other) where the
  // row would be wider than the figure, so the values keep their size on a phone.
  function drawPicture(outcome) {
    const g = pic.root;
    g.querySelectorAll(":scope > :not(title):not(desc)").forEach((el) => el.remove());
    const values = pictureValues(outcome);
    const parts = [["a", state.a], ["b", state.b]].map(([name, shape]) => ({ name, shape, p: picture(outcome, name) }));
    const dirs = (p) => [p.rows.stretched ? "rows" : null, p.cols.stretched ? "columns" : null].filter(Boolean).join(" and ");
    const note = (p) => (dirs(p) ? `stride 0 along ${dirs(p)}` : "");
    const lead = (p) => {
      const count = p.leading.reduce((product, n) => product * n, 1);
      return count > 1 ? `, one of ${count}` : "";
    };
    const gridW = (p) => (p.cols.shown + (p.cols.ellipsis ? 1 : 0)) * CELL;
    const gridH = (p) => (p.rows.shown + (p.rows.ellipsis ? 1 : 0)) * CELL;
    const blocks = parts.map((part) => ({
      p: part.p, values: values[part.name], kind: part.name, caption: `${part.name} ${formatShape(part.shape)}${lead(part.p)}`, note: note(part.p),
    }));
    if (outcome.ok) {
      const p = picture(outcome, "result");
      blocks.push({ p, values: values.result, kind: "result", caption: `result ${formatShape(outcome.result)}${lead(p)}`, note: "" });
    }
    const textW = (text) => 7.2 * text.length; // 12 px monospace
    const nothingW = 110;
    const title = ["last two axes;", "dashed = a stretched copy, no new memory"];
    const advance = (b) => Math.max(gridW(b.p), 150, textW(b.caption), textW(b.note)); // room for its captions too
    const rowWidth = 8 + blocks.slice(0, 2).reduce((sum, b) => sum + advance(b) + 30, 0)
      + (outcome.ok ? Math.max(gridW(blocks[2].p), textW(blocks[2].caption)) : nothingW) + 10;
    const room = pictureFigure.clientWidth;
    const stacked = Boolean(room) && Math.max(rowWidth, 440) > room;

    const sign = (x, y, text) => {
      const t = svg("text", { x, y: y + CELL / 2 + 6, class: "bc-sign", "text-anchor": "middle" }, g);
      t.textContent = text;
    };
    const nothing = (x, y) => {
      svg("rect", { x, y, width: nothingW, height: CELL * 2, rx: 4, class: "bc-nothing" }, g);
      const t = svg("text", { x: x + nothingW / 2, y: y + CELL + 5, "text-anchor": "middle", class: "bc-text" }, g);
      t.textContent = "✗ no result";
    };
    let width;
    let height;
    if (!stacked) {
      const y0 = 26;
      let x = 8;
      blocks.forEach((block, k) => {
        drawOperand(g, x, y0, block.p, block.values, block.kind, block.caption, block.note);
        if (k < 2) {
          x += advance(block) + 10;
          sign(x + 4, y0, k === 0 ? "+" : "=");
          x += 20;
        } else x += Math.max(gridW(block.p), textW(block.caption));
      });
      if (!outcome.ok) {
        nothing(x, y0);
        x += nothingW;
      }
      const t = svg("text", { x: 8, y: 15, class: "bc-caption" }, g);
      t.textContent = title.join(" ");
      height = y0 + Math.max(...blocks.map((b) => gridH(b.p)), outcome.ok ? 0 : CELL * 2) + 42;
      width = Math.max(x + 10, 440);
    } else {
      const x0 = 32; // the + and = signs sit in the margin on the left
      title.forEach((line, k) => {
        const t = svg("text", { x: 8, y: 15 + 15 * k, class: "bc-caption" }, g);
        t.textContent = line;
      });
      let y = 44;
      let right = textW(title[1]) + 8;
      blocks.forEach((block, k) => {
        if (k) sign(16, y, k === 1 ? "+" : "=");
        drawOperand(g, x0, y, block.p, block.values, block.kind, block.caption, block.note);
        right = Math.max(right, x0 + gridW(block.p), x0 + textW(block.caption), x0 + textW(block.note));
        y += gridH(block.p) + (block.note ? 31 : 16) + 18;
      });
      if (!outcome.ok) {
        sign(16, y, "=");
        nothing(x0, y);
        right = Math.max(right, x0 + nothingW);
        y += CELL * 2 + 12;
      }
      height = y;
      width = right + 10;
    }
    g.setAttribute("viewBox", `0 0 ${width} ${height}`);
    g.style.maxWidth = `${Math.round(width * 1.25)}px`;
    const sentence = (part) => {
      const d = dirs(part.p);
      return `${part.name} ${formatShape(part.shape)}${d ? `, with dashed copies along the stretched ${d}, marked stride 0` : ""}`;
    };
    pic.setDescription(
      `${sentence(parts[0])}; plus ${sentence(parts[1])}; ${outcome.ok ? `equals the result ${formatShape(outcome.result)}.` : "no result: the shapes do not broadcast."}`,
    );
  }

  function hover(axis) {
    state.hover = axis;
    for (const el of [...table.root.querySelectorAll(".bc-col"), ...axesList.querySelectorAll("[data-axis]")]) {
      el.classList.toggle("bc--hover", Number(el.dataset.axis) === axis);
    }
  }

  function publishState(outcome) {
    publish(root, {
      a: state.a,
      b: state.b,
      ok: outcome.ok,
      result: outcome.result,
      error: outcome.error,
      inputError: state.error,
      verdicts: outcome.axes.map((axis) => axis.verdict),
      ghosts: { a: outcome.axes.map((axis) => axis.a === null), b: outcome.axes.map((axis) => axis.b === null) },
      strideA: outcome.strideA ?? null,
      strideB: outcome.strideB ?? null,
    });
  }

  update(false);
  onWidthChange(box, () => {
    const outcome = broadcast(state.a, state.b);
    drawTable(outcome);
    drawPicture(outcome);
  });
}
