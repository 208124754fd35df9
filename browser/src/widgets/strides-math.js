// Pure math of the strides widget (no DOM): a tensor is storage + shape + stride +
// offset, and every operation below rewrites those numbers the way torch 2.13 does,
// with torch's exact error messages. Numbers the widget shows all come from here.

import { formatShape, parseShape } from "./ladder-math.js";

export { parseShape, formatShape };

// The widget refuses (with its own message, not torch's) to draw more cells than this.
export const MAX_CELLS = 144;

export const BASES = [
  { n: 6, shape: [2, 3] },
  { n: 12, shape: [3, 4] },
  { n: 24, shape: [2, 3, 4] },
];

const fail = (type, message) => ({ ok: false, error: { type, message } });
const done = (tensor) => ({ ok: true, tensor });

export function numelOf(shape) {
  return shape.reduce((product, n) => product * n, 1);
}

// Row-major strides, as torch gives a fresh tensor (a length 0 counts as 1).
export function contiguousStrides(shape) {
  const stride = new Array(shape.length);
  let step = 1;
  for (let d = shape.length - 1; d >= 0; d -= 1) {
    stride[d] = step;
    step *= Math.max(shape[d], 1);
  }
  return stride;
}

// torch's is_contiguous: lengths of 1 are skipped, an empty tensor is contiguous.
export function isContiguous(shape, stride) {
  if (numelOf(shape) === 0) return true;
  let expected = 1;
  for (let d = shape.length - 1; d >= 0; d -= 1) {
    if (shape[d] === 1) continue;
    if (stride[d] !== expected) return false;
    expected *= shape[d];
  }
  return true;
}

// maybe_wrap_dim: a negative dim counts from the end; a 0-dim tensor wraps like 1-dim.
export function wrapDim(dim, ndim) {
  const n = Math.max(ndim, 1);
  if (dim < -n || dim > n - 1) {
    return fail("IndexError", `Dimension out of range (expected to be in range of [${-n}, ${n - 1}], but got ${dim})`);
  }
  return { ok: true, dim: dim < 0 ? dim + n : dim };
}

// infer_size: fill in one -1 so the count matches numel, or torch's error.
export function inferSize(shape, numel) {
  let product = 1;
  let inferred = null;
  for (let d = 0; d < shape.length; d += 1) {
    if (shape[d] === -1) {
      if (inferred !== null) return fail("RuntimeError", "only one dimension can be inferred");
      inferred = d;
    } else if (shape[d] >= 0) {
      product *= shape[d];
    } else {
      return fail("RuntimeError", `invalid shape dimension ${shape[d]} at index ${d} of shape ${formatShape(shape)}`);
    }
  }
  if (numel === product || (inferred !== null && product > 0 && numel % product === 0)) {
    const out = [...shape];
    if (inferred !== null) {
      if (product === 0) {
        return fail(
          "RuntimeError",
          `cannot reshape tensor of 0 elements into shape ${formatShape(shape)} because the unspecified dimension size -1 can be any value and is ambiguous`,
        );
      }
      out[inferred] = numel / product;
    }
    return { ok: true, shape: out };
  }
  return fail("RuntimeError", `shape '${formatShape(shape)}' is invalid for input of size ${numel}`);
}

// torch's computeStride (ATen/TensorUtils.cpp): the strides that read `oldshape`'s
// elements in row-major order under `newshape`, or null when no strides can. The old
// axes are cut into chunks that are contiguous among themselves; each chunk must be
// rebuilt exactly by consecutive new axes.
export function computeStride(oldshape, oldstride, newshape) {
  if (oldshape.length === 0) return newshape.map(() => 1);
  const numel = numelOf(oldshape);
  if (numel === 0 && oldshape.length === newshape.length && oldshape.every((n, d) => n === newshape[d])) {
    return [...oldstride];
  }
  const newstride = new Array(newshape.length);
  if (numel === 0) {
    for (let d = newshape.length - 1; d >= 0; d -= 1) {
      newstride[d] = d === newshape.length - 1 ? 1 : Math.max(newshape[d + 1], 1) * newstride[d + 1];
    }
    return newstride;
  }
  let viewD = newshape.length - 1;
  let chunkBaseStride = oldstride[oldstride.length - 1];
  let tensorNumel = 1;
  let viewNumel = 1;
  for (let tensorD = oldshape.length - 1; tensorD >= 0; tensorD -= 1) {
    tensorNumel *= oldshape[tensorD];
    const chunkEnds =
      tensorD === 0 || (oldshape[tensorD - 1] !== 1 && oldstride[tensorD - 1] !== tensorNumel * chunkBaseStride);
    if (chunkEnds) {
      while (viewD >= 0 && (viewNumel < tensorNumel || newshape[viewD] === 1)) {
        newstride[viewD] = viewNumel * chunkBaseStride;
        viewNumel *= newshape[viewD];
        viewD -= 1;
      }
      if (viewNumel !== tensorNumel) return null;
      if (tensorD > 0) {
        chunkBaseStride = oldstride[tensorD - 1];
        tensorNumel = 1;
        viewNumel = 1;
      }
    }
  }
  if (viewD !== -1) return null;
  return newstride;
}

export const VIEW_STRIDE_ERROR =
  "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.";

const alias = (t, changes) => ({ shape: t.shape, stride: t.stride, offset: t.offset, storage: t.storage, ...changes });

export function view(t, sizes) {
  const inferred = inferSize(sizes, numelOf(t.shape));
  if (!inferred.ok) return inferred;
  const stride = computeStride(t.shape, t.stride, inferred.shape);
  if (stride === null) return fail("RuntimeError", VIEW_STRIDE_ERROR);
  return done(alias(t, { shape: inferred.shape, stride }));
}

export function permute(t, dims) {
  const ndim = t.shape.length;
  if (dims.length !== ndim) {
    return fail(
      "RuntimeError",
      `permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = ${ndim} is not equal to len(dims) = ${dims.length}`,
    );
  }
  const seen = new Set();
  const shape = [];
  const stride = [];
  for (const raw of dims) {
    const wrapped = wrapDim(raw, ndim);
    if (!wrapped.ok) return wrapped;
    if (seen.has(wrapped.dim)) return fail("RuntimeError", "permute(): duplicate dims are not allowed.");
    seen.add(wrapped.dim);
    shape.push(t.shape[wrapped.dim]);
    stride.push(t.stride[wrapped.dim]);
  }
  return done(alias(t, { shape, stride }));
}

export function transpose(t, dim0 = 0, dim1 = 1) {
  const ndim = t.shape.length;
  const a = wrapDim(dim0, ndim);
  if (!a.ok) return a;
  const b = wrapDim(dim1, ndim);
  if (!b.ok) return b;
  if (ndim === 0 || a.dim === b.dim) return done(alias(t, {}));
  const shape = [...t.shape];
  const stride = [...t.stride];
  [shape[a.dim], shape[b.dim]] = [shape[b.dim], shape[a.dim]];
  [stride[a.dim], stride[b.dim]] = [stride[b.dim], stride[a.dim]];
  return done(alias(t, { shape, stride }));
}

// inferExpandGeometry: right-aligned like broadcasting; a stretched length-1 axis
// gets stride 0, a new leading axis of length 1 gets the stride of the one after it.
export function expandGeometry(shape, stride, sizes) {
  const ndim = sizes.length;
  const tensorDim = shape.length;
  if (tensorDim === 0) return { ok: true, shape: [...sizes], stride: sizes.map(() => 0) };
  const outShape = new Array(ndim);
  const outStride = new Array(ndim);
  for (let i = ndim - 1; i >= 0; i -= 1) {
    const offset = ndim - 1 - i;
    const dim = tensorDim - 1 - offset;
    let size = dim >= 0 ? shape[dim] : 1;
    let step = dim >= 0 ? stride[dim] : outShape[i + 1] * outStride[i + 1];
    let target = sizes[i];
    if (target === -1) {
      if (dim < 0) {
        return fail("RuntimeError", `The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension ${i}`);
      }
      target = size;
    }
    if (size !== target) {
      if (size !== 1) {
        return fail(
          "RuntimeError",
          `The expanded size of the tensor (${target}) must match the existing size (${size}) at non-singleton dimension ${i}.  Target sizes: ${formatShape(sizes)}.  Tensor sizes: ${formatShape(shape)}`,
        );
      }
      size = target;
      step = 0;
    }
    outShape[i] = size;
    outStride[i] = step;
  }
  return { ok: true, shape: outShape, stride: outStride };
}

export function expand(t, sizes) {
  if (sizes.length < t.shape.length) {
    return fail(
      "RuntimeError",
      `expand(torch.LongTensor{${formatShape(t.shape)}}, size=${formatShape(sizes)}): the number of sizes provided (${sizes.length}) must be greater or equal to the number of dimensions in the tensor (${t.shape.length})`,
    );
  }
  const geometry = expandGeometry(t.shape, t.stride, sizes);
  if (!geometry.ok) return geometry;
  if (geometry.shape.some((n) => n < 0)) return fail("RuntimeError", "numel: integer multiplication overflow");
  return done(alias(t, { shape: geometry.shape, stride: geometry.stride }));
}

// Python indexing text such as [:, ::2], [1], [0, 1:3] (whole numbers and slices).
// Returns { ok, entries: [{kind: "int", value} | {kind: "slice", start, stop, step}], tuple }.
const INT = /^[+-]?\d+$/;
export function parseIndex(text) {
  const body = String(text ?? "").trim();
  const hint = "Write an index in brackets, like [:, ::2] or [1, 0:2].";
  if (!body.startsWith("[") || !body.endsWith("]")) return { ok: false, message: `Missing brackets. ${hint}` };
  const inner = body.slice(1, -1).trim();
  if (inner === "") return { ok: false, message: `An empty index. ${hint}` };
  const parts = inner.split(",").map((part) => part.trim());
  let tuple = parts.length > 1;
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  const entries = [];
  for (const part of parts) {
    if (INT.test(part)) {
      entries.push({ kind: "int", value: Number(part) });
      continue;
    }
    const pieces = part.split(":").map((piece) => piece.trim());
    if (pieces.length < 2 || pieces.length > 3 || pieces.some((piece) => piece !== "" && !INT.test(piece))) {
      return { ok: false, message: `'${part}' is neither a whole number nor a slice like 1:3 or ::2. ${hint}` };
    }
    const read = (piece) => (piece === "" || piece === undefined ? null : Number(piece));
    entries.push({ kind: "slice", start: read(pieces[0]), stop: read(pieces[1]), step: read(pieces[2]) });
  }
  return { ok: true, entries, tuple };
}

export function formatIndex(entries) {
  const one = (entry) => {
    if (entry.kind === "int") return String(entry.value);
    const text = `${entry.start ?? ""}:${entry.stop ?? ""}`;
    return entry.step === null ? text : `${text}:${entry.step}`;
  };
  return `[${entries.map(one).join(", ")}]`;
}

// torch's __getitem__ for whole numbers and slices: left to right, with its messages.
export function index(t, parsed) {
  const { entries, tuple } = parsed;
  const ndim = t.shape.length;
  if (!tuple && entries.length === 1) {
    const entry = entries[0];
    if (ndim === 0) {
      if (entry.kind === "slice") {
        if (entry.step === 0) return fail("ValueError", "slice step cannot be zero");
        if (entry.step !== null && entry.step < 0) return fail("ValueError", "step must be greater than zero");
        return fail("IndexError", "slice() cannot be applied to a 0-dim tensor.");
      }
      if (entry.value === 0) {
        return fail(
          "IndexError",
          "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number",
        );
      }
      return fail("IndexError", `index ${entry.value} is out of bounds for dimension 0 with size 0`);
    }
  }
  if (entries.length > ndim) return fail("IndexError", `too many indices for tensor of dimension ${ndim}`);
  let shape = [...t.shape];
  let stride = [...t.stride];
  let offset = t.offset;
  let dim = 0;
  for (const [realDim, entry] of entries.entries()) {
    const size = shape[dim];
    if (entry.kind === "int") {
      if (!(size >= -entry.value && size > entry.value)) {
        return fail("IndexError", `index ${entry.value} is out of bounds for dimension ${realDim} with size ${size}`);
      }
      const i = entry.value < 0 ? entry.value + size : entry.value;
      offset += i * stride[dim];
      shape.splice(dim, 1);
      stride.splice(dim, 1);
      continue;
    }
    const step = entry.step ?? 1;
    if (step === 0) return fail("ValueError", "slice step cannot be zero");
    if (step < 0) return fail("ValueError", "step must be greater than zero");
    let start = entry.start ?? 0;
    let stop = entry.stop ?? Number.MAX_SAFE_INTEGER;
    if (start < 0) start += size;
    if (stop < 0) stop += size;
    if (start < 0) start = 0;
    else if (start >= size) start = size;
    if (stop < start) stop = start;
    else if (stop >= size) stop = size;
    offset += start * stride[dim];
    shape[dim] = Math.floor((stop - start + step - 1) / step);
    stride[dim] *= step;
    dim += 1;
  }
  return done({ shape, stride, offset, storage: t.storage });
}

// Where element `indices` lives: offset + sum(index * stride).
export function storagePosition(t, indices) {
  return indices.reduce((position, i, d) => position + i * t.stride[d], t.offset);
}

export function positionFormula(t, indices) {
  const terms = indices.map((i, d) => `${i}·${t.stride[d]}`);
  const position = storagePosition(t, indices);
  return { position, text: `${[String(t.offset), ...terms].join(" + ")} = ${position}` };
}

// Every index of a shape in row-major order (the order print() reads them in).
export function allIndices(shape) {
  const out = [];
  const total = numelOf(shape);
  for (let flat = 0; flat < total; flat += 1) {
    const idx = new Array(shape.length);
    let rest = flat;
    for (let d = shape.length - 1; d >= 0; d -= 1) {
      idx[d] = rest % shape[d];
      rest = Math.floor(rest / shape[d]);
    }
    out.push(idx);
  }
  return out;
}

export function positions(t) {
  return allIndices(t.shape).map((idx) => storagePosition(t, idx));
}

// ----- the widget's whole state: storages, the base tensor x and the view y -----

export function initialState(baseIndex = 0) {
  const base = BASES[baseIndex];
  const x = { shape: [...base.shape], stride: contiguousStrides(base.shape), offset: 0, storage: 0 };
  return {
    baseIndex,
    storages: [Array.from({ length: base.n }, (_, k) => k)],
    x,
    y: { ...x },
    steps: [],
    error: null,
    copied: false,
  };
}

export function codeLines(state) {
  const base = BASES[state.baseIndex];
  return [`x = torch.arange(${base.n}).view(${base.shape.join(", ")})`, `y = x${state.steps.map((s) => s.code).join("")}`];
}

// Drop storages that neither x nor y reads; renumber the rest.
function collect(storages, x, y) {
  const keep = [...new Set([x.storage, y.storage])].sort((p, q) => p - q);
  const renumber = new Map(keep.map((old, k) => [old, k]));
  return {
    storages: keep.map((old) => storages[old]),
    x: { ...x, storage: renumber.get(x.storage) },
    y: { ...y, storage: renumber.get(y.storage) },
  };
}

const joinArgs = (values) => values.join(", ");

// Apply one operation to y. op: {op: "view"|"permute"|"expand", sizes|dims},
// {op: "transpose"}, {op: "index", text}, {op: "contiguous"}.
// Returns the new state; on an error the state keeps y and records the error.
export function apply(state, op) {
  const y = state.y;
  let outcome;
  let code;
  switch (op.op) {
    case "view":
      outcome = view(y, op.sizes);
      code = `.view(${joinArgs(op.sizes)})`;
      break;
    case "permute":
      outcome = permute(y, op.dims);
      code = `.permute(${joinArgs(op.dims)})`;
      break;
    case "transpose":
      outcome = transpose(y, 0, 1);
      code = ".transpose(0, 1)";
      break;
    case "expand":
      outcome = expand(y, op.sizes);
      code = `.expand(${joinArgs(op.sizes)})`;
      break;
    case "index": {
      const parsed = parseIndex(op.text);
      if (!parsed.ok) return { ...state, error: { type: "input", message: parsed.message } };
      outcome = index(y, parsed);
      code = formatIndex(parsed.entries);
      break;
    }
    case "contiguous": {
      code = ".contiguous()";
      if (isContiguous(y.shape, y.stride)) {
        outcome = done(alias(y, {}));
        break;
      }
      const values = positions(y).map((p) => state.storages[y.storage][p]);
      const storages = [...state.storages, values];
      const copy = { shape: [...y.shape], stride: contiguousStrides(y.shape), offset: 0, storage: storages.length - 1 };
      const kept = collect(storages, state.x, copy);
      return {
        ...state,
        ...kept,
        steps: [...state.steps, { code, copied: true }],
        error: null,
        copied: true,
      };
    }
    default:
      throw new RangeError(`unknown operation ${op.op}`);
  }
  if (!outcome.ok) return { ...state, error: { ...outcome.error, code } };
  const cells = numelOf(outcome.tensor.shape);
  if (cells > MAX_CELLS) {
    return {
      ...state,
      error: { type: "widget", code, message: `torch allows this, but the widget draws at most ${MAX_CELLS} cells and y would have ${cells}.` },
    };
  }
  return { ...state, y: outcome.tensor, steps: [...state.steps, { code, copied: false }], error: null };
}

// y[indices] = value: writes the one storage slot that element reads.
export function write(state, indices, value) {
  const position = storagePosition(state.y, indices);
  const storages = state.storages.map((values, k) => (k === state.y.storage ? values.map((v, p) => (p === position ? value : v)) : values));
  return { ...state, storages, error: null, lastWrite: { indices, value, position, storage: state.y.storage } };
}

export function valuesOf(state, t) {
  return positions(t).map((p) => state.storages[t.storage][p]);
}

// What the readout shows about a tensor.
export function facts(t) {
  return {
    shape: [...t.shape],
    stride: [...t.stride],
    offset: t.offset,
    contiguous: isContiguous(t.shape, t.stride),
    numel: numelOf(t.shape),
  };
}

// Python's tuple spelling: (3, 1), (4,), ().
export function formatTuple(values) {
  if (values.length === 1) return `(${values[0]},)`;
  return `(${values.join(", ")})`;
}

// How many of t's elements read each storage slot (0 for slots t never reads;
// more than 1 only where a stride is 0).
export function readCounts(t, length) {
  const counts = new Array(length).fill(0);
  for (const p of positions(t)) counts[p] += 1;
  return counts;
}

// A suggestion for the expand box: the first length-1 axis stretched to 4.
export function expandSuggestion(shape) {
  const k = shape.indexOf(1);
  if (k === -1) return [...shape];
  return shape.map((n, d) => (d === k ? 4 : n));
}

// Indices of a flat (row-major) position within a shape.
export function unflatten(flat, shape) {
  const idx = new Array(shape.length);
  let rest = flat;
  for (let d = shape.length - 1; d >= 0; d -= 1) {
    idx[d] = rest % shape[d];
    rest = Math.floor(rest / shape[d]);
  }
  return idx;
}

// Values a reader may write into the int64 storage (kept short so they fit a cell).
export function parseValue(text) {
  const body = String(text ?? "").trim();
  if (!/^[+-]?\d+$/.test(body) || Math.abs(Number(body)) > 999) {
    return { ok: false, message: "Type a whole number from -999 to 999 (x holds int64 values)." };
  }
  return { ok: true, value: Number(body) };
}
