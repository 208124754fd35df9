// Unit tests of the tape widget's pure math (node --test): number formatting,
// relative errors, the graph layout and the backward walk replayed step by step.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULT_SOURCE, DEFAULT_X, EXAMPLES, backwardState, bestIndex, caretLines, curve, describeStep, errorCurve, fmt, fmtError,
  fmtH, graphEdges, gradText, layoutGraph, num, numericRow, relativeError, tradeOff,
} from "../src/widgets/tape-math.js";
import { walk } from "./widget-batches.mjs";

// What booktorch.expression.analyse("x*x", "2") returns (numeric part shortened).
const SQUARE = {
  ok: true,
  label: "x * x",
  x: 2,
  value: 4,
  grad: 4,
  output: "n1",
  nodes: [
    { id: "n0", kind: "leaf", op: "AccumulateGrad", label: "x", value: 2, inputs: [], formulas: [] },
    { id: "n1", kind: "op", op: "MulBackward0", label: "x * x", value: 4, inputs: ["n0", "n0"], formulas: ["grad * other", "grad * self"] },
  ],
  steps: [
    {
      kind: "node", node: "n1", op: "MulBackward0", grad_output: 1,
      inputs: [
        { to: "n0", formula: "grad * other", local: 2, contribution: 2 },
        { to: "n0", formula: "grad * self", local: 2, contribution: 2 },
      ],
    },
    { kind: "buffer", node: "n0", before: 2, add: 2, after: 4 },
    { kind: "accumulate", node: "n0", label: "x", incoming: 4, before: null, after: 4 },
  ],
  numeric: {
    exponents: [-7, -3, 0],
    h: [1e-7, 1e-3, 1],
    f32: [2.384185791015625, 3.999948263168335, 4],
    f64: [3.9999999956741306, 3.9999999999995595, 4],
    default: 1,
  },
};

// x**2 + 3*x at 2: two paths into x (4 from the power, 3 from the multiply).
const POLY = {
  ok: true,
  label: "x ** 2 + 3 * x",
  x: 2,
  value: 10,
  grad: 7,
  output: "n3",
  nodes: [
    { id: "n0", kind: "leaf", op: "AccumulateGrad", label: "x", value: 2, inputs: [] },
    { id: "n1", kind: "op", op: "PowBackward0", label: "x ** 2", value: 4, inputs: ["n0"] },
    { id: "n2", kind: "op", op: "MulBackward0", label: "3 * x", value: 6, inputs: ["n0", null] },
    { id: "n3", kind: "op", op: "AddBackward0", label: "x ** 2 + 3 * x", value: 10, inputs: ["n1", "n2"] },
  ],
  steps: [
    { kind: "node", node: "n3", op: "AddBackward0", grad_output: 1, inputs: [
      { to: "n1", formula: "grad", local: 1, contribution: 1 }, { to: "n2", formula: "grad", local: 1, contribution: 1 }] },
    { kind: "node", node: "n2", op: "MulBackward0", grad_output: 1, inputs: [{ to: "n0", formula: "grad * other", local: 3, contribution: 3 }] },
    { kind: "node", node: "n1", op: "PowBackward0", grad_output: 1, inputs: [
      { to: "n0", formula: "grad * exponent * self ** (exponent - 1)", local: 4, contribution: 4 }] },
    { kind: "buffer", node: "n0", before: 3, add: 4, after: 7 },
    { kind: "accumulate", node: "n0", label: "x", incoming: 7, before: null, after: 7 },
  ],
  numeric: { exponents: [-3], h: [1e-3], f32: [7.00092], f64: [7.000000000001], default: 0 },
};

// exp(x) / x: x feeds the division directly and through exp (an edge that skips a level).
const EXPDIV = {
  output: "n2",
  nodes: [
    { id: "n0", kind: "leaf", op: "AccumulateGrad", label: "x", value: 2, inputs: [] },
    { id: "n1", kind: "op", op: "ExpBackward0", label: "exp(x)", value: 7.389056205749512, inputs: ["n0"] },
    { id: "n2", kind: "op", op: "DivBackward0", label: "exp(x) / x", value: 3.694528102874756, inputs: ["n1", "n0"] },
  ],
};

test("numbers from Python: non-finite strings, short readable forms", () => {
  assert.equal(num("inf"), Infinity);
  assert.equal(num("-inf"), -Infinity);
  assert.ok(Number.isNaN(num("nan")));
  assert.equal(num(null), null);
  assert.equal(fmt(4), "4");
  assert.equal(fmt(0.10000000149011612), "0.1"); // float32's 0.1
  assert.equal(fmt(3.999948263168335), "3.999948");
  assert.equal(fmt(3.999948263168335, 4), "4");
  assert.equal(fmt(-1.847264051437378, 4), "-1.847");
  assert.equal(fmt(1.2e-7), "1.2e-7");
  assert.equal(fmt(12345678), "1.234568e7");
  assert.equal(fmt("inf"), "inf");
  assert.equal(fmt(NaN), "nan");
  assert.equal(fmt(-0), "-0");
  assert.equal(fmt(null), "None");
  assert.equal(fmtH(-3), "1e-3");
  assert.equal(fmtH(0), "1");
  assert.equal(fmtH(-6.75), "1.78e-7");
});

test("relative error, and absolute error when x.grad is 0", () => {
  assert.deepEqual(relativeError(4, 3.999948263168335), { kind: "relative", value: Math.abs(3.999948263168335 - 4) / 4 });
  assert.deepEqual(relativeError(4, 4), { kind: "relative", value: 0 });
  assert.deepEqual(relativeError(-2, -1), { kind: "relative", value: 0.5 });
  assert.deepEqual(relativeError(0, 1e-6), { kind: "absolute", value: 1e-6 });
  assert.ok(Number.isNaN(relativeError("inf", 3).value));
  assert.ok(Number.isNaN(relativeError(4, "nan").value));
  assert.equal(fmtError({ kind: "relative", value: 0 }), "0 (exact)");
  assert.equal(fmtError({ kind: "relative", value: 1.2934e-5 }), "1.3e-5");
  assert.equal(fmtError({ kind: "absolute", value: 1e-6 }), "1e-6 (absolute: x.grad is 0)");
  assert.match(fmtError({ kind: "relative", value: NaN }), /undefined/);
});

test("the h slider: both differences, the error, and which error dominates", () => {
  const tiny = numericRow(SQUARE, 0);
  assert.equal(tiny.h, 1e-7);
  assert.equal(tiny.f32, 2.384185791015625);
  assert.equal(tiny.error.value, Math.abs(2.384185791015625 - 4) / 4);
  assert.equal(tiny.dominant, "rounding"); // x ± 1e-7 round to neighbouring float32 values
  const mid = numericRow(SQUARE, 1);
  assert.equal(mid.dominant, "rounding");
  assert.ok(mid.error.value < 2e-5);
  assert.equal(numericRow(SQUARE, 2).dominant, "none"); // a quadratic's central difference is exact
  assert.equal(numericRow(SQUARE, 99).index, 2); // clamped
  const cube = { grad: 12, numeric: { exponents: [-7, -2, 0], h: [1e-7, 0.01, 1], f32: [14.305, 12.000083, 13], f64: [11.99999, 12.0001, 13] } };
  assert.equal(numericRow(cube, 0).dominant, "rounding");
  assert.equal(numericRow(cube, 2).dominant, "truncation"); // (x+1)^3 - (x-1)^3 over 2 is 13, not 12
  assert.equal(bestIndex(cube), 1);
  const curve_ = errorCurve(SQUARE, -8);
  assert.equal(curve_[2].log, -8); // exact: on the floor
  assert.ok(Math.abs(curve_[0].log - Math.log10(Math.abs(2.384185791015625 - 4) / 4)) < 1e-12);
  assert.equal(bestIndex(SQUARE), 2);
});

test("parse errors: a caret under the column", () => {
  assert.deepEqual(caretLines("x +* 2", 3), ["x +* 2", "   ^"]);
  assert.deepEqual(caretLines("x *", 3), ["x *", "   ^"]);
  assert.deepEqual(caretLines("3 + 4", null), ["3 + 4"]);
});

test("edges: one per differentiable input, x*x has two edges into x", () => {
  assert.deepEqual(graphEdges(SQUARE.nodes).map((e) => [e.from, e.to, e.slot, e.index, e.key]), [
    ["n0", "n1", 0, 0, "n1:0"],
    ["n0", "n1", 1, 1, "n1:1"],
  ]);
  assert.deepEqual(graphEdges(POLY.nodes).map((e) => e.key), ["n1:0", "n2:0", "n3:0", "n3:1"]); // no edge for the constant 3
});

function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function checkLayout(nodes, layout) {
  const ids = nodes.map((n) => n.id);
  assert.deepEqual(Object.keys(layout.boxes).sort(), [...ids].sort());
  for (const a of ids) for (const b of ids) if (a < b) assert.ok(!overlaps(layout.boxes[a], layout.boxes[b]), `${a} overlaps ${b}`);
  for (const box of Object.values(layout.boxes)) {
    assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.w <= layout.width && box.y + box.h <= layout.height);
  }
  for (const edge of layout.edges) {
    const from = layout.boxes[edge.from];
    const to = layout.boxes[edge.to];
    assert.ok(to.y + to.h <= from.y, "a consumer sits above its inputs");
    const [sx, sy] = edge.points[0];
    const [ex, ey] = edge.points[edge.points.length - 1];
    assert.equal(sy, from.y); // leaves the input's top
    assert.ok(sx > from.x && sx < from.x + from.w);
    assert.equal(ey, to.y + to.h); // enters the consumer's bottom
    assert.ok(ex > to.x && ex < to.x + to.w);
    // Between the rows it passes no box: every intermediate point is outside all boxes.
    for (const [px, py] of edge.points.slice(1, -1)) {
      for (const box of Object.values(layout.boxes)) {
        assert.ok(!(px > box.x && px < box.x + box.w && py > box.y && py < box.y + box.h), `${edge.key} crosses a box`);
      }
    }
    assert.ok(edge.d.startsWith("M "));
  }
}

test("layout: output on top, x at the bottom, the two uses of x as two curves", () => {
  const layout = layoutGraph(SQUARE.nodes);
  checkLayout(SQUARE.nodes, layout);
  assert.ok(layout.boxes.n1.y < layout.boxes.n0.y);
  const [a, b] = layout.edges;
  assert.notEqual(a.d, b.d);
  assert.ok(a.points[0][0] < b.points[0][0] && a.points[1][0] < b.points[1][0]); // side by side, not crossing
  assert.ok(a.bow < 0 && b.bow > 0); // bowed apart
  assert.ok(a.label[0] < b.label[0]); // their value labels do not sit on each other
  assert.ok(b.label[0] - a.label[0] >= 40);
});

test("layout: an edge that skips a level goes round the box in between", () => {
  const layout = layoutGraph(EXPDIV.nodes);
  checkLayout(EXPDIV.nodes, layout);
  const skip = layout.edges.find((e) => e.key === "n2:1");
  assert.equal(skip.points.length, 4); // x's top, through a slot on exp's level, the division's bottom
  const exp = layout.boxes.n1;
  const [dx] = skip.points[1];
  assert.ok(dx < exp.x || dx > exp.x + exp.w, "the slot is beside exp(x), not on it");
  assert.equal(layout.levels, 3);
});

test("layout: random graphs never overlap and every edge runs upwards", () => {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let trial = 0; trial < 200; trial += 1) {
    const n = 1 + Math.floor(rand() * 14);
    const nodes = [{ id: "n0", kind: "leaf", inputs: [] }];
    for (let i = 1; i < n; i += 1) {
      const arity = rand() < 0.3 ? 1 : 2;
      const inputs = Array.from({ length: arity }, () => (rand() < 0.1 ? null : `n${Math.floor(rand() * i)}`));
      if (inputs.every((x) => x === null)) inputs[0] = `n${i - 1}`;
      nodes.push({ id: `n${i}`, kind: "op", inputs });
    }
    checkLayout(nodes, layoutGraph(nodes));
  }
});

test("curves: straight through dummy slots, cubic between rows, bowed when asked", () => {
  assert.equal(curve([[0, 100], [0, 50]]), "M 0 100 L 0 50");
  assert.equal(curve([[0, 100], [10, 50]]), "M 0 100 C 0 75 10 75 10 50");
  assert.equal(curve([[0, 100], [0, 50]], 30), "M 0 100 C 39.9 75 39.9 75 0 50");
});

test("the backward walk of x*x: two contributions of 2, then += to 4, then x.grad", () => {
  const s0 = backwardState(SQUARE, 0);
  assert.deepEqual(s0.grad, { n0: null, n1: 1 }); // the seed
  assert.equal(s0.xGrad, null);
  assert.equal(gradText(s0, "n0"), "grad ?");
  const s1 = backwardState(SQUARE, 1);
  assert.deepEqual(s1.grad, { n0: 2, n1: 1 });
  assert.deepEqual(s1.sent, { "n1:0": 2, "n1:1": 2 });
  assert.deepEqual(s1.activeEdges, ["n1:0", "n1:1"]);
  assert.deepEqual(s1.parts.n0, [2, 2]);
  assert.equal(gradText(s1, "n0"), "grad 2"); // the second 2 waits in the buffer
  const s2 = backwardState(SQUARE, 2);
  assert.equal(s2.grad.n0, 4);
  assert.equal(gradText(s2, "n0"), "grad 2 + 2 = 4");
  assert.equal(s2.current.kind, "buffer");
  assert.equal(s2.xGrad, null);
  const s3 = backwardState(SQUARE, 3);
  assert.equal(s3.xGrad, 4);
  assert.ok(s3.done && s3.ran.n0 && s3.ran.n1);
  assert.equal(backwardState(SQUARE, 42).step, 3); // clamped
  assert.equal(backwardState(SQUARE, -1).step, 0);
});

test("the backward walk of x**2 + 3*x: 3 and 4 meet at x, 7", () => {
  const states = walk(POLY);
  assert.equal(states.length, 6);
  assert.deepEqual(states.map((s) => s.grad.n0), [null, null, 3, 3, 7, 7]);
  assert.deepEqual(states.map((s) => s.xGrad), [null, null, null, null, null, 7]);
  assert.equal(gradText(backwardState(POLY, 4), "n0"), "grad 3 + 4 = 7");
  assert.equal(backwardState(POLY, 1).grad.n2, 1);
  assert.equal(backwardState(POLY, 1).sent["n3:1"], 1);
});

test("each step in words: local derivative × upstream, the += and x.grad", () => {
  const seed = describeStep(SQUARE, 0);
  assert.match(seed.title, /gets gradient 1/);
  const one = describeStep(SQUARE, 1);
  assert.equal(one.title, "Step 1 of 3: tape entry 2, MulBackward0 (x * x), receives 1.");
  assert.deepEqual(one.lines, [
    "to x (use 1): grad * other: local 2 × upstream 1 = 2",
    "to x (use 2): grad * self: local 2 × upstream 1 = 2",
  ]);
  assert.equal(one.announce, "Step 1 of 3: MulBackward0 (x * x) receives 1 and sends 2 and 2.");
  const two = describeStep(SQUARE, 2);
  assert.deepEqual(two.lines, ["grad[x] += 2:  2 + 2 = 4"]);
  assert.equal(two.announce, "Step 2 of 3: grad[x] += 2, now 4.");
  const three = describeStep(SQUARE, 3);
  assert.deepEqual(three.lines, ["x.grad = 4"]);
  assert.equal(three.announce, "Step 3 of 3: x.grad = 4. Done: x.grad = 4.");
  const noLocal = structuredClone(SQUARE);
  noLocal.steps[0].inputs[0].local = null;
  assert.equal(describeStep(noLocal, 1).lines[0], "to x (use 1): grad * other: 2");
  assert.equal(describeStep(POLY, 2).lines[0], "to x: grad * other: local 3 × upstream 1 = 3");
});

// The numeric part of booktorch.expression.analyse("x*x*x", "2") at six of its 29 steps h.
const CUBE = {
  grad: 12,
  numeric: {
    exponents: [-7, -5, -3, -2.25, -1, 0],
    h: [1e-7, 1e-5, 0.001, 0.005623413251903491, 0.1, 1],
    f32: [7.152557373046875, 12.01629638671875, 11.999844551086426, 11.999972343444824, 12.009994506835938, 13],
    f64: [11.99999999368373, 12.00000000021184, 12.000000999999205, 12.000031622776392, 12.010000000000009, 13],
    default: 2,
  },
};

test("the default function shows the trade-off in h: the error falls, then rises, as h shrinks (issue 23)", () => {
  assert.equal(DEFAULT_SOURCE, "x*x*x");
  assert.equal(DEFAULT_X, "2");
  assert.equal(EXAMPLES[0], DEFAULT_SOURCE);
  const errors = CUBE.numeric.h.map((_, i) => numericRow(CUBE, i).error.value);
  const best = bestIndex(CUBE);
  assert.equal(best, 3); // h = 10**-2.25
  for (let i = best; i < errors.length - 1; i += 1) assert.ok(errors[i] < errors[i + 1], `falls from h = 1 down to the best h: ${errors}`);
  assert.ok(errors[0] > errors[1] && errors[1] > errors[best], `rises below the best h: ${errors}`);
  assert.equal(numericRow(CUBE, 5).dominant, "truncation"); // (2 + 1)³ − (2 − 1)³ = 26: 26 / 2 = 13, not 12
  assert.equal(numericRow(CUBE, 0).dominant, "rounding");
  const summary = tradeOff(CUBE);
  assert.deepEqual([summary.kind, summary.best, summary.bestExponent], ["tradeoff", 3, -2.25]);
  assert.equal(
    summary.text,
    "The float32 error is smallest at h = 0.00562 (2.3e-6). Larger steps lose to truncation, up to 0.083 at h = 1; " +
      "smaller ones lose to rounding, up to 0.4 at h = 1e-7.",
  );
  // The chart's dashed line: the float64 difference's error, h² / 12, shrinking with h.
  const truncation = errorCurve(CUBE, -8, "error64");
  assert.ok(Math.abs(truncation[5].value - 1 / 12) < 1e-12 && Math.abs(truncation[4].value - 0.01 / 12) < 1e-12);
  assert.ok(truncation.slice(2).every((p, i, all) => i === 0 || p.value > all[i - 1].value));
});

test("x*x has no truncation error: its error only grows as h shrinks, and the widget says so", () => {
  const summary = tradeOff(SQUARE);
  assert.equal(summary.kind, "rounding");
  assert.equal(summary.best, 2);
  assert.match(summary.text, /^The float32 error is smallest at h = 1 \(0 \(exact\)\), the largest step: this f has no truncation error/);
  assert.equal(tradeOff({ grad: 1, numeric: { exponents: [-1, 0], h: [0.1, 1], f32: ["nan", "nan"], f64: ["nan", "nan"] } }), null);
});
