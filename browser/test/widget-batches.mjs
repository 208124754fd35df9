// Many cases in one call of a widget's math, for the pytest tests that compare the
// widgets' numbers with torch (tests/widgets, through call.mjs): one node process per
// batch instead of one per case. Test code only: the widget bundles never ship it.

import { broadcast, pictureValues } from "../src/widgets/broadcast-math.js";
import { DTYPES, axisSlice, bytesOf, numel } from "../src/widgets/ladder-math.js";
import { matmulError, operands, progress, steps } from "../src/widgets/matmul-math.js";
import { apply, computeStride, facts, initialState, valuesOf, write } from "../src/widgets/strides-math.js";
import { backwardState, bestIndex, layoutGraph, numericRow, tradeOff } from "../src/widgets/tape-math.js";
import { describe } from "../src/widgets/transform2x2-math.js";

// [[a, b]] -> [{ok, result, error, strideA, strideB, verdicts}].
export function broadcastAll(pairs) {
  return pairs.map(([a, b]) => {
    const outcome = broadcast(a, b);
    return {
      ok: outcome.ok,
      result: outcome.result,
      error: outcome.error,
      strideA: outcome.strideA ?? null,
      strideB: outcome.strideB ?? null,
      verdicts: outcome.axes.map((axis) => axis.verdict),
    };
  });
}

export function pictureValuesAll(pairs) {
  return pairs.map(([a, b]) => pictureValues(broadcast(a, b)));
}

// [{shape, dtype}] -> [{numel, bytes, elementSize}].
export function countAll(cases) {
  return cases.map(({ shape, dtype }) => ({
    numel: numel(shape).toString(),
    bytes: bytesOf(shape, dtype).toString(),
    elementSize: DTYPES[dtype],
  }));
}

// [[shape, names, axis]] -> [axisSlice(...)].
export function axisSliceAll(requests) {
  return requests.map(([shape, names, axis]) => axisSlice(shape, names, axis));
}

// [[A, B], ...] -> [{ C, steps } or { error }]; C is the grid the widget shows once every step is done.
export function runAll(pairs) {
  return pairs.map(([A, B]) => {
    const error = matmulError(A, B);
    return error ? { error } : { C: progress(A, B, Infinity).C, steps: steps(A, B) };
  });
}

// The matmul widget's own operands for many shapes: [[R, Ka, Kb, Cn], ...] -> [{ A, B, C, steps } or { A, B, error }].
export function runShapes(shapes) {
  return shapes.map(([R, Ka, Kb, Cn]) => {
    const { A, B } = operands(R, Ka, Kb, Cn);
    return { A, B, ...runAll([[A, B]])[0] };
  });
}

// The strides widget's operations from a base, a report after every step.
function runOps(baseIndex, ops) {
  let state = initialState(baseIndex);
  const reports = [];
  for (const op of ops) {
    state = op.op === "write" ? write(state, op.index, op.value) : apply(state, op);
    reports.push({
      ok: state.error === null,
      error: state.error ? `${state.error.type}: ${state.error.message}` : null,
      ...facts(state.y),
      values: valuesOf(state, state.y),
      xValues: valuesOf(state, state.x),
      sharesX: state.y.storage === state.x.storage,
    });
  }
  return reports;
}

// [{base, ops}] -> [[report per step]].
export function runMany(sequences) {
  return sequences.map(({ base, ops }) => runOps(base, ops));
}

// [[oldshape, oldstride, newshape]] -> [stride | null].
export function computeStrideAll(cases) {
  return cases.map(([oldshape, oldstride, newshape]) => computeStride(oldshape, oldstride, newshape));
}

// The tape's backward walk, the state after every step.
export function walk(data) {
  return Array.from({ length: data.steps.length + 1 }, (_, k) => {
    const s = backwardState(data, k);
    return { step: k, grad: s.grad, xGrad: s.xGrad, sent: s.sent };
  });
}

// JSON cannot hold inf or nan: write them as Python's side does ("inf", "-inf", "nan").
export function plain(value) {
  if (typeof value === "number" && !Number.isFinite(value)) return Number.isNaN(value) ? "nan" : value > 0 ? "inf" : "-inf";
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

// Many tape analyses: the state after every step, and the check's numbers at every h.
export function replayAll(items) {
  return plain(items.map((data) => ({
    steps: walk(data),
    rows: data.numeric.h.map((_, i) => numericRow(data, i)),
    best: bestIndex(data),
    tradeOff: tradeOff(data),
    layout: layoutGraph(data.nodes),
  })));
}

// [[m, t, v], ...] -> [describe(m, t, v), ...].
export function describeMany(cases) {
  return cases.map(([m, t, v]) => describe(m, t, v));
}
