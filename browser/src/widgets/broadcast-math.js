// Pure math of the broadcasting widget (no DOM): right-align two shapes, give
// each axis a verdict, and produce torch's result shape or its exact error.

import { formatShape, parseShape } from "./ladder-math.js";
import { contiguousStrides, expandGeometry } from "./strides-math.js";

export { parseShape, formatShape };

export const PRESETS = [
  { a: [3, 1], b: [1, 4], label: "column + row" },
  { a: [8, 1, 5], b: [4, 1], label: "three axes" },
  { a: [2, 3], b: [3], label: "bias per column" },
  { a: [4, 3], b: [4], label: "fails" },
];

// torch's message for `a + b` (TensorIterator's infer_size): the first failing
// axis counted from the right, reported by its index in the result.
export function broadcastMessage(sizeA, sizeB, dim) {
  return `The size of tensor a (${sizeA}) must match the size of tensor b (${sizeB}) at non-singleton dimension ${dim}`;
}

// The aligned axes, a verdict for each, and the result or torch's error.
//   axis.a / axis.b: the operand's length there, or null where it is missing (a ghost, read as 1)
//   axis.verdict: "equal" | "stretch-a" | "stretch-b" | "error"
export function broadcast(a, b) {
  const rank = Math.max(a.length, b.length);
  const padA = rank - a.length;
  const padB = rank - b.length;
  const axes = [];
  for (let i = 0; i < rank; i += 1) {
    const ownA = i >= padA ? a[i - padA] : null;
    const ownB = i >= padB ? b[i - padB] : null;
    const sizeA = ownA ?? 1;
    const sizeB = ownB ?? 1;
    let verdict;
    let result = null;
    if (sizeA === sizeB) {
      verdict = "equal";
      result = sizeA;
    } else if (sizeA === 1) {
      verdict = "stretch-a";
      result = sizeB;
    } else if (sizeB === 1) {
      verdict = "stretch-b";
      result = sizeA;
    } else {
      verdict = "error";
    }
    axes.push({ index: i, fromRight: rank - i, a: ownA, b: ownB, sizeA, sizeB, verdict, result });
  }
  const failing = [...axes].reverse().find((axis) => axis.verdict === "error");
  if (failing) {
    return {
      ok: false,
      rank,
      axes,
      result: null,
      failingAxis: failing.index,
      error: broadcastMessage(failing.sizeA, failing.sizeB, failing.index),
    };
  }
  const result = axes.map((axis) => axis.result);
  return {
    ok: true,
    rank,
    axes,
    result,
    failingAxis: null,
    error: null,
    // the strides each operand is read with (as a contiguous tensor expanded to the result)
    strideA: expandGeometry(a, contiguousStrides(a), result).stride,
    strideB: expandGeometry(b, contiguousStrides(b), result).stride,
  };
}

// One line per axis, for the readout and the SVG's description.
export function axisSentence(axis, ok = true) {
  const show = (own) => (own === null ? "missing (counts as 1)" : String(own));
  const head = `axis ${axis.index}: a ${show(axis.a)}, b ${show(axis.b)}`;
  switch (axis.verdict) {
    case "equal":
      return `${head}: equal, result ${axis.result}`;
    case "stretch-a":
      return `${head}: a is stretched to ${axis.result} (stride 0)${ok ? "" : ", but another axis fails"}`;
    case "stretch-b":
      return `${head}: b is stretched to ${axis.result} (stride 0)${ok ? "" : ", but another axis fails"}`;
    default:
      return `${head}: error, ${axis.sizeA} and ${axis.sizeB} differ and neither is 1`;
  }
}

// What the picture draws for one operand: its last two aligned axes as rows and
// columns. own: the operand's real length; total: how far it reaches in the result
// (own when nothing stretches); cells/ellipsis: the capped drawing.
export const CAP = { rows: 4, cols: 6 };

function capped(n, cap) {
  return n <= cap ? { shown: n, ellipsis: false } : { shown: cap - 1, ellipsis: true };
}

export function picture(outcome, which) {
  const { axes, ok, rank } = outcome;
  const pick = (axis) => {
    if (!axis) return { own: 1, total: 1, ghostAxis: true, stretched: false };
    const own = which === "result" ? axis.result ?? 1 : which === "a" ? axis.sizeA : axis.sizeB;
    const ghostAxis = which === "result" ? false : (which === "a" ? axis.a : axis.b) === null;
    const total = ok ? axis.result : own;
    return { own, total, ghostAxis, stretched: ok && total !== own };
  };
  const rows = pick(rank >= 2 ? axes[rank - 2] : null);
  const cols = pick(rank >= 1 ? axes[rank - 1] : null);
  return {
    rows: { ...rows, ...capped(rows.total, CAP.rows), ownShown: Math.min(rows.own, capped(rows.total, CAP.rows).shown) },
    cols: { ...cols, ...capped(cols.total, CAP.cols), ownShown: Math.min(cols.own, capped(cols.total, CAP.cols).shown) },
    leading: axes.slice(0, Math.max(rank - 2, 0)).map((axis) => (which === "result" ? axis.result : which === "a" ? axis.sizeA : axis.sizeB)),
  };
}

export function describe(a, b, outcome) {
  const head = `${formatShape(a)} + ${formatShape(b)}`;
  return outcome.ok ? `${head} broadcasts to ${formatShape(outcome.result)}.` : `${head} fails: ${outcome.error}`;
}

// The numbers in the picture: a[i, j] = 10·i + j and b[i, j] = 10·i + j + 1 over the
// last two axes (so [3, 1] + [1, 4] is the page's addition table). A stretched copy
// shows the value it reads (index 0 along a stretched axis); result = a + b.
export function pictureValues(outcome) {
  const pa = picture(outcome, "a");
  const pb = picture(outcome, "b");
  const grid = (p, extra) =>
    Array.from({ length: p.rows.shown }, (_, i) =>
      Array.from({ length: p.cols.shown }, (_, j) => 10 * (p.rows.own === 1 ? 0 : i) + (p.cols.own === 1 ? 0 : j) + extra),
    );
  const a = grid(pa, 0);
  const b = grid(pb, 1);
  if (!outcome.ok) return { a, b, result: null };
  const pr = picture(outcome, "result");
  const result = Array.from({ length: pr.rows.shown }, (_, i) =>
    Array.from({ length: pr.cols.shown }, (_, j) => a[i][j] + b[i][j]),
  );
  return { a, b, result };
}
