// Pure math for the transform2x2 widget (no DOM). Every number the widget shows
// comes from here, so tests can compare it with torch.
//
// A matrix is a flat array [a, b, c, d] read row by row: [[a, b], [c, d]].
// Its columns, (a, c) and (b, d), are where i-hat and j-hat land.

export const IDENTITY = Object.freeze([1, 0, 0, 1]);
export const LIMIT = 100; // entries, handles and the probe stay within [-LIMIT, LIMIT]
export const STEP = 0.1; // arrow keys
export const COARSE_STEP = 1; // Shift + arrow keys
export const DRAG_SNAP = 0.1; // pointer drags snap to this grid
const CLEAN = 1e9; // results are rounded to 9 decimals: 0.1 + 0.2 shows as 0.3
const SINGULAR = 1e-9; // |det| at or below this counts as 0 (after the rounding above)
export const BASE_HALF = 4.5; // the plane shown at least: [-4.5, 4.5] on both axes, grid lines 1 apart
const MAX_LINES = 8; // grid lines on each side of an axis, at most, when the view grows
const ROOM = 1.15; // the view reaches this far past the farthest point: room for arrowheads and labels

export const PRESETS = Object.freeze({
  rotation: { label: "Rotate 90°", matrix: [0, -1, 1, 0] },
  shear: { label: "Shear", matrix: [1, 1, 0, 1] },
  scale: { label: "Scale ×2", matrix: [2, 0, 0, 2] },
  reflection: { label: "Reflect", matrix: [-1, 0, 0, 1] },
  singular: { label: "Singular", matrix: [2, 1, 1, 0.5] },
  identity: { label: "Identity", matrix: [1, 0, 0, 1] },
});

// The book's example matrix from "A matrix is a function on vectors", and a probe v = [1, 2].
export const DEFAULT_MATRIX = Object.freeze([2, -1, 1, 1]);
export const DEFAULT_PROBE = Object.freeze([1, 2]);

export function clean(x) {
  const y = Math.round(x * CLEAN) / CLEAN;
  return Object.is(y, -0) ? 0 : y;
}

export function clamp(x, limit = LIMIT) {
  return Math.min(limit, Math.max(-limit, x));
}

// Snap to a grid of `step` and keep the value inside the limits (no float dust: 0.3, not 0.30000000000000004).
export function snap(x, step = DRAG_SNAP, limit = LIMIT) {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return clean(Number((Math.round(clamp(x, limit) / step) * step).toFixed(decimals)));
}

// Move a point by (dx, dy) steps of `step`, keeping it on that grid and inside the limits.
export function nudge(point, dx, dy, step = STEP, limit = LIMIT) {
  return [snap(point[0] + dx * step, step / 10, limit), snap(point[1] + dy * step, step / 10, limit)];
}

export function columns(m) {
  return [
    [m[0], m[2]],
    [m[1], m[3]],
  ];
}

export function fromColumns(i, j) {
  return [i[0], j[0], i[1], j[1]];
}

export function det(m) {
  return clean(m[0] * m[3] - m[1] * m[2]);
}

export function apply(m, v) {
  return [clean(m[0] * v[0] + m[1] * v[1]), clean(m[2] * v[0] + m[3] * v[1])];
}

// The matrix shown at slider position t: (1 - t) * I + t * M, entry by entry.
export function interpolate(m, t) {
  return m.map((value, index) => clean((1 - t) * IDENTITY[index] + t * value));
}

// The unit square's corners (0,0), (1,0), (1,1), (0,1) after M: a parallelogram.
export function unitSquare(m) {
  return [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ].map((p) => apply(m, p));
}

// A letter F inside the unit square (the book's figure uses the same one), corners in order.
export const LETTER_F = Object.freeze(
  [
    [0.3, 0.2],
    [0.6, 0.2],
    [0.6, 0.8],
    [1.0, 0.8],
    [1.0, 1.05],
    [0.6, 1.05],
    [0.6, 1.4],
    [1.2, 1.4],
    [1.2, 1.65],
    [0.3, 1.65],
  ].map(([x, y]) => [clean(0.55 * x), clean(0.55 * y)]),
);

export function transformPoints(m, points) {
  return points.map((p) => apply(m, p));
}

function norm(v) {
  return Math.hypot(v[0], v[1]);
}

export function isZeroMatrix(m) {
  return m.every((x) => Math.abs(x) <= SINGULAR);
}

// How many independent directions survive: 2 (the plane), 1 (a line) or 0 (a point).
export function rank(m) {
  if (isZeroMatrix(m)) return 0;
  return Math.abs(det(m)) <= SINGULAR ? 1 : 2;
}

// Where the plane goes: { rank, kind: "plane" | "line" | "point", direction }.
// For rank 1 the direction is the longer nonzero column, scaled to length 1
// (the image of M is spanned by its columns, and here they are parallel).
export function collapse(m) {
  const r = rank(m);
  if (r === 2) return { rank: 2, kind: "plane", direction: null, along: null };
  if (r === 0) return { rank: 0, kind: "point", direction: null, along: null };
  const [i, j] = columns(m);
  const longer = norm(i) >= norm(j) ? i : j;
  const length = norm(longer);
  let direction = [longer[0] / length, longer[1] / length];
  // One of the two opposite unit vectors, picked so the description is stable: x > 0, or x = 0 and y > 0.
  if (direction[0] < -1e-12 || (Math.abs(direction[0]) <= 1e-12 && direction[1] < 0)) direction = direction.map((x) => -x);
  return { rank: 1, kind: "line", direction: direction.map((x) => clean(x)), along: [...longer] };
}

// The orientation arc from the image of i-hat to the image of j-hat: it starts at
// i's angle and sweeps the short way round to j, counter-clockwise (sweep > 0)
// when det > 0 and clockwise (sweep < 0) when det < 0. null when det = 0.
export function orientationArc(m) {
  if (rank(m) < 2) return null;
  const [i, j] = columns(m);
  const start = Math.atan2(i[1], i[0]);
  let sweep = Math.atan2(j[1], j[0]) - start;
  while (sweep <= -Math.PI) sweep += 2 * Math.PI;
  while (sweep > Math.PI) sweep -= 2 * Math.PI;
  return { start, sweep, direction: sweep > 0 ? "counter-clockwise" : "clockwise" };
}

// Everything the widget shows for one matrix M, slider position t and probe v.
export function describe(m, t = 1, v = DEFAULT_PROBE) {
  const shown = interpolate(m, t);
  const d = det(shown);
  const c = collapse(shown);
  const arc = orientationArc(shown);
  return {
    matrix: [...m],
    t,
    shown,
    columns: columns(shown),
    det: d,
    area: Math.abs(d),
    sign: d > SINGULAR ? 1 : d < -SINGULAR ? -1 : 0,
    invertible: c.rank === 2,
    rank: c.rank,
    collapse: c.kind,
    direction: c.direction,
    along: c.along,
    orientation: arc ? arc.direction : "none",
    arc,
    square: unitSquare(shown),
    v: [...v],
    mv: apply(shown, v),
  };
}

// Numbers as the widget prints them: at most 4 decimals, no trailing zeros, a real minus sign.
export function format(x) {
  const y = clean(Number(x.toFixed(4)));
  const text = String(y);
  return y < 0 ? `\u2212${text.slice(1)}` : text;
}

// The URL hash: "#m=a,b,c,d" and optionally "&v=x,y". Other hashes (Material's heading anchors) are not ours.
export const HASH_PREFIX = "#m=";

export function formatHash(m, v) {
  const plain = (x) => String(clean(x));
  let text = `${HASH_PREFIX}${m.map(plain).join(",")}`;
  if (v) text += `&v=${v.map(plain).join(",")}`;
  return text;
}

// May the widget replace the current hash with its own? Yes when it is empty or already
// ours, and over a heading's anchor (Material's navigation.tracking keeps rewriting the
// hash to the heading in view, so the reader did not choose it); never over any other hash.
export function mayReplaceHash(hash, isHeadingAnchor) {
  return !hash || hash === "#" || hash.startsWith(HASH_PREFIX) || Boolean(isHeadingAnchor);
}

export function parseHash(hash) {
  if (typeof hash !== "string" || !hash.startsWith(HASH_PREFIX)) return null;
  let text;
  try {
    text = decodeURIComponent(hash.slice(HASH_PREFIX.length));
  } catch {
    return null;
  }
  const [mPart, ...rest] = text.split("&");
  // A link outside the limits is not read at all (null), never clamped to something else.
  const numbers = (text, count) => {
    const parts = text.split(",");
    if (parts.length !== count || parts.some((part) => part.trim() === "")) return null;
    const values = parts.map(Number);
    return values.every((x) => Number.isFinite(x) && Math.abs(x) <= LIMIT) ? values.map(clean) : null;
  };
  const matrix = numbers(mPart, 4);
  if (!matrix) return null;
  let probe = null;
  for (const part of rest) {
    if (!part.startsWith("v=")) continue;
    probe = numbers(part.slice(2), 2);
    if (!probe) return null;
  }
  return { matrix, v: probe };
}

// ----- what the reader types into an entry of M -----

// "−100 to 100", as the messages write the allowed range.
export const RANGE_TEXT = `${format(-LIMIT)} to ${format(LIMIT)}`;

// An entry as typed: { ok: true, value } for a number within the limits, else
// { ok: false, reason: "empty" | "unreadable" | "range" }. `badInput` is the field's own
// verdict (a number field whose text is not a number reports an empty value).
export function readEntry(text, badInput = false) {
  const typed = String(text ?? "").trim();
  if (badInput) return { ok: false, reason: "unreadable", typed };
  if (typed === "") return { ok: false, reason: "empty", typed };
  const value = Number(typed.replace("\u2212", "-"));
  if (!Number.isFinite(value)) return { ok: false, reason: "unreadable", typed };
  if (Math.abs(value) > LIMIT) return { ok: false, reason: "range", typed };
  return { ok: true, value: clean(value), typed };
}

// What the widget says about an entry it could not take: what was typed, the range it
// takes, and the value M keeps meanwhile (the typed text stays in the field).
export function entryProblem(name, reading, kept) {
  const keeps = `M keeps ${name} = ${format(kept)} until you type a number from ${RANGE_TEXT}.`;
  if (reading.reason === "range") return `${name}: ${reading.typed} is outside the range this widget draws, ${RANGE_TEXT}. ${keeps}`;
  if (reading.reason === "empty") return `${name} is empty. ${keeps}`;
  return `${name}: what is typed there is not a number. ${keeps}`;
}

// ----- the part of the plane in view -----

// The smallest of 1, 2 or 5 times a power of ten that is at least x (x > 0).
export function niceStep(x) {
  const power = 10 ** Math.floor(Math.log10(x));
  for (const n of [1, 2, 5, 10]) if (clean(n * power) >= x) return clean(n * power);
  return clean(10 * power);
}

// The view that keeps in sight everything M does, at every t of the slider (the matrix
// shown is (1 - t)·I + t·M, so each point lies between its images under I and M): the
// unit square's corners (so î and ĵ), v and M v. { half } is the view's half-width,
// { step } the spacing of the grid lines and { lines } their number on each side of 0;
// the view ends half a step past the last line. At least BASE_HALF, with lines 1 apart.
export function fitView(m, v) {
  const points = [...unitSquare(m), ...unitSquare(IDENTITY), v, apply(m, v)];
  const needed = ROOM * Math.max(...points.flat().map(Math.abs));
  const step = Math.max(1, niceStep(needed / MAX_LINES));
  const lines = Math.max(Math.floor(BASE_HALF), Math.ceil(needed / step - 0.5));
  return { half: clean((lines + 0.5) * step), step, lines };
}

// The view in words, for the caption under the drawing and the live region.
export function scaleText(view) {
  const axes = `axes from ${format(-view.half)} to ${format(view.half)}`;
  if (view.half <= BASE_HALF) return `Grid lines 1 apart, ${axes}.`;
  return `Zoomed out to keep M's picture in view: grid lines ${format(view.step)} apart, ${axes}.`;
}
