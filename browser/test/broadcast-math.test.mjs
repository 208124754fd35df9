import { test } from "node:test";
import assert from "node:assert/strict";
import { axisSentence, broadcast, picture, PRESETS } from "../src/widgets/broadcast-math.js";

test("the presets", () => {
  assert.deepEqual(PRESETS.map((p) => broadcast(p.a, p.b).ok), [true, true, true, false]);
  assert.deepEqual(broadcast([3, 1], [1, 4]).result, [3, 4]);
  assert.deepEqual(broadcast([8, 1, 5], [4, 1]).result, [8, 4, 5]);
  assert.deepEqual(broadcast([2, 3], [3]).result, [2, 3]);
});

test("missing leading axes are ghosts that count as 1", () => {
  const out = broadcast([2, 3], [3]);
  assert.equal(out.axes[0].b, null);
  assert.equal(out.axes[0].sizeB, 1);
  assert.equal(out.axes[0].verdict, "stretch-b");
  assert.equal(out.axes[1].verdict, "equal");
  assert.deepEqual(out.strideB, [0, 1]);
  assert.match(axisSentence(out.axes[0]), /missing \(counts as 1\).*b is stretched to 2 \(stride 0\)/);
});

test("errors use torch's message and its (rightmost) failing dimension", () => {
  const out = broadcast([4, 3], [4]);
  assert.equal(out.ok, false);
  assert.equal(out.error, "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
  const two = broadcast([2, 3, 1], [4, 5, 1]);
  assert.equal(two.failingAxis, 1);
  assert.deepEqual(two.axes.map((a) => a.verdict), ["error", "error", "equal"]);
  assert.equal(broadcast([0], [3]).error, "The size of tensor a (0) must match the size of tensor b (3) at non-singleton dimension 0");
  assert.deepEqual(broadcast([1], [0]).result, [0]);
  assert.deepEqual(broadcast([], []).result, []);
});

test("the picture of the last two axes", () => {
  const out = broadcast([3, 1], [1, 4]);
  const a = picture(out, "a");
  assert.equal(a.rows.own, 3);
  assert.equal(a.cols.own, 1);
  assert.equal(a.cols.total, 4);
  assert.equal(a.cols.stretched, true);
  assert.equal(a.rows.stretched, false);
  const wide = picture(broadcast([2, 100], [100]), "b");
  assert.equal(wide.cols.ellipsis, true);
  assert.equal(wide.rows.ghostAxis, true);
  assert.deepEqual(picture(broadcast([8, 1, 5], [4, 1]), "result").leading, [8]);
});
