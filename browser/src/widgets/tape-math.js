// Pure math for the tape widget (no DOM). The numbers themselves come from Python
// (booktorch.expression: the recorded tape and the central differences); this module
// lays the graph out, replays the backward steps one at a time, formats the numbers
// and works out relative errors, so tests can check every number the widget shows.

// x³ at 2, the chapter's table of step sizes, with x used three times on the tape. Its
// central difference is 3x² + h², so the check shows both errors: truncation (h²) for
// large h and rounding for small h. (x*x would show only rounding: its central
// difference is exact for every h.)
export const DEFAULT_SOURCE = "x*x*x";
export const DEFAULT_X = "2";
export const EXAMPLES = Object.freeze(["x*x*x", "x*x", "x**2 + 3*x", "x*x + x*x", "x**3 - 4*x", "exp(x) / x"]);

// ------------------------------------------------------------------ numbers
// JSON from Python writes non-finite floats as strings.
export function num(value) {
  if (value === null || value === undefined) return null;
  if (value === "inf") return Infinity;
  if (value === "-inf") return -Infinity;
  if (value === "nan") return NaN;
  return Number(value);
}

function trimMantissa(text) {
  const [mantissa, exponent] = text.split("e");
  const m = mantissa.includes(".") ? mantissa.replace(/0+$/, "").replace(/\.$/, "") : mantissa;
  return exponent === undefined ? m : `${m}e${exponent.replace(/^\+/, "")}`;
}

// A short readable form: integers as integers, `digits` significant digits otherwise,
// exponent form for very small or very large magnitudes. float32 holds about 7 digits.
export function fmt(value, digits = 7) {
  const v = num(value);
  if (v === null) return "None";
  if (Number.isNaN(v)) return "nan";
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  if (v === 0) return Object.is(v, -0) ? "-0" : "0";
  const a = Math.abs(v);
  if (a >= 1e-4 && a < 1e7) return trimMantissa(String(Number(v.toPrecision(digits))));
  return trimMantissa(v.toExponential(digits - 1));
}

// The step size h = 10**exponent, as the slider names it.
export function fmtH(exponent) {
  if (Number.isInteger(exponent)) return exponent === 0 ? "1" : `1e${exponent}`;
  return fmt(10 ** exponent, 3);
}

// How far `estimate` is from `reference` (here: a central difference from x.grad).
// Relative when the reference is not 0; absolute otherwise (a relative error of a
// zero gradient is undefined).
export function relativeError(reference, estimate) {
  const r = num(reference);
  const e = num(estimate);
  if (!Number.isFinite(r) || !Number.isFinite(e)) return { kind: "relative", value: NaN };
  if (r === 0) return { kind: "absolute", value: Math.abs(e) };
  return { kind: "relative", value: Math.abs(e - r) / Math.abs(r) };
}

export function fmtError(error) {
  if (Number.isNaN(error.value)) return "undefined (not a finite number)";
  if (error.value === 0) return "0 (exact)";
  const text = fmt(error.value, 2);
  return error.kind === "relative" ? text : `${text} (absolute: x.grad is 0)`;
}

// One position of the h slider: both central differences, their errors against
// x.grad, and which error dominates. truncation ≈ |float64 difference - x.grad|
// (the float64 difference has almost no rounding error), rounding ≈ |float32 - float64|.
export function numericRow(data, index) {
  const n = data.numeric;
  const i = Math.max(0, Math.min(n.h.length - 1, index));
  const grad = num(data.grad);
  const f32 = num(n.f32[i]);
  const f64 = num(n.f64[i]);
  const truncation = Math.abs(f64 - grad);
  const rounding = Math.abs(f32 - f64);
  let dominant = "none";
  if (Number.isFinite(truncation) && Number.isFinite(rounding) && (truncation > 0 || rounding > 0)) {
    dominant = rounding > truncation ? "rounding" : "truncation";
  }
  return {
    index: i,
    exponent: n.exponents[i],
    h: num(n.h[i]),
    f32,
    f64,
    grad,
    error: relativeError(grad, f32),
    error64: relativeError(grad, f64),
    truncation,
    rounding,
    dominant,
  };
}

// The float32 error at every h, for the chart: log10 of the error, clamped to
// [floor, 1]; an exact estimate sits on the floor, an undefined one is left out.
// `which` = "error64" gives the float64 difference's error instead: the truncation part.
export function errorCurve(data, floor = -8, which = "error") {
  return data.numeric.h.map((_, i) => {
    const row = numericRow(data, i);
    const value = row[which].value;
    if (Number.isNaN(value)) return { exponent: row.exponent, value, log: null };
    const log = value === 0 ? floor : Math.max(floor, Math.min(1, Math.log10(value)));
    return { exponent: row.exponent, value, log };
  });
}

// The h with the smallest float32 error (the first one when several tie).
export function bestIndex(data) {
  let best = null;
  data.numeric.h.forEach((_, i) => {
    const value = numericRow(data, i).error.value;
    if (Number.isNaN(value)) return;
    if (best === null || value < best.value) best = { index: i, value };
  });
  return best ? best.index : null;
}

// The trade-off in h, from the errors at every h: where the float32 error is smallest,
// and what it is at the two ends. kind "tradeoff": it falls, then rises, as h shrinks,
// truncation error winning above the best h and rounding below; "rounding": it is
// smallest at the largest h (no truncation error to trade against, as for x*x);
// "truncation": smallest at the smallest h; "other": smallest in between for another
// reason; null when no h gives a finite error.
export function tradeOff(data) {
  const last = data.numeric.h.length - 1;
  const row = (i) => numericRow(data, i);
  let best = bestIndex(data);
  if (best === null) return null;
  if (row(last).error.value <= row(best).error.value) best = last; // a tie with the largest h: nothing to trade
  const at = (i) => `h = ${fmtH(row(i).exponent)}`;
  const upTo = (i) => `up to ${fmtError(row(i).error)} at ${at(i)}`;
  const lowest = `The float32 error is smallest at ${at(best)} (${fmtError(row(best).error)})`;
  let kind = "other";
  if (best === last) kind = "rounding";
  else if (best === 0) kind = "truncation";
  else if (row(last).dominant === "truncation" && row(0).dominant === "rounding") kind = "tradeoff";
  const text = {
    tradeoff: `${lowest}. Larger steps lose to truncation, ${upTo(last)}; smaller ones lose to rounding, ${upTo(0)}.`,
    rounding: `${lowest}, the largest step: this f has no truncation error to trade against, so the error only grows as h shrinks, ${upTo(0)}.`,
    truncation: `${lowest}, the smallest step: truncation error outweighs rounding at every h here.`,
    other: `${lowest}; it is larger on both sides, ${upTo(last)} and ${upTo(0)}.`,
  }[kind];
  return { kind, best, bestExponent: row(best).exponent, bestError: row(best).error.value, text };
}

// ------------------------------------------------------------------ parse errors
// The expression with a caret under the offending column (0-based, characters).
export function caretLines(source, column) {
  if (column === null || column === undefined) return [source];
  const col = Math.max(0, Math.min(column, source.length));
  return [source, `${" ".repeat(col)}^`];
}

// ------------------------------------------------------------------ graph
// The edges of the graph: one per differentiable input of each op node, in input
// order (x*x has two edges from x to the multiply). `index` counts the consumer's
// differentiable inputs, which is also the order of a backward step's `inputs`.
export function graphEdges(nodes) {
  const edges = [];
  for (const node of nodes) {
    let index = 0;
    (node.inputs || []).forEach((input, slot) => {
      if (input === null) return;
      edges.push({ from: input, to: node.id, slot, index, key: `${node.id}:${index}` });
      index += 1;
    });
  }
  return edges;
}

export const BOX = Object.freeze({ w: 150, h: 84, gapX: 26, gapY: 60, margin: 14, dummy: 34 });

// Layered layout, output at the top and x at the bottom (as the page draws its
// trees). A node's level is 1 + the highest level of its inputs (x is level 0).
// Edges that skip levels pass through small invisible "dummy" slots on the levels in
// between, so they are routed around the boxes instead of through them. Order
// inside a level: tape order, then a few barycentre sweeps to untangle crossings.
export function layoutGraph(nodes, box = BOX) {
  const tapeOf = new Map(nodes.map((n, i) => [n.id, i]));
  const { level, top, rows } = levelRows(nodes, tapeOf);
  const edges = chainEdges(nodes, level, rows, tapeOf);
  orderRows(rows, edges, top);
  const { width, height, boxes, slots } = coordinates(rows, top, box, tapeOf);
  return { width, height, boxes, edges: routeEdges(edges, slots, box), levels: top + 1 };
}

// Each node's level, and the rows of slots, one per level (the nodes, for now).
function levelRows(nodes, tapeOf) {
  const level = new Map();
  for (const node of nodes) {
    const ins = (node.inputs || []).filter((i) => i !== null);
    level.set(node.id, ins.length ? 1 + Math.max(...ins.map((i) => level.get(i))) : 0);
  }
  const top = nodes.length ? Math.max(...level.values()) : 0;
  const rows = Array.from({ length: top + 1 }, () => []);
  for (const node of nodes) rows[level.get(node.id)].push({ id: node.id, dummy: false, tape: tapeOf.get(node.id) });
  return { level, top, rows };
}

// Edges, each as a chain of slots from the input (low level) up to the consumer; the
// dummy slots of the levels an edge skips are added to their rows.
function chainEdges(nodes, level, rows, tapeOf) {
  const edges = graphEdges(nodes).map((edge) => ({ ...edge, chain: [edge.from] }));
  for (const edge of edges) {
    const lo = level.get(edge.from);
    const hi = level.get(edge.to);
    for (let l = lo + 1; l < hi; l += 1) {
      const id = `d:${edge.key}:${l}`;
      rows[l].push({ id, dummy: true, tape: tapeOf.get(edge.to) - 0.5 });
      edge.chain.push(id);
    }
    edge.chain.push(edge.to);
  }
  return edges;
}

const link = (map, a, b) => (map.has(a) ? map.get(a).push(b) : map.set(a, [b]));

// Tape order in each row, then barycentre sweeps: down from the top (each slot under the
// mean of the slots it feeds) and up from the bottom (over the mean of those feeding it).
function orderRows(rows, edges, top) {
  const up = new Map(); // slot -> slots above it that it feeds
  const down = new Map(); // slot -> slots below it that feed it
  for (const edge of edges) {
    for (let k = 0; k + 1 < edge.chain.length; k += 1) {
      link(up, edge.chain[k], edge.chain[k + 1]);
      link(down, edge.chain[k + 1], edge.chain[k]);
    }
  }
  for (const row of rows) row.sort((a, b) => a.tape - b.tape);
  const position = new Map();
  const place = () => rows.forEach((row) => row.forEach((slot, i) => position.set(slot.id, i / Math.max(1, row.length - 1))));
  const sweep = (l, neighbours) => {
    const row = rows[l];
    const key = new Map(
      row.map((slot, i) => {
        const ns = neighbours.get(slot.id) || [];
        const mean = ns.length ? ns.reduce((s, n) => s + position.get(n), 0) / ns.length : position.get(slot.id);
        return [slot.id, mean + i * 1e-6]; // stable on ties
      }),
    );
    row.sort((a, b) => key.get(a.id) - key.get(b.id));
    place();
  };
  place();
  for (let pass = 0; pass < 4; pass += 1) {
    for (let l = top - 1; l >= 0; l -= 1) sweep(l, up);
    for (let l = 1; l <= top; l += 1) sweep(l, down);
  }
}

// Coordinates: each row centred; y grows downwards, the top level first.
function coordinates(rows, top, box, tapeOf) {
  const widthOf = (slot) => (slot.dummy ? box.dummy : box.w);
  const rowWidth = (row) => row.reduce((s, slot) => s + widthOf(slot), 0) + Math.max(0, row.length - 1) * box.gapX;
  const inner = Math.max(box.w, ...rows.map(rowWidth));
  const boxes = {};
  const slots = {};
  rows.forEach((row, l) => {
    let x = box.margin + (inner - rowWidth(row)) / 2;
    const y = box.margin + (top - l) * (box.h + box.gapY);
    for (const slot of row) {
      const w = widthOf(slot);
      const rect = { x, y, w, h: box.h, cx: x + w / 2, level: l };
      slots[slot.id] = rect;
      if (!slot.dummy) boxes[slot.id] = { ...rect, tape: tapeOf.get(slot.id) };
      x += w + box.gapX;
    }
  });
  return { width: inner + 2 * box.margin, height: (top + 1) * box.h + top * box.gapY + 2 * box.margin, boxes, slots };
}

// Ports: a consumer spreads its inputs along its bottom edge, an input spreads its
// uses along its top edge (ordered by where the consumers sit), so the two edges
// of x*x are two separate curves.
function routeEdges(edges, slots, box) {
  // Ports stay inside the box: the gap shrinks when a value has many uses.
  const spread = (count, k, gap) => (k - (count - 1) / 2) * Math.min(gap, (box.w - 24) / Math.max(1, count - 1));
  const inCount = new Map();
  for (const edge of edges) inCount.set(edge.to, (inCount.get(edge.to) || 0) + 1);
  const outs = new Map();
  for (const edge of edges) link(outs, edge.from, edge);
  for (const list of outs.values()) {
    list.sort((a, b) => slots[a.chain[1]].cx - slots[b.chain[1]].cx || a.index - b.index);
    list.forEach((edge, k) => (edge.outPort = spread(list.length, k, 40)));
  }
  // Edges between the same two nodes (x*x) bow apart, so the two paths are visible.
  const pairs = new Map();
  for (const edge of edges) link(pairs, `${edge.from}>${edge.to}`, edge);
  for (const list of pairs.values()) list.forEach((edge, k) => (edge.bow = list.length > 1 ? spread(list.length, k, 36) : 0));
  return edges.map((edge) => {
    const points = [];
    edge.chain.forEach((id, k) => {
      const r = slots[id];
      if (k === 0) points.push([r.cx + edge.outPort, r.y]);
      else if (k === edge.chain.length - 1) points.push([r.cx + spread(inCount.get(edge.to), edge.index, 46), r.y + r.h]);
      else points.push([r.cx, r.y + r.h], [r.cx, r.y]); // through a dummy slot: straight up
    });
    const { from, to, slot, index, key, bow } = edge;
    return { from, to, slot, index, key, points, bow, d: curve(points, bow), label: labelPoint(points, bow) };
  });
}

// Smooth vertical-tangent curve through the points (bottom to top); `bow` pushes the
// first segment's middle sideways (an edge that shares both ends with another).
export function curve(points, bow = 0) {
  const r = (v) => Math.round(v * 10) / 10;
  let d = `M ${r(points[0][0])} ${r(points[0][1])}`;
  for (let k = 1; k < points.length; k += 1) {
    const [x0, y0] = points[k - 1];
    const [x1, y1] = points[k];
    const b = k === 1 ? bow * 1.33 : 0; // a cubic's middle moves by 3/4 of its control points' shift
    if (x0 === x1 && b === 0) d += ` L ${r(x1)} ${r(y1)}`;
    else {
      const m = (y0 + y1) / 2;
      d += ` C ${r(x0 + b)} ${r(m)} ${r(x1 + b)} ${r(m)} ${r(x1)} ${r(y1)}`;
    }
  }
  return d;
}

// Where an edge's value label sits: the middle of its first segment (nearest the input).
function labelPoint(points, bow = 0) {
  const [x0, y0] = points[0];
  const [x1, y1] = points[1];
  return [(x0 + x1) / 2 + bow, (y0 + y1) / 2];
}

// ------------------------------------------------------------------ the backward walk
// The state after the first `k` backward steps (0 <= k <= steps.length). `grad[id]`
// is the gradient that has reached a node so far (the output starts at 1), `parts`
// the contributions that made it, `sent[edgeKey]` the value an edge has carried.
export function backwardState(data, k) {
  const steps = data.steps;
  const step = Math.max(0, Math.min(steps.length, Math.trunc(k)));
  const edges = graphEdges(data.nodes);
  const edgesOf = new Map();
  for (const edge of edges) {
    if (!edgesOf.has(edge.to)) edgesOf.set(edge.to, []);
    edgesOf.get(edge.to).push(edge);
  }
  const summed = Object.fromEntries(data.nodes.map((n) => [n.id, 0])); // contributions added up so far
  const grad = Object.fromEntries(data.nodes.map((n) => [n.id, null]));
  const parts = Object.fromEntries(data.nodes.map((n) => [n.id, []]));
  const ran = Object.fromEntries(data.nodes.map((n) => [n.id, false]));
  const sent = {};
  grad[data.output] = 1;
  parts[data.output] = [1];
  summed[data.output] = 1;
  let xGrad = null;
  for (let i = 0; i < step; i += 1) {
    const s = steps[i];
    if (s.kind === "node") {
      ran[s.node] = true;
      grad[s.node] = num(s.grad_output);
      const mine = edgesOf.get(s.node) || [];
      s.inputs.forEach((input, j) => {
        const c = num(input.contribution);
        if (mine[j]) sent[mine[j].key] = c;
        if (grad[input.to] === null) {
          grad[input.to] = c; // a later contribution is added by a buffer step
          summed[input.to] = 1;
        }
        parts[input.to].push(c);
      });
    } else if (s.kind === "buffer") {
      grad[s.node] = num(s.after);
      summed[s.node] += 1;
    } else if (s.kind === "accumulate") {
      ran[s.node] = true;
      grad[s.node] = num(s.after);
      xGrad = num(s.after);
    }
  }
  const current = step > 0 ? steps[step - 1] : null;
  let active = [];
  if (current?.kind === "node") active = (edgesOf.get(current.node) || []).map((e) => e.key);
  return { step, total: steps.length, grad, parts, summed, ran, sent, xGrad, current, activeEdges: active, done: step === steps.length };
}

function labelOf(data, id) {
  const node = data.nodes.find((n) => n.id === id);
  return node ? node.label || id : id;
}

function tapeNumber(data, id) {
  return data.nodes.findIndex((n) => n.id === id) + 1;
}

// What step k (1-based: the step just taken) did, in words: a heading, one line per
// gradient sent, and a short sentence for the live region. k = 0 is the seed.
export function describeStep(data, k) {
  const total = data.steps.length;
  if (k <= 0) {
    const out = labelOf(data, data.output);
    return {
      title: `Seed: the output ${out} gets gradient 1 (d out / d out = 1).`,
      lines: [`Step walks the tape backwards, from entry ${tapeNumber(data, data.output)} down to x.`],
      announce: `Back at the start: ${out} has gradient 1.`,
    };
  }
  const s = data.steps[Math.min(k, total) - 1];
  const where = `Step ${Math.min(k, total)} of ${total}`;
  const end = k >= total ? ` Done: x.grad = ${fmt(data.grad)}.` : "";
  if (s.kind === "node") {
    const label = labelOf(data, s.node);
    const g = fmt(s.grad_output);
    const seen = new Map();
    const lines = s.inputs.map((input) => {
      const to = labelOf(data, input.to);
      const use = (seen.get(input.to) || 0) + 1;
      seen.set(input.to, use);
      const which = s.inputs.filter((i) => i.to === input.to).length > 1 ? ` (use ${use})` : "";
      const formula = input.formula ? `${input.formula}: ` : "";
      const product =
        input.local === null
          ? `${fmt(input.contribution)}`
          : `local ${fmt(input.local)} × upstream ${g} = ${fmt(input.contribution)}`;
      return `to ${to}${which}: ${formula}${product}`;
    });
    const sends = s.inputs.map((i) => fmt(i.contribution)).join(" and ");
    return {
      title: `${where}: tape entry ${tapeNumber(data, s.node)}, ${s.op} (${label}), receives ${g}.`,
      lines,
      announce: `${where}: ${s.op} (${label}) receives ${g} and sends ${sends}.${end}`,
    };
  }
  if (s.kind === "buffer") {
    const label = labelOf(data, s.node);
    return {
      title: `${where}: ${label} is reached again, so its gradients add up.`,
      lines: [`grad[${label}] += ${fmt(s.add)}:  ${fmt(s.before)} + ${fmt(s.add)} = ${fmt(s.after)}`],
      announce: `${where}: grad[${label}] += ${fmt(s.add)}, now ${fmt(s.after)}.${end}`,
    };
  }
  const label = s.label || labelOf(data, s.node);
  const op = s.before === null ? "=" : "+=";
  return {
    title: `${where}: AccumulateGrad stores the total in ${label}.grad.`,
    lines: [`${label}.grad ${op} ${fmt(s.incoming)}`],
    announce: `${where}: ${label}.grad ${op} ${fmt(s.incoming)}.${end}`,
  };
}

// The gradient line of a node's box: "?" before anything arrived, the sum when it
// was reached more than once ("2 + 2 = 4").
export function gradText(state, id, digits = 4) {
  const g = state.grad[id];
  if (g === null) return "grad ?";
  const n = state.summed[id];
  if (n > 1) {
    const parts = state.parts[id].slice(0, n);
    const all = n <= 3 ? `${parts.map((p) => fmt(p, digits)).join(" + ")} = ` : "";
    return `grad ${all}${fmt(g, digits)}`;
  }
  return `grad ${fmt(g, digits)}`;
}
