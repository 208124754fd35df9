import { test } from "node:test";
import assert from "node:assert/strict";
import {
  axisSlice, bytesOf, drawingPlan, drawnCells, humanBytes, indexLetters, numel, parseShape, rung, summary, validateNames,
} from "../src/widgets/ladder-math.js";

test("parseShape reads the usual spellings", () => {
  assert.deepEqual(parseShape("[8, 3, 768]"), { ok: true, shape: [8, 3, 768] });
  assert.deepEqual(parseShape("(4,)"), { ok: true, shape: [4] });
  assert.deepEqual(parseShape(" 2,3 "), { ok: true, shape: [2, 3] });
  assert.deepEqual(parseShape("[]"), { ok: true, shape: [] });
  assert.deepEqual(parseShape("torch.Size([2, 3])"), { ok: true, shape: [2, 3] });
  assert.deepEqual(parseShape("[2, -1]", { allowMinusOne: true }), { ok: true, shape: [2, -1] });
});

test("parseShape explains bad input", () => {
  for (const bad of ["[8, 3", "8, 3]", "[8, x]", "[8,,3]", "[2.5]", "[-3]", "[1e400]"]) {
    const parsed = parseShape(bad);
    assert.equal(parsed.ok, false, bad);
    assert.match(parsed.error, /\S/);
  }
  assert.match(parseShape("[-3]").error, /negative/);
  assert.match(parseShape("[8, x]").error, /'x' is not a whole number/);
});

test("counts and bytes", () => {
  assert.equal(numel([]), 1n);
  assert.equal(numel([8, 3, 768]), 18432n);
  assert.equal(bytesOf([8, 3, 768], "float32"), 73728n);
  assert.equal(bytesOf([2, 3], "int64"), 48n);
  assert.equal(bytesOf([2, 3], "float16"), 12n);
  assert.equal(bytesOf([2, 3], "bool"), 6n);
  assert.equal(bytesOf([0, 3], "float32"), 0n);
  assert.equal(humanBytes(1n), "1 byte");
  assert.equal(humanBytes(96n), "96 bytes");
  assert.equal(humanBytes(73728n), "72 KiB");
  assert.equal(humanBytes(2359296n), "2.25 MiB");
  const s = summary([8, 3, 768], "float32");
  assert.equal(s.numelText, "18,432");
  assert.equal(s.bytesText, "73,728 bytes");
  assert.equal(s.product, "8 × 3 × 768 = 18,432");
  assert.equal(summary([], "bool").bytesText, "1 byte");
  // One of a thing is singular (issue 23: "1 elements"); zero and many are plural.
  assert.equal(summary([], "float32").numelWords, "1 element");
  assert.equal(summary([1, 1], "float32").numelWords, "1 element");
  assert.equal(summary([0, 3], "float32").numelWords, "0 elements");
  assert.equal(summary([1000], "float32").numelWords, "1,000 elements");
  assert.equal(summary([1000], "float32").bytesText, "4,000 bytes");
  assert.equal(humanBytes(0n), "0 bytes");
});

test("index expressions use initials, the focused axis as ':'", () => {
  assert.equal(axisSlice([8, 3, 768], ["batch", "token", "feature"], 2).expression, "x[b, t, :]");
  assert.equal(axisSlice([8, 3, 768], ["batch", "token", "feature"], 0).expression, "x[:, t, f]");
  assert.deepEqual(axisSlice([8, 3, 768], ["batch", "token", "feature"], 1).sliceShape, [3]);
  assert.equal(axisSlice([2, 3, 3, 4], ["batch", "channels", "height", "width"], 1).expression, "x[b, :, h, w]");
  assert.deepEqual(indexLetters(["batch", "bias", "b"]), ["b", "i", "b0"]);
  assert.throws(() => axisSlice([2], ["a"], 1));
});

test("axis names are validated", () => {
  assert.equal(validateNames(["batch", "token"]).ok, true);
  assert.equal(validateNames(["batch", "batch"]).ok, false);
  assert.equal(validateNames(["2nd"]).ok, false);
  assert.equal(validateNames([""]).ok, false);
});

test("the drawing caps long axes with an ellipsis", () => {
  assert.deepEqual(drawnCells(3, 7), { cells: 3, ellipsis: false });
  assert.deepEqual(drawnCells(768, 7), { cells: 6, ellipsis: true });
  const plan = drawingPlan([8, 3, 768]);
  assert.deepEqual(plan.axes.map((a) => a.role), ["layers", "rows", "columns"]);
  assert.equal(plan.axes[2].length, 768);
  assert.equal(plan.axes[0].ellipsis, true);
  assert.throws(() => drawingPlan([1, 1, 1, 1, 1]));
  assert.deepEqual(rung(4).names, ["batch", "channels", "height", "width"]);
  assert.deepEqual(rung(3).names, ["batch", "token", "feature"]);
});
