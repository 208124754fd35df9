// matmul: pick the shapes, then build C = A @ B one product at a time. The row of A
// and the column of B being paired are highlighted, each A[r][k]·B[k][c] and the
// running sum are shown, finished cells fill in. A mismatch mode lets A's columns and
// B's rows differ and shows torch's real error. Every number comes from matmul-math.js.

import { announcer, button, describedSvg, html, prefersReducedMotion, publish, svg } from "./svg.js";
import { DEFAULT_SHAPE, MAX_SIZE, completedBetween, matmulError, operands, progress, shapeRule } from "./matmul-math.js";

const CELL = 40; // SVG units per matrix cell
const GAP = 34; // between A and C, and between B and C
const MARGIN = 26; // room for the labels
const PLAY_MS = 600; // one product per tick while playing

const grid = (M) => `[${M.map((row) => `[${row.join(", ")}]`).join(", ")}]`;

export function mount(root) {
  const state = { R: DEFAULT_SHAPE.R, Ka: DEFAULT_SHAPE.K, Kb: DEFAULT_SHAPE.K, Cn: DEFAULT_SHAPE.Cn, mismatch: false, step: 0 };
  let timer = null;

  const box = html("div", { class: "mm" }, root);

  // Shapes.
  const controls = html("div", { class: "mm__controls" }, box);
  const select = (label, key, extraClass = "") => {
    const wrap = html("label", { class: `mm__shape ${extraClass}`.trim() }, controls);
    html("span", { text: label }, wrap);
    const el = html("select", { "data-shape": key }, wrap);
    for (let n = 1; n <= MAX_SIZE; n += 1) html("option", { value: n, text: String(n) }, el);
    el.value = String(state[key === "K" ? "Ka" : key]);
    el.addEventListener("change", () => {
      const n = Number(el.value);
      if (key === "K") {
        state.Ka = n;
        state.Kb = n;
      } else state[key] = n;
      reset();
    });
    return { wrap, el };
  };
  const rowsA = select("Rows of A (R)", "R");
  const shared = select("Shared length (K)", "K", "mm__shape--coupled");
  const colsA = select("Columns of A", "Ka", "mm__shape--split");
  const rowsB = select("Rows of B", "Kb", "mm__shape--split");
  const colsB = select("Columns of B (Cn)", "Cn");
  const mismatchWrap = html("label", { class: "mm__toggle" }, controls);
  const mismatchBox = html("input", { type: "checkbox", "data-mismatch": "" }, mismatchWrap);
  mismatchWrap.append(" Let A's columns and B's rows differ");
  mismatchBox.addEventListener("change", () => {
    state.mismatch = mismatchBox.checked;
    if (!state.mismatch) state.Kb = state.Ka;
    reset();
  });

  const badge = html("p", { class: "mm__badge" }, box);
  const figure = html("div", { class: "mm__figure" }, box);
  const { root: plot, setDescription } = describedSvg(figure, { viewBox: "0 0 100 100", title: "C = A @ B, one product at a time", label: "" });
  plot.classList.add("mm__svg");
  const error = html("p", { class: "mm__error", hidden: "" }, box);
  const work = html("div", { class: "mm__work" }, box);
  const workPair = html("p", {}, work);
  const workSum = html("p", {}, work);

  const buttons = html("div", { class: "mm__buttons", role: "group", "aria-label": "Step through the product" }, box);
  const backButton = button(buttons, "Back", () => go(state.step - 1), { "data-action": "back" });
  const stepButton = button(buttons, "Step", () => go(state.step + 1), { "data-action": "step" });
  const playButton = button(buttons, "Play", () => togglePlay(), { "data-action": "play" });
  const finishButton = button(buttons, "Finish", () => go(Infinity), { "data-action": "finish" });
  const resetButton = button(buttons, "Reset", () => go(0), { "data-action": "reset" });

  const announce = announcer(box);

  function current() {
    const { A, B } = operands(state.R, state.Ka, state.Kb, state.Cn);
    return { A, B, error: matmulError(A, B) };
  }

  function stop() {
    clearTimeout(timer);
    timer = null;
  }

  function reset() {
    stop();
    state.step = 0;
    const { error: problem } = current();
    update();
    if (problem) announce(`RuntimeError: ${problem.message}`);
    else announce(`New shapes: ${shapeRule(state.R, state.Ka, state.Kb, state.Cn)}.`);
  }

  // Move to step `target` (clamped); announce the cells this move finishes.
  function go(target, { fromPlay = false } = {}) {
    if (!fromPlay) stop();
    const { A, B, error: problem } = current();
    if (problem) return;
    const total = progress(A, B, 0).total;
    const next = Math.max(0, Math.min(total, target));
    if (next === state.step) return update();
    const finished = next > state.step ? completedBetween(A, B, state.step, next) : [];
    state.step = next;
    update();
    if (next === total && finished.length > 1) {
      announce(`All ${state.R * state.Cn} cells done: C = ${grid(progress(A, B, next).C)}.`);
    } else if (finished.length) {
      const { r, c, value } = finished[finished.length - 1];
      announce(`C[${r}][${c}] = ${value}${next === total ? `. Done: C = ${grid(progress(A, B, next).C)}.` : ""}`);
    }
  }

  function togglePlay() {
    if (timer) {
      stop();
      return update();
    }
    const { A, B, error: problem } = current();
    if (problem) return;
    const total = progress(A, B, 0).total;
    if (prefersReducedMotion()) return go(total);
    if (state.step >= total) {
      state.step = 0;
      update();
    }
    const tick = () => {
      go(state.step + 1, { fromPlay: true });
      if (state.step >= total) {
        stop();
        update();
      } else timer = setTimeout(tick, PLAY_MS);
    };
    timer = setTimeout(tick, PLAY_MS / 2);
    update();
  }

  const disable = (el, off) => el.setAttribute("aria-disabled", off ? "true" : "false");

  function update() {
    const { A, B, error: problem } = current();
    const { R, Ka, Kb, Cn } = state;
    const p = progress(A, B, state.step);
    const cur = p.current;

    shared.wrap.hidden = state.mismatch;
    colsA.wrap.hidden = !state.mismatch;
    rowsB.wrap.hidden = !state.mismatch;
    for (const [s, key] of [[rowsA, "R"], [shared, "Ka"], [colsA, "Ka"], [rowsB, "Kb"], [colsB, "Cn"]]) {
      if (s.el.value !== String(state[key])) s.el.value = String(state[key]);
    }
    mismatchBox.checked = state.mismatch;

    badge.textContent = shapeRule(R, Ka, Kb, Cn);
    badge.classList.toggle("mm__badge--error", Boolean(problem));
    error.hidden = !problem;
    error.textContent = problem ? `${problem.type}: ${problem.message}` : "";

    // Layout: B top right, A bottom left, C bottom right (rows of A meet columns of B in C).
    const xA = MARGIN;
    const xB = MARGIN + Ka * CELL + GAP;
    const yB = MARGIN;
    const yA = MARGIN + Kb * CELL + GAP;
    const width = xB + Cn * CELL + MARGIN / 2;
    const height = yA + R * CELL + MARGIN / 2;
    plot.setAttribute("viewBox", `0 0 ${width} ${height}`);
    plot.style.maxWidth = `${Math.round(width * 1.35)}px`;
    plot.replaceChildren(...[...plot.children].filter((el) => el.tagName === "title" || el.tagName === "desc"));

    const label = (x, y, text, cls = "") => {
      const t = svg("text", { x, y, class: `mm-label ${cls}`.trim(), "text-anchor": "middle" }, plot);
      t.textContent = text;
    };
    label(xA + (Ka * CELL) / 2, yA - 8, `A (${R}×${Ka})`);
    label(xB + (Cn * CELL) / 2, yB - 8, `B (${Kb}×${Cn})`);
    label(xA + (Ka * CELL) / 2, yB + (Kb * CELL) / 2 + 5, "C = A @ B", "mm-label--title");

    // Highlighted row of A and column of B: the cell in progress, or (mismatch) row 0 and column 0.
    const hr = problem ? 0 : cur?.r;
    const hc = problem ? 0 : cur?.c;
    if (hr !== undefined) svg("rect", { x: xA - 3, y: yA + hr * CELL - 3, width: Ka * CELL + 6, height: CELL + 6, rx: 6, class: "mm-band" }, plot);
    if (hc !== undefined) svg("rect", { x: xB + hc * CELL - 3, y: yB - 3, width: CELL + 6, height: Kb * CELL + 6, rx: 6, class: "mm-band" }, plot);

    const cell = (x, y, text, cls) => {
      const g = svg("g", { class: `mm-cell ${cls}`.trim() }, plot);
      svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4 }, g);
      const t = svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 5, "text-anchor": "middle" }, g);
      t.textContent = text;
      return g;
    };
    A.forEach((row, r) =>
      row.forEach((value, k) => {
        const pairNow = cur && !problem && cur.r === r && cur.k === k;
        cell(xA + k * CELL, yA + r * CELL, String(value), `mm-cell--a${pairNow ? " mm-cell--pair" : ""}${problem && r === 0 ? " mm-cell--probe" : ""}`);
      }),
    );
    B.forEach((row, k) =>
      row.forEach((value, c) => {
        const pairNow = cur && !problem && cur.c === c && cur.k === k;
        cell(xB + c * CELL, yB + k * CELL, String(value), `mm-cell--b${pairNow ? " mm-cell--pair" : ""}${problem && c === 0 ? " mm-cell--probe" : ""}`);
      }),
    );
    if (problem) {
      svg("rect", { x: xB + 2, y: yA + 2, width: Cn * CELL - 4, height: R * CELL - 4, rx: 4, class: "mm-nothing" }, plot);
      const t = svg("text", { x: xB + (Cn * CELL) / 2, y: yA + (R * CELL) / 2 + 5, "text-anchor": "middle", class: "mm-label" }, plot);
      t.textContent = "no C";
    } else {
      for (let r = 0; r < R; r += 1) {
        for (let c = 0; c < Cn; c += 1) {
          const value = p.C[r][c];
          const state_ = p.done[r][c] ? "mm-cell--done" : value !== null ? "mm-cell--running" : "mm-cell--empty";
          const now = cur && cur.r === r && cur.c === c ? " mm-cell--current" : "";
          cell(xB + c * CELL, yA + r * CELL, value === null ? "" : String(value), `mm-cell--c ${state_}${now}`);
        }
      }
    }

    // The arithmetic in words.
    if (problem) {
      workPair.textContent = `A row of A has ${Ka} entries but a column of B has ${Kb}: they cannot be paired, so there is no product.`;
      workSum.textContent = "Make the two inner lengths equal (or switch the mode off) to multiply.";
    } else if (!cur) {
      workPair.textContent = `Press Step to multiply the first pair: row 0 of A with column 0 of B (${Ka} products per cell, ${R * Cn} cells).`;
      workSum.textContent = "";
    } else {
      workPair.textContent = `C[${cur.r}][${cur.c}], k = ${cur.k}: A[${cur.r}][${cur.k}] × B[${cur.k}][${cur.c}] = ${cur.a} × ${cur.b} = ${cur.product}`;
      const sum = p.terms.map((term) => term.product).join(" + ");
      workSum.textContent = cur.last
        ? `C[${cur.r}][${cur.c}] = ${p.terms.map((term) => `${term.a}×${term.b}`).join(" + ")} = ${sum} = ${cur.sum}${p.complete ? ". All cells done." : ""}`
        : `Running sum: ${sum} = ${cur.sum} (${cur.k + 1} of ${Ka} products)`;
    }

    const total = p.total;
    disable(backButton, Boolean(problem) || p.step === 0);
    disable(stepButton, Boolean(problem) || p.step >= total);
    disable(finishButton, Boolean(problem) || p.step >= total);
    disable(playButton, Boolean(problem));
    disable(resetButton, Boolean(problem) || p.step === 0);
    playButton.textContent = timer ? "Pause" : "Play";
    playButton.setAttribute("aria-pressed", timer ? "true" : "false");

    setDescription(
      problem
        ? `A is ${R} by ${Ka} and B is ${Kb} by ${Cn}. The inner lengths ${Ka} and ${Kb} differ, so A @ B raises RuntimeError: ${problem.message}.`
        : `A is ${R} by ${Ka}, B is ${Ka} by ${Cn}, so C is ${R} by ${Cn}. ` +
            (cur
              ? `Working on C[${cur.r}][${cur.c}]: row ${cur.r} of A with column ${cur.c} of B, product ${cur.k + 1} of ${Ka}, running sum ${cur.sum}. `
              : "No products yet. ") +
            `${p.finished} of ${R * Cn} cells finished.`,
    );

    publish(root, {
      R,
      K: Ka,
      Ka,
      Kb,
      Cn,
      mismatch: state.mismatch,
      rule: shapeRule(R, Ka, Kb, Cn),
      error: problem ? `${problem.type}: ${problem.message}` : null,
      A,
      B,
      step: p.step,
      total,
      current: cur,
      C: problem ? null : p.C,
      done: problem ? null : p.done,
      finished: p.finished,
      complete: p.complete,
      playing: Boolean(timer),
    });
  }

  // Buttons marked aria-disabled stay focusable (keyboard users keep their place) but do nothing.
  buttons.addEventListener(
    "click",
    (event) => {
      const target = event.target.closest("button");
      if (target?.getAttribute("aria-disabled") === "true") event.stopImmediatePropagation();
    },
    true,
  );

  update();
}
