// Pure math for the matmul widget (no DOM). Every number the widget shows comes
// from here, so tests can compare it with torch. Matrices are arrays of rows.

export const MAX_SIZE = 4; // R, K and Cn (and, in mismatch mode, A's columns and B's rows) run 1..MAX_SIZE
export const DEFAULT_SHAPE = Object.freeze({ R: 2, K: 3, Cn: 2 });

// Small deterministic integers: A counts 1, 2, 3, ... row by row, and B carries on
// counting where A stopped. For the default shapes this is the book's worked example,
// A = [[1, 2, 3], [4, 5, 6]] and B = [[7, 8], [9, 10], [11, 12]].
export function fillA(R, K) {
  return Array.from({ length: R }, (_, r) => Array.from({ length: K }, (_, k) => 1 + r * K + k));
}

export function fillB(K, Cn, start) {
  return Array.from({ length: K }, (_, k) => Array.from({ length: Cn }, (_, c) => start + k * Cn + c));
}

// A is R x Ka and B is Kb x Cn (Ka = Kb unless the reader lets them differ).
export function operands(R, Ka, Kb, Cn) {
  return { A: fillA(R, Ka), B: fillB(Kb, Cn, 1 + R * Ka) };
}

export function shapeOf(M) {
  return [M.length, M.length ? M[0].length : 0];
}

// torch.matmul's message for two 2-D operands whose inner lengths differ (torch 2.13).
export function mismatchMessage(aShape, bShape) {
  return `mat1 and mat2 shapes cannot be multiplied (${aShape[0]}x${aShape[1]} and ${bShape[0]}x${bShape[1]})`;
}

// The error A @ B raises, or null when the product exists.
export function matmulError(A, B) {
  const a = shapeOf(A);
  const b = shapeOf(B);
  return a[1] === b[0] ? null : { type: "RuntimeError", message: mismatchMessage(a, b) };
}

// Every product in the order the widget steps through them: cell by cell, row by
// row (r, then c), and inside a cell along the shared length k. `sum` is the cell's
// running total after this product; `last` marks the product that finishes the cell.
export function steps(A, B) {
  if (matmulError(A, B)) return [];
  const [R, K] = shapeOf(A);
  const Cn = shapeOf(B)[1];
  const out = [];
  for (let r = 0; r < R; r += 1) {
    for (let c = 0; c < Cn; c += 1) {
      let sum = 0;
      for (let k = 0; k < K; k += 1) {
        const a = A[r][k];
        const b = B[k][c];
        const product = a * b;
        sum += product;
        out.push({ r, c, k, a, b, product, sum, last: k === K - 1 });
      }
    }
  }
  return out;
}

// Everything shown after `step` products (0 = nothing done yet): the C grid with
// finished cells, the running sum of the cell in progress, and that cell's terms.
export function progress(A, B, step) {
  const all = steps(A, B);
  const [R] = shapeOf(A);
  const Cn = shapeOf(B)[1];
  const n = Math.max(0, Math.min(step, all.length));
  const C = Array.from({ length: R }, () => Array.from({ length: Cn }, () => null));
  const done = Array.from({ length: R }, () => Array.from({ length: Cn }, () => false));
  for (let s = 0; s < n; s += 1) {
    const { r, c, sum, last } = all[s];
    C[r][c] = sum;
    if (last) done[r][c] = true;
  }
  const current = n > 0 ? all[n - 1] : null;
  const terms = current ? all.slice(n - 1 - current.k, n).map(({ k, a, b, product }) => ({ k, a, b, product })) : [];
  const finished = done.flat().filter(Boolean).length;
  return { step: n, total: all.length, current, terms, C, done, finished, complete: n === all.length && all.length > 0 };
}

// The cells that a move from step `from` to step `to` (forwards) completes, in order.
export function completedBetween(A, B, from, to) {
  const all = steps(A, B);
  return all.slice(Math.max(0, from), Math.max(0, to)).filter((s) => s.last).map(({ r, c, sum }) => ({ r, c, value: sum }));
}

// The shape rule, "(R × K) @ (K × Cn) → (R × Cn)", or why it fails.
export function shapeRule(R, Ka, Kb, Cn) {
  if (Ka === Kb) return `(${R} × ${Ka}) @ (${Kb} × ${Cn}) → (${R} × ${Cn})`;
  return `(${R} × ${Ka}) @ (${Kb} × ${Cn}): inner lengths ${Ka} and ${Kb} differ`;
}
