import { test } from "node:test";
import assert from "node:assert/strict";
import {
  apply, codeLines, computeStride, contiguousStrides, expand, formatTuple, index, initialState, inferSize,
  isContiguous, parseIndex, positionFormula, positions, transpose, valuesOf, view, write,
} from "../src/widgets/strides-math.js";

const grid = { shape: [2, 3], stride: [3, 1], offset: 0, storage: 0 };

test("strides and contiguity", () => {
  assert.deepEqual(contiguousStrides([2, 3, 4]), [12, 4, 1]);
  assert.deepEqual(contiguousStrides([2, 0, 4]), [4, 4, 1]);
  assert.equal(isContiguous([3, 2], [1, 3]), false);
  assert.equal(isContiguous([1, 6], [99, 1]), true);
  assert.equal(isContiguous([0, 3], [7, 7]), true);
});

test("computeStride: views that work and views that cannot", () => {
  assert.deepEqual(computeStride([2, 3], [3, 1], [3, 2]), [2, 1]);
  assert.equal(computeStride([3, 2], [1, 3], [6]), null);
  assert.deepEqual(computeStride([3, 2], [1, 3], [3, 2, 1]), [1, 3, 3]);
  assert.deepEqual(computeStride([6, 4], [1, 0], [6, 2, 2]), [1, 0, 0]);
  assert.deepEqual(computeStride([], [], [1, 1]), [1, 1]);
});

test("view errors are torch's", () => {
  assert.equal(view(grid, [3, 3]).error.message, "shape '[3, 3]' is invalid for input of size 6");
  assert.match(view(transpose(grid).tensor, [6]).error.message, /^view size is not compatible/);
  assert.equal(inferSize([-1, -1], 6).error.message, "only one dimension can be inferred");
  assert.deepEqual(inferSize([3, -1], 6).shape, [3, 2]);
});

test("slicing moves the offset and multiplies the stride", () => {
  const sliced = index(grid, parseIndex("[:, ::2]")).tensor;
  assert.deepEqual([sliced.shape, sliced.stride, sliced.offset], [[2, 2], [3, 2], 0]);
  const tail = index(grid, parseIndex("[1:, 1:]")).tensor;
  assert.deepEqual([tail.shape, tail.stride, tail.offset], [[1, 2], [3, 1], 4]);
  assert.deepEqual(positions(tail), [4, 5]);
  assert.equal(positionFormula(tail, [0, 1]).text, "4 + 0·3 + 1·1 = 5");
  assert.equal(index(grid, parseIndex("[:, ::-1]")).error.message, "step must be greater than zero");
  assert.equal(parseIndex("[a]").ok, false);
  assert.equal(parseIndex(":, 1").ok, false);
});

test("expand gives stride 0", () => {
  const col = view(grid, [6, 1]).tensor;
  assert.deepEqual(expand(col, [6, 4]).tensor.stride, [1, 0]);
  assert.match(expand(grid, [2, 4]).error.message, /^The expanded size of the tensor \(4\) must match the existing size \(3\)/);
});

test("contiguous copies into a new storage; writes go through to the storage", () => {
  let state = initialState(0);
  state = apply(state, { op: "transpose" });
  assert.equal(state.y.storage, state.x.storage);
  state = write(state, [2, 1], 50); // y[2, 1] is x[1, 2], storage slot 5
  assert.deepEqual(state.storages[0], [0, 1, 2, 3, 4, 50]);
  assert.deepEqual(valuesOf(state, state.x), [0, 1, 2, 3, 4, 50]);
  state = apply(state, { op: "contiguous" });
  assert.equal(state.copied, true);
  assert.deepEqual(state.storages[state.y.storage], [0, 3, 1, 4, 2, 50]);
  state = write(state, [0, 0], 9);
  assert.deepEqual(valuesOf(state, state.x), [0, 1, 2, 3, 4, 50]); // the copy no longer aliases x
  assert.deepEqual(codeLines(state), ["x = torch.arange(6).view(2, 3)", "y = x.transpose(0, 1).contiguous()"]);
  const failed = apply(state, { op: "view", sizes: [4] });
  assert.equal(failed.error.message, "shape '[4]' is invalid for input of size 6");
  assert.deepEqual(failed.y, state.y);
});

test("the widget caps the cells it draws", () => {
  let state = apply(initialState(2), { op: "view", sizes: [24, 1] });
  state = apply(state, { op: "expand", sizes: [24, 7] });
  assert.equal(state.error.type, "widget");
  assert.equal(formatTuple([4]), "(4,)");
  assert.equal(formatTuple([3, 1]), "(3, 1)");
});
