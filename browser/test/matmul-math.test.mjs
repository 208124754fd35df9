// Unit tests of the matmul widget's pure math (node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { completedBetween, matmulError, mismatchMessage, operands, progress, shapeRule, steps } from "../src/widgets/matmul-math.js";
import { runAll } from "./widget-batches.mjs";

test("the default operands are the book's worked example", () => {
  const { A, B } = operands(2, 3, 3, 2);
  assert.deepEqual(A, [[1, 2, 3], [4, 5, 6]]);
  assert.deepEqual(B, [[7, 8], [9, 10], [11, 12]]);
  assert.deepEqual(progress(A, B, Infinity).C, [[58, 64], [139, 154]]);
});

test("steps go cell by cell with running sums", () => {
  const { A, B } = operands(2, 3, 3, 2);
  const all = steps(A, B);
  assert.equal(all.length, 12);
  assert.deepEqual(all.slice(0, 3).map((s) => [s.r, s.c, s.k, s.product, s.sum, s.last]), [
    [0, 0, 0, 7, 7, false],
    [0, 0, 1, 18, 25, false],
    [0, 0, 2, 33, 58, true],
  ]);
  assert.deepEqual(all.filter((s) => s.last).map((s) => s.sum), [58, 64, 139, 154]);
});

test("progress shows finished cells and the running sum", () => {
  const { A, B } = operands(2, 3, 3, 2);
  assert.deepEqual(progress(A, B, 0).C, [[null, null], [null, null]]);
  const p = progress(A, B, 4);
  assert.deepEqual(p.C, [[58, 8], [null, null]]);
  assert.deepEqual(p.done, [[true, false], [false, false]]);
  assert.deepEqual(p.terms, [{ k: 0, a: 1, b: 8, product: 8 }]);
  assert.equal(p.finished, 1);
  const end = progress(A, B, 99);
  assert.equal(end.step, 12);
  assert.ok(end.complete);
  assert.deepEqual(end.C, [[58, 64], [139, 154]]);
  assert.equal(progress(A, B, -3).step, 0);
});

test("completed cells between two steps", () => {
  const { A, B } = operands(2, 3, 3, 2);
  assert.deepEqual(completedBetween(A, B, 0, 2), []);
  assert.deepEqual(completedBetween(A, B, 2, 3), [{ r: 0, c: 0, value: 58 }]);
  assert.deepEqual(completedBetween(A, B, 0, 12).map((c) => c.value), [58, 64, 139, 154]);
});

test("a mismatch gives torch's message and no steps", () => {
  const { A, B } = operands(2, 3, 4, 2);
  assert.equal(A[0].length, 3);
  assert.equal(B.length, 4);
  assert.deepEqual(matmulError(A, B), { type: "RuntimeError", message: "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x2)" });
  assert.equal(mismatchMessage([2, 3], [4, 2]), "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x2)");
  assert.deepEqual(steps(A, B), []);
  assert.ok("error" in runAll([[A, B]])[0]);
});

test("the shape rule", () => {
  assert.equal(shapeRule(2, 3, 3, 2), "(2 × 3) @ (3 × 2) → (2 × 2)");
  assert.equal(shapeRule(1, 5, 5, 1), "(1 × 5) @ (5 × 1) → (1 × 1)");
  assert.match(shapeRule(2, 3, 4, 2), /inner lengths 3 and 4 differ/);
});

test("every shape up to 4 fills with distinct small integers", () => {
  for (let R = 1; R <= 4; R += 1)
    for (let K = 1; K <= 4; K += 1)
      for (let Cn = 1; Cn <= 4; Cn += 1) {
        const { A, B } = operands(R, K, K, Cn);
        const values = [...A.flat(), ...B.flat()];
        assert.equal(new Set(values).size, values.length);
        assert.ok(values.every((x) => Number.isInteger(x) && x >= 1 && x <= 32));
        assert.equal(steps(A, B).length, R * K * Cn);
      }
});
