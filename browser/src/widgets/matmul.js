// matmul: pick the shapes, then build C = A @ B one product at a time. The row of A
// and the column of B being paired are highlighted, each A[r][k]·B[k][c] and the
// running sum are shown, finished cells fill in. A mismatch mode lets A's columns and
// B's rows differ and shows torch's real error. Every number comes from matmul-math.js.

import "./matmul.css";
import { announcer, describedSvg, html, publish, svg, svgText } from "./svg.js";
import { DEFAULT_SHAPE, MAX_SIZE, completedBetween, matmulError, operands, progress, shapeRule } from "./matmul-math.js";
import { Playback, buildStepButtons } from "./stepper.js";
import { counted } from "./words.js";

const CELL = 40; // SVG units per matrix cell
const GAP = 34; // between A and C, and between B and C
const MARGIN = 26; // room for the labels
const PLAY_MS = 600; // one product per tick while playing

const grid = (M) => `[${M.map((row) => `[${row.join(", ")}]`).join(", ")}]`;

export function mount(root) {
  new Matmul(root);
}

// ----- the DOM: shape controls, figure, the arithmetic, the step buttons -----

function buildMatmul(root) {
  const box = html("div", { class: "mm" }, root);
  const view = { box, ...buildShapeControls(box) };
  view.badge = html("p", { class: "mm__badge" }, box);
  const figure = html("div", { class: "mm__figure" }, box);
  view.drawing = describedSvg(figure, { viewBox: "0 0 100 100", title: "C = A @ B, one product at a time", label: "" });
  view.drawing.root.classList.add("mm__svg");
  view.error = html("p", { class: "mm__error", hidden: "" }, box);
  const work = html("div", { class: "mm__work" }, box);
  view.workPair = html("p", {}, work);
  view.workSum = html("p", {}, work);
  view.buttons = buildStepButtons(box, "mm__buttons", "Step through the product");
  return view;
}

// One select per length; "K" is the shared length, split in two in mismatch mode.
function buildShapeControls(box) {
  const controls = html("div", { class: "mm__controls" }, box);
  const select = (label, key, extraClass = "") => {
    const wrap = html("label", { class: `mm__shape ${extraClass}`.trim() }, controls);
    html("span", { text: label }, wrap);
    const el = html("select", { "data-shape": key }, wrap);
    for (let n = 1; n <= MAX_SIZE; n += 1) html("option", { value: n, text: String(n) }, el);
    return { wrap, el, key };
  };
  const selects = {
    rowsA: select("Rows of A (R)", "R"),
    shared: select("Shared length (K)", "K", "mm__shape--coupled"),
    colsA: select("Columns of A", "Ka", "mm__shape--split"),
    rowsB: select("Rows of B", "Kb", "mm__shape--split"),
    colsB: select("Columns of B (Cn)", "Cn"),
  };
  const mismatchWrap = html("label", { class: "mm__toggle" }, controls);
  const mismatchBox = html("input", { type: "checkbox", "data-mismatch": "" }, mismatchWrap);
  mismatchWrap.append(" Let A's columns and B's rows differ");
  return { selects, mismatchBox };
}

// ----- the drawing's layout: B top right, A bottom left, C bottom right -----
// (rows of A meet columns of B in C)

function layout({ R, Ka, Kb, Cn }) {
  const xA = MARGIN;
  const xB = MARGIN + Ka * CELL + GAP;
  const yB = MARGIN;
  const yA = MARGIN + Kb * CELL + GAP;
  return { xA, xB, yA, yB, width: xB + Cn * CELL + MARGIN / 2, height: yA + R * CELL + MARGIN / 2 };
}

function drawCell(plot, x, y, text, cls) {
  const g = svg("g", { class: `mm-cell ${cls}`.trim() }, plot);
  svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4 }, g);
  svgText(g, { x: x + CELL / 2, y: y + CELL / 2 + 5, "text-anchor": "middle" }, text);
}

function drawLabel(plot, x, y, text, cls = "") {
  svgText(plot, { x, y, class: `mm-label ${cls}`.trim(), "text-anchor": "middle" }, text);
}

class Matmul {
  constructor(root) {
    this.root = root;
    this.state = { R: DEFAULT_SHAPE.R, Ka: DEFAULT_SHAPE.K, Kb: DEFAULT_SHAPE.K, Cn: DEFAULT_SHAPE.Cn, mismatch: false, step: 0 };
    this.view = buildMatmul(root);
    this.announce = announcer(this.view.box);
    this.playback = new Playback(this, this.view.buttons, { tickMs: PLAY_MS, firstTickMs: PLAY_MS / 2 });
    this.bindShapes();
    this.render();
  }

  bindShapes() {
    const { selects, mismatchBox } = this.view;
    for (const { el, key } of Object.values(selects)) {
      el.addEventListener("change", () => {
        const n = Number(el.value);
        if (key === "K") {
          this.state.Ka = n;
          this.state.Kb = n;
        } else this.state[key] = n;
        this.reset();
      });
    }
    mismatchBox.addEventListener("change", () => {
      this.state.mismatch = mismatchBox.checked;
      if (!this.state.mismatch) this.state.Kb = this.state.Ka;
      this.reset();
    });
  }

  operands() {
    const { A, B } = operands(this.state.R, this.state.Ka, this.state.Kb, this.state.Cn);
    return { A, B, problem: matmulError(A, B) };
  }

  stepsTotal() {
    const { A, B, problem } = this.operands();
    return problem ? null : progress(A, B, 0).total;
  }

  // ----- what the reader does -----

  reset() {
    this.playback.stop();
    this.state.step = 0;
    const { problem } = this.operands();
    this.render();
    if (problem) this.announce(`RuntimeError: ${problem.message}`);
    else this.announce(`New shapes: ${shapeRule(this.state.R, this.state.Ka, this.state.Kb, this.state.Cn)}.`);
  }

  // Move to step `target` (clamped); announce the cells this move finishes.
  go(target, { fromPlay = false } = {}) {
    if (!fromPlay) this.playback.stop();
    const { A, B, problem } = this.operands();
    if (problem) return;
    const total = progress(A, B, 0).total;
    const next = Math.max(0, Math.min(total, target));
    if (next === this.state.step) return this.render();
    const finished = next > this.state.step ? completedBetween(A, B, this.state.step, next) : [];
    this.state.step = next;
    this.render();
    if (next === total && finished.length > 1) {
      this.announce(`All ${this.state.R * this.state.Cn} cells done: C = ${grid(progress(A, B, next).C)}.`);
    } else if (finished.length) {
      const { r, c, value } = finished[finished.length - 1];
      this.announce(`C[${r}][${c}] = ${value}${next === total ? `. Done: C = ${grid(progress(A, B, next).C)}.` : ""}`);
    }
  }

  // ----- drawing from the state -----

  render() {
    const { A, B, problem } = this.operands();
    const p = progress(A, B, this.state.step);
    this.drawControls(problem);
    this.drawFigure(A, B, p, problem);
    this.drawWork(p, problem);
    this.playback.show(p.step, p.total, Boolean(problem));
    this.describe(p, problem);
    this.publishState(A, B, p, problem);
  }

  drawControls(problem) {
    const { selects, mismatchBox, badge, error } = this.view;
    const { R, Ka, Kb, Cn, mismatch } = this.state;
    selects.shared.wrap.hidden = mismatch;
    selects.colsA.wrap.hidden = !mismatch;
    selects.rowsB.wrap.hidden = !mismatch;
    const shown = { R, K: Ka, Ka, Kb, Cn };
    for (const { el, key } of Object.values(selects)) {
      if (el.value !== String(shown[key])) el.value = String(shown[key]);
    }
    mismatchBox.checked = mismatch;
    badge.textContent = shapeRule(R, Ka, Kb, Cn);
    badge.classList.toggle("mm__badge--error", Boolean(problem));
    error.hidden = !problem;
    error.textContent = problem ? `${problem.type}: ${problem.message}` : "";
  }

  drawFigure(A, B, p, problem) {
    const { drawing } = this.view;
    const plot = drawing.root;
    const { R, Ka, Kb, Cn } = this.state;
    const at = layout(this.state);
    plot.setAttribute("viewBox", `0 0 ${at.width} ${at.height}`);
    plot.style.maxWidth = `${Math.round(at.width * 1.35)}px`;
    drawing.clear();
    drawLabel(plot, at.xA + (Ka * CELL) / 2, at.yA - 8, `A (${R}×${Ka})`);
    drawLabel(plot, at.xB + (Cn * CELL) / 2, at.yB - 8, `B (${Kb}×${Cn})`);
    drawLabel(plot, at.xA + (Ka * CELL) / 2, at.yB + (Kb * CELL) / 2 + 5, "C = A @ B", "mm-label--title");
    this.drawBands(plot, at, p.current, problem);
    this.drawOperands(plot, at, A, B, p.current, problem);
    if (problem) {
      svg("rect", { x: at.xB + 2, y: at.yA + 2, width: Cn * CELL - 4, height: R * CELL - 4, rx: 4, class: "mm-nothing" }, plot);
      drawLabel(plot, at.xB + (Cn * CELL) / 2, at.yA + (R * CELL) / 2 + 5, "no C");
    } else this.drawResult(plot, at, p);
  }

  // Highlighted row of A and column of B: the cell in progress, or (mismatch) row 0 and column 0.
  drawBands(plot, at, cur, problem) {
    const { Ka, Kb } = this.state;
    const hr = problem ? 0 : cur?.r;
    const hc = problem ? 0 : cur?.c;
    if (hr !== undefined) svg("rect", { x: at.xA - 3, y: at.yA + hr * CELL - 3, width: Ka * CELL + 6, height: CELL + 6, rx: 6, class: "mm-band" }, plot);
    if (hc !== undefined) svg("rect", { x: at.xB + hc * CELL - 3, y: at.yB - 3, width: CELL + 6, height: Kb * CELL + 6, rx: 6, class: "mm-band" }, plot);
  }

  drawOperands(plot, at, A, B, cur, problem) {
    A.forEach((row, r) =>
      row.forEach((value, k) => {
        const pairNow = cur && !problem && cur.r === r && cur.k === k;
        drawCell(plot, at.xA + k * CELL, at.yA + r * CELL, String(value), `mm-cell--a${pairNow ? " mm-cell--pair" : ""}${problem && r === 0 ? " mm-cell--probe" : ""}`);
      }),
    );
    B.forEach((row, k) =>
      row.forEach((value, c) => {
        const pairNow = cur && !problem && cur.c === c && cur.k === k;
        drawCell(plot, at.xB + c * CELL, at.yB + k * CELL, String(value), `mm-cell--b${pairNow ? " mm-cell--pair" : ""}${problem && c === 0 ? " mm-cell--probe" : ""}`);
      }),
    );
  }

  drawResult(plot, at, p) {
    const cur = p.current;
    for (let r = 0; r < this.state.R; r += 1) {
      for (let c = 0; c < this.state.Cn; c += 1) {
        const value = p.C[r][c];
        const progressClass = p.done[r][c] ? "mm-cell--done" : value !== null ? "mm-cell--running" : "mm-cell--empty";
        const now = cur && cur.r === r && cur.c === c ? " mm-cell--current" : "";
        drawCell(plot, at.xB + c * CELL, at.yA + r * CELL, value === null ? "" : String(value), `mm-cell--c ${progressClass}${now}`);
      }
    }
  }

  // The arithmetic in words.
  drawWork(p, problem) {
    const { workPair, workSum } = this.view;
    const { R, Ka, Kb, Cn } = this.state;
    const cur = p.current;
    if (problem) {
      workPair.textContent = `A row of A has ${counted(Ka, "entry", "entries")} but a column of B has ${Kb}: they cannot be paired, so there is no product.`;
      workSum.textContent = "Make the two inner lengths equal (or switch the mode off) to multiply.";
    } else if (!cur) {
      workPair.textContent = `Press Step to multiply the first pair: row 0 of A with column 0 of B (${counted(Ka, "product")} per cell, ${counted(R * Cn, "cell")}).`;
      workSum.textContent = "";
    } else {
      workPair.textContent = `C[${cur.r}][${cur.c}], k = ${cur.k}: A[${cur.r}][${cur.k}] × B[${cur.k}][${cur.c}] = ${cur.a} × ${cur.b} = ${cur.product}`;
      const sum = p.terms.map((term) => term.product).join(" + ");
      workSum.textContent = cur.last
        ? `C[${cur.r}][${cur.c}] = ${p.terms.map((term) => `${term.a}×${term.b}`).join(" + ")} = ${sum} = ${cur.sum}${p.complete ? ". All cells done." : ""}`
        : `Running sum: ${sum} = ${cur.sum} (${cur.k + 1} of ${counted(Ka, "product")})`;
    }
  }

  describe(p, problem) {
    const { R, Ka, Kb, Cn } = this.state;
    const cur = p.current;
    this.view.drawing.setDescription(
      problem
        ? `A is ${R} by ${Ka} and B is ${Kb} by ${Cn}. The inner lengths ${Ka} and ${Kb} differ, so A @ B raises RuntimeError: ${problem.message}.`
        : `A is ${R} by ${Ka}, B is ${Ka} by ${Cn}, so C is ${R} by ${Cn}. ` +
            (cur
              ? `Working on C[${cur.r}][${cur.c}]: row ${cur.r} of A with column ${cur.c} of B, product ${cur.k + 1} of ${Ka}, running sum ${cur.sum}. `
              : "No products yet. ") +
            `${p.finished} of ${counted(R * Cn, "cell")} finished.`,
    );
  }

  publishState(A, B, p, problem) {
    const { R, Ka, Kb, Cn, mismatch } = this.state;
    publish(this.root, {
      R,
      K: Ka,
      Ka,
      Kb,
      Cn,
      mismatch,
      rule: shapeRule(R, Ka, Kb, Cn),
      error: problem ? `${problem.type}: ${problem.message}` : null,
      A,
      B,
      step: p.step,
      total: p.total,
      current: p.current,
      C: problem ? null : p.C,
      done: problem ? null : p.done,
      finished: p.finished,
      complete: p.complete,
      playing: this.playback.playing,
    });
  }
}
