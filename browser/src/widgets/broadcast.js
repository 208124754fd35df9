// broadcast: type two shapes (or pick a preset). They are lined up on the right,
// missing leading axes appear as dashed ghosts, each axis gets a verdict (equal /
// stretched / error), and the picture of the last two axes draws stretched values as
// dashed copies marked "stride 0". The result shape, or torch's exact error, below.
// Every number comes from broadcast-math.js.

import { announcer, button, describedSvg, html, publish, svg } from "./svg.js";
import { PRESETS, axisSentence, broadcast, describe, formatShape, parseShape, picture, pictureValues } from "./broadcast-math.js";

const COL = 88; // width of one axis column in the table
const ROW = 34;
const CELL = 28; // picture cell

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

  function drawTable(outcome) {
    const g = table.root;
    g.querySelectorAll(":scope > :not(title):not(desc)").forEach((el) => el.remove());
    const rank = outcome.rank;
    const left = 78;
    const W = left + Math.max(rank, 1) * COL + 10;
    const H = ROW * 5 + 8;
    g.setAttribute("viewBox", `0 0 ${W} ${H}`);
    g.style.maxWidth = `${Math.round(W * 1.25)}px`;
    const rowNames = ["", "a", "b", "verdict", "result"];
    rowNames.forEach((name, r) => {
      if (!name) return;
      const t = svg("text", { x: left - 10, y: r * ROW + ROW / 2 + 4, "text-anchor": "end", class: "bc-rowname" }, g);
      t.textContent = name;
    });
    if (rank === 0) {
      const t = svg("text", { x: left + 4, y: 4 * ROW + ROW / 2 + 4, class: "bc-text" }, g);
      t.textContent = "[] (a scalar)";
    }
    for (const axis of outcome.axes) {
      const x = left + axis.index * COL;
      const col = svg("g", { class: `bc-col bc-col--${axis.verdict}${outcome.failingAxis === axis.index ? " bc-col--reported" : ""}`, "data-axis": String(axis.index) }, g);
      col.addEventListener("pointerenter", () => hover(axis.index));
      col.addEventListener("pointerleave", () => hover(null));
      svg("rect", { x: x + 2, y: 2, width: COL - 4, height: H - 6, rx: 6, class: "bc-col__band" }, col);
      const head = svg("text", { x: x + COL / 2, y: ROW / 2 + 4, "text-anchor": "middle", class: "bc-head" }, col);
      head.textContent = `axis ${axis.index}`;
      const cell = (row, own, stretchedHere) => {
        const ghost = own === null;
        const y = row * ROW + 4;
        svg("rect", { x: x + 8, y, width: COL - 16, height: ROW - 8, rx: 3, class: `bc-len${ghost ? " bc-len--ghost" : ""}${stretchedHere ? " bc-len--stretched" : ""}` }, col);
        const t = svg("text", { x: x + COL / 2, y: y + (ROW - 8) / 2 + 5, "text-anchor": "middle", class: `bc-text${ghost ? " bc-text--ghost" : ""}` }, col);
        t.textContent = ghost ? "(1)" : String(own);
      };
      cell(1, axis.a, axis.verdict === "stretch-a");
      cell(2, axis.b, axis.verdict === "stretch-b");
      const verdict = svg("text", { x: x + COL / 2, y: 3 * ROW + ROW / 2 + 4, "text-anchor": "middle", class: `bc-verdict bc-verdict--${axis.verdict}` }, col);
      verdict.textContent = VERDICT_TEXT[axis.verdict];
      const result = svg("text", { x: x + COL / 2, y: 4 * ROW + ROW / 2 + 4, "text-anchor": "middle", class: "bc-text bc-result" }, col);
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

  function drawPicture(outcome) {
    const g = pic.root;
    g.querySelectorAll(":scope > :not(title):not(desc)").forEach((el) => el.remove());
    const values = pictureValues(outcome);
    const parts = [["a", state.a], ["b", state.b]].map(([name, shape]) => ({ name, shape, p: picture(outcome, name) }));
    const gap = 30;
    let x = 8;
    const y0 = 26;
    const heights = [];
    const dirs = (p) => [p.rows.stretched ? "rows" : null, p.cols.stretched ? "columns" : null].filter(Boolean).join(" and ");
    const note = (p) => (dirs(p) ? `stride 0 along ${dirs(p)}` : "");
    const lead = (p) => {
      const count = p.leading.reduce((product, n) => product * n, 1);
      return count > 1 ? `, one of ${count}` : "";
    };
    parts.forEach((part, k) => {
      const w = drawOperand(g, x, y0, part.p, values[part.name], part.name, `${part.name} ${formatShape(part.shape)}${lead(part.p)}`, note(part.p));
      heights.push((part.p.rows.shown + (part.p.rows.ellipsis ? 1 : 0)) * CELL);
      x += Math.max(w, 150) + 10;
      const sign = svg("text", { x: x + 4, y: y0 + CELL / 2 + 6, class: "bc-sign", "text-anchor": "middle" }, g);
      sign.textContent = k === 0 ? "+" : "=";
      x += gap - 10;
    });
    if (outcome.ok) {
      const p = picture(outcome, "result");
      const w = drawOperand(g, x, y0, p, values.result, "result", `result ${formatShape(outcome.result)}${lead(p)}`, "");
      heights.push((p.rows.shown + (p.rows.ellipsis ? 1 : 0)) * CELL);
      x += Math.max(w, 7.2 * `result ${formatShape(outcome.result)}${lead(p)}`.length);
    } else {
      svg("rect", { x, y: y0, width: 110, height: CELL * 2, rx: 4, class: "bc-nothing" }, g);
      const t = svg("text", { x: x + 55, y: y0 + CELL + 5, "text-anchor": "middle", class: "bc-text" }, g);
      t.textContent = "✗ no result";
      heights.push(CELL * 2);
      x += 110;
    }
    const title = svg("text", { x: 8, y: 15, class: "bc-caption" }, g);
    title.textContent = "last two axes; dashed = a stretched copy, no new memory";
    const H = y0 + Math.max(...heights) + 42;
    const width = Math.max(x + 10, 440);
    g.setAttribute("viewBox", `0 0 ${width} ${H}`);
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
}
