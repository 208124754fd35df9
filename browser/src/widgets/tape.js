// tape: type any f(x) and a value of x; Python (booktorch, the same engine as the
// cells) evaluates it with shared subexpressions computed once, records the tape and
// runs backward(). The graph shows each tape entry with its value and gradient, the
// numbered tape lists the entries in forward order, and Back/Step/Play/Finish replay
// the backward walk in reverse tape order: local derivative × upstream gradient on
// every edge, and the += when a value is reached twice. x.grad is then checked with
// a float32 central difference whose step h is set on a log-scale slider.
// Numbers come from Python (booktape/expression.py); tape-math.js lays out, replays
// and formats them.

import { runtime } from "../runtime.js";
import { announcer, button, describedSvg, html, prefersReducedMotion, publish, svg } from "./svg.js";
import {
  DEFAULT_SOURCE, DEFAULT_X, EXAMPLES, backwardState, bestIndex, caretLines, describeStep, errorCurve, fmt, fmtError,
  fmtH, gradText, layoutGraph, nextStep, num, numericRow,
} from "./tape-math.js";

const NAMESPACE = "widget:tape"; // the widget's own Python namespace, apart from the page's cells
const PLAY_MS = 900;
const LABEL_CHARS = 17;

const b64 = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const clip = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

export function mount(root) {
  const state = { status: "waiting", source: DEFAULT_SOURCE, xText: DEFAULT_X, data: null, error: null, step: 0, hIndex: null };
  let timer = null;
  let started = false;
  let request = 0;
  let lastDominant = null;

  const box = html("div", { class: "tape" }, root);
  html("p", {
    class: "tape__hint",
    text: "Type f(x) with + - * / ** and parentheses (and exp, log, sqrt, tanh, sigmoid, abs, relu), pick x, and press Draw. Then walk the tape backwards with Step.",
  }, box);

  // Input.
  const form = html("form", { class: "tape__form", "aria-label": "Expression and value of x" }, box);
  const fLabel = html("label", { class: "tape__field tape__field--f" }, form);
  html("span", { text: "f(x) =" }, fLabel);
  const fInput = html("input", {
    type: "text", value: state.source, autocomplete: "off", spellcheck: "false", autocapitalize: "off",
    "data-input": "f", class: "tape__input",
  }, fLabel);
  const xLabel = html("label", { class: "tape__field tape__field--x" }, form);
  html("span", { text: "at x =" }, xLabel);
  const xInput = html("input", { type: "text", inputmode: "decimal", value: state.xText, autocomplete: "off", size: "6", "data-input": "x", class: "tape__input" }, xLabel);
  const draw = html("button", { type: "submit", class: "md-button md-button--primary book-widget__button", "data-action": "draw", text: "Draw" }, form);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit(fInput.value, xInput.value);
  });

  const examples = html("div", { class: "tape__examples", role: "group", "aria-label": "Examples" }, box);
  html("span", { class: "tape__examples-label", text: "Try:", "aria-hidden": "true" }, examples);
  for (const example of EXAMPLES) {
    button(examples, example, () => {
      fInput.value = example;
      submit(example, xInput.value);
    }, { "data-example": example, "aria-label": `Try f(x) = ${example}` });
  }

  const status = html("p", { class: "tape__status", "data-readout": "status" }, box);
  const errorBox = html("div", { class: "tape__error", "data-readout": "error", hidden: "" }, box);
  const errorId = `tape-error-${Math.random().toString(36).slice(2, 8)}`;
  errorBox.id = errorId;
  const errorPre = html("pre", { class: "tape__caret", "aria-hidden": "true" }, errorBox);
  const errorText = html("p", {}, errorBox);

  // Graph and tape.
  const live = html("div", { class: "tape__live", hidden: "" }, box);
  const main = html("div", { class: "tape__main" }, live);
  const figure = html("div", { class: "tape__graph" }, main);
  const graph = describedSvg(figure, { viewBox: "0 0 200 100", title: "The recorded graph", label: "" });
  graph.root.classList.add("tape__svg");
  const aside = html("div", { class: "tape__tape" }, main);
  html("p", { class: "tape__tape-title", id: `${errorId}-tape`, text: "Tape (forward order)" }, aside);
  const tapeList = html("ol", { class: "tape__list", "aria-labelledby": `${errorId}-tape` }, aside);

  const work = html("div", { class: "tape__work", "data-readout": "work" }, live);
  const workTitle = html("p", { class: "tape__work-title" }, work);
  const workLines = html("ul", {}, work);

  const buttons = html("div", { class: "tape__buttons", role: "group", "aria-label": "Walk the tape backwards" }, live);
  const backButton = button(buttons, "Back", () => go(state.step - 1), { "data-action": "back" });
  const stepButton = button(buttons, "Step", () => go(state.step + 1), { "data-action": "step" });
  const playButton = button(buttons, "Play", () => togglePlay(), { "data-action": "play" });
  const finishButton = button(buttons, "Finish", () => go(Infinity), { "data-action": "finish" });
  const resetButton = button(buttons, "Reset", () => go(0), { "data-action": "reset" });
  const result = html("p", { class: "tape__result", "data-readout": "result" }, live);

  // The central-difference check.
  const check = html("div", { class: "tape__check" }, live);
  html("p", { class: "tape__check-title", text: "Check x.grad with a central difference, (f(x + h) − f(x − h)) / 2h, in float32 tensors" }, check);
  const sliderId = `${errorId}-h`;
  const sliderRow = html("div", { class: "tape__slider" }, check);
  html("label", { for: sliderId, text: "Step size h (log scale)" }, sliderRow);
  const slider = html("input", { id: sliderId, type: "range", min: "0", max: "28", step: "1", value: "16", "data-input": "h" }, sliderRow);
  const hOut = html("output", { for: sliderId, class: "tape__h", "data-readout": "h" }, sliderRow);
  slider.addEventListener("input", () => setH(Number(slider.value)));
  const table = html("table", { class: "tape__table" }, check);
  const tbody = html("tbody", {}, table);
  const row = (name, key) => {
    const tr = html("tr", {}, tbody);
    html("th", { scope: "row", text: name }, tr);
    return html("td", { "data-readout": key }, tr);
  };
  const cellGrad = row("autograd, x.grad", "grad");
  const cell32 = row("central difference, float32", "f32");
  const cellErr = row("relative error", "error");
  const cell64 = row("central difference, float64 (for reference)", "f64");
  const verdict = html("p", { class: "tape__verdict", "data-readout": "verdict" }, check);
  const chartBox = html("div", { class: "tape__chart" }, check);
  const chart = describedSvg(chartBox, { viewBox: "0 0 340 180", title: "Relative error of the float32 central difference against h", label: "" });
  chart.root.classList.add("tape__chart-svg");

  const announce = announcer(box);

  // ---------------------------------------------------------------- Python
  function setStatus(next, text) {
    state.status = next;
    status.textContent = text;
    status.hidden = !text;
  }

  function kick() {
    if (started) return;
    started = true;
    submit(state.source, state.xText);
  }

  async function submit(source, xText) {
    stop();
    started = true;
    state.source = source;
    state.xText = xText;
    const mine = ++request;
    setStatus(runtime.ready ? "running" : "loading", runtime.ready ? "Recording the tape…" : "Starting Python… (the first time takes a few seconds)");
    draw.setAttribute("aria-disabled", "true");
    render();
    const lines = [];
    const code = `import booktape.expression as _tape\nprint("TAPE " + _tape.widget_json(${JSON.stringify(b64(source))}, ${JSON.stringify(b64(xText))}))\n`;
    let outcome;
    try {
      outcome = await runtime.run(NAMESPACE, code, "tape widget", (piece) => lines.push(piece.text), { fresh: true });
    } catch (error) {
      if (mine !== request) return;
      fail(String(error?.message || error));
      return;
    }
    if (mine !== request) return;
    draw.setAttribute("aria-disabled", "false");
    root.classList.add("book-widget--live"); // Python answered (after an earlier failure, too)
    const line = lines.join("").split("\n").find((l) => l.startsWith("TAPE "));
    // Python ran but raised (or was stopped): say so, and keep the widget.
    const answer = line && !outcome?.error
      ? JSON.parse(line.slice(5))
      : { ok: false, error: { kind: "RuntimeError", message: `Python raised ${outcome?.error?.last?.trim() || "no answer"}`, column: null, field: "f" } };
    if (!answer.ok) {
      state.data = null;
      state.error = answer.error;
      setStatus("error", "");
      render();
      const where = answer.error.column === null ? "" : ` (column ${answer.error.column + 1})`;
      announce(`${answer.error.kind}: ${answer.error.message}${where}`);
      return;
    }
    state.data = answer;
    state.error = null;
    state.step = 0;
    state.hIndex = answer.numeric.default;
    lastDominant = numericRow(answer, state.hIndex).dominant;
    setStatus("ready", "");
    render();
    const n = answer.nodes.length;
    announce(
      `Recorded ${n} tape ${n === 1 ? "entry" : "entries"} for f(x) = ${answer.label} at x = ${fmt(answer.x)}: ` +
        `f(x) = ${fmt(answer.value)}. Press Step to walk the tape backwards.`,
    );
  }

  function fail(message) {
    state.data = null;
    state.error = null;
    draw.setAttribute("aria-disabled", "false");
    setStatus("failed", `Python could not run here (${message}). The still figure shows y = x * x at x = 2.`);
    root.classList.remove("book-widget--live"); // show the static figure again
    render();
    announce("Python could not start; showing the still figure instead.");
  }

  // Start on intent only (as the cells do): near the viewport, focused or hovered,
  // or when something else on the page has started Python already.
  if (runtime.ready) queueMicrotask(kick);
  runtime.onState((s) => (s === "loading" || s === "ready") && kick());
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      observer.disconnect();
      kick();
    }
  }, { rootMargin: "100% 0px" });
  observer.observe(root);
  root.addEventListener("focusin", kick, { once: true });
  root.addEventListener("pointerenter", kick, { once: true });

  // ---------------------------------------------------------------- stepping
  function stop() {
    clearTimeout(timer);
    timer = null;
  }

  function go(target, { fromPlay = false } = {}) {
    if (!state.data) return;
    if (!fromPlay) stop();
    const total = state.data.steps.length;
    const next = Math.max(0, Math.min(total, target));
    if (next === state.step) return render();
    const jumped = Math.abs(next - state.step) > 1;
    state.step = next;
    render();
    if (fromPlay && next < total) return;
    if (next === 0) announce(describeStep(state.data, 0).announce);
    else if (jumped && next === total) announce(`Finished: x.grad = ${fmt(state.data.grad)}.`);
    else announce(describeStep(state.data, next).announce);
  }

  function togglePlay() {
    if (!state.data) return;
    if (timer) {
      stop();
      return render();
    }
    const total = state.data.steps.length;
    if (prefersReducedMotion()) return go(total);
    if (state.step >= total) {
      state.step = 0;
    }
    const tick = () => {
      go(state.step + 1, { fromPlay: true });
      if (state.step >= total) {
        stop();
        render();
      } else timer = setTimeout(tick, PLAY_MS);
    };
    timer = setTimeout(tick, PLAY_MS / 3);
    render();
  }

  function setH(index) {
    if (!state.data) return;
    state.hIndex = index;
    render();
    const r = numericRow(state.data, index);
    if (r.dominant !== lastDominant && lastDominant !== null && r.dominant !== "none") {
      announce(`At h = ${fmtH(r.exponent)} ${r.dominant} error dominates: relative error ${fmtError(r.error)}.`);
    }
    lastDominant = r.dominant;
  }

  // ---------------------------------------------------------------- drawing
  const disable = (el, off) => el.setAttribute("aria-disabled", off ? "true" : "false");

  function render() {
    const data = state.data;
    const error = state.error;
    errorBox.hidden = !error;
    fInput.setAttribute("aria-invalid", error && error.field === "f" ? "true" : "false");
    xInput.setAttribute("aria-invalid", error && error.field === "x" ? "true" : "false");
    if (error) {
      fInput.setAttribute("aria-describedby", errorId);
      const shown = error.field === "f" ? caretLines(state.source, error.column) : [];
      errorPre.textContent = error.column === null || error.field !== "f" ? "" : shown.join("\n");
      errorPre.hidden = error.column === null || error.field !== "f";
      const where = error.column === null ? "" : ` (column ${error.column + 1})`;
      const subject = error.field === "x" ? "x: " : "";
      errorText.textContent = `${error.kind}: ${subject}${error.message}${where}`;
    } else fInput.removeAttribute("aria-describedby");

    live.hidden = !data;
    if (!data) {
      publishState(null);
      return;
    }
    const s = backwardState(data, state.step);
    drawGraph(data, s);
    drawTape(data, s);

    const text = describeStep(data, s.step);
    workTitle.textContent = text.title;
    workLines.replaceChildren(...text.lines.map((line) => html("li", { text: line })));

    const total = s.total;
    disable(backButton, s.step === 0);
    disable(resetButton, s.step === 0);
    disable(stepButton, s.step >= total);
    disable(finishButton, s.step >= total);
    playButton.textContent = timer ? "Pause" : "Play";
    playButton.setAttribute("aria-pressed", timer ? "true" : "false");
    result.textContent =
      s.xGrad === null
        ? `f(x) = ${fmt(data.value)} at x = ${fmt(data.x)}. x.grad is None until the walk reaches AccumulateGrad (${total - s.step} step${total - s.step === 1 ? "" : "s"} to go).`
        : `f(x) = ${fmt(data.value)} at x = ${fmt(data.x)}, and x.grad = ${fmt(s.xGrad)}.`;

    const r = numericRow(data, state.hIndex);
    slider.max = String(data.numeric.h.length - 1);
    slider.value = String(r.index);
    const valueText = `h = ${fmtH(r.exponent)}, relative error ${fmtError(r.error)}`;
    slider.setAttribute("aria-valuetext", valueText);
    hOut.textContent = `h = ${fmtH(r.exponent)}`;
    cellGrad.textContent = fmt(r.grad);
    cell32.textContent = fmt(r.f32);
    cellErr.textContent = fmtError(r.error);
    cell64.textContent = fmt(r.f64, 15);
    verdict.textContent = verdictText(r);
    drawChart(data, r);
    publishState(s, r);
  }

  function verdictText(r) {
    if (!Number.isFinite(r.f32) || !Number.isFinite(r.grad)) return "f or its slope is not a finite number here, so the check has nothing to compare.";
    if (r.dominant === "none") return "Both differences hit x.grad exactly at this h.";
    if (r.dominant === "rounding") {
      return "Rounding error dominates: f(x + h) and f(x − h) share most of their float32 digits, and what is left of their difference is divided by a small 2h. Make h larger.";
    }
    return "Truncation error dominates: the curve bends between x − h and x + h, so the chord's slope is not the slope at x. Make h smaller.";
  }

  function drawGraph(data, s) {
    const layout = layoutGraph(data.nodes);
    const plot = graph.root;
    plot.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    plot.style.maxWidth = `${Math.round(layout.width * 1.15)}px`;
    main.classList.toggle("tape__main--wide", layout.width > 640); // a wide graph gets the whole row
    plot.replaceChildren(...[...plot.children].filter((el) => el.tagName === "title" || el.tagName === "desc"));
    const current = s.current;
    const currentNode = current ? current.node : null;

    const edgeLayer = svg("g", { class: "tape-edges" }, plot);
    for (const edge of layout.edges) {
      const active = s.activeEdges.includes(edge.key);
      const sent = s.sent[edge.key];
      const g = svg("g", { class: `tape-edge${active ? " tape-edge--active" : ""}${sent !== undefined ? " tape-edge--sent" : ""}`, "data-edge": edge.key }, edgeLayer);
      svg("path", { d: edge.d }, g);
      if (sent !== undefined) {
        const text = fmt(sent, 4);
        const w = 12 + text.length * 8;
        const [lx, ly] = edge.label;
        svg("rect", { x: lx - w / 2, y: ly - 11, width: w, height: 20, rx: 10, class: "tape-pill" }, g);
        const t = svg("text", { x: lx, y: ly + 4, "text-anchor": "middle", class: "tape-pill__text" }, g);
        t.textContent = text;
      }
    }
    data.nodes.forEach((node, i) => {
      const b = layout.boxes[node.id];
      const reached = s.grad[node.id] !== null;
      const isCurrent = node.id === currentNode;
      const cls = isCurrent ? "tape-node--current" : s.ran[node.id] ? "tape-node--done" : reached ? "tape-node--reached" : "tape-node--pending";
      const g = svg("g", { class: `tape-node ${cls}${node.kind === "leaf" ? " tape-node--leaf" : ""}`, "data-node": node.id }, plot);
      svg("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: node.kind === "leaf" ? 20 : 6 }, g);
      const line = (y, text, c) => {
        const t = svg("text", { x: b.cx, y: b.y + y, "text-anchor": "middle", class: c }, g);
        t.textContent = text;
      };
      const name = node.kind === "leaf" ? `${node.label || node.id} (leaf)` : node.label || node.id;
      line(19, `#${i + 1}  ${clip(name, LABEL_CHARS - 4)}`, "tape-node__label");
      line(37, node.kind === "leaf" ? "AccumulateGrad" : node.op, "tape-node__op");
      line(56, `value ${fmt(node.value, 4)}`, "tape-node__value");
      line(75, clip(gradText(s, node.id), LABEL_CHARS + 2), reached ? "tape-node__grad" : "tape-node__grad tape-node__grad--pending");
    });
    const steps = s.total;
    graph.setDescription(
      `${data.nodes.length} tape entries for f(x) = ${data.label} at x = ${fmt(data.x)}, output at the top, x at the bottom. ` +
        data.nodes
          .map((n, i) => {
            const ins = n.inputs.filter((id) => id !== null).map((id) => data.nodes.find((m) => m.id === id)?.label || id);
            return `Entry ${i + 1}: ${n.label}${n.kind === "leaf" ? " (leaf)" : `, ${n.op} of ${ins.join(" and ")}`}, value ${fmt(n.value)}, ${gradText(s, n.id, 7)}.`;
          })
          .join(" ") +
        ` Backward step ${s.step} of ${steps}.`,
    );
  }

  function drawTape(data, s) {
    const currentNode = s.current ? s.current.node : null;
    tapeList.replaceChildren(
      ...data.nodes.map((node) => {
        const li = html("li", { class: "tape__entry", "data-node": node.id });
        if (node.id === currentNode) {
          li.classList.add("tape__entry--current");
          li.setAttribute("aria-current", "step");
        }
        html("code", { text: node.label || node.id }, li);
        li.append(` = ${fmt(node.value)}`);
        html("span", { class: "tape__op", text: node.kind === "leaf" ? " leaf" : ` ${node.op}` }, li);
        if (s.grad[node.id] !== null) html("span", { class: "tape__grad", text: ` · ${gradText(s, node.id, 7)}` }, li);
        return li;
      }),
    );
  }

  function drawChart(data, r) {
    const plot = chart.root;
    plot.replaceChildren(...[...plot.children].filter((el) => el.tagName === "title" || el.tagName === "desc"));
    const X0 = 52, X1 = 326, Y0 = 14, Y1 = 140, FLOOR = -8, TOP = 1;
    const exps = data.numeric.exponents;
    const lo = exps[0], hi = exps[exps.length - 1];
    const px = (e) => X0 + ((e - lo) / (hi - lo)) * (X1 - X0);
    const py = (l) => Y0 + ((TOP - l) / (TOP - FLOOR)) * (Y1 - Y0);
    svg("rect", { x: X0, y: Y0, width: X1 - X0, height: Y1 - Y0, class: "tape-chart__frame" }, plot);
    for (const l of [0, -2, -4, -6, -8]) {
      svg("line", { x1: X0, x2: X1, y1: py(l), y2: py(l), class: "tape-chart__grid" }, plot);
      const t = svg("text", { x: X0 - 5, y: py(l) + 4, "text-anchor": "end", class: "tape-chart__tick" }, plot);
      t.textContent = l === 0 ? "1" : l === -8 ? "≤1e-8" : `1e${l}`;
    }
    for (const e of [-7, -5, -3, -1, 0]) {
      const t = svg("text", { x: px(e), y: Y1 + 16, "text-anchor": "middle", class: "tape-chart__tick" }, plot);
      t.textContent = e === 0 ? "1" : `1e${e}`;
    }
    const axis = svg("text", { x: (X0 + X1) / 2, y: Y1 + 34, "text-anchor": "middle", class: "tape-chart__axis" }, plot);
    axis.textContent = "step size h";
    const yAxis = svg("text", { x: 12, y: (Y0 + Y1) / 2, "text-anchor": "middle", class: "tape-chart__axis", transform: `rotate(-90 12 ${(Y0 + Y1) / 2})` }, plot);
    yAxis.textContent = "relative error";
    const curve = errorCurve(data, FLOOR);
    const pts = curve.filter((p) => p.log !== null).map((p) => `${px(p.exponent).toFixed(1)},${py(p.log).toFixed(1)}`);
    if (pts.length) svg("polyline", { points: pts.join(" "), class: "tape-chart__line" }, plot);
    svg("line", { x1: px(r.exponent), x2: px(r.exponent), y1: Y0, y2: Y1, class: "tape-chart__now" }, plot);
    const p = curve[r.index];
    if (p && p.log !== null) svg("circle", { cx: px(p.exponent), cy: py(p.log), r: 5, class: "tape-chart__dot" }, plot);
    const best = bestIndex(data);
    const bestText = best === null ? "" : ` It is smallest at h = ${fmtH(data.numeric.exponents[best])} (${fmtError(numericRow(data, best).error)}).`;
    chart.setDescription(
      `Relative error of the float32 central difference against x.grad, for h from 1e-7 to 1 on a log scale.` +
        `${bestText} Now h = ${fmtH(r.exponent)}: relative error ${fmtError(r.error)}.`,
    );
  }

  function publishState(s, r) {
    const data = state.data;
    const error = state.error;
    publish(root, {
      status: state.status,
      source: state.source,
      x: data ? num(data.x) : null,
      label: data ? data.label : null,
      value: data ? num(data.value) : null,
      result: data ? num(data.grad) : null,
      xGrad: s ? s.xGrad : null,
      step: s ? s.step : 0,
      total: s ? s.total : 0,
      playing: Boolean(timer),
      current: s && s.current ? s.current : null,
      nodes: data
        ? data.nodes.map((n, i) => ({ id: n.id, tape: i + 1, label: n.label, op: n.op, value: num(n.value), grad: s.grad[n.id], inputs: n.inputs }))
        : [],
      error: error || null,
      h: r ? r.h : null,
      hIndex: r ? r.index : null,
      hExponent: r ? r.exponent : null,
      numeric: r ? { grad: r.grad, f32: r.f32, f64: r.f64, error: r.error.value, errorKind: r.error.kind, dominant: r.dominant } : null,
    });
  }

  setStatus("waiting", "Python starts when this figure comes into view.");
  render();
}
