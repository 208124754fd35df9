// tape: type any f(x) and a value of x; Python (booktorch, the same engine as the
// cells) evaluates it with shared subexpressions computed once, records the tape and
// runs backward(). The graph shows each tape entry with its value and gradient, the
// numbered tape lists the entries in forward order, and Back/Step/Play/Finish replay
// the backward walk in reverse tape order: local derivative × upstream gradient on
// every edge, and the += when a value is reached twice. x.grad is then checked with
// a float32 central difference whose step h is set on a log-scale slider.
// Numbers come from Python (booktape/expression.py, asked with the runtime's call);
// tape-math.js lays out, replays and formats them.

import "./tape.css";
import { runtime } from "../runtime.js";
import { announcer, button, describedSvg, html, publish, setUnavailable, svg, svgText, uniqueId } from "./svg.js";
import { Playback, buildStepButtons } from "./stepper.js";
import { counted } from "./words.js";
import {
  DEFAULT_SOURCE, DEFAULT_X, EXAMPLES, backwardState, caretLines, describeStep, errorCurve, fmt, fmtError,
  fmtH, gradText, layoutGraph, numericRow, num, tradeOff,
} from "./tape-math.js";

const PLAY_MS = 900;
const LABEL_CHARS = 17;
// The chart of the relative error against h: its frame, in SVG units, and its range of log10(error).
const CHART = { X0: 52, X1: 326, Y0: 14, Y1: 140, FLOOR: -8, TOP: 1 };

const clip = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

export function mount(root) {
  new Tape(root);
}

// ----- the DOM: the form, the graph and tape, the backward walk, the check -----

function buildTape(root) {
  const box = html("div", { class: "tape" }, root);
  html("p", {
    class: "tape__hint",
    text: "Type f(x) with + - * / ** and parentheses (and exp, log, sqrt, tanh, sigmoid, abs, relu), pick x, and press Draw. Then walk the tape backwards with Step.",
  }, box);
  const view = { box, ...buildForm(box), ...buildExamples(box) };
  view.status = html("p", { class: "tape__status", "data-readout": "status" }, box);
  Object.assign(view, buildErrorBox(box));
  view.live = html("div", { class: "tape__live", hidden: "" }, box);
  Object.assign(view, buildGraph(view.live, view.errorId));
  const work = html("div", { class: "tape__work", "data-readout": "work" }, view.live);
  view.workTitle = html("p", { class: "tape__work-title" }, work);
  view.workLines = html("ul", {}, work);
  view.buttons = buildStepButtons(view.live, "tape__buttons", "Walk the tape backwards");
  view.result = html("p", { class: "tape__result", "data-readout": "result" }, view.live);
  return { ...view, ...buildCheck(view.live, view.errorId) };
}

function buildForm(box) {
  const form = html("form", { class: "tape__form", "aria-label": "Expression and value of x" }, box);
  const fLabel = html("label", { class: "tape__field tape__field--f" }, form);
  html("span", { text: "f(x) =" }, fLabel);
  const fInput = html("input", {
    type: "text", value: DEFAULT_SOURCE, autocomplete: "off", spellcheck: "false", autocapitalize: "off",
    "data-input": "f", class: "tape__input",
  }, fLabel);
  const xLabel = html("label", { class: "tape__field tape__field--x" }, form);
  html("span", { text: "at x =" }, xLabel);
  const xInput = html("input", { type: "text", inputmode: "decimal", value: DEFAULT_X, autocomplete: "off", size: "6", "data-input": "x", class: "tape__input" }, xLabel);
  const draw = html("button", { type: "submit", class: "md-button md-button--primary book-widget__button", "data-action": "draw", text: "Draw" }, form);
  return { form, fInput, xInput, draw };
}

function buildExamples(box) {
  const group = html("div", { class: "tape__examples", role: "group", "aria-label": "Examples" }, box);
  html("span", { class: "tape__examples-label", text: "Try:", "aria-hidden": "true" }, group);
  const examples = EXAMPLES.map((example) => [example, button(group, example, { "data-example": example, "aria-label": `Try f(x) = ${example}` })]);
  return { examples };
}

function buildErrorBox(box) {
  const errorId = uniqueId("tape-error");
  const errorBox = html("div", { class: "tape__error", "data-readout": "error", hidden: "", id: errorId }, box);
  return { errorId, errorBox, errorPre: html("pre", { class: "tape__caret", "aria-hidden": "true" }, errorBox), errorText: html("p", {}, errorBox) };
}

// The recorded graph beside the numbered tape.
function buildGraph(live, errorId) {
  const main = html("div", { class: "tape__main" }, live);
  const figure = html("div", { class: "tape__graph" }, main);
  const graph = describedSvg(figure, { viewBox: "0 0 200 100", title: "The recorded graph", label: "" });
  graph.root.classList.add("tape__svg");
  const aside = html("div", { class: "tape__tape" }, main);
  html("p", { class: "tape__tape-title", id: `${errorId}-tape`, text: "Tape (forward order)" }, aside);
  return { main, graph, tapeList: html("ol", { class: "tape__list", "aria-labelledby": `${errorId}-tape` }, aside) };
}

// The central-difference check: the slider for h, the table, the verdict and the chart.
function buildCheck(live, errorId) {
  const check = html("div", { class: "tape__check" }, live);
  html("p", { class: "tape__check-title", text: "Check x.grad with a central difference, (f(x + h) − f(x − h)) / 2h, in float32 tensors" }, check);
  const sliderId = `${errorId}-h`;
  const sliderRow = html("div", { class: "tape__slider" }, check);
  html("label", { for: sliderId, text: "Step size h (log scale)" }, sliderRow);
  const slider = html("input", { id: sliderId, type: "range", min: "0", max: "28", step: "1", value: "16", "data-input": "h" }, sliderRow);
  const hOut = html("output", { for: sliderId, class: "tape__h", "data-readout": "h" }, sliderRow);
  const tbody = html("tbody", {}, html("table", { class: "tape__table" }, check));
  const row = (name, key) => {
    const tr = html("tr", {}, tbody);
    html("th", { scope: "row", text: name }, tr);
    return html("td", { "data-readout": key }, tr);
  };
  const cells = {
    grad: row("autograd, x.grad", "grad"),
    f32: row("central difference, float32", "f32"),
    error: row("relative error", "error"),
    f64: row("central difference, float64 (for reference)", "f64"),
  };
  const verdict = html("p", { class: "tape__verdict", "data-readout": "verdict" }, check);
  const chartBox = html("div", { class: "tape__chart" }, check);
  const chart = describedSvg(chartBox, { viewBox: "0 0 340 180", title: "Relative error of the float32 central difference against h", label: "" });
  chart.root.classList.add("tape__chart-svg");
  html("p", {
    class: "tape__chart-key",
    text: "Solid line: the float32 difference's error. Dashed: the float64 difference's error, nearly all of it truncation.",
  }, check);
  const tradeoff = html("p", { class: "tape__tradeoff", "data-readout": "tradeoff" }, check);
  return { slider, hOut, cells, verdict, chart, tradeoff };
}

function verdictText(r) {
  if (!Number.isFinite(r.f32) || !Number.isFinite(r.grad)) return "f or its slope is not a finite number here, so the check has nothing to compare.";
  if (r.dominant === "none") return "Both differences hit x.grad exactly at this h.";
  if (r.dominant === "rounding") {
    return "Rounding error dominates: f(x + h) and f(x − h) share most of their float32 digits, and what is left of their difference is divided by a small 2h. Make h larger.";
  }
  return "Truncation error dominates: the curve bends between x − h and x + h, so the chord's slope is not the slope at x. Make h smaller.";
}

// An answer for a call that Python did not answer: it raised, or was stopped.
function noAnswer(outcome) {
  return { ok: false, error: { kind: "RuntimeError", message: `Python raised ${outcome?.error?.last?.trim() || "no answer"}`, column: null, field: "f" } };
}

class Tape {
  constructor(root) {
    this.root = root;
    this.state = { status: "waiting", source: DEFAULT_SOURCE, xText: DEFAULT_X, data: null, error: null, step: 0, hIndex: null };
    this.started = false; // Python has been asked once
    this.request = 0; // the latest question to Python; older answers are dropped
    this.lastDominant = null; // the kind of error the check last announced
    this.view = buildTape(root);
    this.announce = announcer(this.view.box);
    this.playback = new Playback(this, this.view.buttons, { tickMs: PLAY_MS, firstTickMs: PLAY_MS / 3 });
    this.bindInput();
    this.bindIntent();
    this.setStatus("waiting", "Python starts when this figure comes into view.");
    this.render();
  }

  // ----- input -----

  bindInput() {
    const { form, fInput, xInput, examples, slider } = this.view;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit(fInput.value, xInput.value);
    });
    for (const [example, element] of examples) {
      element.addEventListener("click", () => {
        fInput.value = example;
        this.submit(example, xInput.value);
      });
    }
    slider.addEventListener("input", () => this.setH(Number(slider.value)));
  }

  // Start on intent only (as the cells do): near the viewport, focused or hovered,
  // or when something else on the page has started Python already.
  bindIntent() {
    const kick = () => this.kick();
    if (runtime.ready) queueMicrotask(kick);
    runtime.onState((s) => (s === "loading" || s === "ready") && kick());
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        kick();
      }
    }, { rootMargin: "100% 0px" });
    observer.observe(this.root);
    this.root.addEventListener("focusin", kick, { once: true });
    this.root.addEventListener("pointerenter", kick, { once: true });
  }

  // ----- Python -----

  setStatus(next, text) {
    this.state.status = next;
    this.view.status.textContent = text;
    this.view.status.hidden = !text;
  }

  kick() {
    if (this.started) return;
    this.started = true;
    this.submit(this.state.source, this.state.xText);
  }

  async submit(source, xText) {
    this.playback.stop();
    this.started = true;
    this.state.source = source;
    this.state.xText = xText;
    const mine = ++this.request;
    this.setStatus(runtime.ready ? "running" : "loading", runtime.ready ? "Recording the tape…" : "Starting Python… (the first time takes a few seconds)");
    setUnavailable(this.view.draw, true);
    this.render();
    let outcome;
    try {
      outcome = await runtime.call("booktape.expression", "widget_answer", [source, xText], { label: "the autograd tape" });
    } catch (error) {
      if (mine === this.request) this.fail(String(error?.message || error));
      return;
    }
    if (mine !== this.request) return;
    setUnavailable(this.view.draw, false);
    this.root.classList.add("book-widget--live"); // Python answered (after an earlier failure, too)
    // Python ran but raised (or was stopped): say so, and keep the widget.
    this.receive(outcome.error || outcome.interrupted || !outcome.value ? noAnswer(outcome) : outcome.value);
  }

  receive(answer) {
    if (!answer.ok) {
      this.state.data = null;
      this.state.error = answer.error;
      this.setStatus("error", "");
      this.render();
      const where = answer.error.column === null ? "" : ` (column ${answer.error.column + 1})`;
      this.announce(`${answer.error.kind}: ${answer.error.message}${where}`);
      return;
    }
    Object.assign(this.state, { data: answer, error: null, step: 0, hIndex: answer.numeric.default });
    this.lastDominant = numericRow(answer, this.state.hIndex).dominant;
    this.setStatus("ready", "");
    this.render();
    const n = answer.nodes.length;
    this.announce(
      `Recorded ${counted(n, "tape entry", "tape entries")} for f(x) = ${answer.label} at x = ${fmt(answer.x)}: ` +
        `f(x) = ${fmt(answer.value)}. Press Step to walk the tape backwards.`,
    );
  }

  fail(message) {
    this.state.data = null;
    this.state.error = null;
    setUnavailable(this.view.draw, false);
    this.setStatus("failed", `Python could not run here (${message}). The still figure shows y = x * x at x = 2.`);
    this.root.classList.remove("book-widget--live"); // show the static figure again
    this.render();
    this.announce("Python could not start; showing the still figure instead.");
  }

  // ----- stepping and the check -----

  stepsTotal() {
    return this.state.data ? this.state.data.steps.length : null;
  }

  go(target, { fromPlay = false } = {}) {
    const data = this.state.data;
    if (!data) return;
    if (!fromPlay) this.playback.stop();
    const total = data.steps.length;
    const next = Math.max(0, Math.min(total, target));
    if (next === this.state.step) return this.render();
    const jumped = Math.abs(next - this.state.step) > 1;
    this.state.step = next;
    this.render();
    if (fromPlay && next < total) return;
    if (next !== 0 && jumped && next === total) this.announce(`Finished: x.grad = ${fmt(data.grad)}.`);
    else this.announce(describeStep(data, next).announce); // step 0 says where the walk starts
  }

  setH(index) {
    if (!this.state.data) return;
    this.state.hIndex = index;
    this.render();
    const r = numericRow(this.state.data, index);
    if (r.dominant !== this.lastDominant && this.lastDominant !== null && r.dominant !== "none") {
      this.announce(`At h = ${fmtH(r.exponent)} ${r.dominant} error dominates: relative error ${fmtError(r.error)}.`);
    }
    this.lastDominant = r.dominant;
  }

  // ----- drawing from the state -----

  render() {
    const data = this.state.data;
    this.drawError();
    this.view.live.hidden = !data;
    if (!data) {
      this.publishState(null);
      return;
    }
    const s = backwardState(data, this.state.step);
    this.drawGraph(data, s);
    this.drawTape(data, s);
    this.drawWork(data, s);
    this.playback.show(s.step, s.total);
    const r = numericRow(data, this.state.hIndex);
    this.drawCheck(data, r);
    this.drawChart(data, r);
    this.publishState(s, r);
  }

  drawError() {
    const { fInput, xInput, errorBox, errorPre, errorText, errorId } = this.view;
    const error = this.state.error;
    errorBox.hidden = !error;
    fInput.setAttribute("aria-invalid", error && error.field === "f" ? "true" : "false");
    xInput.setAttribute("aria-invalid", error && error.field === "x" ? "true" : "false");
    if (!error) {
      fInput.removeAttribute("aria-describedby");
      return;
    }
    fInput.setAttribute("aria-describedby", errorId);
    const caret = error.column !== null && error.field === "f";
    errorPre.textContent = caret ? caretLines(this.state.source, error.column).join("\n") : "";
    errorPre.hidden = !caret;
    const where = error.column === null ? "" : ` (column ${error.column + 1})`;
    const subject = error.field === "x" ? "x: " : "";
    errorText.textContent = `${error.kind}: ${subject}${error.message}${where}`;
  }

  drawGraph(data, s) {
    const { graph, main } = this.view;
    const layout = layoutGraph(data.nodes);
    const plot = graph.root;
    plot.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    plot.style.maxWidth = `${Math.round(layout.width * 1.15)}px`;
    main.classList.toggle("tape__main--wide", layout.width > 640); // a wide graph gets the whole row
    graph.clear();
    this.drawEdges(svg("g", { class: "tape-edges" }, plot), layout, s);
    data.nodes.forEach((node, i) => this.drawNode(plot, node, i, layout.boxes[node.id], s));
    graph.setDescription(
      `${counted(data.nodes.length, "tape entry", "tape entries")} for f(x) = ${data.label} at x = ${fmt(data.x)}, output at the top, x at the bottom. ` +
        data.nodes
          .map((n, i) => {
            const ins = n.inputs.filter((id) => id !== null).map((id) => data.nodes.find((m) => m.id === id)?.label || id);
            return `Entry ${i + 1}: ${n.label}${n.kind === "leaf" ? " (leaf)" : `, ${n.op} of ${ins.join(" and ")}`}, value ${fmt(n.value)}, ${gradText(s, n.id, 7)}.`;
          })
          .join(" ") +
        ` Backward step ${s.step} of ${s.total}.`,
    );
  }

  // Each edge, with the gradient it has carried back (a pill) once it has.
  drawEdges(layer, layout, s) {
    for (const edge of layout.edges) {
      const active = s.activeEdges.includes(edge.key);
      const sent = s.sent[edge.key];
      const g = svg("g", { class: `tape-edge${active ? " tape-edge--active" : ""}${sent !== undefined ? " tape-edge--sent" : ""}`, "data-edge": edge.key }, layer);
      svg("path", { d: edge.d }, g);
      if (sent === undefined) continue;
      const text = fmt(sent, 4);
      const w = 12 + text.length * 8;
      const [lx, ly] = edge.label;
      svg("rect", { x: lx - w / 2, y: ly - 11, width: w, height: 20, rx: 10, class: "tape-pill" }, g);
      svgText(g, { x: lx, y: ly + 4, "text-anchor": "middle", class: "tape-pill__text" }, text);
    }
  }

  // A tape entry's box: its number and name, its operation, its value and its gradient.
  drawNode(plot, node, i, b, s) {
    const reached = s.grad[node.id] !== null;
    const isCurrent = node.id === (s.current ? s.current.node : null);
    const cls = isCurrent ? "tape-node--current" : s.ran[node.id] ? "tape-node--done" : reached ? "tape-node--reached" : "tape-node--pending";
    const leaf = node.kind === "leaf";
    const g = svg("g", { class: `tape-node ${cls}${leaf ? " tape-node--leaf" : ""}`, "data-node": node.id }, plot);
    svg("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: leaf ? 20 : 6 }, g);
    const line = (y, text, c) => svgText(g, { x: b.cx, y: b.y + y, "text-anchor": "middle", class: c }, text);
    const name = leaf ? `${node.label || node.id} (leaf)` : node.label || node.id;
    line(19, `#${i + 1}  ${clip(name, LABEL_CHARS - 4)}`, "tape-node__label");
    line(37, leaf ? "AccumulateGrad" : node.op, "tape-node__op");
    line(56, `value ${fmt(node.value, 4)}`, "tape-node__value");
    line(75, clip(gradText(s, node.id), LABEL_CHARS + 2), reached ? "tape-node__grad" : "tape-node__grad tape-node__grad--pending");
  }

  drawTape(data, s) {
    const currentNode = s.current ? s.current.node : null;
    this.view.tapeList.replaceChildren(
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

  drawWork(data, s) {
    const { workTitle, workLines, result } = this.view;
    const text = describeStep(data, s.step);
    workTitle.textContent = text.title;
    workLines.replaceChildren(...text.lines.map((line) => html("li", { text: line })));
    const left = s.total - s.step;
    result.textContent =
      s.xGrad === null
        ? `f(x) = ${fmt(data.value)} at x = ${fmt(data.x)}. x.grad is None until the walk reaches AccumulateGrad (${counted(left, "step")} to go).`
        : `f(x) = ${fmt(data.value)} at x = ${fmt(data.x)}, and x.grad = ${fmt(s.xGrad)}.`;
  }

  drawCheck(data, r) {
    const { slider, hOut, cells, verdict } = this.view;
    slider.max = String(data.numeric.h.length - 1);
    slider.value = String(r.index);
    slider.setAttribute("aria-valuetext", `h = ${fmtH(r.exponent)}, relative error ${fmtError(r.error)}`);
    hOut.textContent = `h = ${fmtH(r.exponent)}`;
    cells.grad.textContent = fmt(r.grad);
    cells.f32.textContent = fmt(r.f32);
    cells.error.textContent = fmtError(r.error);
    cells.f64.textContent = fmt(r.f64, 15);
    verdict.textContent = verdictText(r);
  }

  drawChart(data, r) {
    const { chart } = this.view;
    const plot = chart.root;
    const { X0, X1, Y0, Y1, FLOOR, TOP } = CHART;
    const exps = data.numeric.exponents;
    const lo = exps[0];
    const hi = exps[exps.length - 1];
    const px = (e) => X0 + ((e - lo) / (hi - lo)) * (X1 - X0);
    const py = (l) => Y0 + ((TOP - l) / (TOP - FLOOR)) * (Y1 - Y0);
    chart.clear();
    drawChartAxes(plot, px, py);
    const line = (points, cls) => {
      const pts = points.filter((p) => p.log !== null).map((p) => `${px(p.exponent).toFixed(1)},${py(p.log).toFixed(1)}`);
      if (pts.length) svg("polyline", { points: pts.join(" "), class: cls }, plot);
    };
    line(errorCurve(data, FLOOR, "error64"), "tape-chart__line tape-chart__line--truncation");
    const curve = errorCurve(data, FLOOR);
    line(curve, "tape-chart__line");
    svg("line", { x1: px(r.exponent), x2: px(r.exponent), y1: Y0, y2: Y1, class: "tape-chart__now" }, plot);
    const p = curve[r.index];
    if (p && p.log !== null) svg("circle", { cx: px(p.exponent), cy: py(p.log), r: 5, class: "tape-chart__dot" }, plot);
    const summary = tradeOff(data);
    this.view.tradeoff.textContent = summary ? summary.text : "No step h gives a finite error here.";
    chart.setDescription(
      `Relative error of the float32 central difference against x.grad, for h from 1e-7 to 1 on a log scale, ` +
        `with the float64 difference's error (nearly all truncation) dashed. ${summary ? `${summary.text} ` : ""}` +
        `Now h = ${fmtH(r.exponent)}: relative error ${fmtError(r.error)}.`,
    );
  }

  publishState(s, r) {
    const { data, error } = this.state;
    publish(this.root, {
      status: this.state.status,
      source: this.state.source,
      x: data ? num(data.x) : null,
      label: data ? data.label : null,
      value: data ? num(data.value) : null,
      result: data ? num(data.grad) : null,
      xGrad: s ? s.xGrad : null,
      step: s ? s.step : 0,
      total: s ? s.total : 0,
      playing: this.playback.playing,
      current: s && s.current ? s.current : null,
      nodes: data
        ? data.nodes.map((n, i) => ({ id: n.id, tape: i + 1, label: n.label, op: n.op, value: num(n.value), grad: s.grad[n.id], inputs: n.inputs }))
        : [],
      error: error || null,
      h: r ? r.h : null,
      hIndex: r ? r.index : null,
      hExponent: r ? r.exponent : null,
      numeric: r ? { grad: r.grad, f32: r.f32, f64: r.f64, error: r.error.value, errorKind: r.error.kind, dominant: r.dominant } : null,
      // The check at every h (smallest first): what the chart draws, and the trade-off it shows.
      curve: r ? data.numeric.h.map((_, i) => numericRow(data, i)).map((row) => ({
        exponent: row.exponent, h: row.h, error: row.error.value, truncationError: row.error64.value, dominant: row.dominant,
      })) : null,
      tradeOff: r ? tradeOff(data) : null,
    });
  }
}

// The chart's frame, grid, ticks and axis names.
function drawChartAxes(plot, px, py) {
  const { X0, X1, Y0, Y1 } = CHART;
  svg("rect", { x: X0, y: Y0, width: X1 - X0, height: Y1 - Y0, class: "tape-chart__frame" }, plot);
  for (const l of [0, -2, -4, -6, -8]) {
    svg("line", { x1: X0, x2: X1, y1: py(l), y2: py(l), class: "tape-chart__grid" }, plot);
    svgText(plot, { x: X0 - 5, y: py(l) + 4, "text-anchor": "end", class: "tape-chart__tick" }, l === 0 ? "1" : l === -8 ? "≤1e-8" : `1e${l}`);
  }
  for (const e of [-7, -5, -3, -1, 0]) {
    svgText(plot, { x: px(e), y: Y1 + 16, "text-anchor": "middle", class: "tape-chart__tick" }, e === 0 ? "1" : `1e${e}`);
  }
  svgText(plot, { x: (X0 + X1) / 2, y: Y1 + 34, "text-anchor": "middle", class: "tape-chart__axis" }, "step size h");
  const mid = (Y0 + Y1) / 2;
  svgText(plot, { x: 12, y: mid, "text-anchor": "middle", class: "tape-chart__axis", transform: `rotate(-90 12 ${mid})` }, "relative error");
}
