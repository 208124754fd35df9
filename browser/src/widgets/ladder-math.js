// Pure math of the rank-ladder widget (no DOM): shapes, element counts, bytes,
// axis names, index expressions and the capped drawing plan. Every number the
// widget shows comes from here. parseShape is shared with the other widgets.

import { counted } from "./words.js";

// Bytes per element, as torch's element_size() reports them.
export const DTYPES = { float32: 4, int64: 8, float16: 2, bool: 1 };

export const MAX_RANK = 4;

// The rung each rank starts on: a shape and names for its axes.
export const RUNGS = [
  { rank: 0, label: "scalar", shape: [], names: [] },
  { rank: 1, label: "vector", shape: [4], names: ["feature"] },
  { rank: 2, label: "matrix", shape: [3, 4], names: ["row", "column"] },
  { rank: 3, label: "stack of matrices", shape: [2, 3, 4], names: ["batch", "token", "feature"] },
  { rank: 4, label: "row of stacks", shape: [2, 3, 3, 4], names: ["batch", "channels", "height", "width"] },
];

export function rung(rank) {
  const found = RUNGS[rank];
  if (!found) throw new RangeError(`rank ${rank} is not on the ladder (0 to ${MAX_RANK})`);
  return { ...found, shape: [...found.shape], names: [...found.names] };
}

// Read a shape typed as [8, 3, 768], (8, 3, 768), 8, 3, 768 or [] (no brackets needed).
// allowMinusOne lets -1 through (for view/expand); other negatives are refused.
// Returns { ok: true, shape } or { ok: false, error }.
export function parseShape(text, { allowMinusOne = false } = {}) {
  let body = String(text ?? "").trim();
  if (body.startsWith("torch.Size(") && body.endsWith(")")) body = body.slice(11, -1).trim();
  const open = body[0];
  if (open === "[" || open === "(") {
    const close = open === "[" ? "]" : ")";
    if (!body.endsWith(close)) return { ok: false, error: `Missing a closing '${close}'. Write a shape like [8, 3, 768].` };
    body = body.slice(1, -1).trim();
  } else if (body.endsWith("]") || body.endsWith(")")) {
    return { ok: false, error: "Missing an opening bracket. Write a shape like [8, 3, 768]." };
  }
  if (body === "") return { ok: true, shape: [] };
  const parts = body.split(",").map((part) => part.trim());
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop(); // a trailing comma, as in (4,)
  const shape = [];
  for (const part of parts) {
    if (part === "") return { ok: false, error: "An empty entry between commas. Write a shape like [8, 3, 768]." };
    if (!/^[+-]?\d+$/.test(part)) {
      return { ok: false, error: `'${part}' is not a whole number. Write a shape like [8, 3, 768].` };
    }
    const value = Number(part);
    if (!Number.isSafeInteger(value)) return { ok: false, error: `${part} is too large a length.` };
    if (value < 0 && !(allowMinusOne && value === -1)) {
      return { ok: false, error: `A length can't be negative (${part}); use 0 or more.` };
    }
    shape.push(value);
  }
  return { ok: true, shape };
}

export function formatShape(shape) {
  return `[${shape.join(", ")}]`;
}

// numel: the product of the lengths (1 for a scalar), as a BigInt-safe string too.
export function numel(shape) {
  return shape.reduce((product, n) => product * BigInt(n), 1n);
}

export function bytesOf(shape, dtype) {
  const size = DTYPES[dtype];
  if (size === undefined) throw new RangeError(`unknown dtype ${dtype}`);
  return numel(shape) * BigInt(size);
}

// 1234567 -> "1,234,567"
export function groupDigits(value) {
  return BigInt(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// A readable size: 96 -> "96 bytes", 24576 -> "24 KiB", 2359296 -> "2.25 MiB".
export function humanBytes(value) {
  let amount = Number(BigInt(value));
  if (amount < 1024) return counted(amount, "byte");
  const units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
  let unit = -1;
  while (amount >= 1024 && unit < units.length - 1) {
    amount /= 1024;
    unit += 1;
  }
  const shown = amount >= 100 ? amount.toFixed(0) : amount >= 10 ? amount.toFixed(1) : amount.toFixed(2);
  return `${shown.replace(/\.?0+$/, "")} ${units[unit]}`;
}

// Axis names: a valid Python identifier each, distinct; blank means the default.
export function validateNames(names) {
  const seen = new Set();
  for (const [axis, name] of names.entries()) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      return { ok: false, error: `Axis ${axis}'s name '${name}' must be a word: letters, digits or _, not starting with a digit.`, axis };
    }
    if (seen.has(name)) return { ok: false, error: `Two axes are both called '${name}'; give each axis its own name.`, axis };
    seen.add(name);
  }
  return { ok: true };
}

// Index letters: each name's initial, lower-cased; a clash gets the next letter of its
// name, then a number (batch, bias -> b, i).
export function indexLetters(names) {
  const used = new Set();
  return names.map((name) => {
    const lower = name.toLowerCase();
    for (const letter of lower) {
      if (/[a-z]/.test(letter) && !used.has(letter)) {
        used.add(letter);
        return letter;
      }
    }
    for (let k = 0; ; k += 1) {
      const candidate = `${lower[0]}${k}`;
      if (!used.has(candidate)) {
        used.add(candidate);
        return candidate;
      }
    }
  });
}

// The slice along one axis: x[b, t, :] and its shape [length].
export function axisSlice(shape, names, axis, variable = "x") {
  if (axis < 0 || axis >= shape.length) throw new RangeError(`axis ${axis} of a rank-${shape.length} shape`);
  const letters = indexLetters(names);
  const parts = letters.map((letter, k) => (k === axis ? ":" : letter));
  return {
    axis,
    name: names[axis],
    length: shape[axis],
    expression: `${variable}[${parts.join(", ")}]`,
    sliceShape: [shape[axis]],
    fixed: letters.filter((_, k) => k !== axis),
  };
}

// How many cells to draw along an axis: all of them up to cap, else cap - 1 cells
// and an ellipsis in their place (the label still gives the real length).
export function drawnCells(length, cap) {
  if (length <= cap) return { cells: length, ellipsis: false };
  return { cells: cap - 1, ellipsis: true };
}

// Caps used by the drawing, per rank position: [stacks, layers, rows, columns].
export const CAPS = { stacks: 3, layers: 4, rows: 5, columns: 7 };

// The whole picture for a shape, in abstract units: what each axis becomes.
export function drawingPlan(shape) {
  const rank = shape.length;
  const roles = [[], ["columns"], ["rows", "columns"], ["layers", "rows", "columns"], ["stacks", "layers", "rows", "columns"]][rank];
  if (!roles) throw new RangeError(`the ladder draws ranks 0 to ${MAX_RANK}, not ${rank}`);
  return {
    rank,
    axes: shape.map((length, axis) => ({ axis, length, role: roles[axis], ...drawnCells(length, CAPS[roles[axis]]) })),
  };
}

// Everything the readout shows for a shape and dtype.
export function summary(shape, dtype) {
  const count = numel(shape);
  const bytes = bytesOf(shape, dtype);
  return {
    rank: shape.length,
    shape: formatShape(shape),
    numel: count.toString(),
    numelText: groupDigits(count),
    numelWords: counted(count, "element", "elements", groupDigits(count)), // "1 element", "18,432 elements"
    elementSize: DTYPES[dtype],
    bytes: bytes.toString(),
    bytesText: counted(bytes, "byte", "bytes", groupDigits(bytes)),
    human: humanBytes(bytes),
    product: shape.length ? `${shape.join(" × ")} = ${groupDigits(count)}` : "1 (a scalar holds one number)",
  };
}
